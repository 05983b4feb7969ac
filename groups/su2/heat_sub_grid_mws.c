/* The scratch of the batched fallback (heat_sub_grid_multi.c): one per
 * call, reused by its classes and r values, grown on demand. */
#include <stdlib.h>
#include "su2_grid_internal.h"

void _hkz_su2_sub_mws_clear(_hkz_su2_sub_mws_t *W)
{
    if (W->ws != NULL)
        _arb_vec_clear(W->ws, 4);
    if (W->B != NULL)
        _arb_vec_clear(W->B, W->nB);
    if (W->dk != NULL)
        _arb_vec_clear(W->dk, W->ndk);
    if (W->c != NULL)
        _arb_vec_clear(W->c, W->nc);
    if (W->tl != NULL)
        _mag_vec_clear(W->tl, 3 * W->nt);
    if (W->S != NULL)
        _mag_vec_clear(W->S, W->nS);
    free(W->kt);
    free(W->first);
    free(W->rep);
    free(W->mark);
    _hkz_su2_sub_dd_vec_room(&W->ydd, &W->nydd, -1);
    _hkz_su2_sub_dd_clear(W->xdd);
}

/* room for ns entries of a class and the slots of cache c */
int _hkz_su2_sub_mws_room(_hkz_su2_sub_mws_t *W, slong ns,
                   const struct hkz_su2_sub_wcache_struct *c)
{
    slong i;
    if (ns > W->nt)
    {
        slong *kt = realloc(W->kt, 4 * ns * sizeof(slong));
        if (kt == NULL)
            return 0;
        W->kt = kt;
        if (W->tl != NULL)
            _mag_vec_clear(W->tl, 3 * W->nt);
        W->tl = _mag_vec_init(3 * ns);
        W->nt = ns;
    }
    if (ns > W->ne)
    {
        slong *f = realloc(W->first, ns * sizeof(slong));
        slong *g = f == NULL ? NULL : realloc(W->rep, ns * sizeof(slong));
        if (f != NULL)
            W->first = f;
        if (g == NULL)
            return 0;
        W->rep = g;
        W->ne = ns;
    }
    if (!_hkz_su2_sub_dd_vec_room(&W->ydd, &W->nydd, ns))
        return 0;
    if (c->n > W->nmark)
    {
        slong *m = realloc(W->mark, c->n * sizeof(slong));
        if (m == NULL)
            return 0;
        for (i = W->nmark; i < c->n; i++)
            m[i] = -1;
        W->mark = m;
        W->nmark = c->n;
    }
    return 1;
}

int _hkz_su2_sub_mws_mag(_hkz_su2_sub_mws_t *W, slong need)
{
    if (need <= W->nS)
        return 1;
    if (W->S != NULL)
        _mag_vec_clear(W->S, W->nS);
    W->S = _mag_vec_init(need);
    W->nS = need;
    return W->S != NULL;
}

int _hkz_su2_sub_mws_vec(arb_ptr *v, slong *n, slong need)
{
    if (need <= *n)
        return 1;
    if (*v != NULL)
        _arb_vec_clear(*v, *n);
    *v = _arb_vec_init(need);
    *n = need;
    return *v != NULL;
}
