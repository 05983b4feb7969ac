/* Lee-Yang cosine scan against Arb: sum_k c_k cos((N - 2k) theta) with the
 * angle rounding included in the bound. */
#include "engine_ref.h"

int main(void)
{
    flint_rand_t st;
    slong it, iters = hkz_test_iters(25);
    double worst = 0.0;

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        size_t P = 1 + n_randint(st, 12), T = 1 + n_randint(st, 4);
        size_t N = n_randint(st, it % 4 == 0 ? 400 : 30), K = N + 1;
        size_t ldc = K + n_randint(st, 2), i, j, k, bad = 0;
        double *theta = malloc(P * sizeof(double));
        double *c = malloc(ldc * T * sizeof(double));
        double *out = malloc(P * T * sizeof(double));
        double *err = malloc(T * sizeof(double));
        arb_t s, a, w, d;
        arf_t ub, ea;

        for (i = 0; i < P; i++)
        {
            switch (n_randint(st, 5))
            {
            case 0: theta[i] = 0.0; break;
            case 1: theta[i] = M_PI; break;
            case 2: theta[i] = 1e-9 * rand_unit(st); break;
            default: theta[i] = 7.0 * rand_unit(st) - 1.0;
            }
        }
        for (i = 0; i < ldc * T; i++)
            c[i] = rand_weight(st, (int) n_randint(st, 2));
        HKZ_TEST_OK(hkz_engine_cos_scan(out, err, 0, NULL, theta, P, c, ldc,
                                        N, T));
        arb_init(s); arb_init(a); arb_init(w); arb_init(d);
        arf_init(ub); arf_init(ea);
        for (j = 0; j < T; j++)
            for (i = 0; i < P; i++)
            {
                arb_zero(s);
                for (k = 0; k < K; k++)
                {
                    arb_set_d(a, theta[i]);
                    arb_mul_si(a, a, (slong) N - 2 * (slong) k, REF_PREC);
                    arb_cos(a, a, REF_PREC);
                    arb_set_d(w, c[k + j * ldc]);
                    arb_addmul(s, a, w, REF_PREC);
                }
                arb_set_d(d, out[i + j * P]);
                arb_sub(d, d, s, REF_PREC);
                arb_abs(d, d);
                arb_get_ubound_arf(ub, d, REF_PREC);
                arf_set_d(ea, err[j]);
                if (arf_cmp(ub, ea) > 0)
                    bad++;
                if (err[j] > 0)
                {
                    double r = arf_get_d(arb_midref(d), ARF_RND_NEAR) / err[j];
                    worst = r > worst ? r : worst;
                }
            }
        HKZ_TEST_CHECK(bad == 0, "iteration %ld (N = %zu): %zu entries "
                       "outside the bound", (long) it, N, bad);
        arb_clear(s); arb_clear(a); arb_clear(w); arb_clear(d);
        arf_clear(ub); arf_clear(ea);
        free(theta); free(c); free(out); free(err);
    }
    printf("largest |out - exact| / err: %.3g\n", worst);
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.cos_scan");
}
