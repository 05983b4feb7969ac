/* The one checkpoint layer (hkz/checkpoint.h): versioned header with the
 * parameters of the run, opaque record lines, durable commits (records in
 * memory; streamed ones: checkpoint_stream.c). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include "checkpoint_internal.h"
#include "hkz/status.h"
#include "hkz_check.h"

#define MAGIC "hkz-checkpoint 1"

typedef _hkz_strv_t strv_t;

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = malloc(n);
    if (r != NULL)
        memcpy(r, s, n);
    return r;
}

static int strv_push(strv_t *v, const char *s)
{
    char *c;
    if (v->n == v->alloc)
    {
        slong na = FLINT_MAX(16, 2 * v->alloc);
        char **ns = realloc(v->s, na * sizeof(char *));
        if (ns == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "checkpoint: out of memory");
        v->s = ns;
        v->alloc = na;
    }
    if ((c = dup_str(s)) == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "checkpoint: out of memory");
    v->s[v->n++] = c;
    return HKZ_SUCCESS;
}

static void strv_clear(strv_t *v)
{
    slong i;
    for (i = 0; i < v->n; i++)
        free(v->s[i]);
    free(v->s);
    memset(v, 0, sizeof(*v));
}

int hkz_ckpt_create(hkz_ckpt_t *c, const char *path, const char *kind)
{
    HKZ_CHECK(c != NULL && path != NULL && path[0] != '\0' && kind != NULL
              && strchr(kind, ' ') == NULL && strchr(path, '\n') == NULL,
              HKZ_ERR_ARG, "checkpoint: bad path or kind");
    *c = calloc(1, sizeof(**c));
    HKZ_CHECK(*c != NULL, HKZ_ERR_NOMEM, "checkpoint: out of memory");
    (*c)->fd = -1;
    (*c)->path = dup_str(path);
    (*c)->kind = dup_str(kind);
    if ((*c)->path == NULL || (*c)->kind == NULL)
    {
        hkz_ckpt_destroy(c);
        return hkz_error_set(HKZ_ERR_NOMEM, "checkpoint: out of memory");
    }
    return HKZ_SUCCESS;
}

void hkz_ckpt_destroy(hkz_ckpt_t *c)
{
    if (c == NULL || *c == NULL)
        return;
    _hkz_ckpt_stream_close(*c);
    free((*c)->path);
    free((*c)->kind);
    strv_clear(&(*c)->keys);
    strv_clear(&(*c)->vals);
    strv_clear(&(*c)->recs);
    free(*c);
    *c = NULL;
}

int hkz_ckpt_param(hkz_ckpt_t c, const char *key, const char *value)
{
    HKZ_CHECK(c != NULL && key != NULL && value != NULL && key[0] != '\0' &&
              strpbrk(key, " \n") == NULL && strchr(value, '\n') == NULL,
              HKZ_ERR_ARG, "checkpoint: bad parameter '%s'",
              key != NULL ? key : "(null)");
    HKZ_TRY(strv_push(&c->keys, key));
    return strv_push(&c->vals, value);
}

int hkz_ckpt_param_slong(hkz_ckpt_t c, const char *key, slong v)
{
    char buf[32];
    snprintf(buf, sizeof(buf), "%ld", (long) v);
    return hkz_ckpt_param(c, key, buf);
}

int hkz_ckpt_param_ball(hkz_ckpt_t c, const char *key, const arb_t x)
{
    char *s = hkz_ckpt_ball_str(x);
    int st = hkz_ckpt_param(c, key, s);
    flint_free(s);
    return st;
}

char *hkz_ckpt_ball_str(const arb_t x)
{
    return arb_dump_str(x);
}

int hkz_ckpt_ball_set(arb_t x, const char *s)
{
    HKZ_CHECK(s != NULL && arb_load_str(x, s) == 0, HKZ_ERR_CHECKPOINT,
              "checkpoint: malformed ball '%.40s'", s != NULL ? s : "");
    return HKZ_SUCCESS;
}

/* Removes PATH.tmp.<pid> files whose process is gone. */
static void remove_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096], name[1024], full[8192];
    size_t nb;
    DIR *d;
    struct dirent *e;

    if (slash == NULL)
        snprintf(dir, sizeof(dir), ".");
    else
        snprintf(dir, sizeof(dir), "%.*s", (int) (slash - path + 1), path);
    snprintf(name, sizeof(name), "%s.tmp.", slash != NULL ? slash + 1 : path);
    nb = strlen(name);
    if ((d = opendir(dir)) == NULL)
        return;
    while ((e = readdir(d)) != NULL)
    {
        char *end;
        long pid;
        if (strncmp(e->d_name, name, nb) != 0)
            continue;
        pid = strtol(e->d_name + nb, &end, 10);
        if (*end != '\0' || pid <= 0 ||
            (pid != (long) getpid() && kill((pid_t) pid, 0) == 0))
            continue;
        snprintf(full, sizeof(full), "%s/%s", dir, e->d_name);
        remove(full);
    }
    closedir(d);
}

