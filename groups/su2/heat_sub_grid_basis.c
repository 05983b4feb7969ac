/* The basis of the sub-Laplacian grid (heat_sub_grid.c) in double, with
 * a rigorous running error bound per point.
 *
 *   B_{k,m}(r, z) = f_k(z) g_{k,m}(r),  f_0 = 1, f_k = 2 cos(kz) (k >= 1),
 *   g_{k,m} = cos(r)^k P_m^{(0,k)}(cos 2r).
 *
 * u = 2^-53; TINY = 2^-900 is added to every bound for underflow (<=
 * 2^-1021 per rounding, gradual or flushed, <= 2^18 steps, times |h~| <=
 * 2^19 for m = 1); bounds are evaluated in double times UP = 1 + 2^-44,
 * which covers the factors (1 - u)^-1 of the rounding terms (u |x| <=
 * u |x~| / (1 - u)) and the <= 30 roundings of evaluating a sum of
 * non-negative products (Higham, Accuracy and Stability, Lemma 3.1).
 *
 * Inputs.  c~ = cos r, y~ = sin^2 r, (cz~, sz~) = (cos z, sin z) from Arb
 *   balls at 128 bits, rounded to nearest and clamped to their ranges
 *   (which only moves them closer to the exact values); each point checks
 *   |c~ - c| <= 2^-52 c~ (then c~ = c (1 + eta), |eta| <= DR = 2^-51),
 *   |y~ - y| <= DY = 2^-52, |cz~ - cos z|, |sz~ - sin z| <= DZ = 2^-52,
 *   and the same for C~ = cos(r)^nb (relative) and cos, sin of nb z.
 *   A point that fails the check sets every berr to +inf (its batch then
 *   goes to the scalar path; it does not happen at 128 bits).
 *
 * Two-level chains in k, nb = max(4, floor(sqrt(K + 1))): k = nb a + b,
 *   v_k = R1^b V_a, V_a = R_nb^a (1, 0) (R1, R_nb: rotations by z, nb z)
 *   and G_k = c^b C^a (C = c^nb), so that errors grow with a + b <=
 *   K / nb + nb steps instead of k.
 * cos(kz) (a priori, once per grid): each step v~' = fl(R~ v~) with the
 *   rounded rotation R~ of (cos, sin) of z or nb z: v~' - v' = R~ (v~ - v)
 *   + (R~ - R) v + rho; ||R~|| <= 1 + 2 DZ, ||R~ - R|| <= 2 DZ (R~ - R is
 *   a scaled rotation of norm sqrt(dc^2 + ds^2)), each component of
 *   fl(a b - c d) (with or without fma) is off by <= u (|ab| + |cd|) +
 *   u |result| <= u N (2 + u), N = (1 + eps)(1 + 2 DZ) (Cauchy-Schwarz),
 *   so ||rho|| <= sqrt(2) (2 + u) u N <= 3 u N:
 *     eps' = (1 + 2 DZ) eps + 2 DZ + 3 u (1 + eps)(1 + 2 DZ) + TINY,
 *   along the chain V_0 = (1, 0), V_1, ..., then b steps of R1~;
 *   |f~_k - f_k| <= fe_k = 2 eps_k (f~_k = 2 cos~ exactly), in mag_t.
 *
 * G_k = c^b C^a: each of the a + b products G~' = fl(G~ x~), x~ = c~ or
 *   C~ = C (1 + eta) (|eta| <= DR, checked as for c~), so G~_k = G_k (1 +
 *   th), |th| <= gp_k, 1 + gp_k = (1 + DR)^(a+b) (1 + u)^(a+b) (Lemma 3.1),
 *   and |G~ - G| <= gq_k |G~| + TINY0, gq_k = gp_k (1 + 2 gp_k) >= gp_k /
 *   (1 - gp_k).  If C + |C~ - C| <= 2^-750 (r near pi/2), C~ := 0: then
 *   0 <= G_k <= C < 2^-749 for k >= nb, inside TINY0 = 2^-700.
 *
 * Per point, e_m >= |g~_m - g_m| (the exact g_m obey the same
 * recurrences; |g_i| <= |g~_i| + e_i):
 *   m = 0: e_0 = gq_k |G~| + TINY0.
 *   m = 1: g_1 = G h, h = 1 - kap y, kap = k + 2 (P_1^{(0,k)}); h~ =
 *     fl(1 - fl(kap y~)), |h~ - h| <= dh_k = kap (DY + u) + 2 u (1 + kap);
 *     g~_1 = fl(G~ h~), G~ h~ - G h = (G~ - G) h~ + G (h~ - h):
 *       e_1 = e_0 |h~| + (|G~| + e_0) dh_k + u |g~_1|.
 *   m >= 2: DLMF 18.9.1 (alpha = 0, beta = k, x = 1 - 2y, n = m - 1):
 *     g_m = (a - b y) g_{m-1} - c g_{m-2}, a = (n2+1) lam / D, b = 2 (n2+1)
 *     n2 (n2+2) / D, c = 2n (n+k)(n2+2) / D, D = 2 (n+1)(n+k+1) n2, n2 =
 *     2n + k, lam = 4n(n+k+1) + 2k; A, Bc, Cc: a, b, c rounded from Arb,
 *     off by <= dA, dB, dC.  Computed: s~ = fl(Bc y~), tau~ = fl(A - s~),
 *     g~_m = fl(fl(tau~ g~_{m-1}) - fl(Cc g~_{m-2})) (or with one fma):
 *       |tau~ - (a - b y)| <= dtau = dA + dB y~ + u |s~| + (|Bc| + dB) DY
 *                                    + u |tau~|,
 *       e_m = |tau~| e_{m-1} + |Cc| e_{m-2} + dtau (|g~_{m-1}| + e_{m-1})
 *             + dC (|g~_{m-2}| + e_{m-2})
 *             + u (|tau~ g~_{m-1}| + |Cc g~_{m-2}| + |g~_m|).
 *   B~ = fl(f~ g~), f~ g~ - f g = (f~ - f) g~ + f (g~ - g):
 *     |B~ - B| <= fe_k |g~| + (|f~| + fe_k) e + u |B~|  (fe_0 = 0).
 * berr[mode] is the largest of these over the points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

#define IN_PREC 128
#define COEF_PREC 128
#define PB 128                   /* points of one r per run */
#define D52 0x1p-52

