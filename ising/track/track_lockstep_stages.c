/* The stages of a lockstep step (track_lockstep_cert.c has the method and
 * the proof), each over a range of zeros k for hkz_parallel_for: the
 * polynomials, a sample's sines and pair sums, the ellipse bounds, the
 * defects' sups, the boxes and directions. */
#include <math.h>
#include <arb_poly.h>
#include "track_lockstep.h"

#define PREC HKZ_LLS_PREC
#define NPIECE 16
#define L (HKZ_LLS_P + 1)

void _hkz_lls_build_polys(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    size_t k;
    for (k = k0; k < k1; k++)
        _hkz_lls_mono(J->Y + k, J->c + k * L);
}

static double clamp1(double x)
{
    return x > 1 ? 1 : x < -1 ? -1 : x;
}

void _hkz_lls_eval_sample(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    size_t k;
    arb_t s, c;
    mag_t r;
    arb_init(s);
    arb_init(c);
    mag_init(r);
    for (k = k0; k < k1; k++)
    {
        arb_poly_evaluate2(J->yv + k, J->dyv + k, J->Y + k, J->tau, PREC);
        arb_sin_cos(s, c, J->yv + k, PREC);
        /* |S - sin y| <= rad + |mid - S| <= rad + 2^-53 (clamping to
         * [-1, 1] only moves S towards sin y) */
        J->S[k] = clamp1(arf_get_d(arb_midref(s), ARF_RND_NEAR));
        J->C[k] = clamp1(arf_get_d(arb_midref(c), ARF_RND_NEAR));
        mag_max(J->rin + k, arb_radref(s), arb_radref(c));
    }
    arb_clear(s);
    arb_clear(c);
    mag_clear(r);
}

void _hkz_lls_pair_sums_stage(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    _hkz_lls_pair_sums(J->fs, J->fb, J->S, J->C, J->n, J->odd, J->din,
                       (slong) k0, (slong) k1);
}

void _hkz_lls_pair_bounds_stage(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    _hkz_lls_pair_bounds(J->cs, J->ss, J->g1, J->c, J->n, J->odd, J->wr,
                         J->wi, (slong) k0, (slong) k1);
}

/* M[k] >= |d_k| on E_rho: sum |c'_i| wr_i + h cs[k], c' the Chebyshev
 * coefficients of y_k' (c'_{i-1} = c'_{i+1} + 2 i c_i, c'_0 halved) */
