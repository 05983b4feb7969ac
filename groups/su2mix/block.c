/* The blocks Lhat(pi) = -sum_ab Q_ab dpi(F_a) dpi(F_b) of a mixing
 * operator on pi = (x)_i V_{n_i}, in the tensor Z-eigenbasis (su2mix.h).
 *
 * Single factor, basis e_p (p = 0..n-1, k = 2p-(n-1); su2.h and
 * milnor_wigner.c: dpi(X) = J_+ - J_-, dpi(Y) = i(J_+ + J_-), dpi(Z) =
 * diag(i k), <p+1|J_+|p> = sqrt((p+1)(n-1-p)), <p-1|J_-|p> = sqrt(p(n-p))):
 *   X e_p =   sqrt((p+1)(n-1-p)) e_{p+1} - sqrt(p(n-p)) e_{p-1},
 *   Y e_p = i sqrt((p+1)(n-1-p)) e_{p+1} + i sqrt(p(n-p)) e_{p-1},
 *   Z e_p = i k e_p.
 * dpi(F_{i,f}) acts on the i-th tensor index only.  Every coefficient is
 * (+-1 or +-i) sqrt(integer), so a product dpi(F_a) dpi(F_b) has entries
 * (+-1, +-i) sqrt(s1 s2), computed exactly up to the sqrt.
 * (The tests check [X,Y] = 2Z and the Casimir -(n^2-1) on these.) */
#include <math.h>
#include <string.h>
#include <lapacke.h>
#include "hkz/su2mix.h"
#include "hkz_check.h"

/* one term: target index, coefficient sign * sqrt(sq) * (imag ? i : 1) */
typedef struct
{
    slong p;
    slong sq;
    int sign, imag;
} fterm_t;

/* dpi_n(F_f) e_p as at most two terms; returns the count */
static int field_apply(fterm_t *out, int f, slong n, slong p)
{
    int c = 0;
    if (f == 2)
    {
        slong k = 2 * p - (n - 1);
        if (k != 0)
        {
            out[0].p = p;
            out[0].sq = k * k;
            out[0].sign = k > 0 ? 1 : -1;
            out[0].imag = 1;
            c = 1;
        }
        return c;
    }
    if (p + 1 <= n - 1)
    {
        out[c].p = p + 1;
        out[c].sq = (p + 1) * (n - 1 - p);
        out[c].sign = 1;
        out[c].imag = (f == 1);
        c++;
    }
    if (p >= 1)
    {
        out[c].p = p - 1;
        out[c].sq = p * (n - p);
        out[c].sign = (f == 0) ? -1 : 1;
        out[c].imag = (f == 1);
        c++;
    }
    return c;
}

/* Calls emit(row, col, a, b, sq, phase) for every nonzero contribution
 * -Q_ab (dpi(F_a) dpi(F_b))[row][col] = -Q_ab * i^phase * sqrt(sq). */
typedef void (*emit_fn)(void *ctx, slong row, slong col, slong a, slong b,
                        slong sq, int phase);

static void block_walk(const hkz_su2mix_op_t op, const slong *nvec,
                       emit_fn emit, void *ctx)
{
    slong n = op->n, d = 1, i, mu, a, b;
    slong *stride = flint_malloc(n * sizeof(slong));
    slong *digit = flint_malloc(n * sizeof(slong));
    char *nz = flint_calloc(9 * n * n, 1);

    for (i = n - 1; i >= 0; i--)
    {
        stride[i] = d;
        d *= nvec[i];
    }
    for (a = 0; a < 3 * n; a++)
        for (b = 0; b < 3 * n; b++)
            nz[a * 3 * n + b] = !arb_is_zero(arb_mat_entry(&op->Q, a, b));
    for (mu = 0; mu < d; mu++)
    {
        slong r = mu;
        for (i = 0; i < n; i++)
        {
            digit[i] = r / stride[i];
            r %= stride[i];
        }
        for (b = 0; b < 3 * n; b++)
        {
            fterm_t t1[2];
            slong ib = b / 3;
            int c1, j1;
            if (nvec[ib] == 1)
                continue;     /* dpi(F) = 0 on the trivial factor */
            c1 = field_apply(t1, (int) (b % 3), nvec[ib], digit[ib]);
            for (j1 = 0; j1 < c1; j1++)
            {
                slong nu = mu + (t1[j1].p - digit[ib]) * stride[ib];
                for (a = 0; a < 3 * n; a++)
                {
                    fterm_t t2[2];
                    slong ia = a / 3, pa;
                    int c2, j2;
                    if (!nz[a * 3 * n + b] || nvec[ia] == 1)
                        continue;
                    pa = (nu / stride[ia]) % nvec[ia];
                    c2 = field_apply(t2, (int) (a % 3), nvec[ia], pa);
                    for (j2 = 0; j2 < c2; j2++)
                    {
                        slong row = nu + (t2[j2].p - pa) * stride[ia];
                        int sg = t1[j1].sign * t2[j2].sign;
                        int ph = t1[j1].imag + t2[j2].imag;
                        if (sg < 0)
                            ph += 2;
                        emit(ctx, row, mu, a, b, t1[j1].sq * t2[j2].sq,
                             ph % 4);
                    }
                }
            }
        }
    }
    flint_free(stride);
    flint_free(digit);
    flint_free(nz);
}

typedef struct
{
    acb_mat_struct *H;
    const arb_mat_struct *Q;
    slong prec;
    arb_t u;
} emit_acb_ctx;

