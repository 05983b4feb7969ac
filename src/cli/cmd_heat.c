/* hkz heat su2 | su2-sub | su2-milnor: certified heat kernels on SU(2). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum { KIND_BI, KIND_SUB, KIND_MILNOR };

enum
{
    OPT_T = HKZ_OPT_FIRST_COMMAND_OPT, OPT_ALPHA, OPT_R, OPT_Z, OPT_WEIGHTS,
    OPT_G, OPT_CYL, OPT_METHOD
};

typedef struct
{
    int kind;
    const char *method;
    const char *s_t, *s_alpha, *s_r, *s_z, *s_weights, *s_g, *s_cyl;
    ulong deriv;
    arb_t t, alpha, r, z;
    arb_struct w[3];        /* Milnor weights a, b, c */
    hkz_su2_elem_t g;
} heat_job_t;

static const char *usage_bi =
    "usage: hkz heat su2 --t T --alpha A [--deriv K] [--digits D]\n"
    "                    [--method auto|spectral|images] [--double]\n"
    "                    [--format text|csv|jsonl] [--out PATH]\n\n"
    "Bi-invariant heat kernel h_t(alpha) = sum_n n e^{-(n^2-1)t} "
    "sin(n alpha)/sin(alpha)\nof Delta = -(X^2+Y^2+Z^2) w.r.t. Haar "
    "probability measure (N_unit), or its\nK-th time derivative. alpha in "
    "[0, pi] is the class angle (cos alpha = Re g11).\nDecimal inputs are read "
    "exactly; 'pi' is accepted. The value is an Arb ball\nwith at least D "
    "significant digits (default 30); --double gives the\nuncertified "
    "double fast path.\n";

static const char *usage_sub =
    "usage: hkz heat su2-sub --t T --r R --z Z [--deriv K] [--digits D]\n"
    "                        [--method auto|spectral|fibre|integral] "
    "[--double]\n"
    "                        [--format text|csv|jsonl] [--out PATH]\n\n"
    "Sub-Laplacian heat kernel p_t(r, z) of L = -(X^2+Y^2) (N_unit, Haar "
    "probability\nmeasure) at g = exp(r(cos phi X + sin phi Y)) exp(zZ), "
    "r in [0, pi/2],\nz an angle; or its K-th time derivative. Methods: "
    "spectral sum (3.1),\nclosed form on the fibre (3.3)/(3.4) (r = 0), "
    "Baudoin-Bonnefont integral (3.2).\n";

static const char *usage_milnor =
    "usage: hkz heat su2-milnor --weights a,b,c --t T\n"
    "                           (--g a_re,a_im,b_re,b_im | --cyl r,phi,z)\n"
    "                           [--digits D] [--double] [--format ...] "
    "[--out PATH]\n\n"
    "Heat kernel of L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, c >= 0 (N_unit,"
    " Haar\nprobability measure) at g = [[a, -conj b], [b, conj a]]. --g "
    "entries must have\n|a|^2+|b|^2 = 1 within 1e-10; g is normalized to "
    "norm 1 and the certified value\nrefers to the normalized element.\n";

static const char *usage_heat =
    "usage: hkz heat su2|su2-sub|su2-milnor [options]   "
    "(hkz heat <kernel> --help)\n";

static int handle(int opt, const char *arg, void *ctx)
{
    heat_job_t *j = ctx;
    switch (opt)
    {
    case OPT_T: j->s_t = arg; break;
    case OPT_ALPHA: j->s_alpha = arg; break;
    case OPT_R: j->s_r = arg; break;
    case OPT_Z: j->s_z = arg; break;
    case OPT_WEIGHTS: j->s_weights = arg; break;
    case OPT_G: j->s_g = arg; break;
    case OPT_CYL: j->s_cyl = arg; break;
    case OPT_METHOD: j->method = arg; break;
    }
    return 0;
}