/* Reads a whole line (any length) into *buf; 0 at EOF, 2 for a last
 * line without its newline (every line is written with one: the file
 * was cut there). */
static int read_line(char **buf, size_t *n, FILE *f)
{
    ssize_t r = getline(buf, n, f);
    if (r <= 0)
        return 0;
    if ((*buf)[r - 1] != '\n')
        return 2;
    (*buf)[r - 1] = '\0';
    return 1;
}

/* Reads path into c's records after checking kind and parameters. */
static int load(hkz_ckpt_t c, const char *path, int *found)
{
    FILE *f = fopen(path, "r");
    char *l = NULL, *sp;
    size_t n = 0;
    slong i = 0;
    int st = HKZ_SUCCESS, end = 0;

    *found = f != NULL;
    if (f == NULL)
        return HKZ_SUCCESS;
    if (read_line(&l, &n, f) != 1 || strncmp(l, MAGIC " ", strlen(MAGIC) + 1)
        != 0)
    {
        st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' is not a "
                           "version-1 '%s' checkpoint of hkz", path, c->kind);
        goto done;
    }
    if (strcmp(l + strlen(MAGIC) + 1, c->kind) != 0)
    {
        st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' is a '%s' "
                           "checkpoint of hkz, not a '%s' one", path,
                           l + strlen(MAGIC) + 1, c->kind);
        goto done;
    }
    while (st == HKZ_SUCCESS && !end && read_line(&l, &n, f) == 1)
    {
        if (strcmp(l, "end") == 0)
        {
            end = 1;
            break;
        }
        sp = strncmp(l, "param ", 6) == 0 ? strchr(l + 6, ' ') : NULL;
        if (sp == NULL)
            st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s': "
                               "malformed header line", path);
        else if (i >= c->keys.n || strncmp(l + 6, c->keys.s[i], sp - l - 6)
                 != 0 || c->keys.s[i][sp - l - 6] != '\0')
            st = i < c->keys.n ?
                hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' was made "
                              "with other parameters ('%.*s' where this run "
                              "has '%s')", path, (int) (sp - l - 6), l + 6,
                              c->keys.s[i]) :
                hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' was made "
                              "with %.*s = %.60s; this run has no %.*s (its "
                              "default)", path, (int) (sp - l - 6), l + 6,
                              sp + 1, (int) (sp - l - 6), l + 6);
        else if (strcmp(sp + 1, c->vals.s[i]) != 0)
            st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' was made "
                               "with %s = %.60s; this run has %.60s", path,
                               c->keys.s[i], sp + 1, c->vals.s[i]);
        i++;
    }
    if (st == HKZ_SUCCESS && !end)
        st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' is "
                           "truncated (in its header)", path);
    if (st == HKZ_SUCCESS && i != c->keys.n)
        st = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint '%s' was made "
                           "without %s (its default); this run has %s = "
                           "%.60s", path, c->keys.s[i], c->keys.s[i],
                           c->vals.s[i]);
    /* a last record without its newline (cut by SIGKILL in an appended
       checkpoint) is kept: its kind's decoder refuses or ignores it;
       streamed: only the offsets of the complete lines (the open cuts the
       rest) */
    if (st == HKZ_SUCCESS && c->stream)
    {
        st = _hkz_ckpt_stream_index(c, (int64_t) ftello(f), 1);
        while (st == HKZ_SUCCESS && read_line(&l, &n, f) == 1)
            st = _hkz_ckpt_stream_index(c, (int64_t) ftello(f), 0);
    }
    while (st == HKZ_SUCCESS && !c->stream && read_line(&l, &n, f) != 0)
        st = strv_push(&c->recs, l);
done:
    free(l);
    fclose(f);
    return st;
}

