/* Double-precision predictions of all principal Curie-Weiss zeros.
 *
 * On the saddle line the integral is 2 Re of one saddle contribution, so
 * zero j sits where the saddle phase
 *   Ph(theta) = Im psi(xs) - arg(-psi''(xs))/2
 * equals (j - 1/2) pi: at theta = pi/2 the saddle is real and
 * Ph = N pi/2 exactly, which fixes the branch (N odd: the trivial zero;
 * N even: F(pi/2) != 0), and Ph increases with theta at the rate
 * N Re(xs)/beta.  The phase gives a start, a few Newton steps on the
 * double node sum give ~1e-15.  NOT certified: the drivers certify. */
#include <complex.h>
#include <math.h>
#include "zeros/zeros_internal.h"

static double phase(slong N, double beta, double theta, double re,
                    double im)
{
    double complex z = re + I * (im + theta), th, p2, lc;
    th = ctanh(z);
    p2 = -1.0 / beta + 1.0 - th * th;
    {
        /* log(2 cosh z) = z + log(1 + e^{-2z}) (Re z >= 0), continuous */
        double complex w = creal(z) >= 0 ? cexp(-2 * z) : cexp(2 * z);
        double re = creal(w), im = cimag(w);
        lc = 0.5 * log1p(2 * re + re * re + im * im) + I * atan2(im, 1 + re);
        lc += creal(z) >= 0 ? z : -z;
    }
    return N * (cimag(lc) - re * im / beta) - 0.5 * carg(-p2);
}

/* Zeros jlo..jhi (1-based), swept downward from theta = pi/2 with the
 * saddle continued along; zero j <= jtop goes to theta[j - 1 - off]
 * (the sweep passes the others: the bits of a zero depend only on its
 * chunk); 0 on success. */
static int predict_range(double *theta, slong off, slong N, double t,
                         slong jlo, slong jhi, slong jtop)
{
    slong j;
    double beta = N * t, th = HKZ_LY_PI / 2, re, im;
    _hkz_ly_cw_line_t L;

    if (_hkz_ly_cw_saddle_top_d(&re, &im, th, beta))
        return 1;
    for (j = jhi; j >= jlo; j--)
    {
        double target = (j - 0.5) * HKZ_LY_PI, dph = 0, spacing, prev;
        int it;
        /* Newton on the phase, continuing the saddle */
        for (it = 0; it < 400; it++)
        {
            double ph, step;
            if (_hkz_ly_cw_saddle_d(&re, &im, th, beta, re, im))
                return 1;
            ph = phase(N, beta, th, re, im);
            dph = N * FLINT_MAX(re, 1e-3) / beta;
            step = (ph - target) / dph;
            if (step > 0.02)
                step = 0.02;
            if (step < -0.02)
                step = -0.02;
            if (th - step >= HKZ_LY_PI / 2)
                step = 0.5 * (th - HKZ_LY_PI / 2);
            if (th - step <= 0)
                step = 0.5 * th;
            th -= step;
            if (fabs(step) < 1e-13)
                break;
        }
        /* Newton on the node sum, steps limited to a third of a spacing */
        spacing = HKZ_LY_PI / dph;
        if (_hkz_ly_cw_line_d(&L, N, t, th, re, im, 40.0))
            return 1;
        _hkz_ly_cw_line_nodes_d(&L);
        for (it = 0, prev = HUGE_VAL; it < 40; it++)
        {
            double f, df, step;
            f = _hkz_ly_cw_integral_d(&df, &L, th);
            if (df == 0 || !isfinite(f) || !isfinite(df))
                break;
            step = f / df;
            if (fabs(step) > spacing / 3)
            {
                step = step > 0 ? spacing / 3 : -spacing / 3;
                th -= step;
                prev = HUGE_VAL;
                continue;
            }
            th -= step;
            /* converged, or at the rounding floor of the double sum (its
             * phases N arg(...) carry errors ~ N ulp, so steps stop
             * shrinking quadratically there) */
            if (fabs(step) < 1e-16 * th || fabs(step) > 0.25 * prev)
                break;
            prev = fabs(step);
        }
        if (!(th > 0 && th < HKZ_LY_PI / 2))
            return 1;
        if (j <= jtop)
            theta[j - 1 - off] = th;
    }
    return 0;
}

typedef struct
{
    double *theta;
    slong N, n, chunk, lo, hi, c0;
    double t;
    int fail;
} pjob_t;

/* chunks c0 + i, i0 <= i < i1, clipped to the zeros lo + 1 .. hi */
static void predict_task(size_t i0, size_t i1, void *arg)
{
    pjob_t *p = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        slong c = p->c0 + (slong) i, jlo = c * p->chunk + 1,
              jhi = FLINT_MIN((c + 1) * p->chunk, p->n);
        if (predict_range(p->theta, p->lo, p->N, p->t,
                          FLINT_MAX(jlo, p->lo + 1), jhi,
                          FLINT_MIN(jhi, p->hi)))
            p->fail = 1;
    }
}

slong _hkz_ly_cw_predict_block(double *theta, slong N, double t, slong lo,
                               slong hi, int nthreads)
{
    pjob_t p;
    slong n = N / 2, i;

    if (n <= 0 || lo >= hi)
        return 0;
    if (!(t > 0) || !isfinite(t) || lo < 0 || hi > n)
        return -1;
    p.theta = theta;
    p.N = N;
    p.n = n;
    p.t = t;
    p.lo = lo;
    p.hi = hi;
    p.fail = 0;
    /* chunks of >= 256 zeros: each restarts the saddle continuation from
     * pi/2; the chunks depend on n alone (not on nthreads or on [lo, hi)),
     * so that the predictions (and the brackets certified from them) are
     * the same bits for any thread or process count */
    p.chunk = FLINT_MAX(256, (n + 63) / 64);
    p.c0 = lo / p.chunk;
    (void) hkz_parallel_for(hkz_pool_flint(),
                            (size_t) ((hi - 1) / p.chunk - p.c0 + 1),
                            nthreads, 1, predict_task, &p);
    if (p.fail)
        return -1;
    for (i = 1; i < hi - lo; i++)
        if (!(theta[i] > theta[i - 1]))
            return -1;
    return hi - lo;
}

