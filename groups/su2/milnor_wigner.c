/* Representation matrices pi_n(g) of SU(2) (Wigner D-matrices) in the
 * Z-eigenbasis of spec 1.3, by a recurrence in the dimension n.
 *
 * Realization.  V_n = homogeneous polynomials of degree n-1 in two
 * commuting variables u, v (Schwinger bosons), with orthonormal basis
 * |i> = u^i v^{n-1-i} / sqrt(i! (n-1-i)!), i = 0..n-1, for the inner
 * product making u, v independent unit oscillators.  g = [[a, -conj b],
 * [b, conj a]] acts by the substitution u -> U = a u + b v,
 * v -> V = -conj(b) u + conj(a) v (g's columns), which is an algebra
 * homomorphism, so pi_n(g h) = pi_n(g) pi_n(h) (pi_n(g) f(x) = f(x g) for
 * the row vector x = (u, v)).
 *
 * Index convention: |i> = u^i v^{n-1-i}/sqrt(i!(n-1-i)!), i = j + m, so
 * i = n-1 is u^{n-1}, the highest weight.  For n = 2, |1> = u = e_{+1},
 * |0> = v = e_{-1}, and in index order (0, 1)
 * pi_2(g) = [[conj a, b], [-conj b, a]], i.e. g itself in the order
 * (e_{+1}, e_{-1}).
 *
 * Derived representation.  The substitution by exp(sA) differentiates to
 * the operator sum_{k,l} A_{kl} x_k d/dx_l (x_1 = u, x_2 = v), i.e. the
 * Schwinger map; for A = i sigma/2 it gives i J with the Condon-Shortley
 * phases (J_+ = u d/dv has nonnegative entries
 * <i+1|J_+|i> = sqrt((i+1)(n-1-i))), and J_z = (u d/du - v d/dv)/2 has
 * eigenvalue i - (n-1)/2 = m on |i>.  Hence, with X = i sigma_y, Y =
 * i sigma_x, Z = i sigma_z (spec 1.1): dpi_n(X) = 2i J_y = J_+ - J_-,
 * dpi_n(Y) = 2i J_x = i(J_+ + J_-), dpi_n(Z) = 2i J_z = diag(i k),
 * k = 2i - (n-1), which is the basis e_k of spec 1.3 at index
 * i = (k + n - 1)/2.  (The tests check pi_n(exp(sV)) = exp(s dpi_n(V)).)
 *
 * Recurrence.  D^n[i'][i] = <i'| pi_n(g) |i>.  For i >= 1,
 * pi_n(g)|i> = U pi_{n-1}(g)|i-1> / sqrt(i) (as U^i V^{n-1-i}/sqrt(i!(n-1-i)!)
 * = U (U^{i-1} V^{n-1-i}/sqrt((i-1)!(n-1-i)!)) / sqrt(i)), and multiplying
 * a basis vector of V_{n-1} by u or v gives u|i''> = sqrt(i''+1)|i''+1>,
 * v|i''> = sqrt(n-1-i'')|i''> in V_n.  So
 *   D^n[i'][i] = (a sqrt(i') D^{n-1}[i'-1][i-1]
 *                 + b sqrt(n-1-i') D^{n-1}[i'][i-1]) / sqrt(i),    i >= 1,
 *   D^n[i'][0] = (-conj(b) sqrt(i') D^{n-1}[i'-1][0]
 *                 + conj(a) sqrt(n-1-i') D^{n-1}[i'][0]) / sqrt(n-1),
 * with out-of-range entries of D^{n-1} read as 0.  Every step combines
 * entries with weights of modulus at most 1 (a unitary-like update), so it
 * is stable; entries of D^n have modulus <= 1 for unit g. */
#include "hkz/su2.h"
#include "hkz_check.h"
#include "milnor_internal.h"

