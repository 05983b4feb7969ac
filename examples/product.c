/* The heat kernel of SU(2)^infinity at the identity and at a point:
 * mu_t = prod_i h_{a_i t} for Delta = sum_i i^2 Delta_i (spec R28, R34).
 *
 * Infinitely many factors: the call multiplies the first n and encloses
 * the rest by a proven bound (spec 5.5); info says how many factors were
 * used.  Weight specs and points are text, read exactly. */
#include <stdio.h>
#include <hkz/hkz.h>

static int report(const char *what, int status, const arb_t v,
                  const hkz_su2n_info_t *info)
{
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s: %s\n", what, hkz_status_name(status),
                hkz_errmsg());
        return 1;
    }
    printf("%s = ", what);
    if (info->kind == HKZ_SU2N_DIVERGENT)   /* v = +inf, proven */
        printf("+inf, no continuous density");
    else
        arb_printn(v, 25, 0);
    printf("  (%ld factors)\n", (long) info->nfactors);
    return 0;
}

int main(void)
{
    hkz_su2n_info_t info;
    arb_t v;
    int rc = 0;
    arb_init(v);

    rc |= report("mu_0.01(e)", hkz_su2n_heat_digits(v, &info, "i^2",
                 HKZ_SU2N_DELTA, "0.01", NULL, 25), v, &info);
    /* "r,z" per coordinate, ';' between coordinates, the rest are e */
    rc |= report("mu_0.5(x)", hkz_su2n_heat_digits(v, &info, "i^2",
                 HKZ_SU2N_DELTA, "0.5", "0.3,0.5; 0.7,2.0; 0,1", 25), v,
                 &info);
    /* log weights: no continuous density when 3 c t <= 1 -- proven +inf */
    rc |= report("mu_1(e), a_i = 0.2 log(1+i)", hkz_su2n_heat_digits(v,
                 &info, "0.2*log(1+i)", HKZ_SU2N_DELTA, "1", NULL, 25), v,
                 &info);

    arb_clear(v);
    flint_cleanup();
    return rc;
}
