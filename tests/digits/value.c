/* Prints the value strings of one digits-level call, as the CLI writes
 * its "value" / "theta" fields (hkz_ball_get_str_digits), for cli.sh:
 *   value DIGITS bi T ALPHA DERIV | sub T R Z DERIV | milnor A B C T R PHI Z
 *         | riem R Z | cc R Z | product delta|sub WEIGHTS T POINT
 *         | factors FACTORS delta|sub WEIGHTS T POINT | cw N T */
#include <stdio.h>
#include <string.h>
#include "hkz/hkz.h"

static void put(const arb_t x, slong digits)
{
    char *s = hkz_ball_get_str_digits(x, digits);
    printf("%s\n", s);
    flint_free(s);
}

int main(int argc, char **argv)
{
    arb_t v;
    hkz_ly_zeros_t z;
    slong d, j;
    const char *k;
    int st = HKZ_ERR_ARG;

    if (argc < 4)
        return 2;
    d = atol(argv[1]);
    k = argv[2];
    arb_init(v);
    hkz_ly_zeros_init(z, 0);
    if (strcmp(k, "bi") == 0 && argc == 6)
        st = hkz_su2_heat_bi_deriv_digits(v, argv[3], argv[4], atol(argv[5]),
                                          d);
    else if (strcmp(k, "sub") == 0 && argc == 7)
        st = hkz_su2_heat_sub_deriv_digits(v, argv[3], argv[4], argv[5],
                                           atol(argv[6]), d);
    else if (strcmp(k, "milnor") == 0 && argc == 10)
        st = hkz_su2_heat_milnor_cyl_digits(v, argv[3], argv[4], argv[5],
                                            argv[6], argv[7], argv[8],
                                            argv[9], d);
    else if (strcmp(k, "riem") == 0 && argc == 5)
        st = hkz_su2_dist_riem_digits(v, argv[3], argv[4], d);
    else if (strcmp(k, "cc") == 0 && argc == 5)
        st = hkz_su2_dist_cc_digits(v, argv[3], argv[4], d);
    else if (strcmp(k, "product") == 0 && argc == 7)
        st = hkz_su2n_heat_digits(v, NULL, argv[4], strcmp(argv[3], "sub")
                                  == 0 ? HKZ_SU2N_L : HKZ_SU2N_DELTA,
                                  argv[5], argv[6], d);
    else if (strcmp(k, "factors") == 0 && argc == 8)
        st = hkz_su2n_ops_heat_digits(v, NULL, argv[3], argv[5],
                                      strcmp(argv[4], "sub") == 0
                                      ? HKZ_SU2N_L : HKZ_SU2N_DELTA,
                                      argv[6], argv[7], d);
    else if (strcmp(k, "cw") == 0 && argc == 5)
        st = hkz_ly_cw_zeros_digits(z, atol(argv[3]), argv[4], d, NULL);
    if (st != HKZ_SUCCESS)
        fprintf(stderr, "value: %s: %s\n", hkz_status_name(st), hkz_errmsg());
    else if (strcmp(k, "cw") == 0)
        for (j = 0; j < z->n; j++)
            put(z->theta + j, d);
    else
        put(v, d);
    hkz_ly_zeros_clear(z);
    arb_clear(v);
    flint_cleanup();
    return st == HKZ_SUCCESS ? 0 : 1;
}
