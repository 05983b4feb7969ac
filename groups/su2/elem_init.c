/* Memory management and assignment of SU(2) elements. */
#include "hkz/su2.h"

void hkz_su2_elem_init(hkz_su2_elem_t g)
{
    acb_init(&g->a);
    acb_init(&g->b);
}

void hkz_su2_elem_clear(hkz_su2_elem_t g)
{
    acb_clear(&g->a);
    acb_clear(&g->b);
}

void hkz_su2_elem_one(hkz_su2_elem_t g)
{
    acb_one(&g->a);
    acb_zero(&g->b);
}

void hkz_su2_elem_set(hkz_su2_elem_t res, const hkz_su2_elem_t g)
{
    acb_set(&res->a, &g->a);
    acb_set(&res->b, &g->b);
}
