/* Spec section 5 C (square lattices): transfer matrix = enumeration
 * (exact g[b][k]), Kaufman = transfer matrix = reference values C1-C7,
 * exact integers at K_c (C2, C5), the 6x6 counts (C12), Kaufman's 32x32
 * low-temperature coefficients = Beale (C13), and Lee-Yang zeros of the
 * tori C8-C11 as sign changes of F built from the transfer matrix. */
#include "ising_test.h"

#define PREC 128

static void make_lattice(hkz_ising_model_t m, slong L, slong M,
                         const char *K, int boundary)
{
    fmpq_t q;
    fmpq_init(q);
    it_fmpq_set_dec(q, K);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, L, M, q, boundary));
    fmpq_clear(q);
}

/* K_c = log(1 + sqrt 2)/2 */
static void kc(arb_t K, slong prec)
{
    arb_sqrt_ui(K, 2, prec);
    arb_add_ui(K, K, 1, prec);
    arb_log(K, K, prec);
    arb_mul_2exp_si(K, K, -1);
}

/* transfer matrix against Gray-code enumeration, exact integers */
static void check_tm_vs_enum(void)
{
    static const slong sizes[][3] = {
        {3, 3, HKZ_ISING_TORUS}, {4, 3, HKZ_ISING_TORUS},
        {3, 4, HKZ_ISING_TORUS}, {4, 4, HKZ_ISING_TORUS},
        {3, 5, HKZ_ISING_TORUS}, {5, 3, HKZ_ISING_TORUS},
        {3, 1, HKZ_ISING_CYLINDER}, {3, 2, HKZ_ISING_CYLINDER},
        {4, 3, HKZ_ISING_CYLINDER}, {3, 4, HKZ_ISING_CYLINDER},
        {5, 3, HKZ_ISING_CYLINDER}, {6, 2, HKZ_ISING_CYLINDER}};
    slong i;
    for (i = 0; i < 12; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a, b;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        hkz_ising_dos_init(b);
        make_lattice(m, sizes[i][0], sizes[i][1], "1", (int) sizes[i][2]);
        HKZ_TEST_OK(hkz_ising_dos_transfer(a, m));
        HKZ_TEST_OK(hkz_ising_dos_enum(b, m, 2));
        HKZ_TEST_CHECK(a->nb == b->nb && a->nk == b->nk &&
                       a->bmin == b->bmin && fmpz_equal(a->S, b->S) &&
                       _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                       "%ldx%ld %s: transfer matrix != enumeration",
                       (long) sizes[i][0], (long) sizes[i][1],
                       sizes[i][2] == HKZ_ISING_TORUS ? "torus" : "cylinder");
        hkz_ising_dos_clear(a);
        hkz_ising_dos_clear(b);
        hkz_ising_model_clear(m);
    }
}

/* 4x4 and 6x6 counts by unsatisfied bonds (spec 4.3, C12) */
static void check_counts(void)
{
    static const slong g4[33] = {2, 0, 0, 0, 32, 0, 64, 0, 424, 0, 1728, 0,
        6688, 0, 13568, 0, 20524, 0, 13568, 0, 6688, 0, 1728, 0, 424, 0, 64,
        0, 32, 0, 0, 0, 2};
    static const slong g6[11] = {2, 0, 0, 0, 72, 0, 144, 0, 1620, 0, 6048};
    hkz_ising_model_t m;
    hkz_ising_dos_t d;
    fmpz *gb;
    fmpz_t t;
    slong i;

    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    fmpz_init(t);
    make_lattice(m, 4, 4, "1", HKZ_ISING_TORUS);
    HKZ_TEST_OK(hkz_ising_dos_transfer(d, m));
    gb = _fmpz_vec_init(d->nb);
    hkz_ising_dos_energy_counts(gb, d);
    HKZ_TEST_CHECK(d->nb == 33, "4x4: %ld rows", (long) d->nb);
    for (i = 0; i < 33 && i < d->nb; i++)
        HKZ_TEST_CHECK(fmpz_equal_si(gb + i, g4[i]), "4x4: g_%ld", (long) i);
    _fmpz_vec_clear(gb, d->nb);
    make_lattice(m, 6, 6, "1", HKZ_ISING_TORUS);
    HKZ_TEST_OK(hkz_ising_dos_transfer(d, m));
    gb = _fmpz_vec_init(d->nb);
    hkz_ising_dos_energy_counts(gb, d);
    for (i = 0; i < 11; i++)
        HKZ_TEST_CHECK(fmpz_equal_si(gb + i, g6[i]), "6x6: g_%ld (C12)",
                       (long) i);
    /* palindromic in b on even tori, total 2^36 */
    for (i = 0; i < d->nb; i++)
        HKZ_TEST_CHECK(fmpz_equal(gb + i, gb + d->nb - 1 - i), "6x6: g_b "
                       "not symmetric");
    hkz_ising_dos_total(t, d);
    HKZ_TEST_CHECK(fmpz_bits(t) == 37 && fmpz_val2(t) == 36,
                   "6x6: total != 2^36");
    _fmpz_vec_clear(gb, d->nb);
    fmpz_clear(t);
    hkz_ising_dos_clear(d);
    hkz_ising_model_clear(m);
}

