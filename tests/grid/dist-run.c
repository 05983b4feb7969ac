/* A grid over the ranks of the world (run under mpiexec by the
 * grid.dist_np* tests): rank 0 prints a hash of every ball (exact
 * strings) and flags, which must be the same for 1, 2 and 3 ranks and
 * for two block sizes. */
#include "grid_test.h"

static ulong fnv(ulong h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char) *s) * 1099511628211UL;
    return h;
}

static int run(ulong *hash, slong block)
{
    hkz_grid_heat_t g;
    hkz_grid_opts_t o;
    hkz_grid_summary_t s;
    grid_collect_t c;
    slong k;
    int st;

    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    if (hkz_grid_list_set_str(g->r, "0:1.5:25", 0, 256) ||
        hkz_grid_list_set_str(g->z, "-3:3:28", 0, 256) ||
        hkz_grid_list_set_str(g->t, "0.5,1", 0, 256))
        return HKZ_ERR_INTERNAL;
    g->digits = 8;
    hkz_grid_opts_init(&o);
    o.nthreads = 1;
    o.block = block;
    memset(&c, 0, sizeof(c));
    st = grid_run_collect(&c, &s, g, &o);
    *hash = 14695981039346656037UL;
    if (st == HKZ_SUCCESS && hkz_dist_rank(NULL) == 0)
    {
        if (!c.order_ok || c.next != c.P || s.engine + s.scalar != s.entries)
            st = HKZ_ERR_INTERNAL;
        for (k = 0; k < c.P * c.T; k++)
        {
            char *b = arb_dump_str(c.v + k), f[8];
            *hash = fnv(*hash, b);
            snprintf(f, sizeof(f), ";%d;", c.flags[k]);
            *hash = fnv(*hash, f);
            flint_free(b);
        }
    }
    if (c.v != NULL)
        grid_collect_clear(&c);
    hkz_grid_heat_clear(g);
    return st;
}

int main(int argc, char **argv)
{
    ulong h1 = 0, h2 = 0;
    int st;

    if (hkz_dist_init(&argc, &argv) != HKZ_SUCCESS)
        return 1;
    st = run(&h1, 0);
    if (st == HKZ_SUCCESS)
        st = run(&h2, 256);
    st = hkz_dist_agree(NULL, st);
    if (hkz_dist_rank(NULL) == 0)
    {
        if (st != HKZ_SUCCESS || h1 != h2)
            printf("FAIL %s: %s (hashes %016lx %016lx)\n",
                   hkz_status_name(st), hkz_errmsg(), (unsigned long) h1,
                   (unsigned long) h2);
        else
            printf("hash %016lx\n", (unsigned long) h1);
    }
    hkz_dist_finalize();
    flint_cleanup();
    return st != HKZ_SUCCESS || h1 != h2;
}
