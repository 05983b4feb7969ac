/* The flat buffer of one tile (grid_internal.h): doubles and bytes per
 * entry, Arb balls only for the entries held by the scalar route.
 *
 * A dense ball converts exactly both ways: mid is a double and rad the
 * value of a mag_t, i.e. m 2^(e - MAG_BITS) with an integer m < 2^MAG_BITS
 * and |e| <= DENSE_EXP, a normal double; mag_set_ui_2exp_si is exact for
 * such m (it shifts without rounding when m has <= MAG_BITS bits).  So
 * hkz_grid_ball_get_d of the ball [mid +/- rad] gives (mid, rad) back
 * (its mid error is 0, and mag_add(0, rad) and the conversion of rad to a
 * double are exact), and records and text rows print the ball the engine
 * route made. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

#define DENSE_EXP 1000

void _hkz_grid_tb_init(_hkz_grid_tbuf_t *tb)
{
    memset(tb, 0, sizeof(*tb));
}

void _hkz_grid_tb_clear(_hkz_grid_tbuf_t *tb)
{
    slong m;
    for (m = 0; m < tb->capsc; m++)
        arb_clear(&tb->sc[m].value);
    free(tb->sc);
    free(tb->key);
    free(tb->mid);
    free(tb->rad);
    free(tb->cert);
    free(tb->scal);
    free(tb->eout);
    free(tb->eerr);
    memset(tb, 0, sizeof(*tb));
}

static int grow(void **p, size_t size)
{
    void *q = realloc(*p, size > 0 ? size : 1);
    if (q == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    *p = q;
    return HKZ_SUCCESS;
}

int _hkz_grid_tb_reset(_hkz_grid_tbuf_t *tb, slong tile, slong np, slong T)
{
    size_t n = (size_t) (np * T);

    if ((slong) n > tb->cap)
    {
        HKZ_TRY(grow((void **) &tb->mid, n * sizeof(double)));
        HKZ_TRY(grow((void **) &tb->rad, n * sizeof(double)));
        HKZ_TRY(grow((void **) &tb->eout, n * sizeof(double)));
        HKZ_TRY(grow((void **) &tb->eerr, n * sizeof(double)));
        HKZ_TRY(grow((void **) &tb->cert, n));
        HKZ_TRY(grow((void **) &tb->scal, n));
        tb->cap = (slong) n;
    }
    tb->tile = tile;
    tb->p0 = tile * HKZ_GRID_TILE;
    tb->np = np;
    tb->T = T;
    tb->n = (slong) n;
    tb->nsc = 0;
    tb->tiered = 0;
    return HKZ_SUCCESS;
}

static int reserve(_hkz_grid_tbuf_t *tb, slong n)
{
    slong m, cap;
    if (n <= tb->capsc)
        return HKZ_SUCCESS;
    cap = FLINT_MAX(n, 2 * tb->capsc);
    HKZ_TRY(grow((void **) &tb->sc, cap * sizeof(hkz_grid_entry_t)));
    HKZ_TRY(grow((void **) &tb->key, cap * sizeof(slong)));
    for (m = tb->capsc; m < cap; m++)
        arb_init(&tb->sc[m].value);
    tb->capsc = cap;
    return HKZ_SUCCESS;
}

int _hkz_grid_tb_hold(_hkz_grid_tbuf_t *tb, const slong *idx, slong n)
{
    slong m;
    HKZ_TRY(reserve(tb, n));
    for (m = 0; m < n; m++)
    {
        hkz_grid_entry_t *r = tb->sc + m;
        tb->key[m] = idx[m];
        r->p = tb->p0 + idx[m] / tb->T;
        r->j = idx[m] % tb->T;
        r->certified = r->scalar = r->tier2 = 0;
        r->status = HKZ_SUCCESS;
    }
    tb->nsc = n;
    return HKZ_SUCCESS;
}

hkz_grid_entry_t *_hkz_grid_tb_row(const _hkz_grid_tbuf_t *tb, slong k)
{
    slong lo = 0, hi = tb->nsc;
    while (lo < hi)
    {
        slong mid = lo + (hi - lo) / 2;
        if (tb->key[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < tb->nsc && tb->key[lo] == k ? tb->sc + lo : NULL;
}

double _hkz_grid_mag_dense(const mag_t r)
{
    slong e;
    if (mag_is_zero(r))
        return 0.0;
    if (mag_is_inf(r))
        return INFINITY;
    if (COEFF_IS_MPZ(MAG_EXP(r)))
        return NAN;
    e = MAG_EXP(r);
    if (e < -DENSE_EXP || e > DENSE_EXP)
        return NAN;
    return ldexp((double) MAG_MAN(r), (int) (e - MAG_BITS));
}

static void mag_set_dense(mag_t r, double rad)
{
    int e;
    double f;
    if (rad == 0.0)
        mag_zero(r);
    else if (!isfinite(rad))
        mag_inf(r);
    else
    {
        f = frexp(rad, &e);
        mag_set_ui_2exp_si(r, (ulong) ldexp(f, MAG_BITS), e - MAG_BITS);
    }
}

double _hkz_grid_rad_mag(double rad)
{
    mag_t r;
    double d;
    if (!(rad >= 0.0) || !isfinite(rad))
        return INFINITY;
    mag_init(r);
    mag_set_d(r, rad);
    d = _hkz_grid_mag_dense(r);
    mag_clear(r);
    if (isnan(d))   /* out of the dense range: a coarser upper bound */
        d = rad < 1.0 ? 0x1p-1000 : INFINITY;
    return d;
}