/* C1-C7: Z from the transfer matrix and from Kaufman */
static void check_Z(void)
{
    static const struct
    {
        slong L, M;
        const char *K;              /* NULL: K_c */
        const char *Z;
    } cz[] = {
        {4, 4, "0.3", "357011.51877365532668316614696"},
        {4, 4, NULL, "5509120"},
        {4, 4, "0.5", "26839013.6122627925058523282268"},
        {6, 6, "0.3", "2394192514840.8309945752857517"},
        {6, 6, NULL, "652310019571712"},
        {6, 6, "0.5", "21831482163934054.2318712092513"},
        {4, 6, "0.4", "2376724676.57940097069111"},
        {6, 4, "0.4", "2376724676.57940097069111"},
        {3, 5, "0.4", "935728.5687486967421151756"},
    };
    slong i;
    for (i = 0; i < 9; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t d;
        arb_t K, Z, Zk, s;
        fmpz_t n;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(d);
        arb_init(K);
        arb_init(Z);
        arb_init(Zk);
        arb_init(s);
        fmpz_init(n);
        make_lattice(m, cz[i].L, cz[i].M, cz[i].K != NULL ? cz[i].K : "1",
                     HKZ_ISING_TORUS);
        if (cz[i].K == NULL)
        {
            kc(K, PREC + 20);
            hkz_ising_model_set_scale(m, K);
        }
        else
            arb_set_str(K, cz[i].K, PREC + 20);
        HKZ_TEST_OK(hkz_ising_dos_transfer(d, m));
        HKZ_TEST_OK(hkz_ising_dos_Z(Z, d, &m->scale, PREC));
        HKZ_TEST_OK(hkz_ising_kaufman(Zk, cz[i].L, cz[i].M, K, PREC));
        HKZ_TEST_CONTAINS(Z, cz[i].Z, 90, "Z (transfer matrix)");
        HKZ_TEST_CONTAINS(Zk, cz[i].Z, 90, "Z (Kaufman)");
        HKZ_TEST_OVERLAP(Z, Zk, "Kaufman = transfer matrix");
        /* the sum of the a_k of hkz_ising_poly is the same Z */
        {
            arb_ptr a = _arb_vec_init(m->n + 1);
            HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
            slong k;
            arb_zero(s);
            for (k = 0; k <= m->n; k++)
                arb_add(s, s, a + k, PREC);
            HKZ_TEST_OVERLAP(s, Z, "sum a_k = Z");
            _arb_vec_clear(a, m->n + 1);
        }
        if (cz[i].K == NULL)
        {
            /* C2, C5: exact integers at K_c (spec 4.3) */
            HKZ_TEST_CHECK(arb_get_unique_fmpz(n, Z) &&
                           fmpz_cmp_si(n, 0) > 0, "K_c: Z not an integer");
            HKZ_TEST_CHECK(arb_get_unique_fmpz(n, Zk), "K_c: Kaufman Z not "
                           "an integer");
        }
        arb_clear(K);
        arb_clear(Z);
        arb_clear(Zk);
        arb_clear(s);
        fmpz_clear(n);
        hkz_ising_dos_clear(d);
        hkz_ising_model_clear(m);
    }
}

/* C13: Kaufman's 32x32 torus at x = e^{-2K} = 2^-64 gives
 * Z x^1024 = sum_k g_k x^{2k}; peel off g_0..g_9 (spec 4.3). */
