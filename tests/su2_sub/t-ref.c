/* Reference values R10-R18 and R47 of spec heat_kernels_su2.md section 7.2
 * (p_t in N_unit, probability Haar), through the Ziv loop. */
#include "sub_test.h"

typedef struct
{
    const char *id, *t, *r, *z, *value;
    int route;      /* 0: automatic, 1: spectral */
    slong digits;   /* 0: both 30 and 100 digits */
} ref_t;

static const ref_t refs[] = {
    {"R10", "1", "0", "0", "1.676079176957747290819961", 0, 0},
    {"R11", "0.2", "0", "0", "18.83556568350045893632653", 0, 0},
    {"R12", "0.05", "0", "0", "259.39074598827105365683", 0, 0},
    {"R13", "0.01", "0", "0", "6230.497233984341928766228", 0, 0},
    {"R14", "0.5", "0", "2", "0.2236976727828851377466778", 0, 0},
    {"R15", "0.1", "0", "3", "5.516323631754389847863847e-9", 0, 0},
    {"R47", "0.25", "0", "0", "12.67282290365193020613294", 0, 0},
    /* R13 also through the spectral sum (K ~ 7000 at 100 bits) */
    {"R13s", "0.01", "0", "0", "6230.497233984341928766228", 1, 30},
    /* off the fibre: spectral route, and the automatic one */
    {"R16", "0.3", "0.7", "1.1", "0.6719835642883336876528524", 1, 30},
    {"R17", "1", "1.2", "-2.5", "0.8464841842282522899274085", 1, 30},
    {"R18", "0.25", "0.4", "3.0", "0.007121379572874950635372957", 1, 30},
    {"R16a", "0.3", "0.7", "1.1", "0.6719835642883336876528524", 0, 0},
    {"R18a", "0.25", "0.4", "3.0", "0.007121379572874950635372957", 0, 0},
    /* R14/R15 through the spectral sum */
    {"R14s", "0.5", "0", "2", "0.2236976727828851377466778", 1, 30},
    {"R15s", "0.1", "0", "3", "5.516323631754389847863847e-9", 1, 30},
};

int main(void)
{
    static const slong digits[2] = {30, 100};
    size_t i;
    int j;
    arb_t res;
    hkz_goal_t goal;
    sub_point_t p;
    char what[64];

    arb_init(res);
    for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
    {
        for (j = 0; j < 2; j++)
        {
            if (refs[i].digits != 0 && refs[i].digits != digits[j])
                continue;
            sub_point_init(&p, refs[i].t, refs[i].r, refs[i].z, 0,
                           refs[i].route);
            hkz_goal_init_digits(&goal, digits[j]);
            snprintf(what, sizeof(what), "%s at %ld digits", refs[i].id,
                     (long) digits[j]);
            HKZ_TEST_OK(hkz_goal_eval(res, sub_point_eval, &p, &goal, NULL));
            HKZ_TEST_CONTAINS(res, refs[i].value, goal.rel_bits, what);
            sub_point_clear(&p);
        }
    }
    arb_clear(res);
    HKZ_TEST_END("su2_sub.ref");
}
