/* The certified scalar route of a grid entry: the scalar kernel functions
 * under the Ziv loop (hkz/goal.h). */
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_grid_heat_struct *g;
    slong p, j;
    int partial;   /* product: the tail was not certified */
} scalar_job;

static int eval(arb_t res, void *param, slong prec)
{
    scalar_job *J = param;
    const hkz_grid_heat_struct *g = J->g;
    const arb_struct *t = g->t->v + J->j;
    int status;

    switch (g->kind)
    {
    case HKZ_GRID_SU2:
        return hkz_su2_heat_bi(res, t, g->alpha->v + J->p, g->deriv, prec);
    case HKZ_GRID_SU2_SUB:
        return hkz_su2_heat_sub(res, t, g->r->v + J->p / g->z->n,
                                g->z->v + J->p % g->z->n, g->deriv, prec);
    case HKZ_GRID_SU2_MILNOR:
    {
        hkz_su2_elem_t x;
        hkz_su2_elem_init(x);
        if (g->path == NULL)
        {
            arb_t phi;
            arb_init(phi);
            hkz_su2_elem_set_cyl(x, g->r->v + J->p / g->z->n, phi,
                                 g->z->v + J->p % g->z->n, prec);
            arb_clear(phi);
            status = HKZ_SUCCESS;
        }
        else
        {
            acb_t a, b;
            const arb_struct *v = g->g + 4 * J->p;
            acb_init(a);
            acb_init(b);
            acb_set_arb_arb(a, v + 0, v + 1);
            acb_set_arb_arb(b, v + 2, v + 3);
            status = hkz_su2_elem_set_acb(x, a, b, prec);
            acb_clear(a);
            acb_clear(b);
        }
        if (status == HKZ_SUCCESS)
            status = hkz_su2_heat_milnor(res, g->w + 0, g->w + 1, g->w + 2,
                                         t, x, prec);
        hkz_su2_elem_clear(x);
        return status;
    }
    case HKZ_GRID_PRODUCT:
    {
        hkz_su2n_info_t info;
        status = hkz_su2n_heat(res, &info, g->pw, g->pop, t, g->pts + J->p,
                               prec);
        J->partial = status == HKZ_SUCCESS && info.kind == HKZ_SU2N_PARTIAL;
        return status;
    }
    }
    return hkz_error_set(HKZ_ERR_INTERNAL, "grid: unknown kind");
}

int _hkz_grid_scalar(hkz_grid_entry_t *row, const hkz_grid_heat_t g,
                     slong p, slong j, const hkz_goal_t *goal)
{
    scalar_job J;
    int status;

    J.g = g;
    J.p = p;
    J.j = j;
    J.partial = 0;
    status = hkz_goal_eval(&row->value, eval, &J, goal, NULL);
    row->scalar = 1;
    row->p = p;
    row->j = j;
    if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
        return hkz_error_set(status, "grid entry (point %ld, t = %s): %s",
                             (long) p, g->t->label[j], hkz_errmsg());
    row->status = status;
    row->certified = arb_is_finite(&row->value) && !J.partial;
    return HKZ_SUCCESS;
}
