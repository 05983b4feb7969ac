/* hkz compare sweep: the best exponent c and constant C in
 * d_L(e,x) <= C d_Delta(e,x)^c on SU(2)^n / SU(2)^infinity, estimated from
 * certified distances on a deterministic sample of points (random heads and
 * fibre directions), with the certified bounds behind the estimate:
 * every sample ratio d_L/d_Delta^{1/2} is a witness (a lower bound for the
 * best C(1/2)) and (P2) sqrt(2 pi) S^{1/4}, S = sum a_i/b_i^2, is the exact
 * supremum (spec 6.3 P1, P2; experiment X2 of 6.4).
 *
 * Long sweeps: under mpiexec each rank computes a contiguous block of the
 * sample indices and rank 0 gathers exact ball strings (so the output does
 * not depend on the rank count); with --checkpoint FILE every rank appends
 * one fsync'ed line per finished sample to FILE.rank<r>, and --resume reads
 * all FILE.rank* files (any rank count) and skips what is done. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "sweep.h"

int hkz_cmd_compare_sweep(int argc, char **argv);

#ifdef HKZ_CLI_EXIT_VERDICT
#define SWEEP_EXIT_FAIL HKZ_CLI_EXIT_VERDICT
#else
#define SWEEP_EXIT_FAIL 4
#endif
#define SWEEP_CK_MAGIC "hkz-sweep-checkpoint 1"

enum
{
    OPT_DW = HKZ_OPT_FIRST_COMMAND_OPT, OPT_SW, OPT_HEAD, OPT_SAMPLES,
    OPT_SEED, OPT_FIBRE, OPT_DECADES, OPT_CHECKPOINT, OPT_RESUME,
    OPT_DATA_DIR, OPT_THROTTLE, OPT_STOP_AFTER
};

typedef struct
{
    const char *dw, *sw, *s_head, *s_samples, *s_seed, *s_fibre, *s_decades;
    const char *checkpoint, *data_dir, *s_throttle, *s_stop;
    int resume;
} sweep_args_t;

typedef struct
{
    hkz_su2n_weights_t a, b;    /* as given: the group */
    hkz_su2n_weights_t ah, bh;  /* the first head weights: sampled heads */
    double *ab;                 /* a_i/b_i (double), the fibre direction */
    double ab_max;
    slong head, n, nfibre, decades, digits, goal, prec;
    ulong seed;
    double fibre;
    char *dws, *sws;            /* canonical weight texts (metadata) */
    char *header;               /* checkpoint line 1: the parameters */
} sweep_t;

static const char *usage =
    "usage: hkz compare sweep [--delta-weights SPEC] [--sub-weights SPEC] "
    "[--head n]\n"
    "         [--samples N] [--seed S] [--fibre-fraction F] [--decades K]\n"
    "         [--digits D] [--checkpoint FILE [--resume]] [--data-dir DIR]\n"
    "         [--format text|csv|jsonl] [--out PATH]\n\n"
    "Estimates the best exponent c and constant C in d_L(e,x) <= C "
    "d_Delta(e,x)^c for\nDelta = sum a_i Delta_i, L = sum b_i L_i (N_unit, "
    "spec 6.3) from certified distances\non N samples x with x_i = e for i "
    "> n:\n"
    "  random  (r, phi, z) per coordinate, scaled by eps = 10^(-K u), u "
    "uniform,\n"
    "          so that distances over K decades are sampled;\n"
    "  fibre   x_i = exp(eps (a_i/b_i) Z_i) (the direction of P2), eps on a"
    " log grid\n"
    "          of K + 2 decades below 1/max(a_i/b_i); every F-th sample "
    "(F = 0.25:\n          every 4th).\n"
    "Sample j is a deterministic function of (S, j) and the parameters "
    "only.\n\n"
    "Certified: every ratio d_L/d_Delta^{1/2} (Arb balls); the lower end "
    "of their max\n(C_sample_max_lower) is a lower bound for the best "
    "C(1/2); C_head =\nsqrt(2 pi) S_n^{1/4}, S_n = sum_{i<=n} a_i/b_i^2 "
    "(P2), is the exact sup over\npoints with head n and C_upper the same "
    "for the whole group (inf when S = inf).\n"
    "Verdict: PASS when every ratio <= C_head is certified (exit 0), FAIL "
    "when one\nexceeds it (exit 4), undecided at D digits: exit 3.\n"
    "Estimate (not certified): c_hat is the slope of the upper envelope "
    "of log d_L\nagainst log d_Delta (per decade of d_Delta the largest "
    "d_L) over the smallest-\ndistance half of the decades (at least 3), "
    "the median of the slopes between\nenvelope points (Theil-Sen): "
    "d_L <= C d_Delta^c for small distances needs\nc <= that slope (P1: "
    "c <= 1/2); C_hat = max d_L/d_Delta^c_hat over the samples.\n\n"
    "Weights SPEC: [C*]i^P, [C*]i, [C*]2^i, [C*]log(1+i), [C*]log(1+i)^2, "
    "a list\n\"1,4,9\", file:PATH; suffix @N = the first N factors "
    "(default i^2 and i^2).\nDefaults: n = 10 (at most the list length), "
    "N = 200, S = 1, F = 0.25, K = 8,\nD = 30.\n\n"
    "Output: a summary (estimate, certified bounds, verdict) on stdout; "
    "--out PATH\nalso writes the sample rows in --format.  --data-dir DIR "
    "(default notebooks_data,\n\"none\": off) writes DIR/sweep/sweep.csv, "
    "sweep.jsonl (one row per sample:\nsample, kind, eps, d_delta, "
    "d_delta_mid, d_L, d_L_mid, ratio, ratio_mid,\nbelow_bound) and "
    "sweep_summary.jsonl (one record).\n\n"
    "--checkpoint FILE: every rank appends one line per finished sample to "
    "FILE.rank<r>\n(fsync'ed); SIGTERM/SIGINT stop after the current "
    "sample.  --resume reads every\nFILE.rank* (the rank count may change) "
    "and computes only the missing samples;\nthe output equals an "
    "uninterrupted run's.  Under mpiexec (build -DHKZ_MPI=ON)\neach rank "
    "computes a contiguous block of the samples; rank 0 writes.\n";

static int handle(int opt, const char *arg, void *ctx)
{
    sweep_args_t *a = ctx;
    switch (opt)
    {
    case OPT_DW: a->dw = arg; break;
    case OPT_SW: a->sw = arg; break;
    case OPT_HEAD: a->s_head = arg; break;
    case OPT_SAMPLES: a->s_samples = arg; break;
    case OPT_SEED: a->s_seed = arg; break;
    case OPT_FIBRE: a->s_fibre = arg; break;
    case OPT_DECADES: a->s_decades = arg; break;
    case OPT_CHECKPOINT: a->checkpoint = arg; break;
    case OPT_RESUME: a->resume = 1; break;
    case OPT_DATA_DIR: a->data_dir = arg; break;
    case OPT_THROTTLE: a->s_throttle = arg; break;
    case OPT_STOP_AFTER: a->s_stop = arg; break;
    }
    return 0;
}

