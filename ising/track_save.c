/* Tracker checkpoints: a text file with exact ball strings (arb_dump_str,
 * four hexadecimal integers) and exact hexadecimal doubles, written to
 * PATH.tmp and renamed so that a killed run never leaves a partial file. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zeros_internal.h"
#include "hkz_check.h"

#define MAGIC "hkz-ly-track 1"

static int put_arb(FILE *f, const char *key, const arb_t x)
{
    char *s = arb_dump_str(x);
    int r = fprintf(f, "%s %s\n", key, s);
    flint_free(s);
    return r < 0;
}

int hkz_ly_track_save(const hkz_ly_track_t tr, const char *path)
{
    FILE *f;
    char *tmp;
    slong i, k, m;
    int bad = 0;
    arb_t x;

    HKZ_CHECK(tr->ta != NULL && path != NULL && path[0] != '\0', HKZ_ERR_ARG,
              "hkz_ly_track_save: no tracker or no path");
    tmp = flint_malloc(strlen(path) + 8);
    sprintf(tmp, "%s.tmp", path);
    f = fopen(tmp, "w");
    if (f == NULL)
    {
        flint_free(tmp);
        return hkz_error_set(HKZ_ERR_IO, "hkz_ly_track_save: cannot write "
                             "'%s'", path);
    }
    arb_init(x);
    m = tr->j1 - tr->j0;
    bad |= fprintf(f, "%s\nfamily %s\nW %ld n %ld j0 %ld j1 %ld rel_bits "
                   "%ld\n", MAGIC, tr->family, (long) tr->W, (long) tr->n,
                   (long) tr->j0, (long) tr->j1, (long) tr->rel_bits) < 0;
    bad |= put_arb(f, "t0", &tr->t0);
    bad |= put_arb(f, "t1", &tr->t1);
    for (i = 0; i < m && !bad; i++)
    {
        bad |= fprintf(f, "zero %ld done %d dir %d prec %ld dt %a nsteps "
                       "%ld\n", (long) i, tr->done[i], tr->dir[i],
                       (long) tr->prec[i], tr->dt[i],
                       (long) tr->nsteps[i]) < 0;
        arb_set_arf(x, tr->ta + i);
        bad |= put_arb(f, "ta", x);
        bad |= put_arb(f, "theta", tr->theta + i);
        for (k = 0; k < tr->nsteps[i] && !bad; k++)
        {
            const hkz_ly_step_struct *s = tr->steps[i] + k;
            bad |= fprintf(f, "step %d\n", s->dir) < 0;
            bad |= put_arb(f, " ta", &s->ta);
            bad |= put_arb(f, " tb", &s->tb);
            bad |= put_arb(f, " box", &s->box);
            bad |= put_arb(f, " theta_b", &s->theta_b);
        }
    }
    bad |= fprintf(f, "end\n") < 0;
    bad |= fclose(f) != 0;
    arb_clear(x);
    if (bad || rename(tmp, path) != 0)
    {
        remove(tmp);
        flint_free(tmp);
        return hkz_error_set(HKZ_ERR_IO, "hkz_ly_track_save: writing '%s' "
                             "failed", path);
    }
    flint_free(tmp);
    return HKZ_SUCCESS;
}

/* ---- loading ------------------------------------------------------------- */

typedef struct
{
    char *buf, *pos;
    slong line;
} rd_t;

/* next line (without the newline) or NULL */
static char *next_line(rd_t *r)
{
    char *s = r->pos, *e;
    if (s == NULL || *s == '\0')
        return NULL;
    e = strchr(s, '\n');
    if (e != NULL)
    {
        *e = '\0';
        r->pos = e + 1;
    }
    else
        r->pos = s + strlen(s);
    r->line++;
    return s;
}

/* "key <dump>" into x */
static int get_arb(rd_t *r, const char *key, arb_t x)
{
    char *s = next_line(r);
    size_t n = strlen(key);
    while (s != NULL && *s == ' ')
        s++;
    if (s == NULL || strncmp(s, key, n) != 0 || s[n] != ' ' ||
        arb_load_str(x, s + n + 1) != 0 || !arb_is_finite(x))
        return 1;
    return 0;
}

