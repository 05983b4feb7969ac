/* The world API of hkz/dist.h, without any MPI call in the test: under
 * mpiexec with 2 and 3 ranks in the MPI build, as one serial rank in the
 * default build.
 *   block     contiguous splits tile [n0, n1), the first n % size ranks
 *             get one more;
 *   agree     success; one failing rank (0, 1, last), two failing ranks:
 *             every rank returns the lowest failing rank's status and
 *             message "rank R: ..." (nothing hangs);
 *   gather    variable-size records (one empty, one large) in rank order
 *             on rank 0, NULL elsewhere (allgather: on every rank); a bad
 *             argument on one rank;
 *   allreduce (sum / min / max of doubles, ints, slongs),
 *   bcast, times (and the straggler line), progress (non-blocking, from
 *   another thread too; exact after the drain), finalize twice;
 *   share     counters advanced by every rank at once: each value taken
 *             exactly once; the exchange of variable-size bytes between
 *             all pairs (empty ones too) in rank order. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz_test.h"
#include "hkz/dist.h"

static int rank_, size_;

static void test_block(void)
{
    slong n0, n1, lo, hi, prev;
    int size, r;
    for (size = 1; size <= 7; size++)
        for (n0 = -3; n0 <= 2; n0++)
            for (n1 = n0; n1 <= n0 + 17; n1++)
            {
                slong m = n1 - n0;
                prev = n0;
                for (r = 0; r < size; r++)
                {
                    hkz_dist_block(&lo, &hi, n0, n1, r, size);
                    HKZ_TEST_CHECK(lo == prev && hi - lo == m / size +
                                   (r < m % size), "block [%ld, %ld) of "
                                   "[%ld, %ld), rank %d of %d", (long) lo,
                                   (long) hi, (long) n0, (long) n1, r, size);
                    prev = hi;
                }
                HKZ_TEST_CHECK(prev == n1, "blocks do not reach %ld",
                               (long) n1);
            }
    hkz_dist_block(&lo, &hi, 0, 10, 0, 3);
    HKZ_TEST_CHECK(lo == 0 && hi == 4, "block 0 of 10 over 3");
    hkz_dist_block(&lo, &hi, 0, 10, 2, 3);
    HKZ_TEST_CHECK(lo == 7 && hi == 10, "block 2 of 10 over 3");
}

/* ranks in failing (bit mask) fail with status 20 + rank */
static void agree_case(unsigned failing)
{
    int me = (failing >> rank_) & 1, first = -1, r, st;
    char want[64];
    hkz_errmsg_clear();
    for (r = 0; r < size_ && first < 0; r++)
        if ((failing >> r) & 1)
            first = r;
    if (me)
        hkz_error_set(20 + rank_, "boom on %d", rank_);
    st = hkz_dist_agree(NULL, me ? 20 + rank_ : HKZ_SUCCESS);
    if (first < 0)
    {
        HKZ_TEST_CHECK(st == HKZ_SUCCESS, "agree: %d without failure", st);
        return;
    }
    HKZ_TEST_CHECK(st == 20 + first, "agree (mask %u): %d, want %d", failing,
                   st, 20 + first);
    if (first == 0)
        snprintf(want, sizeof(want), "boom on 0");
    else
        snprintf(want, sizeof(want), "rank %d: boom on %d", first, first);
    HKZ_TEST_CHECK(strcmp(hkz_errmsg(), want) == 0, "agree (mask %u) on "
                   "rank %d: '%s', want '%s'", failing, rank_, hkz_errmsg(),
                   want);
}

static void test_agree(void)
{
    agree_case(0);
    agree_case(1);
    if (size_ > 1)
    {
        agree_case(2);                          /* rank 1 */
        agree_case(1u << (size_ - 1));          /* the last rank */
        agree_case((1u << size_) - 2);          /* all but rank 0 */
        agree_case((1u << size_) - 1);          /* everybody */
    }
    if (size_ > 2)
        agree_case(4);                          /* rank 2 */
}

