/* Shared CLI helpers: option parsing, exact number parsing, writer setup. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

void hkz_cli_common_init(hkz_cli_common_t *c)
{
    c->digits = 30;
    c->fmt = HKZ_FORMAT_TEXT;
    c->out = "-";
    c->use_double = 0;
    c->deriv = 0;
}

int hkz_cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs("hkz: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return HKZ_CLI_EXIT_USAGE;
}

int hkz_cli_exit_code(int status)
{
    switch (status)
    {
    case HKZ_SUCCESS:
        return HKZ_CLI_EXIT_OK;
    case HKZ_ERR_ARG:
    case HKZ_ERR_DOMAIN:
    case HKZ_ERR_TOO_LARGE:
    case HKZ_ERR_CHECKPOINT:
        return HKZ_CLI_EXIT_USAGE;
    case HKZ_ERR_PREC:
        return HKZ_CLI_EXIT_PREC;
    case HKZ_ERR_INTERRUPTED:
        return HKZ_CLI_EXIT_INTERRUPTED;
    default:
        return HKZ_CLI_EXIT_RUNTIME;
    }
}

int hkz_cli_fail(int status)
{
    const char *msg = hkz_errmsg();
    /* HKZ_ERR_UNSUPPORTED also covers cases the library has no method for
     * (e.g. a pair of weight families without a closed form): its generic
     * text "feature not built (CUDA/MPI/NCCL)" would mislead, so the
     * detail message says what is unsupported */
    if (status == HKZ_ERR_INTERRUPTED)
        fprintf(stderr, "hkz: %s\n", msg[0] != '\0' ? msg :
                hkz_strerror(status));
    else if (status == HKZ_ERR_UNSUPPORTED)
        fprintf(stderr, "hkz: error: unsupported: %s\n", msg[0] != '\0' ?
                msg : hkz_strerror(status));
    else
        fprintf(stderr, "hkz: error: %s: %s\n", hkz_strerror(status), msg);
    return hkz_cli_exit_code(status);
}

void hkz_cli_round_ball(arb_t r, const arb_t x)
{
    arb_set_round(r, x, arb_is_exact(x) ? 96
                  : FLINT_MAX(arb_rel_accuracy_bits(x), 0) + 16);
}

int hkz_cli_tight_overlap(const arb_t x, const arb_t y, slong bits)
{
    return arb_overlaps(x, y) && arb_rel_accuracy_bits(x) >= bits &&
           arb_rel_accuracy_bits(y) >= bits;
}

/* deprecated: being removed (opt.c) */
static const char *option_name(const struct option *options, int val)
{
    static const char *common[] = {"digits", "format", "out", "double",
                                   "deriv", "help"};
    for (; options->name != NULL; options++)
        if (options->val == val)
            return options->name;
    if (val >= HKZ_OPT_DIGITS && val < HKZ_OPT_FIRST_COMMAND_OPT)
        return common[val - HKZ_OPT_DIGITS];
    return "?";
}

