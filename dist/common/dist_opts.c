/* Options of the engine over ranks and the local checks shared by the MPI
 * and the serial hkz_dist_engine_run. */
#include <limits.h>
#include "dist_common.h"

void hkz_dist_opts_init(hkz_dist_opts_t *o)
{
    o->out_mode = HKZ_DIST_OUT_REPLICATED;
    o->reduce = HKZ_DIST_REDUCE_FIXED;
    o->overlap = 1;
    o->nchunks = 0;
    o->flop_rate = 0.0;
    o->bandwidth = 0.0;
}

int _hkz_dist_run_check(hkz_engine_t e, double *out,
                        const hkz_engine_problem_t *pb,
                        const hkz_dist_opts_t *o,
                        const hkz_dist_plan_t *plan, int nranks,
                        const char *fn)
{
    int status;
    if (e == NULL || out == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: NULL engine or output", fn);
    status = hkz_engine_problem_check(pb);
    if (status != HKZ_SUCCESS)
        return status;
    if (o->out_mode < 0 || o->out_mode > 1 || o->reduce < 0 ||
        o->reduce > 1)
        return hkz_error_set(HKZ_ERR_ARG, "%s: bad out_mode / reduce", fn);
    if (nranks > 1 && pb->P * pb->T > INT_MAX)
        return hkz_error_set(HKZ_ERR_ARG, "%s: P T = %zu exceeds the MPI "
                             "count limit", fn, pb->P * pb->T);
    if (plan != NULL &&
        (plan->nranks != nranks || plan->nchunks < 1 ||
         (plan->shard != HKZ_SHARD_SPLIT_P &&
          plan->shard != HKZ_SHARD_SPLIT_K)))
        return hkz_error_set(HKZ_ERR_ARG, "%s: the plan is not for this "
                             "communicator", fn);
    return HKZ_SUCCESS;
}
