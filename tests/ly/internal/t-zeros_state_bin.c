/* The states of entries sent between ranks in bytes
 * (ising/zeros/zeros_state_bin.c, compiled into this test) come back with
 * the same bits: random exact ends (zero, tiny, huge, many limbs, +-inf,
 * nan), signs, precisions and statuses, several in one buffer; a cut
 * buffer and an exponent beyond 2^40 are refused. */
#include "hkz_test.h"
#include "zeros_fun_internal.h"

static void rand_end(arf_t x, flint_rand_t st)
{
    switch (n_randint(st, 8))
    {
    case 0:
        arf_zero(x);
        break;
    case 1:
        arf_pos_inf(x);
        break;
    case 2:
        arf_neg_inf(x);
        break;
    case 3:
        arf_nan(x);
        break;
    default:
        arf_randtest(x, st, 1 + n_randint(st, 600), 1 + n_randint(st, 30));
    }
}

static void entry_init(_hkz_lyz_zb_t *z)
{
    memset(z, 0, sizeof(*z));
    arf_init(&z->a);
    arf_init(&z->b);
}

static void entry_clear(_hkz_lyz_zb_t *z)
{
    arf_clear(&z->a);
    arf_clear(&z->b);
}

int main(void)
{
    flint_rand_t st;
    slong it, iters = hkz_test_iters(300), k, K, j;

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        _hkz_lyz_zb_t z[8], y;
        char *buf = NULL;
        size_t len = 0, cap = 0;
        const char *p;

        K = 1 + n_randint(st, 8);
        for (k = 0; k < K; k++)
        {
            entry_init(z + k);
            rand_end(&z[k].a, st);
            rand_end(&z[k].b, st);
            z[k].prec = 2 + n_randint(st, 5000);
            z[k].ok = n_randint(st, 2);
            z[k].sa = (int) n_randint(st, 3) - 1;
            z[k].sb = (int) n_randint(st, 3) - 1;
            z[k].status = (int) n_randint(st, 40);
            _hkz_lyz_state_put_bin(&buf, &len, &cap, 1000 * it + k, z + k);
        }
        entry_init(&y);
        p = buf;
        for (k = 0; k < K; k++)
        {
            j = -1;
            HKZ_TEST_CHECK(_hkz_lyz_state_get_bin(&j, &y, &p, buf + len) == 0
                           && j == 1000 * it + k && arf_equal(&y.a, &z[k].a)
                           && arf_equal(&y.b, &z[k].b) &&
                           y.prec == z[k].prec && y.ok == z[k].ok &&
                           y.sa == z[k].sa && y.sb == z[k].sb &&
                           y.status == z[k].status,
                           "iteration %ld entry %ld: not the same state",
                           (long) it, (long) k);
        }
        HKZ_TEST_CHECK(p == buf + len, "iteration %ld: bytes left", (long) it);
        /* cut short: refused */
        p = buf;
        for (k = 0; k + 1 < K; k++)
            (void) _hkz_lyz_state_get_bin(&j, &y, &p, buf + len);
        HKZ_TEST_CHECK(_hkz_lyz_state_get_bin(&j, &y, &p, buf + len - 1) == 1,
                       "iteration %ld: a cut record read", (long) it);
        for (k = 0; k < K; k++)
            entry_clear(z + k);
        entry_clear(&y);
        flint_free(buf);
    }
    {
        /* an end beyond 2^(2^40) is refused, never truncated */
        _hkz_lyz_zb_t z0, y;
        char *buf = NULL;
        size_t len = 0, cap = 0;
        const char *p;
        entry_init(&z0);
        entry_init(&y);
        z0.prec = 64;
        arf_one(&z0.a);
        arf_mul_2exp_si(&z0.a, &z0.a, WORD(1) << 41);
        _hkz_lyz_state_put_bin(&buf, &len, &cap, 0, &z0);
        p = buf;
        HKZ_TEST_CHECK(_hkz_lyz_state_get_bin(&j, &y, &p, buf + len) == 1,
                       "a huge exponent read");
        entry_clear(&z0);
        entry_clear(&y);
        flint_free(buf);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("ly.zeros_state_bin");
}
