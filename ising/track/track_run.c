/* Certified tracking of principal zeros in the coupling t (spec 3.5): the
 * step control and the run in rounds (checkpoint commits and progress
 * reports between rounds).  How a step is certified: track_step.c. */
#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include "track_cw_internal.h"
#include "track_lockstep.h"
#include "hkz_check.h"

typedef struct
{
    hkz_ly_track_struct *tr;
    slong max_steps;
    /* a round without a step limit (no checkpoint): the calling thread
     * reports the finished zeros every few of its steps and a stop request
     * ends the round; the zeros left are then not resumable anyway */
    const hkz_progress_t *prog;
    atomic_long nfin;
    atomic_int stop;
} run_t;

/* the thread that called hkz_parallel_for (progress callbacks are made
 * from the calling thread only, hkz/progress.h) */
static _Thread_local int caller_thread = 0;

/* Steps of zero i until t1, failure or max_steps.  A round ends right
 * after a certified step, so the state between rounds (and in the
 * checkpoint) does not depend on how the run was cut into rounds. */
static void run_zero(slong i, void *arg);

/* The zeros from the last: for Curie-Weiss the zeros of high index (next
 * to pi/2) take the most steps (N = 2000: zero 1000 about 100 times a
 * bulk zero), so they start first and the threads end together (the
 * order changes no zero's steps). */
static void run_zeros(size_t i0, size_t i1, void *arg)
{
    const run_t *rn = arg;
    size_t i, m = (size_t) (rn->tr->j1 - rn->tr->j0);
    for (i = i0; i < i1; i++)
        run_zero((slong) (m - 1 - i), arg);
}

static void run_zero(slong i, void *arg)
{
    run_t *rn = arg;
    hkz_ly_track_struct *tr = rn->tr;
    const arf_struct *t1 = arb_midref(&tr->t1);
    slong steps = 0, fails = 0, polls = 0, W = tr->W;
    int was_done = tr->done[i] != 0;
    double span = arf_get_d(t1, ARF_RND_NEAR) -
                  arf_get_d(arb_midref(&tr->t0), ARF_RND_NEAR);
    arf_t tb, u, pred;

    arf_init(tb);
    arf_init(u);
    arf_init(pred);
    while (tr->done[i] == 0 && (rn->max_steps <= 0 || steps < rn->max_steps)
           && !atomic_load(&rn->stop))
    {
        double dth, lam, ta = arf_get_d(tr->ta + i, ARF_RND_NEAR), dt;
        /* Curie-Weiss by the integral while beta = N ta <= 2 (beyond, its
         * t-remainders force tiny steps, while the cosine sum cancels
         * little: 0.016 N digits at beta = 2, spec 3.1); the cosine-sum
         * Taylor models also after 12 integral failures in a row */
        int integral = tr->cwint && fails < 12 && W * ta <= 2;
        if (arf_cmp(tr->ta + i, t1) >= 0)
        {
            tr->done[i] = 1;
            break;
        }
        if (rn->prog != NULL && caller_thread && ++polls % 8 == 0 &&
            hkz_progress_report(rn->prog, atomic_load(&rn->nfin),
                                tr->j1 - tr->j0) != HKZ_SUCCESS)
            atomic_store(&rn->stop, 1);
        (integral ? _hkz_ly_track_rates_cwi : _hkz_ly_track_rates)(
            &dth, &lam, tr, tr->ta + i, tr->theta + i, tr->prec[i]);
        /* the Taylor model converges for lambda r_t + W r_theta < 1;
         * keep both parts near 1/4 (the box also holds the motion) */
        dt = tr->dt[i] > 0 ? tr->dt[i] : span;
        dt = FLINT_MIN(dt, 0.5 / lam);
        if (dth != 0 && !integral)
            dt = FLINT_MIN(dt, 0.25 / (W * fabs(dth)));
        /* tb = ta + dt with 64 bits, exactly if that does not move */
        arf_set_d(u, dt);
        arf_add(tb, tr->ta + i, u, 64, ARF_RND_DOWN);
        if (arf_cmp(tb, tr->ta + i) <= 0)
            arf_add(tb, tr->ta + i, u, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(tb, t1) > 0 || ta + dt >= arf_get_d(t1, ARF_RND_NEAR))
            arf_set(tb, t1);
        /* the prediction theta(ta) + theta'(ta) (tb - ta), in arf */
        arf_sub(u, tb, tr->ta + i, tr->prec[i], ARF_RND_NEAR);
        arf_set_d(pred, dth);
        arf_mul(u, u, pred, tr->prec[i], ARF_RND_NEAR);
        arf_add(pred, arb_midref(tr->theta + i), u, tr->prec[i],
                ARF_RND_NEAR);
        /* the integral steps: a failed attempt costs as much as a
         * certified one and the certifiable dt/t changes slowly with t, so
         * gentle growth and a gentle first cut (N = 2000: 105 certified
         * steps in 141 attempts for 3 zeros, against 129 in 195) */
        if ((integral ? _hkz_ly_track_try_step_cwi : _hkz_ly_track_try_step)(
                tr, i, tb, pred, tr->prec[i]))
        {
            tr->dt[i] = (integral ? 1.15 : 1.5) * dt;
            fails = 0;
            steps++;
        }
        else
        {
            tr->dt[i] = (integral && fails == 0 ? 0.8 : 0.5) * dt;
            fails++;
            if (fails % 4 == 0)
                tr->prec[i] = FLINT_MIN(2 * tr->prec[i], tr->max_prec);
            if (tr->dt[i] < ldexp(span, -60) || fails > 200)
                tr->done[i] = -1;
        }
    }
    if (tr->done[i] != 0 && !was_done)
        atomic_fetch_add(&rn->nfin, 1);
    arf_clear(tb);
    arf_clear(u);
    arf_clear(pred);
}