int hkz_ckpt_open(hkz_ckpt_t c, int resume)
{
    int found;
    HKZ_CHECK(c != NULL, HKZ_ERR_ARG, "checkpoint: NULL handle");
    remove_stale(c->path);
    strv_clear(&c->recs);
    _hkz_ckpt_stream_close(c);
    if (resume)
    {
        HKZ_TRY(load(c, c->path, &found));
        HKZ_CHECK(found, HKZ_ERR_ARG, "no checkpoint to resume at '%s'",
                  c->path);
    }
    return c->stream ? _hkz_ckpt_stream_open(c, resume) : HKZ_SUCCESS;
}

int hkz_ckpt_file_kind(char *kind, size_t n, const char *path)
{
    FILE *f = fopen(path, "r");
    char *l = NULL;
    size_t m = 0;
    int ok = f != NULL && read_line(&l, &m, f) == 1 &&
             strncmp(l, MAGIC " ", strlen(MAGIC) + 1) == 0;
    if (ok && n > 0)
        snprintf(kind, n, "%s", l + strlen(MAGIC) + 1);
    free(l);
    if (f != NULL)
        fclose(f);
    return ok;
}

int hkz_ckpt_merge(hkz_ckpt_t c, const char *path, int *found)
{
    HKZ_CHECK(c != NULL && path != NULL && found != NULL, HKZ_ERR_ARG,
              "checkpoint: bad merge arguments");
    HKZ_CHECK(!c->stream, HKZ_ERR_ARG, "checkpoint: a streamed checkpoint "
              "merges no other file");
    return load(c, path, found);
}

slong hkz_ckpt_count(const hkz_ckpt_t c)
{
    return c == NULL ? 0 : c->stream ? c->nrec : c->recs.n;
}

const char *hkz_ckpt_get(const hkz_ckpt_t c, slong i)
{
    if (c != NULL && c->stream)
        return _hkz_ckpt_stream_get(c, i);
    return c == NULL || i < 0 || i >= c->recs.n ? NULL : c->recs.s[i];
}

int hkz_ckpt_add(hkz_ckpt_t c, const char *record)
{
    HKZ_CHECK(c != NULL && record != NULL && strchr(record, '\n') == NULL,
              HKZ_ERR_ARG, "checkpoint: a record is one line");
    if (c->stream)
        return _hkz_ckpt_stream_add(c, record);
    return strv_push(&c->recs, record);
}

int _hkz_ckpt_write_header(FILE *f, const struct hkz_ckpt_s *c)
{
    slong i;
    int bad = fprintf(f, "%s %s\n", MAGIC, c->kind) < 0;
    for (i = 0; i < c->keys.n && !bad; i++)
        bad = fprintf(f, "param %s %s\n", c->keys.s[i], c->vals.s[i]) < 0;
    return bad | (fputs("end\n", f) < 0);
}

static int write_all(FILE *f, const hkz_ckpt_t c)
{
    slong i;
    int bad = _hkz_ckpt_write_header(f, c);
    for (i = 0; i < c->recs.n && !bad; i++)
        bad = fprintf(f, "%s\n", c->recs.s[i]) < 0;
    return bad;
}

void _hkz_ckpt_sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    int fd;

    snprintf(dir, sizeof(dir), "%.*s", slash == NULL ? 1 :
             (int) (slash - path + (slash == path)),
             slash == NULL ? "." : path);
    if ((fd = open(dir, O_RDONLY)) >= 0)
    {
        (void) fsync(fd);
        close(fd);
    }
}

int hkz_ckpt_commit(hkz_ckpt_t c)
{
    char *tmp;
    FILE *f;
    int bad;

    HKZ_CHECK(c != NULL, HKZ_ERR_ARG, "checkpoint: NULL handle");
    if (c->stream)
        return _hkz_ckpt_stream_commit(c);
    tmp = malloc(strlen(c->path) + 32);
    HKZ_CHECK(tmp != NULL, HKZ_ERR_NOMEM, "checkpoint: out of memory");
    sprintf(tmp, "%s.tmp.%ld", c->path, (long) getpid());
    if ((f = fopen(tmp, "w")) == NULL)
    {
        free(tmp);
        return hkz_error_set(HKZ_ERR_IO, "cannot write checkpoint '%s': %s",
                             c->path, strerror(errno));
    }
    bad = write_all(f, c);
    bad |= fflush(f) != 0 || fsync(fileno(f)) != 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, c->path) != 0)
    {
        remove(tmp);
        free(tmp);
        return hkz_error_set(HKZ_ERR_IO, "writing checkpoint '%s' failed",
                             c->path);
    }
    free(tmp);
    /* the rename itself is durable once the directory is synced */
    _hkz_ckpt_sync_dir(c->path);
    return HKZ_SUCCESS;
}
