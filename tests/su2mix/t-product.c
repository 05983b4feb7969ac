/* Product-type input to su2mix reproduces the product formulas (spec X8
 * sanity check (i)): mu_t(e) against hkz_su2_heat_milnor / heat_sub /
 * heat_bi at e (spec 7.6 M1 as an absolute reference), and the C*(gamma)
 * bracket against P3 (spec 6.3) and hkz_su2n_form_const. */
#include <math.h>
#include "hkz_test.h"

/* the box's results (hkz/su2mix.h accessors) */
#define VEC(bx, w) hkz_su2mix_box_vec((bx), HKZ_SU2MIX_BOX_##w)
#define MN(bx) hkz_su2mix_box_minorant(bx)
#define MUD(bx) hkz_su2mix_box_mu_d(bx)
#define LMIND(bx) hkz_su2mix_box_lmin_d(bx)

#define PREC 128

/* the balls overlap and x is tight (relative radius below rel) */
static void check_tight(const arb_t x, const arb_t ref, double rel,
                        const char *what)
{
    double r = mag_get_d(arb_radref(x));
    double v = fabs(arf_get_d(arb_midref(ref), ARF_RND_NEAR));
    HKZ_TEST_CHECK(arb_overlaps(x, ref), "%s: balls do not overlap", what);
    HKZ_TEST_CHECK(r <= rel * v, "%s: not tight (rad %.3g, value %.17g)",
                   what, r, v);
}

