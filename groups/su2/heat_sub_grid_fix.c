/* The exact fixed-point tier of su2-sub grids (hkz/su2.h:
 * hkz_su2_sub_fix_*): the entries the double engine cannot certify (small
 * values after cancellation in (3.1)) without Arb arithmetic per entry.
 *
 * The sum.  With c_0 = 1, c_k = 2 cos(kz), b_km = cos(r)^k P_m^{(0,k)}(cos
 * 2r) and W_km = (2m+k+1) e^{-lambda t}, lambda = 4m(m+k+1) + 2k (spec
 * 3.2), (3.1) reads
 *   p_t(r, z) = sum_{k <= K} c_k G_k + R,  G_k = sum_{m <= M_k} b_km W_km,
 * where K = K(t), M_k = M_k(t) come from the steering functions at a
 * tolerance of 2^-FIX_TOLBITS times the size of p_t(e) and |R| <= tail(t),
 * the proven bound of spec 3.5 (hkz_su2_sub_tail_m_internal for each k,
 * hkz_su2_sub_tail_k_internal beyond K; valid at every point since |D^n_kk|
 * <= 1), evaluated at a lower bound of t.
 *
 * Digits.  b, c, W are Arb balls at FIX_WP bits, turned into integers
 * B = trunc(mid b 2^Fb) etc. (hkz/engine.h: HKZ_FIX_L digits of
 * HKZ_FIX_D bits, 208 bits): b~ = B 2^-Fb, c~ = C 2^-Fc, W~ = Y 2^-Fw with
 *   |b - b~| <= e_b = max rad(b) + 2^-Fb   (per r),
 *   |c - c~| <= e_c = max rad(c) + 2^-Fc   (per z),
 *   |W - W~| <= e_W = max rad(W) + 2^-Fw   (per t).
 * Fb = 206 (|b| <= 1: |b_km| = |D^n_kk(g)| at z = 0 is at most 1, pi_n
 * unitary), Fc = 205 (|c| <= 2), Fw = 206 - w - h with 2^w > max |W~| and
 * 2^h > M_k + 1 for all k of the frame, so that every integer below stays
 * under 2^207 (checked by the engine as well).
 *
 * Exact sums (kernels/cpu/engine_fix.c, kernels/cuda/engine_fix.cu): the
 * engine returns G~_k = 2^-Fg floor(2^Fg G^_k) with G^_k = sum_m b~ W~
 * (exact) and Fg = Fb + Fw - 208, then V = sum_k c~_k G~_k exactly.  So
 * the only errors are the roundings of the inputs, the floor and the tail:
 *   |G_k - G^_k| <= sum_m |b| |W - W~| + |b - b~| |W~|
 *                <= (M_k + 1) e_W + e_b S_k,     S_k = sum_m |W~_km|,
 *   0 <= G^_k - G~_k < e_G = 2^-Fg,
 *   |G~_k| <= |G^_k| + e_G <= (1 + e_b) S_k + e_G,
 *   p - V - R = sum_k c_k (G_k - G~_k) + (c_k - c~_k) G~_k,
 * and with |c_k| <= 2, N = sum_k (M_k + 1), S = sum_k S_k:
 *   |p - V| <= 2 (N e_W + e_b S + (K+1) e_G)
 *              + e_c ((1 + e_b) S + (K+1) e_G) + tail(t)       (*)
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

#define FIX_WP 320
#define FIX_TOLBITS 186
#define FIX_BITS (HKZ_FIX_D * HKZ_FIX_L)
#define FB (FIX_BITS - 2)
#define FC (FIX_BITS - 3)

typedef struct
{
    int32_t *d;          /* digits (NULL: not made yet) */
    uint32_t *yl;        /* t rows: terms of each k */
    mag_t e, S, tail;    /* input error; t rows: S and tail of (*) */
    slong K, fw;         /* t rows: own K, Fw */
    double N;            /* t rows: modes */
    int made, ok;        /* row computed; usable */
} fix_row;

struct hkz_su2_sub_fix_struct
{
    const arb_struct *r, *z, *t;
    slong nr, nz, nt;
    slong K, h;          /* frame: k <= K; 2^h > M_k + 1 */
    slong *M, *bo;       /* K + 1 each; bo: offsets (slong) */
    size_t *off;         /* K + 2 offsets */
    int frame;           /* a frame exists */
    slong bits;          /* inputs rounded to 2^-bits (0: their F) */
    fix_row *R, *Z, *T;
    hkz_su2_sub_wcache_t cf;   /* Jacobi recurrence tables at FIX_WP */
};

