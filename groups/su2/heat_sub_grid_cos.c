/* 2 cos(kz) for the batched fallback (heat_sub_grid_multi.c) and their
 * cache (per z and working precision, filled by hkz_su2_sub_wcache_prepare,
 * read by several threads): c_k depends on (z, wp, k) only, so a cached
 * vector and one computed on the spot are the same bits. */
#include <stdlib.h>
#include "hkz_check.h"
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

/* the order of the keys (zd, wp, mid z, rad z): equal iff the search of
 * a vector matches (same zd, wp and arb_equal z) */
static int cos_cmp(double zd1, slong wp1, const arb_t z1, double zd2,
                   slong wp2, const arb_t z2)
{
    int s;
    if (zd1 != zd2)
        return zd1 < zd2 ? -1 : 1;
    if (wp1 != wp2)
        return wp1 < wp2 ? -1 : 1;
    s = arf_cmp(arb_midref(z1), arb_midref(z2));
    return s != 0 ? s : mag_cmp(arb_radref(z1), arb_radref(z2));
}

/* position in c->cz of (z, wp), or -1 (binary search of c->ordcz) */
static slong cos_pos(const struct hkz_su2_sub_wcache_struct *c,
                     const arb_t z, double zd, slong wp)
{
    slong lo = 0, hi = c->ncz;
    while (lo < hi)
    {
        slong mid = lo + (hi - lo) / 2, q = c->ordcz[mid];
        int s = cos_cmp(c->cz[q].zd, c->cz[q].wp, c->cz[q].z, zd, wp, z);
        if (s == 0)
            return q;
        if (s < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const _hkz_su2_sub_cos_t *_hkz_su2_sub_wcache_cos(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t z, slong wp,
        slong K)
{
    slong q = cos_pos(c, z, arf_get_d(arb_midref(z), ARF_RND_NEAR), wp);
    return q >= 0 && c->cz[q].K >= K ? c->cz + q : NULL;
}

/* a job of _hkz_su2_sub_wcache_cos_many: a vector to compute */
typedef struct
{
    const arb_struct *z;
    double zd;
    slong wp, K, q;        /* q: the slot to replace, or -1: a new one */
    slong Kd;              /* double-doubles for k <= Kd (-1: none) */
    arb_ptr v;
    _hkz_su2_sub_dd_t dd;
} cos_job;

static int by_key(const void *a, const void *b)
{
    const cos_job *u = a, *v = b;
    if (u->z == v->z && u->wp == v->wp)
        return 0;                         /* the same ball: a quick tie */
    return cos_cmp(u->zd, u->wp, u->z, v->zd, v->wp, v->z);
}

static void cos_range(size_t i0, size_t i1, void *arg)
{
    cos_job *J = arg;
    arb_t zr;
    size_t i;

    arb_init(zr);
    for (i = i0; i < i1; i++)
    {
        J[i].v = _arb_vec_init(J[i].K + 1);
        hkz_su2_sub_reduce_z_internal(zr, J[i].z, J[i].wp);
        _hkz_su2_sub_cos_factors(J[i].v, J[i].K, zr, J[i].wp);
        _hkz_su2_sub_dd_init(&J[i].dd);
        J[i].Kd = FLINT_MIN(J[i].Kd, J[i].K);
        if (J[i].Kd >= 0
            && !_hkz_su2_sub_dd_set(&J[i].dd, J[i].v, J[i].Kd + 1))
        {
            _hkz_su2_sub_dd_clear(&J[i].dd);
            J[i].Kd = -1;
        }
    }
    arb_clear(zr);
    flint_cleanup();
}

/* c->ordcz: the slots sorted by key */
static void cos_sort(struct hkz_su2_sub_wcache_struct *c)
{
    cos_job *S = malloc(FLINT_MAX(c->ncz, 1) * sizeof(cos_job));
    slong i;

    if (S == NULL)          /* unsorted: a search may miss a vector, */
        return;             /* which the reader then computes (same bits) */
    for (i = 0; i < c->ncz; i++)
    {
        S[i].z = c->cz[i].z;
        S[i].zd = c->cz[i].zd;
        S[i].wp = c->cz[i].wp;
        S[i].q = i;
    }
    qsort(S, c->ncz, sizeof(cos_job), by_key);
    for (i = 0; i < c->ncz; i++)
        c->ordcz[i] = S[i].q;
    free(S);
}

int _hkz_su2_sub_wcache_cos_many(struct hkz_su2_sub_wcache_struct *c,
        slong n, const arb_struct *const *z, const slong *wp,
        const slong *K, const slong *Kd, hkz_engine_t e)
{
    cos_job *J = malloc(FLINT_MAX(n, 1) * sizeof(cos_job));
    slong *f = malloc(FLINT_MAX(n, 1) * sizeof(slong));
    slong i, nj = 0, nu = 0, room = COS_CACHE_MAX - c->ncz;
    int status;

    if (J == NULL || f == NULL
        || _hkz_su2_sub_first_of(f, n, z, wp) != HKZ_SUCCESS)
    {
        free(J);
        free(f);
        return hkz_error_set(HKZ_ERR_NOMEM, "su2-sub fallback: out of "
                             "memory");
    }
    /* one job per (z ball, wp), at its first entry (whose f becomes the
     * job's index), with the largest K of its entries; then the jobs
     * with some K >= 0 */
    for (i = 0; i < n; i++)
    {
        if (f[i] < i)
        {
            J[f[f[i]]].K = FLINT_MAX(J[f[f[i]]].K, K[i]);
            J[f[f[i]]].Kd = FLINT_MAX(J[f[f[i]]].Kd, Kd[i]);
            continue;
        }
        f[i] = nj;
        J[nj].z = z[i];
        J[nj].zd = arf_get_d(arb_midref(z[i]), ARF_RND_NEAR);
        J[nj].wp = wp[i];
        J[nj].Kd = Kd[i];
        J[nj++].K = K[i];
    }
    free(f);
    for (i = 0; i < nj; i++)
        if (J[i].K >= 0)
            J[nu++] = J[i];
    nj = nu;
    nu = 0;
    qsort(J, nj, sizeof(cos_job), by_key);
    /* one job per distinct key (its largest K), if not cached that long */
    for (i = 0; i < nj; i++)
    {
        if (nu > 0 && by_key(J + nu - 1, J + i) == 0)
        {
            J[nu - 1].K = FLINT_MAX(J[nu - 1].K, J[i].K);
            J[nu - 1].Kd = FLINT_MAX(J[nu - 1].Kd, J[i].Kd);
            continue;
        }
        J[nu++] = J[i];
    }
    for (i = nj = 0; i < nu; i++)
    {
        J[i].q = cos_pos(c, J[i].z, J[i].zd, J[i].wp);
        if (J[i].q >= 0)
        {
            /* a longer vector or dd prefix: the slot made again, as far
             * as both need */
            J[i].K = FLINT_MAX(J[i].K, c->cz[J[i].q].K);
            J[i].Kd = FLINT_MAX(J[i].Kd, c->cz[J[i].q].Kd);
        }
        if (J[i].q >= 0 ? c->cz[J[i].q].K >= J[i].K
                          && c->cz[J[i].q].Kd >= J[i].Kd : room <= 0)
            continue;                 /* cached, or no room: on the spot */
        room -= J[i].q < 0;
        J[nj++] = J[i];
    }
    if (c->ncz + nj > c->alloccz)
    {
        slong na = FLINT_MAX(2 * c->alloccz + 16, c->ncz + nj);
        _hkz_su2_sub_cos_t *p = realloc(c->cz, na * sizeof(*p));
        slong *o = realloc(c->ordcz, na * sizeof(slong));
        if (p != NULL)
            c->cz = p;
        if (o != NULL)
            c->ordcz = o;
        if (p == NULL || o == NULL)
        {
            free(J);
            return HKZ_SUCCESS;       /* no cache: computed on the spot */
        }
        c->alloccz = na;
    }
    for (i = 0; i < nj; i++)
        J[i].v = NULL;
    status = hkz_engine_parallel_for(e, (size_t) nj, cos_range, J);
    for (i = 0; i < nj; i++)
    {
        if (J[i].v == NULL)
            continue;
        _hkz_su2_sub_cos_t *s = c->cz + (J[i].q >= 0 ? J[i].q : c->ncz);
        if (J[i].q >= 0)
        {
            _arb_vec_clear(s->c, s->K + 1);   /* longer: replaced */
            _hkz_su2_sub_dd_clear(&s->dd);
        }
        else
        {
            arb_init(s->z);
            arb_set(s->z, J[i].z);
            s->zd = J[i].zd;
            s->wp = J[i].wp;
            c->ordcz[c->ncz] = c->ncz;
            c->ncz++;
        }
        s->K = J[i].K;
        s->Kd = J[i].Kd;
        s->c = J[i].v;
        s->dd = J[i].dd;
    }
    free(J);
    cos_sort(c);
    return status;
}

void _hkz_su2_sub_wcache_cos_clear(struct hkz_su2_sub_wcache_struct *c)
{
    slong i;
    for (i = 0; i < c->ncz; i++)
    {
        arb_clear(c->cz[i].z);
        _arb_vec_clear(c->cz[i].c, c->cz[i].K + 1);
        _hkz_su2_sub_dd_clear(&c->cz[i].dd);
    }
    free(c->cz);
    free(c->ordcz);
}
