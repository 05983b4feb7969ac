/* X8 as a library function (hkz/compare_x8.h): the verdict of example
 * (ii), a FAIL at a too small K_check, the refusals, and a box split into
 * block ranges (as over processes) giving bitwise the unsplit result. */
#include <math.h>
#include "hkz_test.h"
#include "hkz/compare_x8.h"

/* Every field of every row equal (doubles bitwise, balls exactly). */
static int tables_equal(const hkz_table_t a, const hkz_table_t b)
{
    slong i, j, na, nb;
    if (hkz_table_nrows(a) != hkz_table_nrows(b))
        return 0;
    for (i = 0; i < hkz_table_nrows(a); i++)
    {
        const hkz_field_t *f = hkz_table_row(a, i, &na);
        const hkz_field_t *g = hkz_table_row(b, i, &nb);
        if (na != nb)
            return 0;
        for (j = 0; j < na; j++)
        {
            if (strcmp(f[j].key, g[j].key) != 0 || f[j].kind != g[j].kind ||
                f[j].i != g[j].i ||
                memcmp(&f[j].d, &g[j].d, sizeof(double)) != 0 ||
                ((f[j].s != NULL || g[j].s != NULL) &&
                 (f[j].s == NULL || g[j].s == NULL ||
                  strcmp(f[j].s, g[j].s) != 0)) ||
                (f[j].kind == HKZ_FIELD_BALL &&
                 !arb_equal(f[j].ball, g[j].ball)))
                return 0;
        }
    }
    return 1;
}

static int stop_at(void *ctx, slong done, slong total)
{
    (void) total;
    return done >= *(slong *) ctx;
}

typedef struct
{
    hkz_su2mix_op_t op;
    arb_ptr b, eps, t, dw;
    arb_t gam, K;
    slong nmax[2];
} ex_t;

/* example (ii) on SU(2)^2: b = 1, 4, eps = 0.5, t = 0.5, 1, nmax 4 */
static void ex_init(ex_t *e, hkz_compare_x8_opts_t *o, const char *eps)
{
    e->b = _arb_vec_init(2);
    e->eps = _arb_vec_init(1);
    e->t = _arb_vec_init(2);
    e->dw = _arb_vec_init(2);
    arb_init(e->gam);
    arb_init(e->K);
    arb_set_si(e->b, 1);
    arb_set_si(e->b + 1, 4);
    arb_set_str(e->eps, eps, 128);
    arb_set_d(e->t, 0.5);
    arb_set_si(e->t + 1, 1);
    _arb_vec_set(e->dw, e->b, 2);
    arb_set_d(e->gam, 0.5);
    e->nmax[0] = e->nmax[1] = 4;
    hkz_su2mix_op_init(e->op, 2);
    HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(e->op, e->b, e->eps, 128));
    hkz_compare_x8_kspec(e->K, e->b, e->eps, 2, 128);
    hkz_compare_x8_opts_init(o);
    o->digits = 20;
    o->op = e->op;
    o->nmax = e->nmax;
    o->t = e->t;
    o->nt = 2;
    o->gamma = e->gam;
    o->dw = e->dw;
    o->K_check = e->K;
}

static void ex_clear(ex_t *e)
{
    hkz_su2mix_op_clear(e->op);
    _arb_vec_clear(e->b, 2);
    _arb_vec_clear(e->eps, 1);
    _arb_vec_clear(e->t, 2);
    _arb_vec_clear(e->dw, 2);
    arb_clear(e->gam);
    arb_clear(e->K);
}

/* The result of the blocks split at the cuts c[0..nc) (ascending). */
static void split_run(hkz_compare_result_t *r, const hkz_compare_x8_opts_t *o,
                      const slong *c, slong nc)
{
    hkz_compare_x8_t x = NULL;
    char *rec = NULL;
    size_t len = 0;
    slong k, lo = 0;
    HKZ_TEST_OK(hkz_compare_x8_create(&x, o));
    if (x == NULL)
        return;
    for (k = 0; k <= nc; k++)
    {
        slong hi = k < nc ? c[k] : hkz_compare_x8_nblocks(x);
        HKZ_TEST_OK(hkz_compare_x8_blocks(&rec, &len, x, lo, hi, NULL));
        lo = hi;
    }
    HKZ_TEST_OK(hkz_compare_x8_finish(r, x, rec, len));
    flint_free(rec);
    hkz_compare_x8_destroy(&x);
}

