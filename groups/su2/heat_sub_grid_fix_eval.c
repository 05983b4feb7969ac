/* The evaluation of the fixed-point tier (hkz/su2.h:
 * hkz_su2_sub_fix_eval_list): the entries (r, z, t) of a list in one exact
 * sum on the engine (pairs (r, t) of the list times its z rows:
 * hkz_engine_fix_sum), then each entry's ball [V +- (*)] with the bound
 * (*) proved in heat_sub_grid_fix.c.  A ball depends on its own entry's
 * rows only (V is exact): the same bits in whatever list it comes. */
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_fix_internal.h"
#include "hkz_prof.h"

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


/* the balls of entries k0..k1 (on the engine's threads) */
typedef struct
{
    hkz_su2_sub_fix_t F;
    arb_ptr res;
    int *ok;
    const slong *iz, *jt, *kq, *kc;   /* entry k: z, t; pair, z row */
    const int64_t *V;
    mag_srcptr A, B;                   /* per pair */
    slong nq, goal;
} ball_job;

static void ball_range(size_t k0, size_t k1, void *arg)
{
    const ball_job *B = arg;
    hkz_su2_sub_fix_t F = B->F;
    size_t k;
    fmpz_t a, b;

    fmpz_init(a);
    fmpz_init(b);
    for (k = k0; k < k1; k++)
    {
        slong q = B->kq[k], c = B->kc[k], fg;
        arb_ptr v = B->res + k;
        if (q < 0 || c < 0)
            continue;
        fg = FB(F) + F->T[B->jt[k]].fw - FIX_BITS(F);
        fix_ball(v, B->V + (c * B->nq + q) * 2 * F->L, FC(F) + fg, F->L, a,
                 b);
        mag_set(arb_radref(v), B->A + q);
        mag_addmul(arb_radref(v), F->Z[B->iz[k]].e, B->B + q);
        B->ok[k] = B->goal > 0 && arb_rel_accuracy_bits(v) < B->goal ? 2 : 1;
    }
    fmpz_clear(a);
    fmpz_clear(b);
    flint_cleanup();
}

/* the distinct values of v[0..n) (indices below m) into u, increasing,
 * and pos[x] = the place of x in u (-1 if absent); returns how many:
 * O(n + m), no sorting */
static slong distinct(slong *u, slong *pos, const slong *v, slong n,
                      slong m)
{
    slong i, c = 0;
    for (i = 0; i < m; i++)
        pos[i] = -1;
    for (i = 0; i < n; i++)
        pos[v[i]] = 0;
    for (i = 0; i < m; i++)
        if (pos[i] == 0)
        {
            pos[i] = c;
            u[c++] = i;
        }
    return c;
}

