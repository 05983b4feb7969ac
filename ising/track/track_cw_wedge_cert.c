/* The certificate of a wedge step (track_cw_wedge.c has the wedge and the
 * proof that these conditions certify it): the signs of G(t, D) at the
 * edges D = Dlo, Dhi for all t and of K_theta and K_t on sub-wedges (K_t
 * and the edges by the second-order forms in t of track_cw_curv.c), and the cut of T into pieces that
 * share the nodes of one line.  All in the precision B->pw of the step's
 * certificate (track_cw_internal.h). */
#include <math.h>
#include "track_cw_internal.h"

static int sgn(const arb_t x)
{
    return arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
}

/* res = [lo + a (hi - lo)/m, lo + (a + 1)(hi - lo)/m] (outward) */
static void sub_interval(arb_t res, const arf_t lo, const arf_t hi, slong a,
                         slong m, slong wp)
{
    arb_t d, x;
    arb_init(d);
    arb_init(x);
    arb_set_arf(d, hi);
    arb_sub_arf(d, d, lo, wp);
    arb_div_si(d, d, m, wp);
    arb_mul_si(x, d, a, wp);
    arb_add_arf(x, x, lo, wp);
    arb_add(d, x, d, wp);
    arb_union(res, x, d, wp);
    arb_clear(d);
    arb_clear(x);
}

typedef struct
{
    const _hkz_lyt_box_t *B;
    const arf_struct *lo, *hi;
    int which;
    const _hkz_lyt_curv_t *C;   /* K_t also by _hkz_lyt_kt_second */
} sub_ctx_t;

/* the sign on the a-th of m pieces of [lo, hi] (a range of D) x the b-th
 * of m pieces of T */
static int piece_sign(void *ctx, slong a, slong b, slong m)
{
    const sub_ctx_t *c = ctx;
    const _hkz_lyt_box_t *B = c->B;
    arb_struct *Kth, *Kt;
    arb_t x, t, v;
    arf_t lo, hi;
    int s;

    arb_init(x);
    arb_init(t);
    arb_init(v);
    arf_init(lo);
    arf_init(hi);
    sub_interval(x, c->lo, c->hi, a, m, B->pw);
    arb_get_lbound_arf(lo, B->T, B->pw);
    arb_get_ubound_arf(hi, B->T, B->pw);
    sub_interval(t, lo, hi, b, m, B->pw);
    Kth = c->which == 0 ? v : NULL;
    Kt = c->which == 0 ? NULL : v;
    s = 0;
    if (c->C != NULL && Kt != NULL)
    {
        _hkz_lyt_kt_second(v, B, c->C, x, t);
        s = sgn(v);
    }
    if (s == 0)
    {
        _hkz_lyt_box_eval_d(NULL, Kth, NULL, Kt, B, x, t);
        s = sgn(v);
    }
    arb_clear(x);
    arb_clear(t);
    arb_clear(v);
    arf_clear(lo);
    arf_clear(hi);
    return s;
}

/* _hkz_ly_track_subbox_sign: the enclosures of track_cw_box.c hold on
 * each sub-box of T x X (of the wedge: theta(T, [lo, hi]) lies in X).
 * The direction on a wedge in 1 or 2 x 2 pieces only: where that fails
 * (next to pi/2) 8 x 8 rarely helps and a shorter step does (N = 2000,
 * zero 999: 9.7 s with up to 8 x 8, 4.8 s with 4 x 4, 3.4 s with 2 x 2). */
static int sub_sign(const _hkz_lyt_box_t *B, const arf_t lo, const arf_t hi,
                    int which, const _hkz_lyt_curv_t *C)
{
    sub_ctx_t c = {B, lo, hi, which, C};
    return _hkz_ly_track_subbox_sign_m(piece_sign, &c, which == 1 ? 2 : 8);
}

