/* X8 (spec 6.4): from the blocks' records to the verdict and the rows. */
#include <math.h>
#include <string.h>
#include "x8_internal.h"
#include "hkz/status.h"
#include "hkz_check.h"

/* Blockwise checks (and the block rows) over every block; lmn receives
 * the smallest lambda_min of a non-trivial block (midpoint order). */
static int check_blocks(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                        arb_t lmn)
{
    const hkz_su2mix_box_t bx = x->bx;
    arb_srcptr lmin = hkz_su2mix_box_vec(bx, HKZ_SU2MIX_BOX_LMIN);
    arb_srcptr lmin0 = hkz_su2mix_box_vec(bx, HKZ_SU2MIX_BOX_LMIN0);
    const double *lmin_d = hkz_su2mix_box_lmin_d(bx);
    slong nvec[HKZ_COMPARE_X8_MAXN], k, i, nb = hkz_su2mix_box_nblocks(bx);
    int certified = x->o.certified, s = HKZ_SUCCESS;
    arb_t u;

    arb_init(u);
    arb_pos_inf(lmn);
    for (k = 0; k < nb && s == HKZ_SUCCESS; k++)
    {
        int trivial = 1;
        hkz_su2mix_box_index(nvec, bx, k);
        for (i = 0; i < x->n; i++)
            trivial &= nvec[i] == 1;
        if (trivial)
            continue;
        if (arf_cmp(arb_midref(lmin + k), arb_midref(lmn)) < 0)
            arb_set(lmn, lmin + k);
        arb_div(u, lmin0 + k, x->Kc, x->prec);
        if (r->pass && !(certified ? arb_ge(lmin + k, u) :
                         lmin_d[k] >= hkz_ball_mid_d(u)))
            hkz_compare_fail(r, "block %ld: lambda_min %.10g not >= "
                             "lambda_min0/K_check %.10g", (long) k,
                             lmin_d[k], hkz_ball_mid_d(u));
        if (r->pass && certified &&
            (fabs(lmin_d[k] - hkz_ball_mid_d(lmin + k)) >
             mag_get_d(arb_radref(lmin + k)) + 1e-11 *
             (1 + fabs(lmin_d[k])) ||
             arb_rel_accuracy_bits(lmin + k) < x->eqbits))
            hkz_compare_fail(r, "block %ld: double lambda_min %s", (long) k,
                             arb_rel_accuracy_bits(lmin + k) < x->eqbits ?
                             "not checked: enclosure wider than --digits" :
                             "outside its enclosure");
        if (x->o.blocks)
            s = _hkz_x8_row_block(r, x, k, nvec);
    }
    arb_clear(u);
    return s;
}

/* One row per t: mu^L_t(e) <= mu^{L0}_{t/K_check}(e) and the double box
 * sum inside its enclosure. */
static int check_times(hkz_compare_result_t *r, const hkz_compare_x8_t x)
{
    const hkz_su2mix_box_t bx = x->bx;
    arb_srcptr t = x->o.t;
    arb_srcptr box = hkz_su2mix_box_vec(bx, HKZ_SU2MIX_BOX_SUM);
    arb_srcptr mu = hkz_su2mix_box_vec(bx, HKZ_SU2MIX_BOX_MU);
    arb_srcptr mu0 = hkz_su2mix_box_vec(bx, HKZ_SU2MIX_BOX_MU0);
    const double *mu_d = hkz_su2mix_box_mu_d(bx);
    slong j, prec = x->prec;
    int s = HKZ_SUCCESS, certified = x->o.certified;
    arb_t sj, tail, box0, u, v, ratio, m, b, m0;

    arb_init(sj); arb_init(tail); arb_init(box0); arb_init(u); arb_init(v);
    arb_init(ratio); arb_init(m); arb_init(b); arb_init(m0);
    for (j = 0; j < x->o.nt && s == HKZ_SUCCESS; j++)
    {
        int le;
        arb_div(sj, t + j, x->Kc, prec);
        s = hkz_su2mix_minorant_tail(tail, box0,
                                     hkz_su2mix_box_minorant(bx),
                                     x->o.nmax, sj, prec);
        if (s != HKZ_SUCCESS)
            break;
        /* mu^{L0}_{t/K_check}(e) = box0 + [0, tail] */
        arb_mul_2exp_si(v, tail, -1);
        arb_add(u, box0, v, prec);
        arb_add_error(u, v);
        /* certified: mu^L_t(e) <= mu^{L0}_{t/K_check}(e) follows from the
         * box parts (outside the box by L >= L0/K_check blockwise) */
        if (certified)
            le = arb_le(box + j, box0);
        else
            le = mu_d[j] <= hkz_ball_mid_d(box0);
        if (r->pass && !le)
            hkz_compare_fail(r, "t = %.6g: box sum of L %.12g not <= that "
                             "of L0 at t/K_check %.12g",
                             hkz_ball_mid_d(t + j),
                             hkz_ball_mid_d(box + j),
                             hkz_ball_mid_d(box0));
        if (r->pass && certified &&
            (fabs(mu_d[j] - hkz_ball_mid_d(box + j)) >
             mag_get_d(arb_radref(box + j)) + 1e-12 * mu_d[j] ||
             arb_rel_accuracy_bits(box + j) < x->eqbits))
            hkz_compare_fail(r, "t = %.6g: double box sum %s",
                             hkz_ball_mid_d(t + j),
                             arb_rel_accuracy_bits(box + j) < x->eqbits ?
                             "not checked: enclosure wider than --digits" :
                             "outside its enclosure");
        arb_div(ratio, mu + j, u, prec);
        /* about 19 digits shown: the eigenvalue enclosures carry ~13 */
        arb_set_round(m, mu + j, 64);
        arb_set_round(b, box + j, 64);
        arb_set_round(m0, mu0 + j, 64);
        arb_set_round(u, u, 64);
        s = _hkz_x8_row_t(r, x, j, m, b, m0, u, ratio, le);
    }
    arb_clear(sj); arb_clear(tail); arb_clear(box0); arb_clear(u);
    arb_clear(v); arb_clear(ratio); arb_clear(m); arb_clear(b);
    arb_clear(m0);
    return s;
}

