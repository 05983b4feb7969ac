/* Sparse site-by-site transfer matrix (issue 12): against the dense
 * transfer matrix and against Gray-code enumeration on small tori and
 * cylinders (square and rectangular, both orientations), every table
 * through hkz_ising_dos_check (total 2^N, binomial marginal, symmetry,
 * Kaufman on tori); threads 1 and 2 agree; multi-word tables and the
 * meet in the middle on odd and even tori equal the dense transfer
 * matrix; the size refusal is HKZ_ERR_TOO_LARGE. */
#include "ising_test.h"

static void make_lattice(hkz_ising_model_t m, slong L, slong M, int bd)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_one(q);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, L, M, q, bd));
    fmpq_clear(q);
}

static int dos_equal(const hkz_ising_dos_t a, const hkz_ising_dos_t b)
{
    return a->nb == b->nb && a->nk == b->nk && a->bmin == b->bmin &&
           fmpz_equal(a->S, b->S) && fmpq_equal(a->unit, b->unit) &&
           _fmpz_vec_equal(a->g, b->g, a->nb * a->nk);
}

static void check_small(void)
{
    static const slong sz[][3] = {
        {3, 3, 0}, {3, 4, 0}, {4, 3, 0}, {4, 4, 0}, {4, 5, 0}, {5, 4, 0},
        {3, 5, 0}, {3, 1, 1}, {3, 2, 1}, {4, 2, 1}, {3, 5, 1}, {5, 3, 1},
        {4, 5, 1}, {5, 4, 1}, {6, 2, 1}, {4, 4, 1}};
    slong i, n = sizeof(sz) / sizeof(sz[0]);
    for (i = 0; i < n; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a, b, c;
        int bd = sz[i][2] ? HKZ_ISING_CYLINDER : HKZ_ISING_TORUS;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        hkz_ising_dos_init(b);
        hkz_ising_dos_init(c);
        make_lattice(m, sz[i][0], sz[i][1], bd);
        HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(a, m, 1 + (i & 1), NULL,
                                                  NULL));
        HKZ_TEST_OK(hkz_ising_dos_transfer(b, m));
        HKZ_TEST_OK(hkz_ising_dos_enum(c, m, 2));
        HKZ_TEST_CHECK(dos_equal(a, b) && dos_equal(a, c),
                       "%ldx%ld %s: sparse transfer != dense / enumeration",
                       (long) sz[i][0], (long) sz[i][1],
                       sz[i][2] ? "cylinder" : "torus");
        HKZ_TEST_OK(hkz_ising_dos_check(a, m));
        hkz_ising_dos_clear(a);
        hkz_ising_dos_clear(b);
        hkz_ising_dos_clear(c);
        hkz_ising_model_clear(m);
    }
}

/* more words: the cylinder needs counts < 2^N (5 x 14: 2 words), the
 * torus by meet in the middle counts < 2^((ceil(M/2)-1) L) (4 x 34: 2
 * words, 6 x 11 and 9 x 8: 1 word); against the dense method */
static void check_multiword(void)
{
    static const slong sz[][4] = {{6, 11, 0, 1}, {5, 14, 1, 2},
                                  {4, 34, 0, 2}, {9, 8, 0, 1}};
    slong i;
    for (i = 0; i < 4; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a, b;
        hkz_ising_transfer_stats_t st;
        int bd = sz[i][2] ? HKZ_ISING_CYLINDER : HKZ_ISING_TORUS;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        hkz_ising_dos_init(b);
        make_lattice(m, sz[i][0], sz[i][1], bd);
        HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(a, m, 2, NULL, &st));
        HKZ_TEST_CHECK(st.words == sz[i][3] &&
                       st.peak_bytes <= st.plan_bytes,
                       "multiword %ldx%ld: %ld words, peak %g > plan %g",
                       (long) sz[i][0], (long) sz[i][1], (long) st.words,
                       st.peak_bytes, st.plan_bytes);
        HKZ_TEST_OK(hkz_ising_dos_check(a, m));
        if (i < 3)
        {
            HKZ_TEST_OK(hkz_ising_dos_transfer(b, m));
            HKZ_TEST_CHECK(dos_equal(a, b), "%ldx%ld: sparse != dense",
                           (long) sz[i][0], (long) sz[i][1]);
        }
        hkz_ising_dos_clear(a);
        hkz_ising_dos_clear(b);
        hkz_ising_model_clear(m);
    }
}