int main(void)
{
    hkz_compare_x8_opts_t o;
    hkz_compare_result_t r, r2;
    ex_t e;
    const slong cuts2[1] = {7}, cuts3[3] = {0, 5, 5};

    HKZ_TEST_OK(hkz_compare_result_init(&r, "X8"));
    HKZ_TEST_OK(hkz_compare_result_init(&r2, "X8"));

    /* example (ii): PASS, one row per t, with every block */
    ex_init(&e, &o, "0.5");
    o.blocks = 1;
    HKZ_TEST_OK(hkz_compare_x8(&r, &o, NULL));
    HKZ_TEST_CHECK(r.pass, "example ii: FAIL (%s)", r.reason);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 15 + 2, "rows: %ld",
                   (long) hkz_table_nrows(r.rows));
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "K_check") != NULL &&
                   hkz_table_find(r.keys, 0, "lambda_min_min") != NULL,
                   "keys");
    HKZ_TEST_CHECK(strcmp(hkz_table_find(r.rows, 16, "row")->s, "t") == 0,
                   "last row is a t row");
    /* the box split in 2 and in 4 (with empty) ranges: bitwise equal */
    split_run(&r2, &o, cuts2, 1);
    HKZ_TEST_CHECK(tables_equal(r.rows, r2.rows) &&
                   tables_equal(r.keys, r2.keys) && r2.pass,
                   "2-way split differs");
    split_run(&r2, &o, cuts3, 3);
    HKZ_TEST_CHECK(tables_equal(r.rows, r2.rows) &&
                   tables_equal(r.keys, r2.keys), "4-way split differs");
    /* a progress callback that asks to stop after 3 blocks */
    {
        hkz_compare_x8_t x = NULL;
        char *rec = NULL;
        size_t len = 0;
        slong stop = 3;
        hkz_progress_t prog = {stop_at, &stop};
        HKZ_TEST_OK(hkz_compare_x8_create(&x, &o));
        HKZ_TEST_STATUS(hkz_compare_x8_blocks(&rec, &len, x, 0, 16, &prog),
                        HKZ_ERR_INTERRUPTED);
        flint_free(rec);
        hkz_compare_x8_destroy(&x);
    }
    /* the double path */
    o.certified = 0;
    o.blocks = 0;
    HKZ_TEST_OK(hkz_compare_x8(&r2, &o, NULL));
    HKZ_TEST_CHECK(r2.pass && hkz_table_nrows(r2.rows) == 2,
                   "double path: %s", r2.reason);
    /* a K_check below the proven K fails */
    o.certified = 1;
    arb_set_d(e.K, 0.5);
    HKZ_TEST_OK(hkz_compare_x8(&r2, &o, NULL));
    HKZ_TEST_CHECK(!r2.pass && strncmp(r2.reason, "proven K", 8) == 0,
                   "K_check 0.5: %s", r2.reason);
    /* refusals */
    arb_set_si(e.K, -1);
    HKZ_TEST_STATUS(hkz_compare_x8(&r2, &o, NULL), HKZ_ERR_ARG);
    arb_set_si(e.K, 2);
    e.nmax[0] = 100;
    e.nmax[1] = 100;
    HKZ_TEST_STATUS(hkz_compare_x8(&r2, &o, NULL), HKZ_ERR_ARG);
    e.nmax[0] = e.nmax[1] = 3;
    arb_zero(e.gam);
    HKZ_TEST_STATUS(hkz_compare_x8(&r2, &o, NULL), HKZ_ERR_ARG);
    ex_clear(&e);

    /* no product-type minorant: no certified tail */
    {
        hkz_su2mix_op_t op;
        hkz_compare_x8_t x = NULL;
        hkz_su2mix_op_init(op, 1);
        HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1 + X2", 0, 128));
        ex_init(&e, &o, "0.5");
        o.op = op;
        o.K_check = NULL;
        HKZ_TEST_STATUS(hkz_compare_x8_create(&x, &o), HKZ_ERR_UNSUPPORTED);
        HKZ_TEST_CHECK(x == NULL, "no handle on failure");
        hkz_su2mix_op_clear(op);
        ex_clear(&e);
    }
    /* malformed shard records are refused */
    {
        hkz_compare_x8_t x = NULL;
        ex_init(&e, &o, "0.5");
        HKZ_TEST_OK(hkz_compare_x8_create(&x, &o));
        HKZ_TEST_STATUS(hkz_compare_x8_finish(&r2, x, "3|1|1|garbage\n",
                                              14), HKZ_ERR_ARG);
        hkz_compare_x8_destroy(&x);
        ex_clear(&e);
    }
    hkz_compare_result_clear(&r);
    hkz_compare_result_clear(&r2);
    HKZ_TEST_END("compare.x8");
}