/* ---- a priori bounds (once per grid) ---------------------------------- */

/* *x = num / den rounded to double, *dx >= |*x - num / den| */
static void coef(double *x, double *dx, ulong num, ulong den)
{
    arb_t v;
    arb_init(v);
    arb_set_ui(v, num);
    arb_div_ui(v, v, den, COEF_PREC);
    *x = _hkz_su2_grid_get_d(dx, v);
    arb_clear(v);
}

/* 1 + gp <- (1 + gp)(1 + DR)(1 + u): gp += (1 + gp)(DR + u + DR u),
 * DR = 2^-51 */
static void grow_gp(mag_t gp, mag_t x, mag_t y)
{
    mag_set_ui_2exp_si(x, 5, -53);            /* DR + u = 5 u */
    mag_set_ui_2exp_si(y, 1, -104);           /* >= DR u */
    mag_add(x, x, y);
    mag_add_ui(y, gp, 1);
    mag_mul(y, y, x);
    mag_add(gp, gp, y);
}

/* eps <- (1 + 2DZ) eps + 2DZ + 3u (1 + eps)(1 + 2DZ) + TINY */
static void step_eps(mag_t eps, mag_t x, mag_t y, const mag_t dz2,
                     const mag_t u, const mag_t tiny)
{
    mag_add_ui(x, dz2, 1);
    mag_add_ui(y, eps, 1);
    mag_mul(y, y, x);
    mag_mul(y, y, u);
    mag_mul_ui(y, y, 3);
    mag_mul(eps, eps, x);
    mag_add(eps, eps, dz2);
    mag_add(eps, eps, y);
    mag_add(eps, eps, tiny);
}

#define MAGD(m) _hkz_su2_grid_mag_get_d(m)   /* upper bound, double */

