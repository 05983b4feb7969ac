/* The Arb basis of the batched fallback (heat_sub_grid_multi.c):
 *   B_km(r) = cos(r)^k P_m^{(0,k)}(cos 2r),  k <= K, m <= Mx[k],
 * at a working precision wp, and the tables of its recurrence
 * coefficients per wp (kept in the weight cache, heat_sub_grid_wcache.c).
 *
 * DLMF 18.9.1 with alpha = 0, beta = k, x = cos 2r = 1 - 2y, y = sin^2 r,
 * n = m >= 1, n2 = 2m + k, lam = 4m(m+k+1) + 2k, D = 2(m+1)(m+k+1) n2:
 *   P_{m+1} = (al - be y) P_m - ga P_{m-1},
 *   al = (n2+1) lam / D,  be = 2 (n2+1) n2 (n2+2) / D,
 *   ga = 2 m (m+k) (n2+2) / D
 * (the same recurrence as hkz_su2_sub_spectral_internal, divided through
 * by D once per coefficient instead of once per point).  al, be, ga are
 * Arb balls of the exact rationals (arb_div_ui at wp), so every step is
 * a ball operation and B_km is certified; a coefficient is a function of
 * (k, m, wp) only, whether it comes from a table or is computed on the
 * spot, so B_km(r) depends on (r, k, m, wp) only (tiling, threads and
 * ranks do not change an entry's bits).  4 ball operations per mode
 * instead of 7 (no division). */
#include <stdlib.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

slong _hkz_su2_sub_basis_wp(slong wp)
{
    return wp <= 128 ? 128 : wp <= 256 ? 256 : (wp + 255) / 256 * 256;
}

slong _hkz_su2_sub_basis_key(slong wp, double td)
{
    slong wpb = _hkz_su2_sub_basis_wp(wp);
    return wpb == 256 && td < HKZ_SUB_SMALL_T ? 512 : wpb;
}

/* al, be, ga of the step m -> m + 1 (m >= 1) of chain k at precision wp */
void _hkz_su2_sub_step_coef(arb_ptr c, ulong k, ulong m, slong wp)
{
    ulong n2 = 2 * m + k, lam = 4 * m * (m + k + 1) + 2 * k;
    ulong D = 2 * (m + 1) * (m + k + 1) * n2;

    arb_set_ui(c + 0, (n2 + 1) * lam);
    arb_div_ui(c + 0, c + 0, D, wp);
    arb_set_ui(c + 1, 2 * (n2 + 1) * n2 * (n2 + 2));
    arb_div_ui(c + 1, c + 1, D, wp);
    arb_set_ui(c + 2, 2 * m * (m + k) * (n2 + 2));
    arb_div_ui(c + 2, c + 2, D, wp);
}

/* the table of wp, or NULL */
static _hkz_su2_sub_coef_t *coef_find(
        const struct hkz_su2_sub_wcache_struct *c, slong wp)
{
    slong i;
    for (i = 0; i < c->ncf; i++)
        if (c->cf[i].wp == wp)
            return c->cf + i;
    return NULL;
}