int hkz_cli_parse(int argc, char **argv, const struct option *options,
                  hkz_cli_common_t *common,
                  int (*handle)(int opt, const char *arg, void *ctx),
                  void *ctx)
{
    int opt, rc, help = 0, seen[64], nseen = 0, i;
    slong v = 0;

    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":h", options, NULL)) != -1)
    {
        /* a repeated option is an error for every command (issue 10) */
        if (opt != ':' && opt != '?' && opt != 'h' && opt != HKZ_OPT_HELP)
        {
            for (i = 0; i < nseen && seen[i] != opt; i++)
                ;
            if (i < nseen)
                return hkz_cli_usage_error("option --%s given more than "
                                           "once", option_name(options,
                                                               opt));
            if (nseen < 64)
                seen[nseen++] = opt;
        }
        switch (opt)
        {
        case 'h':
        case HKZ_OPT_HELP:
            help = 1;
            break;
        case HKZ_OPT_DIGITS:
            rc = hkz_cli_slong(&v, "--digits", optarg, 1, HKZ_CLI_MAX_DIGITS);
            if (rc)
                return rc;
            common->digits = v;
            break;
        case HKZ_OPT_FORMAT:
            if (hkz_format_from_str(&common->fmt, optarg) != HKZ_SUCCESS)
                return hkz_cli_usage_error("--format: %s", hkz_errmsg());
            break;
        case HKZ_OPT_OUT:
            if (optarg[0] == '\0')
                return hkz_cli_usage_error("--out: empty path");
            common->out = optarg;
            break;
        case HKZ_OPT_DOUBLE:
            common->use_double = 1;
            break;
        case HKZ_OPT_DERIV:
            rc = hkz_cli_slong(&v, "--deriv", optarg, 0, 64);
            if (rc)
                return rc;
            common->deriv = (ulong) v;
            break;
        case ':':
            return hkz_cli_usage_error("option --%s needs a value",
                                       option_name(options, optopt));
        case '?':
            if (optopt != 0 && optopt < 256)
                return hkz_cli_usage_error("unknown option '-%c' (see "
                                           "--help)", optopt);
            return hkz_cli_usage_error("unknown option '%s' (see --help)",
                                       argv[optind - 1]);
        default:
            rc = handle != NULL ? handle(opt, optarg, ctx) : 0;
            if (rc)
                return rc;
        }
    }
    if (help)
        return -1;
    if (optind < argc)
        return hkz_cli_usage_error("unexpected argument '%s' (see --help)",
                                   argv[optind]);
    return 0;
}

int hkz_cli_ball(arb_t x, const char *opt, const char *s, slong prec)
{
    if (hkz_ball_set_str(x, s, prec) != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
    return 0;
}

int hkz_cli_ball_list(arb_ptr v, slong n, const char *opt, const char *s,
                      slong prec)
{
    char buf[512];
    char *tok, *save = NULL;
    slong i = 0;

    if (strlen(s) >= sizeof(buf))
        return hkz_cli_usage_error("%s: value too long", opt);
    strcpy(buf, s);
    for (tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save))
    {
        if (i == n)
            return hkz_cli_usage_error("%s: expected %ld comma-separated "
                                       "numbers, got more", opt, (long) n);
        if (hkz_cli_ball(v + i, opt, tok, prec))
            return HKZ_CLI_EXIT_USAGE;
        i++;
    }
    if (i != n)
        return hkz_cli_usage_error("%s: expected %ld comma-separated numbers,"
                                   " got %ld", opt, (long) n, (long) i);
    return 0;
}

int hkz_cli_slong(slong *x, const char *opt, const char *s, slong lo,
                  slong hi)
{
    char *end;
    long long v;
    if (s == NULL || s[0] == '\0')
        return hkz_cli_usage_error("%s: missing integer", opt);
    v = strtoll(s, &end, 10);
    if (*end != '\0')
        return hkz_cli_usage_error("%s: not an integer: '%s'", opt, s);
    if (v < lo || v > hi)
        return hkz_cli_usage_error("%s: %s out of range [%ld, %ld]", opt, s,
                                   (long) lo, (long) hi);
    *x = (slong) v;
    return 0;
}

int hkz_cli_require(const char *value, const char *opt)
{
    if (value == NULL)
        return hkz_cli_usage_error("missing required option %s (see "
                                   "--help)", opt);
    return 0;
}

static char hkz_cli_cmdline[2048];

void hkz_cli_set_command_line(int argc, char **argv)
{
    size_t n = 0;
    int i;
    hkz_cli_cmdline[0] = '\0';
    for (i = 0; i < argc && n + 2 < sizeof(hkz_cli_cmdline); i++)
        n += snprintf(hkz_cli_cmdline + n, sizeof(hkz_cli_cmdline) - n,
                      "%s%s", i ? " " : "", argv[i]);
}

