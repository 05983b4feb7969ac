/* The option tables of opt.h: getopt table, validation, --help text. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "opt_int.h"

/* The common options, declared once; .dest is the HKZ_CLI_* flag that
 * enables them (opt_int.h). */

const hkz_opt_t hkz_cli_common_opts[C_COUNT] = {
    {"digits", HKZ_OPT_SLONG, HKZ_CLI_DIGITS, .metavar = "D",
     .def = "30", .help = "significant digits of every certified value, "
     "1..10000"},
    {"format", HKZ_OPT_CHOICE, HKZ_CLI_OUTPUT, .choices = "text|csv|jsonl",
     .help = "output format (default text)"},
    {"out", HKZ_OPT_STRING, HKZ_CLI_OUTPUT, .metavar = "PATH",
     .help = "write to PATH (via PATH.tmp, renamed at the end; default "
             "stdout)"},
    {"double", HKZ_OPT_FLAG, HKZ_CLI_DOUBLE,
     .help = "uncertified double fast path (certified: false)"},
    {"deriv", HKZ_OPT_SLONG, HKZ_CLI_DERIV, .metavar = "K",
     .help = "K-th time derivative, 0..64 (default 0)"},
    {"progress", HKZ_OPT_FLAG, HKZ_CLI_PROGRESS,
     .help = "one updating stderr line: done/total, rate, ETA (default "
             "when stderr is a terminal)"},
    {"no-progress", HKZ_OPT_FLAG, HKZ_CLI_PROGRESS,
     .help = "no progress line"},
    {"help", HKZ_OPT_FLAG, 0, .help = "this text (also -h)"},
};

_Static_assert(C_COUNT == sizeof(((hkz_cli_run_t *) 0)->given_common) /
               sizeof(const char *), "given_common holds every common option");

#define ID_TABLE 1000
#define ID_COMMON 900

int hkz_cli_common_on(const hkz_cli_cmd_t *cmd, int k)
{
    unsigned f = (unsigned) hkz_cli_common_opts[k].dest;
    if (f == HKZ_CLI_OUTPUT)
        return (cmd->common & (HKZ_CLI_OUTPUT | HKZ_CLI_OWN_OUTPUT)) != 0;
    return f == 0 || (cmd->common & f) != 0;
}

slong hkz_cli_nopts(const hkz_cli_cmd_t *cmd)
{
    slong n = 0;
    while (cmd->opts != NULL && cmd->opts[n].name != NULL)
        n++;
    return n;
}

static void *at(void *args, size_t off) { return (char *) args + off; }

void hkz_cli_args_init(const hkz_cli_cmd_t *cmd, void *args)
{
    slong i, n = hkz_cli_nopts(cmd);
    for (i = 0; i < n; i++)
        if (cmd->opts[i].type == HKZ_OPT_BALL)
            arb_init(at(args, cmd->opts[i].dest));
}

void hkz_cli_args_clear(const hkz_cli_cmd_t *cmd, void *args)
{
    slong i, n = hkz_cli_nopts(cmd);
    for (i = 0; i < n; i++)
    {
        if (cmd->opts[i].type == HKZ_OPT_BALL)
            arb_clear(at(args, cmd->opts[i].dest));
        else if (cmd->opts[i].type == HKZ_OPT_LIST)
        {
            hkz_cli_balls_t *b = at(args, cmd->opts[i].dest);
            if (b->v != NULL)
                _arb_vec_clear(b->v, b->n);
            b->v = NULL;
            b->n = 0;
        }
    }
}

static int check_sign(const arb_t x, int sign, const char *opt,
                      const char *s)
{
    if (sign == HKZ_OPT_POS && !arb_is_positive(x))
        return hkz_cli_usage_error("%s: must be > 0 (got %s)", opt, s);
    if (sign == HKZ_OPT_NONNEG && !arb_is_nonnegative(x))
        return hkz_cli_usage_error("%s: must be >= 0 (got %s)", opt, s);
    return 0;
}

static int choice_ok(const char *choices, const char *s)
{
    size_t n = strlen(s);
    const char *p = choices;
    while (n > 0 && p != NULL)
    {
        if (strncmp(p, s, n) == 0 && (p[n] == '|' || p[n] == '\0'))
            return 1;
        p = strchr(p, '|');
        if (p != NULL)
            p++;
    }
    return 0;
}