int hkz_ly_track_load(hkz_ly_track_t tr, const char *path)
{
    FILE *f;
    rd_t r;
    long fsize, W, n, j0, j1, rb, i, ns, prec, idx;
    int done, dir, st = HKZ_SUCCESS;
    char *s;
    slong k, m;
    double dt;
    arb_t x;

    HKZ_CHECK(tr->ta != NULL && path != NULL, HKZ_ERR_ARG,
              "hkz_ly_track_load: tracker not initialized");
    f = fopen(path, "rb");
    if (f == NULL)
        return hkz_error_set(HKZ_ERR_IO, "hkz_ly_track_load: cannot read "
                             "'%s'", path);
    if (fseek(f, 0, SEEK_END) != 0 || (fsize = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 || fsize > (1L << 30))
    {
        fclose(f);
        return hkz_error_set(HKZ_ERR_IO, "hkz_ly_track_load: cannot read "
                             "'%s'", path);
    }
    r.buf = flint_malloc(fsize + 1);
    r.buf[fread(r.buf, 1, fsize, f)] = '\0';
    fclose(f);
    r.pos = r.buf;
    r.line = 0;
    arb_init(x);
#define BAD(...) do { st = hkz_error_set(HKZ_ERR_ARG, __VA_ARGS__); \
                      goto cleanup; } while (0)
    s = next_line(&r);
    if (s == NULL || strcmp(s, MAGIC) != 0)
        BAD("hkz_ly_track_load: '%s' is not a tracker checkpoint", path);
    s = next_line(&r);
    if (s == NULL || strncmp(s, "family ", 7) != 0 ||
        strcmp(s + 7, tr->family) != 0)
        BAD("hkz_ly_track_load: '%s' belongs to another family ('%s', "
            "expected '%s')", path, s != NULL && strlen(s) > 7 ? s + 7 : "",
            tr->family);
    s = next_line(&r);
    if (s == NULL || sscanf(s, "W %ld n %ld j0 %ld j1 %ld rel_bits %ld", &W,
                            &n, &j0, &j1, &rb) != 5 || W != tr->W ||
        n != tr->n || j0 != tr->j0 || j1 != tr->j1)
        BAD("hkz_ly_track_load: '%s' line %ld: degree or zero range differ",
            path, (long) r.line);
    if (get_arb(&r, "t0", x) || !arb_equal(x, &tr->t0))
        BAD("hkz_ly_track_load: '%s': t0 differs", path);
    if (get_arb(&r, "t1", x) || !arb_equal(x, &tr->t1))
        BAD("hkz_ly_track_load: '%s': t1 differs", path);
    m = tr->j1 - tr->j0;
    for (i = 0; i < m; i++)
    {
        s = next_line(&r);
        if (s == NULL || sscanf(s, "zero %ld done %d dir %d prec %ld dt %la "
                                "nsteps %ld", &idx, &done, &dir, &prec, &dt,
                                &ns) != 6 || idx != i || ns < 0 ||
            done < -1 || done > 1 || prec < 2)
            BAD("hkz_ly_track_load: '%s' line %ld: bad zero record", path,
                (long) r.line);
        _hkz_ly_track_clear_steps(tr, i);
        tr->done[i] = done;
        tr->dir[i] = dir;
        tr->prec[i] = prec;
        tr->dt[i] = dt;
        if (get_arb(&r, "ta", x) || !arb_is_exact(x))
            BAD("hkz_ly_track_load: '%s' line %ld: bad ta", path,
                (long) r.line);
        arf_set(tr->ta + i, arb_midref(x));
        if (get_arb(&r, "theta", tr->theta + i))
            BAD("hkz_ly_track_load: '%s' line %ld: bad theta", path,
                (long) r.line);
        for (k = 0; k < ns; k++)
        {
            hkz_ly_step_struct *p = _hkz_ly_track_new_step(tr, i);
            s = next_line(&r);
            if (s == NULL || sscanf(s, "step %d", &p->dir) != 1 ||
                get_arb(&r, "ta", &p->ta) || get_arb(&r, "tb", &p->tb) ||
                get_arb(&r, "box", &p->box) ||
                get_arb(&r, "theta_b", &p->theta_b))
                BAD("hkz_ly_track_load: '%s' line %ld: bad step", path,
                    (long) r.line);
        }
    }
    s = next_line(&r);
    if (s == NULL || strcmp(s, "end") != 0)
        BAD("hkz_ly_track_load: '%s' is truncated", path);
#undef BAD
cleanup:
    if (st != HKZ_SUCCESS)
    {
        /* never leave a half-loaded state behind */
        for (i = 0; i < tr->j1 - tr->j0; i++)
        {
            _hkz_ly_track_clear_steps(tr, i);
            arb_indeterminate(tr->theta + i);
            tr->done[i] = 0;
        }
    }
    flint_free(r.buf);
    arb_clear(x);
    return st;
}
