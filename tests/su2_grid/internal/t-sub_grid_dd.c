/* The double-double sums of the su2-sub fallback (heat_sub_grid_dd.c,
 * compiled into this test), each term of its bound on inputs that need it:
 *  - conversion: random balls (mids of up to 300 bits, exponents in
 *    [-600, 600], radii 0 or random): [h + l +- e] contains the ball, |l|
 *    <= 2^-52 |h|, the prefix stops at the first |mid| >= 2^480 (fails
 *    without the truncation term of e);
 *  - widths: sums of balls with radii: the ball of the sum contains
 *    sum X_k Y_k at corners X_k = mid +- rad, Y_k likewise (exact in arf)
 *    (fails without the width terms);
 *  - rounding: exact double-double mids (no widths) whose products cancel
 *    down to 2^-60 of their sizes: the ball contains the exact sum, and
 *    the sums are inexact in some iterations, so a bound without the
 *    rounding term fails. */
#include <math.h>
#include <stdlib.h>
#include "hkz_test.h"
#include "su2_grid_internal.h"

#define NMAX 300

/* a random ball: mid of bits bits at exponent ~ ex, radius 0 or below
 * 2^(ex - rb) */
static void rand_ball(arb_t x, flint_rand_t st, slong bits, slong ex,
                      slong rb)
{
    fmpz_t m;
    fmpz_init(m);
    fmpz_randbits(m, st, bits);
    arb_set_fmpz(x, m);
    arb_mul_2exp_si(x, x, ex - bits);
    if (rb > 0)
    {
        mag_set_ui(arb_radref(x), 1 + n_randint(st, 1000));
        mag_mul_2exp_si(arb_radref(x), arb_radref(x), ex - rb - 10);
    }
    fmpz_clear(m);
}

/* the dd value k of v as an exact ball with radius e_k */
static void ball_of(arb_t b, const _hkz_su2_sub_dd_t *v, slong k)
{
    arb_t t;
    arb_init(t);
    arb_set_d(b, v->h[k]);
    arb_set_d(t, v->l[k]);
    arb_add(b, b, t, ARF_PREC_EXACT);
    mag_set_d(arb_radref(b), v->e[k]);
    arb_clear(t);
}

static void check_convert(flint_rand_t st)
{
    arb_ptr x = _arb_vec_init(NMAX);
    _hkz_su2_sub_dd_t v;
    arb_t b;
    slong n = 1 + n_randint(st, NMAX), k, stop = n;

    arb_init(b);
    _hkz_su2_sub_dd_init(&v);
    for (k = 0; k < n; k++)
    {
        slong ex = (slong) n_randint(st, 1201) - 600;
        if (n_randint(st, 4) != 0)
            ex = (slong) n_randint(st, 200) - 100;
        rand_ball(x + k, st, 1 + n_randint(st, 300), ex,
                  n_randint(st, 2) ? 0 : 1 + n_randint(st, 200));
        if (n_randint(st, 2))
            arb_neg(x + k, x + k);
        if (n_randint(st, 20) == 0)
            arb_zero(x + k);
        if (stop == n && !arf_is_zero(arb_midref(x + k))
            && arf_cmpabs_2exp_si(arb_midref(x + k), 480) >= 0)
            stop = k;
    }
    HKZ_TEST_CHECK(_hkz_su2_sub_dd_set(&v, x, n), "no memory");
    HKZ_TEST_CHECK(v.n == stop, "prefix %ld, expected %ld", (long) v.n,
                   (long) stop);
    for (k = 0; k < v.n; k++)
    {
        ball_of(b, &v, k);
        HKZ_TEST_CHECK(arb_contains(b, x + k), "term %ld not contained",
                       (long) k);
        HKZ_TEST_CHECK(fabs(v.l[k]) <= ldexp(fabs(v.h[k]), -52),
                       "low part too large");
    }
    _hkz_su2_sub_dd_clear(&v);
    _arb_vec_clear(x, NMAX);
    arb_clear(b);
}

/* the exact sum of the corners X_k = mid(x_k) + sx rad, sx = +-1 (s: sign
 * choice per k), Y likewise */
static void corner_sum(arb_t s, arb_srcptr x, arb_srcptr y, slong n,
                       flint_rand_t st)
{
    arb_t a, b;
    arf_t r;
    slong k;

    arb_init(a); arb_init(b); arf_init(r);
    arb_zero(s);
    for (k = 0; k < n; k++)
    {
        arb_set_arf(a, arb_midref(x + k));
        arf_set_mag(r, arb_radref(x + k));
        (n_randint(st, 2) ? arf_add : arf_sub)(arb_midref(a),
                arb_midref(a), r, ARF_PREC_EXACT, ARF_RND_DOWN);
        arb_set_arf(b, arb_midref(y + k));
        arf_set_mag(r, arb_radref(y + k));
        (n_randint(st, 2) ? arf_add : arf_sub)(arb_midref(b),
                arb_midref(b), r, ARF_PREC_EXACT, ARF_RND_DOWN);
        arb_addmul(s, a, b, ARF_PREC_EXACT);
    }
    arb_clear(a); arb_clear(b); arf_clear(r);
}

