/* milnor_internal.h -- private helpers of the Milnor-family heat kernel
 * (groups/su2/heat_milnor*.c, milnor_*.c); not installed. */
#ifndef HKZ_SU2_MILNOR_INTERNAL_H
#define HKZ_SU2_MILNOR_INTERNAL_H

#include "hkz/su2.h"

/* Index convention: in V_n (n = 2j+1) the basis vector e_k of spec 1.3
 * (dpi_n(Z) e_k = i k e_k, k = -(n-1), -(n-3), ..., n-1) is stored at
 * index i = (k + n - 1)/2 = j + m, i = 0..n-1. */

/* Dn = pi_n(g) from Dp = pi_{n-1}(g) (n >= 2), g = [[a, -conj b], [b,
 * conj a]]; see milnor_wigner.c for the recurrence.  Dn is n x n, Dp is
 * (n-1) x (n-1), no aliasing. */
void _hkz_su2_wigner_next(acb_mat_t Dn, const acb_mat_t Dp, const acb_t a,
                          const acb_t b, slong prec);

/* Same in complex double: hkz_su2_wigner_next_d (hkz/su2.h). */

/* Entries of L_n = -(a dpi(X)^2 + b dpi(Y)^2 + c dpi(Z)^2) in the index
 * convention above: L_n[i][i] = (a+b)(n^2-1-k^2)/2 + c k^2 (k = 2i-n+1),
 * L_n[i+2][i] = L_n[i][i+2] = (b-a) sqrt((i+1)(i+2)(n-1-i)(n-2-i)), all
 * other entries 0 (see heat_milnor.c for the derivation). */
void _hkz_su2_milnor_diag(arb_t res, const arb_t a, const arb_t b,
                          const arb_t c, slong n, slong i, slong prec);
void _hkz_su2_milnor_offdiag(arb_t res, const arb_t bma, slong n, slong i,
                             slong prec);

/* Truncation for sum_n n Re tr(pi_n(g) e^{-t L_n}): smallest N with
 * sum_{n>N} n^2 e^{-t m_n} <= 2^{-bits} (estimate in doubles), where
 * m_n = 2 d (n-1) + e (n-1)^2, d = min(a,b), e = min(a,b,c); -1 if
 * N > nmax. */
slong _hkz_su2_milnor_nterms(double d, double e, double t, double bits,
                             slong nmax);

/* Weights of the Milnor grid (heat_milnor_grid_w.c): C[mode + j ldc] =
 * n (E_n(t_j))_{jk} and their bounds cerr, all modes of pi_n for n <= N
 * (pairs j <= k of equal parity; diag: j = k only), all nt times. */
void _hkz_su2_milnor_grid_weights(double *C, double *cerr, size_t ldc,
        double a, double b, double c, int diag, const double *t, size_t nt,
        slong N);

#endif
