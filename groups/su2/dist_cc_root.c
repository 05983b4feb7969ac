/* Carnot-Caratheodory distance (dist_cc.c): the certified root search of
 * Psi_r(theta) = Z by bisection with mean value enclosures of the stable
 * form of Psi (formulas in the head comment of dist_cc.c). */
#include "hkz_check.h"
#include "elem_internal.h"
#include "dist_cc_internal.h"

typedef struct
{
    arb_t s, sn, cs, p, q, g, sr2, dpsi, pm, m;
} cc_work_struct;

static void cc_work_init(cc_work_struct *w, const arb_t r, slong prec)
{
    arb_init(w->s);
    arb_init(w->sn);
    arb_init(w->cs);
    arb_init(w->p);
    arb_init(w->q);
    arb_init(w->g);
    arb_init(w->sr2);
    arb_init(w->dpsi);
    arb_init(w->pm);
    arb_init(w->m);
    arb_sin(w->sr2, r, prec);
    arb_sqr(w->sr2, w->sr2, prec);
}

static void cc_work_clear(cc_work_struct *w)
{
    arb_clear(w->s);
    arb_clear(w->sn);
    arb_clear(w->cs);
    arb_clear(w->p);
    arb_clear(w->q);
    arb_clear(w->g);
    arb_clear(w->sr2);
    arb_clear(w->dpsi);
    arb_clear(w->pm);
    arb_clear(w->m);
}

/* Working precision for theta <= b: for small theta the two terms of
 * Psi cancel to a relative theta^2 (see the head comment). */
static slong cc_eprec(const arf_t b, slong wp)
{
    slong e = arf_abs_bound_lt_2exp_si(b);
    return e < 0 ? wp - 2 * e : wp;
}

/* res = Psi~_r(th) (stable form, see the head comment), th in (0, pi).
 * Leaves s, sin th, cos th in w->s, w->sn, w->cs. */
static void cc_psi(arb_t res, const arb_t th, const arb_t r,
                   cc_work_struct *w, slong prec)
{
    arb_sub(w->p, th, r, prec);
    arb_sin(w->p, w->p, prec);
    arb_add(w->q, th, r, prec);
    arb_sin(w->q, w->q, prec);
    arb_mul(w->s, w->p, w->q, prec);
    arb_sqrtpos(w->s, w->s, prec);
    arb_sin_cos(w->sn, w->cs, th, prec);

    arb_add(w->p, w->sn, w->s, prec);           /* A = sin th + s */
    arb_mul(w->q, w->s, w->sn, prec);
    arb_addmul(w->q, w->cs, w->cs, prec);       /* B = cos^2 th + s sin th */
    arb_mul(w->q, w->q, w->p, prec);
    arb_mul(w->g, w->sr2, w->cs, prec);
    arb_div(w->g, w->g, w->q, prec);
    arb_atan(w->g, w->g, prec);                 /* theta - beta */

    arb_mul(w->q, w->sn, w->p, prec);
    arb_mul(res, w->sr2, th, prec);
    arb_div(res, res, w->q, prec);              /* theta (1 - s / sin th) */
    arb_sub(res, res, w->g, prec);
}

/* res = enclosure of Psi~_r on [a, b]: the plain ball evaluation,
 * intersected with the mean value form Psi(m) + Psi'([a, b]) [-h, h]
 * (m = (a+b)/2, h = (b-a)/2) where Psi is differentiable, i.e. where
 * s > 0 on the whole box (then [a, b] lies inside (r, pi - r)).
 * Differentiating the arccos form (d beta/d th = sin th / s,
 * ds/d th = sin th cos th / s):
 *   Psi'(th) = sin^2 r g(th) / (s sin^2 th),  g(th) = sin th - th cos th,
 * (checked against numerical differentiation at 40 digits).  As g cancels
 * for small th, g on the box is itself taken in mean value form,
 * g(m) + th sin th [-h, h] (g' = th sin th).  The mean value form removes
 * the dependency blow-up of the plain form, so that intervals next to the
 * root are discarded and the search does O(1) evaluations per level. */
