/* The tracking shared by hkz track cw and hkz track edge: options, the
 * zero range, the checkpoint, the split over processes (cli_ly.h). */
#include <stdio.h>
#include <string.h>
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
    if (!arb_is_positive(t0) || !arb_lt(t0, t1))
        return hkz_cli_usage_error("need 0 < t0 < t1 (got %s, %s)", a->t0,
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

/* Tracks zeros j0..j1-1 into *tr (created here), with the checkpoint. */
static int track_range(hkz_ly_track_t *tr, const hkz_cli_ly_family_t *fam,
                       slong j0, slong j1, const hkz_cli_track_args_t *a,
                       const hkz_ly_opts_t *o, slong digits, int *status)
{
    hkz_ckpt_t ck = NULL;
    char buf[4096];
    int rc = 0;
    *status = hkz_ly_track_create(tr, fam->W, fam->fn, fam->param,
                                  fam->name, fam->t0, fam->t1, j0, j1, o);
    if (*status != HKZ_SUCCESS)
        return hkz_cli_ly_fail(*status);
    if (a->checkpoint != NULL)
    {
        const char *p = hkz_cli_ly_ckpt_path(buf, sizeof(buf),
                                             a->checkpoint);
        if ((*status = hkz_ckpt_create(&ck, p, "track")) != HKZ_SUCCESS ||
            (*status = hkz_ckpt_param_slong(ck, "digits", digits))
            != HKZ_SUCCESS)
            rc = hkz_cli_fail(*status);
        else if ((*status = hkz_ly_track_checkpoint(*tr, ck, a->resume,
                                                    a->every))
                 != HKZ_SUCCESS)
            rc = *status == HKZ_ERR_CHECKPOINT || *status == HKZ_ERR_ARG
                 ? hkz_cli_usage_error("--resume: %s", hkz_errmsg())
                 : hkz_cli_fail(*status);
    }
    if (rc == 0 && (*status = hkz_ly_track_start(*tr, o)) != HKZ_SUCCESS)
        rc = hkz_cli_ly_fail(*status);
    if (rc == 0)
    {
        *status = hkz_ly_track_run(*tr, 0, o);
        if (*status != HKZ_SUCCESS && *status != HKZ_ERR_NOT_CERTIFIED)
            rc = hkz_cli_ly_fail(*status);
    }
    hkz_ckpt_destroy(&ck);
    return rc;
}

int hkz_cli_ly_track(hkz_ly_track_t *tr, const hkz_cli_ly_family_t *fam,
                     slong j0, slong j1, const hkz_cli_track_args_t *a,
                     const hkz_ly_opts_t *o, slong digits, int *status)
{
    hkz_ly_track_t mine = NULL;
    slong q, r, lo, hi;
    int rc = 0, size = hkz_cli_ly_size(), rank = hkz_cli_ly_rank();
    if (size == 1)
        return track_range(tr, fam, j0, j1, a, o, digits, status);
    /* each process tracks its block of the indices (checkpoint
     * FILE.r<rank>); rank 0 gathers the records of all into *tr */
    q = (j1 - j0) / size;
    r = (j1 - j0) % size;
    lo = j0 + rank * q + FLINT_MIN(rank, r);
    hi = lo + q + (rank < r);
    if (lo < hi)
        rc = track_range(&mine, fam, lo, hi, a, o, digits, status);
    if (rc == 0 && rank == 0 &&
        (*status = hkz_ly_track_create(tr, fam->W, fam->fn, fam->param,
                                       fam->name, fam->t0, fam->t1, j0, j1,
                                       o)) != HKZ_SUCCESS)
        rc = hkz_cli_fail(*status);
    if ((rc = hkz_cli_ly_agree(rc)) == 0)
        rc = hkz_cli_ly_track_gather(*tr, mine);
    if (rc == 0 && rank == 0)
        *status = hkz_ly_track_status(*tr);
    hkz_ly_track_destroy(&mine);
    return rc;
}

int hkz_cli_ly_track_check(hkz_cli_run_t *r, void *args)
{
    return hkz_cli_ly_check(r, ((hkz_cli_track_args_t *) args)->threads);
}

int hkz_cli_ly_track_tmax(const hkz_ly_opts_t *o, slong W, const arb_t t1,
                          const char *t1s, const char *limit)
{
    double tmax = (o->goal.rel_bits + 2.0 * W + 64) * 0.34657359027997264;
    if (arf_cmp_d(arb_midref(t1), tmax) > 0)
        return hkz_cli_usage_error("--t1 %s: beyond t_max = %.4g the zeros "
                 "sit at their %s to far below the goal: give t1 <= %.4g",
                 t1s, tmax, limit, tmax);
    return 0;
}
