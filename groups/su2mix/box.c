/* The box sum of mu^L_t(e) = sum_pi d_pi tr e^{-t Lhat(pi)} (spec 5.4) over
 * n_i <= nmax_i, its certified tail through the minorant (spec F2 applied
 * to L >= L0/K, minorant.c), and the blockwise comparisons of X8(ii). */
#include <math.h>
#include <string.h>
#include "hkz/su2mix.h"
#include "hkz_check.h"

int hkz_su2mix_box_init(hkz_su2mix_box_t bx, slong n, const slong *nmax,
                        arb_srcptr t, slong nt)
{
    slong i, nb = 1;

    memset(bx, 0, sizeof(*bx));
    hkz_su2mix_minorant_init(bx->mn);
    HKZ_CHECK(n >= 1 && nt >= 0, HKZ_ERR_ARG, "hkz_su2mix_box_init: n >= 1");
    for (i = 0; i < n; i++)
    {
        HKZ_CHECK(nmax[i] >= 1 && nmax[i] <= 1000, HKZ_ERR_ARG,
                  "hkz_su2mix_box_init: nmax_%ld = %ld outside 1..1000",
                  (long) i + 1, (long) nmax[i]);
        HKZ_CHECK(nb <= (WORD(1) << 24) / nmax[i], HKZ_ERR_ARG,
                  "hkz_su2mix_box_init: more than 2^24 blocks");
        nb *= nmax[i];
    }
    for (i = 0; i < nt; i++)
        HKZ_CHECK(arb_is_finite(t + i) && arb_is_positive(t + i),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_box_init: t must be > 0");
    bx->n = n;
    bx->nmax = flint_malloc(n * sizeof(slong));
    memcpy(bx->nmax, nmax, n * sizeof(slong));
    bx->nblocks = nb;
    bx->nt = nt;
    bx->t = _arb_vec_init(nt);
    _arb_vec_set(bx->t, t, nt);
    bx->mu = _arb_vec_init(nt);
    bx->box = _arb_vec_init(nt);
    bx->tail = _arb_vec_init(nt);
    bx->box0 = _arb_vec_init(nt);
    bx->mu0 = _arb_vec_init(nt);
    bx->lmin = _arb_vec_init(nb);
    bx->lmin0 = _arb_vec_init(nb);
    bx->lmin_d = flint_calloc(nb, sizeof(double));
    bx->mu_d = flint_calloc(nt > 0 ? nt : 1, sizeof(double));
    bx->blocks_le = 1;
    bx->maxdim = 1;
    return HKZ_SUCCESS;
}

void hkz_su2mix_box_clear(hkz_su2mix_box_t bx)
{
    if (bx->nmax == NULL)
    {
        hkz_su2mix_minorant_clear(bx->mn);
        return;
    }
    flint_free(bx->nmax);
    _arb_vec_clear(bx->t, bx->nt);
    _arb_vec_clear(bx->mu, bx->nt);
    _arb_vec_clear(bx->box, bx->nt);
    _arb_vec_clear(bx->tail, bx->nt);
    _arb_vec_clear(bx->box0, bx->nt);
    _arb_vec_clear(bx->mu0, bx->nt);
    _arb_vec_clear(bx->lmin, bx->nblocks);
    _arb_vec_clear(bx->lmin0, bx->nblocks);
    flint_free(bx->lmin_d);
    flint_free(bx->mu_d);
    hkz_su2mix_minorant_clear(bx->mn);
    memset(bx, 0, sizeof(*bx));
}

void hkz_su2mix_box_index(slong *nvec, const hkz_su2mix_box_t bx, slong b)
{
    slong i;
    for (i = bx->n - 1; i >= 0; i--)
    {
        nvec[i] = 1 + b % bx->nmax[i];
        b /= bx->nmax[i];
    }
}

int hkz_su2mix_box_range(hkz_su2mix_box_t bx, const hkz_su2mix_op_t op,
                         slong b0, slong b1, int certified, slong prec)
{
    slong n = bx->n, b, j, k, d, dmax = 1, i;
    slong *nvec;
    double *H = NULL, *w = NULL;
    arb_ptr lam = NULL;
    acb_mat_t Hb;
    arb_t tr, tr0, s, u;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(op->n == n, HKZ_ERR_ARG, "hkz_su2mix_box_range: the operator "
              "has %ld factors, the box %ld", (long) op->n, (long) n);
    HKZ_CHECK(0 <= b0 && b0 <= b1 && b1 <= bx->nblocks, HKZ_ERR_ARG,
              "hkz_su2mix_box_range: bad block range [%ld, %ld)", (long) b0,
              (long) b1);
    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_range: no minorant (run hkz_su2mix_minorant "
              "into bx->mn first)");
    for (i = 0; i < n; i++)
        dmax *= bx->nmax[i];
    nvec = flint_malloc(n * sizeof(slong));
    H = flint_malloc(2 * dmax * dmax * sizeof(double));
    w = flint_malloc(dmax * sizeof(double));
    arb_init(tr);
    arb_init(tr0);
    arb_init(s);
    arb_init(u);
    acb_mat_init(Hb, 0, 0);
    if (certified)
        lam = _arb_vec_init(dmax);

    for (b = b0; b < b1; b++)
    {
        hkz_su2mix_box_index(nvec, bx, b);
        d = 1;
        for (i = 0; i < n; i++)
            d *= nvec[i];
        if (d > bx->maxdim)
            bx->maxdim = d;
        HKZ_TRY_GOTO(hkz_su2mix_block_d(H, op, nvec));
        if (certified)
        {
            /* the ball matrix before H is overwritten by the eigenvectors */
            acb_mat_clear(Hb);
            acb_mat_init(Hb, d, d);
            HKZ_TRY_GOTO(hkz_su2mix_block(Hb, op, nvec, prec));
        }
        HKZ_TRY_GOTO(hkz_su2mix_eigh_d(w, H, d));
        bx->lmin_d[b] = w[0];
        hkz_su2mix_minorant_lmin(bx->lmin0 + b, bx->mn, nvec, prec);
        if (certified)
        {
            HKZ_TRY_GOTO(hkz_su2mix_eig_enclose(lam, Hb, w, H, prec));
            /* Lhat(pi) = sum_k dpi(V_k)^* dpi(V_k) is PSD: clip at 0 */
            for (k = 0; k < d; k++)
                if (!arb_is_nonnegative(lam + k))
                {
                    arb_nonnegative_part(lam + k, lam + k);
                }
            arb_set(bx->lmin + b, lam + 0);
            arb_div(u, bx->lmin0 + b, bx->mn->K, prec);
            if (arb_lt(bx->lmin + b, u))
                bx->blocks_le = 0;
        }
        else
            arb_set_d(bx->lmin + b, w[0]);
        for (j = 0; j < bx->nt; j++)
        {
            double sd = 0.0, td = arf_get_d(arb_midref(bx->t + j),
                                            ARF_RND_NEAR);
            for (k = 0; k < d; k++)
                sd += exp(-td * w[k]);
            bx->mu_d[j] += (double) d * sd;
            if (!certified)
                continue;
            arb_zero(tr);
            for (k = 0; k < d; k++)
            {
                arb_mul(u, bx->t + j, lam + k, prec);
                arb_neg(u, u);
                arb_exp(u, u, prec);
                arb_add(tr, tr, u, prec);
            }
            arb_addmul_si(bx->box + j, tr, d, prec);
            /* blockwise tr e^{-t Lhat} <= tr e^{-(t/K) Lhat0} */
            arb_div(s, bx->t + j, bx->mn->K, prec);
            hkz_su2mix_minorant_trace(tr0, bx->mn, nvec, s, prec);
            if (arb_gt(tr, tr0))
                bx->blocks_le = 0;
        }
    }
    if (!certified)
        for (j = 0; j < bx->nt; j++)
            arb_set_d(bx->box + j, bx->mu_d[j]);

cleanup:
    flint_free(nvec);
    flint_free(H);
    flint_free(w);
    if (lam != NULL)
        _arb_vec_clear(lam, dmax);
    acb_mat_clear(Hb);
    arb_clear(tr);
    arb_clear(tr0);
    arb_clear(s);
    arb_clear(u);
    return status;
}

int hkz_su2mix_box_finish(hkz_su2mix_box_t bx, slong prec)
{
    slong j;
    arb_t s, half;

    arb_init(s);
    arb_init(half);
    for (j = 0; j < bx->nt; j++)
    {
        int st;
        arb_div(s, bx->t + j, bx->mn->K, prec);
        st = hkz_su2mix_minorant_tail(bx->tail + j, bx->box0 + j, bx->mn,
                                      bx->nmax, s, prec);
        if (st != HKZ_SUCCESS)
        {
            arb_clear(s);
            arb_clear(half);
            return st;
        }
        /* mu = box + [0, tail] */
        arb_mul_2exp_si(half, bx->tail + j, -1);
        arb_add(bx->mu + j, bx->box + j, half, prec);
        arb_add_error(bx->mu + j, half);
        arb_add(bx->mu0 + j, bx->box0 + j, half, prec);
        arb_add_error(bx->mu0 + j, half);
    }
    arb_clear(s);
    arb_clear(half);
    return HKZ_SUCCESS;
}

int hkz_su2mix_box_run(hkz_su2mix_box_t bx, const hkz_su2mix_op_t op,
                       int certified, slong prec)
{
    HKZ_TRY(hkz_su2mix_minorant(bx->mn, op, prec));
    HKZ_TRY(hkz_su2mix_box_range(bx, op, 0, bx->nblocks, certified, prec));
    return hkz_su2mix_box_finish(bx, prec);
}

int hkz_su2mix_box_cstar(arb_t res, arb_t lo, arb_t hi,
                         const hkz_su2mix_box_t bx, arb_srcptr a,
                         const arb_t gamma, slong prec)
{
    slong n = bx->n, b, i;
    slong *nvec;
    arb_t lp, r, u, half;
    arf_t best;

    for (i = 0; i < n; i++)
        HKZ_CHECK(arb_is_finite(a + i) && arb_is_positive(a + i),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_box_cstar: a_%ld must be > 0",
                  (long) i + 1);
    HKZ_CHECK(arb_is_finite(gamma) && arb_is_positive(gamma), HKZ_ERR_DOMAIN,
              "hkz_su2mix_box_cstar: gamma must be > 0");
    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_cstar: run the box first");
    nvec = flint_malloc(n * sizeof(slong));
    arb_init(lp);
    arb_init(r);
    arb_init(u);
    arb_init(half);
    arf_init(best);
    arf_zero(best);
    /* lower end: each block pi != 1 gives C* >= lambda_pi^gamma / lmin(pi)
     * (spec F1) */
    for (b = 1; b < bx->nblocks; b++)
    {
        hkz_su2mix_box_index(nvec, bx, b);
        arb_zero(lp);
        for (i = 0; i < n; i++)
            arb_addmul_si(lp, a + i, nvec[i] * nvec[i] - 1, prec);
        arb_pow(lp, lp, gamma, prec);
        if (!arb_is_positive(bx->lmin + b))
            continue;
        arb_div(r, lp, bx->lmin + b, prec);
        arb_get_lbound_arf(arb_midref(u), r, prec);
        if (arf_cmp(arb_midref(u), best) > 0)
            arf_set(best, arb_midref(u));
    }
    arb_set_arf(lo, best);
    /* upper end: C*_L <= K C*_{L0}, since lmin(Lhat) >= lmin(Lhat0)/K.  For
     * L0 = sum m_i L0_i, gamma <= 1/2: by subadditivity of x^gamma,
     * lambda_pi^gamma <= sum_i (a_i (n_i^2-1))^gamma, and lmin(Lhat0(pi)) =
     * sum_i m_i l_i(n_i); by the mediant inequality the ratio is at most
     * max_i over active factors of (a_i(n^2-1))^gamma / (m_i l_i(n)), which
     * is non-increasing in n >= 2 for gamma <= 1/2 (sub: a^gamma/(2m)
     * ((n+1)/(n-1))^gamma (n-1)^{2 gamma - 1}; Delta: a^gamma
     * (n^2-1)^{gamma-1}/m): attained at n = 2, (3a)^gamma/(2m) resp.
     * (3a)^gamma/(3m) (P3 of spec 6.3).  For gamma > 1/2 the sub-factor
     * ratio grows like n^{2 gamma - 1}: hi = +inf. */
    arb_set_d(half, 0.5);
    if (!arb_le(gamma, half))
        arb_pos_inf(hi);
    else
    {
        arb_zero(hi);
        for (i = 0; i < n; i++)
        {
            arb_mul_ui(u, a + i, 3, prec);
            arb_pow(u, u, gamma, prec);
            arb_div(u, u, bx->mn->m + i, prec);
            arb_div_ui(u, u, bx->mn->type[i] == HKZ_SU2MIX_FACTOR_DELTA ?
                       3 : 2, prec);
            arb_max(hi, hi, u, prec);
        }
        arb_mul(hi, hi, bx->mn->K, prec);
        arb_get_ubound_arf(arb_midref(hi), hi, prec);
        mag_zero(arb_radref(hi));
    }
    if (arb_is_finite(hi))
        arb_set_interval_arf(res, arb_midref(lo), arb_midref(hi), prec);
    else
    {
        arb_zero_pm_inf(res);
    }
    flint_free(nvec);
    arb_clear(lp);
    arb_clear(r);
    arb_clear(u);
    arb_clear(half);
    arf_clear(best);
    return HKZ_SUCCESS;
}
