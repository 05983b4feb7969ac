/* ising_test.h -- helpers shared by the tests of tests/ising/. */
#ifndef HKZ_ISING_TEST_H
#define HKZ_ISING_TEST_H

#include "hkz_test.h"

/* F(theta) = sum_k a_k cos((W - 2k) theta) and F'(theta) (spec 1.3). */
static inline void it_F(arb_t F, arb_t dF, arb_srcptr a, slong W,
                        const arb_t theta, slong prec)
{
    slong k;
    arb_t c, s, x;
    arb_init(c);
    arb_init(s);
    arb_init(x);
    arb_zero(F);
    if (dF != NULL)
        arb_zero(dF);
    for (k = 0; k <= W; k++)
    {
        arb_mul_si(x, theta, W - 2 * k, prec);
        arb_sin_cos(s, c, x, prec);
        arb_addmul(F, a + k, c, prec);
        if (dF != NULL)
        {
            arb_mul_si(s, s, W - 2 * k, prec);
            arb_submul(dF, a + k, s, prec);
        }
    }
    arb_clear(c);
    arb_clear(s);
    arb_clear(x);
}

/* 1 if F certainly changes sign between ref - delta and ref + delta. */
static inline int it_sign_change(arb_srcptr a, slong W, const char *ref,
                                 const char *delta, slong prec)
{
    arb_t t, d, F1, F2;
    int ok;
    arb_init(t);
    arb_init(d);
    arb_init(F1);
    arb_init(F2);
    arb_set_str(t, ref, prec);
    arb_set_str(d, delta, prec);
    arb_sub(t, t, d, prec);
    it_F(F1, NULL, a, W, t, prec);
    arb_add(t, t, d, prec);
    arb_add(t, t, d, prec);
    it_F(F2, NULL, a, W, t, prec);
    ok = (arb_is_positive(F1) && arb_is_negative(F2)) ||
         (arb_is_negative(F1) && arb_is_positive(F2));
    arb_clear(t);
    arb_clear(d);
    arb_clear(F1);
    arb_clear(F2);
    return ok;
}

/* dtheta/dparam = -F_param(theta) / F'(theta) (spec 2.2), with da the
 * derivative of the coefficients in the parameter. */
static inline void it_dtheta(arb_t res, arb_srcptr a, arb_srcptr da, slong W,
                             const char *ref, slong prec)
{
    arb_t t, F, dF, Fp;
    arb_init(t);
    arb_init(F);
    arb_init(dF);
    arb_init(Fp);
    arb_set_str(t, ref, prec);
    it_F(F, dF, a, W, t, prec);
    it_F(Fp, NULL, da, W, t, prec);
    arb_div(res, Fp, dF, prec);
    arb_neg(res, res);
    arb_clear(t);
    arb_clear(F);
    arb_clear(dF);
    arb_clear(Fp);
}

/* q = the decimal or rational string s, exactly ("0.05" = 1/20). */
static inline void it_fmpq_set_dec(fmpq_t q, const char *s)
{
    char buf[64];
    const char *dot = strchr(s, '.');
    if (dot != NULL && strlen(s) < 30)
    {
        slong nf = strlen(dot + 1), j;
        char *p = buf;
        for (j = 0; s[j] != '\0'; j++)
            if (s[j] != '.')
                *p++ = s[j];
        *p++ = '/';
        *p++ = '1';
        for (j = 0; j < nf; j++)
            *p++ = '0';
        *p = '\0';
        s = buf;
    }
    fmpq_set_str(q, s, 10);
    fmpq_canonicalise(q);
}

/* Builds a model on n vertices from (u, v, "J") triples. */
typedef struct
{
    slong u, v;
    const char *J;
} it_edge;

static inline int it_model(hkz_ising_model_t m, slong n, const it_edge *e,
                           slong ne, const slong *w)
{
    slong i;
    int st = hkz_ising_model_set_empty(m, n);
    fmpq_t q;
    fmpq_init(q);
    for (i = 0; i < ne && st == HKZ_SUCCESS; i++)
    {
        it_fmpq_set_dec(q, e[i].J);
        st = hkz_ising_model_add_edge(m, e[i].u, e[i].v, q);
    }
    if (st == HKZ_SUCCESS && w != NULL)
        st = hkz_ising_model_set_weights(m, w);
    fmpq_clear(q);
    return st;
}

/* the same steps (arb_equal) in two trackers of one range */
static inline void it_track_same(const hkz_ly_track_t a,
                                 const hkz_ly_track_t b, const char *what)
{
    slong j, k;
    for (j = hkz_ly_track_j0(a); j < hkz_ly_track_j1(a); j++)
    {
        HKZ_TEST_CHECK(hkz_ly_track_nsteps(a, j) == hkz_ly_track_nsteps(b, j),
                       "%s: step counts differ", what);
        for (k = 0; k < hkz_ly_track_nsteps(a, j) &&
                    k < hkz_ly_track_nsteps(b, j); k++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(a, j, k);
            const hkz_ly_step_struct *r = hkz_ly_track_step(b, j, k);
            HKZ_TEST_CHECK(arb_equal(&s->tb, &r->tb) &&
                           arb_equal(&s->box, &r->box) &&
                           arb_equal(&s->theta_b, &r->theta_b) &&
                           s->dir == r->dir, "%s: zero %ld step %ld differs",
                           what, (long) j + 1, (long) k);
        }
    }
}

#endif
