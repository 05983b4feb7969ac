/* hkz product heat | dist: certified heat kernels and intrinsic distances
 * on SU(2)^n and SU(2)^infinity (spec sections 5.2-5.5, 6.3).  This file:
 * the options shared by both and hkz product heat; cmd_product_dist.c:
 * hkz product dist; cli_product.c: --factors and the Ziv loops. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "product.h"

#define OPT_DW {"delta-weights", HKZ_OPT_STRING, offsetof(prod_args_t, dw), \
    .metavar = "SPEC", .help = "Delta_a = sum a_i Delta_i, weights a_i"}
#define OPT_SW {"sub-weights", HKZ_OPT_STRING, offsetof(prod_args_t, sw), \
    .metavar = "SPEC", .help = "L_b = sum b_i L_i, weights b_i"}
#define OPT_SPIN {"spin", HKZ_OPT_FLAG, offsetof(prod_args_t, spin), \
    .help = "weights given for [X,Y] = Z (divided by 4)"}

static const hkz_opt_t heat_opts[] = {
    OPT_DW, OPT_SW,
    {"factors", HKZ_OPT_STRING, offsetof(prod_args_t, factors),
     .metavar = "LIST", .help = "per-factor operators 'delta:A; sub:B; "
     "milnor:A,B,C'"},
    {"t", HKZ_OPT_LIST, offsetof(prod_args_t, t), .req = 1, .lo = 1,
     .hi = 256, .sign = HKZ_OPT_POS, .metavar = "T[,T2,...]",
     .help = "times t > 0"},
    {"at", HKZ_OPT_STRING, offsetof(prod_args_t, at), .metavar = "POINT",
     .help = "the point x (default e: mu_t(e) = sup mu_t)"},
    OPT_SPIN,
    HKZ_OPT_END};

static const hkz_opt_t dist_opts[] = {
    {"delta-weights", HKZ_OPT_STRING, offsetof(prod_args_t, dw), .req = 1,
     .metavar = "SPEC", .help = "weights a_i of Delta_a"},
    {"sub-weights", HKZ_OPT_STRING, offsetof(prod_args_t, sw), .req = 1,
     .metavar = "SPEC", .help = "weights b_i of L_b"},
    {"at", HKZ_OPT_STRING, offsetof(prod_args_t, at), .req = 1,
     .metavar = "POINT", .help = "the point x"},
    {"tail-range", HKZ_OPT_LIST, offsetof(prod_args_t, tail), .lo = 2,
     .hi = 2, .metavar = "DLO,DHI", .help = "coordinates i > head unknown, "
     "distance in [DLO, DHI]"},
    OPT_SPIN,
    HKZ_OPT_END};

static const char *yes_no(int d)
{
    return d == HKZ_SU2N_YES ? "yes" : d == HKZ_SU2N_NO ? "no" : "unknown";
}

static const char *kind_name(int k)
{
    return k == HKZ_SU2N_FINITE ? "finite" :
           k == HKZ_SU2N_DIVERGENT ? "divergent" : "partial";
}

/* The operator and point of hkz product heat from the options. */
static int heat_setup(prod_heat_t *j, const prod_args_t *o, slong prec)
{
    int s, rc;
    if (o->dw != NULL && o->sw != NULL)
        return hkz_cli_usage_error("give one of --delta-weights and "
                                   "--sub-weights (the operator)");
    if (o->dw == NULL && o->sw == NULL && o->factors == NULL)
        return hkz_cli_usage_error("missing required option --delta-weights"
                                   " or --sub-weights (see --help)");
    if (o->dw != NULL || o->sw != NULL)
    {
        j->op = o->dw != NULL ? HKZ_SU2N_DELTA : HKZ_SU2N_L;
        j->have_w = 1;
        if ((rc = hkz_cli_weights(j->w, o->dw != NULL ? "--delta-weights" :
                                  "--sub-weights", o->dw != NULL ? o->dw
                                  : o->sw, o->spin, prec)))
            return rc;
    }
    if (o->at != NULL)
    {
        j->have_x = 1;
        if ((rc = hkz_cli_point(j->x, "--at", o->at, prec)))
            return rc;
    }
    if (o->factors != NULL)
    {
        j->have_ops = 1;
        if ((rc = hkz_cli_factors(j->ops, o->factors, o->spin, prec)))
            return rc;
        if (j->have_w &&
            (s = hkz_su2n_ops_set_tail(j->ops, j->w, j->op)) != HKZ_SUCCESS)
            return hkz_cli_usage_error("%s: %s", o->dw != NULL ?
                                       "--delta-weights" : "--sub-weights",
                                       hkz_errmsg());
    }
    return 0;
}

