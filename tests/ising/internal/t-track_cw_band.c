/* The direction of a wedge step on the zero's band (ising/track/
 * track_cw_wedge_cert.c, compiled into this test): next to pi/2 the sign
 * of K_t is open on the whole wedge of the last zero (K_t changes sign
 * inside it), and certified on a band of D that holds the zero.  The zero
 * theta_j(t) comes from hkz_ly_cw_zeros (its own certificate) at both
 * ends of the step.  A band that holds the path certifies the step with
 * the decrease; a band beside the path (inside the wedge, the same sign of
 * K_t on it) must not certify: the signs of G at its edges are what puts
 * the zero in the band, and without them this case fails. */
#include "hkz_test.h"
#include "track_cw_internal.h"

/* the test's sub-box search: the whole box, then 2 x 2 */
int _hkz_ly_track_subbox_sign_m(int (*sign)(void *ctx, slong a, slong b,
                                            slong m), void *ctx, slong mmax)
{
    int s = sign(ctx, 0, 0, 1), q[4], k;
    if (s != 0 || mmax < 2)
        return s;
    for (k = 0; k < 4; k++)
        q[k] = sign(ctx, k / 2, k % 2, 2);
    for (k = 1; k < 4; k++)
        if (q[k] != q[0])
            return 0;
    return q[0];
}

/* D = (c - theta)/t - b/tref at the exact t, theta (balls) */
static void phase(arb_t D, const _hkz_lyt_box_t *B, const arb_t th,
                  const arb_t t)
{
    arb_t x;
    arb_init(x);
    arb_sub(D, B->cc, th, B->c.wp);
    arb_div(D, D, t, B->c.wp);
    arb_div(x, B->bb, B->tref, B->c.wp);
    arb_sub(D, D, x, B->c.wp);
    arb_clear(x);
}