static int parse_list(hkz_cli_balls_t *b, const hkz_opt_t *o,
                      const char *opt, const char *s, slong prec)
{
    char item[256];
    const char *p, *q;
    slong n = 1, i;
    size_t len;
    int rc;

    for (p = s; *p; p++)
        n += (*p == ',');
    if (n < o->lo || n > o->hi)
        return o->lo == o->hi ?
            hkz_cli_usage_error("%s: expected %ld comma-separated numbers, "
                                "got %ld", opt, (long) o->lo, (long) n) :
            hkz_cli_usage_error("%s: expected %ld to %ld comma-separated "
                                "numbers, got %ld", opt, (long) o->lo,
                                (long) o->hi, (long) n);
    b->v = _arb_vec_init(n);
    b->n = n;
    for (i = 0, p = s; i < n; i++, p = q + 1)
    {
        q = strchr(p, ',');
        if (q == NULL)
            q = p + strlen(p);
        while (p < q && *p == ' ')
            p++;
        len = (size_t) (q - p);
        while (len > 0 && p[len - 1] == ' ')
            len--;
        if (len == 0 || len >= sizeof(item))
            return hkz_cli_usage_error("%s: item %ld %s", opt, (long) i + 1,
                                       len ? "too long" : "is empty");
        memcpy(item, p, len);
        item[len] = '\0';
        if ((rc = hkz_cli_ball(b->v + i, opt, item, prec)) ||
            (rc = check_sign(b->v + i, o->sign, opt, item)))
            return rc;
    }
    return 0;
}

/* Validates the text s of option o into its destination. */
static int set_value(const hkz_opt_t *o, void *args, const char *s,
                     slong prec)
{
    char opt[64], names[160];
    slong v, k;
    int rc;

    snprintf(opt, sizeof(opt), "--%s", o->name);
    switch (o->type)
    {
    case HKZ_OPT_FLAG:
        *(int *) at(args, o->dest) = 1;
        return 0;
    case HKZ_OPT_SLONG:
        if ((rc = hkz_cli_slong(&v, opt, s, o->lo, o->hi)))
            return rc;
        *(slong *) at(args, o->dest) = v;
        return 0;
    case HKZ_OPT_CHOICE:
        for (k = 0; o->values != NULL && o->values[k].name != NULL; k++)
            if (strcmp(o->values[k].name, s) == 0)
            {
                *(int *) at(args, o->dest) = o->values[k].value;
                return 0;
            }
        if (o->values != NULL || !choice_ok(o->choices, s))
            return hkz_cli_usage_error("%s: expected %s (got '%s')", opt,
                                       hkz_cli_choice_names(o, names,
                                                            sizeof(names)),
                                       s);
        break;
    case HKZ_OPT_BALL:
        if ((rc = hkz_cli_ball(at(args, o->dest), opt, s, prec)))
            return rc;
        return check_sign(at(args, o->dest), o->sign, opt, s);
    case HKZ_OPT_LIST:
        return parse_list(at(args, o->dest), o, opt, s, prec);
    default:
        if (s[0] == '\0')
            return hkz_cli_usage_error("%s: empty value", opt);
        break;
    }
    *(const char **) at(args, o->dest) = s;
    /* the paths a run writes, checked before any work */
    if (o->type == HKZ_OPT_STRING && (strcmp(o->name, "checkpoint") == 0 ||
                                      strcmp(o->name, "save") == 0))
        return hkz_cli_path_writable(opt, s);
    if (o->type == HKZ_OPT_CUSTOM && o->check != NULL)
        return o->check(args, opt, s, prec);
    return 0;
}

/* The common options' values into r. */
static int set_common(hkz_cli_run_t *r, const char **cv)
{
    slong v;
    int rc;
    if (cv[C_DIGITS] != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--digits", cv[C_DIGITS], 1,
                                HKZ_CLI_MAX_DIGITS)))
            return rc;
        r->digits = v;
    }
    if (cv[C_OUT] != NULL)
    {
        if (strcmp(cv[C_OUT], "-") != 0 &&
            (rc = hkz_cli_path_writable("--out", cv[C_OUT])))
            return rc;
        r->out = cv[C_OUT];
    }
    /* the extension of --out picks the format unless --format is given;
       the two must agree */
    if (cv[C_FORMAT] != NULL || cv[C_OUT] != NULL)
    {
        if (hkz_format_of_output(&r->fmt, r->out, cv[C_FORMAT]) !=
            HKZ_SUCCESS)
            return hkz_cli_usage_error("--out/--format: %s", hkz_errmsg());
        if (r->fmt == HKZ_FORMAT_H5 && !(r->cmd->common & HKZ_CLI_H5))
            return hkz_cli_usage_error("--out %s: this command writes "
                                       "text, CSV or JSON Lines (.txt, "
                                       ".csv, .jsonl), not HDF5", r->out);
    }
    r->use_double = cv[C_DOUBLE] != NULL;
    if (cv[C_DERIV] != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--deriv", cv[C_DERIV], 0, 64)))
            return rc;
        r->deriv = (ulong) v;
    }
    if (cv[C_PROGRESS] != NULL && cv[C_NO_PROGRESS] != NULL)
        return hkz_cli_usage_error("give one of --progress and "
                                   "--no-progress");
    r->progress = cv[C_PROGRESS] != NULL ? 1 : cv[C_NO_PROGRESS] != NULL ?
                  0 : -1;  /* -1: decided by isatty(stderr) */
    hkz_goal_init_digits(&r->goal, r->digits);
    r->prec = hkz_cli_input_prec(&r->goal);
    return 0;
}

