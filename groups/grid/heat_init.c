/* The grid problem: init / clear, weights, checks and output coordinates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/grid.h"
#include "hkz_check.h"

void hkz_grid_heat_init(hkz_grid_heat_t g, int kind)
{
    int i;

    memset(g, 0, sizeof(hkz_grid_heat_struct));
    g->kind = kind;
    hkz_grid_list_init(g->t);
    hkz_grid_list_init(g->alpha);
    hkz_grid_list_init(g->r);
    hkz_grid_list_init(g->z);
    for (i = 0; i < 3; i++)
        arb_init(g->w + i);
    hkz_su2n_weights_init(g->pw);
    g->pop = HKZ_SU2N_DELTA;
    g->digits = 10;
}

void hkz_grid_heat_clear(hkz_grid_heat_t g)
{
    slong i;

    hkz_grid_list_clear(g->t);
    hkz_grid_list_clear(g->alpha);
    hkz_grid_list_clear(g->r);
    hkz_grid_list_clear(g->z);
    for (i = 0; i < 3; i++)
        arb_clear(g->w + i);
    free(g->wsrc);
    free(g->path);
    free(g->line);
    if (g->g != NULL)
        _arb_vec_clear(g->g, 4 * g->nfile);
    if (g->pts != NULL)
    {
        for (i = 0; i < g->nfile; i++)
            hkz_su2n_point_clear(g->pts + i);
        free(g->pts);
    }
    hkz_su2n_weights_clear(g->pw);
    free(g->pwsrc);
    memset(g, 0, sizeof(hkz_grid_heat_struct));
}

static char *dup_str(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d != NULL)
        strcpy(d, s);
    return d;
}

int hkz_grid_heat_set_weights(hkz_grid_heat_t g, const char *s, slong prec)
{
    hkz_grid_list_t l;
    int status;

    HKZ_CHECK(g != NULL && s != NULL, HKZ_ERR_ARG, "weights: NULL argument");
    HKZ_CHECK(strchr(s, ':') == NULL, HKZ_ERR_ARG,
              "weights '%s': expected a,b,c", s);
    hkz_grid_list_init(l);
    status = hkz_grid_list_set_str(l, s, 0, prec);
    if (status != HKZ_SUCCESS)
        status = hkz_error_set(HKZ_ERR_ARG, "weights '%s': expected three "
                               "decimals a,b,c", s);
    else if (l->n != 3)
        status = hkz_error_set(HKZ_ERR_ARG, "weights '%s': expected three "
                               "decimals a,b,c (got %ld)", s, (long) l->n);
    else if (!arb_is_positive(l->v) || !arb_is_positive(l->v + 1)
             || !arb_is_nonnegative(l->v + 2))
        status = hkz_error_set(HKZ_ERR_ARG, "weights '%s': need a > 0, "
                               "b > 0, c >= 0", s);
    else
    {
        _arb_vec_set(g->w, l->v, 3);
        free(g->wsrc);
        g->wsrc = dup_str(s);
        if (g->wsrc == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    hkz_grid_list_clear(l);
    return status;
}

int hkz_grid_heat_set_product(hkz_grid_heat_t g, int op, const char *spec,
                              slong prec)
{
    HKZ_CHECK(g != NULL && spec != NULL, HKZ_ERR_ARG,
              "product weights: NULL argument");
    HKZ_CHECK(op == HKZ_SU2N_DELTA || op == HKZ_SU2N_L, HKZ_ERR_ARG,
              "product: the operator must be DELTA or L");
    HKZ_TRY(hkz_su2n_weights_set_str(g->pw, spec, prec));
    g->pop = op;
    free(g->pwsrc);
    g->pwsrc = dup_str(spec);
    HKZ_CHECK(g->pwsrc != NULL, HKZ_ERR_NOMEM, "out of memory");
    return HKZ_SUCCESS;
}

/* Refuses only values certainly outside [0, hi 2^-e] with hi = pi (so
 * "pi", "pi/2" and decimals within a rounding error of the end pass, as
 * hkz_su2_heat_bi does): pi to more bits than any value has, rounded up. */
static int in_range(const hkz_grid_list_t l, const char *name, int upper)
{
    arf_t lo, end;
    arb_t pi;
    slong i, pp = 64;
    int status = HKZ_SUCCESS;

    arf_init(lo);
    arf_init(end);
    arb_init(pi);
    for (i = 0; i < l->n; i++)
    {
        arb_get_lbound_arf(lo, l->v + i, ARF_PREC_EXACT);
        pp = FLINT_MAX(pp, arf_bits(lo) + 64);
    }
    arb_const_pi(pi, pp);
    arb_get_ubound_arf(end, pi, pp);
    arf_mul_2exp_si(end, end, 1 - upper);
    for (i = 0; i < l->n && status == HKZ_SUCCESS; i++)
    {
        arb_get_lbound_arf(lo, l->v + i, ARF_PREC_EXACT);
        if (arb_is_negative(l->v + i) || arf_cmp(lo, end) > 0)
            status = hkz_error_set(HKZ_ERR_ARG, "--%s: value '%s' is "
                                   "outside %s", name, l->label[i],
                                   upper == 1 ? "[0, pi]" : "[0, pi/2]");
    }
    arf_clear(lo);
    arf_clear(end);
    arb_clear(pi);
    return status;
}

