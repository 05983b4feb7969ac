/* A heat kernel to 30 digits: p_t(r, z) of the sub-Laplacian on SU(2) and
 * h_t(alpha) of the Laplacian, from exact decimal inputs.
 *
 * The _digits calls read the strings exactly (0.3 is not a double),
 * raise the working precision until the ball carries 30 significant
 * digits, and say so: HKZ_SUCCESS means the goal is met, HKZ_ERR_PREC
 * that it is not (the ball is then still a valid enclosure). */
#include <stdio.h>
#include <hkz/hkz.h>

/* Prints a result or the reason there is none; returns 0 on success. */
static int report(const char *what, int status, const arb_t v)
{
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s: %s\n", what, hkz_status_name(status),
                hkz_errmsg());
        return 1;
    }
    printf("%s = ", what);
    arb_printn(v, 30, 0);    /* 30 digits, with the ball's radius */
    printf("\n");
    return 0;
}

int main(void)
{
    arb_t v;
    int rc = 0;
    arb_init(v);

    /* sub-Laplacian kernel at t = 0.3, g = exp(0.7 X) exp(1.1 Z) (spec R16) */
    rc |= report("p_0.3(0.7, 1.1)",
                 hkz_su2_heat_sub_digits(v, "0.3", "0.7", "1.1", 30), v);

    /* small t is where fixed-precision calls lose every digit: the
     * digits call raises the precision as far as it needs */
    rc |= report("p_0.002(0.3, 1.2)",
                 hkz_su2_heat_sub_digits(v, "0.002", "0.3", "1.2", 30), v);

    /* bi-invariant kernel at g = -I (alpha = pi, spec R6) and its first
     * time derivative */
    rc |= report("h_0.5(pi)", hkz_su2_heat_bi_digits(v, "0.5", "pi", 30), v);
    rc |= report("d/dt h_0.5(pi)",
                 hkz_su2_heat_bi_deriv_digits(v, "0.5", "pi", 1, 30), v);

    arb_clear(v);
    flint_cleanup();
    return rc;
}
