/* The exact fixed-point tier of su2-sub grids (hkz/su2.h:
 * hkz_su2_sub_fix_*): the entries the double engine cannot certify (small
 * values after cancellation in (3.1)) without Arb arithmetic per entry.
 *
 * The sum.  With c_0 = 1, c_k = 2 cos(kz), b_km = cos(r)^k P_m^{(0,k)}(cos
 * 2r) and W_km = (2m+k+1) e^{-lambda t}, lambda = 4m(m+k+1) + 2k (spec
 * 3.2), (3.1) reads
 *   p_t(r, z) = sum_{k <= K} c_k G_k + R,  G_k = sum_{m <= M_k} b_km W_km,
 * where K = K(t), M_k = M_k(t) come from the steering functions at a
 * tolerance of 2^-(B - 8) times the size of p_t(e) (B = 26 L below) and
 * |R| <= tail(t), the proven bound of spec 3.5 (hkz_su2_sub_tail_m_internal
 * for each k, hkz_su2_sub_tail_k_internal beyond K; valid at every point
 * since |D^n_kk| <= 1), evaluated at a lower bound of t.
 *
 * Digits.  b, c, W are Arb balls at B + 112 bits, turned into integers
 * B = trunc(mid b 2^Fb) etc. of L digits of 26 bits (hkz/engine.h; B = 26 L
 * bits: L = 8, or 16 for a second pass on what the first leaves): b~ =
 * B 2^-Fb, c~ = C 2^-Fc, W~ = Y 2^-Fw with
 *   |b - b~| <= e_b = max rad(b) + 2^-Fb   (per r),
 *   |c - c~| <= e_c = max rad(c) + 2^-Fc   (per z),
 *   |W - W~| <= e_W = max rad(W) + 2^-Fw   (per t).
 * Fb = B - 2 (|b| <= 1: |b_km| = |D^n_kk(g)| at z = 0 is at most 1, pi_n
 * unitary), Fc = B - 3 (|c| <= 2), Fw = B - 2 - w - h with 2^w > max |W~|
 * and 2^h > M_k + 1 for all k of the frame, so that every integer below
 * stays under 2^{B-1} (checked by the engine as well).
 *
 * Exact sums (kernels/cpu/engine_fix.c, kernels/cuda/engine_fix.cu): the
 * engine returns G~_k = 2^-Fg floor(2^Fg G^_k) with G^_k = sum_m b~ W~
 * (exact) and Fg = Fb + Fw - B, then V = sum_k c~_k G~_k exactly but
 * for the digit products of the lowest levels, whose sum is below drop =
 * nk L 2^{26 (L-1)} 2^-(Fc + Fg) (hkz/engine.h, nk = K_frame + 1 groups;
 * about 2^-23 (K+1) e_G).  So the only errors are the roundings of the
 * inputs, the floor, the dropped products and the tail:
 *   |G_k - G^_k| <= sum_m |b| |W - W~| + |b - b~| |W~|
 *                <= (M_k + 1) e_W + e_b S_k,     S_k = sum_m |W~_km|,
 *   0 <= G^_k - G~_k < e_G = 2^-Fg,
 *   |G~_k| <= |G^_k| + e_G <= (1 + e_b) S_k + e_G,
 *   p - V - R = sum_k c_k (G_k - G~_k) + (c_k - c~_k) G~_k,
 * and with |c_k| <= 2, N = sum_k (M_k + 1), S = sum_k S_k:
 *   |p - V| <= 2 (N e_W + e_b S + (K+1) e_G)
 *              + e_c ((1 + e_b) S + (K+1) e_G) + tail(t) + drop   (*)
 * evaluated in mag arithmetic (upward).  V is exact, so the ball is
 * [V +- (*)].  t enters only through Arb (the weights are computed from
 * the ball t): no Lipschitz term.
 *
 * The frame.  All rows share one layout: the modes (k <= K, m <= M_k) of
 * the smallest time of the list; a time whose own truncation does not fit
 * in the frame gets no result (ok = 0).  A time's rows hold zeros beyond
 * its own M_k (the engine sums only its counts). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"
#include "heat_sub_fix_internal.h"
#include "hkz_prof.h"

int hkz_su2_sub_fix_init(hkz_su2_sub_fix_t *f, const arb_struct *r,
        slong nr, const arb_struct *z, slong nz, const arb_struct *t,
        slong nt, int L)
{
    hkz_su2_sub_fix_t F;
    double tmin = INFINITY;
    slong j, k, mmax = 0;

    *f = F = calloc(1, sizeof(struct hkz_su2_sub_fix_struct));
    HKZ_CHECK(F != NULL, HKZ_ERR_NOMEM, "hkz_su2_sub_fix_init: out of "
              "memory");
    HKZ_CHECK(L == 8 || L == HKZ_FIX_LMAX, HKZ_ERR_ARG,
              "hkz_su2_sub_fix_init: %d digits (8 or %d)", L, HKZ_FIX_LMAX);
    F->r = r; F->z = z; F->t = t; F->nr = nr; F->nz = nz; F->nt = nt;
    F->L = L;
    pthread_mutex_init(&F->lock, NULL);
    pthread_cond_init(&F->ready, NULL);
    F->R = calloc(FLINT_MAX(nr, 1), sizeof(_hkz_sub_fix_row));
    F->Z = calloc(FLINT_MAX(nz, 1), sizeof(_hkz_sub_fix_row));
    F->T = calloc(FLINT_MAX(nt, 1), sizeof(_hkz_sub_fix_row));
    HKZ_CHECK(F->R && F->Z && F->T, HKZ_ERR_NOMEM,
              "hkz_su2_sub_fix_init: out of memory");
    for (j = 0; j < nt; j++)
    {
        double td = _hkz_sub_fix_lower_d(t + j);
        if (td > 0)
            tmin = fmin(tmin, td);
    }
    if (!(tmin < INFINITY))
        return HKZ_SUCCESS;               /* no frame: no results */
    F->M = malloc((HKZ_SUB_KMAX + 1) * sizeof(slong));
    HKZ_CHECK(F->M != NULL, HKZ_ERR_NOMEM, "out of memory");
    F->K = _hkz_sub_fix_trunc(F->M, HKZ_SUB_KMAX - 1, tmin, FIX_TOLBITS(F));
    if (F->K < 0)
        return HKZ_SUCCESS;
    F->bo = malloc((F->K + 2) * sizeof(slong));
    F->off = malloc((F->K + 2) * sizeof(size_t));
    HKZ_CHECK(F->bo && F->off, HKZ_ERR_NOMEM, "out of memory");
    F->bo[0] = 0;
    F->off[0] = 0;
    for (k = 0; k <= F->K; k++)
    {
        F->bo[k + 1] = F->bo[k] + F->M[k] + 1;
        F->off[k + 1] = (size_t) F->bo[k + 1];
        mmax = FLINT_MAX(mmax, F->M[k]);
    }
    F->h = 1;
    while (((slong) 1 << F->h) <= mmax + 1)
        F->h++;
    HKZ_TRY(hkz_su2_sub_wcache_init(&F->cf));
    HKZ_TRY(_hkz_su2_sub_coef_add(F->cf, FIX_WP(F), F->K, F->M));
    F->frame = 1;
    return HKZ_SUCCESS;
}

