/* Consumer of an installed hkz: h_1(e) must contain R1. */
#include <stdio.h>
#include <hkz/hkz.h>

int main(void)
{
    arb_t t, alpha, h, ref;
    int ok;
    arb_init(t); arb_init(alpha); arb_init(h); arb_init(ref);
    arb_one(t);
    arb_zero(alpha);
    if (hkz_su2_heat_bi(h, t, alpha, 0, 128) != HKZ_SUCCESS)
    {
        fprintf(stderr, "consumer: %s\n", hkz_errmsg());
        return 1;
    }
    arb_set_str(ref, "[1.20217233250351274223932 +/- 1e-23]", 128);
    ok = arb_overlaps(h, ref);
    printf("hkz %s: h_1(e) = ", hkz_version());
    arb_printn(h, 25, 0);
    printf(" %s\n", ok ? "ok" : "WRONG");
    arb_clear(t); arb_clear(alpha); arb_clear(h); arb_clear(ref);
    flint_cleanup();
    return ok ? 0 : 1;
}
