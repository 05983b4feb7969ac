/* hkz product heat | dist: certified heat kernels and intrinsic distances
 * on SU(2)^n and SU(2)^infinity (spec sections 5.2-5.5, 6.3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

enum
{
    OPT_DW = HKZ_OPT_FIRST_COMMAND_OPT, OPT_SW, OPT_T, OPT_AT, OPT_FACTORS,
    OPT_SPIN, OPT_TAIL_RANGE
};

#define MAX_T 256

typedef struct
{
    const char *s_dw, *s_sw, *s_t, *s_at, *s_factors, *s_tail;
    int spin;
} prod_opts_t;

static int handle(int opt, const char *arg, void *ctx)
{
    prod_opts_t *o = ctx;
    switch (opt)
    {
    case OPT_DW: o->s_dw = arg; break;
    case OPT_SW: o->s_sw = arg; break;
    case OPT_T: o->s_t = arg; break;
    case OPT_AT: o->s_at = arg; break;
    case OPT_FACTORS: o->s_factors = arg; break;
    case OPT_SPIN: o->spin = 1; break;
    case OPT_TAIL_RANGE: o->s_tail = arg; break;
    }
    return 0;
}

static const char *usage_product =
    "usage: hkz product heat|dist [options]   (hkz product <what> --help)\n"
    "\n"
    "  heat   certified mu_t(e) or mu_t(x) on SU(2)^n / SU(2)^infinity\n"
    "  dist   certified d_Delta(e,x), d_L(e,x) and the (P2) constant\n";

static const char *usage_heat =
    "usage: hkz product heat (--delta-weights SPEC | --sub-weights SPEC |\n"
    "                         --factors LIST [--delta-weights SPEC |"
    " --sub-weights SPEC])\n"
    "                        --t T[,T2,...] [--at POINT] [--spin] "
    "[--digits D] [--double]\n"
    "                        [--format text|csv|jsonl] [--out PATH]\n\n"
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
    "of a 53-bit evaluation, labelled certified false.\n";

static const char *usage_dist =
    "usage: hkz product dist --delta-weights SPEC --sub-weights SPEC --at "
    "POINT\n                        [--tail-range DLO,DHI] [--spin] "
    "[--digits D]\n                        [--format text|csv|jsonl] [--out "
    "PATH]\n\n"
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
    "hkz product heat --help.\n";

/* ---- shared --------------------------------------------------------- */

static const char *yes_no(int d)
{
    return d == HKZ_SU2N_YES ? "yes" : d == HKZ_SU2N_NO ? "no" : "unknown";
}

static const char *kind_name(int k)
{
    return k == HKZ_SU2N_FINITE ? "finite" :
           k == HKZ_SU2N_DIVERGENT ? "divergent" : "partial";
}

/* ---- heat ------------------------------------------------------------ */

typedef struct
{
    int op;                  /* DELTA / L of the weights (tail) */
    int have_w;              /* weights given */
    hkz_su2n_weights_t w;
    int have_x;
    hkz_su2n_point_t x;
    int have_ops;            /* --factors */
    hkz_su2n_ops_t ops;
} heat_job_t;

static int heat_eval(arb_t res, hkz_su2n_info_t *info, heat_job_t *j,
                     const arb_t t, slong prec)
{
    if (j->have_ops)
        return hkz_su2n_ops_heat(res, info, j->ops, t, j->x, prec);
    if (j->have_x)
        return hkz_su2n_heat(res, info, j->w, j->op, t, j->x, prec);
    return hkz_su2n_heat_e(res, info, j->w, j->op, t, prec);
}

/* The Ziv loop of hkz_goal_eval, stopped early for +inf and partial
 * products (no accuracy to gain there). */
static int heat_ziv(arb_t res, hkz_su2n_info_t *info, heat_job_t *j,
                    const arb_t t, slong digits)
{
    slong bits = hkz_digits_to_bits(digits), prec = bits + 32;
    slong max_prec = 16 * bits + 4096;
    int s;
    for (;;)
    {
        s = heat_eval(res, info, j, t, prec);
        if (s != HKZ_SUCCESS || info->kind != HKZ_SU2N_FINITE ||
            arb_rel_accuracy_bits(res) >= bits)
            return s;
        if (prec >= max_prec)
            return hkz_error_set(HKZ_ERR_PREC, "relative accuracy %ld bits "
                                 "at precision %ld", (long)
                                 arb_rel_accuracy_bits(res), (long) prec);
        prec = FLINT_MIN(2 * prec, max_prec);
    }
}