/* The sign of G(t, D) for all t in T (D exact), 0 if not certified: the
 * second-order form of track_cw_curv.c (the mean value form G(tm, D) +
 * G_t(T, D) [-r, r] certified none of the edges this one left open over
 * N = 2000, zeros 500-509 and 997-999, and was dropped).  *ratio =
 * radius/|midpoint| (a guide for the cut of T only). */
static int edge_sign(double *ratio, const _hkz_lyt_box_t *B,
                     const _hkz_lyt_curv_t *C, const arb_t D)
{
    arb_t v;
    int s;

    arb_init(v);
    _hkz_lyt_g_second(v, B, C, D);
    s = sgn(v);
    *ratio = arf_is_zero(arb_midref(v)) ? HUGE_VAL :
             mag_get_d(arb_radref(v)) /
             fabs(arf_get_d(arb_midref(v), ARF_RND_NEAR));
    arb_clear(v);
    return s;
}

void _hkz_lyt_wedge_theta(arb_t res, const _hkz_lyt_box_t *B, const arb_t D,
                          const arb_t t)
{
    slong wp = B->pw;
    arb_div(res, B->bb, B->tref, wp);
    arb_add(res, res, D, wp);
    arb_mul(res, res, t, wp);
    arb_sub(res, B->cc, res, wp);
}

/* The sign of K_t on the zero's path through T only (next to pi/2 K_t
 * is small, and it changes sign inside the wedge, whose margin the edges
 * need): the slices of the wedge hold exactly one zero each (conditions
 * 1-2), so if G(t, D1), G(t, D2) have opposite constant signs on T (band
 * = [D1, D2] inside [Dlo, Dhi]), that zero lies in the band for every t in
 * T (intermediate values), and the sign of K_t on T x band is that of K_t
 * at theta_j(t) for every t in T: the direction (track_cw_wedge.c). */
static int band_sign(const _hkz_lyt_box_t *B, const _hkz_lyt_curv_t *C,
                     const arf_struct *band, const arf_t Dlo,
                     const arf_t Dhi)
{
    arb_t x;
    double rk;
    int s[2], k;
    /* inside the wedge: else the band could hold another zero */
    if (arf_cmp(band + 0, Dlo) < 0 || arf_cmp(band + 1, Dhi) > 0 ||
        arf_cmp(band + 0, band + 1) >= 0)
        return 0;
    arb_init(x);
    for (k = 0; k < 2; k++)
    {
        arb_set_arf(x, band + k);
        s[k] = edge_sign(&rk, B, C, x);
    }
    arb_clear(x);
    if (s[0] * s[1] != -1)
        return 0;
    return sub_sign(B, band + 0, band + 1, 1, C);
}

/* The number of pieces a step starts in: about (t1 - t0)/(rc t0) (rc t the
 * piece whose edges certify; the whole step's edges rarely do, and
 * evaluating them costs a piece: N = 10^4, zeros 2001-2004, 1672 pieces
 * for 1344), and at least 4 for t1 - t0 >= t0/32 (N = 2000, zeros 500-509:
 * the whole step certified 8 of 470 steps at t/8). */
