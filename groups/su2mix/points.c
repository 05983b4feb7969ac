/* mu^L_t(x) on the box at many points and times: a spectral sum
 *   mu_t(x) ~ sum_pi sum_j d_pi Re <v_j, pi(x) v_j> e^{-t lambda_j}
 * run on the spectral-sum engine (engine.h) as Out = B C with a USER basis
 * B[p, (pi, j)] = d_pi Re(v_j^* pi(x_p) v_j) and GIVEN weights
 * C[(pi, j), t] = e^{-t lambda_j} (double eigenpairs of Lhat(pi)).
 * (Re tr(pi(x) e^{-t Lhat}) = sum_j e^{-t lambda_j} Re <v_j, pi(x) v_j>.)
 *
 * The error returned is the engine's rigorous bound of its floating-point
 * sum, with per-mode input errors berr estimated (NOT proven: the double
 * eigenvectors and Wigner recurrence are not bounded here), plus the
 * proven box tail bx->tail[j]: for every x, |d_pi Re tr(pi(x) e^{-tL})|
 * <= d_pi tr e^{-t Lhat(pi)} (pi(x) unitary, e^{-tL} PSD), so the omitted
 * blocks are bounded by the tail at e (box.c).  Labelled not certified. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/su2.h"
#include "hkz/su2mix.h"
#include "hkz_check.h"
#include "box_internal.h"

typedef struct
{
    slong n, nb, K;
    const slong *nmax;
    slong *off;          /* first mode of block b */
    slong *dim;
    double **V;          /* eigenvectors of block b (2 d^2) */
    const double *x;     /* 4 n doubles per point (normalized copy) */
    double *D;           /* Wigner work: per factor, per n */
    slong *doff;         /* offsets into D: factor i, dimension m */
    hkz_su2mix_box_struct *bx;  /* read only */
} pts_ctx;

/* pi_m(x_i) for m = 1..nmax_i of every factor of point p into ctx->D */
static void wigner_all(pts_ctx *c, const double *xp)
{
    slong i, m;
    for (i = 0; i < c->n; i++)
    {
        double *D1 = c->D + c->doff[i * 1001 + 1];
        D1[0] = 1.0;
        D1[1] = 0.0;
        for (m = 2; m <= c->nmax[i]; m++)
            hkz_su2_wigner_next_d(c->D + c->doff[i * 1001 + m],
                                   c->D + c->doff[i * 1001 + m - 1], m,
                                   xp + 4 * i);
    }
}