int hkz_su2_sub_fix_eval_list(arb_ptr res, int *ok, hkz_su2_sub_fix_t F,
        hkz_engine_t e, const slong *ir, const slong *iz, const slong *jt,
        slong n, slong goal)
{
    slong *rs = NULL, *zs = NULL, *ts = NULL, *qa = NULL, *pr = NULL;
    slong *pt = NULL, *cz = NULL, *kq = NULL, *kc = NULL;
    slong *rp = NULL, *zp = NULL, *tp = NULL;
    slong nr = 0, nz = 0, nt = 0, nq = 0, nc = 0, a, b, k;
    const int32_t **x = NULL, **y = NULL, **zr = NULL;
    const uint32_t **yl = NULL;
    uint64_t *xk = NULL, *yk = NULL, *zk = NULL;
    int *pin = NULL;
    mag_ptr A = NULL, Bm = NULL;
    int64_t *V = NULL;
    hkz_engine_fix_t f;
    ball_job B;
    double t0;
    int status = HKZ_SUCCESS;

    for (k = 0; k < n; k++)
        ok[k] = 0;
    if (!F->frame || n == 0)
        return HKZ_SUCCESS;
    for (k = 0; k < n; k++)
        HKZ_CHECK(ir[k] >= 0 && ir[k] < F->nr && iz[k] >= 0 && iz[k] < F->nz
                  && jt[k] >= 0 && jt[k] < F->nt, HKZ_ERR_ARG,
                  "su2-sub tier: index out of range");
    rs = malloc(n * sizeof(slong));
    zs = malloc(n * sizeof(slong));
    ts = malloc(n * sizeof(slong));
    kq = malloc(n * sizeof(slong));
    kc = malloc(n * sizeof(slong));
    rp = malloc(F->nr * sizeof(slong));
    zp = malloc(F->nz * sizeof(slong));
    tp = malloc(F->nt * sizeof(slong));
    HKZ_CHECK_GOTO(rs && zs && ts && kq && kc && rp && zp && tp,
                   HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    nr = distinct(rs, rp, ir, n, F->nr);
    nz = distinct(zs, zp, iz, n, F->nz);
    nt = distinct(ts, tp, jt, n, F->nt);
    pin = calloc(nr, sizeof(int));
    qa = malloc(nr * nt * sizeof(slong));
    pr = malloc(nr * nt * sizeof(slong));
    pt = malloc(nr * nt * sizeof(slong));
    cz = malloc(nz * sizeof(slong));
    HKZ_CHECK_GOTO(pin && qa && pr && pt && cz, HKZ_ERR_NOMEM,
                   "su2-sub tier: out of memory");
    /* the rows (made under the lock; our r rows stay while we read them) */
    atomic_store(&F->used, 1);
    t0 = hkz_prof_now();
    for (a = 0; a < nr && status == HKZ_SUCCESS; a++)
        status = _hkz_sub_fix_rows(F, e, rs[a], zs, a == 0 ? nz : 0, ts,
                                   a == 0 ? nt : 0, pin + a);
    hkz_prof_add(HKZ_PROF_ROWS, t0);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    /* the pairs (r, t) in use, by r then t (similar times side by side:
       the engine stops each block of pairs at its last group with terms) */
    for (a = 0; a < nr * nt; a++)
        qa[a] = -1;
    for (k = 0; k < n; k++)
        qa[rp[ir[k]] * nt + tp[jt[k]]] = 0;
    for (a = 0; a < nr * nt; a++)
        if (qa[a] == 0)
            qa[a] = pin[a / nt] && F->T[ts[a % nt]].ok == 1 ? nq++ : -1;
    for (b = 0; b < nz; b++)
        cz[b] = F->Z[zs[b]].ok == 1 ? nc++ : -1;
    x = malloc(FLINT_MAX(nq, 1) * sizeof(*x));
    y = malloc(FLINT_MAX(nq, 1) * sizeof(*y));
    yl = malloc(FLINT_MAX(nq, 1) * sizeof(*yl));
    xk = malloc(FLINT_MAX(nq, 1) * sizeof(uint64_t));
    yk = malloc(FLINT_MAX(nq, 1) * sizeof(uint64_t));
    zr = malloc(FLINT_MAX(nc, 1) * sizeof(*zr));
    zk = malloc(FLINT_MAX(nc, 1) * sizeof(uint64_t));
    V = malloc(FLINT_MAX(nq * nc, 1) * 2 * F->L * sizeof(int64_t));
    A = _mag_vec_init(FLINT_MAX(nq, 1));
    Bm = _mag_vec_init(FLINT_MAX(nq, 1));
    HKZ_CHECK_GOTO(x && y && yl && xk && yk && zr && zk && V, HKZ_ERR_NOMEM,
                   "su2-sub tier: out of memory");
    for (a = 0; a < nr * nt; a++)
        if (qa[a] >= 0)
        {
            const _hkz_sub_fix_row *u = F->R + rs[a / nt], *w = F->T + ts[a % nt];
            slong q = qa[a];
            x[q] = u->d; xk[q] = u->key;
            y[q] = w->d; yl[q] = w->yl; yk[q] = w->key;
            pr[q] = rs[a / nt];
            pt[q] = ts[a % nt];
        }
    for (b = 0; b < nz; b++)
        if (cz[b] >= 0)
        {
            zr[cz[b]] = F->Z[zs[b]].d;
            zk[cz[b]] = F->Z[zs[b]].key;
        }
    for (k = 0; k < n; k++)
    {
        kq[k] = qa[rp[ir[k]] * nt + tp[jt[k]]];
        kc[k] = cz[zp[iz[k]]];
    }
    if (nq > 0 && nc > 0)
    {
        f.L = F->L;
        f.nk = (size_t) F->K + 1;
        f.off = F->off;
        f.nq = (size_t) nq;
        f.x = x; f.y = y; f.yl = yl; f.xkey = xk; f.ykey = yk;
        f.nz = (size_t) nc;
        f.z = zr;
        f.zkey = zk;
        t0 = hkz_prof_now();
        HKZ_TRY_GOTO(hkz_engine_fix_sum(e, V, &f));
        hkz_prof_add(HKZ_PROF_SUMS, t0);
    }
    t0 = hkz_prof_now();
    for (a = 0; a < nq; a++)
        fix_rad_t(A + a, Bm + a, F->R + pr[a], F->T + pt[a],
                  FB(F) + F->T[pt[a]].fw - FIX_BITS(F), F->K + 1, FC(F), F->L);
    B.F = F; B.res = res; B.ok = ok; B.iz = iz; B.jt = jt; B.kq = kq;
    B.kc = kc; B.V = V; B.A = A; B.B = Bm; B.nq = nq; B.goal = goal;
    status = hkz_engine_parallel_for(e, (size_t) n, ball_range, &B);
    hkz_prof_add(HKZ_PROF_BALLS, t0);
cleanup:
    pthread_mutex_lock(&F->lock);
    for (a = 0; pin != NULL && a < nr; a++)
        if (pin[a])
            F->R[rs[a]].users--;
    pthread_mutex_unlock(&F->lock);
    free(rs); free(zs); free(ts); free(kq); free(kc); free(pin); free(qa);
    free(rp); free(zp); free(tp);
    free(pr); free(pt); free(cz); free(x); free(y); free(yl); free(xk);
    free(yk); free(zr); free(zk); free(V);
    if (A != NULL)
    {
        _mag_vec_clear(A, FLINT_MAX(nq, 1));
        _mag_vec_clear(Bm, FLINT_MAX(nq, 1));
    }
    return status;
}

int hkz_su2_sub_fix_eval(arb_ptr res, int *ok, hkz_su2_sub_fix_t F,
        hkz_engine_t e, slong ir, const slong *iz, slong ni,
        const slong *jt, slong nj, slong goal)
{
    slong *l = malloc(FLINT_MAX(3 * ni * nj, 1) * sizeof(slong)), i, j;
    int status;

    HKZ_CHECK(l != NULL, HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
    for (i = 0; i < ni; i++)
        for (j = 0; j < nj; j++)
        {
            l[i * nj + j] = ir;
            l[ni * nj + i * nj + j] = iz[i];
            l[2 * ni * nj + i * nj + j] = jt[j];
        }
    status = hkz_su2_sub_fix_eval_list(res, ok, F, e, l, l + ni * nj,
                                       l + 2 * ni * nj, ni * nj, goal);
    free(l);
    return status;
}
