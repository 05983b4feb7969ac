/* hkz compare varadhan (grid_experiments.md section 1): e(g, t) =
 * -4 t log p_t(g) - d(g)^2 at t_j = t0/2^j for Delta (against the exact
 * closed form), the sub-Laplacian off the cut locus (fitted t log t
 * coefficient -> 6) and on the fibre r = 0 (the contrast).  See
 * hkz/compare_grid.h for the verdict. */
#include <stdio.h>
#include <string.h>
#include "compare_grid_internal.h"

void hkz_compare_varadhan_opts_init(hkz_compare_varadhan_opts_t *o)
{
    o->digits = 20;
    o->alpha = "0.5,1,2,2.8";
    o->sub = "0.8,0.3;0.4,1;1.2,2";
    o->fibre = "0.3,1,2.5";
    o->t0 = "0.08";
    o->nt = 6;
    o->tol = 0.01;
    o->perturb = 0.0;
}

void hkz_compare_varadhan_opts_large(hkz_compare_varadhan_opts_t *o)
{
    hkz_compare_varadhan_opts_init(o);
    o->alpha = "0.1,0.25,0.5,0.75,1,1.5,2,2.5,2.8,3";
    o->sub = "0.8,0.3;0.4,1;1.2,2;0.3,0.2;0.2,2.5;1.5,0.5;1,3";
    o->fibre = "0.1,0.3,1,2,2.5,3";
    o->t0 = "0.16";
    o->nt = 7;
}

enum { CASE_DELTA = 0, CASE_SUB = 1, CASE_FIBRE = 2 };
static const char *case_name[3] = {"delta", "sub", "fibre"};

typedef struct
{
    int which;
    const arb_struct *t, *x, *y;   /* alpha | r, z */
} kern_t;

static int kern(arb_t res, void *param, slong prec)
{
    kern_t *k = param;
    if (k->which == CASE_DELTA)
        return hkz_su2_heat_bi(res, k->t, k->x, 0, prec);
    return hkz_su2_heat_sub(res, k->t, k->x, k->y, 0, prec);
}

typedef struct
{
    hkz_compare_result_t *r;
    const hkz_compare_varadhan_opts_t *o;
    hkz_table_t keys;
    arb_ptr tv;
    double *td, *ed;
    arb_t p, e, ec, d, u;
    slong prec, bits;
    double worst_sub, worst_fibre;    /* |A - 6| at the last fit */
    fmpq_t t0;                        /* t0 exactly, for the t labels */
    int t0_exact;
} vw_t;

/* the exact time t_j = t0 / 2^j as printed (NULL: t0 has no exact form;
 * free with free()) */
static char *t_label(const vw_t *w, slong j)
{
    fmpq_t q;
    char *s;
    if (!w->t0_exact)
        return NULL;
    fmpq_init(q);
    fmpq_div_2exp(q, w->t0, (ulong) j);
    s = hkz_exact_get_str(q, 0);
    fmpq_clear(q);
    return s;
}

