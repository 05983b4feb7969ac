/* Shards of the box as exact text records (hkz_su2mix_box_range_rec) and
 * their sum in record order (hkz_su2mix_box_add_rec): a box split over
 * processes adds up bitwise as the unsplit box_range.
 *
 * One line per block, fields of the record codec (hkz/record.h):
 *   b d le lmin_d lmin lmin0 sd_0 tr_0 ... sd_{nt-1} tr_{nt-1}
 * doubles exact in C99 hex, balls exact. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "box_internal.h"
#include "hkz/record.h"
#include "hkz_check.h"

typedef struct
{
    char *s;
    size_t len, alloc;
} buf_t;

static int put(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->alloc)
    {
        size_t na = FLINT_MAX(2 * b->alloc, b->len + n + 256);
        char *t = flint_realloc(b->s, na);
        if (t == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "su2mix records: no memory");
        b->s = t;
        b->alloc = na;
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
    return HKZ_SUCCESS;
}

/* one block's line (the record codec of hkz/record.h), then '\n' */
static int put_blk(buf_t *b, hkz_rec_enc_t *e, const _hkz_su2mix_blk_t *r,
                   slong nt)
{
    const char *line;
    slong j;
    hkz_rec_enc_reset(e);
    hkz_rec_put_slong(e, r->b);
    hkz_rec_put_slong(e, r->d);
    hkz_rec_put_slong(e, r->le);
    hkz_rec_put_d(e, r->lmin_d);
    hkz_rec_put_ball(e, r->lmin);
    hkz_rec_put_ball(e, r->lmin0);
    for (j = 0; j < nt; j++)
    {
        hkz_rec_put_d(e, r->sd[j]);
        hkz_rec_put_ball(e, r->tr + j);
    }
    if ((line = hkz_rec_enc_str(e)) == NULL)
        return HKZ_ERR_NOMEM;
    HKZ_TRY(put(b, line));
    return put(b, "\n");
}

int hkz_su2mix_box_range_rec(char **rec, size_t *len,
                             const hkz_su2mix_box_t bx,
                             const hkz_su2mix_op_t op, slong b0, slong b1,
                             int certified, slong prec)
{
    _hkz_su2mix_blk_work_t wk;
    _hkz_su2mix_blk_t r;
    hkz_rec_enc_t e;
    buf_t buf;
    slong b;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(rec != NULL && len != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_range_rec: NULL output");
    HKZ_CHECK(op->n == bx->n, HKZ_ERR_ARG, "hkz_su2mix_box_range_rec: the "
              "operator has %ld factors, the box %ld", (long) op->n,
              (long) bx->n);
    HKZ_CHECK(0 <= b0 && b0 <= b1 && b1 <= bx->nblocks, HKZ_ERR_ARG,
              "hkz_su2mix_box_range_rec: bad block range [%ld, %ld)",
              (long) b0, (long) b1);
    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_range_rec: no minorant");
    buf.s = *rec;
    buf.len = *rec != NULL ? *len : 0;
    buf.alloc = *rec != NULL ? *len + 1 : 0;
    _hkz_su2mix_blk_work_init(&wk, bx, certified);
    _hkz_su2mix_blk_init(&r, bx->nt);
    hkz_rec_enc_init(&e);
    if (buf.s == NULL)
        status = put(&buf, "");
    for (b = b0; b < b1 && status == HKZ_SUCCESS; b++)
    {
        status = _hkz_su2mix_blk_run(&r, &wk, bx, op, b, certified, prec);
        if (status == HKZ_SUCCESS)
            status = put_blk(&buf, &e, &r, bx->nt);
    }
    hkz_rec_enc_clear(&e);
    _hkz_su2mix_blk_clear(&r, bx->nt);
    _hkz_su2mix_blk_work_clear(&wk);
    *rec = buf.s;
    *len = buf.len;
    return status;
}

/* Parses one record line into r. */
static int parse_blk(_hkz_su2mix_blk_t *r, const char *line,
                     const hkz_su2mix_box_struct *bx)
{
    hkz_rec_dec_t d;
    slong j;
    hkz_rec_dec_init(&d, line, "su2mix block");
    HKZ_TRY(hkz_rec_get_slong(&d, &r->b));
    HKZ_TRY(hkz_rec_get_slong(&d, &r->d));
    HKZ_TRY(hkz_rec_get_int(&d, &r->le));
    HKZ_TRY(hkz_rec_get_d(&d, &r->lmin_d));
    HKZ_TRY(hkz_rec_get_ball(&d, r->lmin));
    HKZ_TRY(hkz_rec_get_ball(&d, r->lmin0));
    for (j = 0; j < bx->nt; j++)
    {
        HKZ_TRY(hkz_rec_get_d(&d, r->sd + j));
        HKZ_TRY(hkz_rec_get_ball(&d, r->tr + j));
    }
    HKZ_TRY(hkz_rec_end(&d));
    HKZ_CHECK(r->b >= 0 && r->b < bx->nblocks && r->d >= 1,
              HKZ_ERR_CHECKPOINT, "block %ld (d = %ld) outside the box",
              (long) r->b, (long) r->d);
    return HKZ_SUCCESS;
}

int hkz_su2mix_box_add_rec(hkz_su2mix_box_t bx, const char *rec,
                           size_t len, int certified, slong prec)
{
    _hkz_su2mix_blk_t r;
    char *text, *p, *end, *e;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(rec != NULL || len == 0, HKZ_ERR_ARG,
              "hkz_su2mix_box_add_rec: NULL records");
    if (len == 0)
        return HKZ_SUCCESS;
    text = flint_malloc(len + 1);
    memcpy(text, rec, len);
    text[len] = '\0';
    end = text + len;
    _hkz_su2mix_blk_init(&r, bx->nt);
    for (p = text; p < end && status == HKZ_SUCCESS; p = e + 1)
    {
        if ((e = memchr(p, '\n', end - p)) == NULL)
            e = end;
        *e = '\0';
        if (parse_blk(&r, p, bx) != HKZ_SUCCESS)
        {
            char msg[256];
            snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_su2mix_box_add_rec: "
                                   "%s", msg);
        }
        else
            _hkz_su2mix_blk_add(bx, &r, certified, prec);
    }
    _hkz_su2mix_blk_clear(&r, bx->nt);
    flint_free(text);
    return status;
}