static void cc_psi_range(arb_t res, const arf_t a, const arf_t b,
                         const arb_t r, cc_work_struct *w, slong prec)
{
    arb_set_interval_arf(w->m, a, b, prec);
    cc_psi(res, w->m, r, w, prec);
    if (arb_is_positive(w->s) && arf_cmp(a, b) < 0)
    {
        mag_t h, gp, dm;

        mag_init(h);
        mag_init(gp);
        mag_init(dm);
        arf_sub(arb_midref(w->pm), b, a, MAG_BITS, ARF_RND_UP);
        arf_get_mag(h, arb_midref(w->pm));
        mag_mul_2exp_si(h, h, -1);              /* h >= (b - a)/2 */

        /* on the box: |g'| = |th sin th|, K = sin^2 r / (s sin^2 th) */
        arb_mul(w->p, w->m, w->sn, prec);
        arb_get_mag(gp, w->p);
        mag_mul(gp, gp, h);
        arb_sqr(w->p, w->sn, prec);
        arb_mul(w->p, w->p, w->s, prec);
        arb_div(w->dpsi, w->sr2, w->p, prec);

        /* at the exact midpoint m */
        arf_add(arb_midref(w->m), a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(arb_midref(w->m), arb_midref(w->m), -1);
        mag_zero(arb_radref(w->m));
        cc_psi(w->pm, w->m, r, w, prec);
        arb_mul(w->g, w->m, w->cs, prec);
        arb_sub(w->g, w->sn, w->g, prec);
        arb_add_error_mag(w->g, gp);            /* g on the box */
        arb_mul(w->dpsi, w->dpsi, w->g, prec);  /* Psi' on the box */

        arb_get_mag(dm, w->dpsi);
        mag_mul(dm, dm, h);
        arb_add_error_mag(w->pm, dm);
        if (!arb_intersection(res, res, w->pm, prec))
            arb_set(res, w->pm);   /* unreachable: both enclose Psi */
        mag_clear(h);
        mag_clear(gp);
        mag_clear(dm);
    }
}

/* res = f(th) = th sin r / sin th at the exact point th. */
static void cc_f(arb_t res, const arf_t th, const arb_t r, cc_work_struct *w,
                 slong prec)
{
    arb_set_arf(w->q, th);
    arb_sin(w->s, w->q, prec);
    arb_sin(w->p, r, prec);
    arb_mul(w->p, w->p, w->q, prec);
    arb_div(res, w->p, w->s, prec);
}

/* Bisection for 0 < lower(r), r < pi/2 certainly: sets lo, hi. */
void _hkz_su2_cc_bisect(arf_t lo, arf_t hi, const arb_t r,
        const arb_t Z, const arf_t u0, const arf_t v0, slong wp)
{
    cc_work_struct w;
    arb_t T, P;
    arf_t a, b, m, t, width, rhi;
    arf_ptr stack;
    slong sp = 0, nstack = wp + 16, nevals = 0, maxevals = 8 * wp + 256;
    slong i;
    int found = 0;

    cc_work_init(&w, r, cc_eprec(u0, wp));   /* the most any box uses */
    arb_init(T);
    arb_init(P);
    arf_init(a);
    arf_init(b);
    arf_init(m);
    arf_init(t);
    arf_init(width);
    arf_init(rhi);
    stack = flint_malloc(2 * nstack * sizeof(arf_struct));
    for (i = 0; i < 2 * nstack; i++)
        arf_init(stack + i);

    arf_set(a, u0);
    arf_set(b, v0);
    for (;;)
    {
        cc_psi_range(P, a, b, r, &w, cc_eprec(b, wp));
        nevals++;
        if (!arb_overlaps(P, Z))
        {
            if (sp == 0)
                break;      /* cannot happen (Psi covers [0, pi]) */
            sp--;
            arf_swap(a, stack + 2 * sp);
            arf_swap(b, stack + 2 * sp + 1);
            continue;
        }
        arf_sub(width, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp_2exp_si(width, -wp) <= 0 || nevals >= maxevals
                || sp == nstack)
        {
            found = 1;
            break;
        }
        arf_add(m, a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(m, m, -1);
        arf_set(stack + 2 * sp, m);
        arf_set(stack + 2 * sp + 1, b);
        sp++;
        arf_set(b, m);
    }

    /* a priori: d in [r, pi - r] */
    arb_get_lbound_arf(lo, r, wp);
    arb_get_ubound_arf(rhi, r, wp);
    arf_set(hi, v0);
    if (found)
    {
        cc_f(P, a, r, &w, wp);
        arb_get_lbound_arf(t, P, wp);
        if (arf_cmp(t, lo) > 0)
            arf_set(lo, t);

        /* first certified point t = b + (2^i - 1) w >= upper(r) with
           Psi(t) >= Z */
        arf_set(t, b);
        if (arf_cmp(t, rhi) < 0)
            arf_set(t, rhi);
        arf_sub(width, b, a, ARF_PREC_EXACT, ARF_RND_DOWN);
        for (i = 0; i < wp + 16 && arf_cmp(t, v0) < 0; i++)
        {
            arb_set_arf(T, t);
            cc_psi(P, T, r, &w, cc_eprec(t, wp));
            if (arb_ge(P, Z))
            {
                /* d <= max(f(t), r), and d <= pi - r */
                cc_f(P, t, r, &w, wp);
                arb_get_ubound_arf(m, P, wp);
                if (arf_cmp(m, rhi) < 0)
                    arf_set(m, rhi);
                if (arf_cmp(m, hi) < 0)
                    arf_set(hi, m);
                break;
            }
            arf_add(t, t, width, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(width, width, 1);
        }
    }

    cc_work_clear(&w);
    arb_clear(T);
    arb_clear(P);
    arf_clear(a);
    arf_clear(b);
    arf_clear(m);
    arf_clear(t);
    arf_clear(width);
    arf_clear(rhi);
    for (i = 0; i < 2 * nstack; i++)
        arf_clear(stack + i);
    flint_free(stack);
}