void _hkz_lls_ellipse_m(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    size_t k;
    slong i;
    arb_t a, b, t;
    mag_t m, w;
    arb_init(a);
    arb_init(b);
    arb_init(t);
    mag_init(m);
    mag_init(w);
    for (k = k0; k < k1; k++)
    {
        const double *ck = J->c + k * L;
        arb_zero(a);            /* c'_{i+1} */
        arb_zero(b);            /* c'_{i+2} */
        mag_zero(J->M + k);
        for (i = HKZ_LLS_P; i >= 1; i--)
        {
            /* t = c'_{i-1} = c'_{i+1} + 2 i c_i */
            arb_set_d(t, ck[i]);
            arb_mul_si(t, t, 2 * i, PREC);
            arb_add(t, t, a, PREC);
            if (i == 1)
                arb_mul_2exp_si(t, t, -1);
            arb_get_mag(m, t);
            mag_set_d(w, J->wr[i - 1]);
            mag_mul(m, m, w);
            mag_add(J->M + k, J->M + k, m);
            arb_swap(a, b);     /* a = c'_i */
            arb_swap(b, t);     /* b = c'_{i-1} */
        }
        arb_get_mag(m, J->h);
        mag_set_d(w, J->cs[k]);
        mag_mul(m, m, w);
        mag_add(J->M + k, J->M + k, m);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(t);
    mag_clear(m);
    mag_clear(w);
}

/* sup[k] >= sup |d_k| on [-1, 1]: the interpolant p of d_k at the ns + 1
 * points is at most Lambda max_i |d_k(tau_i)| (Lambda >= J->lam, its
 * Lebesgue constant), and |d_k - p| <= M_k J->ierr (track_lockstep_cert.c) */
void _hkz_lls_sup_defect(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    slong i;
    size_t k;
    mag_t m;
    mag_init(m);
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    for (k = k0; k < k1; k++)
    {
        mag_zero(J->sup + k);
        for (i = 0; i <= J->ns; i++)
        {
            arb_get_mag(m, J->D + i * J->n + k);
            mag_max(J->sup + k, J->sup + k, m);
        }
        mag_mul(J->sup + k, J->sup + k, J->lam);
        mag_mul(m, J->M + k, J->ierr);
        mag_add(J->sup + k, J->sup + k, m);
    }
    mag_clear(m);
}

/* box[k]: the hull of y_k on NPIECE pieces, widened by eps; dir[k]: the
 * sign of y_k' where |y_k'| > sup |d_k| + h 2 eps pi^2 ss[k] on every
 * piece; bad[k] = 1 if theta_k(tb) misses y_k(1) +- eps (never, if the
 * certificate is right: a safety net) */
void _hkz_lls_boxes(size_t k0, size_t k1, void *arg)
{
    _hkz_lls_job_t *J = arg;
    k0 += (size_t) J->koff;
    k1 += (size_t) J->koff;
    size_t k;
    slong s;
    arb_t tc, y, dy, hull;
    mag_t del, B, m;
    arb_init(tc);
    arb_init(y);
    arb_init(dy);
    arb_init(hull);
    mag_init(del);
    mag_init(B);
    mag_init(m);
    mag_set_ui_2exp_si(del, 1, -4);     /* 1/NPIECE */
    for (k = k0; k < k1; k++)
    {
        int sg = 2;
        /* B = sup |d_k| + h 2 eps pi^2 ss[k] (pi^2 < 9.87) */
        arb_get_mag(B, J->h);
        mag_mul(B, B, J->eps);
        mag_set_d(m, 2 * 9.87 * J->ss[k]);
        mag_mul(B, B, m);
        mag_add(B, B, J->sup + k);
        for (s = 0; s < NPIECE; s++)
        {
            int ps;
            arb_set_si(tc, 2 * s + 1 - NPIECE);
            arb_div_si(tc, tc, NPIECE, PREC);
            _hkz_lls_range(y, dy, J->Y + k, tc, del);
            if (s == 0)
                arb_set(hull, y);
            else
                arb_union(hull, hull, y, PREC);
            /* the sign of theta_k' on this piece */
            arb_get_mag_lower(m, dy);
            ps = mag_cmp(m, B) > 0 ? (arb_is_positive(dy) ? 1 : -1) : 0;
            sg = sg == 2 ? ps : (sg == ps ? sg : 0);
        }
        arb_set(J->box + k, hull);
        arb_add_error_mag(J->box + k, J->eps);
        J->dir[k] = sg == 2 ? 0 : sg;
        /* y_k(1) +- eps holds theta_k(tb) */
        arb_one(tc);
        arb_poly_evaluate(y, J->Y + k, tc, PREC);
        arb_add_error_mag(y, J->eps);
        J->bad[k] = !arb_overlaps(y, J->thb + k);
    }
    arb_clear(tc);
    arb_clear(y);
    arb_clear(dy);
    arb_clear(hull);
    mag_clear(del);
    mag_clear(B);
    mag_clear(m);
}

/* weights (rho^i +- rho^-i)/2 rounded up, i = 0..P */
void _hkz_lls_weights(double *wr, double *wi, double rho)
{
    arb_t a, b, x;
    slong i;
    arb_init(a);
    arb_init(b);
    arb_init(x);
    for (i = 0; i <= HKZ_LLS_P; i++)
    {
        arb_set_d(a, rho);
        arb_pow_ui(a, a, (ulong) i, PREC);
        arb_inv(b, a, PREC);
        arb_add(x, a, b, PREC);
        arb_mul_2exp_si(x, x, -1);
        wr[i] = arf_get_d(arb_midref(x), ARF_RND_UP) +
                mag_get_d(arb_radref(x));
        arb_sub(x, a, b, PREC);
        arb_mul_2exp_si(x, x, -1);
        wi[i] = arf_get_d(arb_midref(x), ARF_RND_UP) +
                mag_get_d(arb_radref(x));
        /* the sum above rounds once: one more ulp up */
        wr[i] = nextafter(wr[i], INFINITY);
        wi[i] = nextafter(wi[i], INFINITY);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(x);
}

