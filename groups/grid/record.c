/* Checkpoint records of grid tiles (the codec of hkz/record.h):
 *   "tile <i> <n> <f> <ball> <f> <ball> ..."
 * f = certified + 2 scalar + 4 (goal missed) + 8 (fixed-point tier);
 * <ball> exact (a resumed run writes the same bytes). */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz/record.h"
#include "hkz_check.h"

char *_hkz_grid_record(slong tile, const hkz_grid_entry_t *rows, slong n)
{
    hkz_rec_enc_t e;
    slong k;

    hkz_rec_enc_init(&e);
    hkz_rec_put_word(&e, "tile");
    hkz_rec_put_slong(&e, tile);
    hkz_rec_put_slong(&e, n);
    for (k = 0; k < n; k++)
    {
        hkz_rec_put_slong(&e, (rows[k].certified != 0) +
                          2 * (rows[k].scalar != 0) +
                          4 * (rows[k].status == HKZ_ERR_PREC) +
                          8 * (rows[k].tier2 != 0));
        hkz_rec_put_ball(&e, &rows[k].value);
    }
    if (hkz_rec_enc_str(&e) == NULL)
    {
        hkz_rec_enc_clear(&e);
        return NULL;
    }
    return e.s;             /* the caller frees it */
}

int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec)
{
    hkz_rec_dec_t d;
    char w[8];
    slong m, k, f;

    hkz_rec_dec_init(&d, rec, "grid tile");
    HKZ_TRY(hkz_rec_get_word(&d, w, sizeof(w)));
    HKZ_CHECK(strcmp(w, "tile") == 0, HKZ_ERR_CHECKPOINT, "checkpoint: "
              "not a grid tile record: '%.40s'", rec);
    HKZ_TRY(hkz_rec_get_slong(&d, tile));
    HKZ_TRY(hkz_rec_get_slong(&d, &m));
    if (rows == NULL)
        return HKZ_SUCCESS;    /* only the tile index */
    HKZ_CHECK(m == n, HKZ_ERR_CHECKPOINT, "checkpoint: tile %ld has %ld "
              "entries, expected %ld", (long) *tile, (long) m, (long) n);
    for (k = 0; k < n; k++)
    {
        HKZ_TRY(hkz_rec_get_slong(&d, &f));
        HKZ_CHECK(f >= 0 && f <= 15, HKZ_ERR_CHECKPOINT, "checkpoint: "
                  "malformed field %d of grid tile record '%.40s'", d.field,
                  rec);
        HKZ_TRY(hkz_rec_get_ball(&d, &rows[k].value));
        rows[k].certified = f & 1;
        rows[k].scalar = (f >> 1) & 1;
        rows[k].tier2 = (f >> 3) & 1;
        rows[k].status = (f & 4) ? HKZ_ERR_PREC : HKZ_SUCCESS;
    }
    return hkz_rec_end(&d);
}
