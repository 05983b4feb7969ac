/* The time-dependent part of the sub-Laplacian grid (heat_sub_grid.c),
 * shared by all the calls with the same times and derivative order: the
 * truncation (K, M_k) chosen from the smallest t, the weights C[mode, t]
 * and their errors (Arb, rounded to double), the truncation tails (mag)
 * and the basis recurrence coefficients with their a priori bounds
 * (heat_sub_grid_basis.c).  The grid driver calls the grid once per tile
 * of points with the same times, so the last plan is kept (one entry,
 * reference counted, under a mutex) and reused: the values do not depend
 * on whether a plan was reused (it is a pure function of (t, d)). */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* caps: modes in the GEMM, and modes x times (the weight matrix) */
#define SUB_GRID_MODES_MAX ((size_t) 1 << 20)
#define SUB_GRID_CT_MAX ((size_t) 1 << 25)
#define WEIGHT_PREC 96

/* ---- truncation tail, spec 3.5 with weights lambda^d (the bounds of the
 * certified d-th derivative, heat_sub_tail.c) ---- */

/* the tail bound at tlo (valid for every t >= tlo) */
/* the keys of plans' weights for the engine (never reused) */
static _Atomic uint64_t plan_keys = 0;

static double sub_tail_at(double tlo, const slong *Mk, slong K, ulong d)
{
    mag_t s, sum, b;
    slong k;
    double res;

    mag_init(s); mag_init(sum); mag_init(b);
    mag_set_d_lower(s, tlo);
    hkz_su2_sub_tail_k_internal(sum, (ulong) K, s, d);
    for (k = 0; k <= K; k++)
    {
        hkz_su2_sub_tail_m_internal(b, (ulong) k, (ulong) Mk[k], s, d);
        mag_add(sum, sum, b);
    }
    res = _hkz_su2_grid_mag_get_d(sum);
    mag_clear(s); mag_clear(sum); mag_clear(b);
    return res;
}

/* tail[j] for every time: sum_k (m-tail of k) + (k-tail beyond K).  The
 * terms lambda^d e^{-lambda t} decrease in t, so the bound at any
 * s <= t_j holds at t_j: it is computed at the anchors s_a = tmin 1.25^a
 * only (a <= TAIL_ANCHORS) and t_j takes the largest s_a <= t_j. */
#define TAIL_ANCHORS 200
static void sub_tails(double *tail, const double *t, size_t nt,
                      const slong *Mk, slong K, ulong d)
{
    double tmin = t[0], sa[TAIL_ANCHORS + 1], ta[TAIL_ANCHORS + 1];
    size_t j;
    int a, na = 0;

    for (j = 1; j < nt; j++)
        tmin = FLINT_MIN(tmin, t[j]);
    sa[0] = tmin;
    for (a = 1; a <= TAIL_ANCHORS; a++)
        sa[a] = sa[a - 1] * 1.25;
    for (j = 0; j < nt; j++)
    {
        a = 0;
        while (a < TAIL_ANCHORS && sa[a + 1] <= t[j])
            a++;
        /* anchors are computed in order, each once */
        while (na <= a)
        {
            ta[na] = sub_tail_at(sa[na], Mk, K, d);
            na++;
        }
        tail[j] = ta[a];
    }
}

/* ---- weights C[mode, j] = (2m+k+1) (-lambda)^d e^{-lambda t_j} -------- */

typedef struct
{
    double *C, *cerr;
    size_t ldc;
    const double *t;
    const slong *Mk;
    slong K;
    ulong d;
} weights_job;

/* the columns [j0, j1) of the weights (each column on its own: the same
 * doubles on any number of threads) */
