/* What hkz zeros and hkz track share: the process world (hkz/dist.h:
 * MPI ranks with -DHKZ_MPI=ON, one process without), checkpoints, status
 * mapping, trajectory rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/runner.h"
#include "cli_ly.h"

int hkz_cli_ly_check(hkz_cli_run_t *r, slong threads)
{
    flint_set_num_threads((int) threads);
    /* rank 0 alone writes (an --out file too): the other ranks write to
     * their standard output, which hkz_dist_quiet_nonroot sent to the
     * null device (never a file path here: a writer renames its
     * temporary file onto the path) */
    if (hkz_cli_rank() != 0)
        r->out = "-";
    return 0;
}

int hkz_cli_ly_end(hkz_cli_run_t *r, int rc, const char *what)
{
    char line[256];
    int size = hkz_cli_size();
    rc = hkz_cli_agree(rc, 1);
    if (rc == HKZ_CLI_LY_UNCERTIFIED)
    {
        /* the rows are complete: close the output with its closing
         * record (every rank), then the one warning line */
        rc = r->w != NULL ? hkz_cli_run_close(r, &r->w, HKZ_CLI_EXIT_RUNTIME)
                          : 0;
        if (rc == 0)
        {
            fprintf(stderr, "hkz: warning: %s NOT certified (see the %s)\n",
                    what, strcmp(what, "the zero list is") == 0
                    ? "summary row" : "verifier rows");
            rc = HKZ_CLI_EXIT_RUNTIME;
        }
    }
    if (size == 1)
        return rc;
    /* the per-rank timing line (rank 0, stderr) */
    if (hkz_run_times_line(hkz_dist_world(), hkz_cli_wtime() - r->t0, line,
                           sizeof(line)) == HKZ_SUCCESS &&
        hkz_cli_rank() == 0)
        fprintf(stderr, "hkz: %s\n", line);
    return rc;
}

const char *hkz_cli_ly_ckpt_path(char *buf, size_t n, const char *path)
{
    return hkz_run_ckpt_path(buf, n, path, hkz_dist_world());
}

void hkz_cli_ly_describe(char *buf, size_t n, const char *what,
                         const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned long long h = 1469598103934665603ULL;
    int c;
    if (f != NULL)
    {
        while ((c = getc(f)) != EOF)
        {
            h ^= (unsigned char) c;
            h *= 1099511628211ULL;
        }
        fclose(f);
    }
    snprintf(buf, n, "%s %.4000s fnv1a64:%016llx", what, path, h);
}

int hkz_cli_ly_ckpt_open(hkz_ckpt_t c, int resume)
{
    int st = hkz_ckpt_open(c, resume);
    if (st == HKZ_ERR_CHECKPOINT || (st == HKZ_ERR_ARG && resume))
        return hkz_cli_usage_error("--resume: %s", hkz_errmsg());
    return st == HKZ_SUCCESS ? 0 : hkz_cli_fail(st);
}

int hkz_cli_ly_fail(int status)
{
    switch (status)
    {
    case HKZ_ERR_TOO_LARGE:
        return hkz_cli_usage_error("too large for this method: %s",
                                   hkz_errmsg());
    case HKZ_ERR_CHECKPOINT:
        return hkz_cli_usage_error("%s", hkz_errmsg());
    default:
        return hkz_cli_fail(status);
    }
}

int hkz_cli_ly_ball(arb_t x, const char *opt, const char *s, slong prec)
{
    /* every decimal is exact at enough bits: ~3.33 bits per digit */
    slong need = s != NULL ? (slong) (3.33 * strlen(s)) + 64 : prec;
    return hkz_cli_ball(x, opt, s, FLINT_MAX(prec, need));
}

int hkz_cli_ly_meta(hkz_writer_t *w, const char *key, const char *value)
{
    return hkz_writer_meta(w, key, value) == HKZ_SUCCESS ? 0
           : hkz_cli_fail(HKZ_ERR_IO);
}

