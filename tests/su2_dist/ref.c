/* Spec 7.3 reference values R19-R26: d_R and d_sR of the points P1-P8,
 * certified to 30 digits through the Ziv loop; the double paths agree to
 * a relative 1e-13. */
#include <math.h>
#include "hkz_test.h"

typedef struct
{
    const char *id, *r, *z, *dR, *dsR;
    double rd, zd;
} ref_t;

static const ref_t refs[] = {
    {"R19 P1", "0.3", "0.5", "0.5764797514967706987419415",
     "1.411918697885628323065327", 0.3, 0.5},
    {"R20 P2", "0.7", "2.0", "1.894717929805496862421794",
     "2.237226266351433902977342", 0.7, 2.0},
    {"R21 P3", "1.2", "-1.0", "1.373740762954194803726338",
     "1.4634191552925389250472", 1.2, -1.0},
    {"R22 P4", "0", "1", "1", "2.298518067620871775714392", 0.0, 1.0},
    {"R23 P5", "0", "pi", "3.141592653589793238462643",
     "3.141592653589793238462643", 0.0, 3.14159265358979323846},
    {"R24 P6", "0.01", "3.1", "3.098815426463160182576109",
     "3.131317311644956182507927", 0.01, 3.1},
    {"R25 P7", "1.5", "3.1", "1.641531323039410050327432",
     "1.641537715800462872802019", 1.5, 3.1},
    {"R26 P8", "0.2", "0.05", "0.2060741903386398628428873",
     "0.4021419529162170907439403", 0.2, 0.05},
};

typedef struct
{
    const ref_t *ref;
    int cc;
} param_t;

static int eval(arb_t res, void *param, slong prec)
{
    param_t *p = param;
    arb_t r, z;
    int status;

    arb_init(r);
    arb_init(z);
    status = hkz_ball_set_str(r, p->ref->r, prec);
    if (status == HKZ_SUCCESS)
        status = hkz_ball_set_str(z, p->ref->z, prec);
    if (status == HKZ_SUCCESS)
        status = p->cc ? hkz_su2_dist_cc(res, r, z, prec)
                       : hkz_su2_dist_riem(res, r, z, prec);
    arb_clear(r);
    arb_clear(z);
    return status;
}

static void check_double(double got, const char *ref, const char *what)
{
    double want = strtod(ref, NULL);
    HKZ_TEST_CHECK(fabs(got - want) <= 1e-13 * fabs(want),
                   "%s: double %.17g vs %s", what, got, ref);
}

int main(void)
{
    hkz_goal_t goal;
    arb_t d;
    size_t i;

    arb_init(d);
    hkz_goal_init_digits(&goal, 30);
    for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
    {
        param_t p;
        char what[64];
        double dd;

        p.ref = refs + i;
        p.cc = 0;
        snprintf(what, sizeof(what), "%s d_R", refs[i].id);
        HKZ_TEST_OK(hkz_goal_eval(d, eval, &p, &goal, NULL));
        HKZ_TEST_CONTAINS(d, refs[i].dR, goal.rel_bits, what);
        HKZ_TEST_OK(hkz_su2_dist_riem_d(&dd, refs[i].rd, refs[i].zd));
        check_double(dd, refs[i].dR, what);

        p.cc = 1;
        snprintf(what, sizeof(what), "%s d_sR", refs[i].id);
        HKZ_TEST_OK(hkz_goal_eval(d, eval, &p, &goal, NULL));
        HKZ_TEST_CONTAINS(d, refs[i].dsR, goal.rel_bits, what);
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, refs[i].rd, refs[i].zd));
        check_double(dd, refs[i].dsR, what);
    }
    arb_clear(d);
    HKZ_TEST_END("su2_dist.ref");
}