int main(void)
{
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx;
    arb_ptr a, b, c, t;
    arb_t ref, u, gam, cs, lo, hi, z;
    hkz_su2_elem_t e;
    slong nmax[2];
    slong j;

    a = _arb_vec_init(2);
    b = _arb_vec_init(2);
    c = _arb_vec_init(2);
    t = _arb_vec_init(2);
    arb_init(ref);
    arb_init(u);
    arb_init(gam);
    arb_init(cs);
    arb_init(lo);
    arb_init(hi);
    arb_init(z);
    hkz_su2_elem_init(e);
    hkz_su2_elem_one(e);

    /* 1. one Milnor factor (1, 2, 0.5) at t = 0.5: spec R M1 */
    hkz_su2mix_op_init(op, 1);
    arb_set_si(a, 1);
    arb_set_si(b, 2);
    arb_set_d(c, 0.5);
    HKZ_TEST_OK(hkz_su2mix_op_set_milnor(op, a, b, c, PREC));
    arb_set_d(t, 0.5);
    nmax[0] = 14;
    HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 1, nmax, t, 1));
    HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
    HKZ_TEST_CHECK(arb_is_one(MN(bx)->K), "diagonal Q: K must be 1");
    HKZ_TEST_CHECK(MN(bx)->type[0] == HKZ_SU2MIX_FACTOR_DELTA, "type");
    arb_set_str(ref, "1.89116084869025795098136 +/- 1e-23", PREC);
    check_tight(VEC(bx, MU), ref, 1e-10, "M1");
    HKZ_TEST_OK(hkz_su2_heat_milnor(ref, a, b, c, t, e, PREC));
    check_tight(VEC(bx, MU), ref, 1e-10, "M1 vs heat_milnor");
    hkz_su2mix_box_destroy(&bx);
    hkz_su2mix_op_clear(op);

    /* 2. two factors: Milnor (1, 2, 0.5) x sub-Laplacian weight 3, at
     * t = 1 and 1.5: product of heat_milnor and p_{3t}(e) */
    hkz_su2mix_op_init(op, 2);
    arb_set_si(a + 1, 3);
    arb_set_si(b + 1, 3);
    arb_zero(c + 1);
    HKZ_TEST_OK(hkz_su2mix_op_set_milnor(op, a, b, c, PREC));
    arb_set_si(t, 1);
    arb_set_d(t + 1, 1.5);
    nmax[0] = 8;
    nmax[1] = 8;
    HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 2));
    HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
    HKZ_TEST_CHECK(MN(bx)->type[1] == HKZ_SU2MIX_FACTOR_SUB &&
                   MN(bx)->absent[1] == 2, "factor 2 type");
    for (j = 0; j < 2; j++)
    {
        HKZ_TEST_OK(hkz_su2_heat_milnor(ref, a, b, c, t + j, e, PREC));
        arb_mul_si(u, t + j, 3, PREC);
        HKZ_TEST_OK(hkz_su2_heat_sub(lo, u, z, z, 0, PREC));
        arb_mul(ref, ref, lo, PREC);
        check_tight(VEC(bx, MU) + j, ref, 1e-10, "Milnor x sub");
        /* L0 = 0.5 Delta_1 + 3 L_2 <= L (K = 1): mu <= mu0 */
        HKZ_TEST_CHECK(arb_le(VEC(bx, SUM) + j, VEC(bx, SUM0) + j),
                       "box > box0");
        HKZ_TEST_CHECK(fabs(MUD(bx)[j] - arf_get_d(arb_midref(VEC(bx, SUM) +
                            j), ARF_RND_NEAR)) < 1e-12 * MUD(bx)[j],
                       "double box sum");
    }
    HKZ_TEST_CHECK(hkz_su2mix_box_blocks_le(bx),
                   "blockwise comparison with L0 (K = 1)");
    hkz_su2mix_box_destroy(&bx);
    hkz_su2mix_op_clear(op);

    /* 3. Delta x sub (weights 2 and 5): heat_bi(2t) p_{5t}(e), and P3:
     * C*(gamma) = sup_i (3 a_i)^gamma / (2 b_i) for L = sum b_i L_i
     * against Delta = sum a_i Delta_i; here factor 1 is Delta type, so the
     * product L0 is L itself and the brute force equals the P3 form
     * (3a)^g/(3m) for it. */
    hkz_su2mix_op_init(op, 2);
    arb_set_si(a, 2);
    arb_set_si(b, 2);
    arb_set_si(c, 2);
    arb_set_si(a + 1, 5);
    arb_set_si(b + 1, 5);
    arb_zero(c + 1);
    HKZ_TEST_OK(hkz_su2mix_op_set_milnor(op, a, b, c, PREC));
    arb_set_d(t, 0.75);
    nmax[0] = 6;
    nmax[1] = 7;
    HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 1));
    HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
    arb_mul_si(u, t, 2, PREC);
    HKZ_TEST_OK(hkz_su2_heat_bi(ref, u, z, 0, PREC));
    arb_mul_si(u, t, 5, PREC);
    HKZ_TEST_OK(hkz_su2_heat_sub(lo, u, z, z, 0, PREC));
    arb_mul(ref, ref, lo, PREC);
    check_tight(VEC(bx, MU), ref, 1e-10, "Delta x sub");
    hkz_su2mix_box_destroy(&bx);
    hkz_su2mix_op_clear(op);

    /* 4. P3 on pure sub-Laplacian products L_b, Delta_a: the bracket is
     * [sup_i (3a_i)^g/(2b_i)] exactly (K = 1, lower end attained at the
     * block n_i = 2 of the maximizing factor), also = hkz_su2n_form_const */
    {
        static const double A[2][2] = {{1, 4}, {9, 1}};
        static const double B[2][2] = {{1, 4}, {2, 3}};
        static const double G[3] = {0.5, 0.25, 0.5};
        int s;
        for (s = 0; s < 3; s++)
        {
            hkz_su2n_weights_t wa, wb;
            slong i;
            int ex = s < 2 ? s : 1;
            hkz_su2mix_op_init(op, 2);
            for (i = 0; i < 2; i++)
            {
                arb_set_d(a + i, A[ex][i]);
                arb_set_d(b + i, B[ex][i]);
            }
            HKZ_TEST_OK(hkz_su2mix_op_set_milnor(op, b, b, NULL, PREC));
            arb_set_d(gam, G[s]);
            nmax[0] = 5;
            nmax[1] = 5;
            HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 1));
            HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
            HKZ_TEST_OK(hkz_su2mix_box_cstar(cs, lo, hi, bx, a, gam, PREC));
            hkz_su2n_weights_init(wa);
            hkz_su2n_weights_init(wb);
            HKZ_TEST_OK(hkz_su2n_weights_set_list(wa, a, 2));
            HKZ_TEST_OK(hkz_su2n_weights_set_list(wb, b, 2));
            HKZ_TEST_OK(hkz_su2n_form_const(ref, wa, wb, gam, PREC));
            HKZ_TEST_CHECK(arb_overlaps(cs, ref), "P3 not in the bracket");
            arb_sub(u, hi, lo, PREC);
            HKZ_TEST_CHECK(arf_cmpabs_2exp_si(arb_midref(u), -30) < 0,
                           "P3 bracket not tight (K = 1)");
            HKZ_TEST_CHECK(arb_overlaps(lo, ref) ||
                           arf_cmpabs_2exp_si(arb_midref(u), -30) < 0,
                           "lower end does not attain P3");
            hkz_su2n_weights_clear(wa);
            hkz_su2n_weights_clear(wb);
            hkz_su2mix_box_destroy(&bx);
            hkz_su2mix_op_clear(op);
        }
    }

    _arb_vec_clear(a, 2);
    _arb_vec_clear(b, 2);
    _arb_vec_clear(c, 2);
    _arb_vec_clear(t, 2);
    arb_clear(ref);
    arb_clear(u);
    arb_clear(gam);
    arb_clear(cs);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(z);
    hkz_su2_elem_clear(e);
    HKZ_TEST_END("su2mix.product");
}
