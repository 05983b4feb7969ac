/* The lockstep run (family hkz_ly_cw_family_lockstep): every step moves
 * all zeros together by the certificate of track_lockstep_cert.c, from
 * certified complete lists at P + 1 Chebyshev points of the step.  The
 * steps double t while they certify (the first tried is tb = 2 ta), and
 * take the square root of the ratio after a failure: no zero limits
 * another's step length, and a step's records depend only on ta and the
 * ratio (kept in the step records as dt), so a resumed run takes the same
 * steps.  Lockstep runs up to N t = 2 (_hkz_lls_end): beyond, the zeros sit
 * at their limits to within what a double approximant resolves (N = 1000,
 * N t = 3: the first zero moves by 2e-6 of itself in a doubling), so the
 * directions are out of reach of the doubles, and the tracker goes on zero
 * by zero with the cosine-sum steps (as the integral method does). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "track_lockstep.h"
#include "hkz_check.h"

/* rel_bits of the interior lists: the fit only needs doubles */
#define FIT_BITS 60

static void zeros_swap(hkz_ly_zeros_t a, hkz_ly_zeros_t b)
{
    hkz_ly_zeros_struct t = *a;
    *a = *b;
    *b = t;
}

typedef struct
{
    hkz_ly_track_struct *tr;
    slong N, n;
    hkz_ly_opts_t o;            /* for the lists: this process alone */
    hkz_dist_t d;               /* the ranks sharing the steps, or NULL */
    int rank, size;
} run_t;

/* the list at tb from rank `root` to every rank (arb strings) */
static int bcast_list(hkz_ly_zeros_t b, const run_t *R, int root)
{
    char *buf = NULL, *p, *q;
    size_t len = 0, cap = 0;
    uint64_t l64;
    slong k;
    int st;
    if (R->rank == root)
        for (k = 0; k < R->n; k++)
        {
            char *s = arb_dump_str(b->theta + k);
            size_t l = strlen(s) + 2;
            if (len + l >= cap)
            {
                cap = 2 * (len + l);
                buf = flint_realloc(buf, cap);
            }
            len += (size_t) snprintf(buf + len, cap - len, "%s\n", s);
            flint_free(s);
        }
    l64 = (uint64_t) len;
    st = hkz_dist_bcast(R->d, &l64, sizeof(l64), root);
    if (st == HKZ_SUCCESS && R->rank != root)
    {
        len = (size_t) l64;
        buf = flint_malloc(len + 1);
        buf[len] = '\0';
    }
    if (st == HKZ_SUCCESS)
        st = hkz_dist_bcast(R->d, buf, len, root);
    for (k = 0, p = buf; st == HKZ_SUCCESS && R->rank != root && k < R->n;
         k++, p = q + 1)
    {
        q = strchr(p, '\n');
        if (q == NULL)
            st = hkz_error_set(HKZ_ERR_INTERNAL, "lockstep: a short list");
        else
        {
            *q = '\0';
            if (arb_load_str(b->theta + k, p) != 0)
                st = hkz_error_set(HKZ_ERR_INTERNAL, "lockstep: a bad ball");
        }
    }
    if (R->rank != root)
    {
        b->complete = 1;
        b->len = R->n;
    }
    flint_free(buf);
    return st;
}

/* the complete list at t (exact) to rel_bits into z (initialised) */
static int list_at(hkz_ly_zeros_t z, const run_t *R, const arf_t t,
                   slong rel_bits)
{
    hkz_ly_opts_t o = R->o;
    arb_t tt;
    int st;
    arb_init(tt);
    arb_set_arf(tt, t);
    o.goal.rel_bits = rel_bits;
    st = hkz_ly_cw_zeros(z, R->N, tt, &o);
    if (st == HKZ_ERR_PREC && z->complete)
        st = HKZ_SUCCESS;
    if (st == HKZ_SUCCESS && !(z->complete && z->len == R->n))
        st = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "lockstep: the zero list "
                           "at t = %.17g is not complete",
                           arf_get_d(t, ARF_RND_NEAR));
    arb_clear(tt);
    return st;
}

/* One step [ta, tb] from the list a at ta: 1 and the list at tb in b,
 * boxes, directions; 0 if not certified; < 0: an error status (negated). */
