/* Tracker records: one line per start, certified step or failure, with
 * exact balls (the record codec of hkz/record.h), shared by the checkpoints
 * (hkz/checkpoint.h) and by hkz_ly_track_pack / unpack (a process sends
 * its zeros to the one that writes):
 *   start j prec theta
 *   step j dir prec dt ta tb box theta_b       (dt: exact %a double)
 *   fail j ta
 * j is the 0-based zero index.  The state of a zero after its records is
 * the state of the run right after its last recorded step. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "track_internal.h"
#include "hkz/record.h"
#include "hkz_check.h"

int _hkz_ly_sbuf_add(_hkz_ly_sbuf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->alloc)
    {
        size_t na = FLINT_MAX(2 * b->alloc, b->len + n + 1024);
        char *p = flint_realloc(b->s, na);
        if (p == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "track records: out of "
                                 "memory");
        b->s = p;
        b->alloc = na;
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
    return HKZ_SUCCESS;
}

/* the record in e, then sep */
static int add_line(_hkz_ly_sbuf_t *b, hkz_rec_enc_t *e, char sep)
{
    char end[2] = {sep, '\0'};
    const char *s = hkz_rec_enc_str(e);
    if (s == NULL)
        return HKZ_ERR_NOMEM;
    HKZ_TRY(_hkz_ly_sbuf_add(b, s));
    return _hkz_ly_sbuf_add(b, end);
}

static int track_records(_hkz_ly_sbuf_t *b, hkz_rec_enc_t *e,
                         const hkz_ly_track_struct *tr, slong i, int all,
                         char sep)
{
    slong k, j = tr->j0 + i;

    if (tr->started[i] && (all || !tr->saved_start[i]))
    {
        hkz_rec_enc_reset(e);
        hkz_rec_put_word(e, "start");
        hkz_rec_put_slong(e, j);
        hkz_rec_put_slong(e, tr->prec0[i]);
        hkz_rec_put_ball(e, tr->theta0 + i);
        HKZ_TRY(add_line(b, e, sep));
    }
    for (k = all ? 0 : tr->saved[i]; k < tr->nsteps[i]; k++)
    {
        const hkz_ly_step_struct *s = tr->steps[i] + k;
        hkz_rec_enc_reset(e);
        hkz_rec_put_word(e, "step");
        hkz_rec_put_slong(e, j);
        hkz_rec_put_slong(e, s->dir);
        hkz_rec_put_slong(e, tr->prec[i]);
        hkz_rec_put_d(e, tr->dt[i]);
        hkz_rec_put_ball(e, &s->ta);
        hkz_rec_put_ball(e, &s->tb);
        hkz_rec_put_ball(e, &s->box);
        hkz_rec_put_ball(e, &s->theta_b);
        HKZ_TRY(add_line(b, e, sep));
    }
    if (tr->done[i] < 0 && (all || !tr->saved_fail[i]))
    {
        arb_t x;
        arb_init(x);
        arb_set_arf(x, tr->ta + i);
        hkz_rec_enc_reset(e);
        hkz_rec_put_word(e, "fail");
        hkz_rec_put_slong(e, j);
        hkz_rec_put_ball(e, x);
        arb_clear(x);
        HKZ_TRY(add_line(b, e, sep));
    }
    return HKZ_SUCCESS;
}

int _hkz_ly_track_records(_hkz_ly_sbuf_t *b, const hkz_ly_track_struct *tr,
                          slong i, int all, char sep)
{
    hkz_rec_enc_t e;
    int st;
    hkz_rec_enc_init(&e);
    st = track_records(b, &e, tr, i, all, sep);
    hkz_rec_enc_clear(&e);
    return st;
}

void _hkz_ly_track_mark_saved(hkz_ly_track_t tr)
{
    slong i;
    for (i = 0; i < tr->j1 - tr->j0; i++)
    {
        tr->saved[i] = tr->nsteps[i];
        tr->saved_start[i] = tr->started[i];
        tr->saved_fail[i] = tr->done[i] < 0;
    }
}

