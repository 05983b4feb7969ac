/* hkz compare gauss (grid_experiments.md section 2): Gaussian bounds for
 * time derivatives of heat kernels of Milnor operators (Delta: a = b = c
 * = 1), C_k(c0, t_min) = max R_k over a grid, with the bound c0 =
 * 4 lambda_max (1 + eps) and the negative control c0 = 4 lambda_min
 * (1 - eps).  See hkz/compare_grid.h for the definitions and the verdict;
 * the values (certified kernel derivatives) come from gauss_values.c. */
#include <stdio.h>
#include "gauss_internal.h"

void hkz_compare_gauss_opts_init(hkz_compare_gauss_opts_t *o)
{
    o->digits = 10;
    o->ops = "1,1,1;1,1,2;1,2,3";
    o->alpha = "0,0.5,1,2,3";
    o->eps = "0.5,0.25,0.1";
    o->J = 4;
    o->J_delta = 7;
    o->m = 2;
    o->tol = 0.05;
    o->grow = 1.5;
    o->progress = NULL;
}

void hkz_compare_gauss_opts_large(hkz_compare_gauss_opts_t *o)
{
    hkz_compare_gauss_opts_init(o);
    o->ops = "1,1,1;1,1,2;1,2,3;1,1,4;2,3,5";
    o->alpha = "0,0.25,0.5,0.75,1,1.5,2,2.5,3";
    o->J = 7;
    o->J_delta = 10;
    o->m = 4;
}

/* C_k rows of one operator, kind (0 bound, 1 control) and eps */
static int c_rows(hkz_compare_result_t *r, gauss_vals_t *v,
                  const char *opname, const arb_t lmin, const arb_t lmax,
                  int kind, const arb_t eps, const char *epss,
                  const hkz_compare_gauss_opts_t *o, int largest,
                  double *worst, slong prec)
{
    arb_t c0, R, C, Cprev, ratio, rprev, u;
    hkz_field_t f[28];
    slong k, j, i, p, n, ip = 0, pp = 0;
    const char *state;
    double hi, lo;
    int s = HKZ_SUCCESS;

    arb_init(c0); arb_init(R); arb_init(C); arb_init(Cprev);
    arb_init(ratio); arb_init(rprev); arb_init(u);
    /* c0 = 4 lambda_max (1 + eps) or 4 lambda_min (1 - eps) */
    arb_one(u);
    if (kind == 0)
    {
        arb_add(c0, u, eps, prec);
        arb_mul(c0, c0, lmax, prec);
    }
    else
    {
        arb_sub(c0, u, eps, prec);
        arb_mul(c0, c0, lmin, prec);
    }
    arb_mul_2exp_si(c0, c0, 2);
    for (k = 0; k <= 3 && s == HKZ_SUCCESS; k++)
    {
        arb_zero(C);
        for (j = 0; j <= v->J && s == HKZ_SUCCESS; j++)
        {
            /* C over the times of octave j (t_min = 2^-j) */
            for (i = j == 0 ? 0 : (j - 1) * o->m + 1; i <= j * o->m; i++)
                for (p = 0; p < v->np; p++)
                {
                    _hkz_gauss_R(R, v, p, i, k, c0, prec);
                    if (arb_gt(R, C) || (!arb_lt(R, C) &&
                        arf_cmp(arb_midref(R), arb_midref(C)) > 0))
                        ip = i, pp = p;
                    arb_max(C, C, R, prec);
                }
            if (j == 0)
            {
                arb_set(Cprev, C);
                continue;
            }
            arb_div(ratio, C, Cprev, prec);
            {
                arf_t x;
                arf_init(x);
                arb_get_ubound_arf(x, ratio, prec);
                hi = arf_get_d(x, ARF_RND_UP);
                arb_get_lbound_arf(x, ratio, prec);
                lo = arf_get_d(x, ARF_RND_DOWN);
                arf_clear(x);
            }
            if (kind == 0)
                state = hi <= 1 + o->tol ? "saturated" : hi <= ldexp(1.0,
                        (int) k + 2) ? "transient" : "exponential";
            else
                state = lo >= o->grow && (j < 2 || arb_gt(ratio, rprev)) ?
                        "grows" : "not_growing";
            n = 0;
            f[n++] = HKZ_FSTR("op", opname);
            HKZ_COMPARE_BALL2(f, n, "lambda_min", lmin);
            HKZ_COMPARE_BALL2(f, n, "lambda_max", lmax);
            f[n++] = HKZ_FSTR("kind", kind == 0 ? "bound" : "control");
            f[n++] = HKZ_FSTR("eps", epss);
            HKZ_COMPARE_BALL2(f, n, "c0", c0);
            f[n++] = HKZ_FINT("k", (long) k);
            f[n++] = HKZ_FDBL("t_min", ldexp(1.0, (int) -j));
            HKZ_COMPARE_BALL2(f, n, "C", C);
            HKZ_COMPARE_BALL2(f, n, "ratio", ratio);
            f[n++] = HKZ_FSTR("state", state);
            f[n++] = HKZ_FDBL("argmax_alpha", v->alpha_d[pp]);
            f[n++] = HKZ_FSTR("argmax_dir", v->dir[pp]);
            f[n++] = HKZ_FDBL("argmax_t", hkz_ball_mid_d(v->t + ip));
            f[n++] = HKZ_FBOOL("certified", arb_is_finite(C));
            s = hkz_table_add(r->rows, f, n);
            if (j == v->J && kind == 0)
            {
                if (!(hi <= worst[0]))
                    worst[0] = hi;
                if (state[0] == 't')
                    worst[2] += 1;
                if (state[0] == 'e' || (largest && state[0] != 's'))
                    hkz_compare_fail(r, "%s, eps = %s, k = %ld: C_k grows by "
                                     "%.6g at t_min = 2^-%ld (%s)", opname,
                                     epss, (long) k, hi, (long) j,
                                     state[0] == 'e' ? "faster than "
                                     "t_min^-(k+2)" : "not saturated at the "
                                     "largest eps");
            }
            else if (j == v->J)
            {
                if (!(lo >= worst[1]))
                    worst[1] = lo;
                if (state[0] != 'g')
                    hkz_compare_fail(r, "%s, control eps = %s, k = %ld: C_k "
                                     "ratio %.6g at t_min = 2^-%ld is not >= "
                                     "%g and increasing", opname, epss,
                                     (long) k, lo, (long) j, o->grow);
            }
            arb_set(rprev, ratio);
            arb_set(Cprev, C);
        }
    }
    arb_clear(c0); arb_clear(R); arb_clear(C); arb_clear(Cprev);
    arb_clear(ratio); arb_clear(rprev); arb_clear(u);
    return s;
}

