/* hkz track lattice: trajectories of the principal zeros of the L x M
 * square lattice in the uniform bond coupling t = K (issue 12.2), with
 * the tracker of hkz track edge (certified boxes, directions) on the
 * family of the exact table (hkz_ly_scale_family). */
#include <stdio.h>
#include <string.h>
#include "cli_ly.h"

/* The verifier rows: per-zero direction of the limits, the tracked
 * directions, the disjointness of the tracked pieces. */
static int verdicts(hkz_cli_run_t *r, const hkz_ly_track_t tr, slong j0,
                    slong j1)
{
    slong j;
    int rc = 0, agree = hkz_ly_track_all_decreasing(tr),
        disj = hkz_ly_track_disjoint(tr);
    for (j = j0; j < j1 && rc == 0; j++)
        rc = hkz_cli_ly_row(r->w, "verifier", j + 1, "", NULL, NULL, NULL,
                            NULL, -1, 1, "direction", "true",
                            "sign(theta_j(inf) - theta_j(0)) = - "
                            "(decreasing): (2j-1) pi/(2W) < pi/2");
    if (rc == 0)
        rc = hkz_cli_ly_row(r->w, "verifier", 0, "", NULL, NULL, NULL, NULL,
                            agree ? -1 : 0, agree, "direction_tracked",
                            agree ? "true" : "not certified", agree ?
                            "every tracked zero strictly decreases on [t0, "
                            "t1]: d theta/dK < 0 certified on every step" :
                            "some step undecided or not decreasing "
                            "(uniform coupling: no theorem, spec 2.7)");
    if (rc == 0)
        rc = hkz_cli_ly_row(r->w, "verifier", 0, "", NULL, NULL, NULL, NULL,
                            0, disj, "disjoint", disj ? "strict" : "not "
                            "shown", disj ? "on [t0, t1] the theta-ranges "
                            "of consecutive zeros are disjoint (max I_j < "
                            "min I_{j+1})" : "the theta-ranges over [t0, t1]"
                            " of some consecutive zeros overlap or touch "
                            "(over all t > 0 they do: every zero starts at "
                            "pi/2)");
    return rc;
}

/* The lattice and its table (--dos or computed). */
static int read_lattice(hkz_ising_model_t m, hkz_ly_scale_family_t sf,
                        const hkz_cli_track_args_t *a)
{
    int st, rc;
    if ((rc = hkz_cli_ly_lattice(m, a->L, a->M, a->boundary, "lattice")))
        return rc;
    if ((rc = hkz_cli_ly_dos(m, a->dos, (int) a->threads)))
        return rc;
    st = hkz_ly_scale_family_init(sf, m, (int) a->threads);
    return st == HKZ_SUCCESS ? 0 : hkz_cli_ly_fail(st);
}

