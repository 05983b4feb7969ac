/* opt_int.h -- private to opt.c and opt_help.c: the common options. */
#ifndef HKZ_CLI_OPT_INT_H
#define HKZ_CLI_OPT_INT_H

#include "opt.h"

enum { C_DIGITS, C_FORMAT, C_OUT, C_DOUBLE, C_DERIV, C_PROGRESS,
       C_NO_PROGRESS, C_HELP, C_COUNT };

/* The common options (opt.c); .dest is the HKZ_CLI_* flag. */
extern const hkz_opt_t hkz_cli_common_opts[C_COUNT];

/* Whether cmd takes common option k; the number of options of cmd. */
int hkz_cli_common_on(const hkz_cli_cmd_t *cmd, int k);
slong hkz_cli_nopts(const hkz_cli_cmd_t *cmd);

/* The word that selects a subcommand: the last word of its name ("X8" of
 * "compare X8"); the value name of an option in help texts (NULL: a flag). */
const char *hkz_cli_sub_word(const hkz_cli_cmd_t *cmd);
const char *hkz_cli_opt_metavar(const hkz_opt_t *o, char *buf, size_t n);

/* The names of a CHOICE option, "a|b|c", into buf (n bytes); buf. */
const char *hkz_cli_choice_names(const hkz_opt_t *o, char *buf, size_t n);

/* Common option k as cmd takes it (its --digits default). */
hkz_opt_t hkz_cli_common_opt(const hkz_cli_cmd_t *cmd, int k);

#endif
