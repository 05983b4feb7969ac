/* Certified eigenvalues of a Hermitian ball matrix from a double
 * eigendecomposition (spec X8: "Weyl / Bauer-Fike from the double
 * decomposition's residual").
 *
 * V (exact doubles, nonsingular once ||F|| < 1), w ascending:
 *   G = V^* H V (Hermitian), E = G - diag(w), F = V^* V - I.
 * Weyl: G = diag(w) + E with E Hermitian, so the ascending eigenvalues
 *   satisfy |lambda_j(G) - w_j| <= ||E||_2 <= ||E||_F.
 * Ostrowski (Horn-Johnson Thm 4.5.9): lambda_j(V^* H V) = theta_j
 *   lambda_j(H) with theta_j in [sigma_min(V)^2, sigma_max(V)^2] =
 *   spectrum range of V^*V, contained in [1 - ||F||_2, 1 + ||F||_2]
 *   (||F||_2 <= ||F||_F).  So lambda_j(H) = lambda_j(G)/theta_j.
 * All products are acb_mat_mul in ball arithmetic; the balls of H (and
 * so of G, E) contain the exact matrix, hence the enclosures hold for it. */
#include "hkz/su2mix.h"
#include "hkz_check.h"

int hkz_su2mix_eig_enclose(arb_ptr lam, const acb_mat_t H, const double *w,
                           const double *V, slong prec)
{
    slong d = acb_mat_nrows(H), i, j;
    acb_mat_t Vb, Vh, W, G;
    arb_t e, f, th;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(d >= 1 && acb_mat_ncols(H) == d, HKZ_ERR_ARG,
              "hkz_su2mix_eig_enclose: H must be square");
    acb_mat_init(Vb, d, d);
    acb_mat_init(Vh, d, d);
    acb_mat_init(W, d, d);
    acb_mat_init(G, d, d);
    arb_init(e);
    arb_init(f);
    arb_init(th);
    for (j = 0; j < d; j++)
        for (i = 0; i < d; i++)
        {
            acb_ptr v = acb_mat_entry(Vb, i, j);
            arb_set_d(acb_realref(v), V[2 * (i + j * d)]);
            arb_set_d(acb_imagref(v), V[2 * (i + j * d) + 1]);
        }
    acb_mat_conjugate_transpose(Vh, Vb);
    acb_mat_mul(W, H, Vb, prec);
    acb_mat_mul(G, Vh, W, prec);
    for (j = 0; j < d; j++)
    {
        arb_set_d(th, w[j]);
        arb_sub(acb_realref(acb_mat_entry(G, j, j)),
                acb_realref(acb_mat_entry(G, j, j)), th, prec);
    }
    acb_mat_frobenius_norm(e, G, prec);
    acb_mat_mul(W, Vh, Vb, prec);
    for (j = 0; j < d; j++)
        acb_sub_ui(acb_mat_entry(W, j, j), acb_mat_entry(W, j, j), 1, prec);
    acb_mat_frobenius_norm(f, W, prec);
    arb_get_ubound_arf(arb_midref(e), e, prec);
    mag_zero(arb_radref(e));
    arb_get_ubound_arf(arb_midref(f), f, prec);
    mag_zero(arb_radref(f));
    HKZ_CHECK_GOTO(arf_cmp_si(arb_midref(f), 1) < 0 &&
                   arb_is_finite(e), HKZ_ERR_NOT_CERTIFIED,
                   "hkz_su2mix_eig_enclose: eigenvectors too far from "
                   "orthonormal (||V^*V - I||_F >= 1)");
    /* theta in [1 - f, 1 + f] */
    arb_one(th);
    arb_add_error(th, f);
    for (j = 0; j < d; j++)
    {
        arb_set_d(lam + j, w[j]);
        arb_add_error(lam + j, e);
        arb_div(lam + j, lam + j, th, prec);
    }

cleanup:
    acb_mat_clear(Vb);
    acb_mat_clear(Vh);
    acb_mat_clear(W);
    acb_mat_clear(G);
    arb_clear(e);
    arb_clear(f);
    arb_clear(th);
    return status;
}
