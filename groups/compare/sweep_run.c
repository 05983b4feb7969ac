/* The sweep on one process's range: checkpoint (hkz/checkpoint.h, files
 * PATH.r<rank>), the samples, their exact records. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sweep_internal.h"
#include "hkz/status.h"
#include "hkz_check.h"

int _hkz_sweep_complete(const char *l)
{
    size_t n = strlen(l);
    return n >= 4 && strcmp(l + n - 4, " end") == 0;
}

int _hkz_sweep_parse(slong *j, arb_t dd, arb_t dl, const char *l, slong n)
{
    hkz_rec_dec_t d;
    char w[4];
    hkz_rec_dec_init(&d, l, "sweep sample");
    HKZ_TRY(hkz_rec_get_slong(&d, j));
    HKZ_CHECK(*j >= 0 && *j < n, HKZ_ERR_CHECKPOINT, "checkpoint: sample "
              "%ld outside 0 .. %ld", (long) *j, (long) n - 1);
    HKZ_TRY(hkz_rec_get_ball(&d, dd));
    HKZ_TRY(hkz_rec_get_ball(&d, dl));
    HKZ_TRY(hkz_rec_get_word(&d, w, sizeof(w)));
    HKZ_CHECK(strcmp(w, "end") == 0, HKZ_ERR_CHECKPOINT, "checkpoint: "
              "malformed field 4 of sweep sample record '%.40s'", l);
    return hkz_rec_end(&d);
}

int _hkz_sweep_record(hkz_rec_enc_t *e, const struct hkz_compare_sweep_s *sw,
                      slong i)
{
    hkz_rec_enc_reset(e);
    hkz_rec_put_slong(e, sw->lo + i);
    /* dd, dl hold the exact balls as the codec writes them */
    hkz_rec_put_word(e, sw->dd[i]);
    hkz_rec_put_word(e, sw->dl[i]);
    hkz_rec_put_word(e, "end");
    return hkz_rec_enc_str(e) != NULL ? HKZ_SUCCESS : HKZ_ERR_NOMEM;
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
    arb_t dd, dl;
    int s = HKZ_SUCCESS;
    arb_init(dd);
    arb_init(dl);
    for (i = 0; i < hkz_ckpt_count(c) && s == HKZ_SUCCESS; i++)
    {
        const char *l = hkz_ckpt_get(c, i);
        /* a record without its " end" is a cut write: ignored */
        if (!_hkz_sweep_complete(l))
            continue;
        s = _hkz_sweep_parse(&j, dd, dl, l, sw->o.samples);
        if (s == HKZ_SUCCESS && j >= sw->lo && j < sw->hi &&
            sw->dd[j - sw->lo] == NULL)
        {
            sw->dd[j - sw->lo] = arb_dump_str(dd);
            sw->dl[j - sw->lo] = arb_dump_str(dl);
            (*found)++;
        }
    }
    arb_clear(dd);
    arb_clear(dl);
    return s;
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

/* Appends sample i's record to the checkpoint (in memory). */
static int add_record(struct hkz_compare_sweep_s *sw, slong i)
{
    hkz_rec_enc_t e;
    int s;
    hkz_rec_enc_init(&e);
    s = _hkz_sweep_record(&e, sw, i);
    if (s == HKZ_SUCCESS)
        s = hkz_ckpt_add(sw->ck, e.s);
    hkz_rec_enc_clear(&e);
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
            s = add_record(sw, i);
    return s;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
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
    hkz_rec_enc_t e;
    int s = HKZ_SUCCESS;
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
    hkz_rec_enc_init(&e);
    for (i = 0; i < n && s == HKZ_SUCCESS; i++)
        if ((s = _hkz_sweep_record(&e, sw, i)) == HKZ_SUCCESS)
            k += (size_t) snprintf(*rec + k, tot - k, "%s\n", e.s);
    hkz_rec_enc_clear(&e);
    *len = k;
    return s;
}
