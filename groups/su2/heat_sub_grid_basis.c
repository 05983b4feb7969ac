/* The basis of the sub-Laplacian grid (heat_sub_grid.c) in double, with
 * a priori error bounds that hold for every point.
 *
 *   B_{k,m}(r, z) = f_k(z) g_{k,m}(r),  f_0 = 1, f_k = 2 cos(kz) (k >= 1),
 *   g_{k,m} = cos(r)^k P_m^{(0,k)}(cos 2r) = d^j_{k/2,k/2}(2r)
 *             (j = m + k/2; Wigner small d, e.g. Varshalovich et al. 4.3.4
 *             (4.3.1)), an entry of a unitary matrix: |g_{k,m}| <= 1.
 *
 * Per point, in double (u = 2^-53; every bound below also allows an
 * absolute TINY = 2^-900 per step for underflow, gradual or flushed: at
 * most 2^18 steps of <= 3 x 2^-1022 each, times |h~| <= 2^19 for m = 1):
 *
 * Inputs.  c~ = cos r, y~ = sin^2 r, (cz~, sz~) = (cos z, sin z) from Arb
 *   balls at 128 bits, rounded to nearest and clamped to their ranges
 *   (which only moves them closer to the exact values); each point checks
 *   |c~ - c| <= 2^-52 c~ (then c~ = c (1 + eta), |eta| <= DR = 2^-51),
 *   |y~ - y| <= DY = 2^-52, |cz~ - cos z|, |sz~ - sin z| <= DZ = 2^-52.
 *   A point that fails the check sets every berr to +inf (its batch then
 *   goes to the scalar path; it does not happen at 128 bits).
 *
 * cos(kz): v_k = (cos kz, sin kz), v~_{k+1} = fl(R~ v~_k) with the
 *   rotation R~ of (cz~, sz~): v~_{k+1} - v_{k+1} = R~ (v~_k - v_k)
 *   + (R~ - R) v_k + rho_k; ||R~|| <= 1 + 2 DZ, ||R~ - R|| <= 2 DZ (R~ - R
 *   is a scaled rotation of norm sqrt(dc^2 + ds^2)), each component of
 *   fl(a b - c d) (with or without fma) is off by <= u (|ab| + |cd|) +
 *   u |result| <= u N (2 + u), N = (1 + eps_k)(1 + 2 DZ) (Cauchy-Schwarz),
 *   so ||rho_k|| <= sqrt(2) (2 + u) u N <= 3 u N:
 *     eps_{k+1} = (1 + 2 DZ) eps_k + 2 DZ + 3 u (1 + eps_k)(1 + 2 DZ)
 *                 + TINY;
 *   |f~_k - f_k| <= 2 eps_k (f~_k = 2 cos~ exactly).
 *
 * G_k = c^k: G~_k = fl(G~_{k-1} c~) = G_k (1 + th), |th| <= gp_k with
 *   1 + gp_k = (1 + DR)^k (1 + u)^k (Higham, Lemma 3.1), plus TINY.
 *
 * m = 0: g~ = G~_k, e_0 = gp_k + TINY (|G_k| <= 1).
 * m = 1: g_1 = G_k h, h = 1 - kap y, kap = k + 2 (P_1^{(0,k)}), h~ =
 *   fl(1 - fl(kap y~)): |h~ - h| <= dh = kap (DY + u) + 2 u (1 + kap);
 *   g~_1 = fl(G~ h~): G~ h~ - G h = (G~ - G) h~ + G (h~ - h) and |G h~|
 *   <= |g_1| + |G| dh <= 1 + dh, so
 *     e_1 = gp_k (1 + dh) + dh + u (1 + gp_k)(1 + dh) + TINY.
 * m >= 2: DLMF 18.9.1 (alpha = 0, beta = k, x = 1 - 2y, n = m - 1):
 *   g_m = (a - b y) g_{m-1} - c g_{m-2}, a = (n2+1) lam / D, b = 2 (n2+1)
 *   n2 (n2+2) / D, c = 2n (n+k)(n2+2) / D, D = 2 (n+1)(n+k+1) n2,
 *   n2 = 2n + k, lam = 4n(n+k+1) + 2k; A, Bc, Cc: a, b, c rounded from
 *   Arb, off by dA, dB, dC.  Computed: tau~ = fl(A - fl(Bc y~)), g~_m =
 *   fl(tau~ g~_{m-1} - fl(Cc g~_{m-2})).  Since y~ in [0, 1],
 *   |A - Bc y~| <= max(|A|, |A - Bc|), so |tau~| <= Tm = (max(|A|,
 *   |A - Bc|) + u |Bc|)(1 + u), |tau~ - (a - b y)| <= dtau = dA + dB
 *   + u |Bc| + (|Bc| + dB) DY + u Tm; with |g_i| <= 1, |g~_i| <= 1 + e_i:
 *     e_m = Tm e_{m-1} + |Cc| e_{m-2} + dtau + dC
 *           + 3 u (Tm (1 + e_{m-1}) + |Cc| (1 + e_{m-2})) + TINY.
 * B~ = fl(f~ g~) (k >= 1):
 *     berr = 2 eps_k (1 + e) + 2 e + 2 u (1 + eps_k)(1 + e) + TINY,
 *   and berr = e for k = 0.  All bounds are evaluated once per grid in
 *   Arb's mag_t (rounded upwards); the points only run the recurrences. */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

