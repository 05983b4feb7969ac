/* The engine over one rank (built without MPI): the plain engine, after
 * the checks of the MPI version. */
#include "dist_common.h"
#include "hkz_check.h"

int hkz_dist_engine_run(hkz_dist_t d, hkz_engine_t e, double *out,
                        double *err, const hkz_engine_problem_t *pb,
                        const hkz_dist_opts_t *opts,
                        const hkz_dist_plan_t *plan)
{
    hkz_dist_opts_t o;
    if (opts != NULL)
        o = *opts;
    else
        hkz_dist_opts_init(&o);
    HKZ_TRY(_hkz_dist_run_check(e, out, pb, &o, plan, 1,
                                "hkz_dist_engine_run"));
    return hkz_engine_run(e, out, err, pb);
}