static int my_rank(void)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_rank();
#else
    return 0;
#endif
}

static int agree(int rc)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_agree(rc, 1);
#else
    return rc;
#endif
}

/* ---- deterministic samples ---------------------------------------------- */

/* splitmix64: the stream of sample j depends on (seed, j) only */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double rng_u(uint64_t *s)
{
    *s += UINT64_C(0x9e3779b97f4a7c15);
    /* uniform in (0, 1], so no coordinate is exactly at e */
    return (double) ((mix64(*s) >> 11) + 1) * 0x1p-53;
}

/* floor(j F): sample j is a fibre sample iff g(j + 1) > g(j) */
static slong fibre_count(const sweep_t *sw, slong j)
{
    return (slong) floor((double) j * sw->fibre);
}

static int is_fibre(const sweep_t *sw, slong j)
{
    return fibre_count(sw, j + 1) > fibre_count(sw, j);
}

/* The exact (dyadic) point of sample j; *eps its scale. */
static int sample_point(hkz_su2n_point_t x, double *eps, const sweep_t *sw,
                        slong j)
{
    const double pi = 3.141592653589793;  /* < pi: r <= pi/2 holds */
    arb_t r, phi, z;
    slong i;
    int s = HKZ_SUCCESS, any = 0;
    uint64_t st = mix64(sw->seed + UINT64_C(0x9e3779b97f4a7c15) *
                        (uint64_t) (j + 1));
    arb_init(r);
    arb_init(phi);
    arb_init(z);
    if (is_fibre(sw, j))
    {
        /* eps on a log grid of K + 2 decades below 1/max(a_i/b_i) (z_i
         * <= 1), reaching below the smallest random distances */
        slong k = fibre_count(sw, j);
        double e = sw->nfibre > 1 ? (double) k / (double) (sw->nfibre - 1)
                                  : 0.0;
        *eps = pow(10.0, -(double) (sw->decades + 2) * e) / sw->ab_max;
        arb_zero(r);
        for (i = 0; i < sw->head && s == HKZ_SUCCESS; i++)
        {
            arb_set_d(z, *eps * sw->ab[i]);
            s = hkz_su2n_point_set_cyl(x, i + 1, r, NULL, z);
        }
    }
    else
    {
        *eps = pow(10.0, -(double) sw->decades * rng_u(&st));
        for (i = 0; i < sw->head && s == HKZ_SUCCESS; i++)
        {
            /* every coordinate draws the same numbers, used or not */
            double u1 = rng_u(&st), u2 = rng_u(&st), u3 = rng_u(&st);
            double u4 = rng_u(&st), u5 = rng_u(&st);
            if (u5 <= 0.25 && !(i == sw->head - 1 && !any))
                continue;  /* this coordinate stays at e */
            any = 1;
            /* r-dominated and z-dominated coordinates both occur */
            arb_set_d(r, *eps * (pi / 2) * u1 * pow(10.0, -2.0 * u2));
            arb_set_d(z, *eps * pi * (2.0 * u3 - 1.0));
            arb_set_d(phi, 2.0 * pi * u4);
            s = hkz_su2n_point_set_cyl(x, i + 1, r, phi, z);
        }
    }
    arb_clear(r);
    arb_clear(phi);
    arb_clear(z);
    return s;
}

/* d_Delta(e, x) and d_L(e, x) of sample j (spec 5.3), precision raised
 * until both meet the goal (a function of j and the parameters only). */
static int sample_dist(arb_t dd, arb_t dl, double *eps, const sweep_t *sw,
                       slong j)
{
    hkz_su2n_point_t x;
    slong p;
    int s;
    hkz_su2n_point_init(x, sw->head);
    s = sample_point(x, eps, sw, j);
    for (p = sw->prec; s == HKZ_SUCCESS; p *= 2)
    {
        s = hkz_su2n_dist(dd, sw->ah, HKZ_SU2N_DELTA, x, p);
        if (s == HKZ_SUCCESS)
            s = hkz_su2n_dist(dl, sw->bh, HKZ_SU2N_L, x, p);
        if (s != HKZ_SUCCESS || p >= 8 * sw->prec ||
            (arb_rel_accuracy_bits(dd) >= sw->goal + 8 &&
             arb_rel_accuracy_bits(dl) >= sw->goal + 8))
            break;
    }
    hkz_su2n_point_clear(x);
    return s;
}

/* ---- checkpoint files ----------------------------------------------------- */

static volatile sig_atomic_t sweep_signal = 0;

static void on_signal(int sig)
{
    sweep_signal = sig;
}

typedef struct
{
    char **dd, **dl;  /* arb_dump_str of sample j's distances, or NULL */
    slong n;
} store_t;

static void store_clear(store_t *st)
{
    slong j;
    for (j = 0; j < st->n; j++)
    {
        free(st->dd[j]);
        free(st->dl[j]);
    }
    free(st->dd);
    free(st->dl);
}

static char *dup_str(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    if (r != NULL)
    {
        memcpy(r, s, n);
        r[n] = '\0';
    }
    return r;
}

/* "<j>|<dump d_Delta>|<dump d_L>|end": 0 and the fields, or -1 */
static int parse_line(slong *j, char **dd, char **dl, char *l, slong n)
{
    char *p1, *p2, *p3, *end;
    long v;
    arb_t t;
    int ok;
    if ((p1 = strchr(l, '|')) == NULL || (p2 = strchr(p1 + 1, '|')) == NULL
        || (p3 = strchr(p2 + 1, '|')) == NULL || strcmp(p3 + 1, "end") != 0)
        return -1;
    *p1 = *p2 = *p3 = '\0';
    errno = 0;
    v = strtol(l, &end, 10);
    if (errno != 0 || end == l || *end != '\0' || v < 0 || v >= n)
        return -1;
    arb_init(t);
    ok = arb_load_str(t, p1 + 1) == 0 && arb_load_str(t, p2 + 1) == 0;
    arb_clear(t);
    if (!ok)
        return -1;
    *j = v;
    *dd = p1 + 1;
    *dl = p2 + 1;
    return 0;
}

/* first field of the two headers that differs, for the error message */
static void header_diff(char *out, size_t len, const char *have,
                        const char *want)
{
    const char *h = have, *w = want;
    for (;;)
    {
        size_t nh = strcspn(h, "|"), nw = strcspn(w, "|");
        if (nh != nw || strncmp(h, w, nh) != 0)
        {
            snprintf(out, len, "checkpoint has '%.*s', this run '%.*s'",
                     (int) FLINT_MIN(nh, 200), h, (int) FLINT_MIN(nw, 200),
                     w);
            return;
        }
        if (h[nh] == '\0' || w[nw] == '\0')
            break;
        h += nh + 1;
        w += nw + 1;
    }
    snprintf(out, len, "different parameters");
}

/* Reads one checkpoint file into st (samples [lo, hi) kept; all checked).
 * A file without a complete first line holds nothing; a final line
 * without '\n' (a write cut by SIGKILL) is ignored.  Returns 0 or a usage
 * error (exit code 2, message printed). */
