/* hkz product: the parts that are not option handling -- the --factors
 * grammar and the Ziv loops of mu_t and of the distances (they stop early
 * where no accuracy can be gained: +inf, partial products, tail ranges;
 * hkz_goal_eval cannot, so they stay here until groups/su2n offers it). */
#include <stdlib.h>
#include <string.h>
#include "product.h"

static int heat_eval(arb_t res, hkz_su2n_info_t *info, prod_heat_t *j,
                     const arb_t t, slong prec)
{
    if (j->have_ops)
        return hkz_su2n_ops_heat(res, info, j->ops, t, j->x, prec);
    if (j->have_x)
        return hkz_su2n_heat(res, info, j->w, j->op, t, j->x, prec);
    return hkz_su2n_heat_e(res, info, j->w, j->op, t, prec);
}

int hkz_cli_product_heat(arb_t res, hkz_su2n_info_t *info, prod_heat_t *j,
                         const arb_t t, slong digits, int use_double)
{
    slong bits = hkz_digits_to_bits(digits), prec = bits + 32;
    slong max_prec = 16 * bits + 4096;
    int s;
    if (use_double)
        return heat_eval(res, info, j, t, 53);
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

int hkz_cli_product_dist(arb_t d, int *nc, prod_dist_t *j, int op,
                         slong digits)
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

int hkz_cli_factors(hkz_su2n_ops_t o, const char *s, int spin, slong prec)
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
