/* hkz_su2_heat_sub_integral: spec 7.2 reference values R10, R14-R18
 * (computed there from (3.1), (3.3), (3.4)) must be contained, at 20+
 * digits. */
#include "hkz_test.h"

static void check(const char *ts, const char *rs, const char *zs,
                  const char *ref, const char *what)
{
    arb_t t, r, z, v;
    slong prec = 80;

    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(v);
    /* exact decimal inputs, read far beyond prec */
    arb_set_str(t, ts, 4 * prec);
    arb_set_str(r, rs, 4 * prec);
    arb_set_str(z, zs, 4 * prec);
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, prec));
    HKZ_TEST_CONTAINS(v, ref, 67, what);
    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(v);
}

int main(void)
{
    /* identity and fibre (R10, R14; closed forms (3.3), (3.4)) */
    check("1", "0", "0", "1.676079176957747290819961", "R10");
    check("0.5", "0", "2", "0.2236976727828851377466778", "R14");
    check("0.1", "0", "3", "5.516323631754389847863847e-9", "R15");
    check("0.3", "0.7", "1.1", "0.6719835642883336876528524", "R16");
    check("1", "1.2", "-2.5", "0.8464841842282522899274085", "R17");
    check("0.25", "0.4", "3.0", "0.007121379572874950635372957", "R18");
    HKZ_TEST_END("su2_integral.ref");
}
