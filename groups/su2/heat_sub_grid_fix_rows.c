/* The rows of digits of the fixed-point tier (heat_sub_fix_internal.h):
 * per r the basis b_km, per z 2 cos(kz), per t the weights W_km, each
 * computed in Arb at FIX_WP(F) bits and truncated to F->L digits at its
 * scale, with the largest input error e (radius + truncation) and, for t,
 * the sums S, N and the tail of the bound (*) of heat_sub_grid_fix.c.
 * Every row gets a fresh key (a process-wide counter) when made, so a
 * device cache never confuses two contents. */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"
#include "heat_sub_fix_internal.h"

static _Atomic uint64_t fix_keys = 0;

/* L digits of trunc(mid(x) 2^F), |.| < 2^{26 L - 1} (0 if larger);
 * e = max(e, rad x) */
static int fix_set(int32_t *dg, mag_t e, const arb_t x, slong F, slong F1,
                   fmpz_t y, int L)
{
    ulong lim[(HKZ_FIX_D * HKZ_FIX_LMAX + FLINT_BITS - 1) / FLINT_BITS + 1];
    int s, i;

    /* trunc at 2^-F1 (F1 <= F), then at the scale 2^-F */
    arf_get_fmpz_fixed_si(y, arb_midref(x), -F1);
    fmpz_mul_2exp(y, y, (ulong) (F - F1));
    if (fmpz_bits(y) > (ulong) (HKZ_FIX_D * L - 1))
        return 0;
    s = fmpz_sgn(y);
    fmpz_abs(y, y);
    memset(lim, 0, sizeof(lim));
    fmpz_get_ui_array(lim, sizeof(lim) / sizeof(ulong), y);
    for (i = 0; i < L; i++)
    {
        slong b = (slong) i * HKZ_FIX_D, w = b / FLINT_BITS, o = b % FLINT_BITS;
        ulong v = lim[w] >> o;
        if (o + HKZ_FIX_D > FLINT_BITS)
            v |= lim[w + 1] << (FLINT_BITS - o);
        v &= ((ulong) 1 << HKZ_FIX_D) - 1;
        dg[i] = s < 0 ? -(int32_t) v : (int32_t) v;
    }
    if (mag_cmp(arb_radref(x), e) > 0)
        mag_set(e, arb_radref(x));
    return 1;
}

/* the scale of the truncation of inputs at scale 2^-F */
static slong fix_f1(const struct hkz_su2_sub_fix_struct *f, slong F)
{
    return f->bits > 0 && f->bits < F ? f->bits : F;
}

/* e += 2^-F */
static void fix_add_ulp(mag_t e, slong F)
{
    mag_t u;
    mag_init(u);
    mag_set_ui_2exp_si(u, 1, -F);
    mag_add(e, e, u);
    mag_clear(u);
}

slong _hkz_sub_fix_trunc(slong *M, slong Kmax, double td, slong tolbits)
{
    double logtol = -tolbits * M_LN2
                    + hkz_su2_sub_log_scale_internal(td, 0), lk;
    slong K = hkz_su2_sub_choose_K_internal(td, 0, logtol), k, m = 0;

    if (K > Kmax)
        return -1;
    lk = logtol - M_LN2 - log(K + 1.0);
    for (k = 0; k <= K; k++)
        M[k] = m = hkz_su2_sub_choose_M_internal(m, k, td, 0, lk);
    return K;
}

double _hkz_sub_fix_lower_d(const arb_t x)
{
    arf_t lo;
    double v;
    arf_init(lo);
    arb_get_lbound_arf(lo, x, 64);
    v = arf_get_d(lo, ARF_RND_DOWN);
    arf_clear(lo);
    return v;
}

void _hkz_sub_fix_row_clear(_hkz_sub_fix_row *w)
{
    free(w->d);
    free(w->yl);
    w->d = NULL;
    w->yl = NULL;
    w->made = w->ok = w->ready = 0;
}