/* The C*(gamma) bracket and the keys. */
static int check_cstar(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                       const arb_t lmn)
{
    arb_t cs, lo, hi;
    int s;
    arb_init(cs);
    arb_init(lo);
    arb_init(hi);
    s = hkz_su2mix_box_cstar(cs, lo, hi, x->bx, x->o.dw, x->o.gamma,
                             x->prec);
    if (s == HKZ_SUCCESS)
    {
        /* lo and hi are exact numbers (a proven lower and upper bound),
         * so this comparison is exact, not an overlap of balls */
        if (r->pass && arb_is_finite(hi) && arb_gt(lo, hi))
            hkz_compare_fail(r, "C* bracket empty: %.10g > %.10g",
                             hkz_ball_mid_d(lo), hkz_ball_mid_d(hi));
        arb_set_round(lo, lo, 64);
        arb_set_round(hi, hi, 64);
        s = _hkz_x8_keys(r, x, lo, hi, lmn);
    }
    arb_clear(cs);
    arb_clear(lo);
    arb_clear(hi);
    return s;
}

int hkz_compare_x8_finish(hkz_compare_result_t *r, hkz_compare_x8_t x,
                          const char *rec, size_t len)
{
    const hkz_su2mix_box_t bx = x->bx;
    arb_t lmn;
    int s;

    HKZ_CHECK(r != NULL && x != NULL, HKZ_ERR_ARG,
              "hkz_compare_x8_finish: NULL argument");
    hkz_table_destroy(&r->rows);
    hkz_table_destroy(&r->keys);
    snprintf(r->name, sizeof(r->name), "X8");
    r->pass = 1;
    r->reason[0] = '\0';
    HKZ_TRY(hkz_table_create(&r->rows));
    HKZ_TRY(hkz_table_create(&r->keys));
    HKZ_TRY(hkz_su2mix_box_add_rec(bx, rec, len, x->o.certified, x->prec));
    HKZ_TRY(hkz_su2mix_box_finish(bx, x->prec));

    if (!hkz_su2mix_box_blocks_le(bx))
        hkz_compare_fail(r, "a block violates L >= L0/K");
    if (r->pass && !arb_le(hkz_su2mix_box_minorant(bx)->K, x->Kc))
        hkz_compare_fail(r, "proven K %.6g not <= K_check %.6g",
                         hkz_ball_mid_d(hkz_su2mix_box_minorant(bx)->K),
                         hkz_ball_mid_d(x->Kc));
    arb_init(lmn);
    s = check_blocks(r, x, lmn);
    if (s == HKZ_SUCCESS)
        s = check_times(r, x);
    if (s == HKZ_SUCCESS && x->o.at != NULL)
        s = _hkz_x8_rows_point(r, x);
    if (s == HKZ_SUCCESS)
        s = check_cstar(r, x, lmn);
    arb_clear(lmn);
    return s;
}