slong _hkz_ly_cw_predict_sweep(double *theta, slong N, double t, slong lo,
                               slong hi)
{
    slong i;
    if (lo >= hi)
        return 0;
    if (!(t > 0) || !isfinite(t) || lo < 0 || hi > N / 2 ||
        predict_range(theta, lo, N, t, lo + 1, hi, hi))
        return -1;
    for (i = 1; i < hi - lo; i++)
        if (!(theta[i] > theta[i - 1]))
            return -1;
    return hi - lo;
}

slong _hkz_ly_cw_predict_par(double *theta, slong N, double t, int nthreads)
{
    return _hkz_ly_cw_predict_block(theta, N, t, 0, N / 2, nthreads);
}

slong hkz_ly_cw_predict_d(double *theta, slong N, double t)
{
    return _hkz_ly_cw_predict_par(theta, N, t, 1);
}

/* Blocks of the zeros balanced by cost (part results over size
 * processes).  The cost of a zero is mostly the rebuilds of its node
 * block (one per anchor interval of fixed width in theta, cw_integral_block.c)
 * and partly per zero, so a block's cost is modelled as
 *   alpha (zeros in it) / n + (1 - alpha) (its theta range) / (pi/2 - th1),
 * with the zero count below theta from the saddle phase, J(theta) =
 * Ph(theta) / pi + 1/2 (zero j sits at J = j), on a grid of theta swept
 * down from pi/2 (saddle continued).  Boundaries b_r = floor(J) where the
 * cost reaches r / size; the same doubles on every process.  Equal counts
 * (hkz_dist_block rule) when the sweep fails.  The anchor intervals have
 * width ~ t sqrt(N) = beta / sqrt(N), so (per-zero cost) / (rebuild cost)
 * grows like beta sqrt(N): alpha = r / (1 + r), r = 0.724 beta
 * sqrt(N / 10^6), fitted to the per-rank CPU times of N = 10^6, beta = 1/2
 * on 8 ranks of equal counts (bench/NOTES.md: 2.68 s per 62500 zeros plus
 * 46 s per radian). */
#define BLOCK_GRID 2048

void _hkz_ly_cw_blocks(slong *lo, slong *hi, slong N, double t, int rank,
                       int size)
{
    slong n = N / 2, q, r, i, k, m = 0, b[2];
    double beta = N * t, re, im, *th, *J, c0, span, cost, prev_cost, tgt;
    double ratio = 0.724 * beta * sqrt(N / 1e6), alpha = ratio / (1 + ratio);

    q = n / size;
    r = n % size;
    *lo = rank * q + FLINT_MIN(rank, r);
    *hi = *lo + q + (rank < r);
    if (size <= 1 || n < 64 * size || !(t > 0) || !isfinite(t) ||
        _hkz_ly_cw_saddle_top_d(&re, &im, HKZ_LY_PI / 2, beta))
        return;
    th = flint_malloc(sizeof(double) * 2 * (BLOCK_GRID + 1));
    J = th + BLOCK_GRID + 1;
    /* grid from pi/2 down to the first zero (J = 1/2) */
    for (i = 0; i <= BLOCK_GRID; i++)
    {
        double x = HKZ_LY_PI / 2 * (1.0 - (double) i / BLOCK_GRID);
        if (x <= 0 || _hkz_ly_cw_saddle_d(&re, &im, x, beta, re, im))
            break;
        th[m] = x;
        J[m] = phase(N, beta, x, re, im) / HKZ_LY_PI + 0.5;
        if (!isfinite(J[m]) || (m > 0 && !(J[m] < J[m - 1])))
            break;
        m++;
        if (J[m - 1] < 0.5)
            break;
    }
    if (m < 16 || J[0] < n - 1 || J[0] > n + 1)
    {
        flint_free(th);
        return;
    }
    c0 = th[m - 1];
    span = HKZ_LY_PI / 2 - c0;
    /* the boundaries of this rank: cost rank / size and (rank + 1) / size,
     * cost increasing from the grid's bottom (i = m - 1) to pi/2 (i = 0) */
    for (k = 0; k < 2; k++)
    {
        slong rr = rank + k;
        if (rr == 0 || rr == size)
        {
            b[k] = rr == 0 ? 0 : n;
            continue;
        }
        tgt = (double) rr / size;
        b[k] = -1;
        prev_cost = 0;
        for (i = m - 1; i >= 0; i--)
        {
            cost = alpha * FLINT_MAX(J[i] - 0.5, 0) / n +
                   (1 - alpha) * (th[i] - c0) / span;
            if (cost >= tgt && i < m - 1)
            {
                /* linear in between grid points */
                double w = (tgt - prev_cost) / (cost - prev_cost);
                double jj = J[i + 1] + w * (J[i] - J[i + 1]);
                b[k] = FLINT_MAX(0, FLINT_MIN(n, (slong) floor(jj)));
                break;
            }
            prev_cost = cost;
        }
        if (b[k] < 0)
            b[k] = n;
    }
    flint_free(th);
    if (b[0] <= b[1])
    {
        *lo = b[0];
        *hi = b[1];
    }
}
