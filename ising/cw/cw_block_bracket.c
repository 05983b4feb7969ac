/* Brackets of nearby Curie-Weiss zeros from one block of nodes (the block
 * and why one set of nodes serves every theta near its anchor theta0:
 * cw_integral_block.c).  Per zero: a Newton step in doubles on the
 * midpoints, a step in balls when the goal is below double resolution,
 * then the certified signs of I at both ends of the bracket, each one
 * Horner sum of the node values with its error bound. */
#include <complex.h>
#include <math.h>
#include <acb_poly.h>
#include "cw_integral_internal.h"

/* w = omega = e^{i ph}, wk = omega^klo, ph = h (x - theta0)/t; s = |x -
 * theta0|; at precision wp */
static void blk_phases(acb_t w, acb_t wk, arb_t s, const _hkz_lyi_blk_t *b,
                       const arf_t x, slong wp)
{
    const _hkz_lyi_ictx_t *c = &b->c;
    arb_t ph;

    arb_init(ph);
    arb_set_arf(ph, x);
    arb_sub_arf(ph, ph, b->th0, wp);
    arb_abs(s, ph);
    arb_mul_arf(ph, ph, c->hh, wp);
    arb_mul(ph, ph, b->invt, wp);
    arb_sin_cos(acb_imagref(w), acb_realref(w), ph, wp);
    arb_mul_si(ph, ph, c->L.klo, wp);
    arb_sin_cos(acb_imagref(wk), acb_realref(wk), ph, wp);
    arb_clear(ph);
}

/* err = err0 + disc0 (e^{a s/t} - 1) >= |T - I| at |x - theta0| <= s
 * (cw_integral_block.c) */
static void blk_err(mag_t err, const _hkz_lyi_blk_t *b, arb_t s)
{
    const _hkz_lyi_ictx_t *c = &b->c;
    arb_t a;
    mag_t m;
    arb_init(a);
    mag_init(m);
    arb_set_d(a, (double) (float) c->L.a);
    arb_mul(s, s, a, 64);
    arb_mul(s, s, b->invt, 64);
    arb_get_mag(m, s);
    mag_expm1(m, m);
    mag_mul(m, m, c->disc);
    mag_add(err, m, c->err);
    arb_clear(a);
    mag_clear(m);
}

/* S = sum_k V_k omega^k (D: with VT_k, if not NULL) and the error bound
 * at x. */
static void blk_eval(acb_t S, acb_t D, mag_t err, const _hkz_lyi_blk_t *b,
                     const arf_t x)
{
    slong wp = b->c.wp;
    arb_t s;
    acb_t w, wk;

    arb_init(s);
    acb_init(w);
    acb_init(wk);
    blk_phases(w, wk, s, b, x, wp);
    _acb_poly_evaluate(S, b->V, b->len, w, wp);
    acb_mul(S, S, wk, wp);
    if (D != NULL)
    {
        _acb_poly_evaluate(D, b->VT, b->len, w, wp);
        acb_mul(D, D, wk, wp);
    }
    blk_err(err, b, s);
    arb_clear(s);
    acb_clear(w);
    acb_clear(wk);
}

/* certified sign of I at x (0 if undecided): first from the sum in
 * doubles with its proven bound (cw_sum_d.c; the phases at 64 bits), then,
 * where that does not decide, from the ball sum at the working precision.
 * Both are signs of the same true I, so the brackets keep their bits. */
static int blk_sign(const _hkz_lyi_blk_t *b, const arf_t x)
{
    acb_t S, w, wk;
    arb_t v, s;
    mag_t err, E;
    double R;
    int sg = 0;
    acb_init(S);
    acb_init(w);
    acb_init(wk);
    arb_init(v);
    arb_init(s);
    mag_init(err);
    mag_init(E);
    blk_phases(w, wk, s, b, x, 64);
    if (b->finite &&
        _hkz_lyi_sum_d(&R, E, b->Vd, b->len, b->dA, b->dD, w, wk))
    {
        blk_err(err, b, s);
        /* 2 h (R +- E) +- err */
        arb_set_d(v, R);
        arb_add_error_mag(v, E);
        arb_mul_arf(v, v, b->c.hh, 64);
        arb_mul_2exp_si(v, v, 1);
        arb_add_error_mag(v, err);
        sg = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    }
    if (sg == 0)
    {
        blk_eval(S, NULL, err, b, x);
        /* 2 h Re S +- err (err bounds |T - I| in these units,
         * cw_integral.c) */
        arb_mul_arf(v, acb_realref(S), b->c.hh, b->c.wp);
        arb_mul_2exp_si(v, v, 1);
        arb_add_error_mag(v, err);
        sg = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    }
    acb_clear(S);
    acb_clear(w);
    acb_clear(wk);
    arb_clear(v);
    arb_clear(s);
    mag_clear(err);
    mag_clear(E);
    return sg;
}

