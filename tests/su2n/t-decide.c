/* Existence / continuity / (CK*) decisions of spec 5.4
 * (hkz_su2n_decide) for every family, both operators, thresholds of the
 * log(1+i) family (E-e: Delta t > 1/3, L t > 1/2), and bad input. */
#include "su2n_test.h"

#define PREC 128
#define Y HKZ_SU2N_YES
#define N HKZ_SU2N_NO
#define U HKZ_SU2N_UNKNOWN

static int seq_sq(arb_t w, ulong i, void *param, slong prec)
{
    arb_set_ui(w, i);
    arb_sqr(w, w, prec);
    return HKZ_SUCCESS;
}

static void check(const hkz_su2n_weights_t w, int op, const arb_t t,
                  int at, int l2, int all, int ck, const char *what)
{
    hkz_su2n_decision_t d;
    HKZ_TEST_OK(hkz_su2n_decide(&d, w, op, t, PREC));
    HKZ_TEST_CHECK(d.density_at_t == at && d.l2_at_t == l2
                   && d.density_all_t == all && d.ck == ck,
                   "%s (op %d): got (%d, %d, %d, %d), expected (%d, %d, %d, "
                   "%d)", what, op, d.density_at_t, d.l2_at_t,
                   d.density_all_t, d.ck, at, l2, all, ck);
}

static void families(void)
{
    static const struct
    {
        const char *spec, *t;
        int op, at, l2, all, ck;
    } D[] = {
        {"1,2,3", "0.1", HKZ_SU2N_DELTA, Y, Y, Y, Y},
        {"5", "0.001", HKZ_SU2N_L, Y, Y, Y, Y},
        {"i^2", "0.01", HKZ_SU2N_DELTA, Y, Y, Y, Y},
        {"0.5*i^1.5", "0.01", HKZ_SU2N_L, Y, Y, Y, Y},
        {"i", "0.01", HKZ_SU2N_DELTA, Y, Y, Y, N},
        {"3*i", "0.01", HKZ_SU2N_L, Y, Y, Y, N},
        {"2^i", "0.001", HKZ_SU2N_DELTA, Y, Y, Y, Y},
        {"log(1+i)^2", "0.01", HKZ_SU2N_DELTA, Y, Y, Y, N},
        {"log(1+i)^2", "0.01", HKZ_SU2N_L, Y, Y, Y, N},
        /* E-e thresholds: Delta needs 3t > 1, L needs 2t > 1 */
        {"log(1+i)", "0.4", HKZ_SU2N_DELTA, Y, Y, N, N},
        {"log(1+i)", "0.3", HKZ_SU2N_DELTA, N, Y, N, N},
        {"log(1+i)", "0.1", HKZ_SU2N_DELTA, N, N, N, N},
        {"log(1+i)", "0.6", HKZ_SU2N_L, Y, Y, N, N},
        {"log(1+i)", "0.4", HKZ_SU2N_L, N, Y, N, N},
        {"log(1+i)", "0.5", HKZ_SU2N_L, N, Y, N, N},   /* sum 1/(1+i) */
        {"log(1+i)", "0.2", HKZ_SU2N_L, N, N, N, N},
        {"2*log(1+i)", "0.2", HKZ_SU2N_DELTA, Y, Y, N, N},  /* 6*0.2 > 1 */
        {"0.5*log(1+i)", "0.6", HKZ_SU2N_DELTA, N, Y, N, N},
        {"log(1+i)@100", "0.01", HKZ_SU2N_DELTA, Y, Y, Y, Y},
    };
    hkz_su2n_weights_t w;
    arb_t t;
    size_t k;
    char what[64];

    hkz_su2n_weights_init(w);
    arb_init(t);
    for (k = 0; k < sizeof(D) / sizeof(D[0]); k++)
    {
        HKZ_TEST_OK(hkz_su2n_weights_set_str(w, D[k].spec, PREC));
        su2n_str(t, D[k].t);
        snprintf(what, sizeof(what), "%s at t = %s", D[k].spec, D[k].t);
        check(w, D[k].op, t, D[k].at, D[k].l2, D[k].all, D[k].ck, what);
        /* t = NULL: the at_t fields are unknown */
        check(w, D[k].op, NULL, U, U, D[k].all, D[k].ck, D[k].spec);
    }

    /* a ball straddling the threshold 3 c t = 1: undecided */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "log(1+i)", PREC));
    arb_one(t);
    arb_div_ui(t, t, 3, PREC);
    check(w, HKZ_SU2N_DELTA, t, U, Y, N, N, "log(1+i) at t = 1/3");
    arb_set_d(t, 0.5);
    arb_add_error_2exp_si(t, -20);
    check(w, HKZ_SU2N_L, t, U, Y, N, N, "log(1+i), L at t = 0.5 +/- eps");
    /* an exponent ball p = [1, 1 + eps]: (CK*) undecided */
    {
        arb_t c, p;
        arb_init(c);
        arb_init(p);
        arb_one(c);
        arb_one(p);
        arb_mul_2exp_si(c, c, -30);
        arb_add(p, p, c, PREC);
        arb_add_error_2exp_si(p, -30);   /* [1, 1 + 2^-29] */
        arb_one(c);
        HKZ_TEST_OK(hkz_su2n_weights_set_pow(w, c, p));
        su2n_str(t, "0.1");
        check(w, HKZ_SU2N_DELTA, t, Y, Y, Y, U, "i^[1, 1+eps]");
        arb_clear(c);
        arb_clear(p);
    }

    /* user sequences: with a gap bound, without */
    {
        arb_t g;
        arb_init(g);
        arb_one(g);
        HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_sq, NULL, g, 0));
        su2n_str(t, "0.1");
        check(w, HKZ_SU2N_DELTA, t, Y, Y, Y, U, "sequence with gap");
        HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_sq, NULL, NULL, 10));
        check(w, HKZ_SU2N_L, t, U, U, U, U, "sequence without gap");
        arb_clear(g);
    }

    /* bad input */
    {
        hkz_su2n_decision_t d;
        HKZ_TEST_STATUS(hkz_su2n_decide(&d, w, 7, t, PREC), HKZ_ERR_ARG);
        HKZ_TEST_STATUS(hkz_su2n_decide(NULL, w, HKZ_SU2N_L, t, PREC),
                        HKZ_ERR_ARG);
        arb_zero(t);
        HKZ_TEST_STATUS(hkz_su2n_decide(&d, w, HKZ_SU2N_L, t, PREC),
                        HKZ_ERR_DOMAIN);
        HKZ_TEST_CHECK(d.density_at_t == U && d.ck == U, "unknown on error");
    }
    arb_clear(t);
    hkz_su2n_weights_clear(w);
}

int main(void)
{
    families();
    HKZ_TEST_END("su2n.decide");
}
