/* Zeros of a fixed coefficient vector a_0..a_W (balls). */
#include "zeros_internal.h"
#include "hkz_check.h"

typedef struct
{
    arb_srcptr c;
    slong len;
} fixed_t;

static int fixed_coeffs(arb_ptr c, void *param, slong prec)
{
    const fixed_t *f = param;
    _arb_vec_set(c, f->c, f->len);
    return HKZ_SUCCESS;
}

int hkz_ly_zeros_poly(hkz_ly_zeros_t z, arb_srcptr a, slong W,
                      const hkz_ly_opts_t *opts)
{
    fixed_t f;
    arb_ptr c;
    slong i;
    int st;

    HKZ_CHECK(W >= 0, HKZ_ERR_ARG, "hkz_ly_zeros_poly: W must be >= 0 (got "
              "%ld)", (long) W);
    for (i = 0; i <= W; i++)
        HKZ_CHECK(arb_is_finite(a + i), HKZ_ERR_ARG, "hkz_ly_zeros_poly: "
                  "coefficient a_%ld is not finite", (long) i);
    c = _arb_vec_init(W / 2 + 1);
    /* the balls are fixed: fold at a precision that loses nothing */
    hkz_ly_fold(c, a, W, 2 * _hkz_ly_max_prec(opts, W));
    f.c = c;
    f.len = W / 2 + 1;
    st = hkz_ly_zeros_cos(z, W, fixed_coeffs, &f, opts);
    _arb_vec_clear(c, W / 2 + 1);
    return st;
}
