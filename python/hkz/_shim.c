/* Balls across the boundary and the scalar kernels of the Python
 * package (see _shim.h).  The inputs are read as the CLI reads them: at
 * the goal's max_prec + 64 bits (exact for every decimal of that size),
 * and the Ziv loop of hkz/goal.h runs the kernel, so a call returns the
 * CLI's ball for the same strings. */
#include <stdlib.h>
#include <string.h>
#include "_shim.h"
#include "hkz/su2n_ops.h"

arb_struct *hkzpy_vec_new(slong n)
{
    return _arb_vec_init(FLINT_MAX(n, 1));
}

void hkzpy_vec_free(arb_struct *v, slong n)
{
    if (v != NULL)
        _arb_vec_clear(v, FLINT_MAX(n, 1));
}

char *hkzpy_ball_parts(const arb_struct *x)
{
    fmpz_t m, e, rm, re;
    arf_t r;
    char *s[4], *out;
    size_t len = 4;
    int i;

    fmpz_init(m);
    fmpz_init(e);
    fmpz_init(rm);
    fmpz_init(re);
    arf_init(r);
    if (arf_is_finite(arb_midref(x)))
        arf_get_fmpz_2exp(m, e, arb_midref(x));
    arf_set_mag(r, arb_radref(x));
    if (arf_is_finite(r))
        arf_get_fmpz_2exp(rm, re, r);
    /* not finite: the Python side makes an indeterminate ball */
    if (!arb_is_finite(x))
        fmpz_set_si(rm, -1);
    s[0] = fmpz_get_str(NULL, 16, m);
    s[1] = fmpz_get_str(NULL, 16, e);
    s[2] = fmpz_get_str(NULL, 16, rm);
    s[3] = fmpz_get_str(NULL, 16, re);
    for (i = 0; i < 4; i++)
        len += strlen(s[i]);
    out = flint_malloc(len);
    strcpy(out, s[0]);
    for (i = 1; i < 4; i++)
    {
        strcat(out, " ");
        strcat(out, s[i]);
    }
    for (i = 0; i < 4; i++)
        flint_free(s[i]);
    fmpz_clear(m);
    fmpz_clear(e);
    fmpz_clear(rm);
    fmpz_clear(re);
    arf_clear(r);
    return out;
}

void hkzpy_str_free(char *s)
{
    flint_free(s);
}

