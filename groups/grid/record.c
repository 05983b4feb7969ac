/* Checkpoint records of grid tiles:
 *   "tile <i> <n> <f>:<ball>;<f>:<ball>;..."
 * f = certified + 2 scalar + 4 (goal missed); <ball> = arb_dump_str (exact:
 * a resumed run writes the same bytes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz/checkpoint.h"
#include "hkz_check.h"

char *_hkz_grid_record(slong tile, const hkz_grid_entry_t *rows, slong n)
{
    char **s = malloc((n > 0 ? n : 1) * sizeof(char *));
    char *res = NULL, *q;
    size_t len = 64;
    slong k;

    if (s == NULL)
        return NULL;
    for (k = 0; k < n; k++)
    {
        s[k] = hkz_ckpt_ball_str(&rows[k].value);
        len += strlen(s[k]) + 4;
    }
    res = malloc(len);
    if (res != NULL)
    {
        q = res + sprintf(res, "tile %ld %ld ", (long) tile, (long) n);
        for (k = 0; k < n; k++)
        {
            int f = (rows[k].certified != 0) + 2 * (rows[k].scalar != 0)
                    + 4 * (rows[k].status == HKZ_ERR_PREC);
            q += sprintf(q, "%s%d:%s", k ? ";" : "", f, s[k]);
        }
    }
    for (k = 0; k < n; k++)
        flint_free(s[k]);
    free(s);
    return res;
}

int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec)
{
    long t, m;
    int used = 0;
    const char *p, *q0;
    char *buf = NULL;
    size_t cap = 0;
    slong k;
    int status = HKZ_SUCCESS;

    if (sscanf(rec, "tile %ld %ld %n", &t, &m, &used) != 2 || used == 0)
        return hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint: malformed "
                             "grid record");
    *tile = t;
    if (rows == NULL)
        return HKZ_SUCCESS;    /* only the tile index */
    HKZ_CHECK(m == n, HKZ_ERR_CHECKPOINT, "checkpoint: tile %ld has %ld "
              "entries, expected %ld", t, m, (long) n);
    p = rec + used;
    /* a record cut short (a damaged file) is named so */
    for (k = 1, q0 = p; (q0 = strchr(q0, ';')) != NULL; q0++)
        k++;
    HKZ_CHECK(k >= n, HKZ_ERR_CHECKPOINT, "checkpoint: the record of tile "
              "%ld is truncated (%ld of %ld entries)", t, (long) k, (long) n);
    for (k = 0; k < n; k++)
    {
        const char *q = strchr(p, ';');
        size_t len = q != NULL ? (size_t) (q - p) : strlen(p);
        int f;
        if (len + 1 > cap)
        {
            char *nb = realloc(buf, len + 1);
            HKZ_CHECK_GOTO(nb != NULL, HKZ_ERR_NOMEM, "out of memory");
            buf = nb;
            cap = len + 1;
        }
        memcpy(buf, p, len);
        buf[len] = '\0';
        HKZ_CHECK_GOTO(len > 2 && buf[1] == ':' && buf[0] >= '0' &&
                       buf[0] <= '7', HKZ_ERR_CHECKPOINT,
                       "checkpoint: malformed entry in tile %ld", t);
        f = buf[0] - '0';
        HKZ_CHECK_GOTO(hkz_ckpt_ball_set(&rows[k].value, buf + 2) ==
                       HKZ_SUCCESS, HKZ_ERR_CHECKPOINT, "checkpoint: entry "
                       "%ld of tile %ld is %s", (long) k, t, k == n - 1 ?
                       "truncated or damaged" : "damaged");
        rows[k].certified = f & 1;
        rows[k].scalar = (f >> 1) & 1;
        rows[k].status = (f & 4) ? HKZ_ERR_PREC : HKZ_SUCCESS;
        HKZ_CHECK_GOTO(q != NULL || k == n - 1, HKZ_ERR_CHECKPOINT,
                       "checkpoint: tile %ld is truncated", t);
        p = q + 1;
    }
cleanup:
    free(buf);
    return status;
}
