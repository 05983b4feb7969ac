/* Certified tracking of principal zeros in the coupling t (spec 3.5).
 *
 * One step of zero j is a box B = [ta, tb] x X.  The step is certified
 * when, for every t in [ta, tb],
 *   1. F(t, lo X) and F(t, hi X) have certified opposite constant signs,
 *   2. dF/dtheta(B) excludes 0,
 * and the enclosure of theta_j(ta) lies inside X.  Then X holds exactly one
 * zero for every t in [ta, tb], it is simple, and by continuity it is
 * theta_j(t).  If also dF/dt(B) excludes 0, then
 *   sign(d theta_j/dt) = -sign(dF/dt(B)) sign(dF/dtheta(B))
 * on the whole step (implicit function theorem): certified monotonicity.
 *
 * Enclosures on B use a Taylor model: the coefficients
 *   a_rs = d_t^r d_theta^s F(tm, thm)/(r! s!),  r + s <= R,
 * are point evaluations at the centre (accurate despite the cancellation
 * of the cosine sum near its zeros), and the remainder of order R+1 is
 * bounded crudely by sum_j sup_T |d^r c_j/dt^r| m_j^s (Taylor's theorem in
 * two variables, Lagrange form).  A plain ball evaluation on B would need
 * boxes below the cancellation level. */
#include <math.h>
#include "zeros_internal.h"
#include "hkz_check.h"

#define TRACK_R 20

typedef struct
{
    slong R;
    arb_ptr a;              /* a[r (R+1) + s] */
    mag_struct rem0, remth, remt;
} tmodel_t;

static void tmodel_init(tmodel_t *M, slong R)
{
    M->R = R;
    M->a = _arb_vec_init((R + 1) * (R + 1));
    mag_init(&M->rem0);
    mag_init(&M->remth);
    mag_init(&M->remt);
}

static void tmodel_clear(tmodel_t *M)
{
    _arb_vec_clear(M->a, (M->R + 1) * (M->R + 1));
    mag_clear(&M->rem0);
    mag_clear(&M->remth);
    mag_clear(&M->remt);
}