static void sub_weights_range(size_t j0, size_t j1, void *arg)
{
    const weights_job *W = arg;
    double *C = W->C, *cerr = W->cerr;
    const slong *Mk = W->Mk;
    size_t ldc = W->ldc, j, mode;
    ulong d = W->d;
    arb_t tt, q, q2, e2, g0, Q, w, rho, v, lam;
    slong k, m;

    arb_init(tt); arb_init(q); arb_init(q2); arb_init(e2); arb_init(g0);
    arb_init(Q); arb_init(w); arb_init(rho); arb_init(v); arb_init(lam);
    for (j = j0; j < j1; j++)
    {
        /* d = 0: doubles from Arb tables, proven bound (the file's
         * comment); else, or if the tables fail, Arb per mode */
        if (d == 0 && _hkz_su2_sub_weights_d(C + j * ldc, cerr + j * ldc,
                                             W->t[j], Mk, W->K))
            continue;
        arb_set_d(tt, W->t[j]);
        arb_mul_si(v, tt, -4, WEIGHT_PREC);
        arb_exp(q, v, WEIGHT_PREC);            /* q = e^{-4t} */
        arb_sqr(q2, q, WEIGHT_PREC);
        arb_mul_si(v, tt, -2, WEIGHT_PREC);
        arb_exp(e2, v, WEIGHT_PREC);           /* e^{-2t} */
        arb_one(g0);                           /* e^{-2kt} */
        arb_set(Q, q2);                        /* q^{k+2} */
        mode = 0;
        for (k = 0; k <= W->K; k++)
        {
            /* e^{-lambda_{m,k} t} = e^{-2kt} q^{m(m+k+1)}, ratio of
             * consecutive m: q^{2m+k+2} */
            arb_set(w, g0);
            arb_set(rho, Q);
            for (m = 0; m <= Mk[k]; m++, mode++)
            {
                arb_mul_ui(v, w, (ulong) (2 * m + k + 1), WEIGHT_PREC);
                if (d > 0)
                {
                    /* (-lambda)^d, lambda = 4m(m+k+1) + 2k exact */
                    arb_set_ui(lam, (ulong) (4 * m * (m + k + 1) + 2 * k));
                    arb_pow_ui(lam, lam, d, WEIGHT_PREC);
                    arb_mul(v, v, lam, WEIGHT_PREC);
                    if (d & 1)
                        arb_neg(v, v);
                }
                C[mode + j * ldc] = _hkz_su2_grid_get_d(cerr + mode + j * ldc,
                                                    v);
                arb_mul(w, w, rho, WEIGHT_PREC);
                arb_mul(rho, rho, q2, WEIGHT_PREC);
            }
            arb_mul(g0, g0, e2, WEIGHT_PREC);
            arb_mul(Q, Q, q, WEIGHT_PREC);
        }
    }
    arb_clear(tt); arb_clear(q); arb_clear(q2); arb_clear(e2); arb_clear(g0);
    arb_clear(Q); arb_clear(w); arb_clear(rho); arb_clear(v); arb_clear(lam);
    flint_cleanup();
}

static int sub_weights(double *C, double *cerr, size_t ldc, const double *t,
                       size_t nt, const slong *Mk, slong K, ulong d,
                       hkz_engine_t e)
{
    weights_job W;
    W.C = C;
    W.cerr = cerr;
    W.ldc = ldc;
    W.t = t;
    W.Mk = Mk;
    W.K = K;
    W.d = d;
    return hkz_engine_parallel_for(e, nt, sub_weights_range, &W);
}

/* ---- plans and the one-entry cache ----------------------------------- */

static void plan_free(_hkz_su2_sub_plan_t *P)
{
    if (P == NULL)
        return;
    _hkz_su2_sub_basis_clear(&P->S);
    free(P->t); free(P->Mk); free(P->C); free(P->cerr); free(P->tail);
    free(P);
}

