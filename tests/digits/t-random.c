/* Random exact inputs in FLINT's style: every digits-level call returns
 * the ball of the low-level Ziv loop with the inputs read as the CLI
 * reads them (goal.max_prec + 64 bits), meets its goal, and overlaps the
 * same call at twice the digits (heat su2, su2-sub with derivatives,
 * su2-milnor, dist su2). */
#include "hkz_test.h"

typedef struct
{
    int kind;   /* 0 bi, 1 sub, 2 riem, 3 cc, 4 milnor (cylindrical) */
    ulong deriv;
    arb_t t, a, r, z, phi;
    arb_struct w[3];
    hkz_su2_elem_t g;
} job_t;

static int eval(arb_t res, void *p, slong prec)
{
    job_t *j = p;
    if (j->kind == 0)
        return hkz_su2_heat_bi(res, j->t, j->a, j->deriv, prec);
    if (j->kind == 1)
        return hkz_su2_heat_sub(res, j->t, j->r, j->z, j->deriv, prec);
    if (j->kind == 2)
        return hkz_su2_dist_riem(res, j->r, j->z, prec);
    if (j->kind == 4)
        return hkz_su2_heat_milnor(res, j->w + 0, j->w + 1, j->w + 2, j->t,
                                   j->g, prec);
    return hkz_su2_dist_cc(res, j->r, j->z, prec);
}

/* a decimal in [lo, lo + span) millionths, 6 digits after the point
 * (none of them binary fractions in general: read exactly) */
static void rand_dec(char *s, size_t n, flint_rand_t st, ulong lo, ulong span)
{
    ulong x = lo + n_randint(st, span);
    snprintf(s, n, "%lu.%06lu", x / 1000000, x % 1000000);
}

static char mw[3][32], mphi[32];   /* Milnor weights and angle */

static int call(arb_t v, const job_t *j, const char *t, const char *a,
                const char *r, const char *z, slong d)
{
    switch (j->kind)
    {
    case 4: return hkz_su2_heat_milnor_cyl_digits(v, mw[0], mw[1], mw[2], t,
                                                  r, mphi, z, d);
    case 0: return hkz_su2_heat_bi_deriv_digits(v, t, a, (slong) j->deriv, d);
    case 1: return hkz_su2_heat_sub_deriv_digits(v, t, r, z,
                                                 (slong) j->deriv, d);
    case 2: return hkz_su2_dist_riem_digits(v, r, z, d);
    default: return hkz_su2_dist_cc_digits(v, r, z, d);
    }
}

int main(void)
{
    flint_rand_t st;
    job_t j;
    arb_t v, w, u;
    hkz_goal_t goal;
    char t[32], a[32], r[32], z[32];
    slong i, d, k, prec;
    int s1, s2;

    hkz_test_rand_init(st);
    arb_init(v);
    arb_init(w);
    arb_init(u);
    arb_init(j.t);
    arb_init(j.a);
    arb_init(j.r);
    arb_init(j.z);
    arb_init(j.phi);
    for (k = 0; k < 3; k++)
        arb_init(j.w + k);
    hkz_su2_elem_init(j.g);
    for (i = 0; i < hkz_test_iters(60); i++)
    {
        j.kind = (int) n_randint(st, 5);
        j.deriv = j.kind < 2 && n_randint(st, 3) == 0 ? n_randint(st, 4) : 0;
        d = 5 + n_randint(st, 40);
        rand_dec(t, sizeof(t), st, 20000, 2000000);     /* [0.02, 2.02) */
        rand_dec(a, sizeof(a), st, 0, 3141592);         /* [0, pi) */
        rand_dec(r, sizeof(r), st, 0, 1570796);         /* [0, pi/2) */
        rand_dec(z, sizeof(z), st, 0, 3141592);
        if (n_randint(st, 2))
            memmove(z + 1, z, strlen(z) + 1), z[0] = '-';
        /* Milnor: a, b in [0.2, 2.2), c in [0, 2), phi in [0, pi), t and
         * digits kept moderate (the sum grows like 1/(t min(a,b,c))) */
        rand_dec(mw[0], sizeof(mw[0]), st, 200000, 2000000);
        rand_dec(mw[1], sizeof(mw[1]), st, 200000, 2000000);
        rand_dec(mw[2], sizeof(mw[2]), st, 0, 2000000);
        rand_dec(mphi, sizeof(mphi), st, 0, 3141592);
        if (j.kind == 4)
        {
            rand_dec(t, sizeof(t), st, 200000, 1000000);
            d = 5 + n_randint(st, 15);
        }
        s1 = call(v, &j, t, a, r, z, d);
        /* the low-level loop with the CLI's reading of the inputs */
        hkz_goal_init_digits(&goal, d);
        HKZ_TEST_OK(hkz_ball_set_str(j.t, t, goal.max_prec + 64));
        HKZ_TEST_OK(hkz_ball_set_str(j.a, a, goal.max_prec + 64));
        HKZ_TEST_OK(hkz_ball_set_str(j.r, r, goal.max_prec + 64));
        HKZ_TEST_OK(hkz_ball_set_str(j.z, z, goal.max_prec + 64));
        prec = goal.max_prec + 64;
        HKZ_TEST_OK(hkz_ball_set_str(j.phi, mphi, prec));
        for (k = 0; k < 3; k++)
            HKZ_TEST_OK(hkz_ball_set_str(j.w + k, mw[k], prec));
        HKZ_TEST_OK(hkz_su2_elem_set_cyl_checked(j.g, j.r, j.phi, j.z, prec));
        s2 = hkz_goal_eval(w, eval, &j, &goal, NULL);
        HKZ_TEST_CHECK(s1 == s2, "kind %d t=%s a=%s r=%s z=%s: status %s vs "
                       "%s", j.kind, t, a, r, z, hkz_status_name(s1),
                       hkz_status_name(s2));
        if (s1 != HKZ_SUCCESS)
            continue;
        HKZ_TEST_CHECK(arb_equal(v, w), "kind %d t=%s a=%s r=%s z=%s d=%ld:"
                       " not the low-level ball", j.kind, t, a, r, z,
                       (long) d);
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= goal.rel_bits ||
                       arb_is_exact(v), "goal missed with HKZ_SUCCESS");
        if (call(u, &j, t, a, r, z, 2 * d) == HKZ_SUCCESS)
            HKZ_TEST_OVERLAP(v, u, "twice the digits");
    }
    arb_clear(v);
    arb_clear(w);
    arb_clear(u);
    arb_clear(j.t);
    arb_clear(j.a);
    arb_clear(j.r);
    arb_clear(j.z);
    arb_clear(j.phi);
    for (k = 0; k < 3; k++)
        arb_clear(j.w + k);
    hkz_su2_elem_clear(j.g);
    hkz_rand_clear(st);
    HKZ_TEST_END("digits.random");
}