static int read_ck(store_t *st, slong *nfound, const char *path,
                   const sweep_t *sw, slong lo, slong hi)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL, *p, *e, *end;
    long sz;
    slong line = 1, j;
    int rc = 0;
    if (f == NULL)
        return hkz_cli_usage_error("--resume: cannot read '%s'", path);
    if (fseek(f, 0, SEEK_END) != 0 || (sz = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 || (buf = malloc(sz + 1)) == NULL ||
        fread(buf, 1, sz, f) != (size_t) sz)
    {
        fclose(f);
        free(buf);
        return hkz_cli_usage_error("--resume: cannot read '%s'", path);
    }
    fclose(f);
    buf[sz] = '\0';
    end = buf + sz;
    e = memchr(buf, '\n', sz);
    if (e == NULL)  /* killed before the header was complete */
        goto done;
    *e = '\0';
    if (strcmp(buf, sw->header) != 0)
    {
        char why[600];
        if (strncmp(buf, SWEEP_CK_MAGIC, strlen(SWEEP_CK_MAGIC)) != 0)
            rc = hkz_cli_usage_error("--resume: '%s' is not a checkpoint of "
                                     "hkz compare sweep", path);
        else
        {
            header_diff(why, sizeof(why), buf, sw->header);
            rc = hkz_cli_usage_error("--resume: '%s' was made with other "
                                     "parameters (%s)", path, why);
        }
        goto done;
    }
    for (p = e + 1; p < end; p = e + 1)
    {
        char *dd, *dl;
        line++;
        if ((e = memchr(p, '\n', end - p)) == NULL)
            break;  /* partial last line */
        *e = '\0';
        if (parse_line(&j, &dd, &dl, p, sw->n))
        {
            rc = hkz_cli_usage_error("--resume: '%s' line %ld is malformed",
                                     path, (long) line);
            goto done;
        }
        if (j < lo || j >= hi || st->dd[j - lo] != NULL)
            continue;
        st->dd[j - lo] = dup_str(dd, strlen(dd));
        st->dl[j - lo] = dup_str(dl, strlen(dl));
        if (st->dd[j - lo] == NULL || st->dl[j - lo] == NULL)
        {
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
            goto done;
        }
        (*nfound)++;
    }
done:
    free(buf);
    return rc;
}

/* The files FILE.rank<digits> that exist (paths malloc'd). */
static int list_ck(char ***names, slong *count, const char *base)
{
    char dir[4096];
    const char *slash = strrchr(base, '/'), *bn;
    size_t bl;
    DIR *d;
    struct dirent *de;
    slong cap = 0;
    *names = NULL;
    *count = 0;
    if (strlen(base) + 32 >= sizeof(dir))
        return hkz_cli_usage_error("--checkpoint: path too long");
    if (slash == NULL)
    {
        strcpy(dir, ".");
        bn = base;
    }
    else
    {
        memcpy(dir, base, slash - base + 1);
        dir[slash - base + 1] = '\0';
        bn = slash + 1;
    }
    bl = strlen(bn);
    if ((d = opendir(dir)) == NULL)
        return 0;
    while ((de = readdir(d)) != NULL)
    {
        const char *s = de->d_name;
        size_t k;
        if (strncmp(s, bn, bl) != 0 || strncmp(s + bl, ".rank", 5) != 0 ||
            s[bl + 5] == '\0')
            continue;
        for (k = bl + 5; s[k] >= '0' && s[k] <= '9'; k++)
            ;
        if (s[k] != '\0')
            continue;
        if (*count == cap)
        {
            char **t = realloc(*names, sizeof(char *) * (cap = 2 * cap + 8));
            if (t == NULL)
                break;
            *names = t;
        }
        (*names)[*count] = malloc(strlen(base) + strlen(s) + 2);
        if ((*names)[*count] == NULL)
            break;
        snprintf((*names)[*count], strlen(base) + strlen(s) + 2, "%s%s",
                 slash == NULL ? "" : dir, s);
        (*count)++;
    }
    closedir(d);
    return 0;
}

static void free_names(char **names, slong count)
{
    slong i;
    for (i = 0; i < count; i++)
        free(names[i]);
    free(names);
}

/* write(2) all of s, then fsync: the line survives SIGKILL once here */
static int write_all(int fd, const char *s, size_t n)
{
    while (n > 0)
    {
        ssize_t k = write(fd, s, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        s += k;
        n -= (size_t) k;
    }
    return fsync(fd);
}

/* Opens this rank's FILE.rank<r> for appending: on resume an existing
 * file keeps its lines (less a partial last one), else it starts anew
 * with the header.  Returns the descriptor or -1 (message printed). */
static int open_own_ck(const char *path, const sweep_t *sw, int resume)
{
    int fd;
    off_t keep = 0;
    if (resume)
    {
        FILE *f = fopen(path, "rb");
        if (f != NULL)
        {
            int c;
            off_t pos = 0;
            /* keep everything up to the last '\n' (the header was checked
             * by read_ck; a partial last line goes) */
            while ((c = fgetc(f)) != EOF)
            {
                pos++;
                if (c == '\n')
                    keep = pos;
            }
            fclose(f);
        }
    }
    fd = open(path, O_WRONLY | O_CREAT, 0644);
    if (fd < 0 || ftruncate(fd, keep) != 0 || lseek(fd, 0, SEEK_END) < 0)
    {
        if (fd >= 0)
            close(fd);
        hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--checkpoint: cannot write "
                                   "'%s'", path));
        return -1;
    }
    if (keep == 0)
    {
        if (write_all(fd, sw->header, strlen(sw->header)) != 0 ||
            write_all(fd, "\n", 1) != 0)
        {
            close(fd);
            hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--checkpoint: cannot "
                                       "write '%s'", path));
            return -1;
        }
    }
    return fd;
}

/* ---- the sweep on this rank's block ------------------------------------- */

static void sleep_ms(slong ms)
{
    struct timespec ts;
    ts.tv_sec = ms / 1000;
    ts.tv_nsec = (ms % 1000) * 1000000L;
    nanosleep(&ts, NULL);  /* a signal cuts it short: fine */
}

/* Computes the samples [lo, hi) not in st; returns 0, an exit code, or
 * 128 + signal when interrupted. */
