/* X8 (spec 6.4): the rows (block, t, point) and the verdict's keys.  Every
 * row has the same columns (CSV takes its header from the first row). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "x8_internal.h"
#include "hkz/io.h"
#include "hkz/status.h"
#include "hkz/su2.h"
#include "hkz_check.h"

#define NF 22

/* the columns K, K_check, certified that end every row */
static void tail3(hkz_field_t *f, const hkz_compare_x8_t x, int certified)
{
    const hkz_su2mix_minorant_struct *mn = hkz_su2mix_box_minorant(x->bx);
    f[0] = HKZ_FDBL("K", hkz_ball_mid_d(mn->K));
    f[1] = HKZ_FDBL("K_check", hkz_ball_mid_d(x->Kc));
    f[2] = HKZ_FBOOL("certified", certified);
}

int _hkz_x8_row_block(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                      slong k, const slong *nvec)
{
    arb_srcptr lmin = hkz_su2mix_box_vec(x->bx, HKZ_SU2MIX_BOX_LMIN);
    arb_srcptr lmin0 = hkz_su2mix_box_vec(x->bx, HKZ_SU2MIX_BOX_LMIN0);
    hkz_field_t f[NF];
    slong nf = 0, i;
    char buf[8 * HKZ_COMPARE_X8_MAXN];
    size_t off = 0;
    long d = 1;
    double nan = NAN;

    for (i = 0; i < x->n; i++)
    {
        off += (size_t) snprintf(buf + off, sizeof(buf) - off, "%s%ld",
                                 i ? "," : "", (long) nvec[i]);
        d *= (long) nvec[i];
    }
    f[nf++] = HKZ_FSTR("row", "block");
    f[nf++] = HKZ_FSTR("t", "");
    f[nf++] = HKZ_FSTR("pi", buf);
    f[nf++] = HKZ_FINT("dim", d);
    f[nf++] = _hkz_compare_fball("lambda_min", lmin + k);
    f[nf++] = HKZ_FDBL("lambda_min_mid", hkz_ball_mid_d(lmin + k));
    f[nf++] = HKZ_FDBL("lambda_min_double",
                       hkz_su2mix_box_lmin_d(x->bx)[k]);
    f[nf++] = _hkz_compare_fball("lambda_min0", lmin0 + k);
    f[nf++] = HKZ_FSTR("mu_L", "");
    f[nf++] = HKZ_FDBL("mu_L_mid", nan);
    f[nf++] = HKZ_FSTR("mu_L_box", "");
    f[nf++] = HKZ_FDBL("mu_L_double", nan);
    f[nf++] = HKZ_FDBL("tail", nan);
    f[nf++] = HKZ_FSTR("mu_L0_t_over_K", "");
    f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", nan);
    f[nf++] = HKZ_FSTR("mu_L0_t_over_Kcheck", "");
    f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", nan);
    f[nf++] = HKZ_FDBL("ratio_mid", nan);
    f[nf++] = HKZ_FBOOL("le_certified", 0);
    tail3(f + nf, x, x->o.certified);
    return hkz_table_add(r->rows, f, nf + 3);
}

int _hkz_x8_row_t(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                  slong j, const arb_t mu, const arb_t box,
                  const arb_t mu0, const arb_t ucheck, const arb_t ratio,
                  int le)
{
    hkz_field_t f[NF];
    slong nf = 0;
    char tb[64];

    snprintf(tb, sizeof(tb), "%.15g", hkz_ball_mid_d(x->o.t + j));
    f[nf++] = HKZ_FSTR("row", "t");
    f[nf++] = HKZ_FSTR("t", tb);
    f[nf++] = HKZ_FSTR("pi", "");
    f[nf++] = HKZ_FINT("dim", 0);
    f[nf++] = HKZ_FSTR("lambda_min", "");
    f[nf++] = HKZ_FDBL("lambda_min_mid", NAN);
    f[nf++] = HKZ_FDBL("lambda_min_double", NAN);
    f[nf++] = HKZ_FSTR("lambda_min0", "");
    f[nf++] = _hkz_compare_fball("mu_L", mu);
    f[nf++] = HKZ_FDBL("mu_L_mid", hkz_ball_mid_d(mu));
    f[nf++] = _hkz_compare_fball("mu_L_box", box);
    f[nf++] = HKZ_FDBL("mu_L_double", hkz_su2mix_box_mu_d(x->bx)[j]);
    f[nf++] = HKZ_FDBL("tail", hkz_ball_mid_d(
        hkz_su2mix_box_vec(x->bx, HKZ_SU2MIX_BOX_TAIL) + j));
    f[nf++] = _hkz_compare_fball("mu_L0_t_over_K", mu0);
    f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", hkz_ball_mid_d(mu0));
    f[nf++] = _hkz_compare_fball("mu_L0_t_over_Kcheck", ucheck);
    f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", hkz_ball_mid_d(ucheck));
    f[nf++] = HKZ_FDBL("ratio_mid", hkz_ball_mid_d(ratio));
    f[nf++] = HKZ_FBOOL("le_certified", le);
    tail3(f + nf, x, x->o.certified);
    return hkz_table_add(r->rows, f, nf + 3);
}

