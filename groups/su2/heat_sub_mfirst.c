/* p_t(r, z) at small t by the m-first sum (hkz/su2.h:
 * hkz_su2_heat_sub_mfirst).
 *
 * At small t the spectral sum (3.1) needs modes up to lambda ~ wp ln 2 /
 * t, and the families of small m reach far in k (m = 0: k ~ wp ln 2 /
 * (2t), 17751 at t = 0.01, wp = 512; 53380 modes in all).  Each family
 * m <= M0 is summed over every k in closed form (heat_sub_mfirst_family.c:
 * an identity, no truncation), so the spectral part keeps the modes m >
 * M0 only, which stop at k ~ wp ln 2 / ((4 M0 + 6) t) (K = 488, 19428
 * modes with the prefixes m <= M0 of their chains, at M0 = 16; the chains
 * of large k at fewer bits: heat_sub_mfirst_part.c):
 *   p = sum_{m <= M0} F_m + sum_{k <= K} c_k d_k + R,
 *   d_k = sum_{M0 < m <= M_k} b_km W_km,
 *   |R| <= sum_{k <= K} tail_m(k, max(M_k, M0)) + tail_k(K)
 * with tail_m of spec 3.5 (hkz_su2_sub_tail_m_internal, both signs of k)
 * and tail_k of heat_sub_mfirst_family.c, both at a lower bound of t.
 *
 * Precision.  Entry (t, r, z) sums at ws = _hkz_su2_sub_basis_key of its
 * working precision (that of the batched fallback: the cancellation of
 * (3.1) and the goal), the families at ws + HKZ_SUB_MF_GUARD; the
 * truncation's tolerance is 2^-ws times the scale of the sum (as the
 * fallback's).  So an entry's ball is a function of its own (t, r, z,
 * prec): the entries of one ws share the weights and truncation (kept in
 * the caller's cache for its next calls), those of one r the basis, those
 * of one z the 2 cos(kz). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "hkz/engine.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"
#include "heat_sub_mfirst_internal.h"

#define M0 HKZ_SUB_MF_M0

typedef struct
{
    slong ws, ir, iz, i;   /* an entry's sum precision, r, z, position */
} ekey_t;

/* one precision group on the threads: its entries key[0 .. n) sorted by
 * r, runs of one r at rs[0 .. nr] */
typedef struct
{
    const _hkz_sub_mf_part_t *S;
    const arb_struct *t, *r;
    const ekey_t *key;
    const slong *rs, *zslot;
    arb_ptr const *cz;    /* per z slot: 2 cos(kz), k <= K */
    acb_srcptr eiz;       /* per z slot */
    arb_ptr res;
    int *ok;
    slong prec, goal;
} run_t;

static void run_range(size_t a0, size_t a1, void *arg)
{
    const run_t *A = arg;
    const _hkz_sub_mf_part_t *S = A->S;
    slong K = S->K, k, j;
    arb_ptr B = _arb_vec_init(S->bo[K + 1]), d = _arb_vec_init(K + 1);
    arb_ptr ws = _arb_vec_init(5);
    arb_t s, f;
    size_t a;

    arb_init(s);
    arb_init(f);
    for (a = a0; a < a1; a++)
    {
        const arb_struct *r = A->r + A->key[A->rs[a]].ir;
        _hkz_sub_mf_fam_t F;

        _hkz_sub_mf_basis(B, S, r, ws);
        for (k = 0; k <= K; k++)
            if (S->M[k] > M0)
                arb_dot(d + k, NULL, 0, B + S->bo[k] + M0 + 1, 1,
                        S->W + S->wo[k], 1, S->M[k] - M0, S->ws);
            else
                arb_zero(d + k);
        _hkz_sub_mf_fam_init(&F, A->t, r, S->wf);
        for (j = A->rs[a]; j < A->rs[a + 1]; j++)
        {
            slong i = A->key[j].i, zs = A->zslot[j];
            arb_dot(s, NULL, 0, A->cz[zs], 1, d, 1, K + 1, S->ws);
            _hkz_sub_mf_fam_eval(f, &F, A->eiz + zs);
            arb_add(s, s, f, S->ws);
            arb_add_error_mag(s, S->tail);
            arb_set_round(A->res + i, s, A->prec);
            A->ok[i] = arb_is_finite(A->res + i) && (A->goal <= 0
                       || arb_rel_accuracy_bits(A->res + i) >= A->goal);
        }
        _hkz_sub_mf_fam_clear(&F);
    }
    arb_clear(s);
    arb_clear(f);
    _arb_vec_clear(B, S->bo[K + 1]);
    _arb_vec_clear(d, K + 1);
    _arb_vec_clear(ws, 5);
    flint_cleanup();
}

/* 2 cos(kz), k <= K, and e^{iz} of the z slots [a0, a1) */
typedef struct
{
    const _hkz_sub_mf_part_t *S;
    const arb_struct *z;
    const slong *zi;      /* per slot: the index into z */
    arb_ptr *cz;
    acb_ptr eiz;
} zrun_t;

static void z_range(size_t a0, size_t a1, void *arg)
{
    const zrun_t *A = arg;
    arb_t zr;
    size_t a;

    arb_init(zr);
    for (a = a0; a < a1; a++)
    {
        hkz_su2_sub_reduce_z_internal(zr, A->z + A->zi[a], A->S->wf);
        _hkz_su2_sub_cos_factors(A->cz[a], A->S->K, zr, A->S->ws);
        arb_sin_cos(acb_imagref(A->eiz + a), acb_realref(A->eiz + a), zr,
                    A->S->wf);
    }
    arb_clear(zr);
    flint_cleanup();
}