int hkz_cli_ly_row(hkz_writer_t *w, const char *record, slong j,
                   const char *tlabel, const arb_struct *ta,
                   const arb_struct *tb, const arb_struct *theta,
                   const arb_struct *box, int dir, int certified,
                   const char *verifier, const char *verdict,
                   const char *note)
{
    hkz_field_t f[12];
    arb_struct r[4];
    const arb_struct *in[4];
    int s, k;
    /* print the meaningful digits only (rounding keeps the enclosure) */
    in[0] = ta;
    in[1] = tb;
    in[2] = theta != NULL && arb_is_finite(theta) ? theta : NULL;
    in[3] = box;
    for (k = 0; k < 4; k++)
    {
        arb_init(r + k);
        if (in[k] != NULL)
            arb_set_round(r + k, in[k], arb_is_exact(in[k]) ? 96
                          : FLINT_MAX(arb_rel_accuracy_bits(in[k]), 0) + 16);
    }
    f[0] = HKZ_FSTR("record", record);
    f[1] = HKZ_FINT("j", (long) j);
    f[2] = ta != NULL ? HKZ_FBALL("ta", r + 0) : HKZ_FSTR("ta", tlabel);
    f[3] = tb != NULL ? HKZ_FBALL("tb", r + 1) : HKZ_FSTR("tb", "");
    f[4] = in[2] != NULL ? HKZ_FBALL("theta", r + 2) : HKZ_FSTR("theta", "");
    f[5] = box != NULL ? HKZ_FBALL("box", r + 3) : HKZ_FSTR("box", "");
    f[6] = HKZ_FINT("dir", dir);
    f[7] = HKZ_FBOOL("certified", certified);
    f[8] = HKZ_FSTR("verifier", verifier);
    f[9] = HKZ_FSTR("verdict", verdict);
    f[10] = HKZ_FSTR("note", note);
    f[11] = HKZ_FINT("theta_rel_acc_bits",
                     theta != NULL && arb_is_finite(theta)
                     ? (long) FLINT_MAX(arb_rel_accuracy_bits(theta), -1)
                     : -1);
    s = hkz_writer_record(w, f, 12);
    for (k = 0; k < 4; k++)
        arb_clear(r + k);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_ly_steps(hkz_writer_t *w, const hkz_ly_track_t tr)
{
    slong j, k;
    int rc;
    for (j = hkz_ly_track_j0(tr); j < hkz_ly_track_j1(tr); j++)
        for (k = 0; k < hkz_ly_track_nsteps(tr, j); k++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(tr, j, k);
            if ((rc = hkz_cli_ly_row(w, "step", j + 1, "", &s->ta, &s->tb,
                                     &s->theta_b, &s->box, s->dir, 1, "", "",
                                     s->dir == 0 ? "monotonicity not "
                                     "certified on this step" : "")))
                return rc;
        }
    return 0;
}

/* "3.2 h", "7.9 days" */
static void duration(char *buf, size_t n, double s)
{
    if (s < 120)
        snprintf(buf, n, "%.0f s", s);
    else if (s < 7200)
        snprintf(buf, n, "%.0f min", s / 60);
    else if (s < 172800)
        snprintf(buf, n, "%.1f h", s / 3600);
    else
        snprintf(buf, n, "%.1f days", s / 86400);
}

int hkz_cli_ly_dos_budget(const hkz_ising_model_t m, int threads, int force)
{
    hkz_ising_transfer_stats_t est;
    double cpu, wall;
    char a[32], b[32], c[32];
    int st = hkz_ising_dos_transfer_estimate(&est, &cpu, m, threads);
    if (st != HKZ_SUCCESS)
        return st == HKZ_ERR_TOO_LARGE ? st : HKZ_SUCCESS;
    wall = cpu / FLINT_MAX(threads, 1);
    if (force > 0 || wall <= HKZ_ISING_DOS_CPU_BUDGET_S)
        return HKZ_SUCCESS;
    duration(a, sizeof(a), wall);
    duration(b, sizeof(b), cpu / est.runs);
    duration(c, sizeof(c), cpu);
    return hkz_error_set(HKZ_ERR_TOO_LARGE, "--lattice %ldx%ld (%s): the "
             "CPU transfer matrix would run about %s on %d thread%s (%ld "
             "first-row runs x ~%s of CPU, %s in all, estimated from the "
             "measured 10x10 and 12x12 tori; memory plan %.3g GB) and has "
             "no checkpoint: %s", (long) m->L, (long) m->M, m->boundary ==
             HKZ_ISING_TORUS ? "torus" : "cylinder", a, threads,
             threads == 1 ? "" : "s",
             (long) est.runs, b, c, est.plan_bytes / 1e9, force < 0 ?
             "compute it once with `hkz dos --lattice ... --device cuda "
             "--save FILE` and pass --dos FILE" : "use --device cuda, or "
             "--force to run here anyway");
}

int hkz_cli_ly_dos(hkz_ising_model_t m, const char *path, int threads)
{
    hkz_ising_dos_t d;
    int st;
    if (path == NULL)
    {
        /* the table will be computed on the CPU (the model's cache) */
        if (m->kind == HKZ_ISING_LATTICE &&
            (st = hkz_cli_ly_dos_budget(m, threads, -1)) != HKZ_SUCCESS)
            return st == HKZ_ERR_TOO_LARGE ? hkz_cli_usage_error("%s",
                   hkz_errmsg()) : hkz_cli_ly_fail(st);
        return 0;
    }
    hkz_ising_dos_init(d);
    st = hkz_ising_dos_load(d, m, path);
    if (st == HKZ_SUCCESS)
        st = hkz_ising_model_set_dos(m, d);
    hkz_ising_dos_clear(d);
    if (st == HKZ_SUCCESS)
        return 0;
    return st == HKZ_ERR_IO ? hkz_cli_usage_error("--dos: %s", hkz_errmsg())
                            : hkz_cli_usage_error("--dos %s", hkz_errmsg());
}

const hkz_opt_enum_t hkz_cli_ly_boundaries[] = {
    {"torus", HKZ_ISING_TORUS}, {"cylinder", HKZ_ISING_CYLINDER},
    {NULL, 0}};
const hkz_opt_enum_t hkz_cli_ly_methods[] = {
    {"auto", HKZ_LY_METHOD_AUTO}, {"direct", HKZ_LY_METHOD_DIRECT},
    {"integral", HKZ_LY_METHOD_INTEGRAL}, {NULL, 0}};

int hkz_cli_ly_lattice(hkz_ising_model_t m, slong L, slong M,
                       int boundary, const char *opt)
{
    fmpq_t one;
    int st;
    fmpq_init(one);
    fmpq_one(one);
    st = hkz_ising_model_lattice(m, L, M, one, boundary);
    fmpq_clear(one);
    return st == HKZ_SUCCESS ? 0
           : hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
}
