#!/usr/bin/env bash
# bad_input.sh HKZ CLASS: every command line of the class must exit 2 with
# exactly one line "hkz: error: ..." on stderr, nothing on stdout, no crash.
set -u
hkz=$1; class=$2
fail=0
. "$(dirname "$0")/lib.sh"
case "$class" in
missing_value)
  expect_usage_error heat su2 --t
  expect_usage_error heat su2 --t 1 --alpha
  expect_usage_error heat su2-sub --t 0.5 --r 0.1 --z
  expect_usage_error dist su2 --metric cc --r 0.3 --z
  expect_usage_error heat su2 --alpha 1
  expect_usage_error heat su2-sub --t 1 --r 0.2
  expect_usage_error heat su2-milnor --t 1 --g 1,0,0,0
  expect_usage_error dist su2 --r 0.3 --z 0.5 ;;
nonpositive_t)
  expect_usage_error heat su2 --t 0 --alpha 1
  expect_usage_error heat su2 --t -0.5 --alpha 1
  expect_usage_error heat su2-sub --t -1 --r 0 --z 0
  expect_usage_error heat su2-milnor --weights 1,1,1 --t 0 --g 1,0,0,0 ;;
nan)
  expect_usage_error heat su2 --t nan --alpha 1
  expect_usage_error heat su2 --t 1 --alpha NaN
  expect_usage_error heat su2-sub --t inf --r 0 --z 0
  expect_usage_error dist su2 --metric riem --r nan --z 0 ;;
garbage)
  expect_usage_error heat su2 --t 1x --alpha 1
  expect_usage_error heat su2 --t 1 --alpha 0..5
  expect_usage_error heat su2 --t 1 --alpha 1 extra
  expect_usage_error heat su2 --t 1 --alpha 1 --bogus
  expect_usage_error heat su2 --t 1 --alpha 1 --format xml
  expect_usage_error heat su2 --t 1 --alpha 1 --deriv two
  expect_usage_error heat su2 --t 1 --alpha 1 --method magic
  expect_usage_error heat su2-milnor --weights 1,2 --t 1 --g 1,0,0,0
  expect_usage_error heat su2-milnor --weights 1,2,x --t 1 --g 1,0,0,0
  expect_usage_error heat su3 --t 1
  expect_usage_error dist su2 --metric taxicab --r 0.1 --z 0.1
  expect_usage_error frobnicate ;;
out_of_range)
  expect_usage_error heat su2 --t 1 --alpha 4
  expect_usage_error heat su2 --t 1 --alpha -0.1
  expect_usage_error heat su2-sub --t 1 --r 2 --z 0
  expect_usage_error heat su2-sub --t 1 --r -0.1 --z 0
  expect_usage_error dist su2 --metric cc --r 1.6 --z 0
  expect_usage_error dist su2 --metric riem --r -1 --z 0
  expect_usage_error heat su2-milnor --weights 1,0,1 --t 1 --g 1,0,0,0
  expect_usage_error heat su2-milnor --weights 1,1,-1 --t 1 --g 1,0,0,0
  expect_usage_error heat su2-milnor --weights 1,1,1 --t 1 --g 1,1,0,0
  expect_usage_error heat su2 --t 1 --alpha 1 --deriv 65 ;;
digits)
  expect_usage_error heat su2 --t 1 --alpha 1 --digits 0
  expect_usage_error heat su2 --t 1 --alpha 1 --digits 100000
  expect_usage_error heat su2 --t 1 --alpha 1 --digits -5
  expect_usage_error dist su2 --metric cc --r 0.3 --z 0.5 --digits 1e9 ;;
framework)
  # issue 10: the option tables reject repeated, unknown, valueless
  # options and stray arguments for every command, hkz version included
  expect_usage_error version extra
  expect_usage_error version --bogus
  expect_usage_error --help extra
  expect_usage_error heat su2 --t 1 --t 2 --alpha 1
  expect_usage_error heat su2 --t 1 --alpha 1 --digits 5 --digits 6
  expect_usage_error heat su2-sub --t 1 --r 0 --z 0 stray
  expect_usage_error heat su2-sub --t 1 --r 0.3 --z 3 --method fibre
  expect_usage_error heat su2-milnor --weights 1,1,1 --t 1 --cyl 0,0,0 --cyl 0,0,0
  expect_usage_error heat su2-milnor --weights 1,1,1 --t 1 --method spectral --cyl 0,0,0
  expect_usage_error heat su2 --t 1 --alpha 1 --progress
  expect_usage_error heat su2 --t 1 --alpha 1 -x
  expect_usage_error heat --help extra
  expect_usage_error heat
  expect_usage_error dist su2 --metric cc --metric riem --r 0 --z 0
  expect_usage_error dist su2 --metric cc --r 0 --z 0 more args
  expect_usage_error dist su2 --metric cc --r 0 --z 0 --format
  expect_usage_error dist euclid --r 0 --z 0
  expect_usage_error product heat --delta-weights i --t 1 --t 2
  expect_usage_error product dist --delta-weights i --sub-weights i --at e x
  expect_usage_error product heat --delta-weights i --t 1 --deriv 1
  expect_usage_error dos --lattice 4x4 --lattice 4x4
  expect_usage_error dos --lattice 4x4 extra
  expect_usage_error dos --lattice 4x4 --threads
  expect_usage_error dos --lattice 4x4 --resume
  expect_usage_error dos --lattice 4x4 --checkpoint ck
  expect_usage_error dos --lattice 4x4 --boundary cylinder --device cuda --checkpoint ck
  # commands still on the older parser: repeated options and strays too
  expect_usage_error zeros cw --n 3 --n 4 --t 1
  expect_usage_error track cw --n 3 --n 3 --t0 0.1 --t1 0.2
  expect_usage_error compare X1 --digits 5 --digits 6
  expect_usage_error report --digits 5 extra ;;
*) echo "unknown class $class"; exit 1 ;;
esac
exit $fail