static void rows_free(_hkz_sub_fix_row *w, slong n)
{
    slong i;
    for (i = 0; w != NULL && i < n; i++)
    {
        _hkz_sub_fix_row_clear(w + i);
        mag_clear(w[i].e); mag_clear(w[i].S); mag_clear(w[i].tail);
    }
    free(w);
}

void hkz_su2_sub_fix_set_bits(hkz_su2_sub_fix_t f, slong bits)
{
    slong i;
    f->bits = bits;
    for (i = 0; i < f->nr; i++)
        _hkz_sub_fix_row_clear(f->R + i);
    for (i = 0; i < f->nz; i++)
        _hkz_sub_fix_row_clear(f->Z + i);
    for (i = 0; i < f->nt; i++)
        _hkz_sub_fix_row_clear(f->T + i);
}

void hkz_su2_sub_fix_clear(hkz_su2_sub_fix_t f)
{
    if (f == NULL)
        return;
    rows_free(f->R, f->nr);
    rows_free(f->Z, f->nz);
    rows_free(f->T, f->nt);
    free(f->M); free(f->bo); free(f->off);
    hkz_su2_sub_wcache_clear(f->cf);
    pthread_mutex_destroy(&f->lock);
    pthread_cond_destroy(&f->ready);
    free(f);
}