static int eval(arb_t res, void *param, slong prec)
{
    heat_job_t *j = param;
    const char *m = j->method;

    if (j->kind == KIND_BI)
    {
        if (strcmp(m, "spectral") == 0)
            return hkz_su2_heat_bi_spectral(res, j->t, j->alpha, j->deriv,
                                            prec);
        if (strcmp(m, "images") == 0)
            return hkz_su2_heat_bi_images(res, j->t, j->alpha, prec);
        return hkz_su2_heat_bi(res, j->t, j->alpha, j->deriv, prec);
    }
    if (j->kind == KIND_SUB)
    {
        if (strcmp(m, "spectral") == 0)
            return hkz_su2_heat_sub_spectral(res, j->t, j->r, j->z, j->deriv,
                                             prec);
        if (strcmp(m, "fibre") == 0)
            return hkz_su2_heat_sub_fibre(res, j->t, j->z, prec);
        if (strcmp(m, "integral") == 0)
            return hkz_su2_heat_sub_integral(res, j->t, j->r, j->z, prec);
        return hkz_su2_heat_sub(res, j->t, j->r, j->z, j->deriv, prec);
    }
    return hkz_su2_heat_milnor(res, j->w + 0, j->w + 1, j->w + 2, j->t, j->g,
                               prec);
}

static int check_method(const heat_job_t *j)
{
    static const char *bi[] = {"auto", "spectral", "images", NULL};
    static const char *sub[] = {"auto", "spectral", "fibre", "integral",
                                NULL};
    const char **ok = j->kind == KIND_BI ? bi : sub;
    int i;
    if (j->kind == KIND_MILNOR)
        return strcmp(j->method, "auto") == 0 ? 0 :
               hkz_cli_usage_error("--method: su2-milnor has only 'auto'");
    for (i = 0; ok[i] != NULL; i++)
        if (strcmp(j->method, ok[i]) == 0)
            break;
    if (ok[i] == NULL)
        return hkz_cli_usage_error("--method: unknown method '%s'",
                                   j->method);
    if (j->deriv != 0 && strcmp(j->method, "auto") != 0 &&
        strcmp(j->method, "spectral") != 0)
        return hkz_cli_usage_error("--deriv needs --method auto or "
                                   "spectral");
    return 0;
}

/* Reads the group element of su2-milnor from --g or --cyl. */
static int read_element(heat_job_t *j, slong prec)
{
    arb_struct v[4];
    acb_t a, b;
    arb_t n2, tol;
    int rc = 0, i;

    if ((j->s_g == NULL) == (j->s_cyl == NULL))
        return hkz_cli_usage_error("give exactly one of --g and --cyl");
    for (i = 0; i < 4; i++)
        arb_init(v + i);
    acb_init(a); acb_init(b); arb_init(n2); arb_init(tol);
    if (j->s_cyl != NULL)
    {
        rc = hkz_cli_ball_list(v, 3, "--cyl", j->s_cyl, prec);
        if (!rc)
        {
            arb_t half_pi;
            arb_init(half_pi);
            arb_const_pi(half_pi, prec);
            arb_mul_2exp_si(half_pi, half_pi, -1);
            if (!arb_is_nonnegative(v) || !arb_le(v, half_pi))
                rc = hkz_cli_usage_error("--cyl: r must lie in [0, pi/2]");
            else
                hkz_su2_elem_set_cyl(j->g, v + 0, v + 1, v + 2, prec);
            arb_clear(half_pi);
        }
    }
    else
    {
        rc = hkz_cli_ball_list(v, 4, "--g", j->s_g, prec);
        if (!rc)
        {
            acb_set_arb_arb(a, v + 0, v + 1);
            acb_set_arb_arb(b, v + 2, v + 3);
            arb_sqr(n2, v + 0, prec);
            arb_addmul(n2, v + 1, v + 1, prec);
            arb_addmul(n2, v + 2, v + 2, prec);
            arb_addmul(n2, v + 3, v + 3, prec);
            arb_sub_ui(tol, n2, 1, prec);
            arb_abs(tol, tol);
            if (!(arf_cmpabs_2exp_si(arb_midref(tol), -33) < 0))
                rc = hkz_cli_usage_error("--g: |a|^2+|b|^2 = %.17g is not 1"
                                         " (tolerance 1e-10)",
                                         arf_get_d(arb_midref(n2),
                                                   ARF_RND_NEAR));
            else
            {
                /* project onto SU(2): divide by the norm */
                arb_rsqrt(n2, n2, prec);
                acb_mul_arb(a, a, n2, prec);
                acb_mul_arb(b, b, n2, prec);
                if (hkz_su2_elem_set_acb(j->g, a, b, prec) != HKZ_SUCCESS)
                    rc = hkz_cli_fail(HKZ_ERR_DOMAIN);
            }
        }
    }
    for (i = 0; i < 4; i++)
        arb_clear(v + i);
    acb_clear(a); acb_clear(b); arb_clear(n2); arb_clear(tol);
    return rc;
}

