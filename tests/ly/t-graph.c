/* Zeros of small graphs and lattices against spec section 5 B and C
 * (references from the spec's 50-digit enumeration), directions of motion
 * (spec 2.2, 2.4, 2.7: B9-B11 have an increasing zero), and B8: K4 with
 * J23 = 30 against the contracted graph (t -> infinity, spec 2.3). */
#include "hkz_test.h"

static void read_model(hkz_ising_model_t m, const char *text)
{
    HKZ_TEST_OK(hkz_ising_model_read_str(m, text));
}

/* sign of d theta/d p = -F_p/F_theta on the ball th, where F_p has the
 * unfolded coefficients da (0 if undecided) */
static int dsign(arb_srcptr a, arb_srcptr da, slong W, const arb_t th,
                 slong prec)
{
    arb_ptr c = _arb_vec_init(W / 2 + 1), dc = _arb_vec_init(W / 2 + 1);
    arb_struct v[2], w;
    int s = 0;
    arb_init(v + 0);
    arb_init(v + 1);
    arb_init(&w);
    hkz_ly_fold(c, a, W, prec);
    hkz_ly_fold(dc, da, W, prec);
    if (hkz_ly_cos_eval(v, 1, c, W, th, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(&w, 0, dc, W, th, prec) == HKZ_SUCCESS &&
        !arb_contains_zero(v + 1) && !arb_contains_zero(&w))
        s = arb_is_positive(v + 1) == arb_is_positive(&w) ? -1 : 1;
    _arb_vec_clear(c, W / 2 + 1);
    _arb_vec_clear(dc, W / 2 + 1);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(&w);
    return s;
}

/* zeros of m checked against refs (first entries; last ref is theta_n if
 * last_is_n); signs (if not NULL) of d theta/d(all couplings) */
static void check(const char *name, const hkz_ising_model_t m,
                  const char **refs, int nref, int last_is_n,
                  const int *signs, hkz_ly_zeros_t out)
{
    slong W = hkz_ising_model_weight(m), n = W / 2, j, prec = 256;
    hkz_ly_opts_t o;
    char what[160];

    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 20);
    hkz_ly_zeros_init(out, W);
    HKZ_TEST_OK(hkz_ly_zeros_model(out, m, &o));
    HKZ_TEST_CHECK(out->complete && out->nisolated == n, "%s: %ld of %ld "
                   "zeros", name, (long) out->nisolated, (long) n);
    for (j = 0; j < nref && out->complete; j++)
    {
        slong k = (last_is_n && j == nref - 1) ? n - 1 : j;
        snprintf(what, sizeof(what), "%s theta_%ld", name, (long) k + 1);
        HKZ_TEST_CONTAINS(out->theta + k, refs[j], 60, what);
    }
    if (signs != NULL && out->complete)
    {
        arb_ptr a = _arb_vec_init(W + 1), da = _arb_vec_init(W + 1);
        HKZ_TEST_OK(hkz_ising_poly(a, m, prec));
        HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, prec));
        for (j = 0; j < n; j++)
            HKZ_TEST_CHECK(dsign(a, da, W, out->theta + j, prec) == signs[j],
                           "%s: sign of d theta_%ld/dJ", name, (long) j + 1);
        _arb_vec_clear(a, W + 1);
        _arb_vec_clear(da, W + 1);
    }
}

/* sign of d theta_j / dt for the coupling t of one edge (spec 2.2) */
static void edge_signs(const char *name, const hkz_ising_model_t m,
                       slong edge, const hkz_ly_zeros_t z, const int *signs)
{
    slong W = z->W, j, k, prec = 256;
    arb_ptr ap = _arb_vec_init(W + 1), am = _arb_vec_init(W + 1);
    arb_ptr a = _arb_vec_init(W + 1), da = _arb_vec_init(W + 1);
    arb_t J, ep, em;
    arb_init(J);
    arb_init(ep);
    arb_init(em);
    HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, edge, prec));
    HKZ_TEST_OK(hkz_ising_model_get_coupling(J, m, edge, prec));
    arb_exp(ep, J, prec);
    arb_neg(em, J);
    arb_exp(em, em, prec);
    for (k = 0; k <= W; k++)
    {
        arb_mul(a + k, ap + k, ep, prec);
        arb_addmul(a + k, am + k, em, prec);
        arb_mul(da + k, ap + k, ep, prec);
        arb_submul(da + k, am + k, em, prec);
    }
    for (j = 0; j < z->n && z->complete; j++)
        HKZ_TEST_CHECK(dsign(a, da, W, z->theta + j, prec) == signs[j],
                       "%s: sign of d theta_%ld/dt", name, (long) j + 1);
    _arb_vec_clear(ap, W + 1);
    _arb_vec_clear(am, W + 1);
    _arb_vec_clear(a, W + 1);
    _arb_vec_clear(da, W + 1);
    arb_clear(J);
    arb_clear(ep);
    arb_clear(em);
}