static const char *id_name(const hkz_cli_cmd_t *cmd, int id)
{
    if (id >= ID_TABLE && id < ID_TABLE + hkz_cli_nopts(cmd))
        return cmd->opts[id - ID_TABLE].name;
    if (id >= ID_COMMON && id < ID_COMMON + C_COUNT)
        return hkz_cli_common_opts[id - ID_COMMON].name;
    return "?";
}

int hkz_cli_parse_opts(hkz_cli_run_t *r, void *args, int argc, char **argv)
{
    const hkz_cli_cmd_t *cmd = r->cmd;
    struct option lo[HKZ_CLI_MAX_OPTS + C_COUNT + 1];
    const char *cv[C_COUNT] = {NULL};
    slong i, k = 0, n = hkz_cli_nopts(cmd);
    int c, rc, help = 0;

    if (n > HKZ_CLI_MAX_OPTS)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many "
                                          "options"));
    for (i = 0; i < n; i++, k++)
    {
        lo[k].name = cmd->opts[i].name;
        lo[k].has_arg = cmd->opts[i].type == HKZ_OPT_FLAG ? no_argument
                                                         : required_argument;
        lo[k].flag = NULL;
        lo[k].val = ID_TABLE + (int) i;
    }
    for (i = 0; i < C_COUNT; i++)
        if (hkz_cli_common_on(cmd, (int) i))
        {
            lo[k].name = hkz_cli_common_opts[i].name;
            lo[k].has_arg = hkz_cli_common_opts[i].type == HKZ_OPT_FLAG ?
                            no_argument : required_argument;
            lo[k].flag = NULL;
            lo[k++].val = ID_COMMON + (int) i;
        }
    memset(lo + k, 0, sizeof(lo[0]));
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", lo, NULL)) != -1)
    {
        const char **slot;
        if (c == 'h' || c == ID_COMMON + C_HELP)
        {
            help = 1;
            continue;
        }
        if (c == ':')
            return hkz_cli_usage_error("option --%s needs a value",
                                       id_name(cmd, optopt));
        if (c == '?')
        {
            if (optopt != 0 && optopt < 256)
                return hkz_cli_usage_error("unknown option '-%c' (see "
                                           "--help)", optopt);
            return hkz_cli_usage_error("unknown option '%s' (see --help)",
                                       argv[optind - 1]);
        }
        slot = c >= ID_TABLE ? &r->given[c - ID_TABLE]
                             : &cv[c - ID_COMMON];
        if (*slot != NULL)
            return hkz_cli_usage_error("option --%s given more than once",
                                       id_name(cmd, c));
        *slot = optarg != NULL ? optarg : "";
    }
    if (help)
        return -1;
    if (optind < argc)
        return hkz_cli_usage_error("unexpected argument '%s' (see --help)",
                                   argv[optind]);
    if ((rc = set_common(r, cv)))
        return rc;
    memcpy(r->given_common, cv, sizeof(cv));
    for (i = 0; i < n; i++)
    {
        const hkz_opt_t *o = cmd->opts + i;
        const char *s = r->given[i] != NULL ? r->given[i] : o->def;
        if (s == NULL)
        {
            if (o->req)
                return hkz_cli_usage_error("missing required option --%s "
                                           "(see --help)", o->name);
            continue;
        }
        if ((rc = set_value(o, args, s, r->prec)))
            return rc;
    }
    return 0;
}

const char *hkz_cli_enum_name(const hkz_opt_enum_t *table, int value)
{
    for (; table->name != NULL; table++)
        if (table->value == value)
            return table->name;
    return "?";
}

const char *hkz_cli_given(const hkz_cli_run_t *r, const char *name)
{
    slong i, n = hkz_cli_nopts(r->cmd);
    for (i = 0; i < n; i++)
        if (strcmp(r->cmd->opts[i].name, name) == 0)
            return r->given[i];
    for (i = 0; i < C_COUNT; i++)
        if (hkz_cli_common_on(r->cmd, (int) i) &&
            strcmp(hkz_cli_common_opts[i].name, name) == 0)
            return r->given_common[i];
    return NULL;
}
