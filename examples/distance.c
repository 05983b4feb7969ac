/* Distances from the identity on SU(2) and on a product SU(2)^3.
 *
 * SU(2): the point exp(r X) exp(z Z) in cylindrical coordinates; the
 * Riemannian distance has a closed form, the Carnot-Caratheodory one
 * (X, Y only) is a certified root of the geodesic equations.
 * Product: weights a_i = i^2, point (P1; P2; P4) of spec R33. */
#include <stdio.h>
#include <hkz/hkz.h>

static int report(const char *what, int status, const arb_t v)
{
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s: %s\n", what, hkz_status_name(status),
                hkz_errmsg());
        return 1;
    }
    printf("%s = ", what);
    arb_printn(v, 25, 0);
    printf("\n");
    return 0;
}

int main(void)
{
    arb_t d;
    int rc = 0;
    arb_init(d);

    rc |= report("d_R(e, g)", hkz_su2_dist_riem_digits(d, "0.3", "0.5", 25),
                 d);
    rc |= report("d_CC(e, g)", hkz_su2_dist_cc_digits(d, "0.3", "0.5", 25),
                 d);
    /* on the fibre r = 0 the CC distance is sqrt(2 pi |z| - z^2) */
    rc |= report("d_CC(e, exp(Z))", hkz_su2_dist_cc_digits(d, "0", "1", 25),
                 d);

    /* the sub-Riemannian distance of L = sum_i i^2 L_i on SU(2)^infinity
     * to a point with three non-identity coordinates "r,z; r,z; r,z" */
    rc |= report("d_L(e, x)", hkz_su2n_dist_digits(d, "i^2", HKZ_SU2N_L,
                 "0.3,0.5; 0.7,2.0; 0,1", 25), d);

    arb_clear(d);
    flint_cleanup();
    return rc;
}
