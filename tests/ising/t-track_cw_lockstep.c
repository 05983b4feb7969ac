/* Curie-Weiss trajectories in lockstep (hkz_ly_cw_family_lockstep,
 * ising/track/track_lockstep_*.c) against independent certified zeros:
 * at random t inside random steps the zero theta_j(t) of hkz_ly_cw_zeros
 * lies in the step's box; theta_j(t1) overlaps the saddle-line tracker's;
 * every step certifies the decrease (spec 2.6); a decade of t takes a few
 * steps whatever N (the point of the method); the same steps with 1 and 2
 * threads and when the run is cut into rounds of one step (as a resumed
 * run); N odd (the fixed zero pi/2) and even; the range up to the
 * critical coupling N t = 1, and across N t = 2, where the tracker goes on
 * with the cosine-sum steps zero by zero. */
#include "ising_test.h"

static hkz_ly_track_t make(slong *N, hkz_ly_family_fn fn, const arb_t t0,
                           const arb_t t1, const hkz_ly_opts_t *o,
                           slong max_steps)
{
    hkz_ly_track_t tr = NULL;
    HKZ_TEST_OK(hkz_ly_track_create(&tr, *N, fn, N, "cw test", t0, t1, 0,
                                    *N / 2, o));
    HKZ_TEST_OK(hkz_ly_track_start(tr, o));
    if (max_steps > 0)
        while (!hkz_ly_track_finished(tr))
            HKZ_TEST_OK(hkz_ly_track_run(tr, max_steps, o));
    else
        HKZ_TEST_OK(hkz_ly_track_run(tr, 0, o));
    return tr;
}

/* theta_j(t) of the certified list at random t of random steps is inside
 * the box */
static void recheck(const hkz_ly_track_t tr, slong N, flint_rand_t st,
                    const hkz_ly_opts_t *o, slong count)
{
    slong it, j, k;
    arb_t t, u;
    arb_init(t);
    arb_init(u);
    for (it = 0; it < count; it++)
    {
        const hkz_ly_step_struct *s;
        hkz_ly_zeros_t z;
        j = n_randint(st, N / 2);
        k = n_randint(st, hkz_ly_track_nsteps(tr, j));
        s = hkz_ly_track_step(tr, j, k);
        arb_sub(u, &s->tb, &s->ta, 128);
        arb_mul_ui(u, u, n_randint(st, 1025), 128);
        arb_mul_2exp_si(u, u, -10);
        arb_add(t, &s->ta, u, 128);
        arb_set_arf(t, arb_midref(t));
        hkz_ly_zeros_init(z, N);
        HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, t, o));
        HKZ_TEST_CHECK(arb_contains(&s->box, z->theta + j), "N=%ld zero %ld "
                       "step %ld: theta_j(t) outside the box at a random t",
                       (long) N, (long) j + 1, (long) k);
        hkz_ly_zeros_clear(z);
    }
    arb_clear(t);
    arb_clear(u);
}

int main(void)
{
    /* beta = N t from b0 to b1 */
    static const slong Ns[4] = {64, 65, 120, 41};
    static const double b0[4] = {0.1, 0.1, 0.5, 1.0}, b1[4] = {1.0, 1.0,
                                                              1.0, 3.0};
    flint_rand_t st;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    slong i, j, N;

    hkz_test_rand_init(st);
    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    for (i = 0; i < 4; i++)
    {
        hkz_ly_track_t a, b, c;
        N = Ns[i];
        o.goal.rel_bits = 80;
        o.nthreads = 2;
        arb_set_d(t0, b0[i]);
        arb_div_si(t0, t0, N, 64);
        arb_set_d(t1, b1[i]);
        arb_div_si(t1, t1, N, 64);
        arb_set_arf(t0, arb_midref(t0));
        arb_set_arf(t1, arb_midref(t1));
        a = make(&N, hkz_ly_cw_family_lockstep, t0, t1, &o, 0);
        HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(a), "N=%ld: the "
                       "decrease is not certified on every step", (long) N);
        /* a few steps per unit of ln t: log(10)/log(2) = 3.3 doublings
         * (lockstep runs up to N t = 2, the cosine-sum steps beyond) */
        for (j = 0; j < N / 2 && b1[i] <= 2; j++)
            HKZ_TEST_CHECK(hkz_ly_track_nsteps(a, j) <= 8, "N=%ld zero %ld: "
                           "%ld steps", (long) N, (long) j + 1,
                           (long) hkz_ly_track_nsteps(a, j));
        recheck(a, N, st, &o, 12);
        /* theta_j(t1) against the saddle-line tracker */
        b = make(&N, hkz_ly_cw_family_integral, t0, t1, &o, 0);
        for (j = 0; j < N / 2; j++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(a, j,
                    hkz_ly_track_nsteps(a, j) - 1);
            const hkz_ly_step_struct *r = hkz_ly_track_step(b, j,
                    hkz_ly_track_nsteps(b, j) - 1);
            HKZ_TEST_CHECK(arb_overlaps(&s->theta_b, &r->theta_b),
                           "N=%ld zero %ld: theta(t1) differs from the "
                           "saddle-line tracker", (long) N, (long) j + 1);
        }
        hkz_ly_track_destroy(&b);
        /* one thread, rounds of one step: the same steps */
        o.nthreads = 1;
        c = make(&N, hkz_ly_cw_family_lockstep, t0, t1, &o, 1);
        it_track_same(a, c, "threads 1, rounds of one step");
        hkz_ly_track_destroy(&c);
        hkz_ly_track_destroy(&a);
    }
    arb_clear(t0);
    arb_clear(t1);
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.track_cw_lockstep");
}