static slong finished(const hkz_ly_track_t tr);

static void round_prog(hkz_ly_track_t tr, slong max_steps, int nthreads,
                       const hkz_progress_t *prog)
{
    run_t rn;
    rn.tr = tr;
    rn.max_steps = max_steps;
    rn.prog = prog;
    atomic_init(&rn.nfin, finished(tr));
    atomic_init(&rn.stop, 0);
    caller_thread = 1;
    (void) hkz_parallel_for(hkz_pool_flint(), (size_t) (tr->j1 - tr->j0),
                            nthreads, 1, run_zeros, &rn);
    caller_thread = 0;
}

void _hkz_ly_track_round(hkz_ly_track_t tr, slong max_steps, int nthreads)
{
    round_prog(tr, max_steps, nthreads, NULL);
}

static slong finished(const hkz_ly_track_t tr)
{
    slong i, c = 0;
    for (i = 0; i < tr->j1 - tr->j0; i++)
        c += tr->done[i] != 0;
    return c;
}

/* Appends the new records to the checkpoint and commits it. */
static int commit(hkz_ly_track_t tr)
{
    _hkz_ly_sbuf_t b = {NULL, 0, 0};
    slong i;
    char *p, *e;
    int st = HKZ_SUCCESS;
    if (tr->ckpt == NULL)
        return HKZ_SUCCESS;
    for (i = 0; i < tr->j1 - tr->j0 && st == HKZ_SUCCESS; i++)
        st = _hkz_ly_track_records(&b, tr, i, 0, '\n');
    for (p = b.s; st == HKZ_SUCCESS && p != NULL && *p != '\0'; p = e + 1)
    {
        e = strchr(p, '\n');
        *e = '\0';
        st = hkz_ckpt_add(tr->ckpt, p);
    }
    flint_free(b.s);
    if (st == HKZ_SUCCESS)
        st = hkz_ckpt_commit(tr->ckpt);
    if (st == HKZ_SUCCESS)
        _hkz_ly_track_mark_saved(tr);
    return st;
}

int _hkz_ly_track_commit(hkz_ly_track_t tr)
{
    return commit(tr);
}

int hkz_ly_track_run(hkz_ly_track_t tr, slong max_steps,
                     const hkz_ly_opts_t *opts)
{
    slong i, m, left = max_steps;

    HKZ_CHECK(tr != NULL && tr->ta != NULL, HKZ_ERR_ARG, "hkz_ly_track_run: "
              "tracker not created");
    m = tr->j1 - tr->j0;
    for (i = 0; i < m; i++)
        HKZ_CHECK(tr->started[i], HKZ_ERR_ARG,
                  "hkz_ly_track_run: no start (call hkz_ly_track_start)");
    if (tr->lockstep && tr->done[0] == 0)
    {
        /* all zeros together up to min(t1, 2/N), then zero by zero (a
         * call with a step limit returns after the lockstep part) */
        arf_t te;
        int lock;
        arf_init(te);
        _hkz_lls_end(te, tr);
        lock = arf_cmp(tr->ta, te) < 0;
        if (lock)
        {
            int st = _hkz_ly_track_lockstep_run(tr, max_steps, opts);
            if (st != HKZ_SUCCESS || max_steps > 0 || finished(tr) == m ||
                arf_cmp(tr->ta, te) < 0)
            {
                arf_clear(te);
                return st;
            }
        }
        arf_clear(te);
    }
    for (;;)
    {
        /* without a checkpoint or step limit one round runs every zero to
         * its end (progress and a stop request from inside it), so that
         * no thread waits at a round's end for the last zeros' steps
         * (N = 2000: zero 1000 takes ~2600 steps, the bulk ~40) */
        int whole = tr->ckpt == NULL && max_steps <= 0;
        slong round = max_steps <= 0 ? (whole ? 0 : tr->every)
                                     : FLINT_MIN(left, tr->every);
        if (finished(tr) == m || (max_steps > 0 && left <= 0))
            break;
        round_prog(tr, round, _hkz_ly_nthreads(opts),
                   whole && opts != NULL ? opts->progress : NULL);
        left -= round;
        HKZ_TRY(commit(tr));
        HKZ_TRY(hkz_progress_report(opts != NULL ? opts->progress : NULL,
                                    finished(tr), m));
    }
    return hkz_ly_track_status(tr);
}
