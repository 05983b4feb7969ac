/* Per-factor operators from text: "delta:A; sub:B; milnor:A,B,C" (one
 * factor per ';'-separated item, numbers read exactly as by
 * hkz_ball_set_str), optionally in the spin convention. */
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "su2n_internal.h"

/* "factor I: <message of the failed call>" as HKZ_ERR_ARG (the message
 * is copied first: hkz_error_set writes the same buffer) */
static int factor_error(slong i)
{
    char msg[256];
    strncpy(msg, hkz_errmsg(), sizeof(msg) - 1);
    msg[sizeof(msg) - 1] = '\0';
    return hkz_error_set(HKZ_ERR_ARG, "factor %ld: %s", (long) i, msg);
}

static void trim_right(char *s)
{
    while (*s && s[strlen(s) - 1] == ' ')
        s[strlen(s) - 1] = '\0';
}

/* one item "name:args" as factor i (1-based) */
static int set_item(hkz_su2n_ops_t o, slong i, char *item, arb_ptr v,
                    int spin, slong prec)
{
    char *colon, *name, *a, *save = NULL;
    slong k = 0, nv;
    int op;

    while (*item == ' ' || *item == '\t')
        item++;
    colon = strchr(item, ':');
    if (colon == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "factor %ld: expected 'delta:A', "
                             "'sub:B' or 'milnor:A,B,C' (got '%s')",
                             (long) i, item);
    *colon = '\0';
    name = item;
    trim_right(name);
    if (strcmp(name, "delta") == 0)
        op = HKZ_SU2N_DELTA, nv = 1;
    else if (strcmp(name, "sub") == 0)
        op = HKZ_SU2N_L, nv = 1;
    else if (strcmp(name, "milnor") == 0)
        op = HKZ_SU2N_MILNOR, nv = 3;
    else
        return hkz_error_set(HKZ_ERR_ARG, "factor %ld: unknown operator "
                             "'%s' (delta, sub, milnor)", (long) i, name);
    for (a = strtok_r(colon + 1, ",", &save); a != NULL;
         a = strtok_r(NULL, ",", &save))
    {
        while (*a == ' ')
            a++;
        trim_right(a);
        if (k == nv)
        {
            k++;
            break;
        }
        if (hkz_ball_set_str(v + k, a, prec) != HKZ_SUCCESS)
            return factor_error(i);
        k++;
    }
    if (k != nv)
        return hkz_error_set(HKZ_ERR_ARG, "factor %ld: '%s' takes %ld "
                             "number%s", (long) i, name, (long) nv,
                             nv == 1 ? "" : "s");
    if (spin)
        _arb_vec_scalar_mul_2exp_si(v, v, nv, -2);
    if (hkz_su2n_ops_set_factor(o, i, op, v, nv == 3 ? v + 1 : NULL,
                                nv == 3 ? v + 2 : NULL) != HKZ_SUCCESS)
        return factor_error(i);
    return HKZ_SUCCESS;
}

int hkz_su2n_ops_set_str(hkz_su2n_ops_t o, const char *s, int spin,
                         slong prec)
{
    char *buf, *item, *p, *save = NULL;
    arb_ptr v;
    slong n = 1, i = 0;
    int st = HKZ_SUCCESS;

    if (s == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2n_ops_set_str: NULL");
    buf = malloc(strlen(s) + 1);
    if (buf == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "no memory");
    strcpy(buf, s);
    for (p = buf; *p; p++)
        n += *p == ';';
    hkz_su2n_ops_clear(o);
    hkz_su2n_ops_init(o, n);
    v = _arb_vec_init(3);
    for (item = strtok_r(buf, ";", &save); item != NULL && !st;
         item = strtok_r(NULL, ";", &save))
        st = set_item(o, ++i, item, v, spin, prec);
    if (!st && i != n)
        st = hkz_error_set(HKZ_ERR_ARG, "empty factor in '%s'", s);
    _arb_vec_clear(v, 3);
    free(buf);
    return st;
}