int _hkz_su2_sub_basis_init(_hkz_su2_sub_basis_t *S, slong K,
                            const slong *Mk, size_t nmodes)
{
    mag_t eps, gp, x, y, dz2, u, tiny, epsb, gpb;
    size_t mode = 0, nk = (size_t) K + 1;
    slong k, m;

    S->K = K;
    /* block length of the two-level chains: ~sqrt(K + 1), >= 4 */
    S->nblk = FLINT_MAX(4, (slong) sqrt((double) (K + 1)));
    S->Mk = Mk;
    S->nmodes = nmodes;
    S->A = malloc((6 * nmodes + 3 * nk) * sizeof(double));
    HKZ_CHECK(S->A != NULL, HKZ_ERR_NOMEM, "hkz_su2_heat_sub_grid: out of "
              "memory (%zu modes)", nmodes);
    S->Bc = S->A + nmodes;
    S->Cc = S->Bc + nmodes;
    S->dA = S->Cc + nmodes;
    S->dB = S->dA + nmodes;
    S->dC = S->dB + nmodes;
    S->fe = S->dC + nmodes;
    S->gq = S->fe + nk;
    S->dh = S->gq + nk;
    mag_init(eps); mag_init(gp); mag_init(x); mag_init(y); mag_init(dz2);
    mag_init(u); mag_init(tiny); mag_init(epsb); mag_init(gpb);
    mag_set_ui_2exp_si(dz2, 1, -51);           /* 2 DZ */
    mag_set_ui_2exp_si(u, 1, -53);
    mag_set_ui_2exp_si(tiny, 1, -900);
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;

        /* fe_k = 2 eps_k (0 for k = 0: f_0 = 1 exactly) */
        mag_mul_2exp_si(x, eps, 1);
        S->fe[k] = k == 0 ? 0.0 : MAGD(x);
        /* gq_k = gp_k (1 + 2 gp_k) */
        mag_mul_2exp_si(x, gp, 1);
        mag_add_ui(x, x, 1);
        mag_mul(x, x, gp);
        S->gq[k] = MAGD(x);
        /* dh_k = kap (DY + u) + 2u (1 + kap) = (5 kap + 4) u */
        mag_mul_ui(x, u, 5 * (ku + 2) + 4);
        S->dh[k] = MAGD(x);
        for (m = 0; m <= Mk[k]; m++)
        {
            size_t i = mode + (size_t) m;
            ulong n = (ulong) m - 1, n2 = 2 * n + ku;
            ulong lam = 4 * n * (n + ku + 1) + 2 * ku;
            ulong D = 2 * (n + 1) * (n + ku + 1) * n2;

            S->A[i] = S->Bc[i] = S->Cc[i] = S->dA[i] = S->dB[i] = 0.0;
            S->dC[i] = 0.0;
            if (m < 2)
                continue;
            coef(S->A + i, S->dA + i, (n2 + 1) * lam, D);
            coef(S->Bc + i, S->dB + i, 2 * (n2 + 1) * n2 * (n2 + 2), D);
            coef(S->Cc + i, S->dC + i, 2 * n * (n + ku) * (n2 + 2), D);
        }
        mode += (size_t) Mk[k] + 1;
        /* the next k: a block start k + 1 = nb a takes the block chain */
        if ((ku + 1) % (ulong) S->nblk == 0)
        {
            grow_gp(gpb, x, y);
            step_eps(epsb, x, y, dz2, u, tiny);
            mag_set(gp, gpb);
            mag_set(eps, epsb);
        }
        else
        {
            grow_gp(gp, x, y);
            step_eps(eps, x, y, dz2, u, tiny);
        }
    }
    mag_clear(eps); mag_clear(gp); mag_clear(x); mag_clear(y);
    mag_clear(dz2); mag_clear(u); mag_clear(tiny); mag_clear(epsb);
    mag_clear(gpb);
    return HKZ_SUCCESS;
}

void _hkz_su2_sub_basis_clear(_hkz_su2_sub_basis_t *S)
{
    free(S->A);
    S->A = S->Bc = S->Cc = S->dA = S->dB = S->dC = NULL;
    S->fe = S->gq = S->dh = NULL;
}

/* ---- per point -------------------------------------------------------- */

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

/* the inputs of the last r and z seen (the grids repeat them: points r
 * outer, z inner), keyed by their bits */
typedef struct
{
    double r, z, in[7];
    int have_r, have_z, ok_r, ok_z;
} inputs_memo;

/* in[0..6] = c~, y~, C~, cos z, sin z, cos nb z, sin nb z of a point
 * (clamped); 0 if a check fails */
