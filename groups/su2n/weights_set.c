/* Copy of a weight object (lists deep, user sequences share fn/param). */
#include "hkz_check.h"
#include "su2n_internal.h"

int hkz_su2n_weights_set(hkz_su2n_weights_t res,
        const hkz_su2n_weights_t src)
{
    const char *fn = "hkz_su2n_weights_set";
    hkz_su2n_weights_t tmp;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    HKZ_TRY(_hkz_su2n_check_weights(src, fn));
    if (res == src)
        return HKZ_SUCCESS;
    hkz_su2n_weights_init(tmp);
    tmp->family = src->family;
    arb_set(&tmp->c, &src->c);
    arb_set(&tmp->p, &src->p);
    arb_set(&tmp->gap, &src->gap);
    if (src->family == HKZ_SU2N_LIST && src->len > 0)
    {
        tmp->list = _arb_vec_init(src->len);
        _arb_vec_set(tmp->list, src->list, src->len);
    }
    tmp->len = src->len;
    tmp->fn = src->fn;
    tmp->param = src->param;
    tmp->max_factors = src->max_factors;
    tmp->seq_len = src->seq_len;
    /* swap: the struct holds no self-references */
    {
        hkz_su2n_weights_struct t = *res;
        *res = *tmp;
        *tmp = t;
    }
    hkz_su2n_weights_clear(tmp);
    return HKZ_SUCCESS;
}
