/* libFuzzer target for the graph-file parser hkz_ising_model_read_str.
 *
 * Every input must either be refused with a status and a message, or give
 * a model that satisfies the documented invariants (vertices 0..n-1, no
 * self-loops, no duplicate edges, canonical couplings, positive weights)
 * and survives a write/read round trip unchanged; small models with small
 * tables also get their exact table checked (2^n configurations, flip
 * symmetric).  A violation aborts, which libFuzzer reports with the
 * input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/hkz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int cond, const char *what)
{
    if (!cond)
    {
        fprintf(stderr, "fuzz_graph: invariant violated: %s\n", what);
        abort();
    }
}

static void check_model(const hkz_ising_model_t m)
{
    slong i, j;
    require(m->n >= 1 && m->n <= HKZ_ISING_MAX_VERTICES, "vertex count");
    require(hkz_ising_model_weight(m) >= m->n, "weights");
    for (i = 0; i < m->nedges; i++)
    {
        require(m->eu[i] >= 0 && m->eu[i] < m->n && m->ev[i] >= 0 &&
                m->ev[i] < m->n, "endpoint out of range");
        require(m->eu[i] != m->ev[i], "self-loop accepted");
        require(fmpz_sgn(fmpq_denref(m->c + i)) > 0, "coupling denominator");
        for (j = 0; j < i; j++)
            require(!((m->eu[i] == m->eu[j] && m->ev[i] == m->ev[j]) ||
                      (m->eu[i] == m->ev[j] && m->ev[i] == m->eu[j])),
                    "duplicate edge accepted");
    }
    if (m->w != NULL)
        for (i = 0; i < m->n; i++)
            require(m->w[i] >= 1, "non-positive weight");
}

/* sum |c_e| * lcm(denominators) <= 4096: a table of a few thousand rows
   (larger ones are legal but would slow the fuzzer down) */
static int small_table(const hkz_ising_model_t m)
{
    fmpz_t l, t, s;
    slong i;
    int ok;
    fmpz_init(l);
    fmpz_init(t);
    fmpz_init(s);
    fmpz_one(l);
    for (i = 0; i < m->nedges; i++)
        fmpz_lcm(l, l, fmpq_denref(m->c + i));
    for (i = 0; i < m->nedges; i++)
    {
        fmpz_divexact(t, l, fmpq_denref(m->c + i));
        fmpz_mul(t, t, fmpq_numref(m->c + i));
        fmpz_abs(t, t);
        fmpz_add(s, s, t);
    }
    ok = fmpz_cmp_ui(s, 4096) <= 0 && hkz_ising_model_weight(m) <= 64;
    fmpz_clear(l);
    fmpz_clear(t);
    fmpz_clear(s);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *out = NULL;
    hkz_ising_model_t m, m2;
    slong i;

    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    hkz_ising_model_init(m);
    hkz_ising_model_init(m2);
    if (hkz_ising_model_read_str(m, text) != HKZ_SUCCESS)
    {
        require(hkz_errmsg()[0] != '\0', "error without a message");
    }
    else
    {
        check_model(m);
        require(hkz_ising_model_get_str(&out, m) == HKZ_SUCCESS, "get_str");
        require(hkz_ising_model_read_str(m2, out) == HKZ_SUCCESS,
                "written model does not read back");
        require(m2->n == m->n && m2->nedges == m->nedges &&
                hkz_ising_model_weight(m2) == hkz_ising_model_weight(m),
                "round trip changed the shape");
        for (i = 0; i < m->nedges; i++)
            require(m2->eu[i] == m->eu[i] && m2->ev[i] == m->ev[i] &&
                    fmpq_equal(m2->c + i, m->c + i),
                    "round trip changed an edge");
        flint_free(out);
        /* small models: the exact table counts 2^n configurations and is
           symmetric under spin flip (k -> W - k) */
        if (m->n <= 10 && small_table(m))
        {
            hkz_ising_dos_t d;
            hkz_ising_dos_init(d);
            if (hkz_ising_dos_enum(d, m, 1) == HKZ_SUCCESS)
            {
                fmpz_t t;
                slong b, k;
                fmpz_init(t);
                hkz_ising_dos_total(t, d);
                require(fmpz_bits(t) == (ulong) m->n + 1 &&
                        fmpz_val2(t) == (ulong) m->n, "total != 2^n");
                for (b = 0; b < d->nb; b++)
                    for (k = 0; k < d->nk; k++)
                        require(fmpz_equal(d->g + b * d->nk + k,
                                           d->g + b * d->nk + d->nk - 1 - k),
                                "table not flip symmetric");
                fmpz_clear(t);
            }
            else
                require(hkz_errmsg()[0] != '\0', "dos error without message");
            hkz_ising_dos_clear(d);
        }
    }
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(m2);
    free(text);
    return 0;
}