#define BAD() hkz_error_set(HKZ_ERR_CHECKPOINT, "track record '%.40s' " \
                            "does not belong to this run", rec)

/* a step record after "step j": dir prec dt ta tb box theta_b */
static int apply_step(hkz_ly_track_t tr, slong i, hkz_rec_dec_t *d,
                      const char *rec)
{
    slong prec;
    int dir, st;
    double dt;
    hkz_ly_step_struct *s;

    HKZ_TRY(hkz_rec_get_int(d, &dir));
    HKZ_TRY(hkz_rec_get_slong(d, &prec));
    HKZ_TRY(hkz_rec_get_d(d, &dt));
    if (!tr->started[i] || prec < 2 || dir < -1 || dir > 1)
        return BAD();
    s = _hkz_ly_track_new_step(tr, i);
    s->dir = dir;
    st = hkz_rec_get_ball(d, &s->ta);
    if (st == HKZ_SUCCESS)
        st = hkz_rec_get_ball(d, &s->tb);
    if (st == HKZ_SUCCESS)
        st = hkz_rec_get_ball(d, &s->box);
    if (st == HKZ_SUCCESS)
        st = hkz_rec_get_ball(d, &s->theta_b);
    if (st == HKZ_SUCCESS)
        st = hkz_rec_end(d);
    if (st == HKZ_SUCCESS && (!arb_is_finite(&s->ta) ||
        !arb_is_finite(&s->box) || !arb_is_finite(&s->theta_b) ||
        !arb_is_exact(&s->tb) || !arb_is_finite(&s->tb) ||
        arf_cmp(arb_midref(&s->ta), tr->ta + i) != 0))
        st = BAD();
    if (st != HKZ_SUCCESS)
    {
        tr->nsteps[i]--;
        arb_clear(&s->ta);
        arb_clear(&s->tb);
        arb_clear(&s->box);
        arb_clear(&s->theta_b);
        return st;
    }
    arf_set(tr->ta + i, arb_midref(&s->tb));
    arb_set(tr->theta + i, &s->theta_b);
    tr->prec[i] = prec;
    tr->dt[i] = dt;
    if (tr->nsteps[i] == 1)
        tr->dir[i] = dir == 0 ? 2 : dir;
    else if (tr->dir[i] != dir)
        tr->dir[i] = 2;
    tr->done[i] = arf_cmp(tr->ta + i, arb_midref(&tr->t1)) >= 0;
    return HKZ_SUCCESS;
}

int _hkz_ly_track_apply(hkz_ly_track_t tr, const char *rec)
{
    hkz_rec_dec_t d;
    char kind[8];
    slong j, i, prec;

    hkz_rec_dec_init(&d, rec, "track");
    HKZ_TRY(hkz_rec_get_word(&d, kind, sizeof(kind)));
    HKZ_TRY(hkz_rec_get_slong(&d, &j));
    if (j < tr->j0 || j >= tr->j1)
        return BAD();
    i = j - tr->j0;
    if (strcmp(kind, "start") == 0)
    {
        HKZ_TRY(hkz_rec_get_slong(&d, &prec));
        if (prec < 2 || tr->nsteps[i] > 0)
            return BAD();
        HKZ_TRY(hkz_rec_get_ball(&d, tr->theta0 + i));
        HKZ_TRY(hkz_rec_end(&d));
        if (!arb_is_finite(tr->theta0 + i))
            return BAD();
        arb_set(tr->theta + i, tr->theta0 + i);
        tr->prec0[i] = tr->prec[i] = prec;
        tr->dt[i] = 0;
        tr->dir[i] = 0;
        tr->done[i] = 0;
        tr->started[i] = 1;
        arf_set(tr->ta + i, arb_midref(&tr->t0));
        return HKZ_SUCCESS;
    }
    if (strcmp(kind, "fail") == 0)
    {
        arb_t x;
        int st;
        arb_init(x);
        st = hkz_rec_get_ball(&d, x);
        if (st == HKZ_SUCCESS)
            st = hkz_rec_end(&d);
        if (st == HKZ_SUCCESS && (!arb_is_exact(x) || !arb_is_finite(x)))
            st = BAD();
        if (st == HKZ_SUCCESS)
        {
            arf_set(tr->ta + i, arb_midref(x));
            tr->done[i] = -1;
        }
        arb_clear(x);
        return st;
    }
    if (strcmp(kind, "step") != 0)
        return BAD();
    return apply_step(tr, i, &d, rec);
}