/* rank r's record: r + 1 lines "r:i", rank 1's is empty, the last rank's
 * is large */
static size_t record(char *buf, int r, int size)
{
    size_t n = 0;
    int i, lines = r == 1 ? 0 : (r == size - 1 && size > 1 ? 20000 : r + 1);
    for (i = 0; i < lines; i++)
        n += (size_t) sprintf(buf + n, "%d:%d\n", r, i);
    return n;
}

static void test_gather(void)
{
    char *mine = flint_malloc(400000), *want = flint_malloc(400000 * 4);
    char *all = (char *) 1;
    size_t n, len = 99, wl = 0;
    int r;
    n = record(mine, rank_, size_);
    for (r = 0; r < size_; r++)
        wl += record(want + wl, r, size_);
    HKZ_TEST_OK(hkz_dist_gather(NULL, &all, &len, mine, n));
    if (rank_ == 0)
        HKZ_TEST_CHECK(all != NULL && len == wl && memcmp(all, want, wl) == 0
                       && all[len] == '\0', "gather: %zu bytes, want %zu",
                       len, wl);
    else
        HKZ_TEST_CHECK(all == NULL && len == 0, "gather off rank 0");
    flint_free(all);
    HKZ_TEST_OK(hkz_dist_allgather(NULL, &all, &len, mine, n));
    HKZ_TEST_CHECK(all != NULL && len == wl && memcmp(all, want, wl) == 0
                   && all[len] == '\0', "allgather: %zu bytes, want %zu",
                   len, wl);
    flint_free(all);
    HKZ_TEST_STATUS(hkz_dist_allgather(NULL, &all, &len,
                                       rank_ == 0 ? NULL : mine, 5),
                    HKZ_ERR_ARG);
    /* a bad argument on the last rank: the same error everywhere */
    HKZ_TEST_STATUS(hkz_dist_gather(NULL, &all, &len,
                                    rank_ == size_ - 1 ? NULL : mine, 5),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(all == NULL && len == 0, "failed gather left output");
    flint_free(mine);
    flint_free(want);
}

static void test_share(void)
{
    hkz_dist_counters_t c = NULL;
    slong old, mine[1200], nm = 0, i;
    char *all = NULL, *out, *in = NULL, want[4096];
    size_t len = 0, *ol, wl = 0, o = 0;
    int r, j, *seen;

    HKZ_TEST_OK(hkz_dist_counters_init(&c, NULL, 2));
    HKZ_TEST_OK(hkz_dist_counters_add(c, 1, 0, &old));
    HKZ_TEST_CHECK(old == 0, "counter 1 starts at %ld", (long) old);
    for (;;)
    {
        HKZ_TEST_OK(hkz_dist_counters_add(c, 0, 1, &old));
        if (old >= 1000)
            break;
        mine[nm++] = old;
    }
    HKZ_TEST_STATUS(hkz_dist_counters_add(c, 2, 1, &old), HKZ_ERR_ARG);
    hkz_dist_counters_clear(&c);
    HKZ_TEST_CHECK(c == NULL, "counters not cleared");
    out = flint_malloc(nm * 8 + 1);
    for (i = 0; i < nm; i++)
        o += (size_t) sprintf(out + o, "%ld\n", (long) mine[i]);
    HKZ_TEST_OK(hkz_dist_allgather(NULL, &all, &len, out, o));
    seen = flint_calloc(1000, sizeof(int));
    for (i = 0, o = 0; o < len; i++)
    {
        long v = strtol(all + o, NULL, 10);
        if (v >= 0 && v < 1000)
            seen[v]++;
        o = (size_t) (strchr(all + o, '\n') - all) + 1;
    }
    for (i = 0; i < 1000; i++)
        HKZ_TEST_CHECK(seen[i] == 1, "counter value %ld taken %d times",
                       (long) i, seen[i]);
    flint_free(seen);
    flint_free(all);
    flint_free(out);
    /* rank r sends "r>s;" s + 1 times to rank s, nothing from rank 1 */
    ol = flint_calloc((size_t) size_, sizeof(size_t));
    out = flint_malloc(4096);
    for (r = 0, o = 0; r < size_; r++)
        for (j = 0; j <= r && rank_ != 1; j++)
        {
            int k = sprintf(out + o, "%d>%d;", rank_, r);
            o += (size_t) k;
            ol[r] += (size_t) k;
        }
    for (r = 0; r < size_; r++)
        for (j = 0; j <= rank_ && r != 1; j++)
            wl += (size_t) sprintf(want + wl, "%d>%d;", r, rank_);
    HKZ_TEST_OK(hkz_dist_exchange(NULL, &in, &len, out, ol));
    HKZ_TEST_CHECK(in != NULL && len == wl && memcmp(in, want, wl) == 0 &&
                   in[len] == '\0', "exchange: %zu bytes, want %zu", len,
                   wl);
    flint_free(in);
    flint_free(out);
    flint_free(ol);
}

static void test_bcast_times(void)
{
    double v[3] = {0, 0, 0}, *all = flint_malloc(size_ * sizeof(double));
    char line[200];
    int r;
    if (rank_ == 0)
    {
        v[0] = 1.5; v[1] = -2.0; v[2] = 1e300;
    }
    HKZ_TEST_OK(hkz_dist_bcast(NULL, v, sizeof(v), 0));
    HKZ_TEST_CHECK(v[0] == 1.5 && v[1] == -2.0 && v[2] == 1e300, "bcast");
    HKZ_TEST_STATUS(hkz_dist_bcast(NULL, v, sizeof(v), size_), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_dist_times(NULL, 1.0 + rank_, all));
    if (rank_ == 0)
        for (r = 0; r < size_; r++)
            HKZ_TEST_CHECK(all[r] == 1.0 + r, "times[%d] = %g", r, all[r]);
    {
        double t[3] = {1.2, 1.5, 1.9};
        hkz_dist_times_format(line, sizeof(line), t, 3);
        HKZ_TEST_CHECK(strcmp(line, "ranks 3: min 1.2 s, max 1.9 s (rank 2),"
                              " imbalance 1.58") == 0, "times line: %s",
                       line);
        hkz_dist_times_format(line, sizeof(line), t, 1);
        HKZ_TEST_CHECK(strcmp(line, "ranks 1: 1.2 s") == 0, "times line: %s",
                       line);
    }
    flint_free(all);
}

static void test_reduce(void)
{
    double v[3];
    int w[2];
    slong z[2];
    int S = size_ * (size_ - 1) / 2;
    v[0] = rank_; v[1] = 0.5 * rank_; v[2] = -rank_;
    HKZ_TEST_OK(hkz_dist_allreduce_double(NULL, v, 3, HKZ_DIST_SUM));
    HKZ_TEST_CHECK(v[0] == S && v[1] == 0.5 * S && v[2] == -S,
                   "double sum %g %g %g", v[0], v[1], v[2]);
    w[0] = rank_ + 3; w[1] = -rank_;
    HKZ_TEST_OK(hkz_dist_allreduce_int(NULL, w, 2, HKZ_DIST_MIN));
    HKZ_TEST_CHECK(w[0] == 3 && w[1] == 1 - size_, "int min %d %d", w[0],
                   w[1]);
    z[0] = (slong) rank_ << 40; z[1] = -rank_;
    HKZ_TEST_OK(hkz_dist_allreduce_slong(NULL, z, 2, HKZ_DIST_MAX));
    HKZ_TEST_CHECK(z[0] == (slong) (size_ - 1) << 40 && z[1] == 0,
                   "slong max");
    HKZ_TEST_STATUS(hkz_dist_allreduce_int(NULL, w, 2, 17), HKZ_ERR_ARG);
}

static void *count_in_thread(void *p)
{
    slong tot;
    if (hkz_dist_progress(NULL, 7, &tot) != HKZ_SUCCESS)
        *(int *) p = 1;
    return NULL;
}

static void test_progress(void)
{
    slong i, tot = 0, last = 0, final = 0;
    struct timespec ts = {0, 5000000};
    double t0 = hkz_dist_wtime();
    int bad = 0;
    pthread_t th;
    /* rank r counts to 40 (r + 1) in ~0.5 s, at different speeds */
    for (i = 0; i <= 40; i++)
    {
        HKZ_TEST_OK(hkz_dist_progress(NULL, i * (rank_ + 1), &tot));
        if (rank_ == 0)
        {
            HKZ_TEST_CHECK(tot >= last, "progress went back: %ld < %ld",
                           (long) tot, (long) last);
            last = tot;
        }
        else
            HKZ_TEST_CHECK(tot == i * (rank_ + 1), "own count");
        ts.tv_nsec = 5000000L * (rank_ + 1);
        nanosleep(&ts, NULL);
    }
    HKZ_TEST_CHECK(hkz_dist_wtime() > t0, "wtime does not advance");
    HKZ_TEST_OK(hkz_dist_progress_drain(NULL, &tot));
    for (i = 0; i < size_; i++)
        final += 40 * (i + 1);
    if (rank_ == 0)
        HKZ_TEST_CHECK(tot == final, "drained total %ld, want %ld",
                       (long) tot, (long) final);
    /* counts from another thread are recorded, sent by the drain */
    if (pthread_create(&th, NULL, count_in_thread, &bad) == 0)
        pthread_join(th, NULL);
    HKZ_TEST_CHECK(!bad, "progress from a thread");
    HKZ_TEST_OK(hkz_dist_progress_drain(NULL, &tot));
    if (rank_ == 0)
        HKZ_TEST_CHECK(tot == 7 * size_, "drained total %ld, want %ld",
                       (long) tot, (long) (7 * size_));
    /* rank 0 busy elsewhere (never asks) while the others send: nothing
     * blocks, the drain delivers */
    if (rank_ != 0)
        for (i = 0; i < 30; i++)
        {
            HKZ_TEST_OK(hkz_dist_progress(NULL, 100 + i, NULL));
            ts.tv_nsec = 20000000L;
            nanosleep(&ts, NULL);
        }
    else
        HKZ_TEST_OK(hkz_dist_progress(NULL, 1, NULL));
    HKZ_TEST_OK(hkz_dist_progress_drain(NULL, &tot));
    if (rank_ == 0)
        HKZ_TEST_CHECK(tot == 1 + 129 * (size_ - 1), "drained total %ld",
                       (long) tot);
}

int main(int argc, char **argv)
{
    int fails;
    HKZ_TEST_OK(hkz_dist_init(&argc, &argv));
    HKZ_TEST_OK(hkz_dist_init(&argc, &argv));      /* idempotent */
    HKZ_TEST_CHECK(hkz_dist_world() != NULL, "no world");
    rank_ = hkz_dist_rank(hkz_dist_world());
    size_ = hkz_dist_size(NULL);
    HKZ_TEST_CHECK(size_ >= 1 && size_ <= 16 && rank_ >= 0 && rank_ < size_,
                   "rank %d of %d", rank_, size_);
    HKZ_TEST_CHECK(hkz_dist_num_nodes(NULL) >= 1 &&
                   hkz_dist_local_rank(NULL) < hkz_dist_local_size(NULL),
                   "node layout");
    test_block();
    test_agree();
    test_gather();
    test_reduce();
    test_bcast_times();
    test_progress();
    test_share();
    /* rank 0 alone writes from here on */
    HKZ_TEST_OK(hkz_dist_quiet_nonroot());
    /* every rank's verdict reaches rank 0 */
    fails = hkz_dist_agree(NULL, hkz_test_failures != 0);
    hkz_dist_finalize();
    hkz_dist_finalize();
    if (rank_ != 0)
        return hkz_test_failures != 0;
    if (fails && !hkz_test_failures)
        hkz_test_failures = 1;
    HKZ_TEST_END(size_ > 1 ? "dist.world (ranks)" : "dist.world");
}
