/* Fugacity coefficients by enumeration in ball arithmetic (any couplings).
 *
 * Each coupling ball J_e = m_e +- r_e is split into its exact midpoint and
 * radius.  The midpoint energy E_mid(sigma) = sum_e m_e s_e is kept exactly
 * (arf additions without rounding) along a Gray code, and exp(E_mid) is a
 * ball.  The true energy differs by at most R = sum_e r_e, and all weights
 * are positive, so a_k lies in (sum of exp(E_mid)) * [e^-R, e^R].
 */
#include "ising_impl.h"
#include "hkz_check.h"

/* a0 (and a1 when edge >= 0: the edge removed, configurations split by
 * s_u s_v = +1 -> a0, -1 -> a1), each of length W + 1. */
int _hkz_ising_enum_arb(arb_ptr a0, arb_ptr a1, const hkz_ising_model_t m,
                        slong edge, slong prec)
{
    slong n = m->n, W = hkz_ising_model_weight(m), i, j, step, k = 0;
    slong anchor, nfree, *vert = NULL, *adj_off = NULL, *adj_v = NULL;
    slong *s = NULL, *w = NULL;
    arf_struct *mid = NULL, *adj_m = NULL;
    arf_t E, dE;
    arb_t x;
    mag_t R;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(n >= 1 && n <= HKZ_ISING_ENUM_ARB_MAX_N, HKZ_ERR_TOO_LARGE,
              "enumeration in ball arithmetic: N = %ld vertices is too large "
              "(at most %d)", (long) n, HKZ_ISING_ENUM_ARB_MAX_N);
    arf_init(E);
    arf_init(dE);
    arb_init(x);
    mag_init(R);
    mid = flint_malloc(FLINT_MAX(m->nedges, 1) * sizeof(arf_struct));
    for (i = 0; i < m->nedges; i++)
        arf_init(mid + i);
    for (i = 0; i < m->nedges; i++)
    {
        if (i == edge)
            continue;
        HKZ_TRY_GOTO(hkz_ising_model_get_coupling(x, m, i, prec));
        HKZ_CHECK_GOTO(arb_is_finite(x), HKZ_ERR_ARG, "coupling of edge %ld "
                       "is not finite", (long) i);
        arf_set(mid + i, arb_midref(x));
        mag_add(R, R, arb_radref(x));
    }
    /* positions: anchor last; vertex order otherwise unchanged */
    anchor = edge >= 0 ? m->eu[edge] : n - 1;
    nfree = n - 1;
    vert = flint_malloc(n * sizeof(slong));
    for (i = 0, j = 0; i < n; i++)
        if (i != anchor)
            vert[j++] = i;
    vert[j] = anchor;
    w = flint_malloc(n * sizeof(slong));
    s = flint_malloc(n * sizeof(slong));
    /* dense position map */
    {
        slong *pos = flint_malloc(n * sizeof(slong)), *deg;
        for (i = 0; i < n; i++)
            pos[vert[i]] = i;
        for (i = 0; i < n; i++)
            w[i] = m->w != NULL ? m->w[vert[i]] : 1;
        deg = flint_calloc(n + 1, sizeof(slong));
        for (i = 0; i < m->nedges; i++)
            if (i != edge)
                deg[pos[m->eu[i]]]++, deg[pos[m->ev[i]]]++;
        adj_off = flint_malloc((n + 1) * sizeof(slong));
        adj_off[0] = 0;
        for (i = 0; i < n; i++)
            adj_off[i + 1] = adj_off[i] + deg[i];
        adj_v = flint_malloc((adj_off[n] + 1) * sizeof(slong));
        adj_m = flint_malloc((adj_off[n] + 1) * sizeof(arf_struct));
        for (i = 0; i < n; i++)
            deg[i] = adj_off[i];
        for (i = 0; i < m->nedges; i++)
        {
            slong a, b;
            if (i == edge)
                continue;
            a = pos[m->eu[i]];
            b = pos[m->ev[i]];
            adj_v[deg[a]] = b;
            adj_m[deg[a]++] = mid[i];   /* shallow: mid owns the limbs */
            adj_v[deg[b]] = a;
            adj_m[deg[b]++] = mid[i];
        }
        flint_free(deg);
        /* the split vertex, if any, is found by position */
        if (edge >= 0)
            edge = pos[m->ev[edge]];
        flint_free(pos);
    }
    /* all spins up: E = sum of midpoints */
    for (i = 0; i < n; i++)
        s[i] = 1;
    arf_zero(E);
    for (i = 0; i < m->nedges; i++)
        arf_add(E, E, mid + i, ARF_PREC_EXACT, ARF_RND_DOWN);
    _arb_vec_zero(a0, W + 1);
    if (a1 != NULL)
        _arb_vec_zero(a1, W + 1);
    for (step = 0; ; step++)
    {
        arb_ptr a = (edge >= 0 && s[edge] < 0) ? a1 : a0;
        arb_set_arf(x, E);
        arb_exp(x, x, prec);
        arb_add(a + k, a + k, x, prec);
        if (step + 1 >= (WORD(1) << nfree))
            break;
        j = __builtin_ctzl((ulong) (step + 1));
        /* flipping s_j changes E by -2 s_j sum_v m_jv s_v */
        arf_zero(dE);
        for (i = adj_off[j]; i < adj_off[j + 1]; i++)
        {
            if (s[adj_v[i]] > 0)
                arf_add(dE, dE, adj_m + i, ARF_PREC_EXACT, ARF_RND_DOWN);
            else
                arf_sub(dE, dE, adj_m + i, ARF_PREC_EXACT, ARF_RND_DOWN);
        }
        arf_mul_si(dE, dE, -2 * s[j], ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_add(E, E, dE, ARF_PREC_EXACT, ARF_RND_DOWN);
        s[j] = -s[j];
        k += s[j] < 0 ? w[j] : -w[j];
    }
    /* spin flip: a_k += a_{W-k} of the anchored half; then the radius R */
    arb_zero(x);
    mag_set(arb_radref(x), R);
    arb_exp(x, x, prec);
    for (j = 0; j < 1 + (a1 != NULL); j++)
    {
        arb_ptr a = j == 0 ? a0 : a1;
        for (i = 0; i <= W / 2; i++)
        {
            arb_add(a + i, a + i, a + W - i, prec);
            arb_mul(a + i, a + i, x, prec);
            arb_set(a + W - i, a + i);
        }
    }
cleanup:
    if (mid != NULL)
    {
        for (i = 0; i < m->nedges; i++)
            arf_clear(mid + i);
        flint_free(mid);
    }
    flint_free(vert);
    flint_free(w);
    flint_free(s);
    flint_free(adj_off);
    flint_free(adj_v);
    flint_free(adj_m);
    arf_clear(E);
    arf_clear(dE);
    arb_clear(x);
    mag_clear(R);
    if (status != HKZ_SUCCESS)
    {
        _arb_vec_indeterminate(a0, W + 1);
        if (a1 != NULL)
            _arb_vec_indeterminate(a1, W + 1);
    }
    return status;
}

int hkz_ising_poly_enum_arb(arb_ptr a, const hkz_ising_model_t m, slong prec)
{
    return _hkz_ising_enum_arb(a, NULL, m, -1, prec);
}
