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

char *_hkz_grid_record_tb(const _hkz_grid_tbuf_t *tb)
{
    hkz_rec_enc_t e;
    arb_t x;
    slong k;
    int missed;

    arb_init(x);
    hkz_rec_enc_init(&e);
    hkz_rec_put_word(&e, "tile");
    hkz_rec_put_slong(&e, tb->tile);
    hkz_rec_put_slong(&e, tb->n);
    for (k = 0; k < tb->n; k++)
    {
        _hkz_grid_tb_ball(x, &missed, tb, k);
        hkz_rec_put_slong(&e, (tb->cert[k] != 0) + 2 * (tb->scal[k] != 0)
                          + 4 * missed + 8 * _hkz_grid_tb_tier2(tb, k));
        hkz_rec_put_ball(&e, x);
    }
    arb_clear(x);
    if (hkz_rec_enc_str(&e) == NULL)
    {
        hkz_rec_enc_clear(&e);
        return NULL;
    }
    return e.s;
}

/* the flags and ball of the next entry */
static int get_entry(hkz_rec_dec_t *d, hkz_grid_entry_t *r, const char *rec)
{
    slong f;
    HKZ_TRY(hkz_rec_get_slong(d, &f));
    HKZ_CHECK(f >= 0 && f <= 15, HKZ_ERR_CHECKPOINT, "checkpoint: "
              "malformed field %d of grid tile record '%.40s'", d->field,
              rec);
    HKZ_TRY(hkz_rec_get_ball(d, &r->value));
    r->certified = f & 1;
    r->scalar = (f >> 1) & 1;
    r->tier2 = (f >> 3) & 1;
    r->status = (f & 4) ? HKZ_ERR_PREC : HKZ_SUCCESS;
    return HKZ_SUCCESS;
}

int _hkz_grid_record_load_tb(_hkz_grid_tbuf_t *tb, const char *rec)
{
    hkz_rec_dec_t d;
    hkz_grid_entry_t r;
    char w[8];
    slong m, k, tile;
    int status = HKZ_SUCCESS;

    /* (NULL: a streamed checkpoint could not read the record back) */
    HKZ_CHECK(rec != NULL, HKZ_ERR_IO, "checkpoint: cannot read a record");
    hkz_rec_dec_init(&d, rec, "grid tile");
    HKZ_TRY(hkz_rec_get_word(&d, w, sizeof(w)));
    HKZ_CHECK(strcmp(w, "tile") == 0, HKZ_ERR_CHECKPOINT, "checkpoint: "
              "not a grid tile record: '%.40s'", rec);
    HKZ_TRY(hkz_rec_get_slong(&d, &tile));
    HKZ_TRY(hkz_rec_get_slong(&d, &m));
    HKZ_CHECK(tile == tb->tile && m == tb->n, HKZ_ERR_CHECKPOINT,
              "checkpoint: tile %ld has %ld entries, expected tile %ld of "
              "%ld", (long) tile, (long) m, (long) tb->tile, (long) tb->n);
    tb->nsc = 0;
    arb_init(&r.value);
    for (k = 0; k < m && status == HKZ_SUCCESS; k++)
    {
        status = get_entry(&d, &r, rec);
        if (status == HKZ_SUCCESS)
            status = _hkz_grid_tb_load(tb, &r, k);
    }
    arb_clear(&r.value);
    if (status == HKZ_SUCCESS)
        _hkz_grid_tb_finish(tb);
    return status == HKZ_SUCCESS ? hkz_rec_end(&d) : status;
}

int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec)
{
    hkz_rec_dec_t d;
    char w[8];
    slong m, k;

    /* (NULL: a streamed checkpoint could not read the record back) */
    HKZ_CHECK(rec != NULL, HKZ_ERR_IO, "checkpoint: cannot read a record");
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
        HKZ_TRY(get_entry(&d, rows + k, rec));
    return hkz_rec_end(&d);
}
