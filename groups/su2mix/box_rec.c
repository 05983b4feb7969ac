/* Shards of the box as exact text records (hkz_su2mix_box_range_rec) and
 * their sum in record order (hkz_su2mix_box_add_rec): a box split over
 * processes adds up bitwise as the unsplit box_range.
 *
 * One line per block: b|d|le|lmin_d|lmin|lmin0|sd_0|tr_0|...|sd_{nt-1}|
 * tr_{nt-1} with doubles in C99 hex ("%a", read back exactly by strtod)
 * and balls as arb_dump_str. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "box_internal.h"
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

static int put_ball(buf_t *b, const arb_t x)
{
    char *s = arb_dump_str(x);
    int st = put(b, "|");
    if (st == HKZ_SUCCESS)
        st = put(b, s);
    flint_free(s);
    return st;
}

static int put_dbl(buf_t *b, double d)
{
    char tmp[48];
    snprintf(tmp, sizeof(tmp), "|%a", d);
    return put(b, tmp);
}

static int put_blk(buf_t *b, const _hkz_su2mix_blk_t *r, slong nt)
{
    char tmp[64];
    slong j;
    int st;
    snprintf(tmp, sizeof(tmp), "%ld|%ld|%d", (long) r->b, (long) r->d,
             r->le);
    st = put(b, tmp);
    st = st ? st : put_dbl(b, r->lmin_d);
    st = st ? st : put_ball(b, r->lmin);
    st = st ? st : put_ball(b, r->lmin0);
    for (j = 0; j < nt && st == HKZ_SUCCESS; j++)
    {
        st = put_dbl(b, r->sd[j]);
        st = st ? st : put_ball(b, r->tr + j);
    }
    return st ? st : put(b, "\n");
}

int hkz_su2mix_box_range_rec(char **rec, size_t *len,
                             const hkz_su2mix_box_t bx,
                             const hkz_su2mix_op_t op, slong b0, slong b1,
                             int certified, slong prec)
{
    _hkz_su2mix_blk_work_t wk;
    _hkz_su2mix_blk_t r;
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
    if (buf.s == NULL)
        status = put(&buf, "");
    for (b = b0; b < b1 && status == HKZ_SUCCESS; b++)
    {
        status = _hkz_su2mix_blk_run(&r, &wk, bx, op, b, certified, prec);
        if (status == HKZ_SUCCESS)
            status = put_blk(&buf, &r, bx->nt);
    }
    _hkz_su2mix_blk_clear(&r, bx->nt);
    _hkz_su2mix_blk_work_clear(&wk);
    *rec = buf.s;
    *len = buf.len;
    return status;
}

/* Next '|'-separated field of the line [*p, end): NUL-terminated in
 * place; NULL when the line has no more fields. */
static char *field(char **p, char *end)
{
    char *s = *p, *e;
    if (s == NULL || s > end)
        return NULL;
    for (e = s; e < end && *e != '|'; e++)
        ;
    *e = '\0';
    *p = e < end ? e + 1 : NULL;
    return s;
}

static int get_long(slong *v, char **p, char *end)
{
    char *s = field(p, end), *e;
    if (s == NULL || *s == '\0')
        return 0;
    *v = strtol(s, &e, 10);
    return *e == '\0';
}

static int get_dbl(double *v, char **p, char *end)
{
    char *s = field(p, end), *e;
    if (s == NULL || *s == '\0')
        return 0;
    *v = strtod(s, &e);
    return *e == '\0';
}

static int get_ball(arb_t x, char **p, char *end)
{
    char *s = field(p, end);
    return s != NULL && arb_load_str(x, s) == 0;
}

/* Parses one record line [p, end) into r. */
static int parse_blk(_hkz_su2mix_blk_t *r, char *p, char *end,
                     const hkz_su2mix_box_struct *bx)
{
    slong j, le = 0;
    int ok = get_long(&r->b, &p, end) && get_long(&r->d, &p, end) &&
             get_long(&le, &p, end) && get_dbl(&r->lmin_d, &p, end) &&
             get_ball(r->lmin, &p, end) && get_ball(r->lmin0, &p, end);
    for (j = 0; j < bx->nt && ok; j++)
        ok = get_dbl(r->sd + j, &p, end) && get_ball(r->tr + j, &p, end);
    r->le = (int) le;
    return ok && p == NULL && r->b >= 0 && r->b < bx->nblocks && r->d >= 1;
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
        if (!parse_blk(&r, p, e, bx))
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_su2mix_box_add_rec: "
                                   "malformed record '%.40s'", p);
        else
            _hkz_su2mix_blk_add(bx, &r, certified, prec);
    }
    _hkz_su2mix_blk_clear(&r, bx->nt);
    flint_free(text);
    return status;
}
