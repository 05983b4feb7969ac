/* The generated --help text of a command declared with opt.h: synopsis,
 * description, one line per option (from the table), the common options
 * it takes, the exit codes. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "opt_int.h"


const char *hkz_cli_sub_word(const hkz_cli_cmd_t *cmd)
{
    const char *w = strrchr(cmd->name, ' ');
    return w != NULL ? w + 1 : cmd->name;
}

hkz_opt_t hkz_cli_common_opt(const hkz_cli_cmd_t *cmd, int k)
{
    hkz_opt_t o = hkz_cli_common_opts[k];
    if (k == C_DIGITS && cmd->digits_def != NULL)
        o.def = cmd->digits_def;
    return o;
}

const char *hkz_cli_choice_names(const hkz_opt_t *o, char *buf, size_t n)
{
    size_t k, len = 0;
    if (o->values == NULL)
        return o->choices;
    buf[0] = '\0';
    for (k = 0; o->values[k].name != NULL && len < n; k++)
        len += (size_t) snprintf(buf + len, n - len, "%s%s", k ? "|" : "",
                                 o->values[k].name);
    return buf;
}

const char *hkz_cli_opt_metavar(const hkz_opt_t *o, char *buf, size_t n)
{
    if (o->type == HKZ_OPT_FLAG)
        return NULL;
    if (o->metavar != NULL)
        return o->metavar;
    return o->type == HKZ_OPT_CHOICE ? hkz_cli_choice_names(o, buf, n) :
           "VALUE";
}

/* Appends a synopsis token, wrapping at 79 columns. */
static void token(FILE *f, int *col, int indent, const char *fmt,
                  const char *a, const char *b)
{
    char buf[160];
    int n = snprintf(buf, sizeof(buf), fmt, a, b != NULL ? b : "");
    if (*col + 1 + n > 79 && *col > indent)
    {
        fprintf(f, "\n%*s", indent, "");
        *col = indent;
    }
    else
    {
        fputc(' ', f);
        (*col)++;
    }
    fputs(buf, f);
    *col += n;
}

/* Writes s from column col, wrapped at 79 columns with indent 28. */
static void wrap(FILE *f, int col, const char *s)
{
    while (*s)
    {
        size_t n = strcspn(s, " ");
        if (col > 28 && col + 1 + (int) n > 79)
        {
            fprintf(f, "\n%28s", "");
            col = 28;
        }
        else if (col > 28)
        {
            fputc(' ', f);
            col++;
        }
        fwrite(s, 1, n, f);
        col += (int) n;
        s += n;
        while (*s == ' ')
            s++;
    }
    fputc('\n', f);
}

static void opt_line(FILE *f, const hkz_opt_t *o)
{
    char head[96], text[512], names[160];
    const char *mv = hkz_cli_opt_metavar(o, names, sizeof(names));
    int n = snprintf(head, sizeof(head), "  --%s%s%s", o->name,
                     mv != NULL ? " " : "", mv != NULL ? mv : "");
    if (n > 26)
        fprintf(f, "%s\n%28s", head, "");
    else
        fprintf(f, "%-28s", head);
    snprintf(text, sizeof(text), "%s%s%s%s", o->help != NULL ? o->help : "",
             o->req ? " (required)" : o->def != NULL ? " (default " : "",
             !o->req && o->def != NULL ? o->def : "",
             !o->req && o->def != NULL ? ")" : "");
    wrap(f, 28, text);
}

static const char *exit_codes =
    "Exit codes: 0 ok; 1 runtime error; 2 usage error, too large for the "
    "method or\ncheckpoint mismatch; 3 accuracy goal missed (rows written, "
    "status says which);\n4 verdict FAIL; 130 interrupted (SIGINT/SIGTERM; "
    "resume with --resume where the\ncommand has it).\n";

void hkz_cli_help(FILE *f, const hkz_cli_cmd_t *cmd, const char *path)
{
    slong i, n = hkz_cli_nopts(cmd);
    int col, indent;

    if (cmd->sub != NULL)
    {
        fprintf(f, "usage: hkz %s ", path);
        for (i = 0; cmd->sub[i] != NULL; i++)
            fprintf(f, "%s%s", i ? "|" : "", hkz_cli_sub_word(cmd->sub[i]));
        fprintf(f, " [options]   (hkz %s <%s> --help)\n\n", path,
                "subcommand");
        if (cmd->description != NULL)
            fprintf(f, "%s\n", cmd->description);
        for (i = 0; cmd->sub[i] != NULL; i++)
            fprintf(f, "  %-12s %s\n", hkz_cli_sub_word(cmd->sub[i]),
                    cmd->sub[i]->summary);
        fprintf(f, "\n%s", exit_codes);
        return;
    }
    if (cmd->synopsis != NULL)
        fprintf(f, "usage: hkz %s %s\n", path, cmd->synopsis);
    else
    {
        col = fprintf(f, "usage: hkz %s", path);
        indent = col + 1;
        for (i = 0; i < n; i++)
        {
            char t[192], names[160];
            const char *mv = hkz_cli_opt_metavar(cmd->opts + i, names,
                                                 sizeof(names));
            snprintf(t, sizeof(t), cmd->opts[i].req ? "--%s%s%s" :
                     "[--%s%s%s]", cmd->opts[i].name, mv != NULL ? " " : "",
                     mv != NULL ? mv : "");
            token(f, &col, indent, "%s%s", t, NULL);
        }
        token(f, &col, indent, "%s%s", "[common options]", NULL);
        fputc('\n', f);
    }
    if (cmd->description != NULL)
        fprintf(f, "\n%s", cmd->description);
    if (n > 0)
    {
        fprintf(f, "\nOptions:\n");
        for (i = 0; i < n; i++)
            opt_line(f, cmd->opts + i);
    }
    fprintf(f, "\nCommon options:\n");
    for (i = 0; i < C_COUNT; i++)
        if (hkz_cli_common_on(cmd, (int) i))
        {
            hkz_opt_t o = hkz_cli_common_opt(cmd, (int) i);
            opt_line(f, &o);
        }
    fprintf(f, "\n%s", exit_codes);
}