int hkz_ly_track_pack(char **buf, size_t *len, const hkz_ly_track_t tr)
{
    _hkz_ly_sbuf_t b = {NULL, 0, 0};
    slong i;
    int st = HKZ_SUCCESS;
    HKZ_CHECK(buf != NULL && len != NULL && tr != NULL, HKZ_ERR_ARG,
              "hkz_ly_track_pack: NULL argument");
    st = _hkz_ly_sbuf_add(&b, "");
    for (i = 0; i < tr->j1 - tr->j0 && st == HKZ_SUCCESS; i++)
        st = _hkz_ly_track_records(&b, tr, i, 1, '\n');
    if (st != HKZ_SUCCESS)
    {
        flint_free(b.s);
        return st;
    }
    *buf = b.s;
    *len = b.len;
    return HKZ_SUCCESS;
}

int hkz_ly_track_unpack(hkz_ly_track_t tr, const char *buf, size_t len)
{
    char *line = NULL;
    size_t a = 0, e, cap = 0;
    int st = HKZ_SUCCESS;
    HKZ_CHECK(tr != NULL && (buf != NULL || len == 0), HKZ_ERR_ARG,
              "hkz_ly_track_unpack: NULL argument");
    while (a < len && st == HKZ_SUCCESS)
    {
        for (e = a; e < len && buf[e] != '\n'; e++)
            ;
        if (e - a + 1 > cap)
        {
            cap = 2 * (e - a + 1);
            line = flint_realloc(line, cap);
        }
        memcpy(line, buf + a, e - a);
        line[e - a] = '\0';
        if (e > a)
            st = _hkz_ly_track_apply(tr, line);
        a = e + 1;
    }
    flint_free(line);
    return st;
}

int _hkz_ly_track_params(hkz_ckpt_t c, const hkz_ly_track_struct *tr)
{
    HKZ_TRY(hkz_ckpt_param(c, "family", tr->family));
    HKZ_TRY(hkz_ckpt_param_slong(c, "W", tr->W));
    HKZ_TRY(hkz_ckpt_param_slong(c, "j0", tr->j0));
    HKZ_TRY(hkz_ckpt_param_slong(c, "j1", tr->j1));
    HKZ_TRY(hkz_ckpt_param_ball(c, "t0", &tr->t0));
    HKZ_TRY(hkz_ckpt_param_ball(c, "t1", &tr->t1));
    HKZ_TRY(hkz_ckpt_param_slong(c, "rel_bits", tr->rel_bits));
    return hkz_ckpt_param_slong(c, "max_prec", tr->max_prec);
}

int hkz_ly_track_checkpoint(hkz_ly_track_t tr, hkz_ckpt_t c, int resume,
                            slong every)
{
    slong k;
    HKZ_CHECK(tr != NULL && c != NULL, HKZ_ERR_ARG,
              "hkz_ly_track_checkpoint: NULL argument");
    HKZ_TRY(_hkz_ly_track_params(c, tr));
    HKZ_TRY(hkz_ckpt_open(c, resume));
    for (k = 0; k < hkz_ckpt_count(c); k++)
        HKZ_TRY(_hkz_ly_track_apply(tr, hkz_ckpt_get(c, k)));
    _hkz_ly_track_mark_saved(tr);
    tr->ckpt = c;
    tr->every = every > 0 ? every : 32;
    return HKZ_SUCCESS;
}