#define IN_PREC 128
#define COEF_PREC 128
/* points per vector block */
#define PB 8

#define D52 0x1p-52

/* ---- a priori bounds (once per grid) ---------------------------------- */

/* res = 1 + x */
static void onep(mag_t res, const mag_t x)
{
    mag_t one;
    mag_init(one);
    mag_one(one);
    mag_add(res, x, one);
    mag_clear(one);
}

/* *x = num / den rounded to double, dx >= |*x - num / den| */
static void coef(double *x, mag_t dx, ulong num, ulong den)
{
    arb_t v;
    double e;
    arb_init(v);
    arb_set_ui(v, num);
    arb_div_ui(v, v, den, COEF_PREC);
    *x = _hkz_su2_grid_get_d(&e, v);
    mag_set_d(dx, e);
    arb_clear(v);
}

/* ub >= max(|A|, |A - Bc|) */
static void coef_max(mag_t ub, double A, double Bc)
{
    arb_t a, b;
    mag_t m;
    arb_init(a); arb_init(b); mag_init(m);
    arb_set_d(a, A);
    arb_set_d(b, Bc);
    arb_sub(b, a, b, COEF_PREC);
    arb_get_mag(ub, a);
    arb_get_mag(m, b);
    mag_max(ub, ub, m);
    arb_clear(a); arb_clear(b); mag_clear(m);
}

typedef struct
{
    mag_t u, dy, tiny, t1, t2, t3;
} bnd_t;

static void bnd_init(bnd_t *b)
{
    mag_init(b->u); mag_init(b->dy); mag_init(b->tiny);
    mag_init(b->t1); mag_init(b->t2); mag_init(b->t3);
    mag_set_ui_2exp_si(b->u, 1, -53);
    mag_set_ui_2exp_si(b->dy, 1, -52);
    mag_set_ui_2exp_si(b->tiny, 1, -900);
}

static void bnd_clear(bnd_t *b)
{
    mag_clear(b->u); mag_clear(b->dy); mag_clear(b->tiny);
    mag_clear(b->t1); mag_clear(b->t2); mag_clear(b->t3);
}

/* e1 = gp (1 + dh) + dh + u (1 + gp)(1 + dh) + TINY, dh = kap (DY + u)
 * + 2 u (1 + kap) */
static void bound_m1(mag_t e1, const mag_t gp, ulong kap, bnd_t *b)
{
    mag_add(b->t1, b->dy, b->u);
    mag_mul_ui(b->t1, b->t1, kap);
    mag_mul_ui(b->t2, b->u, 2 * (1 + kap));
    mag_add(b->t1, b->t1, b->t2);              /* dh */
    onep(b->t2, b->t1);                        /* 1 + dh */
    mag_mul(e1, gp, b->t2);
    mag_add(e1, e1, b->t1);
    onep(b->t3, gp);
    mag_mul(b->t3, b->t3, b->t2);
    mag_mul(b->t3, b->t3, b->u);
    mag_add(e1, e1, b->t3);
    mag_add(e1, e1, b->tiny);
}

