/* The su2mix eigensolver hook (hkz_su2mix_eigh_register) without CUDA:
 * a registered solver of the generic batched type is used for blocks of
 * dimension >= min_dim only; one that answers HKZ_ERR_UNSUPPORTED (no
 * device) falls back to LAPACKE with the same result and no error left;
 * other errors are returned; NULL unregisters. */
#include <string.h>
#include "hkz_test.h"

static int calls = 0;

/* a "device" solver: LAPACKE matrix by matrix, counting calls */
static int fake_ok(double *w, double *H, size_t n, size_t batch)
{
    size_t i;
    calls++;
    for (i = 0; i < batch; i++)
    {
        int st = hkz_su2mix_eigh_lapack(w + i * n, H + 2 * i * n * n,
                                        (slong) n);
        if (st != HKZ_SUCCESS)
            return st;
    }
    return HKZ_SUCCESS;
}

static int fake_nodev(double *w, double *H, size_t n, size_t batch)
{
    calls++;
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "fake: no CUDA device");
}

static int fake_fail(double *w, double *H, size_t n, size_t batch)
{
    calls++;
    return hkz_error_set(HKZ_ERR_CUDA, "fake: device failure");
}

int main(void)
{
    hkz_su2mix_op_t op;
    arb_ptr b = _arb_vec_init(2), eps = _arb_vec_init(2);
    slong nvec[2] = {3, 4}, d = 12, i;
    double *H0 = flint_malloc(2 * d * d * sizeof(double));
    double *H1 = flint_malloc(2 * d * d * sizeof(double));
    double *H2 = flint_malloc(2 * d * d * sizeof(double));
    double *w1 = flint_malloc(d * sizeof(double));
    double *w2 = flint_malloc(d * sizeof(double));

    arb_set_si(b, 1);
    arb_set_si(b + 1, 4);
    arb_set_d(eps, 0.5);
    hkz_su2mix_op_init(op, 2);
    HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, 128));
    HKZ_TEST_OK(hkz_su2mix_block_d(H0, op, nvec));
    memcpy(H1, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_CHECK(hkz_su2mix_eigh_registered() == NULL,
                   "a solver is registered by default");
    HKZ_TEST_OK(hkz_su2mix_eigh_lapack(w1, H1, d));

    /* used at d >= min_dim, bitwise the same here */
    hkz_su2mix_eigh_register(fake_ok, 8);
    HKZ_TEST_CHECK(hkz_su2mix_eigh_registered() == fake_ok,
                   "hkz_su2mix_eigh_registered");
    memcpy(H2, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_OK(hkz_su2mix_eigh_d(w2, H2, d));
    HKZ_TEST_CHECK(calls == 1, "registered solver not called");
    HKZ_TEST_CHECK(memcmp(w1, w2, d * sizeof(double)) == 0 &&
                   memcmp(H1, H2, 2 * d * d * sizeof(double)) == 0,
                   "registered solver: other result");
    /* below min_dim: LAPACKE */
    hkz_su2mix_eigh_register(fake_ok, d + 1);
    memcpy(H2, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_OK(hkz_su2mix_eigh_d(w2, H2, d));
    HKZ_TEST_CHECK(calls == 1, "registered solver called below min_dim");

    /* no device: LAPACKE, same result, no error message left */
    hkz_su2mix_eigh_register(fake_nodev, 1);
    memcpy(H2, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_OK(hkz_su2mix_eigh_d(w2, H2, d));
    HKZ_TEST_CHECK(calls == 2, "no-device solver not asked");
    HKZ_TEST_CHECK(hkz_errmsg()[0] == '\0', "message left: %s",
                   hkz_errmsg());
    for (i = 0; i < d; i++)
        HKZ_TEST_CHECK(w1[i] == w2[i], "fallback lambda_%ld differs",
                       (long) i);

    /* a real failure is returned */
    hkz_su2mix_eigh_register(fake_fail, 1);
    memcpy(H2, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_STATUS(hkz_su2mix_eigh_d(w2, H2, d), HKZ_ERR_CUDA);

    hkz_su2mix_eigh_register(NULL, 0);
    HKZ_TEST_CHECK(hkz_su2mix_eigh_registered() == NULL, "unregister");
    memcpy(H2, H0, 2 * d * d * sizeof(double));
    HKZ_TEST_OK(hkz_su2mix_eigh_d(w2, H2, d));
    HKZ_TEST_CHECK(calls == 3, "unregistered solver called");

    hkz_su2mix_op_clear(op);
    _arb_vec_clear(b, 2);
    _arb_vec_clear(eps, 2);
    flint_free(H0); flint_free(H1); flint_free(H2);
    flint_free(w1); flint_free(w2);
    HKZ_TEST_END("su2mix.eigh_hook");
}