static void check_beale(void)
{
    static const char *beale[10] = {"2", "0", "2048", "4096", "1057792",
        "4218880", "371621888", "2191790080", "100903637504",
        "768629792768"};
    slong prec = 2400, k;
    arb_t K, S, t;
    fmpz_t g, ref;

    arb_init(K);
    arb_init(S);
    arb_init(t);
    fmpz_init(g);
    fmpz_init(ref);
    arb_const_log2(K, prec);
    arb_mul_2exp_si(K, K, 5);                   /* 32 log 2 */
    HKZ_TEST_OK(hkz_ising_kaufman(S, 32, 32, K, prec));
    arb_mul_2exp_si(S, S, -64 * 1024);          /* times x^N */
    for (k = 0; k < 10; k++)
    {
        /* S x^{-2k} = g_k + O(g_{k+1} 2^-128): round to nearest */
        arb_mul_2exp_si(t, S, 128 * k);
        arb_set_d(K, 0.5);
        arb_add(t, t, K, prec);
        arb_floor(t, t, prec);
        HKZ_TEST_CHECK(arb_get_unique_fmpz(g, t), "C13: g_%ld not unique",
                       (long) k);
        fmpz_set_str(ref, beale[k], 10);
        HKZ_TEST_CHECK(fmpz_equal(g, ref), "C13: g_%ld != Beale", (long) k);
        arb_set_fmpz(t, ref);
        arb_mul_2exp_si(t, t, -128 * k);
        arb_sub(S, S, t, prec);
    }
    arb_clear(K);
    arb_clear(S);
    arb_clear(t);
    fmpz_clear(g);
    fmpz_clear(ref);
}

/* C8-C11: Lee-Yang zeros of the tori (field-dependent counts) */
static void check_zeros(void)
{
    static const struct
    {
        slong L;
        const char *K;              /* NULL: K_c */
        slong idx[3];
        const char *z[3];
        const char *dz[2];          /* dtheta/dK of the first and last */
    } cz[] = {
        {4, "0.3", {1, 2, 8}, {"0.18762884087762308822",
         "0.39224594913379773754", "1.4801358621841542691"},
         {"-0.963775", "-0.0415211"}},
        {4, NULL, {1, 2, 8}, {"0.11484614328609183078",
         "0.32206899109348405388", "1.4759297788325066070"},
         {"-0.207413", "-0.0204082"}},
        {6, "0.3", {1, 2, 18}, {"0.12863961417369532812",
         "0.22621040031064652799", "1.5308108924971809473"},
         {"-1.06097", "-0.0212999"}},
        {6, NULL, {1, 2, 18}, {"0.053549266714167075336",
         "0.15041854430052905151", "1.5287021345641017872"},
         {"-0.161673", "-0.00987588"}},
    };
    slong i, j;
    for (i = 0; i < 4; i++)
    {
        hkz_ising_model_t m;
        slong N = cz[i].L * cz[i].L;
        arb_ptr a = _arb_vec_init(N + 1), da = _arb_vec_init(N + 1);
        arb_t K, d;
        hkz_ising_model_init(m);
        arb_init(K);
        arb_init(d);
        make_lattice(m, cz[i].L, cz[i].L, cz[i].K != NULL ? cz[i].K : "1",
                     HKZ_ISING_TORUS);
        if (cz[i].K == NULL)
        {
            kc(K, PREC + 20);
            hkz_ising_model_set_scale(m, K);
            arb_one(K);             /* d/dscale = d/dK */
        }
        else
            arb_set_str(K, cz[i].K, PREC + 20);
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, PREC));
        _arb_vec_scalar_div(da, da, N + 1, K, PREC);
        for (j = 0; j < 3; j++)
            HKZ_TEST_CHECK(it_sign_change(a, N, cz[i].z[j], "1e-16", PREC),
                           "%ldx%ld: no sign change at theta_%ld",
                           (long) cz[i].L, (long) cz[i].L,
                           (long) cz[i].idx[j]);
        it_dtheta(d, a, da, N, cz[i].z[0], PREC);
        HKZ_TEST_CONTAINS(d, cz[i].dz[0], 20, "dtheta_1/dK");
        it_dtheta(d, a, da, N, cz[i].z[2], PREC);
        HKZ_TEST_CONTAINS(d, cz[i].dz[1], 20, "dtheta_last/dK");
        _arb_vec_clear(a, N + 1);
        _arb_vec_clear(da, N + 1);
        arb_clear(K);
        arb_clear(d);
        hkz_ising_model_clear(m);
    }
}

int main(void)
{
    check_tm_vs_enum();
    check_counts();
    check_Z();
    check_beale();
    check_zeros();
    HKZ_TEST_END("ising.lattice");
}
