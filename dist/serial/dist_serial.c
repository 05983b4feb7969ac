/* The world API without MPI (built without -DHKZ_MPI=ON): one rank; the
 * collectives return at once with what one rank would get. */
#include <string.h>
#include "dist_common.h"
#include "hkz_check.h"

struct hkz_dist_s
{
    slong done;     /* hkz_dist_progress */
};

static struct hkz_dist_s world;

int hkz_dist_init(int *argc, char ***argv)
{
    return HKZ_SUCCESS;
}

void hkz_dist_finalize(void)
{
}

hkz_dist_t hkz_dist_world(void)
{
    return &world;
}

void hkz_dist_destroy(hkz_dist_t *d)
{
    if (d != NULL)
        *d = NULL;
}

int hkz_dist_rank(const hkz_dist_t d) { return 0; }
int hkz_dist_size(const hkz_dist_t d) { return 1; }
int hkz_dist_local_rank(const hkz_dist_t d) { return 0; }
int hkz_dist_local_size(const hkz_dist_t d) { return 1; }
int hkz_dist_num_nodes(const hkz_dist_t d) { return 1; }

int hkz_dist_agree(hkz_dist_t d, int status)
{
    return status;
}

int hkz_dist_gather(hkz_dist_t d, char **all, size_t *len, const char *mine,
                    size_t n)
{
    HKZ_CHECK(all != NULL && len != NULL, HKZ_ERR_ARG,
              "hkz_dist_gather: NULL output");
    *all = NULL;
    *len = 0;
    HKZ_CHECK(mine != NULL || n == 0, HKZ_ERR_ARG,
              "hkz_dist_gather: NULL records");
    *all = flint_malloc(n + 1);
    if (n > 0)
        memcpy(*all, mine, n);
    (*all)[n] = '\0';
    *len = n;
    return HKZ_SUCCESS;
}

int hkz_dist_allgather(hkz_dist_t d, char **all, size_t *len,
                       const char *mine, size_t n)
{
    return hkz_dist_gather(d, all, len, mine, n);
}

int hkz_dist_bcast(hkz_dist_t d, void *buf, size_t n, int root)
{
    HKZ_CHECK(root == 0, HKZ_ERR_ARG, "hkz_dist_bcast: root %d not in "
              "[0, 1)", root);
    HKZ_CHECK(buf != NULL || n == 0, HKZ_ERR_ARG, "hkz_dist_bcast: NULL "
              "buffer");
    return HKZ_SUCCESS;
}

int hkz_dist_times(hkz_dist_t d, double mine, double *all)
{
    HKZ_CHECK(all != NULL, HKZ_ERR_ARG, "hkz_dist_times: NULL output on "
              "rank 0");
    all[0] = mine;
    return HKZ_SUCCESS;
}

int hkz_dist_progress(hkz_dist_t d, slong mine_done, slong *all_done)
{
    __atomic_store_n(&world.done, mine_done, __ATOMIC_RELAXED);
    if (all_done != NULL)
        *all_done = mine_done;
    return HKZ_SUCCESS;
}

int hkz_dist_progress_drain(hkz_dist_t d, slong *all_done)
{
    if (all_done != NULL)
        *all_done = __atomic_load_n(&world.done, __ATOMIC_RELAXED);
    return HKZ_SUCCESS;
}