static int point_inputs(double *in, double r, double z, slong nblk,
                        inputs_memo *M, arb_t a, arb_t s, arb_t co)
{
    double e[7];

    if (!M->have_r || memcmp(&M->r, &r, sizeof(double)) != 0)
    {
        arb_set_d(a, r);
        arb_sin_cos(s, co, a, IN_PREC);
        arb_sqr(s, s, IN_PREC);
        M->in[0] = clamp(_hkz_su2_grid_get_d(e + 0, co), 0.0, 1.0);
        M->in[1] = clamp(_hkz_su2_grid_get_d(e + 1, s), 0.0, 1.0);
        arb_pow_ui(co, co, (ulong) nblk, IN_PREC);
        M->in[2] = clamp(_hkz_su2_grid_get_d(e + 2, co), 0.0, 1.0);
        /* c^nblk below 2^-750: taken as 0 (then G_k < 2^-749 for k >=
         * nblk, inside TINY0) */
        if (M->in[2] + e[2] <= 0x1p-750)
            M->in[2] = e[2] = 0.0;
        M->ok_r = e[0] <= ldexp(M->in[0], -52) && e[1] <= D52
                  && e[2] <= ldexp(M->in[2], -52);
        M->r = r;
        M->have_r = 1;
    }
    if (!M->have_z || memcmp(&M->z, &z, sizeof(double)) != 0)
    {
        arb_set_d(a, z);
        arb_sin_cos(s, co, a, IN_PREC);
        M->in[3] = clamp(_hkz_su2_grid_get_d(e + 3, co), -1.0, 1.0);
        M->in[4] = clamp(_hkz_su2_grid_get_d(e + 4, s), -1.0, 1.0);
        arb_mul_si(a, a, nblk, IN_PREC);
        arb_sin_cos(s, co, a, IN_PREC);
        M->in[5] = clamp(_hkz_su2_grid_get_d(e + 5, co), -1.0, 1.0);
        M->in[6] = clamp(_hkz_su2_grid_get_d(e + 6, s), -1.0, 1.0);
        M->ok_z = e[3] <= D52 && e[4] <= D52 && e[5] <= D52 && e[6] <= D52;
        M->z = z;
        M->have_z = 1;
    }
    memcpy(in, M->in, sizeof(M->in));
    return M->ok_r && M->ok_z;
}

#define UP (1.0 + 0x1p-44)
#define U 0x1p-53
#define TINY 0x1p-900
#define TINY0 0x1p-700

/* B[i + mode ld] = f g for the nb points of a run (one r: g and its
 * bound e are the same for all of them), raising bmax[mode] and
 * berr[mode] (bound of the comment above; fe = |f~ - f|) */
static void emit(double *B, size_t ld, double *bmax, double *berr,
                 size_t mode, const double *f, double fe, double g, double e,
                 size_t nb)
{
    double *col = B + mode * ld, mx = bmax[mode], me = berr[mode];
    const double feg = fe * fabs(g);
    size_t q;
    for (q = 0; q < nb; q++)
    {
        double v = f[q] * g, b;
        b = (feg + (fabs(f[q]) + fe) * e + U * fabs(v)) * UP + TINY;
        col[q] = v;
        mx = FLINT_MAX(mx, fabs(v));
        me = FLINT_MAX(me, b);
    }
    bmax[mode] = mx;
    berr[mode] = me;
}

/* The points [ib, ib + nb) share one r (bits): its part g_{k,m}, e_m is
 * made once and multiplied by each point's f_k.  Every value is the one a
 * point alone would get (the same operations on the same inputs; no
 * contraction, CMakeLists.txt). */
