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

/* the midpoint of res = V 2^-F exactly: the 2L digits (the lower 2L - 1
 * in [0, 2^26), the top signed) packed into limbs as a two's complement
 * number, negated if negative, then one fmpz */
static void fix_ball(arb_t res, const int64_t *v, slong F, int L, fmpz_t a,
                     fmpz_t b)
{
    enum { NL = (HKZ_FIX_D * 2 * HKZ_FIX_LMAX + 64) / FLINT_BITS + 1 };
    ulong lim[NL], top;
    slong l, n = (HKZ_FIX_D * 2 * L + 64) / FLINT_BITS + 1, bit, w, o;
    int neg = v[2 * L - 1] < 0;

    memset(lim, 0, sizeof(lim));
    for (l = 0; l < 2 * L; l++)
    {
        bit = l * HKZ_FIX_D;
        w = bit / FLINT_BITS;
        o = bit % FLINT_BITS;
        top = (ulong) v[l];               /* two's complement for the top */
        lim[w] |= top << o;
        if (o > 0 && w + 1 < n)
            lim[w + 1] |= top >> (FLINT_BITS - o);
        if (l == 2 * L - 1 && neg)        /* sign extension */
        {
            if (o > 0 && w + 1 < n)
                lim[w + 1] |= ~(ulong) 0 << o;
            for (w += o > 0 ? 2 : 1; w < n; w++)
                lim[w] = ~(ulong) 0;
        }
    }
    if (neg)                              /* -V = ~V + 1 */
    {
        int c = 1;
        for (l = 0; l < n; l++)
        {
            lim[l] = ~lim[l] + (ulong) c;
            c = c && lim[l] == 0;
        }
    }
    fmpz_set_ui_array(a, lim, n);
    if (neg)
        fmpz_neg(a, a);
    fmpz_set_si(b, -F);
    arf_set_fmpz_2exp(arb_midref(res), a, b);
}

/* the parts of the bound (*) of the entries of the r row x and the t row
 * w that do not depend on z: rad = A + e_c B,
 *   A = 2 (N e_W + e_b S + (K+1) e_G) + tail + drop,
 *   B = (1 + e_b) S + (K+1) e_G */
static void fix_rad_t(mag_t A, mag_t B, const _hkz_sub_fix_row *x,
                      const _hkz_sub_fix_row *w, slong fg, slong nk, slong fc,
                      int L)
{
    mag_t a, b;

    mag_init(a); mag_init(b);
    /* the digit products the engine drops: HKZ_FIX_DROP units of
     * 2^-(Fc + Fg) */
    mag_set_ui_2exp_si(a, (ulong) (nk * L), HKZ_FIX_D * (L - 1) - fc - fg);
    mag_add(A, A, a);
    mag_set_ui_2exp_si(b, 1, -fg);
    mag_mul_ui(b, b, (ulong) w->K + 1);         /* (K+1) e_G */
    mag_mul_ui(a, w->e, (ulong) w->N);          /* N e_W */
    mag_add(a, a, b);
    mag_addmul(a, x->e, w->S);                  /* + e_b S */
    mag_mul_2exp_si(a, a, 1);
    mag_add(A, A, a);                           /* + 2 (...) */
    mag_add(A, A, w->tail);
    mag_one(a);
    mag_add(a, a, x->e);
    mag_mul(B, a, w->S);                        /* (1 + e_b) S */
    mag_add(B, B, b);
    mag_clear(a); mag_clear(b);
}

/* the balls of rows i0..i1 of z (post-processing on the engine's
 * threads: each ball depends on its own V and rows) */
typedef struct
{
    hkz_su2_sub_fix_t F;
    arb_ptr res;
    int *ok;
    const char *want;
    const int64_t *V;
    const slong *iz, *jt, *q, *qz;
    mag_srcptr A, B;
    slong ir, nj, goal;
    size_t nq;
} ball_job;

static void ball_range(size_t i0, size_t i1, void *arg)
{
    const ball_job *B = arg;
    size_t i;
    slong j;
    fmpz_t a, b;

    fmpz_init(a);
    fmpz_init(b);
    for (i = i0; i < i1; i++)
        for (j = 0; j < B->nj; j++)
        {
            const _hkz_sub_fix_row *w = B->F->T + B->jt[j];
            arb_ptr v = B->res + i * B->nj + j;
            slong fg = FB(B->F) + w->fw - FIX_BITS(B->F);
            if (B->q[j] < 0 || B->qz[i] < 0
                || (B->want != NULL && !B->want[i * B->nj + j]))
                continue;
            fix_ball(v, B->V + (B->qz[i] * B->nq + B->q[j]) * 2 * B->F->L,
                     FC(B->F) + fg, B->F->L, a, b);
            mag_set(arb_radref(v), B->A + j);
            mag_addmul(arb_radref(v), B->F->Z[B->iz[i]].e, B->B + j);
            B->ok[i * B->nj + j] = B->goal > 0
                && arb_rel_accuracy_bits(v) < B->goal ? 2 : 1;
        }
    fmpz_clear(a);
    fmpz_clear(b);
    flint_cleanup();
}