/* Newton step I/I' at x in double (midpoints; the phases omega^k are
 * small multiples of the one of the offset x - theta0, so the rounding
 * errors are relative to the bump, not to N theta); NaN on failure.  The
 * factors A and 2h cancel in the ratio. */
static double newton_d(const _hkz_lyi_blk_t *b, const arf_t x)
{
    arf_t dx;
    double ph;
    double complex w, wk, S = 0, D = 0;
    slong k;
    arf_init(dx);
    arf_sub(dx, x, b->th0, 64, ARF_RND_NEAR);
    ph = arf_get_d(dx, ARF_RND_NEAR) * arf_get_d(b->c.hh, ARF_RND_NEAR) /
         arf_get_d(arb_midref(b->t), ARF_RND_NEAR);
    arf_clear(dx);
    w = cexp(I * ph);
    for (k = b->len - 1; k >= 0; k--)
    {
        S = S * w + b->Vd[k];
        D = D * w + b->VTd[k];
    }
    wk = cexp(I * ph * b->c.L.klo);
    S *= wk;
    D *= wk;
    if (creal(D) == 0)
        return NAN;
    return creal(S) / creal(D);
}

/* x -= Re I/Re I' (midpoints, working precision); step = |that| or kept */
static void newton_arb(arf_t x, arf_t step, const _hkz_lyi_blk_t *b)
{
    acb_t S, D;
    mag_t err;
    acb_init(S);
    acb_init(D);
    mag_init(err);
    blk_eval(S, D, err, b, x);
    if (!arf_is_zero(arb_midref(acb_realref(D))) && acb_is_finite(S) &&
        acb_is_finite(D))
    {
        arf_div(step, arb_midref(acb_realref(S)), arb_midref(acb_realref(D)),
                b->c.wp, ARF_RND_NEAR);
        arf_sub(x, x, step, b->c.wp, ARF_RND_NEAR);
        arf_abs(step, step);
    }
    acb_clear(S);
    acb_clear(D);
    mag_clear(err);
}

/* newton_arb's step from the midpoints alone (the same bits: it reads
 * only the midpoints of S and D, finite whenever the node values and the
 * phases are, see cw_horner_mid.c); newton_arb where that does not hold */
static void newton_mid(arf_t x, arf_t step, const _hkz_lyi_blk_t *b)
{
    slong wp = b->c.wp;
    arf_t sr, si, dr, di;
    arb_t s;
    acb_t w, wk;

    acb_init(w);
    acb_init(wk);
    arb_init(s);
    blk_phases(w, wk, s, b, x, wp);
    if (b->len >= 3 && wp < 1024 && b->finite && acb_is_finite(w) &&
        acb_is_finite(wk) && !acb_is_zero(w))
    {
        arf_init(sr);
        arf_init(si);
        arf_init(dr);
        arf_init(di);
        _hkz_lyi_horner_mid(sr, si, b->V, b->len, w, wk, wp);
        _hkz_lyi_horner_mid(dr, di, b->VT, b->len, w, wk, wp);
        if (!arf_is_zero(dr))
        {
            arf_div(step, sr, dr, wp, ARF_RND_NEAR);
            arf_sub(x, x, step, wp, ARF_RND_NEAR);
            arf_abs(step, step);
        }
        arf_clear(sr);
        arf_clear(si);
        arf_clear(dr);
        arf_clear(di);
    }
    else
        newton_arb(x, step, b);
    acb_clear(w);
    acb_clear(wk);
    arb_clear(s);
}

