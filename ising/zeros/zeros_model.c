/* Zeros of a ferromagnetic Ising model: coefficients from the exact table
 * (computed once, held here) or hkz_ising_poly's other methods, recomputed
 * at every precision level the driver asks for. */
#include <stdio.h>
#include "zeros_internal.h"
#include "ising_impl.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_ising_model_struct *m;
    slong W;
    _hkz_ising_dos_cache_t *dos;
} model_param_t;

int _hkz_ly_too_large(int st)
{
    char msg[512];
    if (st != HKZ_ERR_UNSUPPORTED && st != HKZ_ERR_TOO_LARGE)
        return st;
    /* the exact tables and the enumeration refuse models by size */
    snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    return hkz_error_set(HKZ_ERR_TOO_LARGE, "%s", msg);
}

static int model_coeffs(arb_ptr c, void *param, slong prec)
{
    const model_param_t *p = param;
    arb_ptr a = _arb_vec_init(p->W + 1);
    int st = _hkz_ising_poly_cached(a, p->dos, p->m, prec);
    if (st == HKZ_SUCCESS)
        hkz_ly_fold(c, a, p->W, prec);
    _arb_vec_clear(a, p->W + 1);
    return _hkz_ly_too_large(st);
}

int hkz_ly_zeros_model(hkz_ly_zeros_t z, const hkz_ising_model_t m,
                       const hkz_ly_opts_t *opts)
{
    model_param_t p;
    int st;

    /* the circle theorem (and a meaningful "principal zero") needs J >= 0 */
    st = hkz_ising_model_check_ferro(m);
    if (st != HKZ_SUCCESS)
        return st;
    p.m = m;
    p.W = hkz_ising_model_weight(m);
    HKZ_CHECK(p.W == z->W, HKZ_ERR_ARG, "hkz_ly_zeros_model: result made for "
              "W = %ld, the model has W = %ld", (long) z->W, (long) p.W);
    p.dos = _hkz_ising_dos_cache_new();
    st = hkz_ly_zeros_cos(z, p.W, model_coeffs, &p, opts);
    _hkz_ising_dos_cache_free(p.dos);
    return st;
}
