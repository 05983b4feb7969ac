/* The generic certified driver for the principal zeros (spec 3.4).
 *
 * Every zero is returned as a bracket [a, b] in (0, pi/2) with certified
 * opposite signs of F at a and b (exact points, ball evaluation, Ziv loop
 * on the precision).  n = floor(W/2) disjoint such brackets prove that the
 * list is complete and every zero simple (count argument in hkz/ly.h), so
 * no exclusion test and no derivative enclosure are needed.  Brackets come
 * from predictions (Newton, then a tight sign test) or from a grid scan of
 * the gaps between brackets already certified; Newton steps inside a
 * certified bracket are safeguarded by bisection. */
#include <stdlib.h>
#include "zeros_fun_internal.h"
#include "hkz_check.h"

void _hkz_lyz_drv_init(_hkz_lyz_drv_t *d, const hkz_ly_fun_struct *f,
                       slong W, const hkz_ly_opts_t *opts, slong *done)
{
    arb_t hpi;
    d->f = f;
    d->W = W;
    d->n = W / 2;
    d->rel_bits = opts->goal.rel_bits;
    d->max_prec = _hkz_ly_max_prec(opts, W);
    d->start_prec = FLINT_MIN(opts->goal.rel_bits + 64, d->max_prec);
    arf_init(&d->end);
    arb_init(hpi);
    arb_const_pi(hpi, opts->goal.rel_bits + 128);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_get_lbound_arf(&d->end, hpi, opts->goal.rel_bits + 128);
    arb_clear(hpi);
    d->end_fixed = (W % 2 == 0);
    d->opts = opts;
    d->done = done;
}

void _hkz_lyz_guess_entry(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z,
                          double g, double gprev, double gnext)
{
    _hkz_lyz_zb_init(z, _hkz_lyz_start_prec_at(d, g));
    z->guess = g;
    arf_set_d(&z->a, gprev >= 0 ? 0.5 * (gprev + g) : 0.5 * g);
    arf_set_d(&z->b, 0.5 * (g + (gnext >= 0 ? gnext : HKZ_LY_PI / 2)));
    if (arf_cmp(&z->b, &d->end) > 0)
        arf_set(&z->b, &d->end);
}