/* raises the table of wp to cover the steps m < M[k], k <= K */
int _hkz_su2_sub_coef_add(struct hkz_su2_sub_wcache_struct *c, slong wp,
                          slong K, const slong *M)
{
    _hkz_su2_sub_coef_t *T = coef_find(c, wp);
    slong k, m, n;

    if (T == NULL)
    {
        if (c->ncf == c->alloccf)
        {
            slong na = 2 * c->alloccf + 4;
            _hkz_su2_sub_coef_t *p = realloc(c->cf, na * sizeof(*p));
            HKZ_CHECK(p != NULL, HKZ_ERR_NOMEM, "su2-sub fallback: out of "
                      "memory");
            c->cf = p;
            c->alloccf = na;
        }
        T = c->cf + c->ncf++;
        T->wp = wp;
        T->K = -1;
        T->M = NULL;
        T->c = NULL;
    }
    if (K > T->K)
    {
        slong *M2 = realloc(T->M, (K + 1) * sizeof(slong));
        arb_ptr *c2 = realloc(T->c, (K + 1) * sizeof(arb_ptr));
        if (M2 != NULL)
            T->M = M2;
        if (c2 != NULL)
            T->c = c2;
        HKZ_CHECK(M2 != NULL && c2 != NULL, HKZ_ERR_NOMEM, "su2-sub "
                  "fallback: out of memory");
        for (k = T->K + 1; k <= K; k++)
        {
            T->M[k] = 0;
            T->c[k] = NULL;
        }
        T->K = K;
    }
    for (k = 0; k <= K; k++)
    {
        arb_ptr v;
        if (M[k] <= T->M[k])
            continue;
        /* steps m = 1 .. M[k] - 1 at 3 (m - 1); the old ones move over */
        n = 3 * (M[k] - 1);
        v = _arb_vec_init(n);
        for (m = 1; m < T->M[k]; m++)
        {
            arb_swap(v + 3 * (m - 1), T->c[k] + 3 * (m - 1));
            arb_swap(v + 3 * (m - 1) + 1, T->c[k] + 3 * (m - 1) + 1);
            arb_swap(v + 3 * (m - 1) + 2, T->c[k] + 3 * (m - 1) + 2);
        }
        for (m = FLINT_MAX(T->M[k], 1); m < M[k]; m++)
            _hkz_su2_sub_step_coef(v + 3 * (m - 1), (ulong) k, (ulong) m,
                                   wp);
        if (T->c[k] != NULL)
            _arb_vec_clear(T->c[k], 3 * FLINT_MAX(T->M[k] - 1, 0));
        T->c[k] = v;
        T->M[k] = M[k];
    }
    return HKZ_SUCCESS;
}

void _hkz_su2_sub_coef_clear(struct hkz_su2_sub_wcache_struct *c)
{
    slong i, k;
    for (i = 0; i < c->ncf; i++)
    {
        _hkz_su2_sub_coef_t *T = c->cf + i;
        for (k = 0; k <= T->K; k++)
            if (T->c[k] != NULL)
                _arb_vec_clear(T->c[k], 3 * FLINT_MAX(T->M[k] - 1, 0));
        free(T->c);
        free(T->M);
    }
    free(c->cf);
    c->cf = NULL;
    c->ncf = c->alloccf = 0;
}

/* B + bo[k] = cos(r)^k P_m^{(0,k)}(cos 2r), k <= K, m <= Mx[k], at
 * precision wp; coefficients from the cache c where it has them.  ws: 4
 * scratch balls. */
void _hkz_su2_sub_r_basis(arb_ptr B, const slong *bo, slong K,
        const slong *Mx, const arb_t r, slong wp,
        const struct hkz_su2_sub_wcache_struct *c, arb_ptr ws)
{
    const _hkz_su2_sub_coef_t *T = c != NULL ? coef_find(c, wp) : NULL;
    arb_ptr cr = ws, y = ws + 1, a = ws + 3;
    arb_struct loc[3];
    slong k, m;

    arb_init(loc + 0); arb_init(loc + 1); arb_init(loc + 2);
    arb_sin_cos(y, cr, r, wp);
    arb_sqr(y, y, wp);                  /* cos 2r = 1 - 2y */
    for (k = 0; k <= K; k++)
    {
        arb_ptr G = B + bo[k];
        arb_srcptr tab = T != NULL && k <= T->K && Mx[k] <= T->M[k]
                         ? T->c[k] : NULL;

        /* G_k0 = cos(r)^k: one product per k from G_{k-1,0} */
        if (k == 0)
            arb_one(G);
        else
            arb_mul(G, B + bo[k - 1], cr, wp);
        if (Mx[k] >= 1)
        {
            /* P_1^{(0,k)} = 1 - (k+2) y */
            arb_mul_ui(a, y, (ulong) k + 2, wp);
            arb_sub_ui(a, a, 1, wp);
            arb_neg(a, a);
            arb_mul(G + 1, G, a, wp);
        }
        for (m = 1; m < Mx[k]; m++)
        {
            arb_srcptr cf = tab != NULL ? tab + 3 * (m - 1) : loc;
            if (tab == NULL)
                _hkz_su2_sub_step_coef(loc, (ulong) k, (ulong) m, wp);
            arb_mul(a, cf + 1, y, wp);
            arb_sub(a, cf + 0, a, wp);
            arb_mul(G + m + 1, a, G + m, wp);
            arb_submul(G + m + 1, cf + 2, G + m - 1, wp);
        }
    }
    arb_clear(loc + 0); arb_clear(loc + 1); arb_clear(loc + 2);
}
