/* Lee-Yang zeros, trajectories and exact tables for the Python package
 * (_shim.h): the digits-level zero finders of hkz/digits.h, the library
 * calls of `hkz track cw` (t read at the CLI's precisions, so the same
 * strings give the same balls) and of `hkz dos`, with the caller's
 * progress callback (a non-zero return stops the run with
 * HKZ_ERR_INTERRUPTED: Ctrl-C in Python). */
#include <stdlib.h>
#include <string.h>
#include "_shim.h"

/* a decimal of s is exact at ~3.33 bits per character (cli_ly.c) */
static int read_ball(arb_t x, const char *what, const char *s, slong prec)
{
    if (s == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: missing", what);
    prec = FLINT_MAX(prec, (slong) (3.33 * strlen(s)) + 64);
    if (hkz_ball_set_str(x, s, prec) != HKZ_SUCCESS)
        return hkz_error_set(HKZ_ERR_ARG, "%s: %s", what, hkz_errmsg());
    return HKZ_SUCCESS;
}

static hkz_ising_model_struct *model_new(void)
{
    hkz_ising_model_struct *m = malloc(sizeof(*m));
    if (m != NULL)
        hkz_ising_model_init(m);
    return m;
}

int hkzpy_model_graph(hkz_ising_model_struct **out, const char *text)
{
    hkz_ising_model_struct *m = model_new();
    int st;
    *out = NULL;
    if (m == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    st = hkz_ising_model_read_str(m, text);
    if (st == HKZ_SUCCESS && hkz_ising_model_weight(m) < 1)
        st = hkz_error_set(HKZ_ERR_ARG, "the model has no vertices");
    if (st != HKZ_SUCCESS)
    {
        hkzpy_model_free(m);
        return st;
    }
    *out = m;
    return HKZ_SUCCESS;
}

int hkzpy_model_lattice(hkz_ising_model_struct **out, slong L, slong M,
                        int cylinder)
{
    hkz_ising_model_struct *m = model_new();
    fmpq_t one;
    int st;

    *out = NULL;
    if (m == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    fmpq_init(one);
    fmpq_one(one);
    st = hkz_ising_model_lattice(m, L, M, one, cylinder ? HKZ_ISING_CYLINDER
                                 : HKZ_ISING_TORUS);
    fmpq_clear(one);
    if (st != HKZ_SUCCESS)
    {
        hkzpy_model_free(m);
        return st;
    }
    *out = m;
    return HKZ_SUCCESS;
}

void hkzpy_model_free(hkz_ising_model_struct *m)
{
    if (m == NULL)
        return;
    hkz_ising_model_clear(m);
    free(m);
}

static void opts_set(hkz_ly_opts_t *o, hkz_progress_t *pr, int threads,
                     hkzpy_prog_fn prog, void *ctx)
{
    hkz_ly_opts_init(o);
    o->nthreads = threads;
    pr->fn = prog;
    pr->ctx = ctx;
    o->progress = prog != NULL ? pr : NULL;
}

static hkz_ly_zeros_struct *zeros_new(slong W)
{
    hkz_ly_zeros_struct *z = malloc(sizeof(*z));
    if (z != NULL)
        hkz_ly_zeros_init(z, W);
    return z;
}

/* the driver's outcome: the list also when not certified / not precise */
static int zeros_keep(hkz_ly_zeros_struct **out, hkz_ly_zeros_struct *z,
                      int st)
{
    if (st == HKZ_SUCCESS || st == HKZ_ERR_PREC ||
        st == HKZ_ERR_NOT_CERTIFIED)
        *out = z;
    else
        hkzpy_zeros_free(z);
    return st;
}

int hkzpy_zeros_cw(hkz_ly_zeros_struct **out, slong N, const char *t,
                   int method, slong digits, int threads,
                   hkzpy_prog_fn prog, void *ctx)
{
    hkz_ly_zeros_struct *z;
    hkz_ly_opts_t o;
    hkz_progress_t pr;

    *out = NULL;
    if ((z = zeros_new(0)) == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    opts_set(&o, &pr, threads, prog, ctx);
    o.method = method;
    return zeros_keep(out, z, hkz_ly_cw_zeros_digits(z, N, t, digits, &o));
}

int hkzpy_zeros_graph(hkz_ly_zeros_struct **out, const char *edges,
                      slong digits, int threads, hkzpy_prog_fn prog,
                      void *ctx)
{
    hkz_ly_zeros_struct *z;
    hkz_ly_opts_t o;
    hkz_progress_t pr;

    *out = NULL;
    if ((z = zeros_new(0)) == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    opts_set(&o, &pr, threads, prog, ctx);
    return zeros_keep(out, z, hkz_ly_graph_zeros_digits(z, edges, digits,
                                                        &o));
}

/* The lattice drivers compute the exact table on the CPU first, without
 * progress reports (so without Ctrl-C): refused past the library's budget
 * of estimated wall time (HKZ_ISING_DOS_CPU_BUDGET_S) unless forced. */
static int lattice_budget(slong L, slong M, int cylinder, int threads)
{
    hkz_ising_model_struct *m;
    hkz_ising_transfer_stats_t est;
    double cpu;
    int st = hkzpy_model_lattice(&m, L, M, cylinder);

    if (st != HKZ_SUCCESS)
        return st;
    st = hkz_ising_dos_transfer_estimate(&est, &cpu, m, threads);
    hkzpy_model_free(m);
    if (st == HKZ_SUCCESS && cpu / FLINT_MAX(threads, 1) >
        HKZ_ISING_DOS_CPU_BUDGET_S)
        return hkz_error_set(HKZ_ERR_TOO_LARGE, "lattice %ldx%ld: its exact "
                             "table would take about %.3g s on %d threads "
                             "on the CPU, where it cannot be interrupted; "
                             "pass force=True to run it anyway", (long) L,
                             (long) M, cpu / FLINT_MAX(threads, 1), threads);
    return st == HKZ_ERR_TOO_LARGE ? st : HKZ_SUCCESS;
}

int hkzpy_zeros_lattice(hkz_ly_zeros_struct **out, slong L, slong M,
                        int cylinder, const char *K, slong digits,
                        int threads, int force, hkzpy_prog_fn prog,
                        void *ctx)
{
    hkz_ly_zeros_struct *z;
    hkz_ly_opts_t o;
    hkz_progress_t pr;
    int st;

    *out = NULL;
    if (!force && (st = lattice_budget(L, M, cylinder, threads)))
        return st;
    if ((z = zeros_new(0)) == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    opts_set(&o, &pr, threads, prog, ctx);
    return zeros_keep(out, z, hkz_ly_lattice_zeros_digits(z, L, M, cylinder
                      ? HKZ_ISING_CYLINDER : HKZ_ISING_TORUS, K, digits,
                      &o));
}

void hkzpy_zeros_free(hkz_ly_zeros_struct *z)
{
    if (z == NULL)
        return;
    hkz_ly_zeros_clear(z);
    free(z);
}

int hkzpy_track_cw(hkz_ly_track_t *tr, slong *Np, arb_struct *tstar,
                   arb_struct *tail, int *has_tail, slong N, const char *t0, const char *t1,
                   slong j0, slong j1, int method, slong digits,
                   int threads, hkzpy_prog_fn prog, void *ctx)
{
    hkz_ly_opts_t o;
    hkz_progress_t pr;
    arb_t a, b;
    mag_t rad;
    char fam[64];
    slong j, prec = 8 * N + 2048;
    int st, integral;

    *tr = NULL;
    *has_tail = 0;
    if (N < 2 || N > 4096 || digits < 1 || digits > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "need 2 <= n <= 4096 and 1 <= "
                             "digits <= 100000");
    if (j0 < 0 || j1 <= j0 || j1 > N / 2)
        return hkz_error_set(HKZ_ERR_ARG, "zeros: need 1 <= J0 <= J1 <= %ld",
                             (long) (N / 2));
    opts_set(&o, &pr, threads, prog, ctx);
    hkz_ly_opts_set_digits(&o, digits);
    arb_init(a);
    arb_init(b);
    mag_init(rad);
    /* 0 < t0 < t1; beyond t* every zero is at its limit within the goal:
       track [t0, min(t1, t*)], the tail enclosures cover [t*, t1] */
    if ((st = read_ball(a, "t0", t0, prec)) == 0 &&
        (st = read_ball(b, "t1", t1, prec)) == 0 &&
        (st = hkz_ly_track_check_range(a, b)) == 0)
        st = hkz_ly_cw_track_range(has_tail, tstar, rad, N, a, b,
                                   o.goal.rel_bits);
    if (st != HKZ_SUCCESS)
        *has_tail = 0;
    else
    {
        /* method 3: all zeros in lockstep (hkz_ly_cw_family_lockstep) */
        int lockstep = method == 3;
        integral = method == HKZ_LY_METHOD_INTEGRAL ||
                   (method == HKZ_LY_METHOD_AUTO && N >= 32);
        snprintf(fam, sizeof(fam), lockstep ? "cw N=%ld method=lockstep"
                 : integral ? "cw N=%ld method=integral" : "cw N=%ld",
                 (long) N);
        /* the family's parameter: owned by the caller, it must outlive
           the tracker */
        *Np = N;
        st = hkz_ly_track_create(tr, N, lockstep ? hkz_ly_cw_family_lockstep
                                 : integral ? hkz_ly_cw_family_integral
                                 : hkz_ly_cw_family, Np, fam, a,
                                 *has_tail ? tstar : b, j0, j1, &o);
    }
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_start(*tr, &o);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_run(*tr, 0, &o);
    for (j = j0; tail != NULL && *has_tail && j < j1; j++)
        hkz_ly_cw_tail_theta(tail + j - j0, j + 1, N, rad,
                             o.goal.rel_bits + 64);
    if (st != HKZ_SUCCESS && st != HKZ_ERR_NOT_CERTIFIED)
        hkz_ly_track_destroy(tr);
    arb_clear(a);
    arb_clear(b);
    mag_clear(rad);
    return st;
}

void hkzpy_cw_limits(arb_struct *zero_coupling, arb_struct *inf, slong j,
                     slong N, slong prec)
{
    hkz_ly_limit_zero_coupling(zero_coupling, prec);
    hkz_ly_cw_limit_theta(inf, j, N, prec);
}

/* the enumeration of a graph reports no progress: past 2^32
 * configurations it is refused (no Ctrl-C) unless forced */
#define DOS_ENUM_MAX_N 33

int hkzpy_dos(hkz_ising_dos_struct **out, const hkz_ising_model_struct *m,
              int threads, int force, hkzpy_prog_fn prog, void *ctx)
{
    hkz_ising_dos_struct *d;
    hkz_progress_t pr;
    int st;

    *out = NULL;
    if (m->kind != HKZ_ISING_LATTICE && m->n > DOS_ENUM_MAX_N && !force)
        return hkz_error_set(HKZ_ERR_TOO_LARGE, "a graph of %ld vertices: "
                             "the enumeration of 2^%ld configurations "
                             "cannot be interrupted; pass force=True to run "
                             "it anyway", (long) m->n, (long) m->n - 1);
    if ((d = malloc(sizeof(*d))) == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    hkz_ising_dos_init(d);
    pr.fn = prog;
    pr.ctx = ctx;
    if (m->kind == HKZ_ISING_LATTICE)
        st = hkz_ising_dos_transfer_sparse(d, m, threads, prog != NULL ? &pr
                                           : NULL, NULL);
    else
        st = hkz_ising_dos_compute(d, m, threads);
    if (st != HKZ_SUCCESS)
    {
        hkzpy_dos_free(d);
        return st;
    }
    *out = d;
    return HKZ_SUCCESS;
}

char *hkzpy_dos_count(const hkz_ising_dos_struct *d, slong i, slong k)
{
    return fmpz_get_str(NULL, 10, d->g + i * d->nk + k);
}

char *hkzpy_dos_unit(const hkz_ising_dos_struct *d)
{
    return fmpq_get_str(NULL, 10, d->unit);
}

char *hkzpy_dos_S(const hkz_ising_dos_struct *d)
{
    return fmpz_get_str(NULL, 10, d->S);
}

void hkzpy_dos_free(hkz_ising_dos_struct *d)
{
    if (d == NULL)
        return;
    hkz_ising_dos_clear(d);
    free(d);
}