/* One row of hkz product heat: t = the k-th of the list. */
static int heat_row(hkz_cli_run_t *r, prod_heat_t *j, const prod_args_t *o,
                    const char *wstr, slong k, arb_t res, int *partial)
{
    hkz_su2n_decision_t dec;
    hkz_su2n_info_t info;
    hkz_field_t f[32];
    const char *note = "", *status = "ok";
    char dbuf[40], tbuf[128];
    slong n = 0;
    int s, certified, dbl = r->use_double;

    hkz_cli_list_item(tbuf, sizeof(tbuf), hkz_cli_given(r, "t"), k);
    memset(&info, 0, sizeof(info));
    s = hkz_cli_product_heat(res, &info, j, o->t.v + k, r->digits, dbl);
    if (s == HKZ_ERR_PREC)
        r->worst = s, status = "HKZ_ERR_PREC";
    else if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    /* decisions of spec 5.4: for the weights (the tail when there are
       per-factor operators: a finite head changes none of them);
       finitely many factors alone: all yes */
    if (j->have_w)
    {
        if ((s = hkz_su2n_decide(&dec, j->w, j->op, o->t.v + k, 64)))
            return hkz_cli_fail(s);
    }
    else
        dec.density_at_t = dec.l2_at_t = dec.density_all_t = dec.ck =
            HKZ_SU2N_YES;
    if (info.kind == HKZ_SU2N_DIVERGENT)
        note = "no continuous density at t";
    else if (info.kind == HKZ_SU2N_PARTIAL)
    {
        note = "tail not certified: lower bound (partial product)";
        status = "tail_not_certified";
        *partial = 1;
    }
    certified = !dbl && info.kind != HKZ_SU2N_PARTIAL &&
                (info.kind == HKZ_SU2N_DIVERGENT || arb_is_finite(res));
    f[n++] = HKZ_FSTR("op", j->have_ops ? "factors" :
                      j->op == HKZ_SU2N_DELTA ? "delta" : "sub");
    if (j->have_ops)
        f[n++] = HKZ_FSTR("factors", o->factors);
    f[n++] = HKZ_FSTR("weights", wstr != NULL ? wstr : "");
    f[n++] = HKZ_FBOOL("spin", o->spin);
    f[n++] = HKZ_FSTR("t", tbuf);
    f[n++] = HKZ_FSTR("at", o->at != NULL ? o->at : "e");
    f[n++] = HKZ_FSTR("kind", kind_name(info.kind));
    f[n++] = HKZ_FINT("nfactors", (long) info.nfactors);
    f[n++] = HKZ_FDBL("tail", info.tail);
    f[n++] = HKZ_FBOOL("accelerated", info.accelerated);
    f[n++] = HKZ_FSTR("density_at_t", yes_no(dec.density_at_t));
    f[n++] = HKZ_FSTR("l2_at_t", yes_no(dec.l2_at_t));
    f[n++] = HKZ_FSTR("density_all_t", yes_no(dec.density_all_t));
    f[n++] = HKZ_FSTR("ck", yes_no(dec.ck));
    f[n++] = HKZ_FSTR("note", note);
    if (dbl && info.kind == HKZ_SU2N_FINITE)
    {
        snprintf(dbuf, sizeof(dbuf), "%.17g", hkz_ball_mid_d(res));
        f[n++] = HKZ_FSTR("value", dbuf);
    }
    else  /* the digits the ball carries; mid, rad: the unrounded ball */
        f[n++] = hkz_cli_fvalue("value", res, r->digits);
    /* JSON Lines: +inf mid is null (kind says why) */
    if (!dbl && arb_is_finite(res))
        n += hkz_cli_fmid_rad(f + n, res);
    else
    {
        f[n++] = HKZ_FDBL("mid", hkz_ball_mid_d(res));
        f[n++] = HKZ_FDBL("rad", dbl ? NAN : mag_get_d(arb_radref(res)));
    }
    f[n++] = dbl || !arb_is_finite(res) ? HKZ_FINT("rel_acc_bits", -1)
                                        : hkz_cli_frel(res);
    f[n++] = HKZ_FBOOL("certified", certified);
    f[n++] = HKZ_FSTR("status", dbl ? "double" : status);
    s = hkz_writer_record(r->w, f, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

static int run_heat(hkz_cli_run_t *r, void *args)
{
    prod_args_t *o = args;
    prod_heat_t j;
    char *wstr = NULL;
    arb_t res;
    slong k;
    int rc, partial = 0;

    memset(&j, 0, sizeof(j));
    hkz_su2n_weights_init(j.w);
    hkz_su2n_point_init(j.x, 0);
    hkz_su2n_ops_init(j.ops, 0);
    arb_init(res);
    if (!(rc = heat_setup(&j, o, r->prec)) && j.have_w)
        wstr = hkz_su2n_weights_get_str(j.w);
    for (k = 0; k < o->t.n && !rc; k++)
    {
        rc = heat_row(r, &j, o, wstr, k, res, &partial);
        if (!rc && hkz_progress_report(&r->prog, k + 1, o->t.n))
            rc = hkz_cli_fail(HKZ_ERR_INTERRUPTED);
    }
    if (!rc && partial)
    {
        fprintf(stderr, "hkz: warning: tail not certified: the values are "
                        "partial products (lower bounds)\n");
        rc = HKZ_CLI_EXIT_PREC;
    }
    flint_free(wstr);
    hkz_su2n_weights_clear(j.w);
    hkz_su2n_point_clear(j.x);
    hkz_su2n_ops_clear(j.ops);
    arb_clear(res);
    return rc;
}

static const hkz_cli_cmd_t product_heat = {
    .name = "heat", .summary = "certified mu_t(e) or mu_t(x) on SU(2)^n / "
    "SU(2)^infinity",
    .synopsis = "(--delta-weights SPEC | --sub-weights SPEC |\n"
    "                         --factors LIST [--delta-weights SPEC |"
    " --sub-weights SPEC])\n"
    "                        --t T[,T2,...] [--at POINT] [--spin] "
    "[common options]",
    .description =
    "Heat kernel mu_t(x) = prod_i factor_i(x_i) of Delta_a = sum a_i "
    "Delta_i\n(--delta-weights, factor h_{a_i t}) or L_b = sum b_i L_i "
    "(--sub-weights, factor\np_{b_i t}) on SU(2)^n or SU(2)^infinity, "
    "w.r.t. the product Haar probability\nmeasure (N_unit; --spin: weights "
    "given for [X,Y] = Z, divided by 4).\nWithout --at: mu_t(e) = sup_x "
    "mu_t(x).  The infinite product is enclosed by the\nfactor-tail lemma "
    "P_n <= mu_t(e) <= P_n exp(sum_{i>n} delta(w_i t)) (spec 5.5).\n\n"
    "SPEC: [C*]i^P (P >= 1), [C*]i, [C*]2^i, [C*]log(1+i), "
    "[C*]log(1+i)^2,\n      a list 'W1,W2,...' (SU(2)^n), 'file:PATH'; "
    "suffix '@N' keeps N factors.\nPOINT: coordinates x_1;x_2;... each "
    "'r,z', 'r,phi,z' (x_i = exp(r(cos phi X +\n      sin phi Y)) exp(zZ), "
    "r in [0, pi/2]) or 'e'; or 'file:PATH' (one per line).\nLIST "
    "(--factors): per-factor operators separated by ';': 'delta:A' "
    "(A Delta_i),\n      'sub:B' (B L_i), 'milnor:A,B,C' (-(A X_i^2 + B "
    "Y_i^2 + C Z_i^2), spec 7.6);\n      --delta-weights / --sub-weights "
    "then give the tail i > length (optional).\n\n"
    "Each row reports kind: finite (a certified ball), divergent (mu_t(e) ="
    " +inf:\nno continuous density at t; value +inf, never a finite number)"
    " or partial (tail\nnot certified: a lower bound; exit 3), the factors "
    "used, the tail bound, and\nthe spec 5.4 decisions density_at_t, "
    "l2_at_t, density_all_t, ck (yes|no|unknown).\n--double: the midpoint "
    "of a 53-bit evaluation, labelled certified false.\n",
    .opts = heat_opts, .args_size = sizeof(prod_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE |
              HKZ_CLI_PROGRESS,
    .run = run_heat};

static const hkz_cli_cmd_t product_dist = {
    .name = "dist", .summary = "certified d_Delta(e,x), d_L(e,x) and the "
    "(P2) constant",
    .description =
    "Intrinsic distances from e (spec 5.3): d_Delta^2 = sum_i d_R(x_i)^2 /"
    " a_i and\nd_L^2 = sum_i d_sR(x_i)^2 / b_i, the ratio d_L / "
    "d_Delta^{1/2} and the (P2)\nconstant sqrt(2 pi) S^{1/4}, S = sum a_i /"
    " b_i^2, which bounds the ratio\n(+inf if S = +inf; 'n/a' where the "
    "library has no closed form).  A point\nwith finitely many coordinates "
    "(the head) always has finite distances.\n--tail-range DLO,DHI: the "
    "coordinates i > head are unknown with single-factor\ndistance in "
    "[DLO, DHI] (0 <= DLO <= DHI <= pi): the distances are enclosed "
    "over\nall of them; +inf where sum 1/w_i diverges and DLO > 0 "
    "(infinitely many\nnon-trivial coordinates).  SPEC and POINT as in "
    "hkz product heat --help.\n",
    .opts = dist_opts, .args_size = sizeof(prod_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT, .run = hkz_cli_product_dist_run};

static const hkz_cli_cmd_t *const product_subs[] = {
    &product_heat, &product_dist, NULL};

const hkz_cli_cmd_t hkz_cli_product = {
    .name = "product", .summary = "certified heat kernels and distances on "
    "SU(2)^n, SU(2)^infinity", .description = "Certified heat kernels and "
    "intrinsic distances on SU(2)^n and SU(2)^infinity.\n",
    .sub = product_subs};