static slong first_cut(const arf_t t0, const arf_t t1, double rc)
{
    arf_t d;
    slong n;
    double x;
    arf_init(d);
    arf_sub(d, t1, t0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(d, d, 5);
    n = arf_cmp(d, t0) >= 0 ? 4 : 1;
    arf_div(d, d, t0, 53, ARF_RND_NEAR);
    x = arf_get_d(d, ARF_RND_NEAR) / (32 * rc);
    if (rc > 0 && x > n * 1.0001)
        n = (slong) ceil(FLINT_MIN(x / 1.0001, 64.0));
    arf_clear(d);
    return n;
}

/* Conditions 1-3 of track_cw_wedge.c on [t0, t1] (_hkz_lyt_box_step
 * re-centres the nodes and the t-ball remainders there, a positive factor
 * on K); if they fail, on 2^j equal pieces, to the given depth.  The
 * second-order radius shrinks by a factor ~2^5 per halving of T, so a
 * radius 2^6 (2^12) times the value at an edge skips one (two) halvings
 * that could not certify the edges.  The slices of every piece hold
 * exactly one zero, so the pieces together certify [t0, t1] (the last
 * piece is the one at t1).  band (or NULL): an inner range of D for the
 * direction (band_sign).  rc > 0 (the top of a step): first cut into
 * first_cut(t0, t1, rc) pieces. */
int _hkz_lyt_wedge_pieces(_hkz_lyt_box_t *B, const arf_t t0, const arf_t t1,
                          const arf_t xl0, const arf_t xl1, const arf_t Dlo,
                          const arf_t Dhi, const arf_struct *band,
                          int depth, double rc, int *dir)
{
    int s[2], k, d, r = 0, j, ok;
    double ratio = 0, rk;
    slong q, n;
    arb_t x;
    arf_t a, b, w;
    _hkz_lyt_curv_t C;

    n = rc > 0 ? first_cut(t0, t1, rc) : 1;
    if (n > 1)
    {
        /* each piece to depth 2 (n = 2, 3) or 1: up to 8 or more pieces
         * in all, as from the whole (the direction of the last zeros
         * needs them: N = 10^4, zero 4998 over [1e-5, 1e-4], 168 steps,
         * 304 with depth 1 after 2 or 3 pieces) */
        depth = 1 + (n < 4);
        j = 0;
        goto cut;
    }
    _hkz_lyt_box_step(B, t0, t1, xl0, xl1);
    arb_init(x);
    _hkz_lyt_curv_init(&C, B->len);
    _hkz_lyt_curv_nodes(&C, B);
    for (k = 0; k < 2; k++)
    {
        arb_set_arf(x, k == 0 ? Dlo : Dhi);
        s[k] = edge_sign(&rk, B, &C, x);
        ratio = FLINT_MAX(ratio, rk);
    }
    arb_clear(x);
    ok = s[0] * s[1] == -1 && (s[0] = sub_sign(B, Dlo, Dhi, 0, NULL));
    if (ok)
        s[1] = sub_sign(B, Dlo, Dhi, 1, &C);
    if (ok && s[1] == 0 && band != NULL)
        s[1] = band_sign(B, &C, band, Dlo, Dhi);
    _hkz_lyt_curv_clear(&C);
    if (ok)
    {
        d = -s[0] * s[1];
        r = d == 0 ? -1 : 1;
        if (r == 1 && *dir != 0 && *dir != d)
            return -1;
        if (r == 1)
        {
            *dir = d;
            return 1;
        }
    }
    if (depth == 0)
        return r;
    j = FLINT_MIN(depth, 1 + (ratio > 64) + (ratio > 4096));
    n = WORD(1) << j;
cut:
    arf_init(a);
    arf_init(b);
    arf_init(w);
    /* the pieces [t0 + q w, t0 + (q + 1) w], w = (t1 - t0)/n (rounded
     * down for n not a power of 2: the last piece ends at t1), exact
     * ends shared by neighbours */
    arf_sub(w, t1, t0, ARF_PREC_EXACT, ARF_RND_DOWN);
    if ((n & (n - 1)) == 0)
        arf_mul_2exp_si(w, w, -(slong) (FLINT_BIT_COUNT(n) - 1));
    else
        arf_div_si(w, w, n, 64, ARF_RND_DOWN);
    arf_set(b, t0);
    for (q = 0, r = 1; q < n && r == 1; q++)
    {
        arf_set(a, b);
        if (q == n - 1)
            arf_set(b, t1);
        else
            arf_add(b, a, w, ARF_PREC_EXACT, ARF_RND_DOWN);
        r = _hkz_lyt_wedge_pieces(B, a, b, xl0, xl1, Dlo, Dhi, band,
                                  depth - j, 0.0, dir);
    }
    arf_clear(a);
    arf_clear(b);
    arf_clear(w);
    return r;
}
