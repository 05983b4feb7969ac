/* The digits-level calls of SU(2) (hkz/digits.h): inputs read once at the
 * precision rule, then the Ziv loop of hkz_goal_eval over the certified
 * functions of su2.h -- the same calls as hkz heat / hkz dist su2. */
#include "hkz/digits.h"
#include "hkz_check.h"

enum { KIND_BI, KIND_SUB, KIND_MILNOR, KIND_RIEM, KIND_CC };

typedef struct
{
    int kind;
    ulong deriv;
    arb_struct x[4];            /* t, alpha | t, r, z | a, b, c, t | r, z */
    hkz_su2_elem_struct g;      /* the Milnor point */
} su2_job_t;

static int eval(arb_t res, void *param, slong prec)
{
    su2_job_t *j = param;
    arb_srcptr x = j->x;
    switch (j->kind)
    {
    case KIND_BI:
        return hkz_su2_heat_bi(res, x + 0, x + 1, j->deriv, prec);
    case KIND_SUB:
        return hkz_su2_heat_sub(res, x + 0, x + 1, x + 2, j->deriv, prec);
    case KIND_MILNOR:
        return hkz_su2_heat_milnor(res, x + 0, x + 1, x + 2, x + 3, &j->g,
                                   prec);
    case KIND_RIEM:
        return hkz_su2_dist_riem(res, x + 0, x + 1, prec);
    default:
        return hkz_su2_dist_cc(res, x + 0, x + 1, prec);
    }
}

/* Reads the n named inputs, builds the Milnor point from the npt named
 * point coordinates (4: entries of g, 3: cylindrical), then runs the loop. */
static int run(arb_t res, int kind, slong deriv, const char *const *name,
               const char *const *s, slong n, const char *const *pname,
               const char *const *ps, slong npt, slong digits)
{
    su2_job_t j;
    hkz_goal_t goal;
    arb_struct p[4];
    slong i, prec;
    int status;

    HKZ_TRY(hkz_digits_goal(&goal, digits));
    /* the loop never works above max_prec: inputs read 64 bits finer
     * cost it no accuracy (hkz/digits.h) */
    prec = goal.max_prec + 64;
    HKZ_CHECK(deriv >= 0 && deriv <= 64, HKZ_ERR_ARG,
              "deriv must lie in [0, 64] (got %ld)", (long) deriv);
    j.kind = kind;
    j.deriv = (ulong) deriv;
    for (i = 0; i < 4; i++)
    {
        arb_init(j.x + i);
        arb_init(p + i);
    }
    hkz_su2_elem_init(&j.g);
    for (i = 0; i < n; i++)
        HKZ_TRY_GOTO(hkz_digits_read(j.x + i, name[i], s[i], prec));
    for (i = 0; i < npt; i++)
        HKZ_TRY_GOTO(hkz_digits_read(p + i, pname[i], ps[i], prec));
    /* the element as the CLI's --g (normalized) or --cyl builds it */
    if (npt == 4)
        HKZ_TRY_GOTO(hkz_su2_elem_set_coeffs(&j.g, p + 0, p + 1, p + 2,
                                             p + 3, prec));
    else if (npt == 3)
        HKZ_TRY_GOTO(hkz_su2_elem_set_cyl_checked(&j.g, p + 0, p + 1, p + 2,
                                                  prec));
    if (kind == KIND_MILNOR)
        HKZ_CHECK_GOTO(arb_is_positive(j.x + 0) && arb_is_positive(j.x + 1)
                       && arb_is_nonnegative(j.x + 2), HKZ_ERR_ARG,
                       "weights: need a > 0, b > 0, c >= 0");
    status = hkz_goal_eval(res, eval, &j, &goal, NULL);
cleanup:
    for (i = 0; i < 4; i++)
    {
        arb_clear(j.x + i);
        arb_clear(p + i);
    }
    hkz_su2_elem_clear(&j.g);
    return status;
}

int hkz_su2_heat_bi_deriv_digits(arb_t res, const char *t,
                                 const char *alpha, slong deriv,
                                 slong digits)
{
    const char *name[] = {"t", "alpha"}, *s[] = {t, alpha};
    return run(res, KIND_BI, deriv, name, s, 2, NULL, NULL, 0, digits);
}

int hkz_su2_heat_bi_digits(arb_t res, const char *t, const char *alpha,
                           slong digits)
{
    return hkz_su2_heat_bi_deriv_digits(res, t, alpha, 0, digits);
}

int hkz_su2_heat_sub_deriv_digits(arb_t res, const char *t, const char *r,
                                  const char *z, slong deriv, slong digits)
{
    const char *name[] = {"t", "r", "z"}, *s[] = {t, r, z};
    return run(res, KIND_SUB, deriv, name, s, 3, NULL, NULL, 0, digits);
}

int hkz_su2_heat_sub_digits(arb_t res, const char *t, const char *r,
                            const char *z, slong digits)
{
    return hkz_su2_heat_sub_deriv_digits(res, t, r, z, 0, digits);
}

int hkz_su2_heat_milnor_digits(arb_t res, const char *a, const char *b,
                               const char *c, const char *t,
                               const char *a_re, const char *a_im,
                               const char *b_re, const char *b_im,
                               slong digits)
{
    const char *name[] = {"a", "b", "c", "t"}, *s[] = {a, b, c, t};
    const char *pn[] = {"a_re", "a_im", "b_re", "b_im"};
    const char *ps[] = {a_re, a_im, b_re, b_im};
    return run(res, KIND_MILNOR, 0, name, s, 4, pn, ps, 4, digits);
}

int hkz_su2_heat_milnor_cyl_digits(arb_t res, const char *a, const char *b,
                                   const char *c, const char *t,
                                   const char *r, const char *phi,
                                   const char *z, slong digits)
{
    const char *name[] = {"a", "b", "c", "t"}, *s[] = {a, b, c, t};
    const char *pn[] = {"r", "phi", "z"}, *ps[] = {r, phi, z};
    return run(res, KIND_MILNOR, 0, name, s, 4, pn, ps, 3, digits);
}

int hkz_su2_dist_riem_digits(arb_t res, const char *r, const char *z,
                             slong digits)
{
    const char *name[] = {"r", "z"}, *s[] = {r, z};
    return run(res, KIND_RIEM, 0, name, s, 2, NULL, NULL, 0, digits);
}

int hkz_su2_dist_cc_digits(arb_t res, const char *r, const char *z,
                           slong digits)
{
    const char *name[] = {"r", "z"}, *s[] = {r, z};
    return run(res, KIND_CC, 0, name, s, 2, NULL, NULL, 0, digits);
}
