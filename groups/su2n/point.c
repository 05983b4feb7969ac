/* Points of SU(2)^n / SU(2)^infinity with finitely many non-identity
 * coordinates (the "head", spec 5.2), in cylindrical coordinates
 * x_i = exp(r_i (cos phi_i X + sin phi_i Y)) exp(z_i Z). */
#include "hkz_check.h"
#include "su2n_internal.h"

void hkz_su2n_point_init(hkz_su2n_point_t x, slong len)
{
    len = FLINT_MAX(len, 0);
    x->len = len;
    x->r = _arb_vec_init(FLINT_MAX(len, 1));
    x->phi = _arb_vec_init(FLINT_MAX(len, 1));
    x->z = _arb_vec_init(FLINT_MAX(len, 1));
}

void hkz_su2n_point_clear(hkz_su2n_point_t x)
{
    slong n = FLINT_MAX(x->len, 1);
    _arb_vec_clear(x->r, n);
    _arb_vec_clear(x->phi, n);
    _arb_vec_clear(x->z, n);
}

int hkz_su2n_point_set_cyl(hkz_su2n_point_t x, slong i, const arb_t r,
        const arb_t phi, const arb_t z)
{
    const char *fn = "hkz_su2n_point_set_cyl";
    arb_t h;
    int ok;

    HKZ_CHECK(x != NULL && r != NULL && z != NULL, HKZ_ERR_ARG,
              "%s: NULL argument", fn);
    HKZ_CHECK(i >= 1 && i <= x->len, HKZ_ERR_ARG,
              "%s: coordinate %ld out of range 1..%ld", fn, (long) i,
              (long) x->len);
    HKZ_CHECK(arb_is_finite(r) && arb_is_finite(z)
              && (phi == NULL || arb_is_finite(phi)), HKZ_ERR_DOMAIN,
              "%s: coordinates must be finite", fn);
    arb_init(h);
    arb_const_pi(h, 64);
    arb_mul_2exp_si(h, h, -1);
    ok = !arb_is_negative(r) && !arb_gt(r, h);
    arb_clear(h);
    HKZ_CHECK(ok, HKZ_ERR_DOMAIN, "%s: r must be in [0, pi/2] (got %g)",
              fn, arf_get_d(arb_midref(r), ARF_RND_NEAR));
    arb_set(x->r + i - 1, r);
    arb_set(x->z + i - 1, z);
    if (phi != NULL)
        arb_set(x->phi + i - 1, phi);
    else
        arb_zero(x->phi + i - 1);
    return HKZ_SUCCESS;
}

int hkz_su2n_point_set_elem(hkz_su2n_point_t x, slong i,
        const hkz_su2_elem_t g, slong prec)
{
    const char *fn = "hkz_su2n_point_set_elem";

    HKZ_CHECK(x != NULL && g != NULL, HKZ_ERR_ARG, "%s: NULL argument", fn);
    HKZ_CHECK(i >= 1 && i <= x->len, HKZ_ERR_ARG,
              "%s: coordinate %ld out of range 1..%ld", fn, (long) i,
              (long) x->len);
    hkz_su2_elem_get_cyl(x->r + i - 1, x->phi + i - 1, x->z + i - 1, g,
                         prec);
    HKZ_CHECK(arb_is_finite(x->r + i - 1) && arb_is_finite(x->z + i - 1),
              HKZ_ERR_DOMAIN, "%s: the element has no finite coordinates",
              fn);
    return HKZ_SUCCESS;
}

int hkz_su2n_point_rel(hkz_su2n_point_t res, const hkz_su2n_point_t x,
        const hkz_su2n_point_t y, slong prec)
{
    const char *fn = "hkz_su2n_point_rel";
    hkz_su2_elem_t gx, gy;
    slong i, n;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(res != NULL && x != NULL && y != NULL, HKZ_ERR_ARG,
              "%s: NULL argument", fn);
    HKZ_CHECK(res != x && res != y, HKZ_ERR_ARG,
              "%s: res must not alias x or y", fn);
    n = FLINT_MAX(x->len, y->len);
    hkz_su2n_point_clear(res);
    hkz_su2n_point_init(res, n);
    hkz_su2_elem_init(gx);
    hkz_su2_elem_init(gy);
    for (i = 0; i < n && status == HKZ_SUCCESS; i++)
    {
        if (i < x->len)
            hkz_su2_elem_set_cyl(gx, x->r + i, x->phi + i, x->z + i, prec);
        else
            hkz_su2_elem_one(gx);
        if (i < y->len)
            hkz_su2_elem_set_cyl(gy, y->r + i, y->phi + i, y->z + i, prec);
        else
            hkz_su2_elem_one(gy);
        hkz_su2_elem_rel(gx, gx, gy, prec);
        status = hkz_su2n_point_set_elem(res, i + 1, gx, prec);
    }
    hkz_su2_elem_clear(gx);
    hkz_su2_elem_clear(gy);
    return status;
}
