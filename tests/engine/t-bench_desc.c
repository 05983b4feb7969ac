/* hkz_bench_ssum's descriptions are never cut (issue 19.6): a hook's
 * reduction description of any length comes back whole (it was cut at 96
 * bytes), and the CPU run names the BLAS kernel it measures.  The GPU
 * steps are stand-ins that do nothing: no device is needed. */
#include <string.h>
#include "hkz_test.h"
#include "hkz/bench.h"

static char long_desc[400];

static int fake_create(void **state, char **desc,
                       const hkz_bench_ssum_task_t *t)
{
    (void) t;
    *state = long_desc;
    *desc = malloc(strlen(long_desc) + 1);
    if (*desc == NULL)
        return HKZ_ERR_NOMEM;
    strcpy(*desc, long_desc);
    return HKZ_SUCCESS;
}

static void fake_destroy(void *state)
{
    (void) state;
}

static int fake_step(void *state, int step)
{
    (void) state;
    (void) step;
    return HKZ_SUCCESS;
}

static const hkz_bench_ssum_hook_t fake = {
    "fake", fake_create, fake_destroy, fake_step, NULL};

int main(void)
{
    hkz_bench_ssum_opts_t o;
    hkz_bench_ssum_t r;
    size_t i;

    for (i = 0; i + 1 < sizeof(long_desc); i++)
        long_desc[i] = (char) ('a' + i % 26);
    long_desc[sizeof(long_desc) - 1] = '\0';

    hkz_bench_ssum_opts_init(&o);
    o.P = o.K = o.T = 64;
    o.reps = 1;
    o.warmup = 0;
    hkz_bench_ssum_init(&r);

    /* CPU: the BLAS kernel and the reduction are named */
    HKZ_TEST_OK(hkz_bench_ssum(&r, &o));
    HKZ_TEST_CHECK(r.reduction != NULL &&
                   strcmp(r.reduction, "none (1 rank)") == 0,
                   "cpu reduction '%s'", r.reduction ? r.reduction : "");
    HKZ_TEST_CHECK(r.blas_core != NULL && r.blas_core[0] != '\0' &&
                   r.blas_config != NULL, "blas_core missing");
    HKZ_TEST_CHECK(r.blas_generic == 0 || r.blas_generic == 1,
                   "blas_generic %d", r.blas_generic);

    /* GPU stand-ins: a 399-byte description comes back whole */
    HKZ_TEST_OK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_CUDA, &fake));
    HKZ_TEST_OK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_NCCL, &fake));
    o.backend = HKZ_BACKEND_CUDA;
    HKZ_TEST_OK(hkz_bench_ssum(&r, &o));
    HKZ_TEST_CHECK(r.reduction != NULL &&
                   strcmp(r.reduction, long_desc) == 0,
                   "reduction cut: %zu of %zu bytes",
                   r.reduction ? strlen(r.reduction) : 0, strlen(long_desc));
    HKZ_TEST_CHECK(strncmp(r.backend, "cuda abc", 8) == 0,
                   "backend '%s'", r.backend);
    hkz_bench_ssum_clear(&r);
    HKZ_TEST_CHECK(r.reduction == NULL && r.blas_core == NULL,
                   "clear keeps strings");
    HKZ_TEST_OK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_CUDA, NULL));
    HKZ_TEST_OK(hkz_bench_ssum_register(HKZ_BENCH_HOOK_NCCL, NULL));
    HKZ_TEST_END("engine.bench_desc");
}
