/* Heat weights C[k, j] = n e^{-(n^2-1) t_j}, n = k_begin + k + 1 (spec
 * heat_kernels_su2.md (2.1)), rounded to double with a rigorous error
 * bound, computed in Arb:
 *   e_n = e^{-(n^2-1) t} = e_{n-1} r_n, r_n = e^{-(2n-1) t} = r_{n-1} e^{-2t}
 * (two ball multiplications per weight; the balls stay ~2^-90 tight).
 * Once a weight's upper bound is below 2^-1100 and the weights decrease
 * from there on, the rest are stored as 0 with that bound as their error:
 * w_{n+1}/w_n = (1 + 1/n) e^{-(2n+1)t} <= e^{1/n - (2n+1)t} <= 1 as soon as
 * (2n+1) n t >= 1. */
#include <math.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define HKZ_HEAT_PREC 96

int hkz_engine_heat_weights(double *C, double *cerr, size_t ldc, size_t K,
                            size_t k_begin, const double *times, size_t T)
{
    arb_t t, q, r, e, w;
    arf_t d;
    mag_t m, cut;
    size_t j;

    HKZ_CHECK(C != NULL && times != NULL, HKZ_ERR_ARG,
              "hkz_engine_heat_weights: NULL argument");
    HKZ_CHECK(K >= 1 && ldc >= K && k_begin <= HKZ_ENGINE_KMAX - K,
              HKZ_ERR_ARG, "hkz_engine_heat_weights: bad sizes (K = %zu, "
              "ldc = %zu, k_begin = %zu)", K, ldc, k_begin);
    for (j = 0; j < T; j++)
        HKZ_CHECK(isfinite(times[j]) && times[j] > 0, HKZ_ERR_ARG,
                  "hkz_engine_heat_weights: t[%zu] = %g must be finite and "
                  "> 0", j, times[j]);

    arb_init(t); arb_init(q); arb_init(r); arb_init(e); arb_init(w);
    arf_init(d); mag_init(m); mag_init(cut);
    mag_set_ui_2exp_si(cut, 1, -1100);
    for (j = 0; j < T; j++)
    {
        double *col = C + j * ldc, *ecol = cerr != NULL ? cerr + j * ldc : NULL;
        size_t n, nend = k_begin + K;
        int tiny = 0;
        double tiny_bound = 0.0;

        arb_set_d(t, times[j]);
        arb_mul_si(q, t, -2, HKZ_HEAT_PREC);
        arb_exp(q, q, HKZ_HEAT_PREC);            /* e^{-2t} */
        arb_mul_si(r, t, -3, HKZ_HEAT_PREC);
        arb_exp(r, r, HKZ_HEAT_PREC);            /* r_2 = e^{-3t} */
        arb_one(e);                              /* e_1 = 1 */
        for (n = 1; n <= nend; n++)
        {
            if (!tiny && n >= 2)
            {
                arb_mul(e, e, r, HKZ_HEAT_PREC);
                arb_mul(r, r, q, HKZ_HEAT_PREC);
            }
            if (!tiny)
            {
                arb_mul_ui(w, e, (ulong) n, HKZ_HEAT_PREC);
                arb_get_mag(m, w);
                if (mag_cmp(m, cut) < 0 &&
                    (2.0 * n + 1.0) * (double) n * times[j] >= 2.0)
                {
                    tiny = 1;
                    tiny_bound = _hkz_mag_get_d_up(m);
                }
            }
            if (n <= k_begin)
                continue;
            if (tiny)
            {
                col[n - 1 - k_begin] = 0.0;
                if (ecol != NULL)
                    ecol[n - 1 - k_begin] = tiny_bound;
                continue;
            }
            {
                double v = arf_get_d(arb_midref(w), ARF_RND_NEAR);
                col[n - 1 - k_begin] = v;
                if (ecol != NULL)
                {
                    /* |w - v| <= |mid - v| + rad */
                    arf_set_d(d, v);
                    arf_sub(d, arb_midref(w), d, ARF_PREC_EXACT, ARF_RND_DOWN);
                    arf_get_mag(m, d);
                    mag_add(m, m, arb_radref(w));
                    ecol[n - 1 - k_begin] = _hkz_mag_get_d_up(m);
                }
            }
        }
    }
    arb_clear(t); arb_clear(q); arb_clear(r); arb_clear(e); arb_clear(w);
    arf_clear(d); mag_clear(m); mag_clear(cut);
    return HKZ_SUCCESS;
}