static int plan_build(_hkz_su2_sub_plan_t **res, const double *t, size_t nt,
                      ulong d, hkz_engine_t e)
{
    _hkz_su2_sub_plan_t *P;
    double tmin = t[0], logtol, logtol_k;
    size_t j;
    slong k;
    int status = HKZ_SUCCESS;

    *res = NULL;
    P = calloc(1, sizeof(_hkz_su2_sub_plan_t));
    HKZ_CHECK(P != NULL, HKZ_ERR_NOMEM, "hkz_su2_heat_sub_grid: out of "
              "memory");
    P->d = d;
    P->nt = nt;
    P->refs = 1;
    P->ckey = atomic_fetch_add(&plan_keys, 1) + 1;
    for (j = 1; j < nt; j++)
        tmin = FLINT_MIN(tmin, t[j]);
    /* truncation from the smallest t (steering only; the tail is bounded
     * rigorously below for every t): half of 2^-56 p_t(e) for |k| > K,
     * the other half shared by the m-tails */
    logtol = -56.0 * M_LN2 + hkz_su2_sub_log_scale_internal(tmin, d);
    P->K = hkz_su2_sub_choose_K_internal(tmin, d, logtol);
    HKZ_CHECK_GOTO(P->K < HKZ_SUB_KMAX, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_grid: smallest t = %g is too small "
                   "for the grid route", tmin);
    logtol_k = logtol - M_LN2 - log(P->K + 1.0);
    P->Mk = malloc((size_t) (P->K + 1) * sizeof(slong));
    P->t = malloc(nt * sizeof(double));
    HKZ_CHECK_GOTO(P->Mk != NULL && P->t != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_grid: out of memory");
    memcpy(P->t, t, nt * sizeof(double));
    for (k = 0; k <= P->K; k++)
    {
        P->Mk[k] = hkz_su2_sub_choose_M_internal(k == 0 ? 0 : P->Mk[k - 1],
                                                 k, tmin, d, logtol_k);
        P->nmodes += (size_t) P->Mk[k] + 1;
    }
    HKZ_CHECK_GOTO(P->nmodes <= SUB_GRID_MODES_MAX
                   && P->nmodes * nt <= SUB_GRID_CT_MAX, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_grid: smallest t = %g needs %zu modes "
                   "for %zu times (max %zu modes, %zu modes x times)", tmin,
                   P->nmodes, nt, SUB_GRID_MODES_MAX, SUB_GRID_CT_MAX);
    P->C = malloc(P->nmodes * nt * sizeof(double));
    P->cerr = malloc(P->nmodes * nt * sizeof(double));
    P->tail = malloc(nt * sizeof(double));
    HKZ_CHECK_GOTO(P->C && P->cerr && P->tail, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_grid: out of memory (%zu modes)",
                   P->nmodes);
    HKZ_TRY_GOTO(sub_weights(P->C, P->cerr, P->nmodes, t, nt, P->Mk, P->K,
                             d, e));
    sub_tails(P->tail, t, nt, P->Mk, P->K, d);
    HKZ_TRY_GOTO(_hkz_su2_sub_basis_init(&P->S, P->K, P->Mk, P->nmodes));
cleanup:
    if (status != HKZ_SUCCESS)
        plan_free(P);
    else
        *res = P;
    return status;
}

static pthread_mutex_t plan_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static _hkz_su2_sub_plan_t *plan_cache = NULL;

static int plan_matches(const _hkz_su2_sub_plan_t *P, const double *t,
                        size_t nt, ulong d)
{
    return P != NULL && P->d == d && P->nt == nt
           && memcmp(P->t, t, nt * sizeof(double)) == 0;
}

int _hkz_su2_sub_plan_get(_hkz_su2_sub_plan_t **P, const double *t,
                          size_t nt, ulong d, hkz_engine_t e)
{
    _hkz_su2_sub_plan_t *old = NULL;
    int status;

    /* one build at a time: the device threads of a grid ask for the
     * same plan at once, and all but the first find it built */
    pthread_mutex_lock(&build_lock);
    pthread_mutex_lock(&plan_lock);
    if (plan_matches(plan_cache, t, nt, d))
    {
        plan_cache->refs++;
        *P = plan_cache;
        pthread_mutex_unlock(&plan_lock);
        pthread_mutex_unlock(&build_lock);
        return HKZ_SUCCESS;
    }
    pthread_mutex_unlock(&plan_lock);
    status = plan_build(P, t, nt, d, e);
    if (status != HKZ_SUCCESS)
    {
        pthread_mutex_unlock(&build_lock);
        return status;
    }
    pthread_mutex_lock(&plan_lock);
    /* the cache's reference moves to the new plan */
    if (plan_cache != NULL && --plan_cache->refs == 0)
        old = plan_cache;
    plan_cache = *P;
    plan_cache->refs++;
    pthread_mutex_unlock(&plan_lock);
    pthread_mutex_unlock(&build_lock);
    plan_free(old);
    return HKZ_SUCCESS;
}

void _hkz_su2_sub_plan_release(_hkz_su2_sub_plan_t *P)
{
    int last;
    if (P == NULL)
        return;
    pthread_mutex_lock(&plan_lock);
    last = --P->refs == 0;
    pthread_mutex_unlock(&plan_lock);
    if (last)
        plan_free(P);
}
