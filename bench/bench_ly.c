/* bench_ly -- all principal Curie-Weiss Lee-Yang zeros at t = 0.5/N
 * (beta = 1/2) to D digits: hkz against MPSolve, Arb's acb_poly_find_roots
 * and PARI/GP polroots on the same polynomial
 *   P(z) = sum_k C(N,k) exp(-k(N-k)/N) z^k                (spec 6.3),
 * each peer in its own process with a wall-clock cap ("timeout").
 *
 * usage: bench_ly [--threads K] [--cap S] [--digits D] [--peers LIST]
 *                 [--max-mpsolve N] [--max-arb N] [--max-pari N]
 *                 [--tmp DIR] N...
 * LIST is a comma list of mpsolve, arb, pari (default all three).  The
 * peers get the coefficients to 0.4 N + 40 digits (MPSolve: given and
 * declared; PARI: \p of that size; Arb: 3N + 128 bits), which the spec
 * measured to be needed for them to return the roots on the circle.
 * The table gives wall seconds and peer/hkz ratios. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "hkz/hkz.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Runs child() or argv in a child process with a cap; returns wall seconds
 * or -1 on timeout, -2 on failure (non-zero exit). */
static double run_capped(char *const *argv, int (*child)(void *), void *arg,
                         double cap, const char *out_path)
{
    double t0 = now();
    int status;
    pid_t pid = fork();
    if (pid < 0)
        return -2;
    if (pid == 0)
    {
        if (out_path != NULL && freopen(out_path, "w", stdout) == NULL)
            _exit(3);
        /* peers' warnings (PARI stack messages) would garble the table */
        if (freopen("/dev/null", "w", stderr) == NULL)
            _exit(3);
        if (argv != NULL)
        {
            execvp(argv[0], argv);
            _exit(127);
        }
        _exit(child(arg));
    }
    for (;;)
    {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (now() - t0 > cap)
        {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        {
            struct timespec ts = {0, 5000000};
            nanosleep(&ts, NULL);
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -2;
    return now() - t0;
}

/* the coefficients C(N,k) exp(-k(N-k)/N) at prec */
static void coeffs(arb_ptr a, slong N, slong prec)
{
    fmpz_t bin;
    slong k;
    fmpz_init(bin);
    for (k = 0; k <= N; k++)
    {
        fmpz_bin_uiui(bin, (ulong) N, (ulong) k);
        arb_set_si(a + k, -k * (N - k));
        arb_div_si(a + k, a + k, N, prec);
        arb_exp(a + k, a + k, prec);
        arb_mul_fmpz(a + k, a + k, bin, prec);
    }
    fmpz_clear(bin);
}

typedef struct
{
    slong N;
} arb_job_t;

/* Arb: roots of P, success iff all N are isolated */
static int arb_child(void *p)
{
    const arb_job_t *j = p;
    slong N = j->N, prec = 3 * N + 128, k, found;
    arb_ptr a = _arb_vec_init(N + 1);
    acb_poly_t P;
    acb_ptr roots = _acb_vec_init(N);
    acb_t c;

    acb_init(c);
    acb_poly_init(P);
    coeffs(a, N, prec);
    for (k = 0; k <= N; k++)
    {
        acb_set_arb(c, a + k);
        acb_poly_set_coeff_acb(P, k, c);
    }
    found = acb_poly_find_roots(roots, P, NULL, 0, prec);
    return found == N ? 0 : 1;
}

static int write_mpsolve(const char *path, slong N, slong digits)
{
    FILE *f = fopen(path, "w");
    slong prec = (slong) (digits * 3.33) + 64, k;
    arb_ptr a;
    if (f == NULL)
        return 1;
    a = _arb_vec_init(N + 1);
    coeffs(a, N, prec);
    fprintf(f, "! Curie-Weiss N = %ld, t = 0.5/N, %ld digits\nMonomial;\n"
            "Real;\nFloatingPoint;\nDegree = %ld;\nPrecision = %ld;\n",
            (long) N, (long) digits, (long) N, (long) prec);
    for (k = 0; k <= N; k++)
    {
        char *s = arb_get_str(a + k, digits, ARB_STR_NO_RADIUS);
        fprintf(f, "%s\n", s);
        flint_free(s);
    }
    _arb_vec_clear(a, N + 1);
    return fclose(f) != 0;
}

static int write_pari(const char *path, slong N, slong digits)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return 1;
    fprintf(f, "default(parisizemax, 2000000000);\n\\p %ld\n"
            "P = sum(k=0,%ld, binomial(%ld,k)*exp(-k*(%ld-k)/%ld)*'z^k);\n"
            "r = polroots(P);\nprint(#r);\nquit;\n", (long) digits, (long) N,
            (long) N, (long) N, (long) N);
    return fclose(f) != 0;
}

static void cell(char *buf, size_t n, double t, double ref)
{
    if (t == -1)
        snprintf(buf, n, "timeout");
    else if (t == -2)
        snprintf(buf, n, "failed");
    else if (t == -3)
        snprintf(buf, n, "-");
    else if (ref > 0)
        snprintf(buf, n, "%.3g (x%.0f)", t, t / ref);
    else
        snprintf(buf, n, "%.3g", t);
}

int main(int argc, char **argv)
{
    int nthreads = 2, i, use_mps = 1, use_arb = 1, use_pari = 1;
    double cap = 120;
    slong digits = 15, max_mps = 10000, max_arb = 1000, max_pari = 10000;
    const char *tmp = "/tmp";
    char buf[4][64];

    for (i = 1; i < argc && argv[i][0] == '-'; i++)
    {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            nthreads = atoi(argv[++i]);
        else if (strcmp(argv[i], "--cap") == 0 && i + 1 < argc)
            cap = atof(argv[++i]);
        else if (strcmp(argv[i], "--digits") == 0 && i + 1 < argc)
            digits = atol(argv[++i]);
        else if (strcmp(argv[i], "--max-mpsolve") == 0 && i + 1 < argc)
            max_mps = atol(argv[++i]);
        else if (strcmp(argv[i], "--max-arb") == 0 && i + 1 < argc)
            max_arb = atol(argv[++i]);
        else if (strcmp(argv[i], "--max-pari") == 0 && i + 1 < argc)
            max_pari = atol(argv[++i]);
        else if (strcmp(argv[i], "--tmp") == 0 && i + 1 < argc)
            tmp = argv[++i];
        else if (strcmp(argv[i], "--peers") == 0 && i + 1 < argc)
        {
            const char *l = argv[++i];
            use_mps = strstr(l, "mpsolve") != NULL;
            use_arb = strstr(l, "arb") != NULL;
            use_pari = strstr(l, "pari") != NULL;
        }
        else
        {
            fprintf(stderr, "usage: bench_ly [--threads K] [--cap S] "
                    "[--digits D] [--peers mpsolve,arb,pari]\n"
                    "                [--max-mpsolve N] [--max-arb N] "
                    "[--max-pari N] [--tmp DIR] N...\n");
            return 2;
        }
    }
    printf("# Curie-Weiss t = 0.5/N, all principal zeros to %ld digits; hkz "
           "with %d threads; peers capped at %.0f s (wall seconds, xR = "
           "peer/hkz)\n", (long) digits, nthreads, cap);
    printf("%8s  %10s  %8s  %6s  %18s  %18s  %18s\n", "N", "hkz", "method",
           "ok", "mpsolve", "arb", "pari");
    fflush(stdout);
    for (; i < argc; i++)
    {
        slong N = atol(argv[i]), pd = (slong) (0.4 * N) + 40;
        hkz_ly_zeros_t z;
        hkz_ly_opts_t o;
        arb_t t;
        double th, tm = -3, ta = -3, tp = -3, t0;
        int st;
        char pol[512], gpf[512], outf[512];

        if (N < 2)
            continue;
        arb_init(t);
        arb_set_si(t, 1);
        arb_div_si(t, t, 2 * N, 8 * N + 1024);
        hkz_ly_opts_init(&o);
        hkz_ly_opts_set_digits(&o, digits);
        o.nthreads = nthreads;
        hkz_ly_zeros_init(z, N);
        t0 = now();
        st = hkz_ly_cw_zeros(z, N, t, &o);
        th = now() - t0;
        snprintf(pol, sizeof(pol), "%s/bench_ly_%ld.pol", tmp, (long) N);
        snprintf(gpf, sizeof(gpf), "%s/bench_ly_%ld.gp", tmp, (long) N);
        snprintf(outf, sizeof(outf), "%s/bench_ly_%ld.out", tmp, (long) N);
        if (use_mps && N <= max_mps && write_mpsolve(pol, N, pd) == 0)
        {
            char jobs[16], od[16];
            char *av[] = {"mpsolve", "-as", "-Gi", "-o", od, "-j", jobs,
                          pol, NULL};
            snprintf(jobs, sizeof(jobs), "%d", nthreads);
            snprintf(od, sizeof(od), "%ld", (long) digits);
            tm = run_capped(av, NULL, NULL, cap, outf);
        }
        if (use_arb && N <= max_arb)
        {
            arb_job_t j;
            j.N = N;
            ta = run_capped(NULL, arb_child, &j, cap, NULL);
        }
        if (use_pari && N <= max_pari && write_pari(gpf, N, pd) == 0)
        {
            char *av[] = {"gp", "-q", "-f", gpf, NULL};
            tp = run_capped(av, NULL, NULL, cap, outf);
        }
        remove(pol);
        remove(gpf);
        remove(outf);
        cell(buf[0], sizeof(buf[0]), th, 0);
        cell(buf[1], sizeof(buf[1]), tm, th);
        cell(buf[2], sizeof(buf[2]), ta, th);
        cell(buf[3], sizeof(buf[3]), tp, th);
        printf("%8ld  %10s  %8s  %6s  %18s  %18s  %18s\n", (long) N, buf[0],
               z->method == HKZ_LY_METHOD_INTEGRAL ? "integral" : "direct",
               st == HKZ_SUCCESS && z->complete ? "yes" : "NO", buf[1],
               buf[2], buf[3]);
        fflush(stdout);
        hkz_ly_zeros_clear(z);
        arb_clear(t);
    }
    flint_cleanup();
    return 0;
}
