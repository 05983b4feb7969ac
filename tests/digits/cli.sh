#!/bin/bash
# The digits-level calls print the same value strings as the CLI for the
# same inputs and --digits (tests/digits/value.c; hkz/digits.h).
# usage: cli.sh HKZ VALUE
hkz=$1 value=$2 fail=0

# check NAME "CLI ARGS" FIELD "VALUE ARGS"
check() {
    local got want
    want=$($hkz $2 --format jsonl | grep -o "\"$3\":\"\[[^\"]*\"" |
           sed -E "s/^\"$3\":\"(.*)\"$/\1/")
    got=$($value $4)
    if [ -z "$want" ] || [ "$got" != "$want" ]; then
        echo "FAIL $1: CLI '$want' vs digits call '$got'"
        fail=1
    fi
}

check bi "heat su2 --t 0.5 --alpha 1 --digits 30" value "30 bi 0.5 1 0"
check bi_deriv "heat su2 --t 0.25 --alpha pi --deriv 2 --digits 25" value \
    "25 bi 0.25 pi 2"
check sub "heat su2-sub --t 0.002 --r 0.3 --z 1.2 --digits 30" value \
    "30 sub 0.002 0.3 1.2 0"
check sub_deriv "heat su2-sub --t 1 --r 1.2 --z -2.5 --deriv 1 --digits 20" \
    value "20 sub 1 1.2 -2.5 1"
check milnor "heat su2-milnor --weights 2,0.7,1.5 --t 0.8 --cyl 1.1,2.0,2.5 --digits 25" \
    value "25 milnor 2 0.7 1.5 0.8 1.1 2.0 2.5"
check riem "dist su2 --metric riem --r 0.7 --z 2.0 --digits 40" value \
    "40 riem 0.7 2.0"
check cc "dist su2 --metric cc --r 0.7 --z 2.0 --digits 40" value \
    "40 cc 0.7 2.0"
check product "product heat --sub-weights i^2 --t 0.5 --at 0.3,0.5;0.7,2.0;0,1 --digits 25" \
    value "25 product sub i^2 0.5 0.3,0.5;0.7,2.0;0,1"
check factors "product heat --factors milnor:1,2,0.5;delta:2 --delta-weights i^2 --t 0.5 --at 0.3,0.5 --digits 25" \
    value "25 factors milnor:1,2,0.5;delta:2 delta i^2 0.5 0.3,0.5"
check cw "zeros cw --n 30 --t 0.07 --digits 20" theta "20 cw 30 0.07"

[ $fail = 0 ] && echo "digits.cli....PASS"
exit $fail
