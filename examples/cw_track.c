/* Certified trajectories of the Curie-Weiss zeros theta_j(t) of K_6 for t
 * in [1/16, 1/4], and the verdict of spec 2.6: every zero strictly
 * decreases.
 *
 * The tracker covers [t0, t1] by steps; on each step a box provably holds
 * exactly one zero for every t of the step, and the sign of dtheta/dt is
 * certified on the whole box.  t0, t1 are used exactly (their midpoints),
 * so dyadic values keep the statement about the numbers written here. */
#include <stdio.h>
#include <hkz/hkz.h>

int main(void)
{
    slong N = 6, j;
    hkz_ly_track_t tr = NULL;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    int st;

    arb_init(t0);
    arb_init(t1);
    arb_set_d(t0, 0.0625);
    arb_set_d(t1, 0.25);
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 10);          /* enclosures of theta_j(t1) */
    /* the family t -> F_N(t, .) (param: N); "cw N=6" names it in
     * checkpoints.  Zeros j = 0 .. N/2 - 1, all of them */
    st = hkz_ly_track_create(&tr, N, hkz_ly_cw_family, &N, "cw N=6", t0, t1,
                             0, N / 2, &o);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_start(tr, &o);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_track_run(tr, 0, &o);    /* 0: until t1 */
    if (st != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s\n", hkz_status_name(st), hkz_errmsg());
        hkz_ly_track_destroy(&tr);
        return 1;
    }
    for (j = 0; j < N / 2; j++)
    {
        slong k = hkz_ly_track_nsteps(tr, j);
        printf("theta_%ld(1/4) = ", (long) (j + 1));
        arb_printn(&hkz_ly_track_step(tr, j, k - 1)->theta_b, 10, 0);
        printf("\n");
    }
    printf("all decreasing on [1/16, 1/4]: %s\n",
           hkz_ly_track_all_decreasing(tr) ? "yes (certified)" : "not shown");
    hkz_ly_track_destroy(&tr);
    arb_clear(t0);
    arb_clear(t1);
    flint_cleanup();
    return 0;
}