static int step(arb_ptr box, int *dir, hkz_ly_zeros_t b, const run_t *R,
                const hkz_ly_zeros_t a, const arf_t ta, const arf_t tb)
{
    const slong P = HKZ_LLS_P, n = R->n;
    double *z = flint_calloc((size_t) ((P + 1) * n), sizeof(double)),
           *c = flint_malloc(sizeof(double) * (P + 1) * n);
    double da = arf_get_d(ta, ARF_RND_NEAR), db = arf_get_d(tb, ARF_RND_NEAR);
    slong j, k;
    int st = HKZ_SUCCESS, ok = 0;
    arf_t t;
    mag_t eps;
    arf_init(t);
    mag_init(eps);
    /* list j > 0 on rank (j - 1) mod size; the others' rows stay 0, so
     * that a sum over the ranks gathers them exactly */
    for (j = 0; j <= P && st == HKZ_SUCCESS; j++)
    {
        const hkz_ly_zeros_struct *zl = a;
        hkz_ly_zeros_t w;
        if (j > 0 && (j - 1) % R->size != R->rank)
            continue;
        hkz_ly_zeros_init(w, R->N);
        if (j == P)
            st = list_at(b, R, tb, R->tr->rel_bits), zl = b;
        else if (j > 0)
        {
            arf_set_d(t, (da + db) / 2 - (db - da) / 2 *
                      cos(HKZ_LY_PI * (double) j / (double) P));
            st = list_at(w, R, t, FIT_BITS), zl = w;
        }
        for (k = 0; k < n && st == HKZ_SUCCESS; k++)
            z[j * n + k] = arf_get_d(arb_midref(zl->theta + k), ARF_RND_NEAR);
        hkz_ly_zeros_clear(w);
    }
    if (R->d != NULL)
    {
        st = hkz_dist_agree(R->d, st);
        if (st == HKZ_SUCCESS)
            st = hkz_dist_allreduce_double(R->d, z + n, (size_t) (P * n),
                                           HKZ_DIST_SUM);
        if (st == HKZ_SUCCESS)
            st = bcast_list(b, R, (int) ((P - 1) % R->size));
        st = hkz_dist_agree(R->d, st);
    }
    if (st == HKZ_SUCCESS)
    {
        _hkz_lls_fit(c, z, n);
        ok = _hkz_lls_cert(box, dir, eps, c, n, (int) (R->N & 1), a->theta,
                           b->theta, ta, tb, _hkz_ly_nthreads(&R->o), R->d);
    }
    flint_free(z);
    flint_free(c);
    arf_clear(t);
    mag_clear(eps);
    return st != HKZ_SUCCESS ? -st : ok;
}

/* records the certified step of every tracked zero */
static void record(hkz_ly_track_struct *tr, arb_srcptr box, const int *dir,
                   const hkz_ly_zeros_t b, const arf_t ta, const arf_t tb,
                   double dt)
{
    slong i;
    for (i = 0; i < tr->j1 - tr->j0; i++)
    {
        slong j = tr->j0 + i;
        hkz_ly_step_struct *s = _hkz_ly_track_new_step(tr, i);
        arb_set_arf(&s->ta, ta);
        arb_set_arf(&s->tb, tb);
        arb_set(&s->box, box + j);
        arb_set(&s->theta_b, b->theta + j);
        s->dir = dir[j];
        arb_set(tr->theta + i, b->theta + j);
        arf_set(tr->ta + i, tb);
        tr->dt[i] = dt;
        if (tr->dir[i] == 0 && tr->nsteps[i] == 1)
            tr->dir[i] = dir[j] == 0 ? 2 : dir[j];
        else if (tr->dir[i] != dir[j])
            tr->dir[i] = 2;
        if (arf_cmp(tb, arb_midref(&tr->t1)) >= 0)
            tr->done[i] = 1;
    }
}

void _hkz_lls_end(arf_t te, const hkz_ly_track_struct *tr)
{
    arf_set_si(te, 2);
    arf_div_si(te, te, tr->W, 53, ARF_RND_DOWN);
    if (arf_cmp(te, arb_midref(&tr->t1)) > 0)
        arf_set(te, arb_midref(&tr->t1));
}

