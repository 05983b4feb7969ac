/* The digits-level Lee-Yang calls (hkz/digits.h): the coupling read once
 * at the precision rule, W from the model, the drivers of ly.h with the
 * goal of `digits` -- hkz zeros cw / graph / lattice. */
#include <string.h>
#include "hkz/digits.h"
#include "hkz_check.h"

/* Options of a digits call: the caller's (or the defaults) with the goal
 * of `digits` and automatic max_prec. */
static int digits_opts(hkz_ly_opts_t *o, const hkz_ly_opts_t *opts,
                       slong digits)
{
    hkz_goal_t g;
    HKZ_TRY(hkz_digits_goal(&g, digits));
    HKZ_CHECK(opts == NULL || opts->split == NULL, HKZ_ERR_ARG,
              "the digits calls run in one process (opts->split must be "
              "NULL)");
    if (opts != NULL)
        *o = *opts;
    else
        hkz_ly_opts_init(o);
    hkz_ly_opts_set_digits(o, digits);
    o->goal.max_prec = 0;
    return HKZ_SUCCESS;
}

/* The input precision of a coupling of a model of weight W: 64 bits above
 * the drivers' automatic max_prec (2 rel_bits + 4 W + 1024), and at least
 * `floor` (the precision the CLI reads at, so that the balls agree). */
static slong input_prec(const hkz_ly_opts_t *o, slong W, slong floor)
{
    return FLINT_MAX(2 * o->goal.rel_bits + 4 * W + 1088, floor);
}

static int read_coupling(arb_t K, const char *name, const char *s,
                         slong prec)
{
    if (s != NULL && strcmp(s, "kc") == 0)
        hkz_ising_kc(K, prec);
    else
        HKZ_TRY(hkz_digits_read(K, name, s, prec));
    HKZ_CHECK(arb_is_positive(K), HKZ_ERR_ARG, "%s must be > 0 (got %s)",
              name, s);
    return HKZ_SUCCESS;
}

int hkz_ly_cw_zeros_digits(hkz_ly_zeros_t z, slong N, const char *t,
                           slong digits, const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    arb_t tb;
    int status;

    HKZ_TRY(digits_opts(&o, opts, digits));
    HKZ_CHECK(N >= 1 && N <= (WORD(1) << 24), HKZ_ERR_ARG,
              "N must lie in [1, 2^24] (got %ld)", (long) N);
    arb_init(tb);
    /* the direct sum needs t to about rel_bits + 2.3 N bits (the CLI's
     * reading, hkz zeros cw) */
    HKZ_TRY_GOTO(read_coupling(tb, "t", t, input_prec(&o, N,
                 hkz_digits_to_bits(digits) + 8 * N + 1024)));
    hkz_ly_zeros_clear(z);
    hkz_ly_zeros_init(z, N);
    status = hkz_ly_cw_zeros(z, N, tb, &o);
cleanup:
    arb_clear(tb);
    return status;
}

int hkz_ly_zeros_model_digits(hkz_ly_zeros_t z, const hkz_ising_model_t m,
                              const char *coupling, slong digits,
                              const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    hkz_ising_model_t mk;
    arb_t K;
    slong W = hkz_ising_model_weight(m);
    int status;

    HKZ_TRY(digits_opts(&o, opts, digits));
    HKZ_CHECK(W >= 1, HKZ_ERR_ARG, "the model has no vertices");
    hkz_ising_model_init(mk);
    arb_init(K);
    HKZ_TRY_GOTO(hkz_ising_model_set(mk, m));
    if (coupling != NULL)
    {
        /* 4096 bits: the CLI's reading of --coupling */
        HKZ_TRY_GOTO(read_coupling(K, "coupling", coupling,
                                   input_prec(&o, W, 4096)));
        hkz_ising_model_set_scale(mk, K);
    }
    HKZ_TRY_GOTO(hkz_ising_model_check_ferro(mk));
    hkz_ly_zeros_clear(z);
    hkz_ly_zeros_init(z, W);
    status = hkz_ly_zeros_model(z, mk, &o);
cleanup:
    hkz_ising_model_clear(mk);
    arb_clear(K);
    return status;
}

int hkz_ly_graph_zeros_digits(hkz_ly_zeros_t z, const char *edges,
                              slong digits, const hkz_ly_opts_t *opts)
{
    hkz_ising_model_t m;
    int status;

    HKZ_CHECK(edges != NULL, HKZ_ERR_ARG, "edges: missing edge list");
    hkz_ising_model_init(m);
    HKZ_TRY_GOTO(hkz_ising_model_read_str(m, edges));
    status = hkz_ly_zeros_model_digits(z, m, NULL, digits, opts);
cleanup:
    hkz_ising_model_clear(m);
    return status;
}

int hkz_ly_lattice_zeros_digits(hkz_ly_zeros_t z, slong L, slong M,
                                int boundary, const char *coupling,
                                slong digits, const hkz_ly_opts_t *opts)
{
    hkz_ising_model_t m;
    fmpq_t one;
    int status;

    HKZ_CHECK(boundary == HKZ_ISING_TORUS || boundary == HKZ_ISING_CYLINDER,
              HKZ_ERR_ARG, "boundary must be HKZ_ISING_TORUS or "
              "HKZ_ISING_CYLINDER (got %d)", boundary);
    HKZ_CHECK(coupling != NULL, HKZ_ERR_ARG, "coupling: missing");
    hkz_ising_model_init(m);
    fmpq_init(one);
    fmpq_one(one);
    /* unit multipliers and the coupling as the scale, as hkz zeros
     * lattice builds it: the density of states counts unsatisfied bonds */
    HKZ_TRY_GOTO(hkz_ising_model_lattice(m, L, M, one, boundary));
    status = hkz_ly_zeros_model_digits(z, m, coupling, digits, opts);
cleanup:
    fmpq_clear(one);
    hkz_ising_model_clear(m);
    return status;
}