/* the r row: b_km at FIX_WP(F), digits at Fb */
static void make_r(hkz_su2_sub_fix_t F, _hkz_sub_fix_row *w, const arb_t r)
{
    size_t n = F->off[F->K + 1], i;
    arb_ptr B = _arb_vec_init(n), ws = _arb_vec_init(4);
    fmpz_t y;

    fmpz_init(y);
    w->d = malloc(n * F->L * sizeof(int32_t));
    w->ok = w->d != NULL;
    mag_zero(w->e);
    if (w->ok)
        _hkz_su2_sub_r_basis(B, F->bo, F->K, F->M, r, FIX_WP(F), F->cf, ws);
    for (i = 0; w->ok && i < n; i++)
        w->ok = arb_is_finite(B + i)
                && fix_set(w->d + i * F->L, w->e, B + i, FB(F),
                           fix_f1(F, FB(F)), y, F->L);
    fix_add_ulp(w->e, fix_f1(F, FB(F)));
    fmpz_clear(y);
    _arb_vec_clear(B, n);
    _arb_vec_clear(ws, 4);
}

/* the z row: c_k = 2 cos kz (c_0 = 1), digits at Fc.  The complex
 * products of _hkz_su2_sub_cos_factors multiply the radius by up to
 * |cos| + |sin| <= sqrt(2) each (the radii of both parts enter each
 * part), up to 31 + K/32 of them: half a bit each is added to the
 * precision (measured: 130 bits lost at K = 7205 without it) */
static void make_z(hkz_su2_sub_fix_t F, _hkz_sub_fix_row *w, const arb_t z)
{
    slong k, wp = FIX_WP(F) + (31 + F->K / 32) / 2 + 16;
    arb_ptr c = _arb_vec_init(F->K + 1);
    arb_t zr;
    fmpz_t y;

    arb_init(zr);
    fmpz_init(y);
    w->d = malloc((F->K + 1) * F->L * sizeof(int32_t));
    w->ok = w->d != NULL && arb_is_finite(z);
    mag_zero(w->e);
    if (w->ok)
    {
        hkz_su2_sub_reduce_z_internal(zr, z, wp);
        _hkz_su2_sub_cos_factors(c, F->K, zr, wp);
    }
    for (k = 0; w->ok && k <= F->K; k++)
        w->ok = arb_is_finite(c + k)
                && fix_set(w->d + k * F->L, w->e, c + k, FC(F),
                           fix_f1(F, FC(F)), y, F->L);
    fix_add_ulp(w->e, fix_f1(F, FC(F)));
    arb_clear(zr);
    fmpz_clear(y);
    _arb_vec_clear(c, F->K + 1);
}

/* the t row: own truncation, weights (2m+k+1) e^{-lambda t} at FIX_WP(F)
 * (the recurrence of heat_sub_grid_wcache.c), digits at Fw, S, tail */