static void run_rows(double *B, size_t ld, double *bmax, double *berr,
                     const _hkz_su2_sub_basis_t *S, const double *in,
                     size_t nb, const double *cz, const double *sz,
                     const double *czb, const double *szb, double *z4)
{
    const double c = in[0], y = in[1], cb = in[2];
    double *cr = z4, *sr = cr + nb, *crb = sr + nb, *srb = crb + nb;
    double *f = srb + nb, G = 1.0, Gb = 1.0;
    size_t mode = 0, q;
    slong k, m;

    for (q = 0; q < nb; q++)
        cr[q] = crb[q] = 1.0, sr[q] = srb[q] = 0.0;
    for (k = 0; k <= S->K; k++)
    {
        const double kap = (double) (k + 2), fe = S->fe[k], dh = S->dh[k];
        double g0 = G, g1 = 0.0, e0, e1 = 0.0;

        for (q = 0; q < nb; q++)
            f[q] = k == 0 ? 1.0 : 2.0 * cr[q];
        e0 = S->gq[k] * fabs(G) * UP + TINY0;
        emit(B, ld, bmax, berr, mode, f, fe, g0, e0, nb);
        if (S->Mk[k] >= 1)
        {
            double h = 1.0 - kap * y;
            g1 = G * h;
            e1 = (e0 * fabs(h) + (fabs(G) + e0) * dh + U * fabs(g1)) * UP
                 + TINY;
            emit(B, ld, bmax, berr, mode + 1, f, fe, g1, e1, nb);
        }
        for (m = 2; m <= S->Mk[k]; m++)
        {
            size_t i = mode + (size_t) m;
            const double A = S->A[i], Bc = S->Bc[i], Cc = S->Cc[i];
            const double dA = S->dA[i], dB = S->dB[i], dC = S->dC[i];
            const double aB = fabs(Bc) + dB, aC = fabs(Cc);
            double sv = Bc * y, tau = A - sv, dtau, p1, p0, g2, e2;

            p1 = tau * g1;
            p0 = Cc * g0;
            g2 = p1 - p0;
            dtau = dA + dB * y + U * fabs(sv) + aB * 0x1p-52 + U * fabs(tau);
            e2 = (fabs(tau) * e1 + aC * e0 + dtau * (fabs(g1) + e1)
                  + dC * (fabs(g0) + e0)
                  + U * (fabs(p1) + fabs(p0) + fabs(g2))) * UP + TINY;
            emit(B, ld, bmax, berr, i, f, fe, g2, e2, nb);
            g0 = g1; g1 = g2; e0 = e1; e1 = e2;
        }
        mode += (size_t) S->Mk[k] + 1;
        if ((k + 1) % S->nblk == 0)
        {
            for (q = 0; q < nb; q++)
            {
                double cn = crb[q] * czb[q] - srb[q] * szb[q];
                srb[q] = srb[q] * czb[q] + crb[q] * szb[q];
                crb[q] = cn;
                cr[q] = crb[q]; sr[q] = srb[q];
            }
            Gb *= cb;
            G = Gb;
        }
        else
        {
            for (q = 0; q < nb; q++)
            {
                double cn = cr[q] * cz[q] - sr[q] * sz[q];
                sr[q] = sr[q] * cz[q] + cr[q] * sz[q];
                cr[q] = cn;
            }
            G *= c;
        }
    }
}

void _hkz_su2_sub_basis_rows(double *B, size_t ld, double *bmax,
        double *berr, size_t i0, size_t i1, const void *vctx)
{
    const _hkz_su2_sub_rows_ctx *X = vctx;
    const _hkz_su2_sub_basis_t *S = X->S;
    double in[7] = {1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0};
    double cz[PB], sz[PB], czb[PB], szb[PB], z4[5 * PB];
    size_t ib, ie, q, mode;
    int ok = 1;
    arb_t a, s, co;
    inputs_memo memo;

    memo.have_r = memo.have_z = 0;
    arb_init(a); arb_init(s); arb_init(co);
    /* runs of at most PB points of one r (the grids' order: r outer) */
    for (ib = i0; ib < i1; ib = ie)
    {
        for (ie = ib + 1; ie < i1 && ie - ib < PB
             && memcmp(X->r + ie, X->r + ib, sizeof(double)) == 0; ie++)
            ;
        for (q = 0; q < ie - ib; q++)
        {
            ok &= point_inputs(in, X->r[ib + q], X->z[ib + q], S->nblk,
                               &memo, a, s, co);
            cz[q] = in[3]; sz[q] = in[4]; czb[q] = in[5]; szb[q] = in[6];
        }
        run_rows(B + ib, ld, bmax, berr, S, in, ie - ib, cz, sz, czb, szb,
                 z4);
    }
    for (mode = 0; !ok && mode < S->nmodes; mode++)
        berr[mode] = INFINITY;
    arb_clear(a); arb_clear(s); arb_clear(co);
}
