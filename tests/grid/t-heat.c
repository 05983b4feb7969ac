/* Grid entries against the certified scalar path at random points: the
 * balls overlap and every grid ball meets the goal; su2, su2-sub,
 * su2-milnor (r x z and --g file), product, time derivatives 1..3 (su2
 * and su2-sub on the engine). */
#include <unistd.h>
#include "grid_test.h"

static flint_rand_t state;

/* a comma list of n random decimals in [lo, hi] (4 digits) */
static void rand_list(char *buf, int n, double lo, double hi)
{
    int k;
    buf[0] = '\0';
    for (k = 0; k < n; k++)
    {
        double u = lo + (hi - lo) * (double) n_randint(state, 10001) / 1e4;
        sprintf(buf + strlen(buf), "%s%.4f", k ? "," : "", u);
    }
}

/* reference value of entry (p, j) at high precision */
static int reference(arb_t res, const hkz_grid_heat_t g, slong p, slong j)
{
    const arb_struct *t = g->t->v + j;
    slong prec = 256;
    switch (g->kind)
    {
    case HKZ_GRID_SU2:
        return hkz_su2_heat_bi(res, t, g->alpha->v + p, g->deriv, prec);
    case HKZ_GRID_SU2_SUB:
        return hkz_su2_heat_sub(res, t, g->r->v + p / g->z->n,
                                g->z->v + p % g->z->n, g->deriv, prec);
    case HKZ_GRID_SU2_MILNOR:
    {
        hkz_su2_elem_t x;
        arb_t phi;
        acb_t a, b;
        int st = HKZ_SUCCESS;
        hkz_su2_elem_init(x);
        arb_init(phi);
        acb_init(a);
        acb_init(b);
        if (g->path == NULL)
            hkz_su2_elem_set_cyl(x, g->r->v + p / g->z->n, phi,
                                 g->z->v + p % g->z->n, prec);
        else
        {
            acb_set_arb_arb(a, g->g + 4 * p, g->g + 4 * p + 1);
            acb_set_arb_arb(b, g->g + 4 * p + 2, g->g + 4 * p + 3);
            st = hkz_su2_elem_set_acb(x, a, b, prec);
        }
        if (st == HKZ_SUCCESS)
            st = hkz_su2_heat_milnor(res, g->w, g->w + 1, g->w + 2, t, x,
                                     prec);
        hkz_su2_elem_clear(x);
        arb_clear(phi);
        acb_clear(a);
        acb_clear(b);
        return st;
    }
    default:
        return hkz_su2n_heat(res, NULL, g->pw, g->pop, t, g->pts + p, prec);
    }
}

static void check_grid(const hkz_grid_heat_t g, const char *what,
                       int want_engine)
{
    grid_collect_t c;
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;
    slong k, bits = hkz_digits_to_bits(g->digits);
    arb_t ref;

    arb_init(ref);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    HKZ_TEST_OK(grid_run_collect(&c, &s, g, &o));
    if (getenv("HKZ_TEST_VERBOSE") != NULL)
        printf("%s: %ld entries, engine %ld, scalar %ld, missed %ld\n", what,
               (long) s.entries, (long) s.engine, (long) s.scalar,
               (long) s.missed);
    HKZ_TEST_CHECK(c.order_ok && c.next == c.P, "%s: rows out of order",
                   what);
    HKZ_TEST_CHECK(s.entries == c.P * c.T && s.engine + s.scalar ==
                   s.entries, "%s: summary counts", what);
    HKZ_TEST_CHECK(!want_engine || s.engine > 0, "%s: no engine entries "
                   "(scalar %ld)", what, (long) s.scalar);
    HKZ_TEST_CHECK(want_engine || s.engine == 0, "%s: engine entries", what);
    for (k = 0; k < c.P * c.T; k++)
    {
        HKZ_TEST_OK(reference(ref, g, k / c.T, k % c.T));
        if (!arb_overlaps(ref, c.v + k) || !(c.flags[k] & 1)
            || ((c.flags[k] & 4) == 0
                && arb_rel_accuracy_bits(c.v + k) < bits))
        {
            HKZ_TEST_FAIL("%s: entry (%ld, %ld) flags %d", what,
                          (long) (k / c.T), (long) (k % c.T), c.flags[k]);
            arb_printn(c.v + k, 30, 0); printf("\n");
            arb_printn(ref, 30, 0); printf("\n");
        }
    }
    grid_collect_clear(&c);
    arb_clear(ref);
}