static void make_t(hkz_su2_sub_fix_t F, _hkz_sub_fix_row *w, const arb_t t)
{
    size_t n = F->off[F->K + 1];
    double td = _hkz_sub_fix_lower_d(t);
    slong K, k, m, *M = malloc((F->K + 1) * sizeof(slong));
    arb_ptr W = _arb_vec_init(n);
    arb_t q, q2, e2, wk, rk, wm, rho, a;
    mag_t tlo, bk, mx;
    fmpz_t y;

    arb_init(q); arb_init(q2); arb_init(e2); arb_init(wk); arb_init(rk);
    arb_init(wm); arb_init(rho); arb_init(a);
    mag_init(tlo); mag_init(bk); mag_init(mx);
    fmpz_init(y);
    mag_zero(w->e); mag_zero(w->S); mag_zero(w->tail);
    w->ok = 0;
    K = M != NULL && td > 0 ? _hkz_sub_fix_trunc(M, F->K, td, FIX_TOLBITS(F)) : -1;
    for (k = 0; K >= 0 && k <= K; k++)
        if (M[k] > F->M[k])
            K = -1;              /* outside the frame */
    w->d = K >= 0 ? calloc(n * F->L, sizeof(int32_t)) : NULL;
    w->yl = K >= 0 ? calloc(F->K + 1, sizeof(uint32_t)) : NULL;
    if (w->d == NULL || w->yl == NULL)
        goto done;
    w->K = K;
    /* e^{-lambda t} = e^{-2kt} e^{-4m(m+k+1)t}: W_{m+1}/W_m (without the
     * factor 2m+k+1) = q^{2m+k+2}, q = e^{-4t} */
    arb_mul_si(a, t, -4, FIX_WP(F));
    arb_exp(q, a, FIX_WP(F));
    arb_sqr(q2, q, FIX_WP(F));
    arb_mul_si(a, t, -2, FIX_WP(F));
    arb_exp(e2, a, FIX_WP(F));
    arb_one(wk);
    arb_set(rk, q2);
    w->N = 0;
    for (k = 0; k <= K; k++)
    {
        arb_set(wm, wk);
        arb_set(rho, rk);
        for (m = 0; m <= M[k]; m++)
        {
            arb_mul_ui(W + F->off[k] + m, wm, 2 * (ulong) m + k + 1, FIX_WP(F));
            arb_mul(wm, wm, rho, FIX_WP(F));
            arb_mul(rho, rho, q2, FIX_WP(F));
        }
        arb_mul(wk, wk, e2, FIX_WP(F));
        arb_mul(rk, rk, q, FIX_WP(F));
        w->yl[k] = (uint32_t) (M[k] + 1);
        w->N += M[k] + 1;
    }
    /* w: 2^w > max |W| (upper bounds) */
    mag_zero(mx);
    for (k = 0; k <= K; k++)
        for (m = 0; m <= M[k]; m++)
        {
            arb_get_mag(bk, W + F->off[k] + m);
            if (mag_cmp(bk, mx) > 0)
                mag_set(mx, bk);
        }
    if (!mag_is_finite(mx) || mag_cmp_2exp_si(mx, 64) >= 0)
        goto done;
    w->fw = 0;                   /* 2^fw > max |W| (>= W_00 = 1) */
    while (mag_cmp_2exp_si(mx, w->fw) >= 0)
        w->fw++;
    w->fw = FB(F) - w->fw - F->h;
    w->ok = 1;
    for (k = 0; w->ok && k <= K; k++)
        for (m = 0; w->ok && m <= M[k]; m++)
        {
            arb_srcptr x = W + F->off[k] + m;
            w->ok = fix_set(w->d + (F->off[k] + m) * F->L, w->e, x,
                            w->fw, fix_f1(F, w->fw), y, F->L);
            arb_get_mag(bk, x);
            mag_add(w->S, w->S, bk);
        }
    fix_add_ulp(w->e, fix_f1(F, w->fw));
    /* S >= sum |W~|: |W~| <= |W| + e_W for each of the N terms */
    mag_mul_ui(bk, w->e, (ulong) w->N);
    mag_add(w->S, w->S, bk);
    /* the proven tails (spec 3.5) at a lower bound of t */
    arb_get_mag_lower(tlo, t);
    for (k = 0; k <= K; k++)
    {
        hkz_su2_sub_tail_m_internal(bk, (ulong) k, (ulong) M[k], tlo, 0);
        mag_add(w->tail, w->tail, bk);
    }
    hkz_su2_sub_tail_k_internal(bk, (ulong) K, tlo, 0);
    mag_add(w->tail, w->tail, bk);
done:
    free(M);
    _arb_vec_clear(W, n);
    arb_clear(q); arb_clear(q2); arb_clear(e2); arb_clear(wk);
    arb_clear(rk); arb_clear(wm); arb_clear(rho); arb_clear(a);
    mag_clear(tlo); mag_clear(bk); mag_clear(mx);
    fmpz_clear(y);
}

void _hkz_sub_fix_make(hkz_su2_sub_fix_t F, int kind, slong x)
{
    _hkz_sub_fix_row *w = (kind == 0 ? F->R : kind == 1 ? F->Z : F->T) + x;
    if (kind == 0)
        make_r(F, w, F->r + x);
    else if (kind == 1)
        make_z(F, w, F->z + x);
    else
        make_t(F, w, F->t + x);
    w->key = atomic_fetch_add(&fix_keys, 1) + 1;
}