/* meet in the middle on tori of odd and even sides, both orientations,
 * 1 and 2 threads, against the dense transfer matrix */
static void check_torus_mid(void)
{
    static const slong sz[][2] = {{3, 6}, {4, 7}, {5, 6}, {6, 5}, {6, 6},
                                  {6, 7}, {7, 7}, {5, 8}, {8, 5}};
    slong i, n = sizeof(sz) / sizeof(sz[0]);
    for (i = 0; i < n; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a, b;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        hkz_ising_dos_init(b);
        make_lattice(m, sz[i][0], sz[i][1], HKZ_ISING_TORUS);
        HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(a, m, 1 + (i & 1), NULL,
                                                  NULL));
        HKZ_TEST_OK(hkz_ising_dos_transfer(b, m));
        HKZ_TEST_CHECK(dos_equal(a, b), "%ldx%ld torus: sparse != dense",
                       (long) sz[i][0], (long) sz[i][1]);
        HKZ_TEST_OK(hkz_ising_dos_check(a, m));
        hkz_ising_dos_clear(a);
        hkz_ising_dos_clear(b);
        hkz_ising_model_clear(m);
    }
}

/* a broken table fails the check; a too large lattice is TOO_LARGE */
static void check_refusals(void)
{
    hkz_ising_model_t m;
    hkz_ising_dos_t a;
    hkz_ising_model_init(m);
    hkz_ising_dos_init(a);
    make_lattice(m, 4, 4, HKZ_ISING_TORUS);
    HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(a, m, 2, NULL, NULL));
    /* move two configurations between energies, keeping total, marginal
     * and symmetry: only Kaufman sees it */
    fmpz_sub_ui(a->g + 8 * a->nk + 8, a->g + 8 * a->nk + 8, 2);
    fmpz_add_ui(a->g + 10 * a->nk + 8, a->g + 10 * a->nk + 8, 2);
    HKZ_TEST_STATUS(hkz_ising_dos_check(a, m), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "Kaufman") != NULL, "message: %s",
                   hkz_errmsg());
    fmpz_add_ui(a->g + 8 * a->nk + 7, a->g + 8 * a->nk + 7, 1);
    HKZ_TEST_STATUS(hkz_ising_dos_check(a, m), HKZ_ERR_ARG);
    hkz_ising_model_clear(m);
    hkz_ising_model_init(m);
    make_lattice(m, 20, 20, HKZ_ISING_TORUS);
    HKZ_TEST_STATUS(hkz_ising_dos_transfer_sparse(a, m, 2, NULL, NULL),
                    HKZ_ERR_TOO_LARGE);
    hkz_ising_dos_clear(a);
    hkz_ising_model_clear(m);
}

/* the GPU entry point: same argument checks; without libhkz_cuda or a
 * device HKZ_ERR_UNSUPPORTED, else the same table */
static void check_cuda_entry(void)
{
    hkz_ising_model_t m;
    hkz_ising_dos_t a, b;
    int r;
    fmpq_t q;
    fmpq_init(q);
    fmpq_one(q);
    hkz_ising_model_init(m);
    hkz_ising_dos_init(a);
    hkz_ising_dos_init(b);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 5, q));
    fmpq_clear(q);
    HKZ_TEST_STATUS(hkz_ising_dos_transfer_cuda(a, m, NULL, NULL),
                    HKZ_ERR_ARG);
    hkz_ising_model_clear(m);
    hkz_ising_model_init(m);
    make_lattice(m, 4, 5, HKZ_ISING_TORUS);
    r = hkz_ising_dos_transfer_cuda(a, m, NULL, NULL);
    if (r == HKZ_SUCCESS)
    {
        HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(b, m, 2, NULL, NULL));
        HKZ_TEST_CHECK(dos_equal(a, b), "4x5: GPU != CPU");
    }
    else
        HKZ_TEST_CHECK(r == HKZ_ERR_UNSUPPORTED, "cuda entry: %d %s", r,
                       hkz_errmsg());
    hkz_ising_dos_clear(a);
    hkz_ising_dos_clear(b);
    hkz_ising_model_clear(m);
}

int main(void)
{
    check_small();
    check_multiword();
    check_torus_mid();
    check_cuda_entry();
    check_refusals();
    HKZ_TEST_END("ising.transfer");
}
