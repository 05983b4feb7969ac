/* hkz heat su2 | su2-sub | su2-milnor: certified heat kernels on SU(2). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum { KIND_BI, KIND_SUB, KIND_MILNOR };
enum { M_AUTO, M_SPECTRAL, M_IMAGES, M_FIBRE, M_INTEGRAL };

static const hkz_opt_enum_t methods_bi[] = {
    {"auto", M_AUTO}, {"spectral", M_SPECTRAL}, {"images", M_IMAGES},
    {NULL, 0}};
static const hkz_opt_enum_t methods_sub[] = {
    {"auto", M_AUTO}, {"spectral", M_SPECTRAL}, {"fibre", M_FIBRE},
    {"integral", M_INTEGRAL}, {NULL, 0}};

typedef struct
{
    int kind;
    int method;
    ulong deriv;
    arb_t t, alpha, r, z;
    hkz_cli_balls_t weights, g, cyl;  /* su2-milnor: a, b, c; g; cyl */
    hkz_su2_elem_struct elem;         /* the element of --g / --cyl */
} heat_args_t;

#define T_OPT {"t", HKZ_OPT_BALL, offsetof(heat_args_t, t), .req = 1, \
    .sign = HKZ_OPT_POS, .metavar = "T", .help = "time t > 0"}

static const hkz_opt_t opts_bi[] = {
    T_OPT,
    {"alpha", HKZ_OPT_BALL, offsetof(heat_args_t, alpha), .req = 1,
     .metavar = "A", .help = "class angle alpha in [0, pi] (cos alpha = "
     "Re g11)"},
    {"method", HKZ_OPT_CHOICE, offsetof(heat_args_t, method),
     .values = methods_bi, .def = "auto",
     .help = "spectral sum or images (Poisson) series"},
    HKZ_OPT_END};

static const hkz_opt_t opts_sub[] = {
    T_OPT,
    {"r", HKZ_OPT_BALL, offsetof(heat_args_t, r), .req = 1, .metavar = "R",
     .help = "r in [0, pi/2]"},
    {"z", HKZ_OPT_BALL, offsetof(heat_args_t, z), .req = 1, .metavar = "Z",
     .help = "z, an angle"},
    {"method", HKZ_OPT_CHOICE, offsetof(heat_args_t, method),
     .values = methods_sub, .def = "auto",
     .help = "spectral sum, fibre closed form (r = 0), integral"},
    HKZ_OPT_END};

static const hkz_opt_t opts_milnor[] = {
    {"weights", HKZ_OPT_LIST, offsetof(heat_args_t, weights), .req = 1,
     .lo = 3, .hi = 3, .metavar = "a,b,c",
     .help = "L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, c >= 0"},
    T_OPT,
    {"g", HKZ_OPT_LIST, offsetof(heat_args_t, g), .lo = 4, .hi = 4,
     .metavar = "a_re,a_im,b_re,b_im",
     .help = "g = [[a, -conj b], [b, conj a]], |a|^2+|b|^2 = 1"},
    {"cyl", HKZ_OPT_LIST, offsetof(heat_args_t, cyl), .lo = 3, .hi = 3,
     .metavar = "r,phi,z", .help = "g in cylindrical coordinates"},
    HKZ_OPT_END};

static int eval(arb_t res, void *param, slong prec)
{
    heat_args_t *j = param;
    int m = j->method;

    if (j->kind == KIND_BI)
    {
        if (m == M_SPECTRAL)
            return hkz_su2_heat_bi_spectral(res, j->t, j->alpha, j->deriv,
                                            prec);
        if (m == M_IMAGES)
            return hkz_su2_heat_bi_images(res, j->t, j->alpha, prec);
        return hkz_su2_heat_bi(res, j->t, j->alpha, j->deriv, prec);
    }
    if (j->kind == KIND_SUB)
    {
        if (m == M_SPECTRAL)
            return hkz_su2_heat_sub_spectral(res, j->t, j->r, j->z, j->deriv,
                                             prec);
        if (m == M_FIBRE)
            return hkz_su2_heat_sub_fibre(res, j->t, j->z, prec);
        if (m == M_INTEGRAL)
            return hkz_su2_heat_sub_integral(res, j->t, j->r, j->z, prec);
        return hkz_su2_heat_sub(res, j->t, j->r, j->z, j->deriv, prec);
    }
    return hkz_su2_heat_milnor(res, j->weights.v + 0, j->weights.v + 1,
                               j->weights.v + 2, j->t, &j->elem, prec);
}

