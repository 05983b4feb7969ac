/* The tracking shared by hkz track cw, edge and lattice: options, the
 * zero range; the library tracks over the ranks (hkz_ly_track_ranks). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "hkz/runner.h"
#include "cli_ly.h"

/* "a<sep>b" -> two integers */
int hkz_cli_ly_pair(slong *x, slong *y, const char *opt, const char *s,
                    char sep)
{
    char buf[64], *c;
    int rc;
    if (s == NULL || strlen(s) >= sizeof(buf) || (c = strchr(s, sep)) == NULL)
        return hkz_cli_usage_error("%s: expected two integers separated by "
                                   "'%c' (got '%s')", opt, sep,
                                   s != NULL ? s : "");
    strcpy(buf, s);
    buf[c - s] = '\0';
    if ((rc = hkz_cli_slong(x, opt, buf, 0, WORD(1) << 40)) ||
        (rc = hkz_cli_slong(y, opt, buf + (c - s) + 1, 0, WORD(1) << 40)))
        return rc;
    return 0;
}

int hkz_cli_ly_track_setup(hkz_cli_run_t *r, const hkz_cli_track_args_t *a,
                           hkz_ly_opts_t *o, slong *j0, slong *j1, slong n,
                           arb_t t0, arb_t t1, slong prec)
{
    int rc;
    hkz_ly_opts_init(o);
    hkz_ly_opts_set_digits(o, r->digits);
    o->nthreads = (int) a->threads;
    o->progress = &r->prog;
    if ((rc = hkz_cli_ly_ball(t0, "--t0", a->t0, prec)) ||
        (rc = hkz_cli_ly_ball(t1, "--t1", a->t1, prec)))
        return rc;
    if (hkz_ly_track_check_range(t0, t1) != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s (got %s, %s)", hkz_errmsg(), a->t0,
                                   a->t1);
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (n < 1)
        return hkz_cli_usage_error("the model has no principal zero");
    *j0 = 0;
    *j1 = n;
    if (a->zeros != NULL)
    {
        slong x, y;
        if ((rc = hkz_cli_ly_pair(&x, &y, "--zeros", a->zeros, ':')))
            return rc;
        if (x < 1 || y < x || y > n)
            return hkz_cli_usage_error("--zeros: need 1 <= J0 <= J1 <= %ld "
                                       "(got %s)", (long) n, a->zeros);
        *j0 = x - 1;
        *j1 = y;
    }
    return 0;
}

/* Under several ranks, one stderr line per rank (rank 0 prints them):
 * its own tracking's wall and CPU seconds, then the wait for the others
 * (MPI may spin meanwhile: that CPU is not counted). */
static void rank_lines(double t0, const double *done)
{
    char line[200], *all = NULL;
    double now = hkz_cli_wtime(), end = done[0] > 0 ? done[0] : now;
    double cpu = done[1] > 0 ? done[1] : (double) clock() / CLOCKS_PER_SEC;
    snprintf(line, sizeof(line), "hkz: rank %d: tracking wall %.2f s, cpu "
             "%.2f s, then waited %.2f s\n", hkz_cli_rank(), end - t0, cpu,
             now - end);
    if (hkz_run_rank_lines(hkz_dist_world(), &all, line) == HKZ_SUCCESS &&
        all != NULL)
    {
        fputs(all, stderr);
        fflush(stderr);
    }
    flint_free(all);
}

int hkz_cli_ly_track(hkz_ly_track_t *tr, const hkz_cli_ly_family_t *fam,
                     slong j0, slong j1, const hkz_cli_track_args_t *a,
                     const hkz_ly_opts_t *o, slong digits, int *status)
{
    hkz_ly_track_job_t job;
    hkz_ly_opts_t ro = *o;
    double done[2] = {0, 0}, t0 = hkz_cli_wtime();
    /* the ranks share the tracking only (o stays one process's: the
     * endpoints after it are rank 0's alone) */
    ro.dist = hkz_dist_world();
    job.W = fam->W;
    job.fn = fam->fn;
    job.param = fam->param;
    job.family = fam->name;
    job.t0 = fam->t0;
    job.t1 = fam->t1;
    job.j0 = j0;
    job.j1 = j1;
    job.checkpoint = a->checkpoint;
    job.resume = a->resume;
    job.every = a->every;
    job.digits = digits;
    job.done = done;
    *status = hkz_ly_track_ranks(tr, &job, &ro);
    if (hkz_cli_size() > 1)
        rank_lines(t0, done);
    if (*status == HKZ_SUCCESS || *status == HKZ_ERR_NOT_CERTIFIED)
        return 0;
    if (*status == HKZ_ERR_CHECKPOINT ||
        (*status == HKZ_ERR_ARG && a->resume))
        return hkz_cli_resume_error();
    return hkz_cli_ly_fail(*status);
}

int hkz_cli_ly_track_check(hkz_cli_run_t *r, void *args)
{
    return hkz_cli_ly_check(r, ((hkz_cli_track_args_t *) args)->threads);
}

int hkz_cli_ly_track_tmax(const hkz_ly_opts_t *o, slong W, const arb_t t1,
                          const char *t1s, const char *limit)
{
    double tmax;
    if (hkz_ly_track_check_t1(&tmax, t1, W, o->goal.rel_bits)
        != HKZ_SUCCESS)
        return hkz_cli_usage_error("--t1 %s: beyond t_max = %.4g the zeros "
                 "sit at their %s to far below the goal: give t1 <= %.4g",
                 t1s, tmax, limit, tmax);
    return 0;
}