int main(void)
{
    char a[512], b[512], path[64];
    hkz_grid_heat_t g;
    FILE *f;
    slong iter;

    hkz_test_rand_init(state);
    for (iter = 0; iter < hkz_test_iters(1); iter++)
    {
        hkz_grid_heat_init(g, HKZ_GRID_SU2);
        rand_list(a, 6, 0.0, 3.1415);
        HKZ_TEST_OK(hkz_grid_list_set_str(g->alpha, a, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.05:2:4", 0, 256));
        g->digits = 8;
        check_grid(g, "su2", 1);
        /* time derivatives: the engine route (derivative weights) */
        for (g->deriv = 1; g->deriv <= 3; g->deriv++)
        {
            char what[32];
            snprintf(what, sizeof(what), "su2 deriv %lu",
                     (unsigned long) g->deriv);
            check_grid(g, what, 1);
        }
        hkz_grid_heat_clear(g);

        hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
        rand_list(a, 3, 0.0, 1.5707);
        rand_list(b, 3, -3.0, 3.0);
        HKZ_TEST_OK(hkz_grid_list_set_str(g->r, a, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->z, b, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.2,0.7,1.5", 0, 256));
        g->digits = 8;
        check_grid(g, "su2-sub", 1);
        for (g->deriv = 1; g->deriv <= 3; g->deriv++)
        {
            char what[32];
            snprintf(what, sizeof(what), "su2-sub deriv %lu",
                     (unsigned long) g->deriv);
            check_grid(g, what, 1);
        }
        hkz_grid_heat_clear(g);

        /* small t, far points: the batched Arb fallback of su2-sub */
        hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
        HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.9,1.4", 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "1.5,2.5,5", 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01,0.05,0.3", 0, 256));
        g->digits = 10;
        check_grid(g, "su2-sub small t", 1);
        hkz_grid_heat_clear(g);

        hkz_grid_heat_init(g, HKZ_GRID_SU2_MILNOR);
        rand_list(a, 2, 0.0, 1.5707);
        rand_list(b, 2, -3.0, 3.0);
        HKZ_TEST_OK(hkz_grid_heat_set_weights(g, "1,2,0.5", 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->r, a, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->z, b, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.3,1.1", 0, 256));
        g->digits = 8;
        check_grid(g, "su2-milnor r x z", 1);
        hkz_grid_heat_clear(g);
    }

    /* su2-milnor from a --g file */
    snprintf(path, sizeof(path), "t-grid-heat-%ld.g", (long) getpid());
    f = fopen(path, "w");
    fprintf(f, "# elements\n0.6,0,0.8,0\n\n0,0.6,0,0.8  # i = 4\n"
            "1,0,0,0\n0.5,0.5,0.5,0.5\n");
    fclose(f);
    hkz_grid_heat_init(g, HKZ_GRID_SU2_MILNOR);
    HKZ_TEST_OK(hkz_grid_heat_set_weights(g, "1,1,0", 256));
    HKZ_TEST_OK(hkz_grid_heat_read_file(g, path, 256));
    HKZ_TEST_CHECK(g->nfile == 4 && g->line[1] == 4, "g file lines");
    HKZ_TEST_CHECK(strcmp(hkz_grid_heat_coord_name(g, 0), "i") == 0 &&
                   strcmp(hkz_grid_heat_coord_str(g, 1, 0), "4") == 0,
                   "coordinate i");
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.5,2", 0, 256));
    g->digits = 8;
    check_grid(g, "su2-milnor --g", 1);
    hkz_grid_heat_clear(g);

    /* a bad line is named */
    f = fopen(path, "w");
    fprintf(f, "0.6,0,0.8,0\n0.6,0,0.9,0\n");
    fclose(f);
    hkz_grid_heat_init(g, HKZ_GRID_SU2_MILNOR);
    HKZ_TEST_STATUS(hkz_grid_heat_read_file(g, path, 256), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 2") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_grid_heat_clear(g);

    /* product: points of SU(2)^2 */
    f = fopen(path, "w");
    fprintf(f, "0.3,0.2; 0.1,0.5\ne; 1.2,0.1,-2\n0.7,1;e\n");
    fclose(f);
    hkz_grid_heat_init(g, HKZ_GRID_PRODUCT);
    HKZ_TEST_OK(hkz_grid_heat_set_product(g, HKZ_SU2N_DELTA, "1,2", 256));
    HKZ_TEST_OK(hkz_grid_heat_read_file(g, path, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.4,1", 0, 256));
    g->digits = 12;
    check_grid(g, "product", 0);
    HKZ_TEST_OK(hkz_grid_heat_set_product(g, HKZ_SU2N_L, "1", 256));
    {
        slong P, T;
        HKZ_TEST_STATUS(hkz_grid_heat_check(&P, &T, g), HKZ_ERR_ARG);
    }
    hkz_grid_heat_clear(g);
    remove(path);

    hkz_rand_clear(state);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
