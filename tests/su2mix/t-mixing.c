/* The designed mixing example of spec X8(ii): V = {sqrt(b_i) X_i,
 * sqrt(b_i)(Y_i + eps_i X_{i+1})} is form-comparable to L0 = sum b_i L_i
 * with K_spec = max(2, 1 + 2 sup eps_i^2 b_i/b_{i+1}): every block has
 * lambda_min(Lhat) >= lambda_min(Lhat0)/K_spec and mu^L_t(e) <=
 * mu^{L0}_{t/K_spec}(e); double values lie in the certified enclosures;
 * shards of the box add up; operators without minorant are refused. */
#include <math.h>
#include "hkz_test.h"

/* the box's results (hkz/su2mix.h accessors) */
#define VEC(bx, w) hkz_su2mix_box_vec((bx), HKZ_SU2MIX_BOX_##w)
#define MN(bx) hkz_su2mix_box_minorant(bx)
#define MUD(bx) hkz_su2mix_box_mu_d(bx)
#define LMIND(bx) hkz_su2mix_box_lmin_d(bx)

#define PREC 128

static void run_example(slong n, const double *bd, const double *ed,
                        const slong *nmax, double Kspec_d)
{
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx, b2;
    arb_ptr b = _arb_vec_init(n), eps = _arb_vec_init(n), t = _arb_vec_init(2);
    arb_t Ks, u, s, tail, box0;
    slong i, j, k, nb, nvec[8];

    arb_init(Ks);
    arb_init(u);
    arb_init(s);
    arb_init(tail);
    arb_init(box0);
    for (i = 0; i < n; i++)
    {
        arb_set_d(b + i, bd[i]);
        if (i + 1 < n)
            arb_set_d(eps + i, ed[i]);
    }
    arb_set_d(t, 0.5);
    arb_set_d(t + 1, 0.2);
    hkz_su2mix_op_init(op, n);
    HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));
    HKZ_TEST_OK(hkz_su2mix_box_create(&bx, n, nmax, t, 2));
    HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
    /* K_spec as a ball: the spec's [der] constant */
    arb_set_d(Ks, Kspec_d);
    HKZ_TEST_CHECK(arb_le(MN(bx)->K, Ks), "proven K %.6g > K_spec %.6g",
                   arf_get_d(arb_midref(MN(bx)->K), ARF_RND_NEAR), Kspec_d);
    HKZ_TEST_CHECK(hkz_su2mix_box_blocks_le(bx), "a block violates L >= L0/K");
    for (k = 0; k < hkz_su2mix_box_nblocks(bx); k++)
    {
        int trivial = 1;
        hkz_su2mix_box_index(nvec, bx, k);
        for (i = 0; i < n; i++)
            trivial &= nvec[i] == 1;
        arb_div(u, VEC(bx, LMIN0) + k, Ks, PREC);
        if (trivial)
            HKZ_TEST_CHECK(arb_contains_si(VEC(bx, LMIN) + k, 0) &&
                           arb_is_zero(VEC(bx, LMIN0) + k), "trivial block");
        else
            HKZ_TEST_CHECK(arb_ge(VEC(bx, LMIN) + k, u), "block %ld: "
                           "lambda_min %.10g < lambda_min0/K_spec %.10g",
                           (long) k, arf_get_d(arb_midref(VEC(bx, LMIN) + k),
                                               ARF_RND_NEAR),
                           arf_get_d(arb_midref(u), ARF_RND_NEAR));
        HKZ_TEST_CHECK(fabs(LMIND(bx)[k] - arf_get_d(arb_midref(VEC(bx, LMIN) +
                       k), ARF_RND_NEAR)) <= mag_get_d(arb_radref(VEC(bx, LMIN)
                       + k)) + 1e-11 * (1 + fabs(LMIND(bx)[k])),
                       "block %ld: double lambda_min outside the enclosure",
                       (long) k);
        HKZ_TEST_CHECK(mag_cmp_2exp_si(arb_radref(VEC(bx, LMIN) + k), -25) < 0,
                       "block %ld: lambda_min enclosure too wide", (long) k);
    }
    for (j = 0; j < 2; j++)
    {
        double v = arf_get_d(arb_midref(VEC(bx, SUM) + j), ARF_RND_NEAR);
        HKZ_TEST_CHECK(fabs(MUD(bx)[j] - v) <=
                       mag_get_d(arb_radref(VEC(bx, SUM) + j)) + 1e-12 * v,
                       "double box sum outside");
        /* mu^L_t(e) <= mu^{L0}_{t/K_spec}(e): outside the box by L >=
         * L0/K_spec blockwise (tails), inside by the certified sums */
        arb_div(s, t + j, Ks, PREC);
        HKZ_TEST_OK(hkz_su2mix_minorant_tail(tail, box0, MN(bx), nmax, s,
                                             PREC));
        HKZ_TEST_CHECK(arb_le(VEC(bx, SUM) + j, box0), "t = %g: box sum of "
                       "L %.12g > box sum of L0 at t/K_spec %.12g",
                       arf_get_d(arb_midref(t + j), ARF_RND_NEAR), v,
                       arf_get_d(arb_midref(box0), ARF_RND_NEAR));
        /* and the certified mu contains the box sum, mu0 >= mu's box */
        HKZ_TEST_CHECK(arb_contains(VEC(bx, MU) + j, VEC(bx, SUM) + j) ||
                       arb_overlaps(VEC(bx, MU) + j, VEC(bx, SUM) + j),
                       "mu vs box");
        HKZ_TEST_CHECK(arb_le(VEC(bx, SUM) + j, VEC(bx, SUM0) + j),
                       "box > box0");
    }
    /* shards add up to the whole box (the MPI split) */
    HKZ_TEST_OK(hkz_su2mix_box_create(&b2, n, nmax, t, 2));
    HKZ_TEST_OK(hkz_su2mix_box_set_minorant(b2, op, PREC));
    nb = hkz_su2mix_box_nblocks(bx);
    HKZ_TEST_OK(hkz_su2mix_box_range(b2, op, nb / 3, nb, 1, PREC));
    HKZ_TEST_OK(hkz_su2mix_box_range(b2, op, 0, nb / 3, 1, PREC));
    HKZ_TEST_OK(hkz_su2mix_box_finish(b2, PREC));
    for (j = 0; j < 2; j++)
        HKZ_TEST_CHECK(arb_overlaps(VEC(b2, MU) + j, VEC(bx, MU) + j) &&
                       arb_overlaps(VEC(b2, MU0) + j, VEC(bx, MU0) + j),
                       "sharded box differs");
    /* double path only */
    hkz_su2mix_box_destroy(&b2);
    HKZ_TEST_OK(hkz_su2mix_box_create(&b2, n, nmax, t, 2));
    HKZ_TEST_OK(hkz_su2mix_box_run(b2, op, 0, PREC));
    for (j = 0; j < 2; j++)
        HKZ_TEST_CHECK(fabs(MUD(b2)[j] - MUD(bx)[j]) <= 1e-13 *
                       MUD(bx)[j], "double path differs");
    hkz_su2mix_box_destroy(&b2);
    hkz_su2mix_box_destroy(&bx);
    hkz_su2mix_op_clear(op);
    _arb_vec_clear(b, n);
    _arb_vec_clear(eps, n);
    _arb_vec_clear(t, 2);
    arb_clear(Ks);
    arb_clear(u);
    arb_clear(s);
    arb_clear(tail);
    arb_clear(box0);
}