static int run_block(store_t *st, const sweep_t *sw, const sweep_args_t *a,
                     slong lo, slong hi)
{
    char path[4200];
    char **names = NULL;
    slong count = 0, i, j, found = 0, fresh = 0, throttle = 0, stop = -1;
    int rc = 0, fd = -1;
    struct sigaction sa, old_term, old_int;
    arb_t dd, dl;

    if (a->s_throttle != NULL &&
        (rc = hkz_cli_slong(&throttle, "--throttle-ms", a->s_throttle, 0,
                            100000)))
        return rc;
    if (a->s_stop != NULL &&
        (rc = hkz_cli_slong(&stop, "--stop-after", a->s_stop, 0,
                            WORD(1) << 40)))
        return rc;
    if (a->checkpoint != NULL)
    {
        rc = list_ck(&names, &count, a->checkpoint);
        if (rc == 0 && a->resume)
            for (i = 0; i < count && rc == 0; i++)
                rc = read_ck(st, &found, names[i], sw, lo, hi);
        /* a fresh run: rank 0 removes every old FILE.rank* first */
        if (rc == 0 && !a->resume && my_rank() == 0)
            for (i = 0; i < count; i++)
                remove(names[i]);
        free_names(names, count);
        if ((rc = agree(rc)))  /* every rank has read before any writes */
            return rc;
        snprintf(path, sizeof(path), "%s.rank%d", a->checkpoint, my_rank());
        if ((fd = open_own_ck(path, sw, a->resume)) < 0)
            rc = HKZ_CLI_EXIT_RUNTIME;
        if ((rc = agree(rc)))
            return rc;
        if (a->resume)
            fprintf(stderr, "hkz: resuming: %ld samples from the checkpoint, "
                    "%ld to compute\n", (long) found, (long) (hi - lo - found));
    }

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sweep_signal = 0;
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGINT, &sa, &old_int);
    arb_init(dd);
    arb_init(dl);
    for (j = lo; j < hi && rc == 0; j++)
    {
        double eps;
        char *s1, *s2, *line;
        size_t len;
        if (st->dd[j - lo] != NULL)
            continue;
        if (sweep_signal != 0 || (stop >= 0 && fresh >= stop))
            break;
        if ((rc = sample_dist(dd, dl, &eps, sw, j)) != HKZ_SUCCESS)
        {
            rc = hkz_cli_fail(rc);
            break;
        }
        s1 = arb_dump_str(dd);
        s2 = arb_dump_str(dl);
        len = strlen(s1) + strlen(s2) + 48;
        line = malloc(len);
        st->dd[j - lo] = dup_str(s1, strlen(s1));
        st->dl[j - lo] = dup_str(s2, strlen(s2));
        if (line == NULL || st->dd[j - lo] == NULL || st->dl[j - lo] == NULL)
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
        else if (fd >= 0)
        {
            snprintf(line, len, "%ld|%s|%s|end\n", (long) j, s1, s2);
            if (write_all(fd, line, strlen(line)) != 0)
                rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--checkpoint: "
                                  "cannot write '%s'", path));
        }
        free(line);
        flint_free(s1);
        flint_free(s2);
        fresh++;
        if (throttle > 0 && rc == 0)
            sleep_ms(throttle);
    }
    arb_clear(dd);
    arb_clear(dl);
    if (fd >= 0)
        close(fd);
    if (rc == 0 && j < hi)
    {
        /* interrupted (or --stop-after): everything done is on disk */
        int sig = sweep_signal != 0 ? (int) sweep_signal : SIGTERM;
        fprintf(stderr, "hkz: interrupted; resume with --resume\n");
        /* what rank 0 reports when only another rank was interrupted */
        hkz_error_set(HKZ_ERR_IO, "interrupted; resume with --resume");
        rc = 128 + sig;
    }
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGINT, &old_int, NULL);
    return rc;
}

/* The block's results as text "j|dd|dl\n" (exact dump strings). */
static char *pack_block(size_t *len, const store_t *st, slong lo)
{
    size_t tot = 1, n = 0;
    slong i;
    char *s;
    for (i = 0; i < st->n; i++)
        tot += strlen(st->dd[i]) + strlen(st->dl[i]) + 32;
    if ((s = malloc(tot)) == NULL)
        return NULL;
    s[0] = '\0';
    for (i = 0; i < st->n; i++)
        n += snprintf(s + n, tot - n, "%ld|%s|%s|end\n", (long) (lo + i),
                      st->dd[i], st->dl[i]);
    *len = n;
    return s;
}

/* Rank 0: the gathered text into dd[], dl[] (every sample exactly once). */
static int unpack_all(arb_ptr dd, arb_ptr dl, char *text, size_t len,
                      slong n)
{
    char *p = text, *end = text + len, *e, *s1, *s2;
    slong j, got = 0;
    char *seen = calloc(n + 1, 1);
    int rc = 0;
    if (seen == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    for (; p < end && rc == 0; p = e + 1)
    {
        if ((e = memchr(p, '\n', end - p)) == NULL)
            e = end;
        *e = '\0';
        if (parse_line(&j, &s1, &s2, p, n) || seen[j] ||
            arb_load_str(dd + j, s1) || arb_load_str(dl + j, s2))
            rc = -1;
        else
        {
            seen[j] = 1;
            got++;
        }
    }
    free(seen);
    if (rc != 0 || got != n)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "compare sweep: "
                            "gathered %ld of %ld samples", (long) got,
                            (long) n));
    return 0;
}

/* ---- setup ---------------------------------------------------------------- */

