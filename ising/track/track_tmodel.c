/* Taylor models of F(t, theta) on a tracking box (spec 3.5).
 * See track_step.c for how a step is certified.
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
#include "track_internal.h"
#include "hkz/status.h"

void _hkz_ly_tmodel_init(_hkz_ly_tmodel_t *M, slong R)
{
    M->R = R;
    M->a = _arb_vec_init((R + 1) * (R + 1));
    mag_init(&M->rem0);
    mag_init(&M->remth);
    mag_init(&M->remt);
}

void _hkz_ly_tmodel_clear(_hkz_ly_tmodel_t *M)
{
    _arb_vec_clear(M->a, (M->R + 1) * (M->R + 1));
    mag_clear(&M->rem0);
    mag_clear(&M->remth);
    mag_clear(&M->remt);
}

/* Taylor model at (tm, thm) for the box radii rt, rth. */
int _hkz_ly_tmodel_build(_hkz_ly_tmodel_t *M, const hkz_ly_track_struct *tr,
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
void _hkz_ly_tmodel_eval(arb_t res, const _hkz_ly_tmodel_t *M, int dr, int ds,
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