int _hkz_ly_cw_integral_bracket_blk(_hkz_lyi_cache_t *ca, arf_t a, arf_t b,
        int *sa, int *sb, const arf_t x0, const arf_t wt, slong N,
        const arb_t t, slong prec)
{
    _hkz_lyi_blk_t *B = _hkz_lyi_blk_mine(ca);
    arf_t r, x1, e, dl, lo, hi, th0;
    double step;
    int ok = 0;

    /* the block anchor theta0 = (floor(x0/D) + 1/2) D, D = 2^m ~ t sqrt(N)/4
     * (~ the range where the line stays useful, see top): a function of x0
     * alone, so that every zero gets the same bracket whichever thread or
     * process computes it */
    arf_init(th0);
    {
        double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        slong m = (slong) floor(log2(td * sqrt((double) N) / 4));
        arf_mul_2exp_si(th0, x0, -m);
        arf_floor(th0, th0);
        arf_mul_2exp_si(th0, th0, 1);
        arf_add_ui(th0, th0, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(th0, th0, m - 1);
    }
    if (!(B->valid && B->N == N && B->prec == prec && arb_equal(B->t, t) &&
          arf_equal(B->th0, th0)))
    {
        if (_hkz_lyi_blk_rebuild(B, th0, N, t, prec))
        {
            arf_clear(th0);
            return _hkz_ly_cw_integral_bracket(a, b, sa, sb, x0, wt, N, t,
                                                prec);
        }
    }
    arf_clear(th0);
    if (fabs(arf_get_d(x0, ARF_RND_NEAR) - arf_get_d(B->th0, ARF_RND_NEAR))
        > B->dmax)
        return _hkz_ly_cw_integral_bracket(a, b, sa, sb, x0, wt, N, t,
                                            prec);
    arf_init(r);
    arf_init(x1);
    arf_init(e);
    arf_init(dl);
    arf_init(lo);
    arf_init(hi);
    /* the Newton step must stay well inside r */
    _hkz_lyi_newton_radius(r, x0, wt);
    step = newton_d(B, x0);
    if (isfinite(step))
    {
        /* Newton step x1 = x0 - step */
        arf_set_d(x1, step);
        arf_abs(dl, x1);
        arf_sub(x1, x0, x1, B->c.wp, ARF_RND_NEAR);
        /* a goal below the double resolution: steps in balls until the
         * quadratic error estimate 8 N step^2 is below wt/4 */
        arf_mul_2exp_si(e, x0, -44);
        if (arf_cmpabs(wt, e) < 0 && arf_cmp(dl, r) < 0)
        {
            int it;
            arf_mul_2exp_si(lo, wt, -2);
            for (it = 0; it < 4; it++)
            {
                newton_mid(x1, dl, B);
                arf_mul(e, dl, dl, 64, ARF_RND_UP);
                arf_mul_si(e, e, 8 * N, 64, ARF_RND_UP);
                if (arf_cmp(e, lo) <= 0)
                    break;
            }
        }
        /* e = max(wt/4, 8 N step^2) (quadratic convergence), well below r */
        arf_mul(e, dl, dl, 64, ARF_RND_UP);
        arf_mul_si(e, e, 8 * N, 64, ARF_RND_UP);
        arf_mul_2exp_si(dl, dl, 2);
        if (arf_cmp(dl, r) < 0)
        {
            arf_mul_2exp_si(dl, wt, -2);
            arf_max(e, e, dl);
            arf_mul_2exp_si(dl, r, -2);
            if (arf_cmp(e, dl) < 0)
            {
                arf_sub(lo, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_add(hi, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                *sa = blk_sign(B, lo);
                *sb = blk_sign(B, hi);
                if (*sa != 0 && *sb != 0 && *sa != *sb)
                {
                    arf_set(a, lo);
                    arf_set(b, hi);
                    ok = 1;
                }
            }
        }
    }
    arf_clear(r);
    arf_clear(x1);
    arf_clear(e);
    arf_clear(dl);
    arf_clear(lo);
    arf_clear(hi);
    return ok;
}