static int parse_weights(hkz_su2n_weights_t w, const char *opt,
                         const char *spec, slong prec)
{
    if (hkz_su2n_weights_set_str(w, spec, prec) != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
    return 0;
}

static int setup(sweep_t *sw, const sweep_args_t *a, slong digits)
{
    const char *dw = a->dw != NULL ? a->dw : "i^2";
    const char *sbw = a->sw != NULL ? a->sw : "i^2";
    slong la, lb, maxhead, v = 0, ip;
    arb_t ai, bi;
    char *end;
    int rc, s = HKZ_SUCCESS;

    sw->digits = digits;
    sw->goal = (slong) ceil(digits * 3.321928094887362);
    sw->prec = sw->goal + 32;
    ip = sw->prec + 64;
    if ((rc = parse_weights(sw->a, "--delta-weights", dw, ip)) ||
        (rc = parse_weights(sw->b, "--sub-weights", sbw, ip)))
        return rc;
    la = hkz_su2n_weights_length(sw->a);
    lb = hkz_su2n_weights_length(sw->b);
    maxhead = la < 0 ? (lb < 0 ? 100000 : lb) : (lb < 0 ? la
                                                  : FLINT_MIN(la, lb));
    if (maxhead < 1)
        return hkz_cli_usage_error("the weights have no factor");
    sw->head = FLINT_MIN(10, maxhead);
    if (a->s_head != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--head", a->s_head, 1, 100000)))
            return rc;
        if (v > maxhead)
            return hkz_cli_usage_error("--head: %ld exceeds the %ld weights "
                                       "given", (long) v, (long) maxhead);
        sw->head = v;
    }
    sw->n = 200;
    if (a->s_samples != NULL &&
        (rc = hkz_cli_slong(&sw->n, "--samples", a->s_samples, 1,
                            WORD(1) << 24)))
        return rc;
    sw->seed = 1;
    if (a->s_seed != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--seed", a->s_seed, 0,
                                (WORD(1) << 62))))
            return rc;
        sw->seed = (ulong) v;
    }
    sw->fibre = 0.25;
    if (a->s_fibre != NULL)
    {
        errno = 0;
        sw->fibre = strtod(a->s_fibre, &end);
        if (errno != 0 || end == a->s_fibre || *end != '\0' ||
            !(sw->fibre >= 0.0 && sw->fibre <= 1.0))
            return hkz_cli_usage_error("--fibre-fraction: need a number in "
                                       "[0, 1] (got '%s')", a->s_fibre);
    }
    sw->decades = 8;
    if (a->s_decades != NULL &&
        (rc = hkz_cli_slong(&sw->decades, "--decades", a->s_decades, 0, 60)))
        return rc;
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (a->checkpoint != NULL && a->checkpoint[0] == '\0')
        return hkz_cli_usage_error("--checkpoint: empty path");
    sw->nfibre = fibre_count(sw, sw->n);

    if ((s = hkz_su2n_weights_set_head(sw->ah, sw->a, sw->head, ip)) ||
        (s = hkz_su2n_weights_set_head(sw->bh, sw->b, sw->head, ip)))
        return hkz_cli_fail(s);
    sw->ab = malloc(sizeof(double) * sw->head);
    if (sw->ab == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    arb_init(ai);
    arb_init(bi);
    sw->ab_max = 0.0;
    for (v = 0; v < sw->head && s == HKZ_SUCCESS; v++)
    {
        if ((s = hkz_su2n_weights_get(ai, sw->ah, v + 1, ip)) == HKZ_SUCCESS
            && (s = hkz_su2n_weights_get(bi, sw->bh, v + 1, ip))
               == HKZ_SUCCESS)
        {
            arb_div(ai, ai, bi, ip);
            sw->ab[v] = arf_get_d(arb_midref(ai), ARF_RND_NEAR);
            if (!(sw->ab[v] > 0.0 && sw->ab[v] < 1e300))
                s = hkz_error_set(HKZ_ERR_DOMAIN, "a_%ld/b_%ld is not a "
                                  "positive double", (long) v + 1,
                                  (long) v + 1);
            else
                sw->ab_max = FLINT_MAX(sw->ab_max, sw->ab[v]);
        }
    }
    arb_clear(ai);
    arb_clear(bi);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    /* canonical texts, so that "i^2" and "1*i^2" are the same run */
    sw->dws = hkz_su2n_weights_get_str(sw->a);
    sw->sws = hkz_su2n_weights_get_str(sw->b);
    if (sw->dws == NULL || sw->sws == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "weights "
                                          "without a text form"));
    v = (slong) (strlen(sw->dws) + strlen(sw->sws) + 256);
    if ((sw->header = malloc(v)) == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    snprintf(sw->header, v, "%s|delta=%s|sub=%s|head=%ld|samples=%ld|"
             "seed=%lu|fibre=%.17g|decades=%ld|digits=%ld", SWEEP_CK_MAGIC,
             sw->dws, sw->sws, (long) sw->head, (long) sw->n,
             (unsigned long) sw->seed, sw->fibre, (long) sw->decades,
             (long) sw->digits);
    return 0;
}

/* ---- the estimate (double, not certified) ------------------------------- */

typedef struct
{
    double x, y;
} pt_t;

static int cmp_pt(const void *p, const void *q)
{
    const pt_t *u = p, *v = q;
    return (u->x > v->x) - (u->x < v->x);
}

static int cmp_dbl(const void *p, const void *q)
{
    double u = *(const double *) p, v = *(const double *) q;
    return (u > v) - (u < v);
}

/* c_hat: slope of the upper envelope of (log10 d_Delta, log10 d_L) (per
 * decade of d_Delta the sample of largest d_L) over the smallest half of
 * the decades, at least 3, as the median of the slopes between envelope
 * points half a decade or more apart (Theil-Sen: a decade whose largest
 * d_L is low for want of samples does not pull it); NaN if there is no
 * such pair. */
static double estimate_c(const double *ldd, const double *ldl, slong n)
{
    pt_t *p = malloc(sizeof(pt_t) * (n + 1)), *env;
    double *sl;
    slong i, k2, m = 0, k = 0, use, ns = 0;
    double c = NAN;
    if (p == NULL)
        return NAN;
    for (i = 0; i < n; i++)
        if (isfinite(ldd[i]) && isfinite(ldl[i]))
        {
            p[m].x = ldd[i];
            p[m].y = ldl[i];
            m++;
        }
    qsort(p, m, sizeof(pt_t), cmp_pt);
    env = p;  /* compacted in place: one point per decade */
    for (i = 0; i < m; i++)
    {
        if (k > 0 && floor(env[k - 1].x) == floor(p[i].x))
        {
            if (p[i].y > env[k - 1].y)
                env[k - 1] = p[i];
        }
        else
            env[k++] = p[i];
    }
    use = FLINT_MIN(k, FLINT_MAX(3, (k + 1) / 2));
    sl = malloc(sizeof(double) * (use * use + 1));
    if (sl != NULL)
    {
        for (i = 0; i < use; i++)
            for (k2 = i + 1; k2 < use; k2++)
                if (env[k2].x - env[i].x >= 0.5)
                    sl[ns++] = (env[k2].y - env[i].y) / (env[k2].x - env[i].x);
        if (ns > 0)
        {
            qsort(sl, ns, sizeof(double), cmp_dbl);
            c = ns % 2 ? sl[ns / 2] : 0.5 * (sl[ns / 2 - 1] + sl[ns / 2]);
        }
    }
    free(sl);
    free(p);
    return c;
}

/* ---- output --------------------------------------------------------------- */

/* the digits the ball carries (cli_util.c) */
#define round_ball hkz_cli_round_ball

static double mid_d(const arb_t x)
{
    if (arf_is_pos_inf(arb_midref(x)))
        return INFINITY;
    if (!arb_is_finite(x))
        return NAN;
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

static int meta_all(hkz_writer_t *w, const sweep_t *sw, const char *dw,
                    const char *sbw)
{
    char buf[64];
    int s = HKZ_SUCCESS;
    s = s ? s : hkz_writer_meta(w, "experiment", "compare sweep (spec 6.3 "
                                "P1, P2; 6.4 X2)");
    s = s ? s : hkz_writer_meta(w, "delta_weights", dw);
    s = s ? s : hkz_writer_meta(w, "sub_weights", sbw);
    snprintf(buf, sizeof(buf), "%ld", (long) sw->head);
    s = s ? s : hkz_writer_meta(w, "head", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) sw->n);
    s = s ? s : hkz_writer_meta(w, "samples", buf);
    snprintf(buf, sizeof(buf), "%lu", (unsigned long) sw->seed);
    s = s ? s : hkz_writer_meta(w, "seed", buf);
    snprintf(buf, sizeof(buf), "%.17g", sw->fibre);
    s = s ? s : hkz_writer_meta(w, "fibre_fraction", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) sw->decades);
    s = s ? s : hkz_writer_meta(w, "decades", buf);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

typedef struct
{
    arb_ptr dd, dl, ratio;
    int *below;      /* 1: ratio <= C_head certified, 0: undecided, -1: > */
    arb_t S_head, C_head, S, C_upper, C_max;
    int have_upper;  /* 1 finite, 2 +inf, 0 unknown */
    char upper_note[256];
    slong argmax, nfail, nundec;
    double c_hat, C_hat;
} result_t;