static int fill(double *blk, size_t ld, size_t p0, size_t np, size_t k0,
                size_t nk, void *ctx)
{
    pts_ctx *c = ctx;
    slong n = c->n, b, i;
    size_t p;
    slong nvec[64], dig[64], stride[64];
    double *W = NULL, *y = NULL;
    slong dmax = 1;

    for (i = 0; i < n; i++)
        dmax *= c->nmax[i];
    W = malloc(2 * dmax * dmax * sizeof(double));
    y = malloc(2 * dmax * sizeof(double));
    if (W == NULL || y == NULL)
    {
        free(W);
        free(y);
        return hkz_error_set(HKZ_ERR_NOMEM, "su2mix points: no memory");
    }
    for (p = p0; p < p0 + np; p++)
    {
        wigner_all(c, c->x + 4 * n * p);
        for (b = 0; b < c->nb; b++)
        {
            slong d = c->dim[b], mu, nu, j, j0, j1;
            if (c->off[b] + d <= (slong) k0 || c->off[b] >= (slong) (k0 + nk))
                continue;
            hkz_su2mix_box_index(nvec, c->bx, b);
            {
                slong s = 1;
                for (i = n - 1; i >= 0; i--)
                {
                    stride[i] = s;
                    s *= nvec[i];
                }
            }
            /* W = (x)_i pi_{n_i}(x_i) (row major: W[mu*d + nu]) */
            for (mu = 0; mu < d; mu++)
                for (nu = 0; nu < d; nu++)
                {
                    double re = 1.0, im = 0.0;
                    for (i = 0; i < n; i++)
                    {
                        slong m = nvec[i];
                        slong a = (mu / stride[i]) % m, bb = (nu / stride[i])
                                  % m;
                        const double *Dm = c->D + c->doff[i * 1001 + m] +
                                           2 * (a * m + bb);
                        double r2 = re * Dm[0] - im * Dm[1];
                        im = re * Dm[1] + im * Dm[0];
                        re = r2;
                    }
                    (void) dig;
                    W[2 * (mu * d + nu)] = re;
                    W[2 * (mu * d + nu) + 1] = im;
                }
            j0 = FLINT_MAX(0, (slong) k0 - c->off[b]);
            j1 = FLINT_MIN(d, (slong) (k0 + nk) - c->off[b]);
            for (j = j0; j < j1; j++)
            {
                const double *v = c->V[b] + 2 * d * j;
                double acc = 0.0;
                for (mu = 0; mu < d; mu++)
                {
                    double yr = 0.0, yi = 0.0;
                    for (nu = 0; nu < d; nu++)
                    {
                        const double *w = W + 2 * (mu * d + nu);
                        yr += w[0] * v[2 * nu] - w[1] * v[2 * nu + 1];
                        yi += w[0] * v[2 * nu + 1] + w[1] * v[2 * nu];
                    }
                    /* Re(conj(v_mu) y_mu) */
                    acc += v[2 * mu] * yr + v[2 * mu + 1] * yi;
                }
                blk[(p - p0) + (size_t) (c->off[b] + j - (slong) k0) * ld] =
                    (double) d * acc;
            }
        }
    }
    free(W);
    free(y);
    return HKZ_SUCCESS;
}

