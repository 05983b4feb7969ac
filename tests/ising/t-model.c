/* Model constructors, copies, minors, and argument validation of the
 * model, table and polynomial functions (status + message, indeterminate
 * balls on error). */
#include "ising_test.h"

static void check_shapes(void)
{
    hkz_ising_model_t m, c;
    fmpq_t J;
    arb_t x;
    slong i, deg[12] = {0};

    hkz_ising_model_init(m);
    hkz_ising_model_init(c);
    fmpq_init(J);
    arb_init(x);
    fmpq_set_si(J, 1, 3);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 6, J));
    HKZ_TEST_CHECK(m->n == 6 && m->nedges == 15 &&
                   m->kind == HKZ_ISING_COMPLETE, "K_6");
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 3, J, HKZ_ISING_TORUS));
    HKZ_TEST_CHECK(m->n == 12 && m->nedges == 24, "4x3 torus: 2LM bonds");
    for (i = 0; i < m->nedges; i++)
        deg[m->eu[i]]++, deg[m->ev[i]]++;
    for (i = 0; i < 12; i++)
        HKZ_TEST_CHECK(deg[i] == 4, "torus degree");
    HKZ_TEST_CHECK(hkz_ising_model_find_edge(m, 3, 0) >= 0 &&
                   hkz_ising_model_find_edge(m, 8, 0) >= 0 &&
                   hkz_ising_model_find_edge(m, 0, 5) < 0, "torus wraps");
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 3, J, HKZ_ISING_CYLINDER));
    HKZ_TEST_CHECK(m->n == 12 && m->nedges == 20 &&
                   hkz_ising_model_find_edge(m, 8, 0) < 0, "4x3 cylinder");
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 3, 1, J, HKZ_ISING_CYLINDER));
    HKZ_TEST_CHECK(m->nedges == 3, "ring");

    /* copies, couplings as balls, scale */
    HKZ_TEST_OK(hkz_ising_model_set(c, m));
    HKZ_TEST_CHECK(c->nedges == 3 && c->kind == HKZ_ISING_LATTICE, "copy");
    arb_const_pi(x, 64);
    HKZ_TEST_OK(hkz_ising_model_set_coupling_arb(c, 1, x));
    HKZ_TEST_CHECK(!hkz_ising_model_is_exact(c) && c->kind == HKZ_ISING_GRAPH
                   && hkz_ising_model_is_exact(m), "inexact flag");
    HKZ_TEST_OK(hkz_ising_model_set(m, c));
    {
        arb_t pi, y;
        fmpq_t q;
        char *str = NULL;
        arb_init(pi);
        arb_init(y);
        fmpq_init(q);
        arb_const_pi(pi, 64);
        HKZ_TEST_OK(hkz_ising_model_get_coupling(x, m, 1, 64));
        HKZ_TEST_CHECK(arb_overlaps(x, pi) && arb_rel_accuracy_bits(x) > 60,
                       "ball coupling copied");
        arb_set_si(x, 2);
        hkz_ising_model_set_scale(m, x);
        HKZ_TEST_OK(hkz_ising_model_get_coupling(x, m, 0, 64));
        fmpq_set_si(q, 2, 3);
        arb_set_fmpq(y, q, 64);
        HKZ_TEST_CHECK(arb_overlaps(x, y) && arb_rel_accuracy_bits(x) > 60,
                       "scaled coupling = 2 * 1/3");
        HKZ_TEST_STATUS(hkz_ising_model_get_str(&str, m), HKZ_ERR_ARG);
        HKZ_TEST_CHECK(str == NULL, "get_str: output on error");
        arb_clear(pi);
        arb_clear(y);
        fmpq_clear(q);
    }

    /* minors: P4 = 0-1-2-3, contract 1-2 -> weights (1, 2, 1) */
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 4));
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 1, J));
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 1, 2, J));
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 2, 3, J));
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 2, J));
    HKZ_TEST_OK(hkz_ising_model_contract_edge(c, m, 1));
    HKZ_TEST_CHECK(c->n == 3 && c->nedges == 2 && c->w[1] == 2 &&
                   hkz_ising_model_weight(c) == 4, "contract: shape");
    /* 0-1 and 0-2 merge into one edge 0-(12) with coupling 2J */
    i = hkz_ising_model_find_edge(c, 0, 1);
    HKZ_TEST_CHECK(i >= 0 && fmpz_equal_si(fmpq_numref(c->c + i), 2) &&
                   fmpz_equal_si(fmpq_denref(c->c + i), 3),
                   "contract: parallel couplings add");
    HKZ_TEST_OK(hkz_ising_model_delete_edge(c, m, 3));
    HKZ_TEST_CHECK(c->n == 4 && c->nedges == 3 &&
                   hkz_ising_model_find_edge(c, 0, 2) < 0, "delete");
    HKZ_TEST_STATUS(hkz_ising_model_contract_edge(m, m, 0), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_delete_edge(c, m, 4), HKZ_ERR_ARG);

    fmpq_clear(J);
    arb_clear(x);
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(c);
}