/* e2 = Tm e1 + |Cc| e0 + dtau + dC + 3u (Tm (1 + e1) + |Cc| (1 + e0))
 * + TINY for the step with coefficients (A, Bc, Cc) off by (dA, dB, dC) */
static void bound_step(mag_t e2, const mag_t e1, const mag_t e0, double A,
                       double Bc, double Cc, const mag_t dA, const mag_t dB,
                       const mag_t dC, bnd_t *b)
{
    mag_t Tm, aB, aC, s;
    mag_init(Tm); mag_init(aB); mag_init(aC); mag_init(s);
    mag_set_d(aB, fabs(Bc));
    mag_set_d(aC, fabs(Cc));
    coef_max(Tm, A, Bc);
    mag_mul(s, b->u, aB);
    mag_add(Tm, Tm, s);
    onep(s, b->u);
    mag_mul(Tm, Tm, s);                        /* Tm */
    /* dtau = dA + dB + u |Bc| + (|Bc| + dB) DY + u Tm */
    mag_add(b->t1, dA, dB);
    mag_mul(s, b->u, aB);
    mag_add(b->t1, b->t1, s);
    mag_add(s, aB, dB);
    mag_mul(s, s, b->dy);
    mag_add(b->t1, b->t1, s);
    mag_mul(s, b->u, Tm);
    mag_add(b->t1, b->t1, s);
    mag_add(b->t1, b->t1, dC);                 /* dtau + dC */
    /* 3u (Tm (1 + e1) + |Cc| (1 + e0)) */
    onep(b->t2, e1);
    mag_mul(b->t2, b->t2, Tm);
    onep(b->t3, e0);
    mag_mul(b->t3, b->t3, aC);
    mag_add(b->t2, b->t2, b->t3);
    mag_mul(b->t2, b->t2, b->u);
    mag_mul_ui(b->t2, b->t2, 3);
    mag_add(b->t1, b->t1, b->t2);
    mag_mul(s, Tm, e1);
    mag_add(b->t1, b->t1, s);
    mag_mul(s, aC, e0);
    mag_add(b->t1, b->t1, s);
    mag_add(e2, b->t1, b->tiny);
    mag_clear(Tm); mag_clear(aB); mag_clear(aC); mag_clear(s);
}

/* berr of B~ = fl(f~ g~): e for k = 0, else 2 eps (1 + e) + 2 e
 * + 2u (1 + eps)(1 + e) + TINY */
static double bound_out(const mag_t e, const mag_t eps, slong k, bnd_t *b)
{
    if (k == 0)
        return _hkz_su2_grid_mag_get_d(e);
    onep(b->t1, e);
    mag_mul(b->t2, eps, b->t1);
    mag_add(b->t2, b->t2, e);
    mag_mul_2exp_si(b->t2, b->t2, 1);
    onep(b->t3, eps);
    mag_mul(b->t3, b->t3, b->t1);
    mag_mul(b->t3, b->t3, b->u);
    mag_mul_2exp_si(b->t3, b->t3, 1);
    mag_add(b->t2, b->t2, b->t3);
    mag_add(b->t2, b->t2, b->tiny);
    return _hkz_su2_grid_mag_get_d(b->t2);
}

