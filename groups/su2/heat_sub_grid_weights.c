/* The weights C[mode] = (2m+k+1) e^{-lambda t}, lambda = 4m(m+k+1) + 2k,
 * of one time of the sub-Laplacian grid plan (heat_sub_grid_plan.c) in
 * double with a proven error bound, for d = 0.
 *
 * Two Arb tables per time (96 bits): S[r] = e^{-r t} (r < B) and
 * L[i] = e^{-i B t} (i <= lambda_max / B), B = ceil(sqrt(lambda_max + 1)),
 * rounded to doubles S~, L~ with |S~ - S| <= eS, |L~ - L| <= eL
 * (_hkz_su2_grid_get_d).  With lambda = i B + r and n = 2m+k+1 <= 2^53:
 *   C~ = fl(fl(L~[i] S~[r]) n).
 * Higham, Accuracy and Stability of Numerical Algorithms (2002), (2.4) and
 * Lemma 3.1: fl(x y) = x y (1 + delta), |delta| <= u = 2^-53, for normal
 * results, so with L~ = L (1 + a), S~ = S (1 + b), |a| <= aL, |b| <= aS:
 *   C~ = C (1 + a)(1 + b)(1 + d1)(1 + d2),
 *   |C~ - C| <= C ((1 + aL)(1 + aS)(1 + u)^2 - 1) =: C eta,
 * and C <= C~ / (1 - eta), so |C~ - C| <= C~ eta / (1 - eta).  For aL, aS
 * <= 2^-40: eta <= (aL + aS + 2u)(1 + 2^-38) and 1/(1 - eta) <= 1 + 2^-38,
 * so cerr = 1.01 (aL + aS + 2u) C~ bounds it (the 1.01 also covers the
 * roundings of cerr itself).  Results below 2^-1000 (subnormal range
 * nearby): each rounding adds at most 2^-1075 absolute (Higham (2.8)), the
 * second one after a factor n: (n + 1) 2^-1074 is added to every cerr.
 * Table entries below 2^-900 give C~ = 0, cerr = n 2^-899 >= n L S. */
#include <math.h>
#include <stdlib.h>
#include "su2_grid_internal.h"

#define TAB_PREC 96

/* relative error bound of a table entry (0 if it cannot be given) */
static int table(double *v, double *rel, slong n, const arb_t step)
{
    arb_t x;
    slong i;
    double e;
    int ok = 1;

    arb_init(x);
    arb_one(x);
    for (i = 0; i < n; i++)
    {
        v[i] = _hkz_su2_grid_get_d(&e, x);
        if (!(v[i] >= 0x1p-900))
        {
            v[i] = 0.0;   /* tiny: C~ = 0 */
            rel[i] = 0.0;
        }
        else
        {
            rel[i] = (e / v[i]) * 1.001;
            if (!(rel[i] <= 0x1p-40))
                ok = 0;
        }
        arb_mul(x, x, step, TAB_PREC);
    }
    arb_clear(x);
    return ok;
}

int _hkz_su2_sub_weights_d(double *C, double *cerr, double t,
                           const slong *Mk, slong K)
{
    slong k, m, lmax = 0, B, nL, mode = 0;
    double *S, *L, *rS, *rL;
    arb_t tt, step;
    int ok;

    for (k = 0; k <= K; k++)
        lmax = FLINT_MAX(lmax, 4 * Mk[k] * (Mk[k] + k + 1) + 2 * k);
    B = (slong) ceil(sqrt((double) lmax + 1.0));
    nL = lmax / B + 1;
    S = malloc(2 * (B + nL) * sizeof(double));
    if (S == NULL)
        return 0;
    L = S + B;
    rS = L + nL;
    rL = rS + B;
    arb_init(tt);
    arb_init(step);
    arb_set_d(tt, t);
    arb_neg(step, tt);
    arb_exp(step, step, TAB_PREC);                /* e^{-t} */
    ok = table(S, rS, B, step);
    arb_mul_si(step, tt, -B, TAB_PREC);
    arb_exp(step, step, TAB_PREC);                /* e^{-B t} */
    ok = ok && table(L, rL, nL, step);
    for (k = 0; ok && k <= K; k++)
        for (m = 0; m <= Mk[k]; m++, mode++)
        {
            slong lam = 4 * m * (m + k + 1) + 2 * k, i = lam / B,
                  r = lam - i * B;
            double n = (double) (2 * m + k + 1);

            if (L[i] == 0.0 || S[r] == 0.0)
            {
                C[mode] = 0.0;
                cerr[mode] = ldexp(n, -899);
                continue;
            }
            C[mode] = (L[i] * S[r]) * n;
            cerr[mode] = 1.01 * (rL[i] + rS[r] + 0x1p-52) * C[mode]
                         + ldexp(n + 1.0, -1074);
        }
    arb_clear(tt);
    arb_clear(step);
    free(S);
    return ok;
}