/* digits of trunc(mid(x) 2^F), |.| < 2^{FIX_BITS - 1} (0 if larger);
 * e = max(e, rad x) */
static int fix_set(int32_t *dg, mag_t e, const arb_t x, slong F, slong F1,
                   fmpz_t y)
{
    ulong lim[(FIX_BITS + FLINT_BITS - 1) / FLINT_BITS + 1];
    int s, i;

    /* trunc at 2^-F1 (F1 <= F), then at the scale 2^-F */
    arf_get_fmpz_fixed_si(y, arb_midref(x), -F1);
    fmpz_mul_2exp(y, y, (ulong) (F - F1));
    if (fmpz_bits(y) > FIX_BITS - 1)
        return 0;
    s = fmpz_sgn(y);
    fmpz_abs(y, y);
    memset(lim, 0, sizeof(lim));
    fmpz_get_ui_array(lim, sizeof(lim) / sizeof(ulong), y);
    for (i = 0; i < HKZ_FIX_L; i++)
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

/* the truncation of (3.1) at t (a double lower bound): K, M[0..K] */
static slong fix_trunc(slong *M, slong Kmax, double td)
{
    double logtol = -FIX_TOLBITS * M_LN2
                    + hkz_su2_sub_log_scale_internal(td, 0), lk;
    slong K = hkz_su2_sub_choose_K_internal(td, 0, logtol), k, m = 0;

    if (K > Kmax)
        return -1;
    lk = logtol - M_LN2 - log(K + 1.0);
    for (k = 0; k <= K; k++)
        M[k] = m = hkz_su2_sub_choose_M_internal(m, k, td, 0, lk);
    return K;
}

static double lower_d(const arb_t x)
{
    arf_t lo;
    double v;
    arf_init(lo);
    arb_get_lbound_arf(lo, x, 64);
    v = arf_get_d(lo, ARF_RND_DOWN);
    arf_clear(lo);
    return v;
}

int hkz_su2_sub_fix_init(hkz_su2_sub_fix_t *f, const arb_struct *r,
        slong nr, const arb_struct *z, slong nz, const arb_struct *t,
        slong nt)
{
    hkz_su2_sub_fix_t F;
    double tmin = INFINITY;
    slong j, k, mmax = 0;

    *f = F = calloc(1, sizeof(struct hkz_su2_sub_fix_struct));
    HKZ_CHECK(F != NULL, HKZ_ERR_NOMEM, "hkz_su2_sub_fix_init: out of "
              "memory");
    F->r = r; F->z = z; F->t = t; F->nr = nr; F->nz = nz; F->nt = nt;
    F->R = calloc(FLINT_MAX(nr, 1), sizeof(fix_row));
    F->Z = calloc(FLINT_MAX(nz, 1), sizeof(fix_row));
    F->T = calloc(FLINT_MAX(nt, 1), sizeof(fix_row));
    HKZ_CHECK(F->R && F->Z && F->T, HKZ_ERR_NOMEM,
              "hkz_su2_sub_fix_init: out of memory");
    for (j = 0; j < nt; j++)
    {
        double td = lower_d(t + j);
        if (td > 0)
            tmin = fmin(tmin, td);
    }
    if (!(tmin < INFINITY))
        return HKZ_SUCCESS;               /* no frame: no results */
    F->M = malloc((HKZ_SUB_KMAX + 1) * sizeof(slong));
    HKZ_CHECK(F->M != NULL, HKZ_ERR_NOMEM, "out of memory");
    F->K = fix_trunc(F->M, HKZ_SUB_KMAX - 1, tmin);
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
    HKZ_TRY(_hkz_su2_sub_coef_add(F->cf, FIX_WP, F->K, F->M));
    F->frame = 1;
    return HKZ_SUCCESS;
}

/* frees the digits (the row is made again when needed); the mags of a
 * calloc'ed row are valid zeros, those of a cleared row stay valid */
static void row_clear(fix_row *w)
{
    free(w->d);
    free(w->yl);
    w->d = NULL;
    w->yl = NULL;
    w->made = w->ok = 0;
}

static void rows_free(fix_row *w, slong n)
{
    slong i;
    for (i = 0; w != NULL && i < n; i++)
    {
        row_clear(w + i);
        mag_clear(w[i].e); mag_clear(w[i].S); mag_clear(w[i].tail);
    }
    free(w);
}

void hkz_su2_sub_fix_set_bits(hkz_su2_sub_fix_t f, slong bits)
{
    slong i;
    f->bits = bits;
    for (i = 0; i < f->nr; i++)
        row_clear(f->R + i);
    for (i = 0; i < f->nz; i++)
        row_clear(f->Z + i);
    for (i = 0; i < f->nt; i++)
        row_clear(f->T + i);
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
    free(f);
}

/* the r row: b_km at FIX_WP, digits at Fb */
static void make_r(hkz_su2_sub_fix_t F, fix_row *w, const arb_t r)
{
    size_t n = F->off[F->K + 1], i;
    arb_ptr B = _arb_vec_init(n), ws = _arb_vec_init(4);
    fmpz_t y;

    fmpz_init(y);
    w->d = malloc(n * HKZ_FIX_L * sizeof(int32_t));
    w->ok = w->d != NULL;
    mag_zero(w->e);
    if (w->ok)
        _hkz_su2_sub_r_basis(B, F->bo, F->K, F->M, r, FIX_WP, F->cf, ws);
    for (i = 0; w->ok && i < n; i++)
        w->ok = arb_is_finite(B + i)
                && fix_set(w->d + i * HKZ_FIX_L, w->e, B + i, FB,
                           fix_f1(F, FB), y);
    fix_add_ulp(w->e, fix_f1(F, FB));
    fmpz_clear(y);
    _arb_vec_clear(B, n);
    _arb_vec_clear(ws, 4);
}

/* the z row: c_k = 2 cos kz (c_0 = 1) at FIX_WP, digits at Fc */
static void make_z(hkz_su2_sub_fix_t F, fix_row *w, const arb_t z)
{
    slong k;
    arb_ptr c = _arb_vec_init(F->K + 1);
    arb_t zr;
    fmpz_t y;

    arb_init(zr);
    fmpz_init(y);
    w->d = malloc((F->K + 1) * HKZ_FIX_L * sizeof(int32_t));
    w->ok = w->d != NULL && arb_is_finite(z);
    mag_zero(w->e);
    if (w->ok)
    {
        hkz_su2_sub_reduce_z_internal(zr, z, FIX_WP);
        _hkz_su2_sub_cos_factors(c, F->K, zr, FIX_WP);
    }
    for (k = 0; w->ok && k <= F->K; k++)
        w->ok = arb_is_finite(c + k)
                && fix_set(w->d + k * HKZ_FIX_L, w->e, c + k, FC,
                           fix_f1(F, FC), y);
    fix_add_ulp(w->e, fix_f1(F, FC));
    arb_clear(zr);
    fmpz_clear(y);
    _arb_vec_clear(c, F->K + 1);
}

/* the t row: own truncation, weights (2m+k+1) e^{-lambda t} at FIX_WP
 * (the recurrence of heat_sub_grid_wcache.c), digits at Fw, S, tail */
static void make_t(hkz_su2_sub_fix_t F, fix_row *w, const arb_t t)
{
    size_t n = F->off[F->K + 1];
    double td = lower_d(t);
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
    K = M != NULL && td > 0 ? fix_trunc(M, F->K, td) : -1;
    for (k = 0; K >= 0 && k <= K; k++)
        if (M[k] > F->M[k])
            K = -1;              /* outside the frame */
    w->d = K >= 0 ? calloc(n * HKZ_FIX_L, sizeof(int32_t)) : NULL;
    w->yl = K >= 0 ? calloc(F->K + 1, sizeof(uint32_t)) : NULL;
    if (w->d == NULL || w->yl == NULL)
        goto done;
    w->K = K;
    /* e^{-lambda t} = e^{-2kt} e^{-4m(m+k+1)t}: W_{m+1}/W_m (without the
     * factor 2m+k+1) = q^{2m+k+2}, q = e^{-4t} */
    arb_mul_si(a, t, -4, FIX_WP);
    arb_exp(q, a, FIX_WP);
    arb_sqr(q2, q, FIX_WP);
    arb_mul_si(a, t, -2, FIX_WP);
    arb_exp(e2, a, FIX_WP);
    arb_one(wk);
    arb_set(rk, q2);
    w->N = 0;
    for (k = 0; k <= K; k++)
    {
        arb_set(wm, wk);
        arb_set(rho, rk);
        for (m = 0; m <= M[k]; m++)
        {
            arb_mul_ui(W + F->off[k] + m, wm, 2 * (ulong) m + k + 1, FIX_WP);
            arb_mul(wm, wm, rho, FIX_WP);
            arb_mul(rho, rho, q2, FIX_WP);
        }
        arb_mul(wk, wk, e2, FIX_WP);
        arb_mul(rk, rk, q, FIX_WP);
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
    w->fw = FB - w->fw - F->h;
    w->ok = 1;
    for (k = 0; w->ok && k <= K; k++)
        for (m = 0; w->ok && m <= M[k]; m++)
        {
            arb_srcptr x = W + F->off[k] + m;
            w->ok = fix_set(w->d + (F->off[k] + m) * HKZ_FIX_L, w->e, x,
                            w->fw, fix_f1(F, w->fw), y);
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

/* the rows to make: kind (0 r, 1 z, 2 t) and index */
typedef struct
{
    hkz_su2_sub_fix_t F;
    int *kind;
    slong *idx;
} make_job;

static void make_range(size_t i0, size_t i1, void *arg)
{
    const make_job *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        slong x = J->idx[i];
        if (J->kind[i] == 0)
            make_r(J->F, J->F->R + x, J->F->r + x);
        else if (J->kind[i] == 1)
            make_z(J->F, J->F->Z + x, J->F->z + x);
        else
            make_t(J->F, J->F->T + x, J->F->t + x);
    }
    flint_cleanup();
}

/* makes the missing rows of (ir, iz[], jt[]) on the engine's threads;
 * frees the r rows below ir (the grids visit r in increasing order) */
static int fix_rows(hkz_su2_sub_fix_t F, hkz_engine_t e, slong ir,
        const slong *iz, slong ni, const slong *jt, slong nj)
{
    make_job J;
    slong n = 0, i;
    int status;

    J.F = F;
    J.kind = malloc((ni + nj + 1) * sizeof(int));
    J.idx = malloc((ni + nj + 1) * sizeof(slong));
    HKZ_CHECK(J.kind && J.idx, HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    for (i = 0; i < ir; i++)
        row_clear(F->R + i);
#define ADD(k, x, rows)                                                     \
    if (!rows[x].made)                                                      \
    {                                                                       \
        rows[x].made = 1;                                                   \
        J.kind[n] = k;                                                      \
        J.idx[n++] = x;                                                     \
    }
    ADD(0, ir, F->R);
    for (i = 0; i < ni; i++)
        ADD(1, iz[i], F->Z);
    for (i = 0; i < nj; i++)
        ADD(2, jt[i], F->T);
#undef ADD
    status = hkz_engine_parallel_for(e, (size_t) n, make_range, &J);
    free(J.kind);
    free(J.idx);
    return status;
}

/* res = V 2^-F exactly, radius (*) */
static void fix_ball(arb_t res, const int64_t *v, slong F)
{
    fmpz_t a, b;
    slong l;

    fmpz_init(a);
    fmpz_init(b);
    fmpz_set_si(a, v[2 * HKZ_FIX_L - 1]);
    for (l = 2 * HKZ_FIX_L - 2; l >= 0; l--)
    {
        fmpz_mul_2exp(a, a, HKZ_FIX_D);
        fmpz_add_ui(a, a, (ulong) v[l]);
    }
    fmpz_set_si(b, -F);
    arf_set_fmpz_2exp(arb_midref(res), a, b);
    fmpz_clear(a);
    fmpz_clear(b);
}

/* the bound (*) of the entry with rows x (r), c (z), w (t) */
static void fix_rad(mag_t rad, const fix_row *x, const fix_row *c,
                    const fix_row *w, slong fg)
{
    mag_t a, b, eg;

    mag_init(a); mag_init(b); mag_init(eg);
    mag_set_ui_2exp_si(eg, 1, -fg);
    mag_mul_ui(b, eg, (ulong) w->K + 1);        /* (K+1) e_G */
    mag_mul_ui(a, w->e, (ulong) w->N);          /* N e_W */
    mag_add(a, a, b);
    mag_addmul(a, x->e, w->S);                  /* + e_b S */
    mag_mul_2exp_si(rad, a, 1);                 /* 2 (...) */
    mag_one(a);
    mag_add(a, a, x->e);
    mag_mul(a, a, w->S);                        /* (1 + e_b) S */
    mag_add(a, a, b);
    mag_addmul(rad, c->e, a);                   /* + e_c (...) */
    mag_add(rad, rad, w->tail);
    mag_clear(a); mag_clear(b); mag_clear(eg);
}

int hkz_su2_sub_fix_eval(arb_ptr res, int *ok, hkz_su2_sub_fix_t F,
        hkz_engine_t e, slong ir, const slong *iz, slong ni,
        const slong *jt, slong nj)
{
    size_t nk, nq = 0, nc = 0, i, j;
    const int32_t **x = NULL, **y = NULL, **zr = NULL;
    const uint32_t **yl = NULL;
    slong *q = NULL, *qz = NULL;
    int32_t *G = NULL;
    int64_t *V = NULL;
    int status = HKZ_SUCCESS;

    for (i = 0; i < (size_t) (ni * nj); i++)
        ok[i] = 0;
    if (!F->frame || ni == 0 || nj == 0)
        return HKZ_SUCCESS;
    HKZ_CHECK(ir >= 0 && ir < F->nr, HKZ_ERR_ARG, "su2-sub tier: r index");
    for (i = 0; i < (size_t) ni; i++)
        HKZ_CHECK(iz[i] >= 0 && iz[i] < F->nz, HKZ_ERR_ARG,
                  "su2-sub tier: z index");
    for (j = 0; j < (size_t) nj; j++)
        HKZ_CHECK(jt[j] >= 0 && jt[j] < F->nt, HKZ_ERR_ARG,
                  "su2-sub tier: t index");
    HKZ_TRY(fix_rows(F, e, ir, iz, ni, jt, nj));
    if (F->R[ir].ok != 1)
        return HKZ_SUCCESS;
    nk = (size_t) F->K + 1;
    x = malloc(nj * sizeof(*x));
    y = malloc(nj * sizeof(*y));
    yl = malloc(nj * sizeof(*yl));
    zr = malloc(ni * sizeof(*zr));
    q = malloc(nj * sizeof(slong));
    qz = malloc(ni * sizeof(slong));
    HKZ_CHECK_GOTO(x && y && yl && zr && q && qz, HKZ_ERR_NOMEM,
                   "su2-sub tier: out of memory");
    for (j = 0; j < (size_t) nj; j++)
    {
        const fix_row *w = F->T + jt[j];
        q[j] = -1;
        if (w->ok != 1)
            continue;
        x[nq] = F->R[ir].d;
        y[nq] = w->d;
        yl[nq] = w->yl;
        q[j] = (slong) nq++;
    }
    for (i = 0; i < (size_t) ni; i++)
    {
        qz[i] = -1;
        if (F->Z[iz[i]].ok == 1)
        {
            zr[nc] = F->Z[iz[i]].d;
            qz[i] = (slong) nc++;
        }
    }
    G = malloc(FLINT_MAX(nq, 1) * nk * HKZ_FIX_L * sizeof(int32_t));
    V = malloc(FLINT_MAX(nq * nc, 1) * 2 * HKZ_FIX_L * sizeof(int64_t));
    HKZ_CHECK_GOTO(G && V, HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    HKZ_TRY_GOTO(hkz_engine_fix_pairs(e, G, nk, F->off, nq, x, y, yl));
    HKZ_TRY_GOTO(hkz_engine_fix_gemm(e, V, nk, nc, zr, G, nq));
    for (i = 0; i < (size_t) ni; i++)
        for (j = 0; j < (size_t) nj; j++)
        {
            const fix_row *w = F->T + jt[j], *c = F->Z + iz[i];
            arb_ptr v = res + i * nj + j;
            slong fg;
            if (q[j] < 0 || qz[i] < 0)
                continue;
            fg = FB + w->fw - FIX_BITS;
            fix_ball(v, V + (qz[i] * nq + q[j]) * 2 * HKZ_FIX_L, FC + fg);
            fix_rad(arb_radref(v), F->R + ir, c, w, fg);
            ok[i * nj + j] = 1;
        }
cleanup:
    free(x); free(y); free(yl); free(zr); free(q); free(qz);
    free(G); free(V);
    return status;
}
