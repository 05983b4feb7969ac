/* 2 cos(kz) for the batched fallback (heat_sub_grid_multi.c) and their
 * cache (per z and working precision, filled by hkz_su2_sub_wcache_prepare,
 * read by several threads): c_k depends on (z, wp, k) only, so a cached
 * vector and one computed on the spot are the same bits. */
#include <stdlib.h>
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* at most this many cached vectors (then computed on the spot) */
#define COS_CACHE_MAX 16384

/* (c, s) *= (c1, s1) (complex product; |e^{ia}| = 1, so the radii grow
 * additively, by about 2^-wp per product) */
static void cmul(arb_t c, arb_t s, const arb_t c1, const arb_t s1, arb_t tmp,
                 slong wp)
{
    arb_mul(tmp, c, s1, wp);
    arb_mul(c, c, c1, wp);
    arb_submul(c, s, s1, wp);
    arb_mul(s, s, c1, wp);
    arb_add(s, s, tmp, wp);
}

/* c[k] = c_k = 2 cos(kz) (c_0 = 1), k <= K: cos(kz) = Re(e^{i(k-j)z}
 * e^{ijz}), j = k mod 32, both factors from one arb_sin_cos by complex
 * products (at most 31 + K/32 of them: the radii stay within
 * (K + 32) 2^-wp, covered by the guard bits); c_k does not depend on K */
void _hkz_su2_sub_cos_factors(arb_ptr c, slong K, const arb_t z, slong wp)
{
    slong k, j, nb = 32;
    arb_ptr tab = _arb_vec_init(2 * nb);
    arb_t c1, s1, cb, sb, cB, sB, tmp;

    arb_init(c1); arb_init(s1); arb_init(cb); arb_init(sb);
    arb_init(cB); arb_init(sB); arb_init(tmp);
    arb_sin_cos(s1, c1, z, wp);
    arb_one(tab);
    for (j = 1; j < nb; j++)
    {
        arb_set(tab + j, tab + j - 1);
        arb_set(tab + nb + j, tab + nb + j - 1);
        cmul(tab + j, tab + nb + j, c1, s1, tmp, wp);
    }
    arb_set(cB, tab + nb - 1);
    arb_set(sB, tab + 2 * nb - 1);
    cmul(cB, sB, c1, s1, tmp, wp);               /* e^{i 32 z} */
    arb_one(c);
    arb_one(cb);
    for (k = 1; k <= K; k++)
    {
        j = k % nb;
        if (j == 0)
            cmul(cb, sb, cB, sB, tmp, wp);
        arb_mul(c + k, cb, tab + j, wp);
        arb_submul(c + k, sb, tab + nb + j, wp);
        arb_mul_2exp_si(c + k, c + k, 1);
    }
    _arb_vec_clear(tab, 2 * nb);
    arb_clear(c1); arb_clear(s1); arb_clear(cb); arb_clear(sb);
    arb_clear(cB); arb_clear(sB); arb_clear(tmp);
}

const _hkz_su2_sub_cos_t *_hkz_su2_sub_wcache_cos(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t z, slong wp,
        slong K)
{
    double zd = arf_get_d(arb_midref(z), ARF_RND_NEAR);
    slong i;
    for (i = 0; i < c->ncz; i++)
        if (c->cz[i].zd == zd && c->cz[i].wp == wp && c->cz[i].K >= K
            && arb_equal(c->cz[i].z, z))
            return c->cz + i;
    return NULL;
}

void _hkz_su2_sub_wcache_cos_add(struct hkz_su2_sub_wcache_struct *c,
        const arb_t z, slong wp, slong K)
{
    _hkz_su2_sub_cos_t *e = NULL;
    double zd = arf_get_d(arb_midref(z), ARF_RND_NEAR);
    arb_t zr;
    slong i;

    for (i = 0; i < c->ncz; i++)
        if (c->cz[i].zd == zd && c->cz[i].wp == wp
            && arb_equal(c->cz[i].z, z))
        {
            e = c->cz + i;
            if (e->K >= K)
                return;
            _arb_vec_clear(e->c, e->K + 1);   /* longer: recompute */
            break;
        }
    if (e == NULL)
    {
        if (c->ncz >= COS_CACHE_MAX)
            return;
        if (c->ncz == c->alloccz)
        {
            slong na = 2 * c->alloccz + 16;
            _hkz_su2_sub_cos_t *p = realloc(c->cz, na * sizeof(*p));
            if (p == NULL)
                return;          /* no cache: computed on the spot */
            c->cz = p;
            c->alloccz = na;
        }
        e = c->cz + c->ncz++;
        arb_init(e->z);
        arb_set(e->z, z);
        e->zd = zd;
        e->wp = wp;
    }
    e->K = K;
    e->c = _arb_vec_init(K + 1);
    arb_init(zr);
    hkz_su2_sub_reduce_z_internal(zr, z, wp);
    _hkz_su2_sub_cos_factors(e->c, K, zr, wp);
    arb_clear(zr);
}

void _hkz_su2_sub_wcache_cos_clear(struct hkz_su2_sub_wcache_struct *c)
{
    slong i;
    for (i = 0; i < c->ncz; i++)
    {
        arb_clear(c->cz[i].z);
        _arb_vec_clear(c->cz[i].c, c->cz[i].K + 1);
    }
    free(c->cz);
}