static int run_lattice(hkz_cli_run_t *r, void *args)
{
    hkz_cli_track_args_t *a = args;
    hkz_cli_ly_family_t fam;
    hkz_ly_opts_t o;
    hkz_ly_track_t tr = NULL;
    hkz_ising_model_t m;
    hkz_ly_scale_family_t sf;
    slong W, j0, j1, j;
    arb_t t0, t1, x;
    int rc, status = HKZ_SUCCESS;
    char buf[64], name[128];

    arb_init(t0);
    arb_init(t1);
    arb_init(x);
    hkz_ising_model_init(m);
    sf->dos = NULL;
    W = a->L * a->M;
    if ((rc = hkz_cli_ly_track_setup(r, a, &o, &j0, &j1, W / 2, t0, t1,
                                     4 * W + 2048)))
        goto cleanup;
    if ((rc = hkz_cli_ly_track_tmax(&o, W, t1, a->t1,
                 "K -> infinity limits (2j-1) pi/(2W)")))
        goto cleanup;
    if ((rc = hkz_cli_agree(read_lattice(m, sf, a), 1)))
        goto cleanup;
    snprintf(name, sizeof(name), "lattice L=%ld M=%ld %s, uniform K",
             (long) a->L, (long) a->M,
             hkz_cli_enum_name(hkz_cli_ly_boundaries, a->boundary));
    fam.W = W;
    fam.fn = hkz_ly_scale_family;
    fam.param = sf;
    fam.name = name;
    fam.t0 = t0;
    fam.t1 = t1;
    if ((rc = hkz_cli_ly_track(&tr, &fam, j0, j1, a, &o, r->digits,
                               &status)) || hkz_cli_rank() != 0)
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) a->L);
    if ((rc = hkz_cli_ly_meta(r->w, "model", "square lattice, coupling t = "
                              "K on every bond")) ||
        (rc = hkz_cli_ly_meta(r->w, "L", buf)))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) a->M);
    if ((rc = hkz_cli_ly_meta(r->w, "M", buf)) ||
        (rc = hkz_cli_ly_meta(r->w, "boundary", hkz_cli_enum_name(
             hkz_cli_ly_boundaries, a->boundary))) ||
        (rc = hkz_cli_ly_meta(r->w, "t0", a->t0)) ||
        (rc = hkz_cli_ly_meta(r->w, "t1", a->t1)))
        goto cleanup;
    for (j = j0; j < j1 && rc == 0; j++)
    {
        hkz_ly_limit_zero_coupling(x, o.goal.rel_bits + 64);
        rc = hkz_cli_ly_row(r->w, "limit", j + 1, "0+", NULL, NULL, x, NULL,
                            0, 1, "", "", "all zeros tend to pi/2: Z = "
                            "(2 cosh h)^W at K = 0");
        hkz_ly_cw_limit_theta(x, j + 1, W, o.goal.rel_bits + 64);
        if (rc == 0)
            rc = hkz_cli_ly_row(r->w, "limit", j + 1, "inf", NULL, NULL, x,
                                NULL, 0, 1, "", "", "(2j-1) pi/(2W): the "
                                "two ground states dominate, P -> 1 + z^W "
                                "(Hurwitz)");
    }
    if (rc || (rc = hkz_cli_ly_steps(r->w, tr)) ||
        (rc = verdicts(r, tr, j0, j1)))
        goto cleanup;
    if (status != HKZ_SUCCESS)
        rc = HKZ_CLI_LY_UNCERTIFIED;
cleanup:
    hkz_ly_track_destroy(&tr);
    hkz_ly_scale_family_clear(sf);
    hkz_ising_model_clear(m);
    arb_clear(t0);
    arb_clear(t1);
    arb_clear(x);
    return hkz_cli_ly_end(r, rc, "the tracking is");
}

static const hkz_opt_t lattice_opts[] = {
    {"L", HKZ_OPT_SLONG, offsetof(hkz_cli_track_args_t, L), .req = 1,
     .lo = 1, .hi = 64, .metavar = "L", .help = "columns"},
    {"M", HKZ_OPT_SLONG, offsetof(hkz_cli_track_args_t, M), .req = 1,
     .lo = 1, .hi = 4096, .metavar = "M", .help = "rows"},
    {"boundary", HKZ_OPT_CHOICE, offsetof(hkz_cli_track_args_t, boundary),
     .values = hkz_cli_ly_boundaries, .def = "torus",
     .help = "boundary"},
    {"dos", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, dos),
     .metavar = "FILE", .help = "reuse the table of hkz dos --save FILE"},
    HKZ_CLI_TRACK_OPTS, HKZ_OPT_END};

const hkz_cli_cmd_t hkz_cli_track_lattice = {
    .name = "lattice", .summary = "L x M square lattice, uniform coupling "
    "t = K",
    .description =
    "Trajectories theta_j(K), A <= K <= B, of the principal zeros J0..J1 of"
    " the L x M\nsquare lattice (L columns, M rows; torus or cylinder) with "
    "the coupling K on\nevery bond, from its exact table g(E, M): one row "
    "per certified step (a box\n[ta, tb] x X holding theta_j for every K, "
    "the sign of d theta_j/dK on it), the\nlimits theta_j(0+) = pi/2 and "
    "theta_j(inf) = (2j-1) pi/(2W) (W = LM), and the\nverdicts: direction "
    "(sign of theta_j(inf) - theta_j(0)), direction_tracked (every\nstep "
    "certified decreasing; for the uniform coupling this is checked, not "
    "a\ntheorem, spec 2.7) and disjoint (the theta-ranges of consecutive "
    "zeros over\n[A, B]).  B is at most t_max = (rel_bits + 2W + 64) "
    "log(2)/2.\n" HKZ_CLI_LY_DOS_HELP HKZ_CLI_TRACK_MORE,
    .opts = lattice_opts, .args_size = sizeof(hkz_cli_track_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_PROGRESS |
              HKZ_CLI_RESUME | HKZ_CLI_ISING,
    .check = hkz_cli_ly_track_check, .run = run_lattice};