static int by_key(const void *x, const void *y)
{
    const ekey_t *a = x, *b = y;
    if (a->ws != b->ws)
        return a->ws < b->ws ? -1 : 1;
    if (a->ir != b->ir)
        return a->ir < b->ir ? -1 : 1;
    if (a->iz != b->iz)
        return a->iz < b->iz ? -1 : 1;
    return a->i < b->i ? -1 : (a->i > b->i);
}

/* the entries key[0 .. n) (one ws) */
static int group(arb_ptr res, int *ok, const arb_t t, const arb_struct *r,
                 const arb_struct *z, const ekey_t *key, slong n, slong prec,
                 slong goal, hkz_engine_t e, hkz_su2_sub_wcache_t c)
{
    slong j, nr = 0, nzs = 0, maxz = 0;
    slong *rs = malloc((n + 1) * sizeof(slong));
    slong *zslot = malloc(n * sizeof(slong)), *zi = malloc(n * sizeof(slong));
    slong *zmap = NULL;
    arb_ptr *cz = calloc(n, sizeof(arb_ptr));
    acb_ptr eiz = _acb_vec_init(n);
    _hkz_sub_mf_part_t *S = NULL;
    run_t A;
    zrun_t Z;
    int status = HKZ_SUCCESS, own = 0;

    HKZ_CHECK_GOTO(rs && zslot && zi && cz, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_mfirst: out of memory");
    for (j = 0; j < n; j++)
        maxz = FLINT_MAX(maxz, key[j].iz);
    zmap = malloc((maxz + 1) * sizeof(slong));
    HKZ_CHECK_GOTO(zmap != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_mfirst: out of memory");
    for (j = 0; j <= maxz; j++)
        zmap[j] = -1;
    for (j = 0; j < n; j++)
    {
        if (j == 0 || key[j].ir != key[j - 1].ir)
            rs[nr++] = j;
        if (zmap[key[j].iz] < 0)
        {
            zi[nzs] = key[j].iz;
            zmap[key[j].iz] = nzs++;
        }
        zslot[j] = zmap[key[j].iz];
    }
    rs[nr] = n;
    HKZ_TRY_GOTO(_hkz_sub_mf_part_get(&S, &own, c, t, key[0].ws));
    for (j = 0; j < nzs; j++)
        cz[j] = _arb_vec_init(S->K + 1);
    Z.S = S; Z.z = z; Z.zi = zi; Z.cz = cz; Z.eiz = eiz;
    HKZ_TRY_GOTO(hkz_engine_parallel_for(e, (size_t) nzs, z_range, &Z));
    A.S = S; A.t = t; A.r = r; A.key = key; A.rs = rs; A.zslot = zslot;
    A.cz = cz; A.eiz = eiz; A.res = res; A.ok = ok; A.prec = prec;
    A.goal = goal;
    status = hkz_engine_parallel_for(e, (size_t) nr, run_range, &A);
cleanup:
    for (j = 0; S != NULL && cz != NULL && j < nzs; j++)
        _arb_vec_clear(cz[j], S->K + 1);
    if (own)
    {
        _hkz_sub_mf_part_clear(S);
        free(S);
    }
    _acb_vec_clear(eiz, n);
    free(rs); free(zslot); free(zi); free(zmap); free(cz);
    return status;
}

int hkz_su2_heat_sub_mfirst(arb_ptr res, int *ok, const arb_t t,
        const arb_struct *r, const slong *ir, const arb_struct *z,
        const slong *iz, slong n, slong prec, slong goal, hkz_engine_t e,
        hkz_su2_sub_wcache_t c)
{
    double td;
    ekey_t *key = NULL;
    _hkz_su2_sub_d2memo_t memo;
    slong i, g0, g1;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(n >= 0 && (n == 0 || (res && ok && t && r && ir && z && iz)),
              HKZ_ERR_ARG, "hkz_su2_heat_sub_mfirst: NULL argument or n < 0");
    for (i = 0; i < n; i++)
    {
        ok[i] = 0;
        HKZ_CHECK(ir[i] >= 0 && iz[i] >= 0, HKZ_ERR_ARG,
                  "hkz_su2_heat_sub_mfirst: negative index at entry %ld",
                  (long) i);
        HKZ_TRY(hkz_su2_sub_check_internal("hkz_su2_heat_sub_mfirst", t,
                                           r + ir[i], z + iz[i], 0, prec));
    }
    if (n == 0)
        return HKZ_SUCCESS;
    td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    key = malloc(n * sizeof(ekey_t));
    HKZ_CHECK(key != NULL, HKZ_ERR_NOMEM,
              "hkz_su2_heat_sub_mfirst: out of memory");
    _hkz_su2_sub_d2memo_init(&memo);
    for (i = 0; i < n; i++)
    {
        key[i].ws = _hkz_su2_sub_basis_key(_hkz_su2_sub_entry_wp(td,
                        r + ir[i], z + iz[i], prec, &memo), td);
        key[i].ir = ir[i];
        key[i].iz = iz[i];
        key[i].i = i;
    }
    _hkz_su2_sub_d2memo_clear(&memo);
    qsort(key, n, sizeof(ekey_t), by_key);
    for (g0 = 0; g0 < n && status == HKZ_SUCCESS; g0 = g1)
    {
        for (g1 = g0 + 1; g1 < n && key[g1].ws == key[g0].ws; g1++)
            ;
        status = group(res, ok, t, r, z, key + g0, g1 - g0, prec, goal, e,
                       c);
        if (status == HKZ_ERR_TOO_LARGE)
        {
            hkz_errmsg_clear();      /* these entries keep ok = 0 */
            status = HKZ_SUCCESS;
        }
    }
    free(key);
    return status;
}