int main(void)
{
    static const slong Ns[3] = {400, 1000, 2000};
    static const double betas[3] = {0.1, 0.2, 0.4};
    hkz_ly_opts_t o;
    slong i, k, prec = 128, open = 0;

    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 80;
    for (i = 0; i < 3; i++)
    {
        slong N = Ns[i], j = N / 2 - 1;
        _hkz_lyt_box_t B;
        hkz_ly_zeros_t z;
        arb_struct t[2], th[2], D[2];
        arf_t ta, tb, lo, hi, th0, m, Dlo, Dhi, Wlo, Whi;
        arf_struct band[2];
        arb_t x;
        int dir, r;

        _hkz_lyt_box_init(&B);
        arf_init(ta);
        arf_init(tb);
        arf_init(lo);
        arf_init(hi);
        arf_init(th0);
        arf_init(m);
        arf_init(Dlo);
        arf_init(Dhi);
        arf_init(Wlo);
        arf_init(Whi);
        arf_init(band + 0);
        arf_init(band + 1);
        arb_init(x);
        /* a step of t/512 from beta */
        arf_set_d(ta, betas[i] / N);
        arf_set_round(ta, ta, 24, ARF_RND_NEAR);
        arf_mul_2exp_si(tb, ta, -9);
        arf_add(tb, tb, ta, ARF_PREC_EXACT, ARF_RND_DOWN);
        for (k = 0; k < 2; k++)
        {
            arb_init(t + k);
            arb_init(th + k);
            arb_init(D + k);
            arb_set_arf(t + k, k == 0 ? ta : tb);
            hkz_ly_zeros_init(z, N);
            HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, t + k, &o));
            HKZ_TEST_CHECK(z->complete, "N=%ld: zeros not complete",
                           (long) N);
            arb_set(th + k, z->theta + j);
            hkz_ly_zeros_clear(z);
        }
        /* the region: the zero +- 2/3 of its distance to pi/2 */
        arb_const_pi(x, prec);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(x, x, th + 0, prec);
        arf_set_mag(m, arb_radref(x));
        arf_add(m, m, arb_midref(x), 53, ARF_RND_UP);
        arf_div_ui(m, m, 3, 53, ARF_RND_DOWN);
        arf_mul_2exp_si(lo, m, 1);
        arf_sub(lo, arb_midref(th + 1), lo, 53, ARF_RND_DOWN);
        arf_mul_2exp_si(hi, m, 1);
        arf_add(hi, arb_midref(th + 0), hi, 53, ARF_RND_UP);
        arf_set_round(th0, arb_midref(th + 0), 53, ARF_RND_NEAR);
        HKZ_TEST_CHECK(_hkz_lyt_line_build(&B, N, ta, tb, lo, hi, th0, prec)
                       == 0, "N=%ld: no line", (long) N);
        B.pw = FLINT_MIN(B.c.wp, 64);
        /* the path P = the D-hull of the zero at ta and tb (its D is
         * nearly stationary: the drift over t/512 is far below m/32), the
         * wedge P +- m/tb */
        for (k = 0; k < 2; k++)
            phase(D + k, &B, th + k, t + k);
        arb_union(x, D + 0, D + 1, prec);
        arb_get_lbound_arf(Dlo, x, prec);
        arb_get_ubound_arf(Dhi, x, prec);
        arf_div(m, m, tb, 53, ARF_RND_DOWN);
        arf_sub(band + 0, Dlo, m, 53, ARF_RND_DOWN);
        arf_add(band + 1, Dhi, m, 53, ARF_RND_UP);
        /* the whole wedge: edges and K_theta certified, the direction
         * (here) open */
        dir = 0;
        r = _hkz_lyt_wedge_pieces(&B, ta, tb, lo, hi, band + 0, band + 1,
                                  NULL, 0, 0.0, &dir);
        HKZ_TEST_CHECK(r != 0, "N=%ld: the wedge's edges or K_theta not "
                       "certified", (long) N);
        open += r == -1;
        /* the band P +- m/(32 tb): certified, decreasing */
        arf_mul_2exp_si(m, m, -5);
        arf_sub(Wlo, Dlo, m, 53, ARF_RND_DOWN);
        arf_add(Whi, Dhi, m, 53, ARF_RND_UP);
        arf_mul_2exp_si(m, m, 5);
        arf_swap(Wlo, band + 0);
        arf_swap(Whi, band + 1);
        dir = 0;
        r = _hkz_lyt_wedge_pieces(&B, ta, tb, lo, hi, Wlo, Whi, band, 0,
                                  0.0, &dir);
        HKZ_TEST_CHECK(r == 1 && dir == -1, "N=%ld: the band of the zero "
                       "did not certify the decrease (%d, %d)", (long) N, r,
                       dir);
        /* a band beside the path, inside the wedge: [P_hi + m/(4 tb),
         * P_hi + m/(2 tb)] holds no zero */
        arf_mul_2exp_si(m, m, -2);
        arf_add(band + 0, Dhi, m, 53, ARF_RND_UP);
        arf_mul_2exp_si(m, m, 1);
        arf_add(band + 1, Dhi, m, 53, ARF_RND_DOWN);
        dir = 0;
        r = _hkz_lyt_wedge_pieces(&B, ta, tb, lo, hi, Wlo, Whi, band, 0,
                                  0.0, &dir);
        HKZ_TEST_CHECK(r != 1 || open == 0, "N=%ld: a band without the "
                       "zero certified the direction", (long) N);
        _hkz_lyt_box_clear(&B);
        arf_clear(ta);
        arf_clear(tb);
        arf_clear(lo);
        arf_clear(hi);
        arf_clear(th0);
        arf_clear(m);
        arf_clear(Dlo);
        arf_clear(Dhi);
        arf_clear(Wlo);
        arf_clear(Whi);
        arf_clear(band + 0);
        arf_clear(band + 1);
        arb_clear(x);
        for (k = 0; k < 2; k++)
        {
            arb_clear(t + k);
            arb_clear(th + k);
            arb_clear(D + k);
        }
    }
    HKZ_TEST_CHECK(open > 0, "no wedge with only its direction open: the "
                   "band was not tested");
    HKZ_TEST_END("ising.track_cw_band");
}