int _hkz_grid_tb_dense(double *mid, double *rad, const arb_t x)
{
    arf_t t;
    int ok;

    if (!arb_is_finite(x))
        return 0;
    *rad = _hkz_grid_mag_dense(arb_radref(x));
    *mid = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    arf_init(t);
    arf_set_d(t, *mid);
    ok = !isnan(*rad) && isfinite(*mid) && arf_equal(t, arb_midref(x));
    arf_clear(t);
    return ok;
}

void _hkz_grid_tb_ball(arb_t x, int *missed, const _hkz_grid_tbuf_t *tb,
                       slong k)
{
    const hkz_grid_entry_t *r = _hkz_grid_tb_row(tb, k);
    if (r != NULL)
    {
        arb_set(x, &r->value);
        *missed = r->status == HKZ_ERR_PREC;
        return;
    }
    arb_set_d(x, tb->mid[k]);
    mag_set_dense(arb_radref(x), tb->rad[k]);
    *missed = 0;
}

void _hkz_grid_tb_finish(_hkz_grid_tbuf_t *tb)
{
    slong m;
    for (m = 0; m < tb->nsc; m++)
    {
        const hkz_grid_entry_t *r = tb->sc + m;
        slong k = tb->key[m];
        hkz_grid_ball_get_d(tb->mid + k, tb->rad + k, &r->value);
        tb->cert[k] = (int8_t) (r->certified != 0);
        tb->scal[k] = (int8_t) (r->scalar != 0);
    }
}

void _hkz_grid_tb_rows(hkz_grid_entry_t *rows, const _hkz_grid_tbuf_t *tb)
{
    slong k, m = 0;
    for (k = 0; k < tb->n; k++)
    {
        hkz_grid_entry_t *r = rows + k;
        /* the held entries in key order: _hkz_grid_tb_ball and
         * _hkz_grid_tb_tier2 without their searches */
        const hkz_grid_entry_t *h = m < tb->nsc && tb->key[m] == k
                                    ? tb->sc + m++ : NULL;
        if (h != NULL)
            arb_set(&r->value, &h->value);
        else
        {
            arb_set_d(&r->value, tb->mid[k]);
            mag_set_dense(arb_radref(&r->value), tb->rad[k]);
        }
        r->p = tb->p0 + k / tb->T;
        r->j = k % tb->T;
        r->certified = tb->cert[k] != 0;
        r->scalar = tb->scal[k] != 0;
        r->tier2 = h != NULL && h->tier2 != 0;
        r->status = h != NULL && h->status == HKZ_ERR_PREC ? HKZ_ERR_PREC
                                                           : HKZ_SUCCESS;
    }
}

int _hkz_grid_tb_tier2(const _hkz_grid_tbuf_t *tb, slong k)
{
    const hkz_grid_entry_t *r = _hkz_grid_tb_row(tb, k);
    return r != NULL && r->tier2 != 0;
}

void _hkz_grid_tb_count(hkz_grid_summary_t *S, const _hkz_grid_tbuf_t *tb)
{
    slong k, m, sc = 0, t2 = 0, miss = 0, miss_sc = 0;
    for (k = 0; k < tb->n; k++)
        sc += tb->scal[k] != 0;
    for (m = 0; m < tb->nsc; m++)
    {
        const hkz_grid_entry_t *r = tb->sc + m;
        t2 += r->tier2 != 0;
        miss += r->status == HKZ_ERR_PREC;
        miss_sc += r->status == HKZ_ERR_PREC && r->scalar != 0;
    }
    S->scalar += sc;
    S->engine += tb->n - sc;
    S->missed += miss;
    S->below_goal += miss;
    S->certified_tier2 += t2;
    S->certified_scalar += sc - miss_sc;
    S->certified_engine += tb->n - sc - t2 - (miss - miss_sc);
}

/* the balls of the tile from a record into tb: dense where exact, held
 * otherwise */
int _hkz_grid_tb_load(_hkz_grid_tbuf_t *tb, const hkz_grid_entry_t *r,
                      slong k)
{
    hkz_grid_entry_t *h;
    if (!r->scalar && !r->tier2 && r->status == HKZ_SUCCESS
        && _hkz_grid_tb_dense(tb->mid + k, tb->rad + k, &r->value))
    {
        tb->cert[k] = (int8_t) (r->certified != 0);
        tb->scal[k] = 0;
        return HKZ_SUCCESS;
    }
    HKZ_TRY(reserve(tb, tb->nsc + 1));
    h = tb->sc + tb->nsc;
    tb->key[tb->nsc++] = k;
    arb_set(&h->value, &r->value);
    h->p = tb->p0 + k / tb->T;
    h->j = k % tb->T;
    h->certified = r->certified;
    h->scalar = r->scalar;
    h->tier2 = r->tier2;
    h->status = r->status;
    return HKZ_SUCCESS;
}
