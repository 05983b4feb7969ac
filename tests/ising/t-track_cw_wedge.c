/* The wedge steps of the Curie-Weiss saddle-line tracker
 * (ising/track/track_cw_wedge.c) against zeros certified independently:
 * at random t in [t0, t1] every zero theta_j(t) of hkz_ly_cw_zeros (its
 * own certificate: sign changes and the Lee-Yang count) lies in the box
 * of the step of zero j that covers t; some steps move a zero farther
 * than half the spacing of the zeros (the point of the wedges: an
 * axis-aligned box cannot), every step certifies the decrease, and theta_j(t1) agrees
 * with the independent list at t1. */
#include "ising_test.h"

/* the step of zero j with ta <= t <= tb (t exact), NULL if none */
static const hkz_ly_step_struct *covering(const hkz_ly_track_t tr, slong j,
                                          const arb_t t)
{
    slong k;
    for (k = 0; k < hkz_ly_track_nsteps(tr, j); k++)
    {
        const hkz_ly_step_struct *s = hkz_ly_track_step(tr, j, k);
        if (arb_le(&s->ta, t) && arb_le(t, &s->tb))
            return s;
    }
    return NULL;
}

int main(void)
{
    static const slong Ns[2] = {60, 101};
    flint_rand_t st;
    hkz_ly_opts_t o;
    arb_t t0, t1, t, u;
    slong i, j, it, far;

    hkz_test_rand_init(st);
    arb_init(t0);
    arb_init(t1);
    arb_init(t);
    arb_init(u);
    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 53;
    o.nthreads = 2;
    for (i = 0; i < 2; i++)
    {
        slong N = Ns[i];
        hkz_ly_track_t tr = NULL;
        hkz_ly_zeros_t z;
        /* beta = N t in [0.1, 0.9] */
        arb_set_ui(t0, 1);
        arb_div_si(t0, t0, 10 * N, 64);
        arb_set_arf(t0, arb_midref(t0));
        arb_mul_ui(t1, t0, 9, 64);
        HKZ_TEST_OK(hkz_ly_track_create(&tr, N, hkz_ly_cw_family_integral,
                                        &N, "cw wedge test", t0, t1, 0,
                                        N / 2, &o));
        HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
        HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
        HKZ_TEST_CHECK(hkz_ly_track_finished(tr), "N=%ld: not finished",
                       (long) N);
        HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "N=%ld: steps "
                       "without the certified decrease", (long) N);
        for (it = 0; it < hkz_test_iters(4) + 1; it++)
        {
            /* t = t0 + (t1 - t0) r, r in [0, 1] dyadic; the last at t1 */
            arb_sub(u, t1, t0, 128);
            arb_mul_ui(u, u, it == 0 ? 1024 : n_randint(st, 1025), 128);
            arb_mul_2exp_si(u, u, -10);
            arb_add(t, t0, u, 128);
            arb_set_arf(t, arb_midref(t));
            hkz_ly_zeros_init(z, N);
            HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, t, &o));
            HKZ_TEST_CHECK(z->complete, "N=%ld: zeros list not complete",
                           (long) N);
            for (j = 0; j < N / 2; j++)
            {
                const hkz_ly_step_struct *s = covering(tr, j, t);
                HKZ_TEST_CHECK(s != NULL, "N=%ld zero %ld: t not covered",
                               (long) N, (long) j + 1);
                HKZ_TEST_CHECK(arb_contains(&s->box, z->theta + j),
                               "N=%ld zero %ld: the independent zero is "
                               "outside the step's box", (long) N,
                               (long) j + 1);
                if (it == 0)
                    HKZ_TEST_OVERLAP(&hkz_ly_track_step(tr, j,
                                     hkz_ly_track_nsteps(tr, j) - 1)->theta_b,
                                     z->theta + j, "theta_j(t1)");
            }
            hkz_ly_zeros_clear(z);
        }
        /* steps of zero N/8 whose motion exceeds half the spacing
         * theta_{j+1}(tb) - theta_j(tb) (the axis-aligned boxes needed
         * K_theta != 0 on [theta_j(tb), theta_j(ta)], i.e. less) */
        far = 0;
        j = N / 8;
        for (it = 1; it < hkz_ly_track_nsteps(tr, j); it++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(tr, j, it),
                *p = hkz_ly_track_step(tr, j, it - 1);
            hkz_ly_zeros_init(z, N);
            HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, &s->tb, &o));
            arb_sub(u, &p->theta_b, &s->theta_b, 64);
            arb_sub(t, z->theta + j + 1, z->theta + j, 64);
            arb_mul_2exp_si(t, t, -1);
            far += arb_gt(u, t);
            hkz_ly_zeros_clear(z);
        }
        HKZ_TEST_CHECK(far > 0, "N=%ld: no step of zero %ld moved it "
                       "farther than half the spacing", (long) N, (long) j + 1);
        hkz_ly_track_destroy(&tr);
    }
    arb_clear(t0);
    arb_clear(t1);
    arb_clear(t);
    arb_clear(u);
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.track_cw_wedge");
}