static int write_rows(const char *path, hkz_format_t fmt,
                      const hkz_cli_common_t *common, const sweep_t *sw,
                      const result_t *res, const char *dw, const char *sbw,
                      int argc, char **argv)
{
    hkz_cli_common_t c = *common;
    hkz_writer_t *w = NULL;
    arb_t r1, r2, r3;
    slong j;
    int rc, s = HKZ_SUCCESS;
    c.out = path;
    c.fmt = fmt;
    if ((rc = hkz_cli_open(&w, &c, argc, argv)))
        return rc;
    if ((rc = meta_all(w, sw, dw, sbw)))
    {
        hkz_writer_abort(&w);
        return rc;
    }
    arb_init(r1);
    arb_init(r2);
    arb_init(r3);
    for (j = 0; j < sw->n && s == HKZ_SUCCESS; j++)
    {
        hkz_field_t f[11];
        double eps;
        hkz_su2n_point_t x;
        /* eps again from the point's recipe (cheap) */
        hkz_su2n_point_init(x, sw->head);
        s = sample_point(x, &eps, sw, j);
        hkz_su2n_point_clear(x);
        round_ball(r1, res->dd + j);
        round_ball(r2, res->dl + j);
        round_ball(r3, res->ratio + j);
        f[0] = HKZ_FINT("sample", (long) j);
        f[1] = HKZ_FSTR("kind", is_fibre(sw, j) ? "fibre" : "random");
        f[2] = HKZ_FDBL("eps", eps);
        f[3] = HKZ_FBALL("d_delta", r1);
        f[4] = HKZ_FDBL("d_delta_mid", mid_d(res->dd + j));
        f[5] = HKZ_FBALL("d_L", r2);
        f[6] = HKZ_FDBL("d_L_mid", mid_d(res->dl + j));
        f[7] = HKZ_FBALL("ratio", r3);
        f[8] = HKZ_FDBL("ratio_mid", mid_d(res->ratio + j));
        f[9] = HKZ_FSTR("below_bound", res->below[j] > 0 ? "true"
                        : res->below[j] < 0 ? "false" : "undecided");
        f[10] = HKZ_FBOOL("certified", 1);
        if (s == HKZ_SUCCESS)
            s = hkz_writer_record(w, f, 11);
    }
    arb_clear(r1);
    arb_clear(r2);
    arb_clear(r3);
    if (s != HKZ_SUCCESS)
    {
        hkz_writer_abort(&w);
        return hkz_cli_fail(s);
    }
    return hkz_cli_finish(&w, HKZ_SUCCESS);
}

static const char *verdict_str(const result_t *res, char *buf, size_t len)
{
    if (res->nfail > 0)
        snprintf(buf, len, "FAIL (%ld samples exceed C_head)",
                 (long) res->nfail);
    else if (res->nundec > 0)
        snprintf(buf, len, "UNDECIDED (%ld samples not separated from "
                 "C_head at this precision; raise --digits)",
                 (long) res->nundec);
    else
        snprintf(buf, len, "PASS");
    return buf;
}

/* The certified lower bound for C(1/2) behind C_sample_max: the lower
 * end of the enclosure of the sample maximum (its midpoint may exceed the
 * true maximum), as a double rounded down one more ulp so that its
 * 17-digit decimal ("%.17g") is still <= the lower end. */
static double lower_end(const arb_t x)
{
    arf_t l;
    double d;
    arf_init(l);
    arb_get_lbound_arf(l, x, 64);
    d = arf_get_d(l, ARF_RND_FLOOR);
    arf_clear(l);
    return isfinite(d) ? nextafter(d, -INFINITY) : d;
}

/* a ball as a string field, or "inf" */
static char *ball_or_inf(const arb_t x, int have)
{
    char *s;
    arb_t r;
    if (have == 2)
        return dup_str("inf", 3);
    if (have == 0)
        return dup_str("unknown", 7);
    arb_init(r);
    round_ball(r, x);
    s = hkz_ball_get_str(r, 0);
    arb_clear(r);
    return s;
}

static int write_summary(const char *path, const hkz_cli_common_t *common,
                         const sweep_t *sw, const result_t *res,
                         const char *dw, const char *sbw, int argc,
                         char **argv)
{
    hkz_cli_common_t c = *common;
    hkz_writer_t *w = NULL;
    hkz_field_t f[20];
    char *sS, *sC, *sSh, *sCh, *sM, vbuf[200];
    double lowM = lower_end(res->C_max);
    int rc, s;
    c.out = path;
    c.fmt = HKZ_FORMAT_JSONL;
    if ((rc = hkz_cli_open(&w, &c, argc, argv)))
        return rc;
    if ((rc = meta_all(w, sw, dw, sbw)))
    {
        hkz_writer_abort(&w);
        return rc;
    }
    sS = ball_or_inf(res->S, res->have_upper);
    sC = ball_or_inf(res->C_upper, res->have_upper);
    sSh = ball_or_inf(res->S_head, 1);
    sCh = ball_or_inf(res->C_head, 1);
    sM = ball_or_inf(res->C_max, 1);
    f[0] = HKZ_FSTR("S", sS);
    f[1] = HKZ_FSTR("C_upper", sC);
    /* JSON has no inf: with C_upper = "inf" the double is null */
    f[2] = HKZ_FDBL("C_upper_mid", res->have_upper == 1 ? mid_d(res->C_upper)
                    : NAN);
    f[3] = HKZ_FSTR("S_head", sSh);
    f[4] = HKZ_FSTR("C_head", sCh);
    f[5] = HKZ_FDBL("C_head_mid", mid_d(res->C_head));
    f[6] = HKZ_FSTR("C_sample_max", sM);
    f[7] = HKZ_FDBL("C_sample_max_mid", mid_d(res->C_max));
    f[8] = HKZ_FINT("argmax_sample", (long) res->argmax);
    f[9] = HKZ_FDBL("c_hat", res->c_hat);
    f[10] = HKZ_FDBL("C_hat", res->C_hat);
    f[11] = HKZ_FINT("samples", (long) sw->n);
    f[12] = HKZ_FINT("fibre_samples", (long) sw->nfibre);
    f[13] = HKZ_FINT("head", (long) sw->head);
    f[14] = HKZ_FINT("exceed", (long) res->nfail);
    f[15] = HKZ_FINT("undecided", (long) res->nundec);
    f[16] = HKZ_FSTR("verdict", verdict_str(res, vbuf, sizeof(vbuf)));
    f[17] = HKZ_FSTR("upper_note", res->upper_note);
    /* C_sample_max is the enclosure of the sample maximum; this is the
       certified lower bound for C(1/2) */
    f[18] = hkz_cli_fdbl("C_sample_max_lower", lowM, HKZ_FORMAT_JSONL);
    s = hkz_writer_record(w, f, 19);
    flint_free(sS);
    flint_free(sC);
    flint_free(sSh);
    flint_free(sCh);
    flint_free(sM);
    if (s != HKZ_SUCCESS)
    {
        hkz_writer_abort(&w);
        return hkz_cli_fail(s);
    }
    return hkz_cli_finish(&w, HKZ_SUCCESS);
}