int hkz_ly_zeros_fun(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
                     const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    _hkz_lyz_drv_t d;
    _hkz_lyz_list_t L;
    _hkz_lyz_zb_t *pz = NULL;
    double *g = NULL;
    slong n, i, per_gap, round, done = 0;
    int status = HKZ_SUCCESS, nthreads, s0 = 0, s_end = 0;
    slong prec_limited = 0;

    HKZ_CHECK(f != NULL && f->eval != NULL && f->newton != NULL,
              HKZ_ERR_ARG, "hkz_ly_zeros_fun: incomplete function object");
    HKZ_CHECK(f->W == z->W, HKZ_ERR_ARG, "hkz_ly_zeros_fun: result made "
              "for W = %ld, function has W = %ld", (long) z->W, (long) f->W);
    if (opts == NULL)
    {
        hkz_ly_opts_init(&o);
        opts = &o;
    }
    HKZ_CHECK(opts->goal.rel_bits >= 1 && opts->goal.rel_bits <= 1000000,
              HKZ_ERR_ARG,
              "hkz_ly_zeros_fun: rel_bits must be in [1, 10^6] (got %ld)",
              (long) opts->goal.rel_bits);
    if (z->part)
    {
        /* this driver needs every zero on every process */
        _hkz_ly_zeros_resize(z, 0, z->n);
        z->part = 0;
    }
    n = z->n;
    z->trivial = (int) (z->W & 1);
    z->complete = 0;
    z->nisolated = 0;
    for (i = 0; i < n; i++)
    {
        arb_indeterminate(z->theta + i);
        z->flag[i] = HKZ_LY_ZERO_UNKNOWN;
    }
    if (n == 0)
    {
        z->complete = 1;
        return HKZ_SUCCESS;
    }
    nthreads = _hkz_ly_nthreads(opts);
    _hkz_lyz_drv_init(&d, f, z->W, opts, &done);
    L.z = NULL;
    L.len = L.alloc = 0;

    /* 1. predictions (Newton + tight sign test per zero, in parallel) */
    if (f->predict != NULL)
    {
        g = flint_malloc(sizeof(double) * n);
        if (f->predict(g, n, f->ctx) == HKZ_SUCCESS)
        {
            int sorted = g[0] > 0 && g[n - 1] < HKZ_LY_PI / 2;
            for (i = 1; i < n && sorted; i++)
                sorted = g[i] > g[i - 1];
            if (sorted)
            {
                pz = flint_malloc(sizeof(_hkz_lyz_zb_t) * n);
                for (i = 0; i < n; i++)
                    _hkz_lyz_guess_entry(&d, pz + i, g[i], i > 0 ? g[i - 1]
                                         : -1.0, i < n - 1 ? g[i + 1] : -1.0);
                status = _hkz_lyz_units(&d, pz, n, 1, nthreads, opts,
                                        &done, n);
                for (i = 0; i < n; i++)
                {
                    if (pz[i].status == HKZ_ERR_PREC && !pz[i].ok)
                        prec_limited++;
                    else if (pz[i].status != HKZ_SUCCESS &&
                             pz[i].status != HKZ_ERR_PREC)
                        status = pz[i].status;
                    if (pz[i].ok)
                        _hkz_lyz_list_push(&L, pz + i);
                }
                _hkz_lyz_list_normalize(&L);
                if (status != HKZ_SUCCESS)
                    goto cleanup;
            }
        }
    }

    /* 2. grid scans of the gaps until the count is saturated: first the
     * gaps whose end signs prove a missing zero, then all of them */
    per_gap = FLINT_MAX(8, (opts->grid > 0 ? opts->grid : 8) *
                           (L.len == 0 ? n : 1));
    if (prec_limited > 0)
    {
        /* signs near predicted zeros stayed undetermined at max_prec:
         * a scan would only repeat that (e.g. coefficient balls too wide) */
        per_gap = 0;
    }
    else if (L.len < n)
    {
        status = _hkz_lyz_range_signs(&d, &s0, &s_end);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    /* a grid 4^5 times finer than the first one is the end of the search:
     * zeros closer than that are reported as not isolated */
    for (round = 0; L.len < n && round < 6 && per_gap > 0; round++)
    {
        slong ngaps = L.len + 1, nodd;
        char *want = flint_malloc(ngaps);
        nodd = _hkz_lyz_odd_gaps(want, &L, s0, s_end);
        if ((nodd > 0 ? nodd : ngaps) * per_gap > (WORD(1) << 16) + 64 * n)
        {
            flint_free(want);
            break;
        }
        status = _hkz_lyz_scan_round(&d, &L, nodd > 0 ? want : NULL, per_gap,
                                     s0,
                            s_end, nthreads);
        flint_free(want);
        if (status != HKZ_SUCCESS)
            goto cleanup;
        per_gap *= 4;
    }

    /* 3. the count */
    if (L.len > n)
    {
        status = hkz_error_set(HKZ_ERR_INTERNAL, "hkz_ly_zeros_fun: %ld "
                 "sign changes in (0, pi/2) but a degree-%ld cosine sum has "
                 "at most %ld: the evaluator is not a valid F",
                 (long) L.len, (long) z->W, (long) n);
        goto cleanup;
    }
    z->prec = 0;
    for (i = 0; i < L.len; i++)
    {
        arb_set_interval_arf(z->theta + i, &L.z[i].a, &L.z[i].b,
                             d.max_prec + 64);
        z->flag[i] = L.len == n ? HKZ_LY_ZERO_CERTIFIED
                                : HKZ_LY_ZERO_ISOLATED;
        z->prec = FLINT_MAX(z->prec, L.z[i].prec);
    }
    z->nisolated = L.len;
    if (L.len < n && prec_limited > 0)
    {
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "only %ld of the %ld "
                 "principal zeros isolated: near %ld predicted zeros the sign "
                 "of F stayed undetermined at max_prec = %ld bits (inputs "
                 "such as t given as balls too wide for the cancellation?)",
                 (long) L.len, (long) n, (long) prec_limited,
                 (long) d.max_prec);
        goto cleanup;
    }
    if (L.len < n)
    {
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "only %ld of the %ld "
                 "principal zeros isolated (grid scans of every gap up to "
                 "%ld points, working precision up to %ld bits): the rest "
                 "may be multiple or closer than the grid",
                 (long) L.len, (long) n, (long) per_gap / 4,
                 (long) d.max_prec);
        goto cleanup;
    }
    z->complete = 1;
    for (i = 0; i < n; i++)
    {
        arf_t wt, w;
        arf_init(wt);
        arf_init(w);
        _hkz_lyz_target_width(wt, &d, &L.z[i].a);
        arf_sub(w, &L.z[i].b, &L.z[i].a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, wt) > 0 && status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_PREC, "principal zero %ld of %ld "
                     "isolated but only to %ld bits (goal %ld) at max_prec "
                     "%ld", (long) i + 1, (long) n,
                     (long) arb_rel_accuracy_bits(z->theta + i),
                     (long) d.rel_bits, (long) d.max_prec);
        arf_clear(wt);
        arf_clear(w);
    }
    /* the closing report (a stop asked now changes nothing) */
    if (hkz_progress_report(opts->progress, n, n) != HKZ_SUCCESS &&
        status == HKZ_SUCCESS)
        hkz_errmsg_clear();

cleanup:
    if (pz != NULL)
    {
        for (i = 0; i < n; i++)
            _hkz_lyz_zb_clear(pz + i);
        flint_free(pz);
    }
    for (i = 0; i < L.len; i++)
        _hkz_lyz_zb_clear(L.z + i);
    flint_free(L.z);
    flint_free(g);
    arf_clear(&d.end);
    return status;
}

