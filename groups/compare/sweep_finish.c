/* The sweep's certified bounds, verdict, estimate, rows and summary, from
 * the gathered distances of all samples. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_internal.h"
#include "hkz/io.h"
#include "hkz/status.h"
#include "hkz_check.h"

typedef struct
{
    arb_ptr ratio;
    int *below;      /* 1: ratio <= C_head certified, 0: undecided, -1: > */
    arb_t S_head, C_head, S, C_upper, C_max;
    int have_upper;  /* 1 finite, 2 +inf, 0 unknown */
    char upper_note[256];
    slong argmax, nfail, nundec;
    double c_hat, C_hat;
} res_t;

/* r = x rounded to the bits it carries (+16 guard bits; exact: 96) */
static void round_ball(arb_t r, const arb_t x)
{
    arb_set_round(r, x, arb_is_exact(x) ? 96
                  : FLINT_MAX(arb_rel_accuracy_bits(x), 0) + 16);
}

static double mid_d(const arb_t x)
{
    if (arf_is_pos_inf(arb_midref(x)))
        return INFINITY;
    if (!arb_is_finite(x))
        return NAN;
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

/* The lower end of x as a double rounded down one more ulp, so that its
 * 17-digit decimal is still <= the lower end. */
static double lower_end(const arb_t x)
{
    arf_t l;
    double d;
    arf_init(l);
    arb_get_lbound_arf(l, x, 64);
    d = arf_get_d(l, ARF_RND_FLOOR);
    arf_clear(l);
    return isfinite(d) ? nextafter(d, -INFINITY) : d;
}

/* C_head, S_head and the bound for the whole group (P2). */
static int bounds(res_t *res, const struct hkz_compare_sweep_s *sw)
{
    slong i, p = sw->prec;
    arb_t t, u;
    int s = HKZ_SUCCESS;
    arb_init(t);
    arb_init(u);
    /* S_n = sum_{i<=n} a_i/b_i^2 and C_head = sqrt(2 pi) S_n^{1/4} */
    arb_zero(res->S_head);
    for (i = 1; i <= sw->o.head && s == HKZ_SUCCESS; i++)
        if ((s = hkz_su2n_weights_get(t, sw->ah, i, p)) == HKZ_SUCCESS &&
            (s = hkz_su2n_weights_get(u, sw->bh, i, p)) == HKZ_SUCCESS)
        {
            arb_sqr(u, u, p);
            arb_div(t, t, u, p);
            arb_add(res->S_head, res->S_head, t, p);
        }
    if (s == HKZ_SUCCESS)
        s = hkz_su2n_dist_const(res->C_head, sw->ah, sw->bh, p);
    if (s == HKZ_SUCCESS)
    {
        /* the whole group (an infinite family: SU(2)^infinity) */
        int s2 = hkz_su2n_dist_const(res->C_upper, sw->a, sw->b, p);
        if (s2 == HKZ_SUCCESS && arf_is_pos_inf(arb_midref(res->C_upper)))
        {
            res->have_upper = 2;
            snprintf(res->upper_note, sizeof(res->upper_note), "S = sum "
                     "a_i/b_i^2 = inf: no C with d_L <= C d_Delta^{1/2} "
                     "(P2)");
        }
        else if (s2 == HKZ_SUCCESS && arb_is_finite(res->C_upper))
        {
            res->have_upper = 1;
            if (hkz_su2n_weights_length(sw->a) == sw->o.head &&
                hkz_su2n_weights_length(sw->b) == sw->o.head)
                arb_set(res->S, res->S_head);  /* the head is the group */
            else
            {
                /* S = (C / sqrt(2 pi))^4 = C^4 / (4 pi^2) */
                arb_pow_ui(res->S, res->C_upper, 4, p);
                arb_const_pi(t, p);
                arb_sqr(t, t, p);
                arb_mul_2exp_si(t, t, 2);
                arb_div(res->S, res->S, t, p);
            }
            snprintf(res->upper_note, sizeof(res->upper_note), "sqrt(2 pi) "
                     "S^{1/4}, the sup over the whole group (P2)");
        }
        else
        {
            res->have_upper = 0;
            snprintf(res->upper_note, sizeof(res->upper_note), "whole "
                     "group: %.200s", s2 != HKZ_SUCCESS ? hkz_errmsg()
                     : "no enclosure");
        }
    }
    arb_clear(t);
    arb_clear(u);
    return s;
}

/* Ratios, their certified max, the verdict and the estimate. */
static void ratios(res_t *res, const struct hkz_compare_sweep_s *sw,
                   arb_srcptr dd, arb_srcptr dl, double *ldd, double *ldl)
{
    slong j, n = sw->o.samples, p = sw->prec;
    double best = -1.0;
    arb_t t;
    arb_init(t);
    arb_zero(res->C_max);
    for (j = 0; j < n; j++)
    {
        double m;
        arb_sqrtpos(t, dd + j, p);
        arb_div(res->ratio + j, dl + j, t, p);
        if (j == 0)
            arb_set(res->C_max, res->ratio + j);
        else
            arb_max(res->C_max, res->C_max, res->ratio + j, p);
        m = mid_d(res->ratio + j);
        if (m > best)
        {
            best = m;
            res->argmax = j;
        }
        res->below[j] = arb_le(res->ratio + j, res->C_head) ? 1
                        : arb_gt(res->ratio + j, res->C_head) ? -1 : 0;
        res->nfail += res->below[j] < 0;
        res->nundec += res->below[j] == 0;
        ldd[j] = log10(mid_d(dd + j));
        ldl[j] = log10(mid_d(dl + j));
    }
    /* C_head <= C_upper must hold (head sums are partial sums) */
    if (res->have_upper == 1 && arb_gt(res->C_head, res->C_upper))
        res->nfail++;
    res->c_hat = _hkz_sweep_estimate_c(ldd, ldl, n);
    res->C_hat = NAN;
    if (isfinite(res->c_hat))
    {
        res->C_hat = 0.0;
        for (j = 0; j < n; j++)
            res->C_hat = FLINT_MAX(res->C_hat,
                                   pow(10.0, ldl[j] - res->c_hat * ldd[j]));
    }
    arb_clear(t);
}

/* One row per sample. */
static int rows(hkz_compare_result_t *r, const struct hkz_compare_sweep_s *sw,
                const res_t *res, arb_srcptr dd, arb_srcptr dl)
{
    arb_t r1, r2, r3;
    slong j;
    int s = HKZ_SUCCESS;
    arb_init(r1);
    arb_init(r2);
    arb_init(r3);
    for (j = 0; j < sw->o.samples && s == HKZ_SUCCESS; j++)
    {
        hkz_field_t f[11];
        double eps;
        hkz_su2n_point_t x;
        /* eps again from the point's recipe (cheap) */
        hkz_su2n_point_init(x, sw->o.head);
        s = _hkz_sweep_point(x, &eps, sw, j);
        hkz_su2n_point_clear(x);
        round_ball(r1, dd + j);
        round_ball(r2, dl + j);
        round_ball(r3, res->ratio + j);
        f[0] = HKZ_FINT("sample", (long) j);
        f[1] = HKZ_FSTR("kind", _hkz_sweep_is_fibre(sw, j) ? "fibre"
                        : "random");
        f[2] = HKZ_FDBL("eps", eps);
        f[3] = HKZ_FBALL("d_delta", r1);
        f[4] = HKZ_FDBL("d_delta_mid", mid_d(dd + j));
        f[5] = HKZ_FBALL("d_L", r2);
        f[6] = HKZ_FDBL("d_L_mid", mid_d(dl + j));
        f[7] = HKZ_FBALL("ratio", r3);
        f[8] = HKZ_FDBL("ratio_mid", mid_d(res->ratio + j));
        f[9] = HKZ_FSTR("below_bound", res->below[j] > 0 ? "true"
                        : res->below[j] < 0 ? "false" : "undecided");
        f[10] = HKZ_FBOOL("certified", 1);
        if (s == HKZ_SUCCESS)
            s = hkz_table_add(r->rows, f, 11);
    }
    arb_clear(r1);
    arb_clear(r2);
    arb_clear(r3);
    return s;
}

/* a ball as a string, or "inf" (have 2) / "unknown" (have 0) */
static char *ball_or_inf(const arb_t x, int have)
{
    char *s;
    arb_t r;
    if (have != 1)
    {
        s = flint_malloc(8);
        strcpy(s, have == 2 ? "inf" : "unknown");
        return s;
    }
    arb_init(r);
    round_ball(r, x);
    s = hkz_ball_get_str(r, 0);
    arb_clear(r);
    return s;
}

/* The summary record (keys) and the verdict. */
static int summary(hkz_compare_result_t *r,
                   const struct hkz_compare_sweep_s *sw, const res_t *res)
{
    hkz_field_t f[19];
    char *sv[5], vbuf[200];
    double lowM = lower_end(res->C_max);
    slong i;
    int s;
    sv[0] = ball_or_inf(res->S, res->have_upper);
    sv[1] = ball_or_inf(res->C_upper, res->have_upper);
    sv[2] = ball_or_inf(res->S_head, 1);
    sv[3] = ball_or_inf(res->C_head, 1);
    sv[4] = ball_or_inf(res->C_max, 1);
    if (res->nfail > 0)
        snprintf(vbuf, sizeof(vbuf), "FAIL (%ld samples exceed C_head)",
                 (long) res->nfail);
    else if (res->nundec > 0)
        snprintf(vbuf, sizeof(vbuf), "UNDECIDED (%ld samples not separated "
                 "from C_head at this precision; raise --digits)",
                 (long) res->nundec);
    else
        snprintf(vbuf, sizeof(vbuf), "PASS");
    f[0] = HKZ_FSTR("S", sv[0]);
    f[1] = HKZ_FSTR("C_upper", sv[1]);
    /* JSON has no inf: with C_upper = "inf" the double is null */
    f[2] = HKZ_FDBL("C_upper_mid", res->have_upper == 1 ?
                    mid_d(res->C_upper) : NAN);
    f[3] = HKZ_FSTR("S_head", sv[2]);
    f[4] = HKZ_FSTR("C_head", sv[3]);
    f[5] = HKZ_FDBL("C_head_mid", mid_d(res->C_head));
    f[6] = HKZ_FSTR("C_sample_max", sv[4]);
    f[7] = HKZ_FDBL("C_sample_max_mid", mid_d(res->C_max));
    f[8] = HKZ_FINT("argmax_sample", (long) res->argmax);
    f[9] = HKZ_FDBL("c_hat", res->c_hat);
    f[10] = HKZ_FDBL("C_hat", res->C_hat);
    f[11] = HKZ_FINT("samples", (long) sw->o.samples);
    f[12] = HKZ_FINT("fibre_samples", (long) sw->nfibre);
    f[13] = HKZ_FINT("head", (long) sw->o.head);
    f[14] = HKZ_FINT("exceed", (long) res->nfail);
    f[15] = HKZ_FINT("undecided", (long) res->nundec);
    f[16] = HKZ_FSTR("verdict", vbuf);
    f[17] = HKZ_FSTR("upper_note", res->upper_note);
    /* the lower end of C_sample_max: the certified lower bound for
       C(1/2) (JSON has no inf: a string then) */
    f[18] = isinf(lowM) ? HKZ_FSTR("C_sample_max_lower", lowM > 0 ? "inf"
                                   : "-inf")
                        : HKZ_FDBL("C_sample_max_lower", lowM);
    s = hkz_table_add(r->keys, f, 19);
    for (i = 0; i < 5; i++)
        flint_free(sv[i]);
    if (res->nfail > 0 || res->nundec > 0)
        hkz_compare_fail(r, "%s", vbuf);
    return s;
}

/* The gathered records into dd, dl (every sample exactly once). */
static int load(arb_ptr dd, arb_ptr dl, const struct hkz_compare_sweep_s *sw,
                const char *rec, size_t len)
{
    char *text = flint_malloc(len + 1), *p, *end = text + len, *e;
    char *seen = flint_calloc(sw->o.samples + 1, 1);
    slong j, got = 0, n = sw->o.samples;
    arb_t a, b;
    int ok = 1;
    memcpy(text, rec, len);
    text[len] = '\0';
    arb_init(a);
    arb_init(b);
    for (p = text; p < end && ok; p = e + 1)
    {
        if ((e = memchr(p, '\n', end - p)) == NULL)
            e = end;
        *e = '\0';
        ok = _hkz_sweep_parse(&j, a, b, p, n) == HKZ_SUCCESS && !seen[j];
        if (ok)
        {
            arb_swap(dd + j, a);
            arb_swap(dl + j, b);
            seen[j] = 1;
            got++;
        }
    }
    arb_clear(a);
    arb_clear(b);
    flint_free(text);
    flint_free(seen);
    HKZ_CHECK(ok && got == n, HKZ_ERR_ARG, "compare sweep: records of %ld "
              "of %ld samples", (long) got, (long) n);
    return HKZ_SUCCESS;
}

int hkz_compare_sweep_finish(hkz_compare_result_t *r,
                             const hkz_compare_sweep_t sw, const char *rec,
                             size_t len)
{
    slong n = sw->o.samples;
    arb_ptr dd, dl;
    double *ldd, *ldl;
    res_t res;
    int s;

    HKZ_CHECK(r != NULL && (rec != NULL || len == 0), HKZ_ERR_ARG,
              "hkz_compare_sweep_finish: NULL argument");
    hkz_table_destroy(&r->rows);
    hkz_table_destroy(&r->keys);
    snprintf(r->name, sizeof(r->name), "sweep");
    r->pass = 1;
    r->reason[0] = '\0';
    HKZ_TRY(hkz_table_create(&r->rows));
    HKZ_TRY(hkz_table_create(&r->keys));
    memset(&res, 0, sizeof(res));
    dd = _arb_vec_init(n);
    dl = _arb_vec_init(n);
    res.ratio = _arb_vec_init(n);
    res.below = flint_calloc(n, sizeof(int));
    ldd = flint_malloc(sizeof(double) * n);
    ldl = flint_malloc(sizeof(double) * n);
    arb_init(res.S_head); arb_init(res.C_head); arb_init(res.S);
    arb_init(res.C_upper); arb_init(res.C_max);
    s = load(dd, dl, sw, rec, len);
    if (s == HKZ_SUCCESS)
        s = bounds(&res, sw);
    if (s == HKZ_SUCCESS)
    {
        ratios(&res, sw, dd, dl, ldd, ldl);
        s = rows(r, sw, &res, dd, dl);
    }
    if (s == HKZ_SUCCESS)
        s = summary(r, sw, &res);
    _arb_vec_clear(dd, n);
    _arb_vec_clear(dl, n);
    _arb_vec_clear(res.ratio, n);
    flint_free(res.below);
    flint_free(ldd);
    flint_free(ldl);
    arb_clear(res.S_head); arb_clear(res.C_head); arb_clear(res.S);
    arb_clear(res.C_upper); arb_clear(res.C_max);
    return s;
}