/* LIST of --factors: "delta:A; sub:B; milnor:A,B,C" (spin: every
 * coefficient divided by 4, spec 1.4). */
static int parse_factors(hkz_su2n_ops_t o, const char *s, int spin,
                         slong prec)
{
    char *buf, *item, *save = NULL, *colon, *p;
    arb_t v[3];
    slong n = 0, i, k, nv;
    int rc = 0, op, st;

    buf = malloc(strlen(s) + 1);
    if (buf == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    strcpy(buf, s);
    for (p = buf; *p; p++)
        if (*p == ';')
            n++;
    n++;
    hkz_su2n_ops_clear(o);
    hkz_su2n_ops_init(o, n);
    for (k = 0; k < 3; k++)
        arb_init(v[k]);
    i = 0;
    for (item = strtok_r(buf, ";", &save); item != NULL && !rc;
         item = strtok_r(NULL, ";", &save))
    {
        char *name, *args, *a, *save2 = NULL;
        while (*item == ' ' || *item == '\t')
            item++;
        colon = strchr(item, ':');
        if (colon == NULL)
        {
            rc = hkz_cli_usage_error("--factors: factor %ld: expected "
                                     "'delta:A', 'sub:B' or 'milnor:A,B,C'"
                                     " (got '%s')", (long) i + 1, item);
            break;
        }
        *colon = '\0';
        name = item;
        args = colon + 1;
        while (*name && name[strlen(name) - 1] == ' ')
            name[strlen(name) - 1] = '\0';
        if (strcmp(name, "delta") == 0)
            op = HKZ_SU2N_DELTA, nv = 1;
        else if (strcmp(name, "sub") == 0)
            op = HKZ_SU2N_L, nv = 1;
        else if (strcmp(name, "milnor") == 0)
            op = HKZ_SU2N_MILNOR, nv = 3;
        else
        {
            rc = hkz_cli_usage_error("--factors: factor %ld: unknown "
                                     "operator '%s' (delta, sub, milnor)",
                                     (long) i + 1, name);
            break;
        }
        k = 0;
        for (a = strtok_r(args, ",", &save2); a != NULL && !rc;
             a = strtok_r(NULL, ",", &save2))
        {
            while (*a == ' ')
                a++;
            while (*a && a[strlen(a) - 1] == ' ')
                a[strlen(a) - 1] = '\0';
            if (k == nv)
            {
                k++;
                break;
            }
            if (hkz_ball_set_str(v[k], a, prec) != HKZ_SUCCESS)
                rc = hkz_cli_usage_error("--factors: factor %ld: %s",
                                         (long) i + 1, hkz_errmsg());
            k++;
        }
        if (rc)
            break;
        if (k != nv)
        {
            rc = hkz_cli_usage_error("--factors: factor %ld: '%s' takes %ld "
                                     "number%s", (long) i + 1, name,
                                     (long) nv, nv == 1 ? "" : "s");
            break;
        }
        if (spin)
            for (k = 0; k < nv; k++)
                arb_mul_2exp_si(v[k], v[k], -2);
        st = hkz_su2n_ops_set_factor(o, i + 1, op, v[0],
                                     nv == 3 ? v[1] : NULL,
                                     nv == 3 ? v[2] : NULL);
        if (st != HKZ_SUCCESS)
            rc = hkz_cli_usage_error("--factors: factor %ld: %s",
                                     (long) i + 1, hkz_errmsg());
        i++;
    }
    if (!rc && i != n)
        rc = hkz_cli_usage_error("--factors: empty factor in '%s'", s);
    for (k = 0; k < 3; k++)
        arb_clear(v[k]);
    free(buf);
    return rc;
}

static int run_heat(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"t", required_argument, NULL, OPT_T},
        {"at", required_argument, NULL, OPT_AT},
        {"factors", required_argument, NULL, OPT_FACTORS},
        {"spin", no_argument, NULL, OPT_SPIN},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    prod_opts_t o;
    heat_job_t j;
    hkz_writer_t *w = NULL;
    hkz_goal_t goal;
    hkz_su2n_decision_t dec;
    hkz_su2n_info_t info;
    arb_ptr tv;
    arb_t res, shown;
    char *wstr = NULL, tbuf[128];
    slong nt = 0, k, prec;
    int rc, worst = HKZ_SUCCESS, partial = 0, s;

    memset(&o, 0, sizeof(o));
    memset(&j, 0, sizeof(j));
    hkz_su2n_weights_init(j.w);
    hkz_su2n_point_init(j.x, 0);
    hkz_su2n_ops_init(j.ops, 0);
    tv = _arb_vec_init(MAX_T);
    arb_init(res);
    arb_init(shown);
    hkz_cli_common_init(&common);

    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &o);
    if (rc == -1)
    {
        fputs(usage_heat, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    hkz_goal_init_digits(&goal, common.digits);
    prec = hkz_cli_input_prec(&goal);
    if (o.s_dw != NULL && o.s_sw != NULL)
    {
        rc = hkz_cli_usage_error("give one of --delta-weights and "
                                 "--sub-weights (the operator)");
        goto cleanup;
    }
    if (o.s_dw == NULL && o.s_sw == NULL && o.s_factors == NULL)
    {
        rc = hkz_cli_usage_error("missing required option --delta-weights"
                                 " or --sub-weights (see --help)");
        goto cleanup;
    }
    if ((rc = hkz_cli_require(o.s_t, "--t")) ||
        (rc = hkz_cli_pos_list(tv, &nt, MAX_T, "--t", o.s_t, prec)))
        goto cleanup;
    if (o.s_dw != NULL || o.s_sw != NULL)
    {
        j.op = o.s_dw != NULL ? HKZ_SU2N_DELTA : HKZ_SU2N_L;
        j.have_w = 1;
        if ((rc = hkz_cli_weights(j.w, o.s_dw != NULL ? "--delta-weights" :
                                  "--sub-weights", o.s_dw != NULL ? o.s_dw
                                  : o.s_sw, o.spin, prec)))
            goto cleanup;
    }
    if (o.s_at != NULL)
    {
        j.have_x = 1;
        if ((rc = hkz_cli_point(j.x, "--at", o.s_at, prec)))
            goto cleanup;
    }
    if (o.s_factors != NULL)
    {
        j.have_ops = 1;
        if ((rc = parse_factors(j.ops, o.s_factors, o.spin, prec)))
            goto cleanup;
        if (j.have_w &&
            (s = hkz_su2n_ops_set_tail(j.ops, j.w, j.op)) != HKZ_SUCCESS)
        {
            rc = hkz_cli_usage_error("%s: %s", o.s_dw != NULL ?
                                     "--delta-weights" : "--sub-weights",
                                     hkz_errmsg());
            goto cleanup;
        }
    }
    if (j.have_w)
        wstr = hkz_su2n_weights_get_str(j.w);

    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    for (k = 0; k < nt && !rc; k++)
    {
        hkz_field_t f[32];
        slong n = 0;
        const char *note = "", *status = "ok";
        char dbuf[40];
        int certified;

        hkz_cli_list_item(tbuf, sizeof(tbuf), o.s_t, k);
        memset(&info, 0, sizeof(info));
        if (common.use_double)
            s = heat_eval(res, &info, &j, tv + k, 53);
        else
            s = heat_ziv(res, &info, &j, tv + k, common.digits);
        if (s == HKZ_ERR_PREC)
            worst = s, status = "HKZ_ERR_PREC";
        else if (s != HKZ_SUCCESS)
        {
            rc = hkz_cli_fail(s);
            break;
        }
        /* decisions of spec 5.4: for the weights (the tail when there
           are per-factor operators: a finite head changes none of them);
           finitely many factors alone: all yes */
        if (j.have_w)
        {
            s = hkz_su2n_decide(&dec, j.w, j.op, tv + k, 64);
            if (s != HKZ_SUCCESS)
            {
                rc = hkz_cli_fail(s);
                break;
            }
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
            partial = 1;
        }
        certified = !common.use_double && info.kind != HKZ_SU2N_PARTIAL &&
                    (info.kind == HKZ_SU2N_DIVERGENT || arb_is_finite(res));
        /* the ball is written with the digits it carries: a wide one
           (missed goal) would otherwise show its working precision's
           digits; mid, rad and rel_acc_bits are the unrounded ball's */
        hkz_cli_round_ball(shown, res);
        f[n++] = HKZ_FSTR("op", j.have_ops ? "factors" :
                          j.op == HKZ_SU2N_DELTA ? "delta" : "sub");
        if (j.have_ops)
            f[n++] = HKZ_FSTR("factors", o.s_factors);
        f[n++] = HKZ_FSTR("weights", wstr != NULL ? wstr : "");
        f[n++] = HKZ_FBOOL("spin", o.spin);
        f[n++] = HKZ_FSTR("t", tbuf);
        f[n++] = HKZ_FSTR("at", o.s_at != NULL ? o.s_at : "e");
        f[n++] = HKZ_FSTR("kind", kind_name(info.kind));
        f[n++] = HKZ_FINT("nfactors", (long) info.nfactors);
        f[n++] = hkz_cli_fdbl("tail", info.tail, common.fmt);
        f[n++] = HKZ_FBOOL("accelerated", info.accelerated);
        f[n++] = HKZ_FSTR("density_at_t", yes_no(dec.density_at_t));
        f[n++] = HKZ_FSTR("l2_at_t", yes_no(dec.l2_at_t));
        f[n++] = HKZ_FSTR("density_all_t", yes_no(dec.density_all_t));
        f[n++] = HKZ_FSTR("ck", yes_no(dec.ck));
        f[n++] = HKZ_FSTR("note", note);
        if (common.use_double && info.kind == HKZ_SU2N_FINITE)
        {
            snprintf(dbuf, sizeof(dbuf), "%.17g", hkz_cli_mid(res));
            f[n++] = HKZ_FSTR("value", dbuf);
        }
        else
            f[n++] = hkz_cli_fball("value", shown);
        f[n++] = hkz_cli_fdbl("mid", hkz_cli_mid(res), common.fmt);
        f[n++] = hkz_cli_fdbl("rad", common.use_double ? NAN :
                              mag_get_d(arb_radref(res)), common.fmt);
        f[n++] = HKZ_FINT("rel_acc_bits", common.use_double ||
                          !arb_is_finite(res) ? -1 :
                          (long) FLINT_MAX(arb_rel_accuracy_bits(res), -1));
        f[n++] = HKZ_FBOOL("certified", certified);
        f[n++] = HKZ_FSTR("status", common.use_double ? "double" : status);
        s = hkz_writer_record(w, f, n);
        if (s != HKZ_SUCCESS)
            rc = hkz_cli_fail(s);
    }
    if (!rc)
    {
        rc = hkz_cli_finish(&w, worst);
        if (!rc && partial)
        {
            fprintf(stderr, "hkz: warning: tail not certified: the values "
                            "are partial products (lower bounds)\n");
            rc = HKZ_CLI_EXIT_PREC;
        }
    }

cleanup:
    hkz_writer_abort(&w);
    flint_free(wstr);
    hkz_su2n_weights_clear(j.w);
    hkz_su2n_point_clear(j.x);
    hkz_su2n_ops_clear(j.ops);
    _arb_vec_clear(tv, MAX_T);
    arb_clear(res);
    arb_clear(shown);
    return rc;
}

/* ---- dist ------------------------------------------------------------ */

typedef struct
{
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    int tail;
    arb_t dlo, dhi;
} dist_job_t;

/* One distance with the Ziv loop; *nc = 1 if the tail makes it
 * undecidable (finite or infinite). */
static int dist_one(arb_t d, int *nc, dist_job_t *j, int op, slong digits)
{
    const hkz_su2n_weights_struct *w = op == HKZ_SU2N_DELTA ? j->a : j->b;
    slong bits = hkz_digits_to_bits(digits), prec = bits + 32;
    slong max_prec = 16 * bits + 4096;
    int s;
    *nc = 0;
    for (;;)
    {
        if (j->tail)
            s = hkz_su2n_dist_tail(d, w, op, j->x, j->dlo, j->dhi, prec);
        else
            s = hkz_su2n_dist(d, w, op, j->x, prec);
        if (s == HKZ_ERR_NOT_CERTIFIED)
        {
            *nc = 1;
            return HKZ_SUCCESS;
        }
        if (s != HKZ_SUCCESS || !arb_is_finite(d) || arb_is_zero(d) ||
            arb_rel_accuracy_bits(d) >= bits)
            return s;
        /* a tail range gives a genuine interval: no accuracy to gain */
        if (j->tail && prec > bits + 32)
            return s;
        if (prec >= max_prec)
            return hkz_error_set(HKZ_ERR_PREC, "relative accuracy %ld bits "
                                 "at precision %ld", (long)
                                 arb_rel_accuracy_bits(d), (long) prec);
        prec = FLINT_MIN(2 * prec, max_prec);
    }
}

static int run_dist(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"at", required_argument, NULL, OPT_AT},
        {"tail-range", required_argument, NULL, OPT_TAIL_RANGE},
        {"spin", no_argument, NULL, OPT_SPIN},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    prod_opts_t o;
    dist_job_t j;
    hkz_writer_t *w = NULL;
    hkz_goal_t goal;
    arb_t dD, dL, ratio, C, u;
    arb_struct lh[2], shown[4];
    char *sa = NULL, *sb = NULL;
    const char *cmp = "n/a", *status = "ok";
    hkz_field_t f[32];
    slong n = 0, prec, bits;
    int rc, s, ncD = 0, ncL = 0, have_c = 0, have_ratio = 0, worst = 0;

    memset(&o, 0, sizeof(o));
    memset(&j, 0, sizeof(j));
    hkz_su2n_weights_init(j.a);
    hkz_su2n_weights_init(j.b);
    hkz_su2n_point_init(j.x, 0);
    arb_init(j.dlo); arb_init(j.dhi);
    arb_init(dD); arb_init(dL); arb_init(ratio); arb_init(C); arb_init(u);
    arb_init(lh + 0); arb_init(lh + 1);
    arb_init(shown + 0); arb_init(shown + 1); arb_init(shown + 2);
    arb_init(shown + 3);
    hkz_cli_common_init(&common);

    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &o);
    if (rc == -1)
    {
        fputs(usage_dist, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    hkz_goal_init_digits(&goal, common.digits);
    prec = hkz_cli_input_prec(&goal);
    bits = hkz_digits_to_bits(common.digits);
    if ((rc = hkz_cli_require(o.s_dw, "--delta-weights")) ||
        (rc = hkz_cli_require(o.s_sw, "--sub-weights")) ||
        (rc = hkz_cli_require(o.s_at, "--at")) ||
        (rc = hkz_cli_weights(j.a, "--delta-weights", o.s_dw, o.spin, prec))
        || (rc = hkz_cli_weights(j.b, "--sub-weights", o.s_sw, o.spin, prec))
        || (rc = hkz_cli_point(j.x, "--at", o.s_at, prec)))
        goto cleanup;
    if (o.s_tail != NULL)
    {
        arb_t pi;
        if ((rc = hkz_cli_ball_list(lh, 2, "--tail-range", o.s_tail, prec)))
            goto cleanup;
        arb_init(pi);
        arb_const_pi(pi, prec);
        s = arb_is_nonnegative(lh + 0) && arb_le(lh + 0, lh + 1) &&
            !arb_gt(lh + 1, pi);
        arb_clear(pi);
        if (!s)
        {
            rc = hkz_cli_usage_error("--tail-range: need 0 <= DLO <= DHI <= "
                                     "pi (got %s)", o.s_tail);
            goto cleanup;
        }
        j.tail = 1;
        arb_set(j.dlo, lh + 0);
        arb_set(j.dhi, lh + 1);
    }
    if ((s = dist_one(dD, &ncD, &j, HKZ_SU2N_DELTA, common.digits)) ==
        HKZ_ERR_PREC)
        worst = s;
    else if (s != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    if ((s = dist_one(dL, &ncL, &j, HKZ_SU2N_L, common.digits)) ==
        HKZ_ERR_PREC)
        worst = s;
    else if (s != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    /* (P2) constant: unsupported pairs and lists of different lengths
       have none here */
    s = hkz_su2n_dist_const(C, j.a, j.b, bits + 32);
    have_c = (s == HKZ_SUCCESS);
    if (!ncD && !ncL && arb_is_finite(dD) && arb_is_finite(dL) &&
        arb_is_positive(dD))
    {
        arb_sqrt(u, dD, bits + 32);
        arb_div(ratio, dL, u, bits + 32);
        have_ratio = 1;
        if (have_c)
            cmp = arb_le(ratio, C) ? "yes" : arb_gt(ratio, C) ? "no"
                                                                : "unknown";
    }
    if (ncD || ncL)
        status = "not_certified";
    else if (worst)
        status = "HKZ_ERR_PREC";

    /* the balls are written with the digits they carry (wide with
       --tail-range); the _mid columns are the unrounded midpoints */
    hkz_cli_round_ball(shown + 0, dD);
    hkz_cli_round_ball(shown + 1, dL);
    hkz_cli_round_ball(shown + 2, ratio);
    hkz_cli_round_ball(shown + 3, C);
    sa = hkz_su2n_weights_get_str(j.a);
    sb = hkz_su2n_weights_get_str(j.b);
    f[n++] = HKZ_FSTR("delta_weights", sa != NULL ? sa : "");
    f[n++] = HKZ_FSTR("sub_weights", sb != NULL ? sb : "");
    f[n++] = HKZ_FBOOL("spin", o.spin);
    f[n++] = HKZ_FSTR("at", o.s_at);
    f[n++] = HKZ_FINT("ncoords", (long) j.x->len);
    f[n++] = HKZ_FSTR("tail_range", o.s_tail != NULL ? o.s_tail : "");
    if (ncD)
        f[n++] = HKZ_FSTR("d_delta", "unknown");
    else
        f[n++] = hkz_cli_fball("d_delta", shown + 0);
    f[n++] = hkz_cli_fdbl("d_delta_mid", ncD ? NAN : hkz_cli_mid(dD),
                          common.fmt);
    if (ncL)
        f[n++] = HKZ_FSTR("d_L", "unknown");
    else
        f[n++] = hkz_cli_fball("d_L", shown + 1);
    f[n++] = hkz_cli_fdbl("d_L_mid", ncL ? NAN : hkz_cli_mid(dL),
                          common.fmt);
    if (have_ratio)
        f[n++] = HKZ_FBALL("ratio", shown + 2);
    else
        f[n++] = HKZ_FSTR("ratio", "n/a");
    f[n++] = hkz_cli_fdbl("ratio_mid", have_ratio ? hkz_cli_mid(ratio) :
                          NAN, common.fmt);
    if (have_c)
        f[n++] = hkz_cli_fball("const", shown + 3);
    else
        f[n++] = HKZ_FSTR("const", "n/a");
    f[n++] = hkz_cli_fdbl("const_mid", have_c ? hkz_cli_mid(C) : NAN,
                          common.fmt);
    f[n++] = HKZ_FSTR("ratio_le_const", cmp);
    f[n++] = HKZ_FBOOL("certified", !ncD && !ncL);
    f[n++] = HKZ_FSTR("status", status);
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    s = hkz_writer_record(w, f, n);
    if (s != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    rc = hkz_cli_finish(&w, worst);
    if (!rc && (ncD || ncL))
    {
        fprintf(stderr, "hkz: warning: sum 1/w_i = +inf and DLO = 0: the "
                        "distance may be finite or infinite\n");
        rc = HKZ_CLI_EXIT_PREC;
    }

cleanup:
    hkz_writer_abort(&w);
    flint_free(sa);
    flint_free(sb);
    hkz_su2n_weights_clear(j.a);
    hkz_su2n_weights_clear(j.b);
    hkz_su2n_point_clear(j.x);
    arb_clear(j.dlo); arb_clear(j.dhi);
    arb_clear(dD); arb_clear(dL); arb_clear(ratio); arb_clear(C);
    arb_clear(u);
    arb_clear(lh + 0); arb_clear(lh + 1);
    arb_clear(shown + 0); arb_clear(shown + 1); arb_clear(shown + 2);
    arb_clear(shown + 3);
    return rc;
}

int hkz_cmd_product(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            fputs(usage_product, stdout);
            return 0;
        }
        return hkz_cli_usage_error("product: missing 'heat' or 'dist' (see "
                                   "hkz product --help)");
    }
    if (strcmp(argv[1], "heat") == 0)
        return run_heat(argc - 1, argv + 1);
    if (strcmp(argv[1], "dist") == 0)
        return run_dist(argc - 1, argv + 1);
    return hkz_cli_usage_error("product: unknown subcommand '%s' (heat or "
                               "dist)", argv[1]);
}