/* "x1,x2,..." -> exactly n balls (as the CLI's LIST options) */
static int read_list(arb_ptr v, slong n, const char *what, const char *s,
                     slong prec)
{
    char *buf, *p, *c;
    slong k = 0;
    int st = HKZ_SUCCESS;

    if (s == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: missing", what);
    buf = flint_malloc(strlen(s) + 1);
    strcpy(buf, s);
    for (p = buf; st == HKZ_SUCCESS && p != NULL; k++)
    {
        if ((c = strchr(p, ',')) != NULL)
            *c = '\0';
        if (k >= n)
            st = hkz_error_set(HKZ_ERR_ARG, "%s: expected %ld values (got "
                               "'%s')", what, (long) n, s);
        else if (hkz_ball_set_str(v + k, p, prec) != HKZ_SUCCESS)
            st = hkz_error_set(HKZ_ERR_ARG, "%s: %s", what, hkz_errmsg());
        p = c != NULL ? c + 1 : NULL;
    }
    if (st == HKZ_SUCCESS && k != n)
        st = hkz_error_set(HKZ_ERR_ARG, "%s: expected %ld values (got '%s')",
                           what, (long) n, s);
    flint_free(buf);
    return st;
}

typedef struct
{
    int kind;
    const char *method;
    ulong deriv;
    arb_t t, a, b;
    arb_struct w[3];
    hkz_su2_elem_t elem;
} heat_t;

static int eval_heat(arb_t res, void *param, slong prec)
{
    heat_t *h = param;
    const char *m = h->method;
    if (h->kind == 0)
    {
        if (strcmp(m, "spectral") == 0)
            return hkz_su2_heat_bi_spectral(res, h->t, h->a, h->deriv, prec);
        if (strcmp(m, "images") == 0)
            return hkz_su2_heat_bi_images(res, h->t, h->a, prec);
        return hkz_su2_heat_bi(res, h->t, h->a, h->deriv, prec);
    }
    if (h->kind == 1)
    {
        if (strcmp(m, "spectral") == 0)
            return hkz_su2_heat_sub_spectral(res, h->t, h->a, h->b, h->deriv,
                                             prec);
        if (strcmp(m, "fibre") == 0)
            return hkz_su2_heat_sub_fibre(res, h->t, h->b, prec);
        if (strcmp(m, "integral") == 0)
            return hkz_su2_heat_sub_integral(res, h->t, h->a, h->b, prec);
        return hkz_su2_heat_sub(res, h->t, h->a, h->b, h->deriv, prec);
    }
    return hkz_su2_heat_milnor(res, h->w + 0, h->w + 1, h->w + 2, h->t,
                               h->elem, prec);
}

static int check_method(const heat_t *h)
{
    const char *ok = h->kind == 0 ? ",auto,spectral,images,"
                     : h->kind == 1 ? ",auto,spectral,fibre,integral,"
                     : ",auto,";
    char buf[64];
    if (strlen(h->method) > 40)
        return hkz_error_set(HKZ_ERR_ARG, "unknown method");
    snprintf(buf, sizeof(buf), ",%s,", h->method);
    if (strstr(ok, buf) == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "unknown method '%s' (expected "
                             "one of %s)", h->method, ok);
    if (h->deriv != 0 && strcmp(h->method, "auto") != 0 &&
        strcmp(h->method, "spectral") != 0)
        return hkz_error_set(HKZ_ERR_ARG, "deriv needs method auto or "
                             "spectral");
    /* the fibre closed form is p_t on r = 0 only */
    if (h->kind == 1 && strcmp(h->method, "fibre") == 0 && !arb_is_zero(h->a))
        return hkz_error_set(HKZ_ERR_ARG, "method fibre is the closed form "
                             "on the fibre r = 0");
    return HKZ_SUCCESS;
}

static int heat_read(heat_t *h, const char *t, const char *a, const char *b,
                     const char *w, const char *g, const char *cyl,
                     slong prec)
{
    arb_struct v[4];
    int st, k;

    if ((st = read_list(h->t, 1, "t", t, prec)))
        return st;
    if (!arb_is_positive(h->t))
        return hkz_error_set(HKZ_ERR_ARG, "t: need t > 0 (got %s)", t);
    if (h->kind == 0)
        return read_list(h->a, 1, "alpha", a, prec);
    if (h->kind == 1)
    {
        if ((st = read_list(h->a, 1, "r", a, prec)))
            return st;
        return read_list(h->b, 1, "z", b, prec);
    }
    if ((st = read_list(h->w, 3, "weights", w, prec)))
        return st;
    if (!arb_is_positive(h->w + 0) || !arb_is_positive(h->w + 1) ||
        !arb_is_nonnegative(h->w + 2))
        return hkz_error_set(HKZ_ERR_ARG, "weights: need a > 0, b > 0, "
                             "c >= 0 (got %s)", w);
    if ((g == NULL) == (cyl == NULL))
        return hkz_error_set(HKZ_ERR_ARG, "give exactly one of g and cyl");
    for (k = 0; k < 4; k++)
        arb_init(v + k);
    if (cyl != NULL && (st = read_list(v, 3, "cyl", cyl, prec)) == 0)
        st = hkz_su2_elem_set_cyl_checked(h->elem, v + 0, v + 1, v + 2,
                                          prec);
    else if (cyl == NULL && (st = read_list(v, 4, "g", g, prec)) == 0)
        st = hkz_su2_elem_set_coeffs(h->elem, v + 0, v + 1, v + 2, v + 3,
                                     prec);
    for (k = 0; k < 4; k++)
        arb_clear(v + k);
    return st;
}

int hkzpy_heat(arb_struct *res, int kind, const char *t, const char *a,
               const char *b, const char *w, const char *g,
               const char *cyl, ulong deriv, const char *method,
               slong digits)
{
    heat_t h;
    hkz_goal_t goal;
    int st, k;

    if (digits < 1 || digits > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "digits must lie in [1, 100000]");
    hkz_goal_init_digits(&goal, digits);
    h.kind = kind;
    h.method = method != NULL ? method : "auto";
    h.deriv = deriv;
    arb_init(h.t);
    arb_init(h.a);
    arb_init(h.b);
    for (k = 0; k < 3; k++)
        arb_init(h.w + k);
    hkz_su2_elem_init(h.elem);
    st = heat_read(&h, t, a, b, w, g, cyl, goal.max_prec + 64);
    if (st == HKZ_SUCCESS)
        st = check_method(&h);
    if (st == HKZ_SUCCESS)
        st = hkz_goal_eval(res, eval_heat, &h, &goal, NULL);
    arb_clear(h.t);
    arb_clear(h.a);
    arb_clear(h.b);
    for (k = 0; k < 3; k++)
        arb_clear(h.w + k);
    hkz_su2_elem_clear(h.elem);
    return st;
}

typedef struct
{
    int metric;
    arb_t r, z;
} dist_t;

static int eval_dist(arb_t res, void *param, slong prec)
{
    dist_t *d = param;
    return d->metric == 0 ? hkz_su2_dist_riem(res, d->r, d->z, prec)
                          : hkz_su2_dist_cc(res, d->r, d->z, prec);
}

int hkzpy_dist(arb_struct *res, int metric, const char *r, const char *z,
               slong digits)
{
    dist_t d;
    hkz_goal_t goal;
    int st;

    if (digits < 1 || digits > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "digits must lie in [1, 100000]");
    hkz_goal_init_digits(&goal, digits);
    d.metric = metric;
    arb_init(d.r);
    arb_init(d.z);
    if ((st = read_list(d.r, 1, "r", r, goal.max_prec + 64)) == 0 &&
        (st = read_list(d.z, 1, "z", z, goal.max_prec + 64)) == 0)
        st = hkz_goal_eval(res, eval_dist, &d, &goal, NULL);
    arb_clear(d.r);
    arb_clear(d.z);
    return st;
}

int hkzpy_product_heat(arb_struct *res, int *kind, slong *nfactors, int op,
                       const char *spec, int spin, const char *t,
                       const char *at, ulong deriv, slong digits)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    hkz_goal_t goal;
    arb_t tt;
    int st;

    if (digits < 1 || digits > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "digits must lie in [1, 100000]");
    if (spec == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "give delta_weights or "
                             "sub_weights (the operator)");
    hkz_goal_init_digits(&goal, digits);
    memset(&info, 0, sizeof(info));
    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    arb_init(tt);
    st = hkz_su2n_weights_set_str(w, spec, goal.max_prec + 64);
    if (st == HKZ_SUCCESS && spin)
        hkz_su2n_weights_from_spin(w);
    if (st == HKZ_SUCCESS)
        st = read_list(tt, 1, "t", t, goal.max_prec + 64);
    if (st == HKZ_SUCCESS && !arb_is_positive(tt))
        st = hkz_error_set(HKZ_ERR_ARG, "t: need t > 0 (got %s)", t);
    if (st == HKZ_SUCCESS && at != NULL)
        st = hkz_su2n_point_set_str(x, at, goal.max_prec + 64);
    if (st == HKZ_SUCCESS && deriv != 0)
        st = hkz_error_set(HKZ_ERR_ARG, "product heat: no deriv (as the "
                           "CLI; the grid kind heat_product has deriv)");
    if (st == HKZ_SUCCESS)
        st = hkz_su2n_heat_goal(res, &info, w, op, NULL, tt,
                                at != NULL ? x : NULL,
                                hkz_digits_to_bits(digits));
    *kind = info.kind;
    *nfactors = info.nfactors;
    arb_clear(tt);
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(w);
    return st;
}