int hkz_grid_heat_check(slong *P, slong *T, const hkz_grid_heat_t g)
{
    slong i, np = 0;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(g != NULL, HKZ_ERR_ARG, "grid: NULL argument");
    HKZ_CHECK(g->t->n > 0, HKZ_ERR_ARG, "grid: missing --t");
    HKZ_CHECK(g->digits >= 1 && g->digits <= 100000, HKZ_ERR_ARG,
              "grid: digits must be >= 1");
    for (i = 0; i < g->t->n; i++)
        HKZ_CHECK(arb_is_positive(g->t->v + i), HKZ_ERR_ARG,
                  "--t: times must be > 0 (got '%s')", g->t->label[i]);
    switch (g->kind)
    {
    case HKZ_GRID_SU2:
        HKZ_CHECK_GOTO(g->alpha->n > 0, HKZ_ERR_ARG, "grid: missing --alpha");
        HKZ_TRY_GOTO(in_range(g->alpha, "alpha", 1));
        np = g->alpha->n;
        break;
    case HKZ_GRID_SU2_SUB:
    case HKZ_GRID_SU2_MILNOR:
        if (g->kind == HKZ_GRID_SU2_MILNOR)
        {
            HKZ_CHECK_GOTO(g->wsrc != NULL, HKZ_ERR_ARG,
                           "grid: missing --weights a,b,c");
            HKZ_CHECK_GOTO(g->deriv <= 8, HKZ_ERR_ARG, "--deriv: su2-milnor"
                           " has time derivatives up to 8 (got %lu)",
                           (unsigned long) g->deriv);
            HKZ_CHECK_GOTO(g->deriv == 0 || (arb_is_positive(g->w + 0) &&
                           arb_is_positive(g->w + 1) &&
                           arb_is_positive(g->w + 2)), HKZ_ERR_ARG,
                           "--deriv: su2-milnor time derivatives need "
                           "weights a, b, c > 0");
            if (g->path != NULL)
            {
                HKZ_CHECK_GOTO(g->r->n == 0 && g->z->n == 0, HKZ_ERR_ARG,
                               "give either --g FILE or --r and --z");
                np = g->nfile;
                break;
            }
        }
        HKZ_CHECK_GOTO(g->r->n > 0 && g->z->n > 0, HKZ_ERR_ARG,
                       "grid: missing --r or --z");
        HKZ_TRY_GOTO(in_range(g->r, "r", 2));
        HKZ_CHECK_GOTO(g->r->n <= WORD_MAX / g->z->n, HKZ_ERR_ARG,
                       "grid: too many points");
        np = g->r->n * g->z->n;
        break;
    case HKZ_GRID_PRODUCT:
        HKZ_CHECK_GOTO(g->pwsrc != NULL, HKZ_ERR_ARG, "grid: missing "
                       "--delta-weights or --sub-weights");
        HKZ_CHECK_GOTO(g->path != NULL, HKZ_ERR_ARG, "grid: missing "
                       "--points FILE");
        np = g->nfile;
        for (i = 0; i < np; i++)
        {
            slong lw = hkz_su2n_weights_length(g->pw);
            HKZ_CHECK_GOTO(lw < 0 || g->pts[i].len <= lw, HKZ_ERR_ARG,
                           "--points: line %ld has %ld coordinates but there"
                           " are only %ld weights", (long) g->line[i],
                           (long) g->pts[i].len, (long) lw);
        }
        break;
    default:
        status = hkz_error_set(HKZ_ERR_ARG, "grid: unknown kind %d",
                               g->kind);
    }
    if (status == HKZ_SUCCESS)
        HKZ_CHECK_GOTO(np >= 1, HKZ_ERR_ARG, "grid: no points");
    if (status == HKZ_SUCCESS)   /* entries are counted in an slong */
        HKZ_CHECK_GOTO(np <= WORD_MAX / 2 / g->t->n, HKZ_ERR_ARG,
                       "grid: too many entries");
cleanup:
    if (status == HKZ_SUCCESS)
    {
        *P = np;
        *T = g->t->n;
    }
    return status;
}

slong hkz_grid_heat_ncoords(const hkz_grid_heat_t g)
{
    if (g->kind == HKZ_GRID_SU2_SUB
        || (g->kind == HKZ_GRID_SU2_MILNOR && g->path == NULL))
        return 2;
    return 1;
}

const char *hkz_grid_heat_coord_name(const hkz_grid_heat_t g, slong c)
{
    if (g->kind == HKZ_GRID_SU2)
        return "alpha";
    if (hkz_grid_heat_ncoords(g) == 2)
        return c == 0 ? "r" : "z";
    return "i";
}

const char *hkz_grid_heat_coord_str(const hkz_grid_heat_t g, slong p,
                                    slong c)
{
    static _Thread_local char buf[32];

    if (g->kind == HKZ_GRID_SU2)
        return g->alpha->label[p];
    if (hkz_grid_heat_ncoords(g) == 2)
        return c == 0 ? g->r->label[p / g->z->n] : g->z->label[p % g->z->n];
    snprintf(buf, sizeof(buf), "%ld", (long) g->line[p]);
    return buf;
}

double hkz_grid_heat_coord_d(const hkz_grid_heat_t g, slong p, slong c)
{
    const arb_struct *x;

    if (g->kind == HKZ_GRID_SU2)
        x = g->alpha->v + p;
    else if (hkz_grid_heat_ncoords(g) == 2)
        x = c == 0 ? g->r->v + p / g->z->n : g->z->v + p % g->z->n;
    else
        return (double) g->line[p];
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}