int _hkz_su2_sub_basis_init(_hkz_su2_sub_basis_t *S, slong K,
                            const slong *Mk, size_t nmodes)
{
    bnd_t b;
    mag_t eps, gp, e0, e1, e2, dA, dB, dC, dz2, x;
    size_t mode = 0;
    slong k, m;

    S->K = K;
    S->Mk = Mk;
    S->nmodes = nmodes;
    S->A = malloc(4 * nmodes * sizeof(double));
    HKZ_CHECK(S->A != NULL, HKZ_ERR_NOMEM, "hkz_su2_heat_sub_grid: out of "
              "memory (%zu modes)", nmodes);
    S->Bc = S->A + nmodes;
    S->Cc = S->Bc + nmodes;
    S->berr = S->Cc + nmodes;
    bnd_init(&b);
    mag_init(eps); mag_init(gp); mag_init(e0); mag_init(e1); mag_init(e2);
    mag_init(dA); mag_init(dB); mag_init(dC); mag_init(dz2); mag_init(x);
    mag_set_ui_2exp_si(dz2, 1, -51);           /* 2 DZ */
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;

        /* m = 0 */
        mag_add(e0, gp, b.tiny);
        S->A[mode] = S->Bc[mode] = S->Cc[mode] = 0.0;
        S->berr[mode] = bound_out(e0, eps, k, &b);
        /* m = 1 */
        if (Mk[k] >= 1)
        {
            bound_m1(e1, gp, ku + 2, &b);
            S->A[mode + 1] = S->Bc[mode + 1] = S->Cc[mode + 1] = 0.0;
            S->berr[mode + 1] = bound_out(e1, eps, k, &b);
        }
        for (m = 2; m <= Mk[k]; m++)
        {
            ulong n = (ulong) m - 1, n2 = 2 * n + ku;
            ulong lam = 4 * n * (n + ku + 1) + 2 * ku;
            ulong D = 2 * (n + 1) * (n + ku + 1) * n2;
            size_t i = mode + (size_t) m;

            coef(S->A + i, dA, (n2 + 1) * lam, D);
            coef(S->Bc + i, dB, 2 * (n2 + 1) * n2 * (n2 + 2), D);
            coef(S->Cc + i, dC, 2 * n * (n + ku) * (n2 + 2), D);
            bound_step(e2, e1, e0, S->A[i], S->Bc[i], S->Cc[i], dA, dB, dC,
                       &b);
            S->berr[i] = bound_out(e2, eps, k, &b);
            mag_swap(e0, e1);
            mag_swap(e1, e2);
        }
        mode += (size_t) Mk[k] + 1;
        /* 1 + gp <- (1 + gp)(1 + DR)(1 + u): gp += (1 + gp)(DR + u + DR u),
         * DR = 2^-51 */
        mag_set_ui_2exp_si(x, 5, -53);         /* DR + u = 5 u */
        mag_set_ui_2exp_si(e2, 1, -104);       /* >= DR u */
        mag_add(x, x, e2);
        onep(e2, gp);
        mag_mul(e2, e2, x);
        mag_add(gp, gp, e2);
        /* eps <- (1 + 2DZ) eps + 2DZ + 3u (1 + eps)(1 + 2DZ) */
        onep(x, dz2);
        onep(e2, eps);
        mag_mul(e2, e2, x);
        mag_mul(e2, e2, b.u);
        mag_mul_ui(e2, e2, 3);
        mag_mul(eps, eps, x);
        mag_add(eps, eps, dz2);
        mag_add(eps, eps, e2);
        mag_add(eps, eps, b.tiny);
    }
    mag_clear(eps); mag_clear(gp); mag_clear(e0); mag_clear(e1);
    mag_clear(e2); mag_clear(dA); mag_clear(dB); mag_clear(dC);
    mag_clear(dz2); mag_clear(x);
    bnd_clear(&b);
    return HKZ_SUCCESS;
}

void _hkz_su2_sub_basis_clear(_hkz_su2_sub_basis_t *S)
{
    free(S->A);
    S->A = S->Bc = S->Cc = S->berr = NULL;
}

/* ---- per point -------------------------------------------------------- */

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

