/* The spectral part of the m-first sum (heat_sub_mfirst.c): the modes
 * M0 < m <= M_k, k <= K, of one precision ws at one t -- truncation,
 * tails, weights and the basis recurrence's coefficients
 * (_hkz_sub_mf_part_init), and the basis of one r (_hkz_sub_mf_basis).
 * Chains of large k run at fewer bits (chain_prec): their terms are small
 * against the sum's scale, and a ball at any precision is valid. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"
#include "heat_sub_mfirst_internal.h"

#define M0 HKZ_SUB_MF_M0

void _hkz_sub_mf_part_clear(_hkz_sub_mf_part_t *S)
{
    arb_clear(S->t);
    if (S->W != NULL)
        _arb_vec_clear(S->W, FLINT_MAX(1, S->wo[S->K + 1]));
    if (S->cf != NULL)
        _arb_vec_clear(S->cf, 3 * S->bo[S->K + 1]);
    free(S->M);
    free(S->bo);
    free(S->wo);
    free(S->pk);
    mag_clear(S->tail);
}

/* The precision of chain k: its terms b_km W_km (m > M0) are below
 * W_max(k) ~ (2 M0 + 3 + k) e^{-(4(M0+1)(M0+2+k) + 2k) t} (|b_km| <= 1)
 * and the sum is wanted to 2^-ws of its scale, so the chain needs about
 * ws + log2 W_max(k) bits; 32 more, in steps of 64 (steering only: any
 * precision gives a valid ball) */
static slong chain_prec(slong ws, slong k, double td)
{
    double x = ((4.0 * (M0 + 1) * (M0 + 2 + k) + 2.0 * k) * td
                - log(2.0 * M0 + 3 + k)) / M_LN2;
    slong p = ws + 32 - (slong) FLINT_MAX(0.0, FLINT_MIN(x, (double) ws));
    p = (p + 63) / 64 * 64;
    return FLINT_MAX(64, FLINT_MIN(p, ws));
}

/* B + bo[k] = cos(r)^k P_m^{(0,k)}(cos 2r), m <= M_k, k <= K, chain k at
 * its precision; ws: 5 scratch balls */
void _hkz_sub_mf_basis(arb_ptr B, const _hkz_sub_mf_part_t *S, const arb_t r,
                       arb_ptr ws)
{
    arb_ptr cr = ws, y = ws + 1, crk = ws + 2, yk = ws + 3, a = ws + 4;
    slong k, m, p = -1;

    arb_sin_cos(y, cr, r, S->ws);
    arb_sqr(y, y, S->ws);
    for (k = 0; k <= S->K; k++)
    {
        arb_ptr G = B + S->bo[k];
        arb_srcptr cf = S->cf + 3 * S->bo[k];

        if (S->pk[k] != p)
        {
            p = S->pk[k];
            arb_set_round(crk, cr, p);
            arb_set_round(yk, y, p);
        }
        if (k == 0)
            arb_one(G);
        else
            arb_mul(G, B + S->bo[k - 1], crk, p);
        if (S->M[k] >= 1)
        {
            /* P_1^{(0,k)} = 1 - (k+2) y */
            arb_mul_ui(a, yk, (ulong) k + 2, p);
            arb_sub_ui(a, a, 1, p);
            arb_neg(a, a);
            arb_mul(G + 1, G, a, p);
        }
        for (m = 1; m < S->M[k]; m++)
        {
            arb_srcptr c = cf + 3 * (m - 1);
            arb_mul(a, c + 1, yk, p);
            arb_sub(a, c + 0, a, p);
            arb_mul(G + m + 1, a, G + m, p);
            arb_submul(G + m + 1, c + 2, G + m - 1, p);
        }
    }
}

