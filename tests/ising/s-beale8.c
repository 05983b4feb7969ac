/* Slow check: the 8x8 torus by the transfer matrix (counts beyond 2^63)
 * against Beale's closed forms for n, m > 5 (spec 4.3):
 * g_0 = 2, g_1 = 0, g_2 = 2mn, g_3 = 4mn, g_4 = (mn)^2 + 9mn,
 * g_5 = 4(mn)^2 + 24mn, g_k = #states with 2k unsatisfied bonds; the
 * total 2^64, and Z(K_c) = Kaufman, an exact integer. */
#include "ising_test.h"

int main(void)
{
    hkz_ising_model_t m;
    hkz_ising_dos_t d;
    fmpq_t one;
    fmpz *gb;
    fmpz_t t, ref;
    arb_t K, Z, Zk;
    slong mn = 64, ex[6], k;

    ex[0] = 2;
    ex[1] = 0;
    ex[2] = 2 * mn;
    ex[3] = 4 * mn;
    ex[4] = mn * mn + 9 * mn;
    ex[5] = 4 * mn * mn + 24 * mn;
    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    fmpq_init(one);
    fmpz_init(t);
    fmpz_init(ref);
    arb_init(K);
    arb_init(Z);
    arb_init(Zk);
    fmpq_one(one);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 8, 8, one, HKZ_ISING_TORUS));
    HKZ_TEST_OK(hkz_ising_dos_transfer(d, m));
    gb = _fmpz_vec_init(d->nb);
    hkz_ising_dos_energy_counts(gb, d);
    for (k = 0; k < 6; k++)
    {
        HKZ_TEST_CHECK(fmpz_equal_si(gb + 2 * k, ex[k]), "8x8: g_%ld",
                       (long) k);
        HKZ_TEST_CHECK(fmpz_is_zero(gb + 2 * k + 1), "8x8: odd b");
    }
    hkz_ising_dos_total(t, d);
    fmpz_one(ref);
    fmpz_mul_2exp(ref, ref, 64);
    HKZ_TEST_CHECK(fmpz_equal(t, ref), "8x8: total != 2^64");
    /* K_c: Z is an integer and equals Kaufman's formula */
    arb_sqrt_ui(K, 2, 200);
    arb_add_ui(K, K, 1, 200);
    arb_log(K, K, 200);
    arb_mul_2exp_si(K, K, -1);
    HKZ_TEST_OK(hkz_ising_dos_Z(Z, d, K, 160));
    HKZ_TEST_OK(hkz_ising_kaufman(Zk, 8, 8, K, 160));
    HKZ_TEST_OVERLAP(Z, Zk, "8x8: Kaufman = transfer matrix at K_c");
    HKZ_TEST_CHECK(arb_get_unique_fmpz(t, Z), "8x8: Z(K_c) not an integer");
    _fmpz_vec_clear(gb, d->nb);
    fmpq_clear(one);
    fmpz_clear(t);
    fmpz_clear(ref);
    arb_clear(K);
    arb_clear(Z);
    arb_clear(Zk);
    hkz_ising_dos_clear(d);
    hkz_ising_model_clear(m);
    HKZ_TEST_END("ising.beale8");
}