/* the doubles c~, y~, cz~, sz~ of a point; 0 if a check fails */
static int point_inputs(double *c, double *y, double *cz, double *sz,
                        double r, double z, arb_t a, arb_t s, arb_t co)
{
    double e1, e2, e3, e4;

    arb_set_d(a, r);
    arb_sin_cos(s, co, a, IN_PREC);
    arb_sqr(s, s, IN_PREC);
    *c = clamp(_hkz_su2_grid_get_d(&e1, co), 0.0, 1.0);
    *y = clamp(_hkz_su2_grid_get_d(&e2, s), 0.0, 1.0);
    arb_set_d(a, z);
    arb_sin_cos(s, co, a, IN_PREC);
    *cz = clamp(_hkz_su2_grid_get_d(&e3, co), -1.0, 1.0);
    *sz = clamp(_hkz_su2_grid_get_d(&e4, s), -1.0, 1.0);
    return e1 <= ldexp(*c, -52) && e2 <= D52 && e3 <= D52 && e4 <= D52;
}

/* B[i + mode ld] for the nb points of a block, and bmax */
static void store(double *B, size_t ld, double *bmax, size_t mode,
                  const double *f, const double *g, size_t nb)
{
    double *col = B + mode * ld, mx = bmax[mode];
    size_t q;
    for (q = 0; q < nb; q++)
    {
        double v = f[q] * g[q];
        col[q] = v;
        mx = FLINT_MAX(mx, fabs(v));
    }
    bmax[mode] = mx;
}

void _hkz_su2_sub_basis_rows(double *B, size_t ld, double *bmax,
        double *berr, size_t i0, size_t i1, const void *vctx)
{
    const _hkz_su2_sub_rows_ctx *X = vctx;
    const _hkz_su2_sub_basis_t *S = X->S;
    size_t mode, ib, q;
    int ok = 1;
    slong k, m;
    arb_t a, s, co;

    arb_init(a); arb_init(s); arb_init(co);
    for (ib = i0; ib < i1; ib += PB)
    {
        size_t nb = FLINT_MIN(PB, i1 - ib);
        double c[PB], y[PB], cz[PB], sz[PB], G[PB], cr[PB], sr[PB];
        double f[PB], g0[PB], g1[PB], g2[PB];

        for (q = 0; q < PB; q++)
        {
            c[q] = 1.0; y[q] = 0.0; cz[q] = 1.0; sz[q] = 0.0;
            if (q < nb)
                ok &= point_inputs(c + q, y + q, cz + q, sz + q,
                                   X->r[ib + q], X->z[ib + q], a, s, co);
            G[q] = 1.0; cr[q] = 1.0; sr[q] = 0.0;
            g0[q] = g1[q] = g2[q] = 0.0;
        }
        mode = 0;
        for (k = 0; k <= S->K; k++)
        {
            const double kap = (double) (k + 2);
            for (q = 0; q < PB; q++)
                f[q] = k == 0 ? 1.0 : 2.0 * cr[q];
            store(B + ib, ld, bmax, mode, f, G, nb);
            if (S->Mk[k] >= 1)
            {
                for (q = 0; q < PB; q++)
                {
                    g0[q] = G[q];
                    g1[q] = G[q] * (1.0 - kap * y[q]);
                }
                store(B + ib, ld, bmax, mode + 1, f, g1, nb);
            }
            for (m = 2; m <= S->Mk[k]; m++)
            {
                size_t i = mode + (size_t) m;
                const double A = S->A[i], Bc = S->Bc[i], Cc = S->Cc[i];
                for (q = 0; q < PB; q++)
                {
                    double tau = A - Bc * y[q];
                    g2[q] = tau * g1[q] - Cc * g0[q];
                    g0[q] = g1[q];
                    g1[q] = g2[q];
                }
                store(B + ib, ld, bmax, i, f, g2, nb);
            }
            mode += (size_t) S->Mk[k] + 1;
            for (q = 0; q < PB; q++)
            {
                double cn = cr[q] * cz[q] - sr[q] * sz[q];
                sr[q] = sr[q] * cz[q] + cr[q] * sz[q];
                cr[q] = cn;
                G[q] *= c[q];
            }
        }
    }
    for (mode = 0; mode < S->nmodes; mode++)
        berr[mode] = ok ? FLINT_MAX(berr[mode], S->berr[mode]) : INFINITY;
    arb_clear(a); arb_clear(s); arb_clear(co);
}
