/* Issue 12.2: DOS files tied to their model (hkz_ising_dos_save / _load /
 * hkz_ising_model_set_dos) and the uniform-coupling family
 * (hkz_ly_scale_family) against hkz_ising_poly / _poly_dscale. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "hkz_test.h"

/* c (r = 0, 1) of the family at t against e^{-tS} fold(a), e^{-tS}
 * fold(a' - S a) from the model's polynomial at scale t */
static void family_check(hkz_ising_model_t m, const char *t, const char *what)
{
    slong W = hkz_ising_model_weight(m), len = W / 2 + 1, prec = 256, k;
    hkz_ly_scale_family_t sf;
    arb_ptr c = _arb_vec_init(2 * len), a = _arb_vec_init(W + 1);
    arb_ptr da = _arb_vec_init(W + 1), f = _arb_vec_init(len);
    arb_ptr df = _arb_vec_init(len);
    arb_t x, e, S;

    arb_init(x);
    arb_init(e);
    arb_init(S);
    arb_set_str(x, t, prec);
    hkz_ising_model_set_scale(m, x);
    HKZ_TEST_OK(hkz_ly_scale_family_init(sf, m, 1));
    HKZ_TEST_OK(hkz_ly_scale_family(c, 1, x, sf, prec));
    HKZ_TEST_OK(hkz_ising_poly(a, m, prec));
    HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, prec));
    /* S J0 = 2 x (number of bonds) for unit couplings: sum of exponents */
    arb_set_si(S, m->nedges);
    for (k = 0; k <= W; k++)
        arb_submul(da + k, a + k, S, prec);
    hkz_ly_fold(f, a, W, prec);
    hkz_ly_fold(df, da, W, prec);
    arb_mul(e, S, x, prec);
    arb_neg(e, e);
    arb_exp(e, e, prec);
    for (k = 0; k < len; k++)
    {
        arb_mul(f + k, f + k, e, prec);
        arb_mul(df + k, df + k, e, prec);
        HKZ_TEST_CHECK(arb_overlaps(c + k, f + k) &&
                       arb_rel_accuracy_bits(c + k) > 200, "%s: c_%ld",
                       what, (long) k);
        HKZ_TEST_CHECK(arb_overlaps(c + len + k, df + k), "%s: dc_%ld/dt",
                       what, (long) k);
    }
    hkz_ly_scale_family_clear(sf);
    _arb_vec_clear(c, 2 * len);
    _arb_vec_clear(a, W + 1);
    _arb_vec_clear(da, W + 1);
    _arb_vec_clear(f, len);
    _arb_vec_clear(df, len);
    arb_clear(x);
    arb_clear(e);
    arb_clear(S);
}

int main(void)
{
    hkz_ising_model_t m, c, g;
    hkz_ising_dos_t d, e;
    hkz_ly_scale_family_t sf;
    fmpq_t one;
    char path[64], *desc = NULL;
    slong i;
    FILE *f;

    fmpq_init(one);
    fmpq_one(one);
    hkz_ising_model_init(m);
    hkz_ising_model_init(c);
    hkz_ising_model_init(g);
    hkz_ising_dos_init(d);
    hkz_ising_dos_init(e);
    snprintf(path, sizeof(path), "t-dos_reuse.%ld.dos", (long) getpid());
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 3, 4, one, HKZ_ISING_TORUS));
    HKZ_TEST_OK(hkz_ising_model_lattice(c, 3, 4, one, HKZ_ISING_CYLINDER));
    HKZ_TEST_OK(hkz_ising_dos_compute(d, m, 1));
    HKZ_TEST_OK(hkz_ising_dos_save(path, d, m));
    HKZ_TEST_OK(hkz_ising_dos_load(e, m, path));
    HKZ_TEST_CHECK(e->nb == d->nb && e->nk == d->nk &&
                   _fmpz_vec_equal(e->g, d->g, d->nb * d->nk),
                   "table read back");
    /* the table of another model */
    HKZ_TEST_STATUS(hkz_ising_dos_load(e, c, path), HKZ_ERR_ARG);
    /* a correct checksum over a wrong table: hkz_ising_dos_check refuses */
    for (i = d->nk; fmpz_is_zero(d->g + i); i++)
        ;
    fmpz_add_ui(d->g + i, d->g + i, 1);
    HKZ_TEST_OK(hkz_ising_dos_save(path, d, m));
    HKZ_TEST_STATUS(hkz_ising_dos_load(e, m, path), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "table refused") != NULL,
                   "message: %s", hkz_errmsg());
    HKZ_TEST_STATUS(hkz_ising_model_set_dos(m, d), HKZ_ERR_ARG);
    /* a file without a model line */
    f = fopen(path, "w");
    fclose(f);
    HKZ_TEST_STATUS(hkz_ising_dos_load(e, m, path), HKZ_ERR_ARG);
    remove(path);
    HKZ_TEST_STATUS(hkz_ising_dos_load(e, m, path), HKZ_ERR_IO);
    /* the description names the model; the scale is not part of it */
    HKZ_TEST_OK(hkz_ising_dos_model_desc(&desc, c));
    HKZ_TEST_CHECK(strncmp(desc, "lattice 3x4 cylinder vertices=12 edges="
                           "21 W=12 model-fnv1a64:", 59) == 0, "desc '%s'",
                   desc);
    flint_free(desc);
    /* set_dos installs the table: the polynomial comes from it */
    HKZ_TEST_OK(hkz_ising_dos_compute(e, c, 1));
    HKZ_TEST_OK(hkz_ising_model_set_dos(c, e));
    family_check(m, "0.37", "torus 3x4");
    family_check(c, "0.4406867935", "cylinder 3x4");
    HKZ_TEST_OK(hkz_ising_model_read_str(g, "0 1 2\n1 2 1\n2 3 2\n3 0 "
                                         "0.5\n"));
    HKZ_TEST_OK(hkz_ly_scale_family_init(sf, g, 1));
    HKZ_TEST_CHECK(sf->W == 4 && sf->dos != NULL, "graph family");
    hkz_ly_scale_family_clear(sf);
    HKZ_TEST_OK(hkz_ising_model_read_str(g, "0 1 2\n1 2 -1\n"));
    HKZ_TEST_STATUS(hkz_ly_scale_family_init(sf, g, 1), HKZ_ERR_DOMAIN);
    hkz_ising_dos_clear(d);
    hkz_ising_dos_clear(e);
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(c);
    hkz_ising_model_clear(g);
    fmpq_clear(one);
    HKZ_TEST_END("ly.dos_reuse");
}
