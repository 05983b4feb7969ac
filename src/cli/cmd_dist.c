/* hkz dist su2: certified distances from the identity on SU(2). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum { METRIC_RIEM, METRIC_CC };
static const hkz_opt_enum_t metrics[] = {
    {"riem", METRIC_RIEM}, {"cc", METRIC_CC}, {NULL, 0}};

typedef struct
{
    int metric;
    arb_t r, z;
} dist_args_t;

static const hkz_opt_t opts[] = {
    {"metric", HKZ_OPT_CHOICE, offsetof(dist_args_t, metric), .req = 1,
     .values = metrics, .help = "Riemannian or Carnot-Caratheodory"},
    {"r", HKZ_OPT_BALL, offsetof(dist_args_t, r), .req = 1, .metavar = "R",
     .help = "r in [0, pi/2]"},
    {"z", HKZ_OPT_BALL, offsetof(dist_args_t, z), .req = 1, .metavar = "Z",
     .help = "z, an angle"},
    HKZ_OPT_END};

static int eval(arb_t res, void *param, slong prec)
{
    dist_args_t *j = param;
    if (j->metric == METRIC_RIEM)
        return hkz_su2_dist_riem(res, j->r, j->z, prec);
    return hkz_su2_dist_cc(res, j->r, j->z, prec);
}

static int run_su2(hkz_cli_run_t *r, void *args)
{
    dist_args_t *j = args;
    hkz_field_t in[5];
    int status;

    in[0] = HKZ_FSTR("metric", hkz_cli_enum_name(metrics, j->metric));
    in[1] = HKZ_FSTR("r", hkz_cli_given(r, "r"));
    in[2] = HKZ_FSTR("z", hkz_cli_given(r, "z"));
    in[3] = HKZ_FSTR("method", r->use_double ? "double" : "auto");
    in[4] = HKZ_FINT("digits", (long) r->digits);
    if (r->use_double)
    {
        double d, x = arf_get_d(arb_midref(j->r), ARF_RND_NEAR),
               z = arf_get_d(arb_midref(j->z), ARF_RND_NEAR);
        status = j->metric == METRIC_RIEM ? hkz_su2_dist_riem_d(&d, x, z)
                                                : hkz_su2_dist_cc_d(&d, x, z);
        return status != HKZ_SUCCESS ? hkz_cli_fail(status)
                                     : hkz_cli_emit_double(r->w, in, 5, d);
    }
    return hkz_cli_eval_emit(r, in, 5, eval, j);
}

static const hkz_cli_cmd_t dist_su2 = {
    .name = "su2", .summary = "distance from e to g on SU(2) (riem, cc)",
    .description =
    "Distance from e to g = exp(r(cos phi X + sin phi Y)) exp(zZ) "
    "(independent of phi),\nr in [0, pi/2], z an angle, in N_unit (X, Y, Z "
    "orthonormal; multiply by 2 for\nthe spin normalization). riem: "
    "d_R = arccos(cos r cos z). cc: Carnot-Caratheodory\ndistance for X, Y "
    "orthonormal (certified bisection, spec section 4.2).\n",
    .opts = opts, .args_size = sizeof(dist_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE,
    .run = run_su2};

static const hkz_cli_cmd_t *const dist_subs[] = {&dist_su2, NULL};

const hkz_cli_cmd_t hkz_cli_dist = {
    .name = "dist", .summary = "certified distances from e on SU(2) (riem, "
    "cc)", .description = "Certified distances from the identity.\n",
    .sub = dist_subs};