int hkz_su2_sub_fix_eval(arb_ptr res, int *ok, hkz_su2_sub_fix_t F,
        hkz_engine_t e, slong ir, const slong *iz, slong ni,
        const slong *jt, slong nj, slong goal)
{
    return hkz_su2_sub_fix_eval_some(res, ok, NULL, F, e, ir, iz, ni, jt,
                                     nj, goal);
}

int hkz_su2_sub_fix_eval_some(arb_ptr res, int *ok, const char *want,
        hkz_su2_sub_fix_t F, hkz_engine_t e, slong ir, const slong *iz,
        slong ni, const slong *jt, slong nj, slong goal)
{
    mag_ptr A = NULL, Bm = NULL;
    hkz_engine_fix_t f;
    ball_job B;
    size_t nq = 0, nc = 0, i, j;
    const int32_t **x = NULL, **y = NULL, **zr = NULL;
    const uint32_t **yl = NULL;
    uint64_t *xk = NULL, *yk = NULL, *zk = NULL;
    slong *q = NULL, *qz = NULL;
    int64_t *V = NULL;
    double t0;
    int status = HKZ_SUCCESS, rok;

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
    /* the rows (made under the lock; ours stay while we read them) */
    atomic_store(&F->used, 1);
    t0 = hkz_prof_now();
    status = _hkz_sub_fix_rows(F, e, ir, iz, ni, jt, nj, &rok);
    hkz_prof_add(HKZ_PROF_ROWS, t0);
    if (!rok)
        return status;
    x = malloc(nj * sizeof(*x));
    y = malloc(nj * sizeof(*y));
    yl = malloc(nj * sizeof(*yl));
    zr = malloc(ni * sizeof(*zr));
    xk = malloc(nj * sizeof(uint64_t));
    yk = malloc(nj * sizeof(uint64_t));
    zk = malloc(ni * sizeof(uint64_t));
    q = malloc(nj * sizeof(slong));
    qz = malloc(ni * sizeof(slong));
    HKZ_CHECK_GOTO(x && y && yl && zr && xk && yk && zk && q && qz,
                   HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    for (j = 0; j < (size_t) nj; j++)
    {
        const _hkz_sub_fix_row *w = F->T + jt[j];
        q[j] = -1;
        if (w->ok != 1)
            continue;
        x[nq] = F->R[ir].d;
        xk[nq] = F->R[ir].key;
        y[nq] = w->d;
        yl[nq] = w->yl;
        yk[nq] = w->key;
        q[j] = (slong) nq++;
    }
    for (i = 0; i < (size_t) ni; i++)
    {
        qz[i] = -1;
        if (F->Z[iz[i]].ok == 1)
        {
            zr[nc] = F->Z[iz[i]].d;
            zk[nc] = F->Z[iz[i]].key;
            qz[i] = (slong) nc++;
        }
    }
    V = malloc(FLINT_MAX(nq * nc, 1) * 2 * F->L * sizeof(int64_t));
    HKZ_CHECK_GOTO(V != NULL, HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    f.L = F->L;
    f.nk = (size_t) F->K + 1;
    f.off = F->off;
    f.nq = nq;
    f.x = x; f.y = y; f.yl = yl; f.xkey = xk; f.ykey = yk;
    f.nz = nc;
    f.z = zr;
    f.zkey = zk;
    t0 = hkz_prof_now();
    HKZ_TRY_GOTO(hkz_engine_fix_sum(e, V, &f));
    hkz_prof_add(HKZ_PROF_SUMS, t0);
    t0 = hkz_prof_now();
    A = _mag_vec_init(nj);
    Bm = _mag_vec_init(nj);
    for (j = 0; j < (size_t) nj; j++)
        if (q[j] >= 0)
            fix_rad_t(A + j, Bm + j, F->R + ir, F->T + jt[j],
                      FB(F) + F->T[jt[j]].fw - FIX_BITS(F), F->K + 1, FC(F),
                      F->L);
    B.A = A; B.B = Bm; B.goal = goal; B.want = want;
    B.F = F; B.res = res; B.ok = ok; B.V = V; B.iz = iz; B.jt = jt;
    B.q = q; B.qz = qz; B.ir = ir; B.nj = nj; B.nq = nq;
    status = hkz_engine_parallel_for(e, (size_t) ni, ball_range, &B);
    hkz_prof_add(HKZ_PROF_BALLS, t0);
cleanup:
    if (rok)
    {
        pthread_mutex_lock(&F->lock);
        F->R[ir].users--;
        pthread_mutex_unlock(&F->lock);
    }
    free(x); free(y); free(yl); free(zr); free(xk); free(yk); free(zk);
    free(q); free(qz); free(V);
    if (A != NULL)
    {
        _mag_vec_clear(A, nj);
        _mag_vec_clear(Bm, nj);
    }
    return status;
}