void _hkz_su2_wigner_next(acb_mat_t Dn, const acb_mat_t Dp, const acb_t a,
                          const acb_t b, slong prec)
{
    slong n = acb_mat_nrows(Dn), i, ip;
    arb_ptr sq;
    acb_t ca, mcb, s, u;

    sq = _arb_vec_init(n);
    acb_init(ca);
    acb_init(mcb);
    acb_init(s);
    acb_init(u);
    for (i = 0; i < n; i++)
        arb_sqrt_ui(sq + i, (ulong) i, prec);
    acb_conj(ca, a);
    acb_conj(mcb, b);
    acb_neg(mcb, mcb);

    for (i = 0; i < n; i++)
    {
        /* column i of D^n from column max(i-1, 0) of D^{n-1} */
        const acb_struct *cu = (i == 0) ? mcb : a;   /* factor of u */
        const acb_struct *cv = (i == 0) ? ca : b;    /* factor of v */
        slong col = (i == 0) ? 0 : i - 1;
        for (ip = 0; ip < n; ip++)
        {
            acb_zero(s);
            if (ip >= 1)
            {
                acb_mul(u, cu, acb_mat_entry(Dp, ip - 1, col), prec);
                acb_addmul_arb(s, u, sq + ip, prec);
            }
            if (ip <= n - 2)
            {
                acb_mul(u, cv, acb_mat_entry(Dp, ip, col), prec);
                acb_addmul_arb(s, u, sq + n - 1 - ip, prec);
            }
            acb_div_arb(acb_mat_entry(Dn, ip, i), s,
                        sq + (i == 0 ? n - 1 : i), prec);
        }
    }

    _arb_vec_clear(sq, n);
    acb_clear(ca);
    acb_clear(mcb);
    acb_clear(s);
    acb_clear(u);
}

void hkz_su2_wigner_next_d(double *Dn, const double *Dp, slong n,
                            const double g[4])
{
    slong i, ip, m = n - 1;
    double cu[2], cv[2], sr, si, w;

    for (i = 0; i < n; i++)
    {
        slong col = (i == 0) ? 0 : i - 1;
        double den = sqrt((double) (i == 0 ? n - 1 : i));
        if (i == 0)
        {
            cu[0] = -g[2];      /* -conj(b) */
            cu[1] = g[3];
            cv[0] = g[0];       /* conj(a) */
            cv[1] = -g[1];
        }
        else
        {
            cu[0] = g[0];       /* a */
            cu[1] = g[1];
            cv[0] = g[2];       /* b */
            cv[1] = g[3];
        }
        for (ip = 0; ip < n; ip++)
        {
            sr = si = 0.0;
            if (ip >= 1)
            {
                const double *d = Dp + 2 * ((ip - 1) * m + col);
                w = sqrt((double) ip);
                sr += w * (cu[0] * d[0] - cu[1] * d[1]);
                si += w * (cu[0] * d[1] + cu[1] * d[0]);
            }
            if (ip <= n - 2)
            {
                const double *d = Dp + 2 * (ip * m + col);
                w = sqrt((double) (n - 1 - ip));
                sr += w * (cv[0] * d[0] - cv[1] * d[1]);
                si += w * (cv[0] * d[1] + cv[1] * d[0]);
            }
            Dn[2 * (ip * n + i)] = sr / den;
            Dn[2 * (ip * n + i) + 1] = si / den;
        }
    }
}

int hkz_su2_wigner_mat(acb_mat_t D, const hkz_su2_elem_t g, slong prec)
{
    slong n = acb_mat_nrows(D), k;
    acb_mat_t A, B;

    HKZ_CHECK(n >= 1 && acb_mat_ncols(D) == n, HKZ_ERR_ARG,
              "hkz_su2_wigner_mat: D must be square of size >= 1 "
              "(got %ld x %ld)", (long) n, (long) acb_mat_ncols(D));
    acb_mat_init(A, 1, 1);
    acb_one(acb_mat_entry(A, 0, 0));
    for (k = 2; k <= n; k++)
    {
        acb_mat_init(B, k, k);
        _hkz_su2_wigner_next(B, A, &g->a, &g->b, prec);
        acb_mat_swap(A, B);
        acb_mat_clear(B);
    }
    acb_mat_set(D, A);
    acb_mat_clear(A);
    return HKZ_SUCCESS;
}