static void check_errors(void)
{
    hkz_ising_model_t m;
    hkz_ising_dos_t d, d2;
    fmpq_t J;
    arb_t x;
    arb_ptr a = _arb_vec_init(42), b = _arb_vec_init(42);
    slong w[3] = {1, 0, 1};
    slong i;

    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    hkz_ising_dos_init(d2);
    fmpq_init(J);
    arb_init(x);
    fmpq_one(J);
    /* constructors */
    HKZ_TEST_STATUS(hkz_ising_model_complete(m, 0, J), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_complete(m, 100000, J), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_lattice(m, 2, 4, J, HKZ_ISING_TORUS),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_lattice(m, 4, 2, J, HKZ_ISING_TORUS),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_lattice(m, 4, 0, J, HKZ_ISING_CYLINDER),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_lattice(m, 4, 4, J, 7), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_lattice(m, 100000, 100000, J,
                    HKZ_ISING_TORUS), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_set_empty(m, 0), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 3));
    HKZ_TEST_STATUS(hkz_ising_model_add_edge(m, 0, 0, J), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_add_edge(m, 0, 3, J), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_add_edge(m, -1, 1, J), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 1, J));
    HKZ_TEST_STATUS(hkz_ising_model_add_edge(m, 1, 0, J), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_set_weights(m, w), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_set_coupling(m, 1, J), HKZ_ERR_ARG);
    arb_indeterminate(x);
    HKZ_TEST_STATUS(hkz_ising_model_set_coupling_arb(m, 0, x), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_model_get_coupling(x, m, 5, 64), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(!arb_is_finite(x), "get_coupling: not indeterminate");

    /* ferromagnetic check: negative coupling or scale */
    fmpq_set_si(J, -1, 2);
    HKZ_TEST_OK(hkz_ising_model_set_coupling(m, 0, J));
    HKZ_TEST_STATUS(hkz_ising_model_check_ferro(m), HKZ_ERR_DOMAIN);
    fmpq_one(J);
    HKZ_TEST_OK(hkz_ising_model_set_coupling(m, 0, J));
    HKZ_TEST_OK(hkz_ising_model_check_ferro(m));
    arb_set_si(x, -1);
    hkz_ising_model_set_scale(m, x);
    HKZ_TEST_STATUS(hkz_ising_model_check_ferro(m), HKZ_ERR_DOMAIN);
    arb_zero_pm_one(x);
    HKZ_TEST_OK(hkz_ising_model_set_coupling_arb(m, 0, x));
    arb_one(x);
    hkz_ising_model_set_scale(m, x);
    HKZ_TEST_STATUS(hkz_ising_model_check_ferro(m), HKZ_ERR_DOMAIN);

    /* methods: sizes and kinds */
    HKZ_TEST_STATUS(hkz_ising_dos_enum(d, m, 2), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_dos_transfer(d, m), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_poly_edge(a, b, m, 3, 64), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(!arb_is_finite(a) && !arb_is_finite(b + 3),
                   "poly_edge: not indeterminate");
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 41));
    for (i = 0; i + 1 < 41; i++)
        HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, i + 1, J));
    HKZ_TEST_STATUS(hkz_ising_dos_enum(d, m, 2), HKZ_ERR_TOO_LARGE);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "too large") != NULL, "N message");
    HKZ_TEST_STATUS(hkz_ising_poly(a, m, 64), HKZ_ERR_TOO_LARGE);
    for (i = 0; i < 42; i++)
        HKZ_TEST_CHECK(!arb_is_finite(a + i), "poly: not indeterminate");
    HKZ_TEST_STATUS(hkz_ising_poly_enum_arb(a, m, 64), HKZ_ERR_TOO_LARGE);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 20, 20, J, HKZ_ISING_TORUS));
    HKZ_TEST_STATUS(hkz_ising_dos_transfer(d, m), HKZ_ERR_TOO_LARGE);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 3, 3, J, HKZ_ISING_TORUS));
    HKZ_TEST_STATUS(hkz_ising_dos_enum_edge(d, d, m, 0, 2), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_dos_enum_edge(d, d2, m, 18, 2), HKZ_ERR_ARG);
    /* evaluating an empty table */
    HKZ_TEST_STATUS(hkz_ising_dos_Z(x, d, x, 64), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(!arb_is_finite(x), "dos_Z: not indeterminate");
    /* Kaufman needs K > 0 */
    arb_zero(x);
    HKZ_TEST_STATUS(hkz_ising_kaufman(x, 4, 4, x, 64), HKZ_ERR_DOMAIN);
    arb_set_si(x, 1);
    HKZ_TEST_STATUS(hkz_ising_kaufman(x, 0, 4, x, 64), HKZ_ERR_DOMAIN);

    _arb_vec_clear(a, 42);
    _arb_vec_clear(b, 42);
    fmpq_clear(J);
    arb_clear(x);
    hkz_ising_dos_clear(d);
    hkz_ising_dos_clear(d2);
    hkz_ising_model_clear(m);
}

int main(void)
{
    check_shapes();
    check_errors();
    HKZ_TEST_END("ising.model");
}