static int run_double(heat_job_t *j, const hkz_field_t *in, slong nin,
                      hkz_writer_t *w)
{
    double v = 0.0;
    int s;
    double t = arf_get_d(arb_midref(j->t), ARF_RND_NEAR);
    if (j->kind == KIND_BI)
        s = hkz_su2_heat_bi_d(&v, t,
                              arf_get_d(arb_midref(j->alpha), ARF_RND_NEAR),
                              j->deriv);
    else if (j->kind == KIND_SUB)
        s = hkz_su2_heat_sub_d(&v, t,
                               arf_get_d(arb_midref(j->r), ARF_RND_NEAR),
                               arf_get_d(arb_midref(j->z), ARF_RND_NEAR),
                               j->deriv);
    else
    {
        double g[4];
        g[0] = arf_get_d(arb_midref(acb_realref(&j->g->a)), ARF_RND_NEAR);
        g[1] = arf_get_d(arb_midref(acb_imagref(&j->g->a)), ARF_RND_NEAR);
        g[2] = arf_get_d(arb_midref(acb_realref(&j->g->b)), ARF_RND_NEAR);
        g[3] = arf_get_d(arb_midref(acb_imagref(&j->g->b)), ARF_RND_NEAR);
        s = hkz_su2_heat_milnor_d(&v, arf_get_d(arb_midref(j->w + 0),
                                  ARF_RND_NEAR),
                                  arf_get_d(arb_midref(j->w + 1), ARF_RND_NEAR),
                                  arf_get_d(arb_midref(j->w + 2), ARF_RND_NEAR),
                                  t, g);
    }
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    return hkz_cli_emit_double(w, in, nin, v);
}

