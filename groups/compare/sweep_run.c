/* The sweep on one process's range: checkpoint (hkz/checkpoint.h, files
 * PATH.r<rank>), the samples, their exact records. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sweep_internal.h"
#include "hkz/status.h"
#include "hkz_check.h"

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = flint_malloc(n);
    memcpy(r, s, n);
    return r;
}

int _hkz_sweep_parse(slong *j, char **dd, char **dl, char *l, slong n)
{
    char *p1, *p2, *p3, *end;
    long v;
    if ((p1 = strchr(l, '|')) == NULL || (p2 = strchr(p1 + 1, '|')) == NULL
        || (p3 = strchr(p2 + 1, '|')) == NULL || strcmp(p3 + 1, "end") != 0)
        return 0;
    *p1 = *p2 = *p3 = '\0';
    errno = 0;
    v = strtol(l, &end, 10);
    if (errno != 0 || end == l || *end != '\0' || v < 0 || v >= n)
        return 0;
    *j = v;
    *dd = p1 + 1;
    *dl = p2 + 1;
    return 1;
}

/* Declares the parameters that determine the result. */
static int declare(hkz_ckpt_t c, const struct hkz_compare_sweep_s *sw)
{
    char buf[64];
    HKZ_TRY(hkz_ckpt_param(c, "delta", sw->dws));
    HKZ_TRY(hkz_ckpt_param(c, "sub", sw->sws));
    HKZ_TRY(hkz_ckpt_param_slong(c, "head", sw->o.head));
    HKZ_TRY(hkz_ckpt_param_slong(c, "samples", sw->o.samples));
    snprintf(buf, sizeof(buf), "%lu", (unsigned long) sw->o.seed);
    HKZ_TRY(hkz_ckpt_param(c, "seed", buf));
    snprintf(buf, sizeof(buf), "%.17g", sw->o.fibre);
    HKZ_TRY(hkz_ckpt_param(c, "fibre", buf));
    HKZ_TRY(hkz_ckpt_param_slong(c, "decades", sw->o.decades));
    return hkz_ckpt_param_slong(c, "digits", sw->o.digits);
}

/* Keeps the records of c in [lo, hi) that are not known yet. */
static int take(struct hkz_compare_sweep_s *sw, const hkz_ckpt_t c,
                slong *found)
{
    slong i, j;
    for (i = 0; i < hkz_ckpt_count(c); i++)
    {
        char *l = dup_str(hkz_ckpt_get(c, i)), *dd, *dl;
        arb_t t;
        int ok = _hkz_sweep_parse(&j, &dd, &dl, l, sw->o.samples);
        if (ok && j >= sw->lo && j < sw->hi && sw->dd[j - sw->lo] == NULL)
        {
            arb_init(t);
            ok = arb_load_str(t, dd) == 0 && arb_load_str(t, dl) == 0;
            arb_clear(t);
            if (!ok)
            {
                flint_free(l);
                return hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint: "
                                     "malformed sample %ld", (long) j);
            }
            sw->dd[j - sw->lo] = dup_str(dd);
            sw->dl[j - sw->lo] = dup_str(dl);
            (*found)++;
        }
        /* a record without its "|end" is a cut write: ignored */
        flint_free(l);
    }
    return HKZ_SUCCESS;
}

/* Every PATH.r<digits> of the directory: loaded (resume) or removed. */
static int scan(struct hkz_compare_sweep_s *sw, const char *path, int load,
                slong *found)
{
    const char *slash = strrchr(path, '/'), *bn;
    char dir[4096], *full;
    size_t bl;
    DIR *d;
    struct dirent *de;
    int s = HKZ_SUCCESS;

    HKZ_CHECK(strlen(path) + 32 < sizeof(dir), HKZ_ERR_ARG,
              "checkpoint: path too long");
    snprintf(dir, sizeof(dir), "%.*s", slash == NULL ? 1 :
             (int) (slash - path + 1), slash == NULL ? "." : path);
    bn = slash == NULL ? path : slash + 1;
    bl = strlen(bn);
    if ((d = opendir(dir)) == NULL)
        return HKZ_SUCCESS;
    while (s == HKZ_SUCCESS && (de = readdir(d)) != NULL)
    {
        const char *nm = de->d_name;
        size_t k;
        hkz_ckpt_t c = NULL;
        int got;
        if (strncmp(nm, bn, bl) != 0 || strncmp(nm + bl, ".r", 2) != 0 ||
            nm[bl + 2] == '\0')
            continue;
        for (k = bl + 2; nm[k] >= '0' && nm[k] <= '9'; k++)
            ;
        if (nm[k] != '\0')
            continue;
        full = flint_malloc(strlen(dir) + strlen(nm) + 2);
        sprintf(full, "%s%s", slash == NULL ? "" : dir, nm);
        if (!load)
            remove(full);
        else if ((s = hkz_ckpt_create(&c, full, "sweep")) == HKZ_SUCCESS &&
                 (s = declare(c, sw)) == HKZ_SUCCESS &&
                 (s = hkz_ckpt_merge(c, full, &got)) == HKZ_SUCCESS)
            s = take(sw, c, found);
        hkz_ckpt_destroy(&c);
        flint_free(full);
    }
    closedir(d);
    return s;
}

