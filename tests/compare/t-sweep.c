/* The sweep as a library function (hkz/compare_sweep.h): a small run
 * passes with the P2 constant of reference R35; the samples split into
 * ranges (as over processes, records in any order) give exactly the
 * unsplit result; an interrupted checkpointed run resumes to the same
 * result, also under another split; a resume with other digits is
 * refused naming the parameter. */
#include <stdlib.h>
#include <unistd.h>
#include "hkz_test.h"
#include "hkz/compare_sweep.h"

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
    return 1;
}

static int stop_at(void *ctx, slong done, slong total)
{
    (void) total;
    return done >= *(slong *) ctx;
}

/* Ranges [c_k, c_{k+1}) of separate sweep objects (as on separate
 * processes), checkpointed at path (NULL: none) as ranks 0, 1, ...,
 * records concatenated in reverse order, then finished. */
static int split_run(hkz_compare_result_t *r,
                     const hkz_compare_sweep_opts_t *o, const slong *c,
                     slong nc, const char *path, int resume,
                     slong *found_all)
{
    char *all = NULL;
    size_t nall = 0;
    slong k;
    int s = HKZ_SUCCESS;
    *found_all = 0;
    for (k = nc - 1; k >= 0 && s == HKZ_SUCCESS; k--)
    {
        hkz_compare_sweep_t sw = NULL;
        char *rec = NULL;
        size_t len = 0;
        slong found = 0;
        s = hkz_compare_sweep_create(&sw, o);
        if (s == HKZ_SUCCESS)
            s = hkz_compare_sweep_start(sw, c[k], c[k + 1], path, (int) k,
                                        resume, &found);
        if (s == HKZ_SUCCESS)
            s = hkz_compare_sweep_run(sw, NULL);
        if (s == HKZ_SUCCESS)
            s = hkz_compare_sweep_records(&rec, &len, sw);
        if (s == HKZ_SUCCESS)
        {
            all = flint_realloc(all, nall + len + 1);
            memcpy(all + nall, rec, len);
            nall += len;
        }
        *found_all += found;
        flint_free(rec);
        if (s == HKZ_SUCCESS && k == 0)
            s = hkz_compare_sweep_finish(r, sw, all, nall);
        hkz_compare_sweep_destroy(&sw);
    }
    flint_free(all);
    return s;
}

int main(void)
{
    hkz_compare_sweep_opts_t o;
    hkz_compare_result_t r, r2;
    hkz_compare_sweep_t sw = NULL;
    const hkz_field_t *f;
    const slong c3[4] = {0, 5, 5, 14}, c1[2] = {0, 14};
    slong found = 0, stop = 4;
    hkz_progress_t prog = {stop_at, &stop};
    char dir[] = "/tmp/hkz-t-sweep-XXXXXX", path[64], rm[96];

    HKZ_TEST_OK(hkz_compare_result_init(&r, "sweep"));
    HKZ_TEST_OK(hkz_compare_result_init(&r2, "sweep"));
    hkz_compare_sweep_opts_init(&o);
    o.samples = 14;
    o.digits = 20;
    o.seed = 7;

    /* the unsplit run: PASS; C_head = R35 (head 10 of a = b = i^2) */
    HKZ_TEST_OK(hkz_compare_sweep(&r, &o, NULL));
    HKZ_TEST_CHECK(r.pass, "sweep: %s", r.reason);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 14, "rows");
    f = hkz_table_find(r.keys, 0, "C_head");
    HKZ_TEST_CHECK(f != NULL && f->kind == HKZ_FIELD_STR &&
                   strncmp(f->s, "[2.79676893873301855665", 23) == 0,
                   "C_head: %s", f != NULL && f->s != NULL ? f->s : "");
    f = hkz_table_find(r.keys, 0, "verdict");
    HKZ_TEST_CHECK(f != NULL && strcmp(f->s, "PASS") == 0, "verdict");

    /* three ranges (one empty), records in reverse order: equal */
    HKZ_TEST_OK(split_run(&r2, &o, c3, 3, NULL, 0, &found));
    HKZ_TEST_CHECK(tables_equal(r.rows, r2.rows) &&
                   tables_equal(r.keys, r2.keys), "split sweep differs");

    /* checkpoint: a run stopped after 4 samples, then resumed */
    HKZ_TEST_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    snprintf(path, sizeof(path), "%s/ck", dir);
    HKZ_TEST_OK(hkz_compare_sweep_create(&sw, &o));
    HKZ_TEST_OK(hkz_compare_sweep_start(sw, 0, 14, path, 0, 0, &found));
    HKZ_TEST_STATUS(hkz_compare_sweep_run(sw, &prog), HKZ_ERR_INTERRUPTED);
    hkz_compare_sweep_destroy(&sw);
    /* resumed as three ranks: the 4 samples are found, result equal */
    HKZ_TEST_OK(split_run(&r2, &o, c3, 3, path, 1, &found));
    HKZ_TEST_CHECK(found == 4, "found %ld samples, expected 4",
                   (long) found);
    HKZ_TEST_CHECK(tables_equal(r.rows, r2.rows) &&
                   tables_equal(r.keys, r2.keys), "resumed sweep differs");
    /* and the three ranks' files resumed by one: everything found */
    HKZ_TEST_OK(split_run(&r2, &o, c1, 1, path, 1, &found));
    HKZ_TEST_CHECK(found == 14, "found %ld of 14", (long) found);
    HKZ_TEST_CHECK(tables_equal(r.rows, r2.rows), "1-rank resume differs");
    /* other digits: refused, naming the parameter */
    o.digits = 25;
    HKZ_TEST_OK(hkz_compare_sweep_create(&sw, &o));
    HKZ_TEST_STATUS(hkz_compare_sweep_start(sw, 0, 14, path, 0, 1, &found),
                    HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "digits = 20; this run has 25")
                   != NULL, "message: %s", hkz_errmsg());
    hkz_compare_sweep_destroy(&sw);
    o.digits = 20;
    snprintf(rm, sizeof(rm), "rm -rf '%s'", dir);
    HKZ_TEST_CHECK(system(rm) == 0, "rm");

    /* bad options */
    o.fibre = 1.5;
    HKZ_TEST_STATUS(hkz_compare_sweep_create(&sw, &o), HKZ_ERR_ARG);
    o.fibre = 0.25;
    o.delta_weights = "1,4";
    o.sub_weights = "1,4,9";
    o.head = 3;
    HKZ_TEST_STATUS(hkz_compare_sweep_create(&sw, &o), HKZ_ERR_ARG);
    o.head = 0;
    o.sub_weights = "j^2";
    HKZ_TEST_STATUS(hkz_compare_sweep_create(&sw, &o), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(sw == NULL, "no handle on failure");

    hkz_compare_result_clear(&r);
    hkz_compare_result_clear(&r2);
    HKZ_TEST_END("compare.sweep");
}