/* Certified bounds, verdict and estimate from the gathered distances. */
static int analyse(result_t *res, const sweep_t *sw)
{
    slong j, i, p = sw->prec;
    arb_t t, u;
    double *ldd, *ldl, best = -1.0;
    int s;

    arb_init(t);
    arb_init(u);
    /* S_n = sum_{i<=n} a_i/b_i^2 and C_head = sqrt(2 pi) S_n^{1/4} (P2) */
    arb_zero(res->S_head);
    for (i = 1, s = HKZ_SUCCESS; i <= sw->head && s == HKZ_SUCCESS; i++)
        if ((s = hkz_su2n_weights_get(t, sw->ah, i, p)) == HKZ_SUCCESS &&
            (s = hkz_su2n_weights_get(u, sw->bh, i, p)) == HKZ_SUCCESS)
        {
            arb_sqr(u, u, p);
            arb_div(t, t, u, p);
            arb_add(res->S_head, res->S_head, t, p);
        }
    if (s == HKZ_SUCCESS)
        s = hkz_su2n_dist_const(res->C_head, sw->ah, sw->bh, p);
    if (s != HKZ_SUCCESS)
    {
        arb_clear(t);
        arb_clear(u);
        return hkz_cli_fail(s);
    }
    /* the whole group (an infinite family: SU(2)^infinity) */
    s = hkz_su2n_dist_const(res->C_upper, sw->a, sw->b, p);
    if (s == HKZ_SUCCESS && arf_is_pos_inf(arb_midref(res->C_upper)))
    {
        res->have_upper = 2;
        snprintf(res->upper_note, sizeof(res->upper_note), "S = sum a_i/b_i^2"
                 " = inf: no C with d_L <= C d_Delta^{1/2} (P2)");
    }
    else if (s == HKZ_SUCCESS && arb_is_finite(res->C_upper))
    {
        res->have_upper = 1;
        if (hkz_su2n_weights_length(sw->a) == sw->head &&
            hkz_su2n_weights_length(sw->b) == sw->head)
            arb_set(res->S, res->S_head);  /* the head is the group */
        else
        {
            /* S = (C / sqrt(2 pi))^4 = C^4 / (4 pi^2) */
            arb_pow_ui(res->S, res->C_upper, 4, p);
            arb_const_pi(t, p);
            arb_sqr(t, t, p);
            arb_mul_2exp_si(t, t, 2);
            arb_div(res->S, res->S, t, p);
        }
        snprintf(res->upper_note, sizeof(res->upper_note), "sqrt(2 pi) "
                 "S^{1/4}, the sup over the whole group (P2)");
    }
    else
    {
        res->have_upper = 0;
        snprintf(res->upper_note, sizeof(res->upper_note), "whole group: "
                 "%.200s", s != HKZ_SUCCESS ? hkz_errmsg() : "no enclosure");
    }
    /* ratios, their certified max and the verdict */
    ldd = malloc(sizeof(double) * sw->n);
    ldl = malloc(sizeof(double) * sw->n);
    if (ldd == NULL || ldl == NULL)
    {
        free(ldd);
        free(ldl);
        arb_clear(t);
        arb_clear(u);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    }
    arb_zero(res->C_max);
    res->argmax = 0;
    res->nfail = res->nundec = 0;
    for (j = 0; j < sw->n; j++)
    {
        double m;
        arb_sqrtpos(t, res->dd + j, p);
        arb_div(res->ratio + j, res->dl + j, t, p);
        if (j == 0)
            arb_set(res->C_max, res->ratio + j);
        else
            arb_max(res->C_max, res->C_max, res->ratio + j, p);
        m = mid_d(res->ratio + j);
        if (m > best)
        {
            best = m;
            res->argmax = j;
        }
        res->below[j] = arb_le(res->ratio + j, res->C_head) ? 1
                        : arb_gt(res->ratio + j, res->C_head) ? -1 : 0;
        res->nfail += res->below[j] < 0;
        res->nundec += res->below[j] == 0;
        ldd[j] = log10(mid_d(res->dd + j));
        ldl[j] = log10(mid_d(res->dl + j));
    }
    /* C_head <= C_upper must hold (head sums are partial sums) */
    if (res->have_upper == 1 && arb_gt(res->C_head, res->C_upper))
        res->nfail++;
    res->c_hat = estimate_c(ldd, ldl, sw->n);
    res->C_hat = NAN;
    if (isfinite(res->c_hat))
    {
        res->C_hat = 0.0;
        for (j = 0; j < sw->n; j++)
            res->C_hat = FLINT_MAX(res->C_hat,
                                   pow(10.0, ldl[j] - res->c_hat * ldd[j]));
    }
    free(ldd);
    free(ldl);
    arb_clear(t);
    arb_clear(u);
    return 0;
}

static void print_summary(FILE *f, const sweep_t *sw, const result_t *res,
                          const char *dw, const char *sbw)
{
    char *a1 = ball_or_inf(res->S_head, 1), *a2 = ball_or_inf(res->C_head, 1);
    char *a3 = ball_or_inf(res->C_upper, res->have_upper);
    char *a4 = ball_or_inf(res->S, res->have_upper);
    char *a5 = ball_or_inf(res->C_max, 1), vbuf[200];
    double eps;
    hkz_su2n_point_t x;
    hkz_su2n_point_init(x, sw->head);
    if (sample_point(x, &eps, sw, res->argmax) != HKZ_SUCCESS)
        eps = NAN;
    hkz_su2n_point_clear(x);
    fprintf(f, "compare sweep: a = %s, b = %s, head n = %ld, %ld samples "
            "(%ld fibre), seed %lu, %ld digits\n", dw, sbw, (long) sw->head,
            (long) sw->n, (long) sw->nfibre, (unsigned long) sw->seed,
            (long) sw->digits);
    fprintf(f, "  certified lower bound for C(1/2): C_sample_max_lower = "
            "%.17g\n    (the lower end of max d_L/d_Delta^{1/2} in %s;\n"
            "    sample %ld, %s, eps = %.3g)\n", lower_end(res->C_max), a5,
            (long) res->argmax, is_fibre(sw, res->argmax) ? "fibre"
            : "random", eps);
    fprintf(f, "  certified upper bound, points with head n (P2): C_head = "
            "sqrt(2 pi) S_n^{1/4} = %s\n    (S_n = %s)\n", a2, a1);
    fprintf(f, "  certified upper bound, the whole group (P2): C_upper = %s"
            "%s%s%s\n", a3, res->have_upper == 1 ? " (S = " : "",
            res->have_upper == 1 ? a4 : "", res->have_upper == 1 ? ")" : "");
    if (res->have_upper != 1)
        fprintf(f, "    (%s)\n", res->upper_note);
    fprintf(f, "  estimate (not certified): c_hat = %.4f (P1: c <= 1/2), "
            "C_hat = max d_L/d_Delta^c_hat = %.6g\n", res->c_hat, res->C_hat);
    fprintf(f, "sweep: %s\n", verdict_str(res, vbuf, sizeof(vbuf)));
    flint_free(a1);
    flint_free(a2);
    flint_free(a3);
    flint_free(a4);
    flint_free(a5);
}

