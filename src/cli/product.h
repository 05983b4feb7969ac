/* product.h -- private to hkz product (cmd_product*.c, cli_product.c). */
#ifndef HKZ_CLI_PRODUCT_H
#define HKZ_CLI_PRODUCT_H

#include "cli.h"

/* The options of hkz product heat and dist (one args struct). */
typedef struct
{
    const char *dw, *sw, *at, *factors;
    int spin;
    hkz_cli_balls_t t, tail;
} prod_args_t;

/* The operator of hkz product heat. */
typedef struct
{
    int op;                  /* DELTA / L of the weights (tail) */
    int have_w;              /* weights given */
    hkz_su2n_weights_t w;
    int have_x;
    hkz_su2n_point_t x;
    int have_ops;            /* --factors */
    hkz_su2n_ops_t ops;
} prod_heat_t;

/* The operators and point of hkz product dist. */
typedef struct
{
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    int tail;
    arb_t dlo, dhi;
} prod_dist_t;

/* LIST of --factors: "delta:A; sub:B; milnor:A,B,C" (spin: every
 * coefficient divided by 4).  0 or a usage error (2). */
int hkz_cli_factors(hkz_su2n_ops_t o, const char *s, int spin, slong prec);

/* mu_t with the Ziv loop of hkz_goal_eval, stopped early for +inf and
 * partial products (no accuracy to gain there).  Mathematics kept in the
 * CLI (issue 10: candidate for groups/su2n). */
int hkz_cli_product_heat(arb_t res, hkz_su2n_info_t *info, prod_heat_t *j,
                         const arb_t t, slong digits, int use_double);

/* One distance with the Ziv loop; *nc = 1 if the tail makes it
 * undecidable (finite or infinite).  Same remark. */
int hkz_cli_product_dist(arb_t d, int *nc, prod_dist_t *j, int op,
                         slong digits);

/* hkz product dist (cmd_product_dist.c). */
int hkz_cli_product_dist_run(hkz_cli_run_t *r, void *args);

#endif