static int check_opts(const hkz_compare_gauss_opts_t *o)
{
    if (o->J < 2 || o->J > 30 || o->J_delta < 2 || o->J_delta > 30)
        return hkz_error_set(HKZ_ERR_ARG, "J: expected 2 ... 30");
    if (o->m < 1 || o->m > 16)
        return hkz_error_set(HKZ_ERR_ARG, "per_octave: expected 1 ... 16");
    if (!(o->tol > 0) || !(o->tol < 100))
        return hkz_error_set(HKZ_ERR_ARG, "tol: expected 0 < tol < 100");
    if (!(o->grow > 1) || !(o->grow < 1e300))
        return hkz_error_set(HKZ_ERR_ARG, "grow: expected > 1");
    return HKZ_SUCCESS;
}

static int is_delta(arb_srcptr w)
{
    return arb_equal(w, w + 1) && arb_equal(w, w + 2);
}

int hkz_compare_gauss(hkz_compare_result_t *r,
                      const hkz_compare_gauss_opts_t *o)
{
    arb_ptr ops, al, eps;
    arb_t lmin, lmax, one;
    slong nops, nal, neps, prec, bits, q, e, i;
    double worst[3] = {0, INFINITY, 0};
    slong emax = 0;
    char opname[96], epss[32];
    hkz_field_t kf[3];
    hkz_table_t keys = NULL;
    gauss_vals_t v;
    int s;

    if ((s = _hkz_compare_start(r, "gauss", o, o != NULL ? o->digits : 10,
                                &prec, &bits)) != HKZ_SUCCESS ||
        (s = check_opts(o)) != HKZ_SUCCESS)
        return s;
    ops = _arb_vec_init(3 * HKZ_COMPARE_GRID_MAX);
    al = _arb_vec_init(HKZ_COMPARE_GRID_MAX);
    eps = _arb_vec_init(HKZ_COMPARE_GRID_MAX);
    arb_init(lmin); arb_init(lmax); arb_init(one);
    arb_one(one);
    if ((s = _hkz_compare_tuples(ops, &nops, 3, "ops", o->ops, 0, prec)) ||
        (s = _hkz_compare_tuples(al, &nal, 1, "alpha", o->alpha, 1, prec)) ||
        (s = _hkz_compare_tuples(eps, &neps, 1, "eps", o->eps, 0, prec)))
        goto done;
    for (i = 0; i < 3 * nops; i++)   /* exact weights (midpoints) */
        arb_set_arf(ops + i, arb_midref(ops + i));
    for (i = 0; i < neps; i++)
        if (arb_gt(eps + i, eps + emax))
            emax = i;
    for (i = 0; i < neps; i++)
        if (!arb_lt(eps + i, one))
        {
            s = hkz_error_set(HKZ_ERR_ARG, "eps: values must be < 1");
            goto done;
        }
    arb_const_pi(lmin, prec);
    for (i = 0; i < nal; i++)
        if (!arb_le(al + i, lmin))
        {
            s = hkz_error_set(HKZ_ERR_ARG, "alpha: values must be <= pi");
            goto done;
        }
    if ((s = hkz_table_create(&keys)))
        goto done;
    v.progress = o->progress;
    v.done = v.total = 0;
    for (q = 0; q < nops; q++)
        v.total += _hkz_gauss_npoints(is_delta(ops + 3 * q), al, nal);
    for (q = 0; q < nops && s == HKZ_SUCCESS; q++)
    {
        arb_srcptr w = ops + 3 * q;
        int delta = is_delta(w);
        snprintf(opname, sizeof(opname), "%.6g,%.6g,%.6g",
                 hkz_ball_mid_d(w), hkz_ball_mid_d(w + 1),
                 hkz_ball_mid_d(w + 2));
        arb_min(lmin, w, w + 1, prec);
        arb_min(lmin, lmin, w + 2, prec);
        arb_max(lmax, w, w + 1, prec);
        arb_max(lmax, lmax, w + 2, prec);
        s = _hkz_gauss_vals(&v, w, delta, al, nal,
                            delta ? o->J_delta : o->J, o->m, bits, prec);
        for (e = 0; e < neps && s == HKZ_SUCCESS; e++)
        {
            _hkz_compare_list_item(epss, sizeof(epss), o->eps, e);
            s = c_rows(r, &v, opname, lmin, lmax, 0, eps + e, epss, o,
                       e == emax, worst, prec);
            if (s == HKZ_SUCCESS)
                s = c_rows(r, &v, opname, lmin, lmax, 1, eps + e, epss, o,
                           e == emax, worst, prec);
        }
        v.done += v.np;
        _hkz_gauss_vals_clear(&v);
    }
    if (s == HKZ_SUCCESS)
    {
        kf[0] = HKZ_FDBL("max_last_ratio_bound", worst[0]);
        kf[1] = HKZ_FDBL("min_last_ratio_control", worst[1]);
        kf[2] = HKZ_FINT("bound_transient", (long) worst[2]);
        if ((s = hkz_table_add(keys, kf, 1)) == HKZ_SUCCESS &&
            (s = hkz_table_add(keys, kf + 1, 1)) == HKZ_SUCCESS &&
            (s = hkz_table_add(keys, kf + 2, 1)) == HKZ_SUCCESS)
            s = _hkz_compare_keys_finish(r, keys);
    }
done:
    hkz_table_destroy(&keys);
    _arb_vec_clear(ops, 3 * HKZ_COMPARE_GRID_MAX);
    _arb_vec_clear(al, HKZ_COMPARE_GRID_MAX);
    _arb_vec_clear(eps, HKZ_COMPARE_GRID_MAX);
    arb_clear(lmin); arb_clear(lmax); arb_clear(one);
    return s;
}