static void emit_acb(void *ctx, slong row, slong col, slong a, slong b,
                     slong sq, int phase)
{
    emit_acb_ctx *c = ctx;
    acb_ptr h = acb_mat_entry(c->H, row, col);
    arb_sqrt_ui(c->u, (ulong) sq, c->prec);
    arb_mul(c->u, c->u, arb_mat_entry(c->Q, a, b), c->prec);
    /* -Q i^phase sqrt(sq) */
    switch (phase)
    {
    case 0: arb_sub(acb_realref(h), acb_realref(h), c->u, c->prec); break;
    case 1: arb_sub(acb_imagref(h), acb_imagref(h), c->u, c->prec); break;
    case 2: arb_add(acb_realref(h), acb_realref(h), c->u, c->prec); break;
    default: arb_add(acb_imagref(h), acb_imagref(h), c->u, c->prec); break;
    }
}

static slong block_dim(const hkz_su2mix_op_t op, const slong *nvec)
{
    slong i, d = 1;
    for (i = 0; i < op->n; i++)
    {
        if (nvec[i] < 1 || nvec[i] > 1000 || d > WORD(1) << 20)
            return -1;
        d *= nvec[i];
    }
    return d <= (WORD(1) << 16) ? d : -1;
}

int hkz_su2mix_block(acb_mat_t H, const hkz_su2mix_op_t op,
                     const slong *nvec, slong prec)
{
    slong d = block_dim(op, nvec);
    emit_acb_ctx c;

    HKZ_CHECK(d >= 1, HKZ_ERR_ARG, "hkz_su2mix_block: bad block sizes");
    HKZ_CHECK(acb_mat_nrows(H) == d && acb_mat_ncols(H) == d, HKZ_ERR_ARG,
              "hkz_su2mix_block: H must be %ld x %ld", (long) d, (long) d);
    acb_mat_zero(H);
    c.H = H;
    c.Q = &op->Q;
    c.prec = prec;
    arb_init(c.u);
    block_walk(op, nvec, emit_acb, &c);
    arb_clear(c.u);
    return HKZ_SUCCESS;
}

typedef struct
{
    double *H;
    double *Q;
    slong d, nq;
} emit_d_ctx;

static void emit_d(void *ctx, slong row, slong col, slong a, slong b,
                   slong sq, int phase)
{
    emit_d_ctx *c = ctx;
    double *h = c->H + 2 * (row + col * c->d);
    double u = sqrt((double) sq) * c->Q[a * c->nq + b];
    switch (phase)
    {
    case 0: h[0] -= u; break;
    case 1: h[1] -= u; break;
    case 2: h[0] += u; break;
    default: h[1] += u; break;
    }
}

int hkz_su2mix_block_d(double *H, const hkz_su2mix_op_t op,
                       const slong *nvec)
{
    slong d = block_dim(op, nvec), nq = 3 * op->n, a, b;
    emit_d_ctx c;

    HKZ_CHECK(d >= 1, HKZ_ERR_ARG, "hkz_su2mix_block_d: bad block sizes");
    memset(H, 0, 2 * d * d * sizeof(double));
    c.H = H;
    c.d = d;
    c.nq = nq;
    c.Q = flint_malloc(nq * nq * sizeof(double));
    for (a = 0; a < nq; a++)
        for (b = 0; b < nq; b++)
            c.Q[a * nq + b] = arf_get_d(arb_midref(arb_mat_entry(&op->Q, a,
                                        b)), ARF_RND_NEAR);
    block_walk(op, nvec, emit_d, &c);
    flint_free(c.Q);
    return HKZ_SUCCESS;
}

/* ---- eigensolvers ------------------------------------------------------ */

static hkz_su2mix_eigh_fn registered_fn = NULL;
static slong registered_min = 0;

void hkz_su2mix_eigh_register(hkz_su2mix_eigh_fn fn, slong min_dim)
{
    registered_fn = fn;
    registered_min = min_dim;
}

hkz_su2mix_eigh_fn hkz_su2mix_eigh_registered(void)
{
    return registered_fn;
}

int hkz_su2mix_eigh_lapack(double *w, double *H, slong d)
{
    lapack_int info;
    HKZ_CHECK(d >= 1, HKZ_ERR_ARG, "hkz_su2mix_eigh_lapack: d < 1");
    /* zheevd rather than the real 2d x 2d embedding [[A,-B],[B,A]]: half
     * the dimension (the embedding doubles every eigenvalue and costs
     * about 2x the flops of zheevd even in real arithmetic), and the
     * complex eigenvectors feed the acb residual check directly. */
    info = LAPACKE_zheevd(LAPACK_COL_MAJOR, 'V', 'U', (lapack_int) d,
                          (lapack_complex_double *) H, (lapack_int) d, w);
    HKZ_CHECK(info == 0, HKZ_ERR_LAPACK,
              "hkz_su2mix_eigh_lapack: zheevd info = %d (d = %ld)",
              (int) info, (long) d);
    return HKZ_SUCCESS;
}

int hkz_su2mix_eigh_d(double *w, double *H, slong d)
{
    hkz_su2mix_eigh_fn fn = registered_fn;

    if (fn != NULL && d >= 1 && d >= registered_min)
    {
        int status = fn(w, H, (size_t) d, 1);
        if (status != HKZ_ERR_UNSUPPORTED)
            return status;
        /* no device: the solver left w, H untouched */
        hkz_errmsg_clear();
    }
    return hkz_su2mix_eigh_lapack(w, H, d);
}