const char *hkz_cli_command_line(void)
{
    return hkz_cli_cmdline;
}

int hkz_cli_open(hkz_writer_t **w, const hkz_cli_common_t *common, int argc,
                 char **argv)
{
    hkz_field_t digits = HKZ_FINT("digits", (long) common->digits);
    int s;

    if (hkz_cli_cmdline[0] == '\0')  /* not called through main() */
        hkz_cli_set_command_line(argc, argv);
    s = hkz_writer_open(w, common->out, common->fmt);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s) == HKZ_CLI_EXIT_USAGE ? HKZ_CLI_EXIT_USAGE
                                                     : HKZ_CLI_EXIT_RUNTIME;
    if (hkz_writer_meta(*w, "hkz_version", hkz_version()) ||
        hkz_writer_meta(*w, "flint_version", hkz_flint_version()) ||
        hkz_writer_meta(*w, "arb_version", hkz_arb_version()) ||
        hkz_writer_meta(*w, "normalization", hkz_normalization()) ||
        hkz_writer_meta(*w, "command", hkz_cli_cmdline) ||
        hkz_writer_meta_field(*w, &digits))
    {
        hkz_writer_abort(w);
        return hkz_cli_fail(HKZ_ERR_INTERNAL);
    }
    return 0;
}

slong hkz_cli_input_prec(const hkz_goal_t *goal)
{
    return goal->max_prec + 64;
}

#define HKZ_CLI_MAX_FIELDS 32

int hkz_cli_emit(hkz_writer_t *w, const hkz_field_t *inputs, slong nin,
                 const arb_t value, int status)
{
    hkz_field_t f[HKZ_CLI_MAX_FIELDS];
    slong n = nin;
    int s;

    if (nin + 6 > HKZ_CLI_MAX_FIELDS)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many "
                                          "fields"));
    memcpy(f, inputs, nin * sizeof(hkz_field_t));
    f[n++] = HKZ_FBALL("value", value);
    f[n++] = HKZ_FDBL("mid", arf_get_d(arb_midref(value), ARF_RND_NEAR));
    f[n++] = HKZ_FDBL("rad", mag_get_d(arb_radref(value)));
    f[n++] = hkz_cli_frel(value);  /* null for exact balls */
    f[n++] = HKZ_FBOOL("certified", arb_is_finite(value));
    f[n++] = HKZ_FSTR("status", status == HKZ_SUCCESS ? "ok"
                                                     : hkz_status_name(status));
    s = hkz_writer_record(w, f, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_emit_double(hkz_writer_t *w, const hkz_field_t *inputs,
                        slong nin, double value)
{
    hkz_field_t f[HKZ_CLI_MAX_FIELDS];
    char buf[40];
    slong n = nin;
    int s;

    if (nin + 6 > HKZ_CLI_MAX_FIELDS)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many "
                                          "fields"));
    memcpy(f, inputs, nin * sizeof(hkz_field_t));
    snprintf(buf, sizeof(buf), "%.17g", value);
    f[n++] = HKZ_FSTR("value", buf);
    f[n++] = HKZ_FDBL("mid", value);
    f[n++] = HKZ_FDBL("rad", 0.0 / 0.0);
    f[n++] = HKZ_FINT("rel_acc_bits", -1);
    f[n++] = HKZ_FBOOL("certified", 0);
    f[n++] = HKZ_FSTR("status", "double");
    s = hkz_writer_record(w, f, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_finish(hkz_writer_t **w, int worst_status)
{
    int s = hkz_writer_close(w);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    if (worst_status == HKZ_ERR_PREC)
    {
        fprintf(stderr, "hkz: warning: some results missed the accuracy "
                        "goal (status HKZ_ERR_PREC); they are enclosures "
                        "but wider than asked\n");
        return HKZ_CLI_EXIT_PREC;
    }
    return HKZ_CLI_EXIT_OK;
}