/* The point as 4 n doubles (Re a, Im a, Re b, Im b per factor; e beyond
 * its coordinates). */
static void point_d(double *xg, const hkz_compare_x8_t x)
{
    const hkz_su2n_point_struct *xp = x->o.at;
    hkz_su2_elem_t g;
    slong i;
    hkz_su2_elem_init(g);
    for (i = 0; i < x->n; i++)
    {
        if (i < xp->len)
        {
            hkz_su2_elem_set_cyl(g, xp->r + i, xp->phi + i, xp->z + i,
                                 x->prec);
            xg[4 * i] = arf_get_d(arb_midref(acb_realref(&g->a)),
                                  ARF_RND_NEAR);
            xg[4 * i + 1] = arf_get_d(arb_midref(acb_imagref(&g->a)),
                                      ARF_RND_NEAR);
            xg[4 * i + 2] = arf_get_d(arb_midref(acb_realref(&g->b)),
                                      ARF_RND_NEAR);
            xg[4 * i + 3] = arf_get_d(arb_midref(acb_imagref(&g->b)),
                                      ARF_RND_NEAR);
        }
        else
            xg[4 * i] = 1.0;
    }
    hkz_su2_elem_clear(g);
}

int _hkz_x8_rows_point(hkz_compare_result_t *r, const hkz_compare_x8_t x)
{
    slong nt = x->o.nt, j;
    double *xg = calloc(4 * x->n, sizeof(double));
    double *outp = calloc(nt, sizeof(double));
    double *errp = calloc(nt, sizeof(double));
    int s = HKZ_SUCCESS;

    if (xg == NULL || outp == NULL || errp == NULL)
        s = hkz_error_set(HKZ_ERR_NOMEM, "X8: no memory");
    if (s == HKZ_SUCCESS)
    {
        point_d(xg, x);
        s = hkz_su2mix_heat_points_d(outp, errp, NULL, x->o.op, x->bx, xg,
                                     1);
    }
    for (j = 0; j < nt && s == HKZ_SUCCESS; j++)
    {
        hkz_field_t f[NF];
        slong nf = 0;
        char tb[64];
        double nan = NAN;
        snprintf(tb, sizeof(tb), "%.15g", hkz_ball_mid_d(x->o.t + j));
        f[nf++] = HKZ_FSTR("row", "point");
        f[nf++] = HKZ_FSTR("t", tb);
        f[nf++] = HKZ_FSTR("pi", x->o.at_label != NULL ? x->o.at_label
                                                         : "");
        f[nf++] = HKZ_FINT("dim", 0);
        f[nf++] = HKZ_FSTR("lambda_min", "");
        f[nf++] = HKZ_FDBL("lambda_min_mid", nan);
        f[nf++] = HKZ_FDBL("lambda_min_double", nan);
        f[nf++] = HKZ_FSTR("lambda_min0", "");
        f[nf++] = HKZ_FSTR("mu_L", "");
        f[nf++] = HKZ_FDBL("mu_L_mid", outp[j]);
        f[nf++] = HKZ_FSTR("mu_L_box", "");
        f[nf++] = HKZ_FDBL("mu_L_double", outp[j]);
        f[nf++] = HKZ_FDBL("tail", errp[j]);
        f[nf++] = HKZ_FSTR("mu_L0_t_over_K", "");
        f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", nan);
        f[nf++] = HKZ_FSTR("mu_L0_t_over_Kcheck", "");
        f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", nan);
        f[nf++] = HKZ_FDBL("ratio_mid", nan);
        f[nf++] = HKZ_FBOOL("le_certified", 0);
        tail3(f + nf, x, 0);
        s = hkz_table_add(r->rows, f, nf + 3);
    }
    free(xg);
    free(outp);
    free(errp);
    return s;
}

int _hkz_x8_keys(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                 const arb_t lo, const arb_t hi, const arb_t lmn)
{
    const hkz_su2mix_minorant_struct *mn = hkz_su2mix_box_minorant(x->bx);
    hkz_field_t f[24];
    char nb[32], md[32], lq[32];
    slong nf = 0;

    HKZ_COMPARE_BALL2(f, nf, "cstar_lo", lo);
    HKZ_COMPARE_BALL2(f, nf, "cstar_hi", hi);
    if (arb_is_finite(lmn))
        HKZ_COMPARE_BALL2(f, nf, "lambda_min_min", lmn);
    HKZ_COMPARE_BALL2(f, nf, "K", mn->K);
    HKZ_COMPARE_BALL2(f, nf, "K_check", x->Kc);
    snprintf(nb, sizeof(nb), "%ld", (long) hkz_su2mix_box_nblocks(x->bx));
    snprintf(md, sizeof(md), "%ld", (long) hkz_su2mix_box_maxdim(x->bx));
    snprintf(lq, sizeof(lq), "%.6g", mn->lmin);
    f[nf++] = HKZ_FSTR("blocks", nb);
    f[nf++] = HKZ_FSTR("max_dim", md);
    f[nf++] = HKZ_FSTR("certified", x->o.certified ? "true" : "false");
    f[nf++] = HKZ_FSTR("lmin_DQD", lq);
    return hkz_table_add(r->keys, f, nf);
}
