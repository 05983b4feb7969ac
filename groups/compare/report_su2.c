/* The built-in default experiment (hkz/report.h): certified SU(2) heat
 * kernels and distances at the spec's reference points. */
#include <stdio.h>
#include <string.h>
#include "hkz/report.h"
#include "hkz/goal.h"
#include "hkz/io.h"
#include "hkz/status.h"
#include "hkz/su2.h"
#include "hkz_check.h"

typedef enum { Q_BI, Q_SUB, Q_MILNOR, Q_RIEM, Q_CC } quantity_t;

typedef struct
{
    quantity_t q;
    const char *label;
    const char *t, *x1, *x2;  /* t and coordinates (alpha | r, z) */
    const char *ref;          /* reference value of the spec (R, M ids) */
} item_spec_t;

static const item_spec_t items[] = {
    {Q_BI, "h_t(alpha) at e (R1)", "1", "0", NULL,
     "1.20217233250351274223932"},
    {Q_BI, "h_t(alpha) (R4)", "0.1", "1", NULL,
     "1.510668046007660347152826"},
    {Q_BI, "h_t(alpha) at -I (R6)", "0.5", "pi", NULL,
     "0.2636234626801400783094266"},
    {Q_SUB, "p_t(r,z) at e (R11)", "0.2", "0", "0",
     "18.83556568350045893632653"},
    {Q_SUB, "p_t on the fibre exp(2Z) (R14)", "0.5", "0", "2",
     "0.2236976727828851377466778"},
    {Q_SUB, "p_t(r,z) off the fibre (R16)", "0.3", "0.7", "1.1",
     "0.6719835642883336876528524"},
    {Q_MILNOR, "Milnor a,b,c = 2,0.7,1.5 at (1.1,2.0,2.5) (M4)", "0.8",
     "1.1", "2.5", "0.9504637351065770082321884"},
    {Q_RIEM, "d_R(e,g) at P2 (R20)", NULL, "0.7", "2.0",
     "1.894717929805496862421794"},
    {Q_CC, "d_CC(e,g) at P2 (R20)", NULL, "0.7", "2.0",
     "2.237226266351433902977342"},
    {Q_CC, "d_CC(e,g) at P6 (R24)", NULL, "0.01", "3.1",
     "3.131317311644956182507927"},
};

typedef struct
{
    quantity_t q;
    arb_t bt, b1, b2;
    hkz_su2_elem_t g;
} item_t;

static int eval(arb_t res, void *param, slong prec)
{
    item_t *it = param;
    switch (it->q)
    {
    case Q_BI:
        return hkz_su2_heat_bi(res, it->bt, it->b1, 0, prec);
    case Q_SUB:
        return hkz_su2_heat_sub(res, it->bt, it->b1, it->b2, 0, prec);
    case Q_MILNOR:
    {
        arb_t a, b, c;
        int s;
        arb_init(a); arb_init(b); arb_init(c);
        arb_set_si(a, 2);
        arb_set_str(b, "0.7", prec);
        arb_set_str(c, "1.5", prec);
        s = hkz_su2_heat_milnor(res, a, b, c, it->bt, it->g, prec);
        arb_clear(a); arb_clear(b); arb_clear(c);
        return s;
    }
    case Q_RIEM:
        return hkz_su2_dist_riem(res, it->b1, it->b2, prec);
    default:
        return hkz_su2_dist_cc(res, it->b1, it->b2, prec);
    }
}

/* The spec's value, rounded to its last printed digit, overlaps res. */
static int agrees(const arb_t res, const char *ref, slong prec)
{
    arb_t x;
    int ok;
    arb_init(x);
    ok = hkz_ball_set_str(x, ref, prec) == HKZ_SUCCESS;
    if (ok)
    {
        mag_t ulp;
        mag_init(ulp);
        mag_set_ui_2exp_si(ulp, 1, -70);  /* > 1e-22: rounding */
        arb_add_error_mag(x, ulp);
        mag_clear(ulp);
        ok = arb_overlaps(x, res);
    }
    arb_clear(x);
    return ok;
}