/* the rows of one point; x, y: alpha (y NULL) or r, z */
static int point(vw_t *w, int c, const arb_t x, const arb_t y,
                 const char *label)
{
    const hkz_compare_varadhan_opts_t *o = w->o;
    hkz_goal_t goal;
    kern_t k;
    hkz_field_t f[24];
    double A = NAN, Afirst = NAN;
    char *tl;
    slong j, n;
    int s, ok;

    hkz_goal_init(&goal, w->bits + 8);
    if (c == CASE_DELTA)
        arb_set(w->d, x);
    else if ((s = hkz_su2_dist_cc(w->d, x, y, w->prec)))
        return s;
    for (j = 0; j < o->nt; j++)
    {
        const arb_struct *t = w->tv + j;
        k.which = c; k.t = t; k.x = x; k.y = y;
        s = hkz_goal_eval(w->p, kern, &k, &goal, NULL);
        if (s != HKZ_SUCCESS && s != HKZ_ERR_PREC)
            return s;
        /* e = -4 t log p - d^2 */
        arb_log(w->e, w->p, w->prec);
        arb_mul(w->e, w->e, t, w->prec);
        arb_mul_si(w->e, w->e, -4, w->prec);
        arb_submul(w->e, w->d, w->d, w->prec);
        w->td[j] = hkz_ball_mid_d(t);
        w->ed[j] = hkz_ball_mid_d(w->e);
        ok = arb_is_finite(w->e);
        arb_indeterminate(w->ec);
        if (c == CASE_DELTA)
        {
            if ((s = hkz_compare_varadhan_closed(w->ec, x, t, w->prec)))
                return s;
            arb_set_d(w->u, o->perturb);
            arb_add(w->ec, w->ec, w->u, w->prec);
            ok = ok && arb_overlaps(w->e, w->ec) &&
                 arb_rel_accuracy_bits(w->e) >= w->bits - 14 &&
                 arb_rel_accuracy_bits(w->ec) >= w->bits - 14;
            if (!ok)
                hkz_compare_fail(w->r, "delta %s, t = %.6g: e = %.17g %s the "
                                 "closed form %.17g", label, w->td[j],
                                 w->ed[j], arb_overlaps(w->e, w->ec) ?
                                 "too wide to compare with" : "!=",
                                 hkz_ball_mid_d(w->ec));
        }
        else if (!ok)
            hkz_compare_fail(w->r, "%s %s, t = %.6g: e not certified (the "
                             "scalar kernel path's enclosure is too wide "
                             "there: a larger t0 or fewer times)",
                             case_name[c], label, w->td[j]);
        A = NAN;
        if (j >= 2)
        {
            A = _hkz_compare_fit_tlogt(w->td + j - 2, w->ed + j - 2);
            if (j == 2)
                Afirst = A;
        }
        n = 0;
        tl = t_label(w, j);
        f[n++] = HKZ_FSTR("case", case_name[c]);
        f[n++] = HKZ_FSTR("point", label);
        /* the point evaluated, exactly (the double only without one) */
        f[n++] = tl != NULL ? HKZ_FSTR("t", tl) : HKZ_FDBL("t", w->td[j]);
        HKZ_COMPARE_BALL2(f, n, "d", w->d);
        HKZ_COMPARE_BALL2(f, n, "p", w->p);
        HKZ_COMPARE_BALL2(f, n, "e", w->e);
        if (c == CASE_DELTA)
        {
            HKZ_COMPARE_BALL2(f, n, "e_closed", w->ec);
        }
        else
        {
            f[n++] = HKZ_FSTR("e_closed", "");
            f[n++] = HKZ_FDBL("e_closed_mid", NAN);
        }
        f[n++] = HKZ_FBOOL("agree", ok);
        f[n++] = HKZ_FBOOL("certified", arb_is_finite(w->e));
        f[n++] = HKZ_FDBL("e_minus_6tlogt_over_t_double",
                          (w->ed[j] - 6 * w->td[j] * log(w->td[j])) /
                          w->td[j]);
        f[n++] = HKZ_FDBL("fit_A_double", A);
        s = hkz_table_add(w->r->rows, f, n);
        free(tl);
        if (s)
            return s;
    }
    if (c != CASE_DELTA)
    {
        char key[96];
        hkz_field_t kf;
        snprintf(key, sizeof(key), "fit_A_double_%s_%s", case_name[c],
                 label);
        kf = HKZ_FDBL(key, A);
        if ((s = hkz_table_add(w->keys, &kf, 1)))
            return s;
        if (c == CASE_SUB)
        {
            if (!(fabs(A - 6) <= o->tol) || !(fabs(A - 6) <= fabs(Afirst -
                                                                   6)))
                hkz_compare_fail(w->r, "sub %s: fitted t log t coefficient "
                                 "%.6g at t = %.6g is not within %g of 6 or "
                                 "moves away (first fit %.6g)", label, A,
                                 w->td[o->nt - 1], o->tol, Afirst);
            if (!(fabs(A - 6) <= w->worst_sub))
                w->worst_sub = fabs(A - 6);
        }
        else
        {
            if (!(fabs(A - 6) > o->tol))
                hkz_compare_fail(w->r, "fibre %s: fitted coefficient %.6g "
                                 "is within %g of 6 (no contrast)", label, A,
                                 o->tol);
            if (!(fabs(A - 6) >= w->worst_fibre))
                w->worst_fibre = fabs(A - 6);
        }
    }
    return HKZ_SUCCESS;
}

