/* Tracker records: one line per start, certified step or failure, with
 * exact balls (hkz_ckpt_ball_str), shared by the checkpoints
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

static int add_ball(_hkz_ly_sbuf_t *b, const arb_t x)
{
    char *s = hkz_ckpt_ball_str(x);
    int st = _hkz_ly_sbuf_add(b, " ");
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_sbuf_add(b, s);
    flint_free(s);
    return st;
}

static int end_line(_hkz_ly_sbuf_t *b, char sep)
{
    char e[2] = {sep, '\0'};
    return _hkz_ly_sbuf_add(b, e);
}

int _hkz_ly_track_records(_hkz_ly_sbuf_t *b, const hkz_ly_track_struct *tr,
                          slong i, int all, char sep)
{
    char head[160];
    slong k, j = tr->j0 + i;
    arb_t x;
    int st = HKZ_SUCCESS;

    if (tr->started[i] && (all || !tr->saved_start[i]))
    {
        snprintf(head, sizeof(head), "start %ld %ld", (long) j,
                 (long) tr->prec0[i]);
        HKZ_TRY(_hkz_ly_sbuf_add(b, head));
        HKZ_TRY(add_ball(b, tr->theta0 + i));
        HKZ_TRY(end_line(b, sep));
    }
    for (k = all ? 0 : tr->saved[i]; k < tr->nsteps[i]; k++)
    {
        const hkz_ly_step_struct *s = tr->steps[i] + k;
        snprintf(head, sizeof(head), "step %ld %d %ld %a", (long) j, s->dir,
                 (long) tr->prec[i], tr->dt[i]);
        HKZ_TRY(_hkz_ly_sbuf_add(b, head));
        HKZ_TRY(add_ball(b, &s->ta));
        HKZ_TRY(add_ball(b, &s->tb));
        HKZ_TRY(add_ball(b, &s->box));
        HKZ_TRY(add_ball(b, &s->theta_b));
        HKZ_TRY(end_line(b, sep));
    }
    if (tr->done[i] < 0 && (all || !tr->saved_fail[i]))
    {
        snprintf(head, sizeof(head), "fail %ld", (long) j);
        HKZ_TRY(_hkz_ly_sbuf_add(b, head));
        arb_init(x);
        arb_set_arf(x, tr->ta + i);
        st = add_ball(b, x);
        arb_clear(x);
        HKZ_TRY(st);
        HKZ_TRY(end_line(b, sep));
    }
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

/* Next ball (four tokens of arb_dump_str) from *p. */
static int get_ball(arb_t x, const char **p)
{
    char buf[4096];
    size_t n = 0;
    int k;
    for (k = 0; k < 4; k++)
    {
        size_t w;
        while (**p == ' ')
            (*p)++;
        w = strcspn(*p, " ");
        if (w == 0 || n + w + 2 > sizeof(buf))
            return 1;
        if (k > 0)
            buf[n++] = ' ';
        memcpy(buf + n, *p, w);
        n += w;
        *p += w;
    }
    buf[n] = '\0';
    return arb_load_str(x, buf) != 0 || !arb_is_finite(x);
}

#define BAD() hkz_error_set(HKZ_ERR_CHECKPOINT, "track record '%.40s' is " \
                            "malformed or does not belong to this run", rec)

int _hkz_ly_track_apply(hkz_ly_track_t tr, const char *rec)
{
    char kind[8];
    long j, prec;
    int dir, used = 0;
    slong i;
    const char *p;
    double dt;
    hkz_ly_step_struct *s;

    if (sscanf(rec, "%7s %ld%n", kind, &j, &used) != 2 || j < tr->j0 ||
        j >= tr->j1)
        return BAD();
    i = j - tr->j0;
    p = rec + used;
    if (strcmp(kind, "start") == 0)
    {
        if (sscanf(p, " %ld%n", &prec, &used) != 1 || prec < 2 ||
            tr->nsteps[i] > 0 || get_ball(tr->theta0 + i, (p += used, &p)))
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
        int bad;
        arb_init(x);
        bad = get_ball(x, &p) || !arb_is_exact(x);
        if (!bad)
        {
            arf_set(tr->ta + i, arb_midref(x));
            tr->done[i] = -1;
        }
        arb_clear(x);
        return bad ? BAD() : HKZ_SUCCESS;
    }
    if (strcmp(kind, "step") != 0 || !tr->started[i] ||
        sscanf(p, " %d %ld %la%n", &dir, &prec, &dt, &used) != 3 ||
        prec < 2 || dir < -1 || dir > 1)
        return BAD();
    p += used;
    s = _hkz_ly_track_new_step(tr, i);
    s->dir = dir;
    if (get_ball(&s->ta, &p) || get_ball(&s->tb, &p) ||
        get_ball(&s->box, &p) || get_ball(&s->theta_b, &p) ||
        !arb_is_exact(&s->tb) ||
        arf_cmp(arb_midref(&s->ta), tr->ta + i) != 0)
    {
        tr->nsteps[i]--;
        arb_clear(&s->ta);
        arb_clear(&s->tb);
        arb_clear(&s->box);
        arb_clear(&s->theta_b);
        return BAD();
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

int hkz_ly_track_checkpoint(hkz_ly_track_t tr, hkz_ckpt_t c, int resume,
                            slong every)
{
    slong k;
    HKZ_CHECK(tr != NULL && c != NULL, HKZ_ERR_ARG,
              "hkz_ly_track_checkpoint: NULL argument");
    HKZ_TRY(hkz_ckpt_param(c, "family", tr->family));
    HKZ_TRY(hkz_ckpt_param_slong(c, "W", tr->W));
    HKZ_TRY(hkz_ckpt_param_slong(c, "j0", tr->j0));
    HKZ_TRY(hkz_ckpt_param_slong(c, "j1", tr->j1));
    HKZ_TRY(hkz_ckpt_param_ball(c, "t0", &tr->t0));
    HKZ_TRY(hkz_ckpt_param_ball(c, "t1", &tr->t1));
    HKZ_TRY(hkz_ckpt_param_slong(c, "rel_bits", tr->rel_bits));
    HKZ_TRY(hkz_ckpt_param_slong(c, "max_prec", tr->max_prec));
    HKZ_TRY(hkz_ckpt_open(c, resume));
    for (k = 0; k < hkz_ckpt_count(c); k++)
        HKZ_TRY(_hkz_ly_track_apply(tr, hkz_ckpt_get(c, k)));
    _hkz_ly_track_mark_saved(tr);
    tr->ckpt = c;
    tr->every = every > 0 ? every : 32;
    return HKZ_SUCCESS;
}