int hkz_compare_sweep_start(hkz_compare_sweep_t sw, slong lo, slong hi,
                            const char *path, int rank, int resume,
                            slong *found)
{
    char *own;
    slong i;
    int s = HKZ_SUCCESS;

    HKZ_CHECK(0 <= lo && lo <= hi && hi <= sw->o.samples && rank >= 0,
              HKZ_ERR_ARG, "hkz_compare_sweep_start: bad range [%ld, %ld)",
              (long) lo, (long) hi);
    HKZ_CHECK(sw->dd == NULL, HKZ_ERR_ARG,
              "hkz_compare_sweep_start: started twice");
    HKZ_CHECK(path != NULL || !resume, HKZ_ERR_ARG,
              "resume needs a checkpoint");
    HKZ_CHECK(path == NULL || path[0] != '\0', HKZ_ERR_ARG,
              "checkpoint: empty path");
    *found = 0;
    sw->lo = lo;
    sw->hi = hi;
    sw->dd = flint_calloc(hi - lo + 1, sizeof(char *));
    sw->dl = flint_calloc(hi - lo + 1, sizeof(char *));
    if (path == NULL)
        return HKZ_SUCCESS;
    if (resume || rank == 0)
        HKZ_TRY(scan(sw, path, resume, found));
    own = flint_malloc(strlen(path) + 32);
    sprintf(own, "%s.r%d", path, rank);
    s = hkz_ckpt_create(&sw->ck, own, "sweep");
    flint_free(own);
    if (s == HKZ_SUCCESS)
        s = declare(sw->ck, sw);
    if (s == HKZ_SUCCESS)
        s = hkz_ckpt_open(sw->ck, 0);
    /* the samples found go into this process's own file */
    for (i = 0; i < hi - lo && s == HKZ_SUCCESS; i++)
        if (sw->dd[i] != NULL)
        {
            char *rec = flint_malloc(strlen(sw->dd[i]) + strlen(sw->dl[i])
                                     + 40);
            sprintf(rec, "%ld|%s|%s|end", (long) (lo + i), sw->dd[i],
                    sw->dl[i]);
            s = hkz_ckpt_add(sw->ck, rec);
            flint_free(rec);
        }
    return s;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* Appends sample i's record to the checkpoint (in memory). */
static int add_record(struct hkz_compare_sweep_s *sw, slong i)
{
    char *rec = flint_malloc(strlen(sw->dd[i]) + strlen(sw->dl[i]) + 40);
    int s;
    sprintf(rec, "%ld|%s|%s|end", (long) (sw->lo + i), sw->dd[i], sw->dl[i]);
    s = hkz_ckpt_add(sw->ck, rec);
    flint_free(rec);
    return s;
}

/* The checkpoint is committed after a sample when a second (or ten times
 * the last commit's duration) has passed, when the range is done, and
 * when the progress callback asks to stop: a kill loses at most that much
 * work, and the commits (which rewrite the file) cost at most ~10%. */
int hkz_compare_sweep_run(hkz_compare_sweep_t sw, const hkz_progress_t *p)
{
    slong i, n = sw->hi - sw->lo, done = 0, left = 0;
    double last = now_s(), interval = 1.0;
    arb_t dd, dl;
    int s = HKZ_SUCCESS, reported = 0, stop = 0, dirty = 1;

    HKZ_CHECK(sw->dd != NULL, HKZ_ERR_ARG,
              "hkz_compare_sweep_run: not started");
    for (i = 0; i < n; i++)
        left += sw->dd[i] == NULL;
    done = n - left;
    arb_init(dd);
    arb_init(dl);
    for (i = 0; i < n && s == HKZ_SUCCESS && !stop; i++)
    {
        if (sw->dd[i] != NULL)
            continue;
        if ((s = _hkz_sweep_dist(dd, dl, sw, sw->lo + i)) != HKZ_SUCCESS)
            break;
        sw->dd[i] = arb_dump_str(dd);
        sw->dl[i] = arb_dump_str(dl);
        done++;
        left--;
        reported = 1;
        stop = hkz_progress_report(p, done, n) != HKZ_SUCCESS && left > 0;
        if (sw->ck == NULL)
            continue;
        dirty = 1;
        s = add_record(sw, i);
        if (s == HKZ_SUCCESS && (stop || left == 0 ||
                                 now_s() - last >= interval))
        {
            double t0 = now_s();
            s = hkz_ckpt_commit(sw->ck);
            last = now_s();
            interval = FLINT_MAX(1.0, 10.0 * (last - t0));
            dirty = 0;
        }
    }
    arb_clear(dd);
    arb_clear(dl);
    if (s == HKZ_SUCCESS && sw->ck != NULL && dirty)
        s = hkz_ckpt_commit(sw->ck);
    if (s == HKZ_SUCCESS && stop)
        s = hkz_error_set(HKZ_ERR_INTERRUPTED, "interrupted after %ld of "
                          "%ld samples", (long) done, (long) n);
    /* nothing was left to compute: a stop request changes nothing */
    if (s == HKZ_SUCCESS && !reported &&
        hkz_progress_report(p, done, n) != HKZ_SUCCESS)
        hkz_errmsg_clear();
    return s;
}

int hkz_compare_sweep_records(char **rec, size_t *len,
                              const hkz_compare_sweep_t sw)
{
    size_t tot = 1, k = 0;
    slong i, n = sw->hi - sw->lo;
    HKZ_CHECK(sw->dd != NULL, HKZ_ERR_ARG, "hkz_compare_sweep_records: "
              "not started");
    for (i = 0; i < n; i++)
    {
        HKZ_CHECK(sw->dd[i] != NULL, HKZ_ERR_ARG, "hkz_compare_sweep_"
                  "records: sample %ld not computed", (long) (sw->lo + i));
        tot += strlen(sw->dd[i]) + strlen(sw->dl[i]) + 32;
    }
    *rec = flint_malloc(tot);
    (*rec)[0] = '\0';
    for (i = 0; i < n; i++)
        k += (size_t) snprintf(*rec + k, tot - k, "%ld|%s|%s|end\n",
                               (long) (sw->lo + i), sw->dd[i], sw->dl[i]);
    *len = k;
    return HKZ_SUCCESS;
}