static int make_dirs(const char *dir)
{
    char p[4096];
    if (snprintf(p, sizeof(p), "%s/sweep", dir) >= (int) sizeof(p))
        return hkz_cli_usage_error("--data-dir: path too long");
    if ((mkdir(dir, 0755) != 0 && errno != EEXIST) ||
        (mkdir(p, 0755) != 0 && errno != EEXIST))
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--data-dir: cannot "
                                          "create '%s'", p));
    return 0;
}

static int outputs(const hkz_cli_common_t *common, const sweep_t *sw,
                   const result_t *res, const sweep_args_t *a, int argc,
                   char **argv)
{
    const char *dw = sw->dws, *sbw = sw->sws;
    const char *dir = a->data_dir != NULL ? a->data_dir : "notebooks_data";
    char p[4200];
    int rc = 0, rows_stdout = common->out != NULL &&
                              strcmp(common->out, "-") == 0;
    if (strcmp(dir, "none") != 0)
    {
        if ((rc = make_dirs(dir)))
            return rc;
        snprintf(p, sizeof(p), "%s/sweep/sweep.csv", dir);
        if ((rc = write_rows(p, HKZ_FORMAT_CSV, common, sw, res, dw, sbw,
                             argc, argv)))
            return rc;
        snprintf(p, sizeof(p), "%s/sweep/sweep.jsonl", dir);
        if ((rc = write_rows(p, HKZ_FORMAT_JSONL, common, sw, res, dw, sbw,
                             argc, argv)))
            return rc;
        snprintf(p, sizeof(p), "%s/sweep/sweep_summary.jsonl", dir);
        if ((rc = write_summary(p, common, sw, res, dw, sbw, argc, argv)))
            return rc;
    }
    if (common->out != NULL &&
        (rc = write_rows(common->out, common->fmt, common, sw, res, dw, sbw,
                         argc, argv)))
        return rc;
    /* the summary goes to stdout, or to stderr when the rows do */
    print_summary(rows_stdout ? stderr : stdout, sw, res, dw, sbw);
    fflush(stdout);
    return 0;
}

/* ---- the command ------------------------------------------------------ */

static int cmd_sweep(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"head", required_argument, NULL, OPT_HEAD},
        {"samples", required_argument, NULL, OPT_SAMPLES},
        {"seed", required_argument, NULL, OPT_SEED},
        {"fibre-fraction", required_argument, NULL, OPT_FIBRE},
        {"decades", required_argument, NULL, OPT_DECADES},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"resume", no_argument, NULL, OPT_RESUME},
        {"data-dir", required_argument, NULL, OPT_DATA_DIR},
        /* for tests: slow the sweep down / stop it as if interrupted */
        {"throttle-ms", required_argument, NULL, OPT_THROTTLE},
        {"stop-after", required_argument, NULL, OPT_STOP_AFTER},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    sweep_args_t a;
    sweep_t sw;
    store_t st = {NULL, NULL, 0};
    result_t res;
    slong lo = 0, hi;
    char *mine = NULL, *all = NULL;
    size_t nmine = 0, nall = 0;
    int rc, have_res = 0;

    memset(&a, 0, sizeof(a));
    memset(&sw, 0, sizeof(sw));
    hkz_su2n_weights_init(sw.a);
    hkz_su2n_weights_init(sw.b);
    hkz_su2n_weights_init(sw.ah);
    hkz_su2n_weights_init(sw.bh);
    hkz_cli_common_init(&common);
    common.out = NULL;  /* rows only where --out asks for them */
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &a);
    if (rc == -1)
    {
        fputs(usage, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc || (rc = setup(&sw, &a, common.digits)))
        goto cleanup;
    hi = sw.n;
#ifdef HKZ_CLI_MPI
    hkz_cli_mpi_block(&lo, &hi, 0, sw.n);
#endif
    st.n = hi - lo;
    st.dd = calloc(st.n + 1, sizeof(char *));
    st.dl = calloc(st.n + 1, sizeof(char *));
    if (st.dd == NULL || st.dl == NULL)
    {
        st.n = 0;
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    }
    if (rc == 0)
        rc = run_block(&st, &sw, &a, lo, hi);
    if ((rc = agree(rc)))
        goto cleanup;
    if ((mine = pack_block(&nmine, &st, lo)) == NULL)
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    if ((rc = agree(rc)))
        goto cleanup;
#ifdef HKZ_CLI_MPI
    if ((rc = hkz_cli_mpi_gather_text(&all, &nall, mine, nmine)))
        goto cleanup;
#else
    all = mine;
    nall = nmine;
    mine = NULL;
#endif
    if (my_rank() == 0)
    {
        res.dd = _arb_vec_init(sw.n);
        res.dl = _arb_vec_init(sw.n);
        res.ratio = _arb_vec_init(sw.n);
        res.below = calloc(sw.n, sizeof(int));
        arb_init(res.S_head);
        arb_init(res.C_head);
        arb_init(res.S);
        arb_init(res.C_upper);
        arb_init(res.C_max);
        have_res = 1;
        if (res.below == NULL)
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
        if (rc == 0)
            rc = unpack_all(res.dd, res.dl, all, nall, sw.n);
        if (rc == 0)
            rc = analyse(&res, &sw);
        if (rc == 0)
            rc = outputs(&common, &sw, &res, &a, argc, argv);
        if (rc == 0 && res.nfail > 0)
            rc = SWEEP_EXIT_FAIL;
        else if (rc == 0 && res.nundec > 0)
            rc = HKZ_CLI_EXIT_PREC;
    }
cleanup:
    if (have_res)
    {
        _arb_vec_clear(res.dd, sw.n);
        _arb_vec_clear(res.dl, sw.n);
        _arb_vec_clear(res.ratio, sw.n);
        free(res.below);
        arb_clear(res.S_head);
        arb_clear(res.C_head);
        arb_clear(res.S);
        arb_clear(res.C_upper);
        arb_clear(res.C_max);
    }
    free(mine);
    free(all);
    store_clear(&st);
    free(sw.ab);
    free(sw.header);
    flint_free(sw.dws);
    flint_free(sw.sws);
    hkz_su2n_weights_clear(sw.a);
    hkz_su2n_weights_clear(sw.b);
    hkz_su2n_weights_clear(sw.ah);
    hkz_su2n_weights_clear(sw.bh);
    return rc;
}

int hkz_cmd_compare_sweep(int argc, char **argv)
{
    int rc = cmd_sweep(argc, argv);
#ifdef HKZ_CLI_MPI
    /* one exit code on every rank (rank 0 decides what was written) */
    rc = hkz_cli_mpi_agree(rc, 0);
#endif
    return rc;
}
