/* A grid of p_t(r, z) into plain arrays: 3 radii x 2 heights x 2 times,
 * 12 digits per entry, as an interval [mid - rad, mid + rad] of doubles
 * (printed: mid, and whether rad is within 12 digits of it).
 *
 * The grid runner computes tiles of points with the double engine (a
 * proven error bound per entry) and recomputes by the certified scalar
 * route any entry whose bound misses the goal; a sink receives the rows. */
#include <stdio.h>
#include <hkz/hkz.h>

#define P 6   /* points: r outer, z inner */
#define T 2   /* times */

typedef struct { double mid[P][T], rad[P][T]; int ok[P][T]; } table_t;

/* Receives rows (p, j) point-major; copies each ball as a double interval
 * that contains it (hkz_grid_ball_get_d rounds outward). */
static int sink(void *ctx, const hkz_grid_entry_t *rows, slong n, slong p0,
                slong p1)
{
    table_t *tab = ctx;
    slong i;
    (void) p0, (void) p1;
    for (i = 0; i < n; i++)
    {
        const hkz_grid_entry_t *e = rows + i;
        hkz_grid_ball_get_d(&tab->mid[e->p][e->j], &tab->rad[e->p][e->j],
                            &e->value);
        tab->ok[e->p][e->j] = e->certified && e->status == HKZ_SUCCESS;
    }
    return 0;
}

int main(void)
{
    static table_t tab;
    hkz_grid_heat_t g;
    hkz_grid_opts_t o;
    hkz_grid_summary_t sum;
    hkz_goal_t goal;
    slong p, j, prec;
    int st;

    /* inputs read as the digits calls read them (hkz/digits.h) */
    hkz_goal_init_digits(&goal, 12);
    prec = goal.max_prec + 64;
    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    g->digits = 12;
    st = hkz_grid_list_set_str(g->r, "0,0.25,0.5", 0, prec);
    if (st == HKZ_SUCCESS) st = hkz_grid_list_set_str(g->z, "0.5,1", 0, prec);
    if (st == HKZ_SUCCESS) st = hkz_grid_list_set_str(g->t, "0.1,1", 0, prec);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;     /* the CUDA engine gives other balls */
    o.nthreads = 1;
    o.sink = sink;
    o.sink_ctx = &tab;
    if (st == HKZ_SUCCESS)
        st = hkz_grid_heat_run(&sum, g, &o);
    if (st != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s\n", hkz_status_name(st), hkz_errmsg());
        hkz_grid_heat_clear(g);
        return 1;
    }
    for (p = 0; p < P; p++)
        for (j = 0; j < T; j++)
            printf("r=%-4s z=%-3s t=%-3s  %.11e  %s\n",
                   hkz_grid_heat_coord_str(g, p, 0),
                   hkz_grid_heat_coord_str(g, p, 1), g->t->label[j],
                   tab.mid[p][j], tab.ok[p][j] && tab.rad[p][j] <=
                   1e-12 * tab.mid[p][j] ? "12 digits" : "missed");
    printf("%ld entries: %ld engine, %ld scalar, %ld missed\n",
           (long) sum.entries, (long) sum.engine, (long) sum.scalar,
           (long) sum.missed);
    hkz_grid_heat_clear(g);
    flint_cleanup();
    return sum.missed == 0 ? 0 : 1;
}
