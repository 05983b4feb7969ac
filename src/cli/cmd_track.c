/* hkz track cw|edge: certified trajectories of Lee-Yang zeros in a
 * coupling t (spec 3.5) and the verifiers of spec 2.4-2.6; this file: the
 * Curie-Weiss family (cmd_track_edge.c: a single edge). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli_ly.h"

/* track cw --method auto: the saddle-line steps from this N on (below it
 * the cosine-sum Taylor models are faster; bench/NOTES.md) */
#define CW_INTEGRAL_MIN_N 32

/* track cw --method lockstep: all zeros together (hkz_ly_cw_family_lockstep) */
#define METHOD_LOCKSTEP 16

static const hkz_opt_enum_t cw_methods[] = {
    {"auto", HKZ_LY_METHOD_AUTO}, {"direct", HKZ_LY_METHOD_DIRECT},
    {"integral", HKZ_LY_METHOD_INTEGRAL}, {"lockstep", METHOD_LOCKSTEP},
    {NULL, 0}};

/* certified steps per tracked zero per unit of ln t over the tracked
 * range [t0, te] (te = t* with tail rows), in buf */
static const char *steps_rate(char *buf, size_t n, const hkz_ly_track_t tr,
                              slong j0, slong j1, const arb_t t0,
                              const arb_t te)
{
    double s = 0, l = log(arf_get_d(arb_midref(te), ARF_RND_NEAR) /
                          arf_get_d(arb_midref(t0), ARF_RND_NEAR));
    slong j;
    for (j = j0; j < j1; j++)
        s += (double) hkz_ly_track_nsteps(tr, j);
    snprintf(buf, n, "%.1f", j1 > j0 && l > 0 ? s / (double) (j1 - j0) / l
             : 0.0);
    return buf;
}

/* the limits (spec 2.6) pi/2 and (2j-1) pi/(2N), the steps, the tail
 * rows over [t*, t1] */
static int rows(hkz_cli_run_t *r, const hkz_ly_track_t tr, slong N,
                slong j0, slong j1, const arb_t ts, const arb_t t1,
                const mag_t rad, int tail, slong pr)
{
    arb_t x;
    slong j;
    int rc = 0;
    arb_init(x);
    for (j = j0; j < j1 && rc == 0; j++)
    {
        hkz_ly_limit_zero_coupling(x, pr);
        rc = hkz_cli_ly_row(r->w, "limit", j + 1, "0+", NULL, NULL, x, NULL,
                            0, 1, "", "", "all zeros tend to pi/2 (spec "
                            "2.6)");
        hkz_ly_cw_limit_theta(x, j + 1, N, pr);
        if (rc == 0)
            rc = hkz_cli_ly_row(r->w, "limit", j + 1, "inf", NULL, NULL, x,
                                NULL, 0, 1, "", "", "(2j-1) pi/(2N) (spec "
                                "2.6)");
    }
    if (rc == 0)
        rc = hkz_cli_ly_steps(r->w, tr);
    for (j = j0; j < j1 && rc == 0 && tail; j++)
    {
        /* theta_j(t) in (2j-1) pi/(2N) +- rad for all t >= t* */
        hkz_ly_cw_tail_theta(x, j + 1, N, rad, pr);
        rc = hkz_cli_ly_row(r->w, "tail", j + 1, "", ts, t1, x, x, 0, 1, "",
                            "", "for every t >= t* the zero lies within the "
                            "goal of its limit (bound of ising/cw_limit.c);"
                            " not tracked");
    }
    arb_clear(x);
    return rc;
}

