/* The critical coupling of the square-lattice Ising model (Onsager,
 * Kramers-Wannier): sinh(2 K_c) = 1, K_c = log(1 + sqrt 2) / 2. */
#include "hkz/ising.h"

void hkz_ising_kc(arb_t K, slong prec)
{
    arb_sqrt_ui(K, 2, prec);
    arb_add_ui(K, K, 1, prec);
    arb_log(K, K, prec);
    arb_mul_2exp_si(K, K, -1);
}
