/* The midpoint of wk sum_k f_k w^k as cw_block_bracket.c's blk_eval has
 * it in balls (_acb_poly_evaluate, then acb_mul by wk), without the radii:
 * the block's Newton step reads only midpoints.  The same bits (Arb 2.x):
 * below 1024 bits _acb_poly_evaluate is _acb_poly_evaluate_horner, for
 * len >= 3 and w != 0 the loop u = f_i + u w; the midpoint of acb_mul is
 * arf_complex_mul of the midpoints at prec, rounded down (ARB_RND), in its
 * fast and slow cases alike, and in its cases with a zero part (arb_mul,
 * acb_mul_onei) too, since a product rounded towards zero is odd; the
 * midpoint of arb_add is arf_add at prec, rounded down.  The radii never
 * steer the midpoints.  tests/ly/internal/t-cw_horner_mid.c checks it. */
#include "cw_integral_internal.h"

void _hkz_lyi_horner_mid(arf_t re, arf_t im, acb_srcptr f, slong len,
                         const acb_t w, const acb_t wk, slong prec)
{
    arf_t tr, ti;
    slong i;
    arf_init(tr);
    arf_init(ti);
    arf_set(re, arb_midref(acb_realref(f + len - 1)));
    arf_set(im, arb_midref(acb_imagref(f + len - 1)));
    for (i = len - 2; i >= 0; i--)
    {
        arf_complex_mul(tr, ti, re, im, arb_midref(acb_realref(w)),
                        arb_midref(acb_imagref(w)), prec, ARF_RND_DOWN);
        arf_add(re, arb_midref(acb_realref(f + i)), tr, prec, ARF_RND_DOWN);
        arf_add(im, arb_midref(acb_imagref(f + i)), ti, prec, ARF_RND_DOWN);
    }
    arf_complex_mul(tr, ti, re, im, arb_midref(acb_realref(wk)),
                    arb_midref(acb_imagref(wk)), prec, ARF_RND_DOWN);
    arf_swap(re, tr);
    arf_swap(im, ti);
    arf_clear(tr);
    arf_clear(ti);
}