int _hkz_ly_track_lockstep_run(hkz_ly_track_t tr, slong max_steps,
                               const hkz_ly_opts_t *opts)
{
    arf_t t1;
    slong i, m = tr->j1 - tr->j0, steps = 0;
    double l0 = log(arf_get_d(arb_midref(&tr->t0), ARF_RND_NEAR)),
           l1 = log(arf_get_d(arb_midref(&tr->t1), ARF_RND_NEAR));
    int st = HKZ_SUCCESS, *dir;
    arb_ptr box;
    hkz_ly_zeros_t a, b;
    run_t R;
    arf_t ta, tb;

    for (i = 1; i < m; i++)
        HKZ_CHECK(arf_equal(tr->ta + i, tr->ta) && tr->done[i] == tr->done[0],
                  HKZ_ERR_CHECKPOINT, "lockstep: the tracked zeros are not "
                  "at one t (a checkpoint of another method?)");
    if (tr->done[0] != 0)
        return hkz_ly_track_status(tr);
    R.tr = tr;
    R.N = tr->W;
    R.n = tr->n;
    if (opts == NULL)
        hkz_ly_opts_init(&R.o);
    else
        R.o = *opts;
    R.o.checkpoint = NULL;
    R.d = R.o.dist;
    R.rank = R.d != NULL ? hkz_dist_rank(R.d) : 0;
    R.size = R.d != NULL ? hkz_dist_size(R.d) : 1;
    if (R.size <= 1)
        R.d = NULL;
    R.o.dist = NULL;
    R.o.progress = NULL;
    box = _arb_vec_init(R.n);
    dir = flint_calloc(R.n, sizeof(int));
    hkz_ly_zeros_init(a, R.N);
    arf_init(ta);
    arf_init(tb);
    arf_init(t1);
    _hkz_lls_end(t1, tr);
    arf_set(ta, tr->ta);
    st = list_at(a, &R, ta, tr->rel_bits);
    while (st == HKZ_SUCCESS && tr->done[0] == 0 && arf_cmp(ta, t1) < 0 &&
           (max_steps <= 0 || steps < max_steps))
    {
        double dta = arf_get_d(ta, ARF_RND_NEAR),
               dt = tr->dt[0] > 0 ? tr->dt[0] : dta;
        int r;
        hkz_ly_zeros_init(b, R.N);
        /* tb = ta + dt (53 bits), t1 at the end */
        arf_set_d(tb, dta + dt);
        if (arf_cmp(tb, t1) > 0 || dta + 1.01 * dt >= arf_get_d(t1,
                                                               ARF_RND_NEAR))
            arf_set(tb, t1);
        r = step(box, dir, b, &R, a, ta, tb);
        if (r < 0)
            st = -r;
        else if (r == 1)
        {
            /* the next ratio: squared, at most 2 */
            double q = arf_get_d(tb, ARF_RND_NEAR) / dta;
            q = FLINT_MIN(2.0, q * q);
            record(tr, box, dir, b, ta, tb,
                   (q - 1) * arf_get_d(tb, ARF_RND_NEAR));
            zeros_swap(a, b);
            arf_set(ta, tb);
            steps++;
            st = _hkz_ly_track_commit(tr);
            if (st == HKZ_SUCCESS && opts != NULL)
                st = hkz_progress_report(opts->progress, (slong) (1000 *
                     (log(arf_get_d(ta, ARF_RND_NEAR)) - l0) / (l1 - l0)),
                     1000);
        }
        else
        {
            /* the square root of the ratio; give up below 2^-30 */
            double q = sqrt(1 + dt / dta);
            for (i = 0; i < m; i++)
                tr->dt[i] = (q - 1) * dta;
            if ((q - 1) < 0x1p-30)
                for (i = 0; i < m; i++)
                    tr->done[i] = -1;
        }
        hkz_ly_zeros_clear(b);
        /* a stop or an error on one rank (rank 0's progress) ends all */
        if (R.d != NULL)
            st = hkz_dist_agree(R.d, st);
    }
    _arb_vec_clear(box, R.n);
    flint_free(dir);
    hkz_ly_zeros_clear(a);
    arf_clear(ta);
    arf_clear(tb);
    arf_clear(t1);
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_track_commit(tr);
    return st != HKZ_SUCCESS ? st : hkz_ly_track_status(tr);
}

/* Lockstep over several ranks: every rank holds the whole tracker and
 * takes part in each step (ising/track/track_lockstep_cert.c splits a
 * step's zeros and lists over the ranks); rank 0 keeps the checkpoint (kind
 * "track", one file: it resumes under any rank count, one process too),
 * reports progress, and hands its restored or started state to the
 * others (hkz_ly_track_ranks under several ranks; *tstatus: the
 * tracking status). */
int _hkz_ly_track_lockstep_ranks(hkz_ly_track_t *full, int *tstatus,
                                 const hkz_ly_track_job_t *jb,
                                 const hkz_ly_opts_t *opts)
{
    hkz_dist_t d = opts->dist;
    int rank0 = hkz_dist_rank(d) == 0;
    hkz_ly_opts_t o = *opts;
    hkz_ckpt_t ck = NULL;
    char *buf = NULL;
    size_t len = 0;
    uint64_t l64 = 0;
    int st = hkz_ly_track_create(full, jb->W, jb->fn, jb->param,
                                 jb->family, jb->t0, jb->t1, jb->j0, jb->j1,
                                 opts);
    if (st == HKZ_SUCCESS && rank0 && jb->checkpoint != NULL)
        st = _hkz_ly_track_open_ckpt(&ck, jb->checkpoint, *full, jb,
                                     jb->resume);
    if (st == HKZ_SUCCESS && rank0)
        st = hkz_ly_track_start(*full, &o);
    if (st == HKZ_SUCCESS && rank0)
        st = hkz_ly_track_pack(&buf, &len, *full);
    st = hkz_dist_agree(d, st);
    l64 = (uint64_t) len;
    if (st == HKZ_SUCCESS)
        st = hkz_dist_bcast(d, &l64, sizeof(l64), 0);
    if (st == HKZ_SUCCESS && !rank0)
        buf = flint_calloc((size_t) l64 + 1, 1);
    if (st == HKZ_SUCCESS)
        st = hkz_dist_bcast(d, buf, (size_t) l64, 0);
    if (st == HKZ_SUCCESS && !rank0)
        st = hkz_ly_track_unpack(*full, buf, (size_t) l64);
    flint_free(buf);
    st = hkz_dist_agree(d, st);
    if (!rank0)
        o.progress = NULL;
    if (st == HKZ_SUCCESS)
    {
        st = hkz_ly_track_run(*full, 0, &o);
        *tstatus = st;
        if (st == HKZ_ERR_NOT_CERTIFIED)
            st = HKZ_SUCCESS;
    }
    hkz_ckpt_destroy(&ck);
    return hkz_dist_agree(d, st);
}
