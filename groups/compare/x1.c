/* X1 (spec 4.2, 6.4): the single-factor sharp constant d_sR^2/d_R <= 2 pi
 * on an (r, z) grid; on the fibre r = 0 the ratio is 2 pi - z and the
 * grid maximum sits at r = 0, z = pi/nz. */
#include <stdio.h>
#include "compare_internal.h"

void hkz_compare_x1_opts_init(hkz_compare_x1_opts_t *o)
{
    o->digits = 30;
    o->nr = 31;
    o->nz = 30;
}

/* one grid point: the row, the checks; *ratio receives d_sR^2/d_R */
static int grid_point(hkz_compare_result_t *r, arb_t ratio, slong i,
                      slong jz, slong nr, slong nz, const arb_t pi,
                      const arb_t twopi, slong bits, slong prec)
{
    hkz_field_t f[20];
    slong n = 0;
    arb_t rr, z, dR, dS, fib;
    int ok = 1, fibre = (i == 0), s;

    arb_init(rr); arb_init(z); arb_init(dR); arb_init(dS); arb_init(fib);
    _hkz_compare_pi_times(rr, i, 2 * (nr - 1), prec);
    _hkz_compare_pi_times(z, jz, nz, prec);
    s = hkz_su2_dist_riem(dR, rr, z, prec);
    if (s == HKZ_SUCCESS)
        s = hkz_su2_dist_cc(dS, rr, z, prec);
    if (s != HKZ_SUCCESS)
        goto cleanup;
    arb_sqr(ratio, dS, prec);
    arb_div(ratio, ratio, dR, prec);
    if (!arb_lt(ratio, twopi))
        ok = 0, hkz_compare_fail(r, "d_sR^2/d_R = %.17g not certified < 2 "
                                 "pi at r = %.6g, z = %.6g",
                                 hkz_ball_mid_d(ratio),
                                 hkz_ball_mid_d(rr), hkz_ball_mid_d(z));
    if (arb_gt(dR, dS) || arb_gt(dS, pi))
        ok = 0, hkz_compare_fail(r, "d_R <= d_sR <= pi violated at r = "
                                 "%.6g, z = %.6g", hkz_ball_mid_d(rr),
                                 hkz_ball_mid_d(z));
    if (fibre)
    {
        arb_sub(fib, twopi, z, prec);   /* 2 pi - z on the fibre */
        if (!_hkz_compare_tight(fib, ratio, bits))
            ok = 0, hkz_compare_fail(r, "fibre ratio %.17g %s 2 pi - z at "
                                     "z = %.6g", hkz_ball_mid_d(ratio),
                                     _hkz_compare_neq(fib, ratio),
                                     hkz_ball_mid_d(z));
    }
    f[n++] = HKZ_FDBL("r", hkz_ball_mid_d(rr));
    f[n++] = HKZ_FDBL("z", hkz_ball_mid_d(z));
    HKZ_COMPARE_BALL2(f, n, "d_R", dR);
    HKZ_COMPARE_BALL2(f, n, "d_sR", dS);
    HKZ_COMPARE_BALL2(f, n, "ratio", ratio);
    if (fibre)
        HKZ_COMPARE_BALL2(f, n, "fibre_formula", fib);
    else
    {
        f[n++] = HKZ_FSTR("fibre_formula", "");
        f[n++] = HKZ_FDBL("fibre_formula_mid", NAN);
    }
    f[n++] = HKZ_FBOOL("ok", ok);
    s = hkz_table_add(r->rows, f, n);

cleanup:
    arb_clear(rr); arb_clear(z); arb_clear(dR); arb_clear(dS);
    arb_clear(fib);
    return s;
}

int hkz_compare_x1(hkz_compare_result_t *r, const hkz_compare_x1_opts_t *o)
{
    slong prec, bits, nr, nz, i, jz, imax = -1, jmax = -1;
    arb_t z, twopi, pi, fib, best;
    arb_ptr all = NULL;
    hkz_table_t keys = NULL;
    char buf[64];
    int s;

    if ((s = _hkz_compare_start(r, "X1", o, o != NULL ? o->digits : 30,
                                &prec, &bits)) != HKZ_SUCCESS)
        return s;
    nr = o->nr;
    nz = o->nz;
    if (nr < 2 || nr > 2000)
        return hkz_error_set(HKZ_ERR_ARG, "nr: expected an integer in "
                             "[2, 2000] (got %ld)", (long) nr);
    if (nz < 1 || nz > 2000)
        return hkz_error_set(HKZ_ERR_ARG, "nz: expected an integer in "
                             "[1, 2000] (got %ld)", (long) nz);
    if ((s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    arb_init(z); arb_init(twopi); arb_init(pi); arb_init(fib);
    arb_init(best);
    all = _arb_vec_init(nr * nz);
    arb_const_pi(pi, prec);
    arb_mul_2exp_si(twopi, pi, 1);
    arb_zero(best);
    for (i = 0; i < nr && s == HKZ_SUCCESS; i++)
        for (jz = 1; jz <= nz && s == HKZ_SUCCESS; jz++)
        {
            arb_ptr ratio = all + i * nz + jz - 1;
            s = grid_point(r, ratio, i, jz, nr, nz, pi, twopi, bits, prec);
            if (s == HKZ_SUCCESS && (imax < 0 || arf_cmp(arb_midref(ratio),
                                     arb_midref(best)) > 0))
            {
                arb_set(best, ratio);
                imax = i;
                jmax = jz;
            }
        }
    if (s != HKZ_SUCCESS)
        goto cleanup;
    /* the maximum must be the fibre point closest to e, and no other grid
       value may reach it (certified) */
    if (imax != 0 || jmax != 1)
        hkz_compare_fail(r, "grid maximum at grid point (%ld, %ld), not at "
                         "r = 0, z = pi/NZ", (long) imax, (long) jmax);
    for (i = 0; i < nr * nz; i++)
        if (i != imax * nz + jmax - 1 && !arb_lt(all + i, best))
        {
            hkz_compare_fail(r, "grid maximum not certified unique (grid "
                             "point %ld)", (long) i);
            break;
        }
    _hkz_compare_pi_times(z, 1, nz, prec);
    arb_sub(fib, twopi, z, prec);
    snprintf(buf, sizeof(buf), "%ld x %ld", (long) nr, (long) nz);
    if ((s = _hkz_compare_key_ball(keys, "max_ratio", best)) ||
        (s = _hkz_compare_key_ball(keys, "two_pi_minus_z1", fib)) ||
        (s = _hkz_compare_key_ball(keys, "two_pi", twopi)) ||
        (s = _hkz_compare_key_str(keys, "grid", buf)))
        goto cleanup;
    s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    arb_clear(z); arb_clear(twopi); arb_clear(pi); arb_clear(fib);
    arb_clear(best);
    _arb_vec_clear(all, nr * nz);
    return s;
}
