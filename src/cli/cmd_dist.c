/* hkz dist su2: certified distances from the identity on SU(2). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum { OPT_METRIC = HKZ_OPT_FIRST_COMMAND_OPT, OPT_R, OPT_Z };

typedef struct
{
    const char *metric, *s_r, *s_z;
    arb_t r, z;
} dist_job_t;

static const char *usage =
    "usage: hkz dist su2 --metric riem|cc --r R --z Z [--digits D] "
    "[--double]\n                    [--format text|csv|jsonl] [--out PATH]"
    "\n\nDistance from e to g = exp(r(cos phi X + sin phi Y)) exp(zZ) "
    "(independent of phi),\nr in [0, pi/2], z an angle, in N_unit (X, Y, Z "
    "orthonormal; multiply by 2 for\nthe spin normalization). riem: "
    "d_R = arccos(cos r cos z). cc: Carnot-Caratheodory\ndistance for X, Y "
    "orthonormal (certified bisection, spec section 4.2).\n";

static int handle(int opt, const char *arg, void *ctx)
{
    dist_job_t *j = ctx;
    if (opt == OPT_METRIC)
        j->metric = arg;
    else if (opt == OPT_R)
        j->s_r = arg;
    else if (opt == OPT_Z)
        j->s_z = arg;
    return 0;
}

static int eval(arb_t res, void *param, slong prec)
{
    dist_job_t *j = param;
    if (strcmp(j->metric, "riem") == 0)
        return hkz_su2_dist_riem(res, j->r, j->z, prec);
    return hkz_su2_dist_cc(res, j->r, j->z, prec);
}

static int run_su2(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"metric", required_argument, NULL, OPT_METRIC},
        {"r", required_argument, NULL, OPT_R},
        {"z", required_argument, NULL, OPT_Z},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    dist_job_t j;
    hkz_goal_t goal;
    hkz_writer_t *w = NULL;
    hkz_field_t in[5];
    slong prec;
    arb_t res;
    int rc, status = HKZ_SUCCESS;

    memset(&j, 0, sizeof(j));
    arb_init(j.r); arb_init(j.z); arb_init(res);
    hkz_cli_common_init(&common);
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &j);
    if (rc == -1)
    {
        fputs(usage, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    hkz_goal_init_digits(&goal, common.digits);
    prec = hkz_cli_input_prec(&goal);
    if ((rc = hkz_cli_require(j.metric, "--metric")) ||
        (rc = hkz_cli_require(j.s_r, "--r")) ||
        (rc = hkz_cli_require(j.s_z, "--z")) ||
        (rc = hkz_cli_ball(j.r, "--r", j.s_r, prec)) ||
        (rc = hkz_cli_ball(j.z, "--z", j.s_z, prec)))
        goto cleanup;
    if (strcmp(j.metric, "riem") != 0 && strcmp(j.metric, "cc") != 0)
    {
        rc = hkz_cli_usage_error("--metric: expected riem or cc (got '%s')",
                                 j.metric);
        goto cleanup;
    }
    in[0] = HKZ_FSTR("metric", j.metric);
    in[1] = HKZ_FSTR("r", j.s_r);
    in[2] = HKZ_FSTR("z", j.s_z);
    in[3] = HKZ_FSTR("method", common.use_double ? "double" : "auto");
    in[4] = HKZ_FINT("digits", (long) common.digits);

    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    if (common.use_double)
    {
        double d, r = arf_get_d(arb_midref(j.r), ARF_RND_NEAR),
               z = arf_get_d(arb_midref(j.z), ARF_RND_NEAR);
        status = strcmp(j.metric, "riem") == 0 ? hkz_su2_dist_riem_d(&d, r, z)
                                               : hkz_su2_dist_cc_d(&d, r, z);
        rc = status != HKZ_SUCCESS ? hkz_cli_fail(status)
                                   : hkz_cli_emit_double(w, in, 5, d);
        status = HKZ_SUCCESS;
    }
    else
    {
        status = hkz_goal_eval(res, eval, &j, &goal, NULL);
        if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
        {
            rc = hkz_cli_fail(status);
            goto cleanup;
        }
        rc = hkz_cli_emit(w, in, 5, res, status);
    }
    if (!rc)
        rc = hkz_cli_finish(&w, status);

cleanup:
    hkz_writer_abort(&w);
    arb_clear(j.r); arb_clear(j.z); arb_clear(res);
    return rc;
}

int hkz_cmd_dist(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                      strcmp(argv[1], "-h") == 0))
    {
        fputs(usage, stdout);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "su2") != 0)
        return hkz_cli_usage_error("dist: expected 'su2' (see hkz dist "
                                   "--help)");
    return run_su2(argc - 1, argv + 1);
}
