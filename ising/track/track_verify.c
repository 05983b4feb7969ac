/* Verifier of the Curie-Weiss theorem (spec 2.6) on a tracked range. */
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