/* The element of su2-milnor from --g (normalized to norm 1) or --cyl. */
static int read_element(heat_args_t *j, slong prec)
{
    arb_srcptr v = j->cyl.n != 0 ? j->cyl.v : j->g.v;
    int s;

    if ((j->g.n == 0) == (j->cyl.n == 0))
        return hkz_cli_usage_error("give exactly one of --g and --cyl");
    if (j->cyl.n != 0)
        s = hkz_su2_elem_set_cyl_checked(&j->elem, v + 0, v + 1, v + 2,
                                         prec);
    else
        s = hkz_su2_elem_set_coeffs(&j->elem, v + 0, v + 1, v + 2, v + 3,
                                    prec);
    if (s == HKZ_ERR_ARG)
        return hkz_cli_usage_error("%s: %s", j->cyl.n != 0 ? "--cyl" : "--g",
                                   hkz_errmsg());
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

static double mid_d(const arb_t x)
{
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}

static int run_double(hkz_cli_run_t *r, heat_args_t *j,
                      const hkz_field_t *in, slong nin)
{
    double v = 0.0, g[4];
    int s;
    if (j->kind == KIND_BI)
        s = hkz_su2_heat_bi_d(&v, mid_d(j->t), mid_d(j->alpha), j->deriv);
    else if (j->kind == KIND_SUB)
        s = hkz_su2_heat_sub_d(&v, mid_d(j->t), mid_d(j->r), mid_d(j->z),
                               j->deriv);
    else
    {
        g[0] = mid_d(acb_realref(&j->elem.a));
        g[1] = mid_d(acb_imagref(&j->elem.a));
        g[2] = mid_d(acb_realref(&j->elem.b));
        g[3] = mid_d(acb_imagref(&j->elem.b));
        s = hkz_su2_heat_milnor_d(&v, mid_d(j->weights.v + 0),
                                  mid_d(j->weights.v + 1),
                                  mid_d(j->weights.v + 2), mid_d(j->t), g);
    }
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    return hkz_cli_emit_double(r->w, in, nin, v);
}

static int check_args(hkz_cli_run_t *r, heat_args_t *j)
{
    arb_srcptr w = j->weights.v;
    j->deriv = r->deriv;
    if (j->deriv != 0 && j->method != M_AUTO && j->method != M_SPECTRAL)
        return hkz_cli_usage_error("--deriv needs --method auto or "
                                   "spectral");
    /* the fibre closed form (3.3)/(3.4) is p_t on r = 0 only: elsewhere
     * it would be a certified ball for the wrong point */
    if (j->kind == KIND_SUB && j->method == M_FIBRE &&
        !arb_is_zero(j->r))
        return hkz_cli_usage_error("--method fibre is the closed form on "
                                   "the fibre r = 0 (got --r %s)",
                                   hkz_cli_given(r, "r"));
    if (j->kind == KIND_MILNOR &&
        hkz_su2_milnor_weights_check(w + 0, w + 1, w + 2) != HKZ_SUCCESS)
        return hkz_cli_usage_error("--weights: %s (got %s)", hkz_errmsg(),
                                   hkz_cli_given(r, "weights"));
    return j->kind == KIND_MILNOR ? read_element(j, r->prec) : 0;
}

static int run_kernel(hkz_cli_run_t *r, heat_args_t *j)
{
    static const char *name[] = {"su2", "su2-sub", "su2-milnor"};
    hkz_field_t in[8];
    slong nin = 0;
    int rc;

    if ((rc = check_args(r, j)))
        return rc;
    in[nin++] = HKZ_FSTR("kernel", name[j->kind]);
    in[nin++] = HKZ_FSTR("t", hkz_cli_given(r, "t"));
    if (j->kind == KIND_BI)
        in[nin++] = HKZ_FSTR("alpha", hkz_cli_given(r, "alpha"));
    else if (j->kind == KIND_SUB)
    {
        in[nin++] = HKZ_FSTR("r", hkz_cli_given(r, "r"));
        in[nin++] = HKZ_FSTR("z", hkz_cli_given(r, "z"));
    }
    else
    {
        in[nin++] = HKZ_FSTR("weights", hkz_cli_given(r, "weights"));
        in[nin++] = j->g.n != 0 ? HKZ_FSTR("g", hkz_cli_given(r, "g"))
                                : HKZ_FSTR("cyl", hkz_cli_given(r, "cyl"));
    }
    if (j->kind != KIND_MILNOR)
        in[nin++] = HKZ_FINT("deriv", (long) j->deriv);
    in[nin++] = HKZ_FSTR("method", r->use_double ? "double" :
                         hkz_cli_enum_name(j->kind == KIND_SUB ? methods_sub
                                           : methods_bi, j->method));
    in[nin++] = HKZ_FINT("digits", (long) r->digits);
    if (r->use_double)
        return run_double(r, j, in, nin);
    return hkz_cli_eval_emit(r, in, nin, eval, j);
}

static int run_bi(hkz_cli_run_t *r, void *args)
{
    ((heat_args_t *) args)->kind = KIND_BI;
    return run_kernel(r, args);
}

static int run_sub(hkz_cli_run_t *r, void *args)
{
    ((heat_args_t *) args)->kind = KIND_SUB;
    return run_kernel(r, args);
}

static int run_milnor(hkz_cli_run_t *r, void *args)
{
    heat_args_t *j = args;
    int rc;
    j->kind = KIND_MILNOR;
    j->method = M_AUTO;
    hkz_su2_elem_init(&j->elem);
    rc = run_kernel(r, j);
    hkz_su2_elem_clear(&j->elem);
    return rc;
}

static const hkz_cli_cmd_t heat_su2 = {
    .name = "su2", .summary = "bi-invariant heat kernel h_t(alpha)",
    .description =
    "Bi-invariant heat kernel h_t(alpha) = sum_n n e^{-(n^2-1)t} "
    "sin(n alpha)/sin(alpha)\nof Delta = -(X^2+Y^2+Z^2) w.r.t. Haar "
    "probability measure (N_unit), or its\nK-th time derivative. alpha in "
    "[0, pi] is the class angle (cos alpha = Re g11).\nDecimal inputs are "
    "read exactly; 'pi' is accepted. The value is an Arb ball\nwith at "
    "least D significant digits (default 30); --double gives the\n"
    "uncertified double fast path.\n",
    .opts = opts_bi, .args_size = sizeof(heat_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE |
              HKZ_CLI_DERIV,
    .run = run_bi};

static const hkz_cli_cmd_t heat_sub = {
    .name = "su2-sub", .summary = "sub-Laplacian heat kernel p_t(r, z)",
    .description =
    "Sub-Laplacian heat kernel p_t(r, z) of L = -(X^2+Y^2) (N_unit, Haar "
    "probability\nmeasure) at g = exp(r(cos phi X + sin phi Y)) exp(zZ), "
    "r in [0, pi/2],\nz an angle; or its K-th time derivative. Methods: "
    "spectral sum (3.1),\nclosed form on the fibre (3.3)/(3.4) (r = 0), "
    "Baudoin-Bonnefont integral (3.2).\n",
    .opts = opts_sub, .args_size = sizeof(heat_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE |
              HKZ_CLI_DERIV,
    .run = run_sub};

static const hkz_cli_cmd_t heat_milnor = {
    .name = "su2-milnor", .summary = "heat kernel of a left-invariant "
    "(Milnor) operator",
    .description =
    "Heat kernel of L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, c >= 0 "
    "(N_unit, Haar\nprobability measure) at g = [[a, -conj b], [b, conj a]]"
    " given by exactly one of\n--g and --cyl. --g entries must have "
    "|a|^2+|b|^2 = 1 within 1e-10; g is\nnormalized to norm 1 and the "
    "certified value refers to the normalized element.\n",
    .opts = opts_milnor, .args_size = sizeof(heat_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE,
    .run = run_milnor};

static const hkz_cli_cmd_t *const heat_subs[] = {&heat_su2, &heat_sub,
                                                 &heat_milnor, NULL};

const hkz_cli_cmd_t hkz_cli_heat = {
    .name = "heat", .summary = "certified heat kernels on SU(2) (su2, "
    "su2-sub, su2-milnor)",
    .description = "Certified heat kernels on SU(2) (N_unit, Haar "
    "probability measure).\n", .sub = heat_subs};