int main(void)
{
    {
        /* n = 3, b = (1, 4, 9), eps = (0.5, 0.5): K_spec = 2 */
        double b[3] = {1, 4, 9}, e[2] = {0.5, 0.5};
        slong nmax[3] = {4, 3, 3};
        run_example(3, b, e, nmax, 2.0);
    }
    {
        /* n = 2, strong mixing eps = 2, b = (1, 1): K_spec = 1 + 2*4 = 9 */
        double b[2] = {1, 1}, e[1] = {2};
        slong nmax[2] = {6, 5};
        run_example(2, b, e, nmax, 9.0);
    }
    {
        /* n = 2, b = (2, 1), eps = 1: K_spec = max(2, 1 + 2*2) = 5 */
        double b[2] = {2, 1}, e[1] = {1};
        slong nmax[2] = {5, 6};
        run_example(2, b, e, nmax, 5.0);
    }
    /* no product-type minorant: refused with a message, not a number */
    {
        hkz_su2mix_op_t op;
        hkz_su2mix_minorant_t mn;
        hkz_su2mix_box_t bx;
        arb_t t;
        slong nmax[2] = {3, 3};
        arb_init(t);
        arb_one(t);
        hkz_su2mix_op_init(op, 2);
        hkz_su2mix_minorant_init(mn);
        /* factor 2 has only X on its diagonal */
        HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1 + X2", 2, PREC));
        HKZ_TEST_STATUS(hkz_su2mix_minorant(mn, op, PREC),
                        HKZ_ERR_UNSUPPORTED);
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), "tail not certified") != NULL,
                       "message");
        /* all four directions present but Q_S singular (rank 3) */
        HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1 + X2; Y1; Y2", 2, PREC));
        HKZ_TEST_STATUS(hkz_su2mix_minorant(mn, op, PREC),
                        HKZ_ERR_UNSUPPORTED);
        HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 1));
        HKZ_TEST_STATUS(hkz_su2mix_box_run(bx, op, 1, PREC),
                        HKZ_ERR_UNSUPPORTED);
        hkz_su2mix_box_destroy(&bx);
        /* a Z-direction mixing makes factor 1 of Delta type */
        HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1; Z1 + 0.3*Y2; X2; Y2",
                                        2, PREC));
        HKZ_TEST_OK(hkz_su2mix_minorant(mn, op, PREC));
        HKZ_TEST_CHECK(mn->type[0] == HKZ_SU2MIX_FACTOR_DELTA &&
                       mn->type[1] == HKZ_SU2MIX_FACTOR_SUB &&
                       mn->absent[1] == 2, "types");
        HKZ_TEST_STATUS(hkz_su2mix_box_create(&bx, 2, nmax, t, 0) ==
                        HKZ_SUCCESS ? HKZ_SUCCESS : HKZ_ERR_ARG,
                        HKZ_SUCCESS);
        HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
        HKZ_TEST_CHECK(hkz_su2mix_box_blocks_le(bx), "Z-mixing: blocks");
        hkz_su2mix_box_destroy(&bx);
        hkz_su2mix_minorant_clear(mn);
        hkz_su2mix_op_clear(op);
        arb_clear(t);
    }
    HKZ_TEST_END("su2mix.mixing");
}
