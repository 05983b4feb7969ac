/* Verifiers on a tracked range: the Curie-Weiss theorem (spec 2.6), the
 * disjointness of the trajectories. */
#include "track_internal.h"

int hkz_ly_track_all_decreasing(const hkz_ly_track_t tr)
{
    slong i, k;
    /* every step of every zero certified with d theta/dt < 0 on its box,
     * the steps covering [t0, t1] without gaps */
    if (!hkz_ly_track_finished(tr))
        return 0;
    for (i = 0; i < tr->j1 - tr->j0; i++)
    {
        if (tr->nsteps[i] == 0)
            return 0;
        for (k = 0; k < tr->nsteps[i]; k++)
            if (tr->steps[i][k].dir != -1)
                return 0;
    }
    return 1;
}

/* theta-range of the boxes of zero i (balls compared exactly: midpoints
 * as doubles are not enough) */
static void range(arb_t x, const hkz_ly_track_struct *tr, slong i)
{
    slong k;
    arb_indeterminate(x);
    for (k = 0; k < tr->nsteps[i]; k++)
    {
        if (k == 0)
            arb_set(x, &tr->steps[i][k].box);
        else
            arb_union(x, x, &tr->steps[i][k].box, 64);
    }
}

int hkz_ly_track_disjoint(const hkz_ly_track_t tr)
{
    slong i;
    int disj = hkz_ly_track_finished(tr);
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    for (i = 0; i + 1 < tr->j1 - tr->j0 && disj; i++)
    {
        range(a, tr, i);
        range(b, tr, i + 1);
        disj = arb_lt(a, b);
    }
    arb_clear(a);
    arb_clear(b);
    return disj;
}