int main(void)
{
    hkz_ising_model_t m;
    hkz_ly_zeros_t z, z2;
    static const int mm[] = {-1, -1}, b10[] = {-1, 1, -1}, b11[] = {-1, -1, 1};
    static const int b9[] = {-1, 1};
    arb_t K;
    fmpq_t one;

    hkz_ising_model_init(m);
    arb_init(K);
    fmpq_init(one);
    {
        const char *r[] = {"0.67269670567539589508"};
        read_model(m, "0 1 1\n1 2 0.5\n");
        check("B1 P3", m, r, 1, 0, NULL, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.54047056635056698935"};
        read_model(m, "0 1 1\n1 2 0.5\n0 2 2\n");
        check("B2 triangle", m, r, 1, 0, NULL, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.41434624888562524654", "1.1819050744136287180"};
        read_model(m, "0 1 1\n1 2 1\n2 3 1\n3 0 1\n");
        check("B3 C4", m, r, 2, 0, mm, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.47770912733856172772", "1.1952313651435163141"};
        read_model(m, "0 1 1\n1 2 1\n2 3 1\n");
        check("B4 P4", m, r, 2, 0, mm, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.40124913015850366509", "1.1842159575991723918"};
        read_model(m, "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n");
        check("B5 K4-e", m, r, 2, 0, NULL, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.39647293937339423970", "1.1808338745917345944"};
        read_model(m, "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n2 3 0.5\n");
        check("B6 K4", m, r, 2, 0, NULL, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.39469642676192499786", "1.1796036725099792722"};
        read_model(m, "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n2 3 1\n");
        check("B7 K4 = CW(4, 1)", m, r, 2, 0, mm, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.39365763922693614819", "1.1788911424022592925"};
        slong j;
        read_model(m, "vertices 3\nweight 2 2\n0 1 1\n0 2 2\n1 2 2\n");
        check("B8 contracted K4", m, r, 2, 0, NULL, z);
        read_model(m, "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n2 3 30\n");
        check("B8 K4 J23=30", m, r, 2, 0, NULL, z2);
        for (j = 0; j < 2; j++)
            HKZ_TEST_OVERLAP(z->theta + j, z2->theta + j, "t = 30 vs G/e");
        hkz_ly_zeros_clear(z);
        hkz_ly_zeros_clear(z2);
    }
    {
        const char *r[] = {"0.42976131062043599625", "1.1537503917412366043"};
        read_model(m, "0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n");
        check("B9 C4", m, r, 2, 0, NULL, z);
        edge_signs("B9 C4 edge 12", m, hkz_ising_model_find_edge(m, 1, 2), z,
                   b9);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.26506265239993956747", "0.78257036377298948916",
                           "1.3120642063098701304"};
        read_model(m, "0 1 2\n1 2 2\n0 2 2\n3 4 2\n4 5 2\n3 5 2\n2 3 2\n");
        check("B10 barbell", m, r, 3, 0, b10, z);
        hkz_ly_zeros_clear(z);
    }
    {
        const char *r[] = {"0.29227561232497613755", "0.81292286894852374917",
                           "1.3026897928644277171"};
        read_model(m, "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n2 3 1\n3 4 1\n"
                      "4 5 1\n");
        check("B11 K4 + path", m, r, 3, 0, b11, z);
        hkz_ly_zeros_clear(z);
    }
    /* C8, C9: 4 x 4 torus at K = 0.3 and K_c = log(1 + sqrt 2)/2 */
    {
        const char *r3[] = {"0.18762884087762308822", "0.39224594913379773754",
                            "1.4801358621841542691"};
        const char *rc[] = {"0.11484614328609183078", "0.32206899109348405388",
                            "1.4759297788325066070"};
        static const int dec8[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
        fmpq_set_si(one, 3, 10);
        HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 4, one, HKZ_ISING_TORUS));
        check("C8 4x4 K=0.3", m, r3, 3, 1, dec8, z);
        hkz_ly_zeros_clear(z);
        fmpq_one(one);
        HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 4, one, HKZ_ISING_TORUS));
        arb_sqrt_ui(K, 2, 512);
        arb_add_ui(K, K, 1, 512);
        arb_log(K, K, 512);
        arb_mul_2exp_si(K, K, -1);
        hkz_ising_model_set_scale(m, K);
        check("C9 4x4 K_c", m, rc, 3, 1, dec8, z);
        hkz_ly_zeros_clear(z);
    }
    /* C10, C11: 6 x 6 torus; all 18 zeros decrease in K */
    {
        const char *r3[] = {"0.12863961417369532812", "0.22621040031064652799",
                            "1.5308108924971809473"};
        const char *rc[] = {"0.053549266714167075336",
                            "0.15041854430052905151", "1.5287021345641017872"};
        int dec18[18], i;
        for (i = 0; i < 18; i++)
            dec18[i] = -1;
        fmpq_set_si(one, 3, 10);
        HKZ_TEST_OK(hkz_ising_model_lattice(m, 6, 6, one, HKZ_ISING_TORUS));
        check("C10 6x6 K=0.3", m, r3, 3, 1, NULL, z);
        hkz_ly_zeros_clear(z);
        fmpq_one(one);
        HKZ_TEST_OK(hkz_ising_model_lattice(m, 6, 6, one, HKZ_ISING_TORUS));
        hkz_ising_model_set_scale(m, K);
        check("C11 6x6 K_c", m, rc, 3, 1, dec18, z);
        hkz_ly_zeros_clear(z);
    }
    hkz_ising_model_clear(m);
    arb_clear(K);
    fmpq_clear(one);
    HKZ_TEST_END("ly.graph");
}