static int run_kernel(int kind, int argc, char **argv)
{
    static const struct option opts_bi[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"deriv", required_argument, NULL, HKZ_OPT_DERIV},
        {"t", required_argument, NULL, OPT_T},
        {"alpha", required_argument, NULL, OPT_ALPHA},
        {"method", required_argument, NULL, OPT_METHOD},
        {NULL, 0, NULL, 0}};
    static const struct option opts_sub[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"deriv", required_argument, NULL, HKZ_OPT_DERIV},
        {"t", required_argument, NULL, OPT_T},
        {"r", required_argument, NULL, OPT_R},
        {"z", required_argument, NULL, OPT_Z},
        {"method", required_argument, NULL, OPT_METHOD},
        {NULL, 0, NULL, 0}};
    static const struct option opts_milnor[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"t", required_argument, NULL, OPT_T},
        {"weights", required_argument, NULL, OPT_WEIGHTS},
        {"g", required_argument, NULL, OPT_G},
        {"cyl", required_argument, NULL, OPT_CYL},
        {NULL, 0, NULL, 0}};
    const struct option *opts = kind == KIND_BI ? opts_bi :
                                kind == KIND_SUB ? opts_sub : opts_milnor;
    const char *usage = kind == KIND_BI ? usage_bi :
                        kind == KIND_SUB ? usage_sub : usage_milnor;
    hkz_cli_common_t common;
    heat_job_t j;
    hkz_goal_t goal;
    hkz_writer_t *w = NULL;
    hkz_field_t in[8];
    slong nin = 0, prec;
    arb_t res;
    int rc, status = HKZ_SUCCESS, i;

    memset(&j, 0, sizeof(j));
    j.kind = kind;
    j.method = "auto";
    arb_init(j.t); arb_init(j.alpha); arb_init(j.r); arb_init(j.z);
    for (i = 0; i < 3; i++)
        arb_init(j.w + i);
    hkz_su2_elem_init(j.g);
    arb_init(res);
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
    j.deriv = common.deriv;
    hkz_goal_init_digits(&goal, common.digits);
    prec = hkz_cli_input_prec(&goal);

    if ((rc = hkz_cli_require(j.s_t, "--t")) ||
        (rc = hkz_cli_ball(j.t, "--t", j.s_t, prec)) ||
        (rc = check_method(&j)))
        goto cleanup;
    if (!arb_is_positive(j.t))
    {
        rc = hkz_cli_usage_error("--t: t must be > 0 (got %s)", j.s_t);
        goto cleanup;
    }
    in[nin++] = HKZ_FSTR("kernel", kind == KIND_BI ? "su2" :
                         kind == KIND_SUB ? "su2-sub" : "su2-milnor");
    in[nin++] = HKZ_FSTR("t", j.s_t);
    if (kind == KIND_BI)
    {
        if ((rc = hkz_cli_require(j.s_alpha, "--alpha")) ||
            (rc = hkz_cli_ball(j.alpha, "--alpha", j.s_alpha, prec)))
            goto cleanup;
        in[nin++] = HKZ_FSTR("alpha", j.s_alpha);
    }
    else if (kind == KIND_SUB)
    {
        if ((rc = hkz_cli_require(j.s_r, "--r")) ||
            (rc = hkz_cli_require(j.s_z, "--z")) ||
            (rc = hkz_cli_ball(j.r, "--r", j.s_r, prec)) ||
            (rc = hkz_cli_ball(j.z, "--z", j.s_z, prec)))
            goto cleanup;
        in[nin++] = HKZ_FSTR("r", j.s_r);
        in[nin++] = HKZ_FSTR("z", j.s_z);
    }
    else
    {
        if ((rc = hkz_cli_require(j.s_weights, "--weights")) ||
            (rc = hkz_cli_ball_list(j.w, 3, "--weights", j.s_weights, prec))
            || (rc = read_element(&j, prec)))
            goto cleanup;
        if (!arb_is_positive(j.w + 0) || !arb_is_positive(j.w + 1) ||
            !arb_is_nonnegative(j.w + 2))
        {
            rc = hkz_cli_usage_error("--weights: need a > 0, b > 0, c >= 0 "
                                     "(got %s)", j.s_weights);
            goto cleanup;
        }
        in[nin++] = HKZ_FSTR("weights", j.s_weights);
        in[nin++] = HKZ_FSTR(j.s_g != NULL ? "g" : "cyl",
                             j.s_g != NULL ? j.s_g : j.s_cyl);
    }
    if (kind != KIND_MILNOR)
        in[nin++] = HKZ_FINT("deriv", (long) j.deriv);
    in[nin++] = HKZ_FSTR("method", common.use_double ? "double" : j.method);
    in[nin++] = HKZ_FINT("digits", (long) common.digits);

    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    if (common.use_double)
    {
        rc = run_double(&j, in, nin, w);
    }
    else
    {
        status = hkz_goal_eval(res, eval, &j, &goal, NULL);
        if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
        {
            rc = hkz_cli_fail(status);
            goto cleanup;
        }
        rc = hkz_cli_emit(w, in, nin, res, status);
    }
    if (!rc)
        rc = hkz_cli_finish(&w, status);

cleanup:
    hkz_writer_abort(&w);
    arb_clear(j.t); arb_clear(j.alpha); arb_clear(j.r); arb_clear(j.z);
    for (i = 0; i < 3; i++)
        arb_clear(j.w + i);
    hkz_su2_elem_clear(j.g);
    arb_clear(res);
    return rc;
}

int hkz_cmd_heat(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            fputs(usage_heat, stdout);
            return 0;
        }
        return hkz_cli_usage_error("heat: missing kernel (su2, su2-sub or "
                                   "su2-milnor)");
    }
    if (strcmp(argv[1], "su2") == 0)
        return run_kernel(KIND_BI, argc - 1, argv + 1);
    if (strcmp(argv[1], "su2-sub") == 0)
        return run_kernel(KIND_SUB, argc - 1, argv + 1);
    if (strcmp(argv[1], "su2-milnor") == 0)
        return run_kernel(KIND_MILNOR, argc - 1, argv + 1);
    return hkz_cli_usage_error("heat: unknown kernel '%s' (su2, su2-sub or "
                               "su2-milnor)", argv[1]);
}
