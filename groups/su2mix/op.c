/* The operator L = -sum_k V_k^2 of a mixing-type family on SU(2)^n, stored
 * through its Gram matrix Q = C^T C (su2mix.h).
 *
 * Why Q suffices: with V_k = sum_a C_ka F_a,
 *   sum_k V_k^2 = sum_k sum_{a,b} C_ka C_kb F_a F_b = sum_{a,b} Q_ab F_a F_b,
 * so L = -sum_ab Q_ab F_a F_b.  Monotonicity in Q: if Q - Q' = D^T D is
 * PSD, then L_Q - L_Q' = -sum_l (sum_a D_la F_a)^2 = sum_l W_l^* W_l >= 0
 * (W_l = sum_a D_la F_a is skew-adjoint on L^2(Haar) because left-invariant
 * fields are divergence free on a unimodular group, so -W^2 = W^* W). */
#include "hkz/su2mix.h"
#include "hkz_check.h"

void hkz_su2mix_op_init(hkz_su2mix_op_t op, slong n)
{
    op->n = n;
    arb_mat_init(&op->Q, 3 * n, 3 * n);
}

void hkz_su2mix_op_clear(hkz_su2mix_op_t op)
{
    arb_mat_clear(&op->Q);
}

int hkz_su2mix_op_set_fields(hkz_su2mix_op_t op, const arb_mat_t C,
                             slong prec)
{
    slong i, j, k, d = 3 * op->n;

    HKZ_CHECK(arb_mat_ncols(C) == d && arb_mat_nrows(C) >= 1, HKZ_ERR_ARG,
              "hkz_su2mix_op_set_fields: C must be nv x %ld (got %ld x %ld)",
              (long) d, (long) arb_mat_nrows(C), (long) arb_mat_ncols(C));
    for (k = 0; k < arb_mat_nrows(C); k++)
        for (j = 0; j < d; j++)
            HKZ_CHECK(arb_is_finite(arb_mat_entry(C, k, j)), HKZ_ERR_DOMAIN,
                      "hkz_su2mix_op_set_fields: C[%ld][%ld] is not finite",
                      (long) k, (long) j);
    for (i = 0; i < d; i++)
        for (j = i; j < d; j++)
        {
            arb_ptr q = arb_mat_entry(&op->Q, i, j);
            arb_zero(q);
            for (k = 0; k < arb_mat_nrows(C); k++)
                arb_addmul(q, arb_mat_entry(C, k, i), arb_mat_entry(C, k, j),
                           prec);
            arb_set(arb_mat_entry(&op->Q, j, i), q);
        }
    return HKZ_SUCCESS;
}

int hkz_su2mix_op_set_gram(hkz_su2mix_op_t op, const arb_mat_t Q)
{
    slong i, j, d = 3 * op->n;

    HKZ_CHECK(arb_mat_nrows(Q) == d && arb_mat_ncols(Q) == d, HKZ_ERR_ARG,
              "hkz_su2mix_op_set_gram: Q must be %ld x %ld", (long) d,
              (long) d);
    for (i = 0; i < d; i++)
        for (j = 0; j < d; j++)
        {
            HKZ_CHECK(arb_is_finite(arb_mat_entry(Q, i, j)), HKZ_ERR_DOMAIN,
                      "hkz_su2mix_op_set_gram: Q[%ld][%ld] is not finite",
                      (long) i, (long) j);
            HKZ_CHECK(arb_overlaps(arb_mat_entry(Q, i, j),
                                   arb_mat_entry(Q, j, i)), HKZ_ERR_DOMAIN,
                      "hkz_su2mix_op_set_gram: Q is not symmetric at "
                      "(%ld, %ld)", (long) i, (long) j);
        }
    arb_mat_set(&op->Q, Q);
    return HKZ_SUCCESS;
}

int hkz_su2mix_op_set_milnor(hkz_su2mix_op_t op, arb_srcptr a, arb_srcptr b,
                             arb_srcptr c, slong prec)
{
    slong i;

    arb_mat_zero(&op->Q);
    for (i = 0; i < op->n; i++)
    {
        HKZ_CHECK(arb_is_finite(a + i) && arb_is_nonnegative(a + i) &&
                  arb_is_finite(b + i) && arb_is_nonnegative(b + i) &&
                  (c == NULL || (arb_is_finite(c + i) &&
                                 arb_is_nonnegative(c + i))),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_op_set_milnor: weights of "
                  "factor %ld must be finite and >= 0", (long) i + 1);
        arb_set(arb_mat_entry(&op->Q, 3 * i, 3 * i), a + i);
        arb_set(arb_mat_entry(&op->Q, 3 * i + 1, 3 * i + 1), b + i);
        if (c != NULL)
            arb_set(arb_mat_entry(&op->Q, 3 * i + 2, 3 * i + 2), c + i);
    }
    (void) prec;
    return HKZ_SUCCESS;
}

int hkz_su2mix_op_set_example_ii(hkz_su2mix_op_t op, arb_srcptr b,
                                 arb_srcptr eps, slong prec)
{
    slong n = op->n, i;
    arb_mat_t C;
    arb_t s;
    int status;

    for (i = 0; i < n; i++)
        HKZ_CHECK(arb_is_finite(b + i) && arb_is_positive(b + i),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_op_set_example_ii: b_%ld "
                  "must be > 0", (long) i + 1);
    for (i = 0; i + 1 < n; i++)
        HKZ_CHECK(eps != NULL && arb_is_finite(eps + i), HKZ_ERR_DOMAIN,
                  "hkz_su2mix_op_set_example_ii: eps_%ld must be finite",
                  (long) i + 1);
    arb_mat_init(C, 2 * n, 3 * n);
    arb_init(s);
    for (i = 0; i < n; i++)
    {
        arb_sqrt(s, b + i, prec);
        /* V_{2i} = sqrt(b_i) X_i, V_{2i+1} = sqrt(b_i)(Y_i + eps_i X_{i+1}) */
        arb_set(arb_mat_entry(C, 2 * i, 3 * i), s);
        arb_set(arb_mat_entry(C, 2 * i + 1, 3 * i + 1), s);
        if (i + 1 < n)
            arb_mul(arb_mat_entry(C, 2 * i + 1, 3 * (i + 1)), s, eps + i,
                    prec);
    }
    status = hkz_su2mix_op_set_fields(op, C, prec);
    arb_mat_clear(C);
    arb_clear(s);
    return status;
}
