/* Reference values R1-R8 and R46 (spec heat_kernels_su2.md section 7.1)
 * must lie in the enclosures of every route, at 30 and 100 digits; and
 * t-derivatives at exact double inputs (small t, alpha near 0 and pi),
 * computed for this test by the plain character sum in mpmath at 1200
 * digits. */
#include "hkz_test.h"

typedef struct
{
    const char *t;       /* decimal, read exactly as a ball */
    const char *alpha;   /* decimal or "pi" */
    int route;           /* 0 automatic, 1 spectral, 2 images */
    int spin;            /* t is an N_spin time: use t/4 (R46) */
} ref_param;

static int eval(arb_t res, void *param, slong prec)
{
    const ref_param *p = param;
    arb_t t, a;
    int status;

    arb_init(t);
    arb_init(a);
    status = hkz_ball_set_str(t, p->t, prec + 16);
    if (status == HKZ_SUCCESS)
        status = hkz_ball_set_str(a, p->alpha, prec + 16);
    if (status == HKZ_SUCCESS)
    {
        if (p->spin)
            arb_mul_2exp_si(t, t, -2);
        if (p->route == 0)
            status = hkz_su2_heat_bi(res, t, a, 0, prec);
        else if (p->route == 1)
            status = hkz_su2_heat_bi_spectral(res, t, a, 0, prec);
        else
            status = hkz_su2_heat_bi_images(res, t, a, prec);
    }
    arb_clear(t);
    arb_clear(a);
    return status;
}

static const struct
{
    const char *id, *t, *alpha, *value;
    int spin;
}
refs[] =
{
    {"R1", "1", "0", "1.20217233250351274223932", 0},
    {"R2", "0.01", "0", "447.5668270640233905768847", 0},
    {"R3", "0.25", "0", "4.551751588937489391739636", 0},
    {"R4", "0.1", "1", "1.510668046007660347152826", 0},
    {"R5", "3", "3", "0.9995113012105293819692388", 0},
    {"R6", "0.5", "pi", "0.2636234626801400783094266", 0},
    {"R7", "0.05", "2.5", "4.666251804017563390770274e-12", 0},
    {"R8", "0.01", "2", "3.662129798029074690945761e-41", 0},
    {"R46", "1", "0", "4.551751588937489391739636", 1},
};

typedef struct
{
    double t, alpha;
    ulong k;
    int route;
} deriv_param;

static int eval_deriv(arb_t res, void *param, slong prec)
{
    const deriv_param *p = param;
    arb_t t, a;
    int status;

    arb_init(t);
    arb_init(a);
    arb_set_d(t, p->t);
    arb_set_d(a, p->alpha);
    if (p->route == 0)
        status = hkz_su2_heat_bi(res, t, a, p->k, prec);
    else
        status = hkz_su2_heat_bi_spectral(res, t, a, p->k, prec);
    arb_clear(t);
    arb_clear(a);
    return status;
}

static const struct
{
    const char *t, *alpha;    /* shortest decimal forms of doubles */
    ulong k;
    const char *value;
}
drefs[] =
{
    {"0.00710272034145237", "0.0008194931666705297", 1,
     "-156693.3847936688426251137528572844711735"},
    {"0.987364153345054", "3.130801790269696", 2,
     "-1.649055922990966386875758535301118787806"},
    {"0.01135410838121154", "3.118863930048088", 2,
     "1.694325411453443117101394543001318257993e-80"},
    {"3.0607154900437283", "3.1150285155459327", 5,
     "0.0999373281474418217252324095220033126887"},
    {"0.020903130376593845", "3.106285032397335", 3,
     "1.530169525995967444918718576842257944242e-35"},
    {"0.01312410881964822", "0.0008892574529135058", 5,
     "-246164113534576.3185781880349253903566493"},
    {"0.005453695689583007", "3.100924084994346", 3,
     "1.606642258920346653157119272335603038099e-172"},
    {"2.3915380321107995", "0.0", 5,
     "-0.7457868747267666204524036455408528629043"},
};

int main(void)
{
    static const slong digits[2] = {30, 100};
    static const char *names[3] = {"auto", "spectral", "images"};
    arb_t r;
    size_t i;
    int d, route;

    arb_init(r);
    for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
    {
        for (d = 0; d < 2; d++)
        {
            for (route = 0; route < 3; route++)
            {
                ref_param p;
                hkz_goal_t goal;
                char what[96];
                double tv = atof(refs[i].t) / (refs[i].spin ? 4.0 : 1.0);

                if (route == 2 && tv > 1.0)
                    continue;
                p.t = refs[i].t;
                p.alpha = refs[i].alpha;
                p.route = route;
                p.spin = refs[i].spin;
                hkz_goal_init_digits(&goal, digits[d]);
                snprintf(what, sizeof(what), "%s %s at %ld digits",
                         refs[i].id, names[route], (long) digits[d]);
                HKZ_TEST_OK(hkz_goal_eval(r, eval, &p, &goal, NULL));
                HKZ_TEST_CONTAINS(r, refs[i].value, goal.rel_bits, what);
            }
        }
    }
    for (i = 0; i < sizeof(drefs) / sizeof(drefs[0]); i++)
    {
        for (d = 0; d < 2; d++)
        {
            for (route = 0; route < 2; route++)
            {
                deriv_param p;
                hkz_goal_t goal;
                char what[96];

                p.t = strtod(drefs[i].t, NULL);
                p.alpha = strtod(drefs[i].alpha, NULL);
                p.k = drefs[i].k;
                p.route = route;
                hkz_goal_init_digits(&goal, digits[d]);
                snprintf(what, sizeof(what), "t=%s alpha=%s k=%lu %s at %ld "
                         "digits", drefs[i].t, drefs[i].alpha,
                         (unsigned long) p.k, names[route], (long) digits[d]);
                HKZ_TEST_OK(hkz_goal_eval(r, eval_deriv, &p, &goal, NULL));
                HKZ_TEST_CONTAINS(r, drefs[i].value, goal.rel_bits, what);
            }
        }
    }
    arb_clear(r);
    HKZ_TEST_END("su2_bi.reference");
}