static int run_cw(hkz_cli_run_t *r, void *args)
{
    hkz_cli_track_args_t *a = args;
    hkz_cli_ly_family_t fam;
    hkz_ly_opts_t o;
    hkz_ly_track_t tr = NULL;
    slong N = a->n, j0, j1;
    arb_t t0, t1, ts;
    mag_t rad;
    int rc, status = HKZ_SUCCESS, dec, tail, integral, lockstep;
    const char *method;
    char buf[256];

    arb_init(t0);
    arb_init(t1);
    arb_init(ts);
    mag_init(rad);
    if ((rc = hkz_cli_ly_track_setup(r, a, &o, &j0, &j1, N / 2, t0, t1,
                                     8 * N + 2048)))
        goto cleanup;
    /* beyond t* every zero is at its limit within the goal: stop there */
    if ((status = hkz_ly_cw_track_range(&tail, ts, rad, N, t0, t1,
                                        o.goal.rel_bits)))
    {
        rc = status == HKZ_ERR_DOMAIN
             ? hkz_cli_usage_error("--t0 %s: %s", a->t0, hkz_errmsg())
             : hkz_cli_fail(status);
        goto cleanup;
    }
    lockstep = a->method == METHOD_LOCKSTEP;
    integral = a->method == HKZ_LY_METHOD_INTEGRAL ||
               (a->method == HKZ_LY_METHOD_AUTO && N >= CW_INTEGRAL_MIN_N);
    method = lockstep ? "lockstep" : integral ? "integral" : "direct";
    /* the family string is a checkpoint parameter: the methods do not
     * resume each other's files */
    if (lockstep || integral)
        snprintf(buf, sizeof(buf), "cw N=%ld method=%s", (long) N, method);
    else
        snprintf(buf, sizeof(buf), "cw N=%ld", (long) N);
    fam.W = N;
    fam.fn = lockstep ? hkz_ly_cw_family_lockstep : integral
             ? hkz_ly_cw_family_integral : hkz_ly_cw_family;
    fam.param = &N;
    fam.name = buf;
    fam.t0 = t0;
    fam.t1 = tail ? ts : t1;
    if ((rc = hkz_cli_ly_track(&tr, &fam, j0, j1, a, &o, r->digits,
                               &status)) || hkz_cli_rank() != 0)
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) N);
    if ((rc = hkz_cli_ly_meta(r->w, "model", "Curie-Weiss K_N, coupling t "
                              "per edge")) ||
        (rc = hkz_cli_ly_meta(r->w, "N", buf)) ||
        (rc = hkz_cli_ly_meta(r->w, "method", method)) ||
        (rc = hkz_cli_ly_meta(r->w, "t0", a->t0)) ||
        (rc = hkz_cli_ly_meta(r->w, "t1", a->t1)) ||
        (rc = hkz_cli_ly_meta(r->w, "steps_per_zero_per_ln_t",
                              steps_rate(buf, sizeof(buf), tr, j0, j1,
                                         t0, fam.t1))) ||
        (rc = rows(r, tr, N, j0, j1, ts, t1, rad, tail,
                     o.goal.rel_bits + 64)))
        goto cleanup;
    dec = hkz_ly_track_all_decreasing(tr);
    snprintf(buf, sizeof(buf), "%s", dec ? (tail ? "every tracked zero "
             "strictly decreases on [t0, t*]: dtheta/dt < 0 certified on "
             "every step (beyond t*: tail rows)" : "every tracked zero "
             "strictly decreases on [t0, t1]: dtheta/dt < 0 certified on "
             "every step") : status != HKZ_SUCCESS ? hkz_errmsg()
             : "some step without a certified negative direction");
    if ((rc = hkz_cli_ly_row(r->w, "verifier", 0, "", NULL, NULL, NULL,
                             NULL, dec ? -1 : 0, dec, "cw_decrease",
                             dec ? "true" : "not certified", buf)))
        goto cleanup;
    if (status != HKZ_SUCCESS || !dec)
        rc = HKZ_CLI_LY_UNCERTIFIED;
cleanup:
    hkz_ly_track_destroy(&tr);
    arb_clear(t0);
    arb_clear(t1);
    arb_clear(ts);
    mag_clear(rad);
    return hkz_cli_ly_end(r, rc, "the decrease is");
}

static const hkz_opt_t cw_opts[] = {
    {"n", HKZ_OPT_SLONG, offsetof(hkz_cli_track_args_t, n), .req = 1,
     .lo = 2, .hi = 100000, .metavar = "N", .help = "number of spins"},
    {"method", HKZ_OPT_CHOICE, offsetof(hkz_cli_track_args_t, method),
     .values = cw_methods, .def = "auto",
     .help = "steps by the cosine sum, the saddle-line integral, or all "
             "zeros in lockstep by their equation of motion"},
    HKZ_CLI_TRACK_OPTS, HKZ_OPT_END};

static const hkz_cli_cmd_t track_cw = {
    .name = "cw", .summary = "Curie-Weiss K_N, coupling t per edge",
    .description =
    "Certified trajectories theta_j(t), A <= t <= B (0 < A < B; t per edge "
    "of K_N),\nof the principal zeros J0..J1 (1-based, default all): one "
    "row per certified step\n(a box [ta, tb] x X holding theta_j for every "
    "t, the sign of d theta_j/dt on it),\nthe limits theta_j(0+) = pi/2 "
    "and theta_j(inf) = (2j-1) pi/(2N) (spec 2.6), and the\nverdict of the "
    "Curie-Weiss theorem: every principal zero strictly decreases in t.\n"
    "Beyond t* (printed in the 'tail' rows) every zero is within the goal "
    "of its limit\n(ising/cw_limit.c): tracking stops at t* and the tail "
    "rows cover [t*, B].\n" HKZ_CLI_TRACK_MORE,
    .opts = cw_opts, .args_size = sizeof(hkz_cli_track_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_PROGRESS |
              HKZ_CLI_RESUME | HKZ_CLI_ISING,
    .check = hkz_cli_ly_track_check, .run = run_cw};

extern const hkz_cli_cmd_t hkz_cli_track_edge;   /* cmd_track_edge.c */
extern const hkz_cli_cmd_t hkz_cli_track_lattice; /* cmd_track_lattice.c */

static const hkz_cli_cmd_t *const track_subs[] = {&track_cw,
                                                   &hkz_cli_track_edge,
                                                   &hkz_cli_track_lattice,
                                                   NULL};

const hkz_cli_cmd_t hkz_cli_track = {
    .name = "track", .summary = "certified Lee-Yang zero trajectories in a "
    "coupling (cw, edge, lattice)", .sub = track_subs};