/* Taylor model at (tm, thm) for the box radii rt, rth. */
static int tmodel_build(tmodel_t *M, const hkz_ly_track_struct *tr,
                        const arf_t tm, const arf_t thm, const arf_t rt,
                        const arf_t rth, slong prec)
{
    slong R = M->R, W = tr->W, len = W / 2 + 1, r, s, j;
    arb_ptr cp, cb, sums;
    acb_ptr E;
    arb_t t, th;
    mag_ptr S;
    mag_t m, x, y, f;
    fmpz_t fr, fs;
    int st;

    cp = _arb_vec_init((R + 1) * len);
    cb = _arb_vec_init((R + 2) * len);
    sums = _arb_vec_init(R + 1);
    E = _acb_vec_init(len);
    arb_init(t);
    arb_init(th);
    S = _mag_vec_init(R + 2);
    mag_init(m);
    mag_init(x);
    mag_init(y);
    mag_init(f);
    fmpz_init(fr);
    fmpz_init(fs);
    arb_set_arf(t, tm);
    st = tr->fn(cp, R, t, tr->param, prec);
    if (st != HKZ_SUCCESS)
        goto cleanup;
    arb_add_error_arf(t, rt);
    st = tr->fn(cb, R + 1, t, tr->param, prec);
    if (st != HKZ_SUCCESS)
        goto cleanup;
    arb_set_arf(th, thm);
    _hkz_ly_cos_powers(E, W, 0, len, th, prec);
    fmpz_one(fr);
    for (r = 0; r <= R; r++)
    {
        if (r > 0)
            fmpz_mul_ui(fr, fr, (ulong) r);
        _hkz_ly_cos_sums(sums, R - r, cp + r * len, E, W, 0, len, prec);
        fmpz_one(fs);
        for (s = 0; s <= R - r; s++)
        {
            if (s > 0)
                fmpz_mul_ui(fs, fs, (ulong) s);
            arb_div_fmpz(M->a + r * (R + 1) + s, sums + s, fr, prec);
            arb_div_fmpz(M->a + r * (R + 1) + s, M->a + r * (R + 1) + s, fs,
                         prec);
        }
    }
    /* S[r] >= sum_j sup_T |c_j^(r)| m_j^(R+1-r) on the antidiagonal */
    for (r = 0; r <= R + 1; r++)
    {
        mag_zero(S + r);
        for (j = 0; j < len; j++)
        {
            arb_get_mag(m, cb + r * len + j);
            for (s = 0; s < R + 1 - r; s++)
                mag_mul_ui(m, m, (ulong) (W - 2 * j));
            mag_add(S + r, S + r, m);
        }
    }
    /* rem0 = sum_r S_r rt^r rth^(R+1-r)/(r!(R+1-r)!), and the remainders
     * of F_theta (drop one theta power) and F_t (drop one t power) */
    mag_zero(&M->rem0);
    mag_zero(&M->remth);
    mag_zero(&M->remt);
    arf_get_mag(x, rt);
    arf_get_mag(y, rth);
    for (r = 0; r <= R + 1; r++)
    {
        s = R + 1 - r;
        mag_pow_ui(m, x, (ulong) r);
        mag_pow_ui(f, y, (ulong) s);
        mag_mul(m, m, f);
        mag_mul(m, m, S + r);
        mag_rfac_ui(f, (ulong) r);
        mag_mul(m, m, f);
        mag_rfac_ui(f, (ulong) s);
        mag_mul(f, m, f);
        mag_add(&M->rem0, &M->rem0, f);          /* ... / (r! s!) */
        if (s >= 1)
        {
            /* S_r rt^r rth^(s-1)/(r!(s-1)!) = (term) s / rth */
            mag_mul_ui(m, f, (ulong) s);
            mag_div(m, m, y);
            mag_add(&M->remth, &M->remth, m);
        }
        if (r >= 1)
        {
            mag_mul_ui(m, f, (ulong) r);
            mag_div(m, m, x);
            mag_add(&M->remt, &M->remt, m);
        }
    }
cleanup:
    _arb_vec_clear(cp, (R + 1) * len);
    _arb_vec_clear(cb, (R + 2) * len);
    _arb_vec_clear(sums, R + 1);
    _acb_vec_clear(E, len);
    arb_clear(t);
    arb_clear(th);
    _mag_vec_clear(S, R + 2);
    mag_clear(m);
    mag_clear(x);
    mag_clear(y);
    mag_clear(f);
    fmpz_clear(fr);
    fmpz_clear(fs);
    return st;
}

/* sum over r + s <= R of w_rs a_rs dt^r dth^s, where (dr, ds) = (1, 0)
 * gives the t-derivative, (0, 1) the theta-derivative, (0, 0) F itself */
static void tmodel_eval(arb_t res, const tmodel_t *M, int dr, int ds,
                        const arb_t dt, const arb_t dth, slong prec)
{
    slong R = M->R, r, s;
    arb_t g, u;
    arb_init(g);
    arb_init(u);
    arb_zero(res);
    for (r = R - ds; r >= dr; r--)
    {
        arb_zero(g);
        for (s = R - r; s >= ds; s--)
        {
            arb_mul(g, g, dth, prec);
            arb_mul_si(u, M->a + r * (R + 1) + s, (dr ? r : 1) * (ds ? s : 1),
                       prec);
            arb_add(g, g, u, prec);
        }
        arb_mul(res, res, dt, prec);
        arb_add(res, res, g, prec);
    }
    arb_add_error_mag(res, dr ? &M->remt : ds ? &M->remth : &M->rem0);
    arb_clear(g);
    arb_clear(u);
}

static int sgn(const arb_t x)
{
    return arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
}

/* theta_j(tb) by Newton on the direct sum at the exact tb and a certified
 * sign bracket; falls back to the box (which holds the zero). */
