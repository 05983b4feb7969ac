/* The zero list of one run over the ranks of a hkz_dist_t (hkz/ly.h):
 * the block a rank holds, and the coupling of the Curie-Weiss input. */
#include "hkz/ly.h"
#include "hkz_check.h"

void hkz_ly_zeros_init_dist(hkz_ly_zeros_t z, slong W, hkz_dist_t d)
{
    if (d == NULL)
        hkz_ly_zeros_init(z, W);
    else
        hkz_ly_zeros_init_part(z, W, hkz_dist_rank(d), hkz_dist_size(d));
}

int hkz_ly_cw_coupling(arb_t t, const arb_t x, int beta, slong N,
                       slong prec)
{
    HKZ_CHECK(N >= 1, HKZ_ERR_ARG, "Curie-Weiss: N must be >= 1 (got %ld)",
              (long) N);
    /* beta = N t is a label: t = beta / N per edge (spec 2.6) */
    if (beta)
        arb_div_si(t, x, N, prec);
    else
        arb_set(t, x);
    HKZ_CHECK(arb_is_positive(t), HKZ_ERR_DOMAIN, "the coupling must be > 0"
              " (at t = 0 all zeros sit at pi/2)");
    return HKZ_SUCCESS;
}

int hkz_ly_coupling_check(const arb_t K)
{
    HKZ_CHECK(arb_is_positive(K), HKZ_ERR_DOMAIN, "K must be > 0");
    return HKZ_SUCCESS;
}