static int check_opts(const hkz_compare_varadhan_opts_t *o)
{
    if (o->nt < 3 || o->nt > 40)
        return hkz_error_set(HKZ_ERR_ARG, "nt: expected 3 ... 40 (got %ld)",
                             (long) o->nt);
    if (!(o->tol > 0) || !(o->tol < 10))
        return hkz_error_set(HKZ_ERR_ARG, "tol: expected 0 < tol < 10");
    if (!(fabs(o->perturb) < 1))
        return hkz_error_set(HKZ_ERR_ARG, "perturb: expected |perturb| < 1");
    return HKZ_SUCCESS;
}

/* "r=R,z=Z" of the i-th pair of "R,Z;R,Z;..." as given */
static void sub_label(char *buf, size_t n, const char *list, slong i)
{
    char r[64] = "?", z[64] = "?";
    const char *p = list;
    for (; i > 0 && p != NULL; i--)
        if ((p = strchr(p, ';')) != NULL)
            p++;
    if (p != NULL)
        (void) sscanf(p, " %63[^,; ] , %63[^,; ]", r, z);
    snprintf(buf, n, "r=%s,z=%s", r, z);
}

static int run(vw_t *w, arb_ptr al, arb_ptr sub, arb_ptr fib)
{
    const hkz_compare_varadhan_opts_t *o = w->o;
    char label[64], a[32], b[32];
    slong na, ns, nf, i, j;
    arb_t pi2, zero;
    int s;

    arb_init(pi2);
    arb_init(zero);
    arb_const_pi(pi2, w->prec);
    /* the points as given (balls around the exact decimals, 64 bits
     * finer than the working precision): the rows label exactly the
     * points evaluated */
    if ((s = _hkz_compare_tuples(al, &na, 1, "alpha", o->alpha, 0,
                                 w->prec + 64))
        || (s = _hkz_compare_tuples(sub, &ns, 2, "sub", o->sub, 0,
                                    w->prec + 64))
        || (s = _hkz_compare_tuples(fib, &nf, 1, "fibre", o->fibre, 0,
                                    w->prec + 64))
        || (s = _hkz_compare_tuples(w->tv, &i, 1, "t0", o->t0, 0,
                                    w->prec + 64)))
        goto done;
    arb_one(zero);
    if (i != 1 || !arb_le(w->tv, zero))
    {
        s = hkz_error_set(HKZ_ERR_ARG, "t0: expected one value in (0, 1]");
        goto done;
    }
    arb_zero(zero);
    for (j = 1; j < o->nt; j++)
        arb_mul_2exp_si(w->tv + j, w->tv, -j);
    {
        int pi;
        w->t0_exact = hkz_exact_set_str(w->t0, &pi, o->t0) == HKZ_SUCCESS
                      && !pi;
    }
    for (i = 0; i < na; i++)
        if (!arb_lt(al + i, pi2))
        {
            s = hkz_error_set(HKZ_ERR_ARG, "alpha: values must be < pi");
            goto done;
        }
    arb_mul_2exp_si(pi2, pi2, -1);
    for (i = 0; i < ns; i++)
        if (!arb_le(sub + 2 * i, pi2) || !arb_lt(sub + 2 * i + 1, w->u))
        {
            s = hkz_error_set(HKZ_ERR_ARG, "sub: expected 0 < r <= pi/2 and "
                              "0 < z < pi");
            goto done;
        }
    for (i = 0; i < nf; i++)
        if (!arb_lt(fib + i, w->u))
        {
            s = hkz_error_set(HKZ_ERR_ARG, "fibre: expected 0 < z < pi");
            goto done;
        }
    for (i = 0; i < na && s == HKZ_SUCCESS; i++)
    {
        _hkz_compare_list_item(a, sizeof(a), o->alpha, i);
        snprintf(label, sizeof(label), "alpha=%s", a);
        s = point(w, CASE_DELTA, al + i, NULL, label);
    }
    for (i = 0; i < ns && s == HKZ_SUCCESS; i++)
    {
        sub_label(label, sizeof(label), o->sub, i);
        s = point(w, CASE_SUB, sub + 2 * i, sub + 2 * i + 1, label);
    }
    for (i = 0; i < nf && s == HKZ_SUCCESS; i++)
    {
        _hkz_compare_list_item(b, sizeof(b), o->fibre, i);
        snprintf(label, sizeof(label), "r=0,z=%s", b);
        s = point(w, CASE_FIBRE, zero, fib + i, label);
    }
done:
    arb_clear(pi2);
    arb_clear(zero);
    return s;
}