static void zero_at(arb_t res, const hkz_ly_track_struct *tr, const arf_t tb,
                    double guess, const arf_t lo, const arf_t hi,
                    slong prec)
{
    slong W = tr->W, len = W / 2 + 1, it, p;
    arb_ptr c = _arb_vec_init(len);
    arb_struct v[2];
    arb_t t, x;
    arf_t xm, e, a, b;
    double xd = guess, step = 1;
    int done = 0;

    arb_init(v + 0);
    arb_init(v + 1);
    arb_init(t);
    arb_init(x);
    arf_init(xm);
    arf_init(e);
    arf_init(a);
    arf_init(b);
    arb_set_interval_arf(res, lo, hi, prec);
    arb_set_arf(t, tb);
    for (p = prec; p <= 8 * prec && !done; p *= 2)
    {
        if (tr->fn(c, 0, t, tr->param, p) != HKZ_SUCCESS)
            break;
        for (it = 0; it < 30; it++)
        {
            arb_set_d(x, xd);
            if (hkz_ly_cos_eval(v, 1, c, W, x, p) != HKZ_SUCCESS ||
                arb_contains_zero(v + 1))
                break;
            step = arf_get_d(arb_midref(v + 0), ARF_RND_NEAR) /
                   arf_get_d(arb_midref(v + 1), ARF_RND_NEAR);
            if (!isfinite(step))
                break;
            xd -= step;
            if (fabs(step) < 1e-15 * fabs(xd))
                break;
        }
        /* Newton in double is good to ~1e-16: refine with arf if the goal
         * asks for more */
        arf_set_d(xm, xd);
        for (it = 0; it < 8; it++)
        {
            arb_set_arf(x, xm);
            if (hkz_ly_cos_eval(v, 1, c, W, x, p) != HKZ_SUCCESS ||
                arb_contains_zero(v + 1))
                break;
            arf_div(e, arb_midref(v + 0), arb_midref(v + 1), p, ARF_RND_NEAR);
            arf_sub(xm, xm, e, p, ARF_RND_NEAR);
            arf_abs(e, e);
            arf_mul_2exp_si(a, xm, -tr->rel_bits - 4);
            if (arf_cmpabs(e, a) < 0)
                break;
        }
        arf_abs(e, e);
        arf_mul_2exp_si(e, e, 2);
        arf_mul_2exp_si(a, xm, -tr->rel_bits - 2);
        arf_abs(a, a);
        arf_max(e, e, a);
        arf_sub(a, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_add(b, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(a, lo) <= 0 || arf_cmp(b, hi) >= 0)
            break;
        arb_set_arf(x, a);
        if (hkz_ly_cos_eval(v + 0, 0, c, W, x, p) != HKZ_SUCCESS)
            break;
        arb_set_arf(x, b);
        if (hkz_ly_cos_eval(v + 1, 0, c, W, x, p) != HKZ_SUCCESS)
            break;
        if (sgn(v + 0) * sgn(v + 1) == -1)
        {
            arb_set_interval_arf(res, a, b, prec);
            done = 1;
        }
    }
    _arb_vec_clear(c, len);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(t);
    arb_clear(x);
    arf_clear(xm);
    arf_clear(e);
    arf_clear(a);
    arf_clear(b);
}

/* theta'(t) = -F_t/F_theta at (t, theta) and the rate lambda = max_j
 * |c_j'/c_j| (plain doubles, for step control). */
static void rates(double *dth, double *lam, const hkz_ly_track_struct *tr,
                  const arf_t t, const arb_t theta, slong prec)
{
    slong W = tr->W, len = W / 2 + 1, j;
    arb_ptr c = _arb_vec_init(2 * len);
    arb_struct v[2], w;
    arb_t tt, th;
    double l = 0;

    arb_init(v + 0);
    arb_init(v + 1);
    arb_init(&w);
    arb_init(tt);
    arb_init(th);
    *dth = 0;
    arb_set_arf(tt, t);
    arb_set_arf(th, arb_midref(theta));
    if (tr->fn(c, 1, tt, tr->param, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(v, 1, c, W, th, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(&w, 0, c + len, W, th, prec) == HKZ_SUCCESS)
    {
        double ft = arf_get_d(arb_midref(&w), ARF_RND_NEAR);
        double fth = arf_get_d(arb_midref(v + 1), ARF_RND_NEAR);
        if (fth != 0 && isfinite(ft / fth))
            *dth = -ft / fth;
        for (j = 0; j < len; j++)
        {
            double a = fabs(arf_get_d(arb_midref(c + j), ARF_RND_NEAR));
            double b = fabs(arf_get_d(arb_midref(c + len + j), ARF_RND_NEAR));
            if (a > 0 && b / a > l)
                l = b / a;
        }
    }
    *lam = FLINT_MAX(l, 1e-3);
    _arb_vec_clear(c, 2 * len);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(&w);
    arb_clear(tt);
    arb_clear(th);
}

/* One step attempt of tracked zero i to tb; 1 if certified (recorded). */
static int try_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                    double thpred, slong prec)
{
    const arf_struct *ta = tr->ta + i;
    const arb_struct *A = tr->theta + i;
    tmodel_t M;
    arf_t lo, hi, tm, thm, rt, rth, u;
    arb_t dt, dth, v, Fth, Ft;
    arb_t hpi;
    double thd = arf_get_d(arb_midref(A), ARF_RND_NEAR), margin;
    int ok = 0, s1, s2, dir = 0;

    tmodel_init(&M, TRACK_R);
    arf_init(lo);
    arf_init(hi);
    arf_init(tm);
    arf_init(thm);
    arf_init(rt);
    arf_init(rth);
    arf_init(u);
    arb_init(dt);
    arb_init(dth);
    arb_init(v);
    arb_init(Fth);
    arb_init(Ft);
    arb_init(hpi);
    /* X = hull(theta_a, prediction) widened */
    margin = FLINT_MAX(0.25 * fabs(thpred - thd),
                       4 * mag_get_d(arb_radref(A)));
    margin = FLINT_MAX(margin, ldexp(fabs(thd), -tr->rel_bits + 3));
    arb_get_lbound_arf(lo, A, prec);
    arf_set_d(u, thpred);
    arf_min(lo, lo, u);
    arf_set_d(u, margin);
    arf_sub(lo, lo, u, 64, ARF_RND_DOWN);
    arb_get_ubound_arf(hi, A, prec);
    arf_set_d(u, thpred);
    arf_max(hi, hi, u);
    arf_set_d(u, margin);
    arf_add(hi, hi, u, 64, ARF_RND_UP);
    arb_const_pi(hpi, 64);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_set_arf(v, hi);
    if (arf_sgn(lo) <= 0 || !arb_lt(v, hpi))
        goto cleanup;
    /* centre and radii */
    arf_add(tm, ta, tb, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(tm, tm, -1);
    arf_sub(rt, tb, ta, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(rt, rt, -1);
    arf_add(thm, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(thm, thm, -1);
    arf_sub(rth, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(rth, rth, -1);
    if (tmodel_build(&M, tr, tm, thm, rt, rth, prec) != HKZ_SUCCESS)
        goto cleanup;
    arb_zero(dt);
    arb_add_error_arf(dt, rt);
    /* 1. signs at lo X and hi X for all t in [ta, tb] */
    arb_set_arf(dth, lo);
    arb_sub_arf(dth, dth, thm, prec);
    tmodel_eval(v, &M, 0, 0, dt, dth, prec);
    s1 = sgn(v);
    arb_set_arf(dth, hi);
    arb_sub_arf(dth, dth, thm, prec);
    tmodel_eval(v, &M, 0, 0, dt, dth, prec);
    s2 = sgn(v);
    if (s1 * s2 != -1)
        goto cleanup;
    /* 2. F_theta(B) excludes 0; 3. F_t(B) for the direction */
    arb_zero(dth);
    arb_add_error_arf(dth, rth);
    tmodel_eval(Fth, &M, 0, 1, dt, dth, prec);
    if (arb_contains_zero(Fth))
        goto cleanup;
    tmodel_eval(Ft, &M, 1, 0, dt, dth, prec);
    if (!arb_contains_zero(Ft))
        dir = -sgn(Ft) * sgn(Fth);
    ok = 1;
    {
        hkz_ly_step_struct *s = _hkz_ly_track_new_step(tr, i);
        arb_set_arf(&s->ta, ta);
        arb_set_arf(&s->tb, tb);
        arb_set_interval_arf(&s->box, lo, hi, prec);
        s->dir = dir;
        zero_at(&s->theta_b, tr, tb, thpred, lo, hi, prec);
        arb_set(tr->theta + i, &s->theta_b);
        arf_set(tr->ta + i, tb);
        if (tr->dir[i] == 0 && tr->nsteps[i] == 1)
            tr->dir[i] = dir == 0 ? 2 : dir;
        else if (tr->dir[i] != dir)
            tr->dir[i] = 2;
    }
cleanup:
    tmodel_clear(&M);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(tm);
    arf_clear(thm);
    arf_clear(rt);
    arf_clear(rth);
    arf_clear(u);
    arb_clear(dt);
    arb_clear(dth);
    arb_clear(v);
    arb_clear(Fth);
    arb_clear(Ft);
    arb_clear(hpi);
    return ok;
}

typedef struct
{
    hkz_ly_track_struct *tr;
    slong max_steps, max_prec;
} run_t;

static void run_zero(slong i, void *arg)
{
    run_t *rn = arg;
    hkz_ly_track_struct *tr = rn->tr;
    const arf_struct *t1 = arb_midref(&tr->t1);
    slong steps = 0, fails = 0, W = tr->W;
    double span = arf_get_d(t1, ARF_RND_NEAR) -
                  arf_get_d(arb_midref(&tr->t0), ARF_RND_NEAR);
    arf_t tb, u;

    arf_init(tb);
    arf_init(u);
    while (tr->done[i] == 0 && (rn->max_steps <= 0 || steps < rn->max_steps))
    {
        double dth, lam, ta = arf_get_d(tr->ta + i, ARF_RND_NEAR), dt,
               thd = arf_get_d(arb_midref(tr->theta + i), ARF_RND_NEAR);
        if (arf_cmp(tr->ta + i, t1) >= 0)
        {
            tr->done[i] = 1;
            break;
        }
        rates(&dth, &lam, tr, tr->ta + i, tr->theta + i, tr->prec[i]);
        /* the Taylor model converges for lambda r_t + W r_theta < 1;
         * keep both parts near 1/4 (the box also holds the motion) */
        dt = tr->dt[i] > 0 ? tr->dt[i] : span;
        dt = FLINT_MIN(dt, 0.5 / lam);
        if (dth != 0)
            dt = FLINT_MIN(dt, 0.25 / (W * fabs(dth)));
        arf_set_d(tb, ta + dt);
        if (arf_cmp(tb, tr->ta + i) <= 0)
            arf_set_d(tb, ta + 2 * dt);
        if (arf_cmp(tb, t1) > 0 || ta + dt >= arf_get_d(t1, ARF_RND_NEAR))
            arf_set(tb, t1);
        arf_sub(u, tb, tr->ta + i, 53, ARF_RND_NEAR);
        if (try_step(tr, i, tb, thd + dth * arf_get_d(u, ARF_RND_NEAR),
                     tr->prec[i]))
        {
            tr->dt[i] = 1.5 * dt;
            fails = 0;
            steps++;
        }
        else
        {
            tr->dt[i] = 0.5 * dt;
            fails++;
            if (fails % 4 == 0)
                tr->prec[i] = FLINT_MIN(2 * tr->prec[i], rn->max_prec);
            if (tr->dt[i] < ldexp(span, -60) || fails > 200)
                tr->done[i] = -1;
        }
    }
    arf_clear(tb);
    arf_clear(u);
}

int hkz_ly_track_run(hkz_ly_track_t tr, slong max_steps,
                     const hkz_ly_opts_t *opts)
{
    run_t rn;
    slong i, m;

    HKZ_CHECK(tr->ta != NULL, HKZ_ERR_ARG, "hkz_ly_track_run: tracker not "
              "initialized");
    m = tr->j1 - tr->j0;
    for (i = 0; i < m; i++)
        HKZ_CHECK(arb_is_finite(tr->theta + i), HKZ_ERR_ARG,
                  "hkz_ly_track_run: no start (call hkz_ly_track_start)");
    rn.tr = tr;
    rn.max_steps = max_steps;
    rn.max_prec = 2 * tr->rel_bits + 4 * tr->W + 1024;
    if (opts != NULL && opts->max_prec > 0)
        rn.max_prec = opts->max_prec;
    _hkz_ly_parallel_for(m, _hkz_ly_nthreads(opts), run_zero, &rn);
    for (i = 0; i < m; i++)
        if (tr->done[i] < 0)
            return hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "hkz_ly_track_run: "
                   "zero %ld could not be continued beyond t = %.17g",
                   (long) (tr->j0 + i + 1),
                   arf_get_d(tr->ta + i, ARF_RND_NEAR));
    return HKZ_SUCCESS;
}