/* One item: evaluate at the goal and add its row. */
static int item(hkz_compare_result_t *r, const item_spec_t *sp,
                const hkz_goal_t *goal, slong prec, int *worst, slong *nok)
{
    item_t it;
    hkz_field_t f[8];
    arb_t res, phi;
    int s, ok = 0;

    it.q = sp->q;
    arb_init(it.bt); arb_init(it.b1); arb_init(it.b2); arb_init(res);
    arb_init(phi);
    hkz_su2_elem_init(it.g);
    s = sp->t != NULL ? hkz_ball_set_str(it.bt, sp->t, prec) : HKZ_SUCCESS;
    s = s ? s : hkz_ball_set_str(it.b1, sp->x1, prec);
    if (s == HKZ_SUCCESS && sp->x2 != NULL)
        s = hkz_ball_set_str(it.b2, sp->x2, prec);
    if (s == HKZ_SUCCESS && it.q == Q_MILNOR)
    {
        arb_set_si(phi, 2);
        hkz_su2_elem_set_cyl(it.g, it.b1, phi, it.b2, prec);
    }
    if (s == HKZ_SUCCESS)
        s = hkz_goal_eval(res, eval, &it, goal, NULL);
    if (s == HKZ_SUCCESS || s == HKZ_ERR_PREC)
    {
        ok = agrees(res, sp->ref, prec);
        *nok += ok;
        if (s != HKZ_SUCCESS)
            *worst = s;
        f[0] = HKZ_FSTR("quantity", sp->label);
        f[1] = HKZ_FSTR("t", sp->t != NULL ? sp->t : "");
        f[2] = HKZ_FSTR("x1", sp->x1);
        f[3] = HKZ_FSTR("x2", sp->x2 != NULL ? sp->x2 : "");
        f[4] = HKZ_FSTR("reference", sp->ref);
        f[5] = HKZ_FBOOL("agrees_with_reference", ok);
        f[6] = HKZ_FBALL("value", res);
        f[7] = HKZ_FINT("status", s);
        s = hkz_table_add(r->rows, f, 8);
        if (s == HKZ_SUCCESS && !ok)
            hkz_compare_fail(r, "%s: disagrees with the reference",
                             sp->label);
    }
    arb_clear(it.bt); arb_clear(it.b1); arb_clear(it.b2); arb_clear(res);
    arb_clear(phi);
    hkz_su2_elem_clear(it.g);
    return s;
}

int hkz_report_su2(hkz_compare_result_t *r, slong digits)
{
    const slong nitems = sizeof(items) / sizeof(items[0]);
    hkz_goal_t goal;
    hkz_field_t k[3];
    slong i, nok = 0, prec;
    int s = HKZ_SUCCESS, worst = HKZ_SUCCESS;

    HKZ_CHECK(r != NULL, HKZ_ERR_ARG, "hkz_report_su2: NULL result");
    HKZ_CHECK(digits >= 1 && digits <= 10000, HKZ_ERR_ARG,
              "digits: expected 1 ... 10000 (got %ld)", (long) digits);
    hkz_table_destroy(&r->rows);
    hkz_table_destroy(&r->keys);
    snprintf(r->name, sizeof(r->name), "report");
    r->pass = 1;
    r->reason[0] = '\0';
    HKZ_TRY(hkz_table_create(&r->rows));
    HKZ_TRY(hkz_table_create(&r->keys));
    hkz_goal_init_digits(&goal, digits);
    /* inputs are read exactly enough for every Ziv step */
    prec = goal.max_prec + 64;
    for (i = 0; i < nitems && s == HKZ_SUCCESS; i++)
        s = item(r, items + i, &goal, prec, &worst, &nok);
    HKZ_TRY(s);
    if (worst != HKZ_SUCCESS)
        hkz_compare_fail(r, "an item missed the goal of %ld digits",
                         (long) digits);
    k[0] = HKZ_FINT("items", (long) nitems);
    k[1] = HKZ_FINT("agree", (long) nok);
    k[2] = HKZ_FINT("worst_status", worst);
    return hkz_table_add(r->keys, k, 3);
}