int hkz_compare_varadhan(hkz_compare_result_t *r,
                         const hkz_compare_varadhan_opts_t *o)
{
    vw_t w;
    arb_ptr al, sub, fib;
    hkz_field_t kf[2];
    int s;

    if ((s = _hkz_compare_start(r, "varadhan", o, o != NULL ? o->digits : 20,
                                &w.prec, &w.bits)) != HKZ_SUCCESS)
        return s;
    if ((s = check_opts(o)) != HKZ_SUCCESS)
        return s;
    w.r = r;
    w.o = o;
    w.keys = r->keys;
    w.worst_sub = 0;
    w.worst_fibre = INFINITY;
    w.tv = _arb_vec_init(o->nt);
    w.td = flint_malloc(o->nt * sizeof(double));
    w.ed = flint_malloc(o->nt * sizeof(double));
    al = _arb_vec_init(HKZ_COMPARE_GRID_MAX);
    sub = _arb_vec_init(2 * HKZ_COMPARE_GRID_MAX);
    fib = _arb_vec_init(HKZ_COMPARE_GRID_MAX);
    fmpq_init(w.t0);
    w.t0_exact = 0;
    arb_init(w.p); arb_init(w.e); arb_init(w.ec); arb_init(w.d);
    arb_init(w.u);
    arb_const_pi(w.u, w.prec);
    w.keys = NULL;
    if ((s = hkz_table_create(&w.keys)) == HKZ_SUCCESS)
        s = run(&w, al, sub, fib);
    if (s == HKZ_SUCCESS)
    {
        kf[0] = HKZ_FDBL("max_abs_A_minus_6_sub_double", w.worst_sub);
        kf[1] = HKZ_FDBL("min_abs_A_minus_6_fibre_double", w.worst_fibre);
        s = hkz_table_add(w.keys, kf, 1);
        if (s == HKZ_SUCCESS)
            s = hkz_table_add(w.keys, kf + 1, 1);
        if (s == HKZ_SUCCESS)
            s = _hkz_compare_keys_finish(r, w.keys);
    }
    hkz_table_destroy(&w.keys);
    _arb_vec_clear(w.tv, o->nt);
    flint_free(w.td);
    flint_free(w.ed);
    _arb_vec_clear(al, HKZ_COMPARE_GRID_MAX);
    _arb_vec_clear(sub, 2 * HKZ_COMPARE_GRID_MAX);
    _arb_vec_clear(fib, HKZ_COMPARE_GRID_MAX);
    arb_clear(w.p); arb_clear(w.e); arb_clear(w.ec); arb_clear(w.d);
    arb_clear(w.u);
    fmpq_clear(w.t0);
    return s;
}
