/* (F1) by brute force: C*(gamma) = max over the irreps pi = (x)_i V_{n_i}
 * of SU(2)^n (n_i <= nmax) and the weights k_i of L_hat(pi) (diagonal for
 * product-type L: L_i has eigenvalue n_i^2 - 1 - k_i^2 on the k_i-weight
 * vector, k_i = -(n_i-1), -(n_i-3), ..., n_i-1: parity, spec pitfall 5)
 * of lambda_Delta^gamma / lambda_L, lambda_Delta = sum a_i (n_i^2-1),
 * lambda_L = sum b_i (n_i^2-1-k_i^2) (spec 6.2 F1, 6.4 X4).  Independent
 * of the closed form P3 (consts.c) on purpose: nothing but enumeration. */
#include "hkz_check.h"
#include "su2n_internal.h"

#define BRUTE_MAX 1e8

int hkz_su2n_form_const_brute(arb_t res, slong *argmax,
        const hkz_su2n_weights_t a, const hkz_su2n_weights_t b,
        const arb_t gamma, slong nmax, slong prec)
{
    const char *fn = "hkz_su2n_form_const_brute";
    slong n, i, j, wp = prec + 10, *ns = NULL, *ks = NULL, *kbest = NULL;
    double count;
    arb_t N, D, Dmin, v, best;
    arf_t dmid, bmid;
    int status = HKZ_SUCCESS, have = 0, have_d;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    arb_indeterminate(res);
    HKZ_TRY(_hkz_su2n_check_weights(a, fn));
    HKZ_TRY(_hkz_su2n_check_weights(b, fn));
    HKZ_CHECK(a->family == HKZ_SU2N_LIST && b->family == HKZ_SU2N_LIST,
              HKZ_ERR_ARG, "%s: a and b must be finite lists", fn);
    n = a->len;
    HKZ_CHECK(n >= 1 && b->len == n, HKZ_ERR_ARG, "%s: need two lists of "
              "equal length >= 1 (got %ld, %ld)", fn, (long) a->len,
              (long) b->len);
    HKZ_CHECK(gamma != NULL && arb_is_finite(gamma)
              && arb_is_nonnegative(gamma), HKZ_ERR_DOMAIN, "%s: gamma must "
              "be finite and >= 0", fn);
    HKZ_CHECK(nmax >= 2, HKZ_ERR_ARG, "%s: nmax must be >= 2 (got %ld)", fn,
              (long) nmax);
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    /* sum_{n=1}^{nmax} n weight vectors per factor */
    count = 1.0;
    for (i = 0; i < n && count <= BRUTE_MAX; i++)
        count *= 0.5 * (double) nmax * ((double) nmax + 1.0);
    HKZ_CHECK(count <= BRUTE_MAX, HKZ_ERR_ARG, "%s: %ld factors with nmax = "
              "%ld would enumerate more than %.0e combinations (%.3g)", fn,
              (long) n, (long) nmax, BRUTE_MAX, count);

    ns = flint_malloc(n * sizeof(slong));
    ks = flint_malloc(n * sizeof(slong));
    kbest = flint_malloc(n * sizeof(slong));
    arb_init(N);
    arb_init(D);
    arb_init(Dmin);
    arb_init(v);
    arb_init(best);
    arf_init(dmid);
    arf_init(bmid);
    for (i = 0; i < n; i++)
        ns[i] = 1;

    for (;;)
    {
        /* next n-tuple (odometer); the all-ones tuple (trivial irrep,
           lambda = 0) is skipped */
        for (j = 0; j < n && ns[j] == nmax; j++)
            ns[j] = 1;
        if (j == n)
            break;
        ns[j]++;

        arb_zero(N);
        for (i = 0; i < n; i++)
            arb_addmul_si(N, a->list + i, ns[i] * ns[i] - 1, wp);
        /* all k-tuples: min of lambda_L (> 0: some n_i >= 2 has
           n_i^2 - 1 - k_i^2 >= 2(n_i - 1) > 0, and b_i > 0) */
        for (i = 0; i < n; i++)
            ks[i] = -(ns[i] - 1);
        have_d = 0;
        for (;;)
        {
            arb_zero(D);
            for (i = 0; i < n; i++)
                arb_addmul_si(D, b->list + i,
                              ns[i] * ns[i] - 1 - ks[i] * ks[i], wp);
            if (!have_d)
            {
                arb_set(Dmin, D);
                arf_set(dmid, arb_midref(D));
                for (i = 0; i < n; i++)
                    kbest[i] = ks[i];
                have_d = 1;
            }
            else
            {
                if (arf_cmp(arb_midref(D), dmid) < 0)
                {
                    arf_set(dmid, arb_midref(D));
                    for (i = 0; i < n; i++)
                        kbest[i] = ks[i];
                }
                arb_min(Dmin, Dmin, D, wp);
            }
            /* next k-tuple: k_i steps by 2 (parity of n_i - 1) */
            for (j = 0; j < n && ks[j] == ns[j] - 1; j++)
                ks[j] = -(ns[j] - 1);
            if (j == n)
                break;
            ks[j] += 2;
        }
        /* max_k N^gamma / D = N^gamma / min_k D */
        arb_pow(v, N, gamma, wp);
        arb_div(v, v, Dmin, wp);
        if (!have)
        {
            arb_set(best, v);
            have = 1;
        }
        else
            arb_max(best, best, v, wp);
        if (arf_cmp(arb_midref(v), bmid) > 0 || have == 1)
        {
            arf_set(bmid, arb_midref(v));
            have = 2;
            if (argmax != NULL)
                for (i = 0; i < n; i++)
                {
                    argmax[2 * i] = ns[i];
                    argmax[2 * i + 1] = kbest[i];
                }
        }
    }
    if (arb_is_finite(best))
        arb_set_round(res, best, prec);
    else
        status = hkz_error_set(HKZ_ERR_PREC, "%s: no finite enclosure", fn);

    flint_free(ns);
    flint_free(ks);
    flint_free(kbest);
    arb_clear(N);
    arb_clear(D);
    arb_clear(Dmin);
    arb_clear(v);
    arb_clear(best);
    arf_clear(dmid);
    arf_clear(bmid);
    return status;
}