static void check_widths(flint_rand_t st)
{
    arb_ptr x = _arb_vec_init(NMAX), y = _arb_vec_init(NMAX);
    _hkz_su2_sub_dd_t X, Y;
    arb_t s, ref;
    slong n = 1 + n_randint(st, NMAX), k, rep;

    arb_init(s); arb_init(ref);
    _hkz_su2_sub_dd_init(&X);
    _hkz_su2_sub_dd_init(&Y);
    for (k = 0; k < n; k++)
    {
        /* like 2 cos(kz) and the inner sums: |x| <= 2, y decaying */
        rand_ball(x + k, st, 128, 1, 40 + n_randint(st, 80));
        rand_ball(y + k, st, 128, -(slong) k / 2, 40 + n_randint(st, 80));
        if (n_randint(st, 2))
            arb_neg(x + k, x + k);
        if (n_randint(st, 2))
            arb_neg(y + k, y + k);
    }
    HKZ_TEST_CHECK(_hkz_su2_sub_dd_set(&X, x, n) && X.n == n
                   && _hkz_su2_sub_dd_set(&Y, y, n) && Y.n == n, "set");
    _hkz_su2_sub_dd_dot(s, &X, &Y, n);
    for (rep = 0; rep < 8; rep++)
    {
        corner_sum(ref, x, y, n, st);
        HKZ_TEST_CHECK(arb_contains(s, ref), "n = %ld: a corner sum "
                       "outside the ball", (long) n);
    }
    _hkz_su2_sub_dd_clear(&X);
    _hkz_su2_sub_dd_clear(&Y);
    _arb_vec_clear(x, NMAX);
    _arb_vec_clear(y, NMAX);
    arb_clear(s); arb_clear(ref);
}

/* exact mids, products up to 2^60 cancelling to a sum near 1; returns 1
 * if the double-double sum was inexact */
static int check_rounding(flint_rand_t st)
{
    arb_ptr x = _arb_vec_init(NMAX), y = _arb_vec_init(NMAX);
    _hkz_su2_sub_dd_t X, Y;
    arb_t s, ref, q;
    slong n = 2 + n_randint(st, NMAX - 1), k;
    int inexact;

    arb_init(s); arb_init(ref); arb_init(q);
    _hkz_su2_sub_dd_init(&X);
    _hkz_su2_sub_dd_init(&Y);
    arb_zero(ref);
    for (k = 0; k < n - 1; k++)
    {
        rand_ball(x + k, st, 106, 1, 0);
        rand_ball(y + k, st, 106, n_randint(st, 60), 0);
        if (n_randint(st, 2))
            arb_neg(y + k, y + k);
        arb_addmul(ref, x + k, y + k, ARF_PREC_EXACT);
    }
    /* the last term cancels the sum to 106 bits: x = 1, y = -ref rounded */
    arb_one(x + n - 1);
    arb_set_round(y + n - 1, ref, 106);
    arb_neg(y + n - 1, y + n - 1);
    mag_zero(arb_radref(y + n - 1));
    arb_add(ref, ref, y + n - 1, ARF_PREC_EXACT);
    HKZ_TEST_CHECK(_hkz_su2_sub_dd_set(&X, x, n) && X.n == n
                   && _hkz_su2_sub_dd_set(&Y, y, n) && Y.n == n, "set");
    for (k = 0; k < n; k++)
        HKZ_TEST_CHECK(X.e[k] == 0.0 && Y.e[k] == 0.0, "inexact input");
    _hkz_su2_sub_dd_dot(s, &X, &Y, n);
    HKZ_TEST_CHECK(arb_contains(s, ref), "n = %ld: the exact sum outside "
                   "the ball", (long) n);
    arb_set_arf(q, arb_midref(s));
    inexact = !arb_equal(q, ref);
    _hkz_su2_sub_dd_clear(&X);
    _hkz_su2_sub_dd_clear(&Y);
    _arb_vec_clear(x, NMAX);
    _arb_vec_clear(y, NMAX);
    arb_clear(s); arb_clear(ref); arb_clear(q);
    return inexact;
}

int main(void)
{
    flint_rand_t st;
    slong iter, inexact = 0;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(400); iter++)
    {
        check_convert(st);
        check_widths(st);
        inexact += check_rounding(st);
    }
    HKZ_TEST_CHECK(inexact > 0, "no inexact sum: the rounding term was "
                   "not exercised");
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_grid_dd");
}