int hkz_su2mix_heat_points_d(double *out, double *err, hkz_engine_t e,
                             const hkz_su2mix_op_t op,
                             const hkz_su2mix_box_t bx, const double *x,
                             size_t npts)
{
    pts_ctx c;
    slong n = bx->n, b, i, K = 0, j, k, m, dtot = 0;
    slong nvec[64];
    double *w = NULL, *C = NULL, *bmax = NULL, *berr = NULL, *xs = NULL;
    double *H = NULL, *lam = NULL;
    hkz_engine_t own = NULL;
    hkz_engine_problem_t pb;
    size_t p;
    int status = HKZ_SUCCESS;

    memset(&c, 0, sizeof(c));
    HKZ_CHECK(n <= 64 && op->n == n, HKZ_ERR_ARG,
              "hkz_su2mix_heat_points_d: operator and box differ");
    HKZ_CHECK(bx->nt >= 1 && npts >= 1, HKZ_ERR_ARG,
              "hkz_su2mix_heat_points_d: no times or no points");
    xs = malloc(4 * n * npts * sizeof(double));
    HKZ_CHECK(xs != NULL, HKZ_ERR_NOMEM, "su2mix points: no memory");
    for (p = 0; p < npts; p++)
        for (i = 0; i < n; i++)
        {
            const double *g = x + 4 * (n * p + i);
            double s = g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3];
            HKZ_CHECK_GOTO(isfinite(s) && fabs(s - 1.0) <= 1e-10,
                           HKZ_ERR_DOMAIN, "hkz_su2mix_heat_points_d: point "
                           "%zu, factor %ld: |a|^2 + |b|^2 = %.17g", p,
                           (long) i + 1, s);
            s = 1.0 / sqrt(s);
            for (k = 0; k < 4; k++)
                xs[4 * (n * p + i) + k] = g[k] * s;
        }

    c.n = n;
    c.nb = bx->nblocks;
    c.nmax = bx->nmax;
    c.bx = bx;
    c.x = xs;
    c.off = calloc(c.nb + 1, sizeof(slong));
    c.dim = calloc(c.nb, sizeof(slong));
    c.V = calloc(c.nb, sizeof(double *));
    c.doff = calloc(1001 * n + 1, sizeof(slong));
    HKZ_CHECK_GOTO(c.off && c.dim && c.V && c.doff, HKZ_ERR_NOMEM,
                   "su2mix points: no memory");
    for (i = 0; i < n; i++)
        for (m = 1; m <= bx->nmax[i]; m++)
        {
            c.doff[i * 1001 + m] = dtot;
            dtot += 2 * m * m;
        }
    c.D = malloc(dtot * sizeof(double));
    HKZ_CHECK_GOTO(c.D != NULL, HKZ_ERR_NOMEM, "su2mix points: no memory");

    /* eigenpairs of every block */
    for (b = 0; b < c.nb; b++)
    {
        slong d = 1;
        hkz_su2mix_box_index(nvec, bx, b);
        for (i = 0; i < n; i++)
            d *= nvec[i];
        c.dim[b] = d;
        c.off[b] = K;
        K += d;
    }
    c.off[c.nb] = K;
    c.K = K;
    lam = malloc(K * sizeof(double));
    C = malloc(K * bx->nt * sizeof(double));
    bmax = malloc(K * sizeof(double));
    berr = malloc(K * sizeof(double));
    HKZ_CHECK_GOTO(lam && C && bmax && berr, HKZ_ERR_NOMEM,
                   "su2mix points: no memory");
    for (b = 0; b < c.nb; b++)
    {
        slong d = c.dim[b];
        hkz_su2mix_box_index(nvec, bx, b);
        c.V[b] = malloc(2 * d * d * sizeof(double));
        HKZ_CHECK_GOTO(c.V[b] != NULL, HKZ_ERR_NOMEM,
                       "su2mix points: no memory");
        HKZ_TRY_GOTO(hkz_su2mix_block_d(c.V[b], op, nvec));
        HKZ_TRY_GOTO(hkz_su2mix_eigh_d(lam + c.off[b], c.V[b], d));
        for (k = 0; k < d; k++)
        {
            /* |d Re <v, W v>| <= d |v|^2, |v|^2 <= 1 + 1e-12 */
            bmax[c.off[b] + k] = (double) d * (1.0 + 1e-12);
            /* estimated (not proven) error of the double evaluation */
            berr[c.off[b] + k] = (double) d * (double) d * 1e-14 *
                                 (1.0 + (double) d);
        }
    }
    for (j = 0; j < bx->nt; j++)
    {
        double t = arf_get_d(arb_midref(bx->t + j), ARF_RND_NEAR);
        for (k = 0; k < K; k++)
            C[k + j * K] = exp(-t * FLINT_MAX(lam[k], 0.0));
    }

    if (e == NULL)
    {
        HKZ_TRY_GOTO(hkz_engine_create(&own, NULL));
        e = own;
    }
    hkz_engine_problem_init(&pb);
    pb.P = npts;
    pb.K = (size_t) K;
    pb.T = (size_t) bx->nt;
    pb.basis = HKZ_BASIS_USER;
    pb.fill = fill;
    pb.fill_ctx = &c;
    pb.user_bmax = bmax;
    pb.user_berr = berr;
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.C = C;
    pb.ldc = (size_t) K;
    pb.ldo = npts;
    pb.err_layout = HKZ_ERR_PER_ENTRY;
    HKZ_TRY_GOTO(hkz_engine_run(e, out, err, &pb));
    if (err != NULL)
        for (j = 0; j < bx->nt; j++)
        {
            double tl = arf_get_d(arb_midref(bx->tail + j), ARF_RND_UP);
            for (p = 0; p < npts; p++)
                err[p + j * npts] += tl * (1.0 + 1e-15);
        }

cleanup:
    hkz_engine_destroy(&own);
    if (c.V != NULL)
        for (b = 0; b < c.nb; b++)
            free(c.V[b]);
    free(c.V);
    free(c.off);
    free(c.dim);
    free(c.doff);
    free(c.D);
    free(xs);
    free(w);
    free(C);
    free(bmax);
    free(berr);
    free(H);
    free(lam);
    return status;
}