/* truncation, tails and weights of precision ws at t */
int _hkz_sub_mf_part_init(_hkz_sub_mf_part_t *S, const arb_t t, slong ws)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double logtol = -ws * M_LN2 + hkz_su2_sub_log_scale_internal(td, 0);
    slong K, lo, hi, k, m, Mk = 0;
    arb_t q, q2, e2, wk, rk, wm, rho;
    mag_t tlo, b;

    memset(S, 0, sizeof(*S));
    mag_init(S->tail);
    arb_init(S->t);
    arb_set(S->t, t);
    S->ws = ws;
    S->wf = ws + HKZ_SUB_MF_GUARD;
    /* K: the smallest with the bound beyond K below tol / 2 */
    for (hi = 1; hi < HKZ_SUB_KMAX
         && _hkz_sub_mf_log_tail_k(hi, td) > logtol - M_LN2; hi *= 2)
        ;
    HKZ_CHECK(hi < HKZ_SUB_KMAX, HKZ_ERR_TOO_LARGE, "hkz_su2_heat_sub_"
              "mfirst: t = %g needs more than %ld modes in k", td,
              (long) HKZ_SUB_KMAX);
    for (lo = 0; lo < hi; )
    {
        slong mid = (lo + hi) / 2;
        if (_hkz_sub_mf_log_tail_k(mid, td) > logtol - M_LN2)
            lo = mid + 1;
        else
            hi = mid;
    }
    S->K = K = lo;
    S->M = malloc((K + 1) * sizeof(slong));
    S->bo = malloc((K + 2) * sizeof(slong));
    S->wo = malloc((K + 2) * sizeof(slong));
    S->pk = malloc((K + 1) * sizeof(slong));
    HKZ_CHECK(S->M && S->bo && S->wo && S->pk, HKZ_ERR_NOMEM,
              "hkz_su2_heat_sub_mfirst: out of memory (K = %ld)", (long) K);
    S->bo[0] = S->wo[0] = 0;
    for (k = 0; k <= K; k++)
    {
        Mk = hkz_su2_sub_choose_M_internal(Mk, k, td, 0, logtol - M_LN2
                                           - log(K + 1.0));
        S->M[k] = Mk;
        S->bo[k + 1] = S->bo[k] + Mk + 1;
        S->wo[k + 1] = S->wo[k] + FLINT_MAX(0, Mk - M0);
        S->pk[k] = chain_prec(ws, k, td);
    }
    /* each thread holds a basis, the part 4 times its modes: at most
       2^28 bits each (t = 0.01, 512 bits: 2^23.2) */
    HKZ_CHECK((double) S->bo[K + 1] * ws <= 0x1p28, HKZ_ERR_TOO_LARGE,
              "hkz_su2_heat_sub_mfirst: t = %g at %ld bits needs %ld "
              "modes", td, (long) ws, (long) S->bo[K + 1]);
    S->cf = _arb_vec_init(3 * S->bo[K + 1]);
    for (k = 0; k <= K; k++)
        for (m = 1; m < S->M[k]; m++)
            _hkz_su2_sub_step_coef(S->cf + 3 * (S->bo[k] + m - 1),
                                   (ulong) k, (ulong) m, S->pk[k]);
    /* the tails at a lower bound of t */
    mag_init(tlo);
    mag_init(b);
    arb_get_mag_lower(tlo, t);
    for (k = 0; k <= K; k++)
    {
        hkz_su2_sub_tail_m_internal(b, (ulong) k,
                                    (ulong) FLINT_MAX(S->M[k], M0), tlo, 0);
        mag_add(S->tail, S->tail, b);
    }
    _hkz_sub_mf_tail_k(b, K, tlo);
    mag_add(S->tail, S->tail, b);
    mag_clear(tlo);
    mag_clear(b);
    /* W_km = (2m+k+1) e^{-2kt} e^{-4m(m+k+1)t}: W_{m+1} / W_m (without
       2m+k+1) = q^{2m+k+2}, q = e^{-4t} (heat_sub_grid_wcache.c) */
    S->W = _arb_vec_init(FLINT_MAX(1, S->wo[K + 1]));
    arb_init(q); arb_init(q2); arb_init(e2); arb_init(wk); arb_init(rk);
    arb_init(wm); arb_init(rho);
    arb_mul_si(q, t, -4, ws);
    arb_exp(q, q, ws);
    arb_sqr(q2, q, ws);
    arb_mul_si(e2, t, -2, ws);
    arb_exp(e2, e2, ws);
    arb_one(wk);
    arb_set(rk, q2);
    for (k = 0; k <= K; k++)
    {
        arb_set(wm, wk);
        arb_set(rho, rk);
        for (m = 0; m <= S->M[k]; m++)
        {
            if (m > M0)
                arb_mul_ui(S->W + S->wo[k] + m - M0 - 1, wm,
                           2 * (ulong) m + k + 1, ws);
            if (m < S->M[k])
            {
                arb_mul(wm, wm, rho, ws);
                arb_mul(rho, rho, q2, ws);
            }
        }
        arb_mul(wk, wk, e2, ws);
        arb_mul(rk, rk, q, ws);
    }
    arb_clear(q); arb_clear(q2); arb_clear(e2); arb_clear(wk); arb_clear(rk);
    arb_clear(wm); arb_clear(rho);
    return HKZ_SUCCESS;
}

int _hkz_sub_mf_part_get(_hkz_sub_mf_part_t **S, int *own,
                         struct hkz_su2_sub_wcache_struct *c, const arb_t t,
                         slong ws)
{
    _hkz_sub_mf_part_t *P;
    slong i;
    int status;

    for (i = 0; c != NULL && i < HKZ_SUB_MF_CACHE; i++)
        if (c->mf[i] != NULL && c->mf[i]->ws == ws
            && arb_equal(c->mf[i]->t, t))
        {
            *S = c->mf[i];
            *own = 0;
            return HKZ_SUCCESS;
        }
    P = malloc(sizeof(_hkz_sub_mf_part_t));
    HKZ_CHECK(P != NULL, HKZ_ERR_NOMEM, "hkz_su2_heat_sub_mfirst: out of "
              "memory");
    status = _hkz_sub_mf_part_init(P, t, ws);
    if (status != HKZ_SUCCESS)
    {
        _hkz_sub_mf_part_clear(P);
        free(P);
        return status;
    }
    *S = P;
    *own = c == NULL;
    if (c != NULL)
    {
        i = c->nmf;
        if (c->mf[i] != NULL)
        {
            _hkz_sub_mf_part_clear(c->mf[i]);
            free(c->mf[i]);
        }
        c->mf[i] = P;
        c->nmf = (i + 1) % HKZ_SUB_MF_CACHE;
    }
    return HKZ_SUCCESS;
}

void _hkz_sub_mf_cache_clear(struct hkz_su2_sub_wcache_struct *c)
{
    slong i;
    for (i = 0; i < HKZ_SUB_MF_CACHE; i++)
        if (c->mf[i] != NULL)
        {
            _hkz_sub_mf_part_clear(c->mf[i]);
            free(c->mf[i]);
            c->mf[i] = NULL;
        }
    c->nmf = 0;
}
