// Sharded spectral sums over NCCL (hkz/nccl.h): split P (independent rows,
// one all-gather) or split K (partial products reduced in rank order),
// with the reduction overlapped with the DGEMMs (overlap_kernels.md 2):
// (a) chunk c reduced on the high-priority stream once an event says its
// DGEMMs are done; (b) the window kernel, released by a readiness signal.
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

#define AGREE(st, where) _hkz_nccl_agree(nc->comm, (st), (where))

/* ---- the reduction of one chunk (mode a, and mode none) ------------ */

__global__ static void ordered_sum_kernel(double *mine, const double *recv,
                                          size_t seg, size_t len, int N,
                                          int me)
{
    for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < len;
         i += (size_t) gridDim.x * blockDim.x)
    {
        double s = me == 0 ? mine[i] : recv[i];
        for (int src = 1; src < N; src++)
            s += src == me ? mine[i] : recv[src * seg + i];
        mine[i] = s;
    }
}

#define NCCL_TRY_GOTO(call, where)                                          \
    do {                                                                    \
        ncclResult_t hkz_nr_ = (call);                                      \
        if (hkz_nr_ != ncclSuccess) {                                       \
            status = _hkz_nccl_err(hkz_nr_, nc->nccl, (where));             \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

int _hkz_nccl_reduce_chunk(hkz_nccl_t nc, double *d, size_t n,
                                      cudaStream_t s)
{
    const int N = nc->nranks, me = nc->rank;
    size_t seg = (n + N - 1) / N, a, len;
    int status = HKZ_SUCCESS, o, grouped = 0;

    if (n == 0)
        return HKZ_SUCCESS;
    if (N <= 2)
    {
        // one addition: p0 + p1 == p1 + p0, so NCCL's order does not matter
        NCCL_TRY_GOTO(ncclAllReduce(d, d, n, ncclDouble, ncclSum, nc->nccl,
                                    s), "hkz_nccl (ncclAllReduce)");
        return HKZ_SUCCESS;
    }
    if (nc->cap_recv < (size_t) N * seg)
        return hkz_error_set(HKZ_ERR_INTERNAL, "hkz_nccl: receive buffer "
                             "not reserved");
    // reduce-scatter to the owners by point-to-point ...
    a = _hkz_nccl_seg_begin(n, N, me);
    len = _hkz_nccl_seg_begin(n, N, me + 1) - a;
    NCCL_TRY_GOTO(ncclGroupStart(), "hkz_nccl (ncclGroupStart)");
    grouped = 1;
    for (o = 0; o < N; o++)
    {
        size_t ao = _hkz_nccl_seg_begin(n, N, o);
        size_t lo = _hkz_nccl_seg_begin(n, N, o + 1) - ao;
        if (o == me)
            continue;
        if (lo > 0)
            NCCL_TRY_GOTO(ncclSend(d + ao, lo, ncclDouble, o, nc->nccl, s),
                          "hkz_nccl (ncclSend)");
        if (len > 0)
            NCCL_TRY_GOTO(ncclRecv(nc->d_recv + (size_t) o * seg, len,
                                   ncclDouble, o, nc->nccl, s),
                          "hkz_nccl (ncclRecv)");
    }
    grouped = 0;
    NCCL_TRY_GOTO(ncclGroupEnd(), "hkz_nccl (ncclGroupEnd)");
    // ... the owner's sum in rank order ...
    if (len > 0)
    {
        size_t nb = (len + 255) / 256;
        ordered_sum_kernel<<<(unsigned) (nb < 1024 ? nb : 1024), 256, 0,
                             s>>>(d + a, nc->d_recv, seg, len, N, me);
        HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "hkz_nccl (ordered sum)");
    }
    // ... and every owner's segment to everybody
    NCCL_TRY_GOTO(ncclGroupStart(), "hkz_nccl (ncclGroupStart)");
    grouped = 1;
    for (o = 0; o < N; o++)
    {
        size_t ao = _hkz_nccl_seg_begin(n, N, o);
        size_t lo = _hkz_nccl_seg_begin(n, N, o + 1) - ao;
        if (lo > 0)
            NCCL_TRY_GOTO(ncclBroadcast(d + ao, d + ao, lo, ncclDouble, o,
                                        nc->nccl, s),
                          "hkz_nccl (ncclBroadcast)");
    }
    grouped = 0;
    NCCL_TRY_GOTO(ncclGroupEnd(), "hkz_nccl (ncclGroupEnd)");
cleanup:
    if (grouped)
        ncclGroupEnd();
    return status;
}

/* ---- chunk hooks ------------------------------------------------------ */

typedef struct
{
    hkz_nccl_t nc;
    int mode;                  // HKZ_OVERLAP_CHUNKED or _WINDOW
    double *d;
    size_t P, T, nchunks, next, seg;
} hook_arg;

// Issues the reduction of chunk c on s_comm, behind the chunk's event (a)
// or readiness signal (b) on the engine's stream s (none when s is NULL).
static int issue_chunk(hook_arg *h, size_t c, cudaStream_t s)
{
    hkz_nccl_t nc = h->nc;
    size_t t0, t1;
    int status = HKZ_SUCCESS;
    hkz_engine_chunk_range(&t0, &t1, h->T, h->nchunks, c);
    if (h->mode == HKZ_OVERLAP_WINDOW)
    {
        uint64_t *slot = hkz_cuda_signal_device_ptr(nc->sig) + c;
        if (s != NULL)
        {
            HKZ_TRY_GOTO(_hkz_cuda_signal_post_stream(slot, nc->epoch, s));
            HKZ_TRY_GOTO(_hkz_cuda_signal_wait_stream(slot, nc->epoch,
                                                      nc->s_comm));
        }
        HKZ_TRY_GOTO(_hkz_nccl_window_chunk(nc, h->d + t0 * h->P,
                                            h->P * (t1 - t0), h->seg,
                                            nc->s_comm));
    }
    else
    {
        if (s != NULL)
        {
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(nc->ev[c], s), "hkz_nccl");
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(nc->s_comm, nc->ev[c], 0),
                              "hkz_nccl");
        }
        HKZ_TRY_GOTO(_hkz_nccl_reduce_chunk(nc, h->d + t0 * h->P,
                                            h->P * (t1 - t0), nc->s_comm));
    }
cleanup:
    return status;
}

static int chunk_hook(void *varg, size_t t_done, cudaStream_t s)
{
    hook_arg *h = (hook_arg *) varg;
    int status = HKZ_SUCCESS;
    while (h->next < h->nchunks)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, h->T, h->nchunks, h->next);
        if (t1 > t_done)
            break;
        h->next++;
        HKZ_TRY_GOTO(issue_chunk(h, h->next - 1, s));
    }
cleanup:
    return status;
}

// Chunk events and signal slots for nchunks chunks.
static int reserve_chunks(hkz_nccl_t nc, size_t nchunks)
{
    int status = HKZ_SUCCESS;
    if (nc->nev < nchunks)
    {
        cudaEvent_t *ev = (cudaEvent_t *) realloc(nc->ev, nchunks *
                                                  sizeof(cudaEvent_t));
        if (ev == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl: out of memory");
        nc->ev = ev;
        while (nc->nev < nchunks)
        {
            HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&nc->ev[nc->nev],
                                                       cudaEventDisableTiming),
                              "hkz_nccl");
            nc->nev++;
        }
    }
    if (hkz_cuda_signal_count(nc->sig) < nchunks)
    {
        hkz_cuda_signal_destroy(&nc->sig);
        HKZ_TRY_GOTO(hkz_cuda_signal_create(&nc->sig, nchunks));
        nc->epoch = 0;
    }
cleanup:
    return status;
}

/* ---- problem agreement ---------------------------------------------- */

// Ranks that disagree on the problem get HKZ_ERR_ARG everywhere, before
// any collective on the data.
static int agree_problem(hkz_nccl_t nc, const hkz_engine_problem_t *pb,
                         int overlap, int status)
{
    unsigned long long d[12], lo[12], hi[12];
    int i, n = 12;
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        return status;
    d[0] = pb->P; d[1] = pb->K; d[2] = pb->T; d[3] = pb->k_begin;
    d[4] = (unsigned) pb->basis; d[5] = (unsigned) pb->weights;
    d[6] = pb->cos_n; d[7] = pb->ldo != 0 ? pb->ldo : pb->P;
    d[8] = (unsigned) pb->err_layout; d[9] = (unsigned) overlap;
    d[10] = pb->ldc; d[11] = pb->ready != NULL;
    if (MPI_Allreduce(d, lo, n, MPI_UNSIGNED_LONG_LONG, MPI_MIN, nc->comm)
            != MPI_SUCCESS ||
        MPI_Allreduce(d, hi, n, MPI_UNSIGNED_LONG_LONG, MPI_MAX, nc->comm)
            != MPI_SUCCESS)
        return hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: MPI_Allreduce "
                             "failed");
    for (i = 0; i < n; i++)
        if (lo[i] != hi[i])
            return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: ranks disagree "
                                 "on the problem (field %d: %llu .. %llu)",
                                 i, lo[i], hi[i]);
    return HKZ_SUCCESS;
}

static int plan_shard(hkz_nccl_t nc, const hkz_engine_problem_t *pb)
{
    int shard = nc->eng->o.shard;
    if (shard == HKZ_SHARD_AUTO)
        // split P needs no reduction, so it wins unless the rows per rank
        // are too few for efficient DGEMM tiles (overlap_kernels.md 0)
        shard = pb->P >= 512 * (size_t) nc->nranks ||
                pb->K < (size_t) nc->nranks ? HKZ_SHARD_SPLIT_P
                                            : HKZ_SHARD_SPLIT_K;
    return shard;
}

/* ---- the two shardings ----------------------------------------------- */

// Split K: modes [K r / N, K (r+1) / N) on rank r, then the reduction.
static int run_split_k(hkz_nccl_t nc, double *d_out,
                       const hkz_engine_problem_t *pb, int overlap,
                       int *issued_all)
{
    const size_t N = nc->nranks, r = nc->rank;
    size_t k0 = pb->K / N * r + pb->K % N * r / N;
    size_t k1 = pb->K / N * (r + 1) + pb->K % N * (r + 1) / N;
    size_t nchunks = nc->eng->o.nchunks < pb->T ? nc->eng->o.nchunks
                                                : pb->T, c, maxlen = 0;
    hkz_engine_problem_t q = *pb;
    _hkz_cuda_weights_t w;
    hook_arg h;
    int status = HKZ_SUCCESS;

    memset(&h, 0, sizeof(h));
    if (nchunks < 1)
        nchunks = 1;
    if (overlap == HKZ_OVERLAP_WINDOW && !nc->win_ok)
        overlap = HKZ_OVERLAP_CHUNKED;
    if (overlap == HKZ_OVERLAP_NONE)
        nchunks = 1;
    for (c = 0; c < nchunks; c++)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, pb->T, nchunks, c);
        maxlen = pb->P * (t1 - t0) > maxlen ? pb->P * (t1 - t0) : maxlen;
    }
    h.nc = nc;
    h.mode = overlap == HKZ_OVERLAP_WINDOW ? HKZ_OVERLAP_WINDOW
                                           : HKZ_OVERLAP_CHUNKED;
    h.d = d_out;
    h.P = pb->P;
    h.T = pb->T;
    h.nchunks = nchunks;
    h.seg = ((maxlen + N - 1) / N + 31) / 32 * 32;

    // everything that can fail locally, agreed before the first collective
    status = reserve_chunks(nc, nchunks);
    if (status == HKZ_SUCCESS && N > 2)
        status = _hkz_cuda_grow(&nc->d_recv, &nc->cap_recv, N * h.seg,
                                "receive buffer");
    if (status == HKZ_SUCCESS && k1 > k0 && pb->weights == HKZ_WEIGHTS_HEAT)
    {
        q.k_begin = pb->k_begin + k0;
        q.K = k1 - k0;
        status = _hkz_cuda_engine_heat_weights(nc->eng, &q);
    }
    status = AGREE(status, "hkz_nccl_run");
    if (status == HKZ_SUCCESS && h.mode == HKZ_OVERLAP_WINDOW)
        status = _hkz_nccl_window_reserve(nc, h.seg);
    if (status != HKZ_SUCCESS)
        return status;
    nc->epoch++;

    if (k1 > k0)
    {
        q.k_begin = pb->k_begin + k0;
        q.K = k1 - k0;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
        {
            q.C = pb->C + k0;
            w.d_C = q.C;
            w.ldc = pb->ldc;
            w.d_cerr = NULL;
        }
        else
        {
            w.d_C = nc->eng->d_C;
            w.ldc = q.K;
            w.d_cerr = nc->eng->d_cerr;
        }
        if (q.basis == HKZ_BASIS_USER)
        {
            q.user_bmax = pb->user_bmax + k0;
            q.user_berr = pb->user_berr != NULL ? pb->user_berr + k0 : NULL;
        }
        status = _hkz_cuda_engine_enqueue(nc->eng, d_out, pb->P, nc->d_col,
                                          &q, &w,
                                          overlap == HKZ_OVERLAP_NONE
                                          ? NULL : chunk_hook, &h);
        if (status == HKZ_SUCCESS && overlap == HKZ_OVERLAP_NONE)
            status = chunk_hook(&h, pb->T, nc->eng->s_main);
    }
    else
    {
        // no modes here: a zero partial, zero bounds
        if (cudaMemsetAsync(d_out, 0, pb->P * pb->T * sizeof(double),
                            nc->s_comm) != cudaSuccess ||
            cudaMemsetAsync(nc->d_col, 0, 2 * pb->T * sizeof(double),
                            nc->s_comm) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: memset");
        if (status == HKZ_SUCCESS)
        {
            h.next = 0;
            while (h.next < h.nchunks && status == HKZ_SUCCESS)
                status = issue_chunk(&h, h.next++, NULL);
        }
    }
    // the peers wait for every chunk's collective: issue what is missing
    // (on whatever data) so that a local failure cannot hang them
    while (h.next < h.nchunks)
    {
        int st = issue_chunk(&h, h.next++, NULL);
        if (status == HKZ_SUCCESS)
            status = st;
    }
    *issued_all = 1;
    return status;
}

// Split P: rows [P r / N, P (r+1) / N) on rank r into a padded slab, then
// one all-gather and strided copies into d_out.
static int run_split_p(hkz_nccl_t nc, double *d_out,
                       const hkz_engine_problem_t *pb, int *issued_all)
{
    const size_t N = nc->nranks, r = nc->rank, P = pb->P, T = pb->T;
    size_t pmax = (P + N - 1) / N, cnt = pmax * T, o;
    size_t p0 = P / N * r + P % N * r / N;
    size_t p1 = P / N * (r + 1) + P % N * (r + 1) / N;
    hkz_engine_problem_t q = *pb;
    _hkz_cuda_weights_t w;
    int status;

    status = _hkz_cuda_grow(&nc->d_stage, &nc->cap_stage, N * cnt,
                            "gather buffer");
    if (status == HKZ_SUCCESS && p1 > p0 && pb->weights == HKZ_WEIGHTS_HEAT)
        status = _hkz_cuda_engine_heat_weights(nc->eng, pb);
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        return status;
    if (p1 > p0)
    {
        q.P = p1 - p0;
        q.ldo = pmax;
        if (q.basis != HKZ_BASIS_USER)
            q.x = pb->x + p0;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
        {
            w.d_C = pb->C;
            w.ldc = pb->ldc;
            w.d_cerr = NULL;
        }
        else
        {
            w.d_C = nc->eng->d_C;
            w.ldc = pb->K;
            w.d_cerr = nc->eng->d_cerr;
        }
        if (q.basis == HKZ_BASIS_USER)
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_nccl_run: "
                                   "split P of a USER basis");
        else
            status = _hkz_cuda_engine_enqueue(nc->eng, nc->d_stage + r * cnt,
                                              pmax, nc->d_col, &q, &w, NULL,
                                              NULL);
        if (status == HKZ_SUCCESS)
        {
            cudaEventRecord(nc->eng->ev_aux, nc->eng->s_main);
            cudaStreamWaitEvent(nc->s_comm, nc->eng->ev_aux, 0);
        }
    }
    else if (cudaMemsetAsync(nc->d_col, 0, 2 * T * sizeof(double),
                             nc->s_comm) != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: memset");
    {
        ncclResult_t nr = ncclAllGather(nc->d_stage + r * cnt, nc->d_stage,
                                        cnt, ncclDouble, nc->nccl,
                                        nc->s_comm);
        if (nr != ncclSuccess && status == HKZ_SUCCESS)
            status = _hkz_nccl_err(nr, nc->nccl, "hkz_nccl (ncclAllGather)");
    }
    *issued_all = 1;
    for (o = 0; o < N && status == HKZ_SUCCESS; o++)
    {
        size_t a = P / N * o + P % N * o / N;
        size_t b = P / N * (o + 1) + P % N * (o + 1) / N;
        if (b > a &&
            cudaMemcpy2DAsync(d_out + a, P * sizeof(double),
                              nc->d_stage + o * cnt, pmax * sizeof(double),
                              (b - a) * sizeof(double), T,
                              cudaMemcpyDeviceToDevice, nc->s_comm) !=
                cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: copy");
    }
    return status;
}

/* ---- the common core -------------------------------------------------- */

// pb: the full problem with C (GIVEN) on the device.  err, mag: host,
// per column.
static int run_core(hkz_nccl_t nc, double *d_out, double *err, double *mag,
                    const hkz_engine_problem_t *pb, int overlap, int status)
{
    int prev = -1, entered = 0, shard = HKZ_SHARD_SPLIT_K, issued = 0;
    size_t T = pb != NULL ? pb->T : 0;

    status = agree_problem(nc, pb, overlap, status);
    if (status != HKZ_SUCCESS)
        return status;
    status = _hkz_cuda_engine_enter(nc->eng, &prev);
    entered = status == HKZ_SUCCESS;
    if (status == HKZ_SUCCESS)
        status = _hkz_cuda_grow(&nc->d_col, &nc->cap_col, 2 * T,
                                "column bounds");
    if (status == HKZ_SUCCESS)
    {
        double *h = (double *) realloc(nc->h_col, 2 * T * (nc->nranks + 1) *
                                       sizeof(double));
        if (h == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl_run: out of "
                                   "memory");
        else
            nc->h_col = h;
    }
    shard = plan_shard(nc, pb);
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (shard == HKZ_SHARD_SPLIT_P)
        status = run_split_p(nc, d_out, pb, &issued);
    else
        status = run_split_k(nc, d_out, pb, overlap, &issued);
    // wait for the engine (and its device-side checks) and the reduction
    if (issued)
    {
        int st = _hkz_cuda_engine_finish(nc->eng);
        if (status == HKZ_SUCCESS)
            status = st;
        if (cudaStreamSynchronize(nc->s_comm) != cudaSuccess &&
            status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: the "
                                   "communication stream failed");
        if (status == HKZ_SUCCESS &&
            cudaMemcpy(nc->h_col + 2 * T * nc->nranks, nc->d_col,
                       2 * T * sizeof(double), cudaMemcpyDeviceToHost) !=
                cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: copy");
    }
    status = AGREE(status, "hkz_nccl_run");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    // bounds: split K combines the ranks' bounds (engine.h); split P has
    // the same per-column bound on every rank with rows (max over ranks)
    if (shard == HKZ_SHARD_SPLIT_K)
    {
        if (MPI_Allgather(nc->h_col + 2 * T * nc->nranks, (int) (2 * T),
                          MPI_DOUBLE, nc->h_col, (int) (2 * T), MPI_DOUBLE,
                          nc->comm) != MPI_SUCCESS)
            status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: "
                                   "MPI_Allgather failed");
        else
            _hkz_cuda_reduce_bounds(err, mag, nc->h_col, nc->nranks, T);
    }
    else
    {
        if (MPI_Allreduce(nc->h_col + 2 * T * nc->nranks, nc->h_col,
                          (int) (2 * T), MPI_DOUBLE, MPI_MAX, nc->comm) !=
            MPI_SUCCESS)
            status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_run: "
                                   "MPI_Allreduce failed");
        else
        {
            if (err != NULL)
                memcpy(err, nc->h_col, T * sizeof(double));
            if (mag != NULL)
                memcpy(mag, nc->h_col + T, T * sizeof(double));
        }
    }
    status = AGREE(status, "hkz_nccl_run");
cleanup:
    if (entered)
        _hkz_cuda_engine_leave(prev);
    return status;
}

static void post_ready(const hkz_engine_problem_t *pb)
{
    if (pb != NULL && pb->ready != NULL)
        for (size_t i = 0; i < hkz_signal_count(pb->ready); i++)
            hkz_signal_post(pb->ready, i, pb->epoch);
}

extern "C" int hkz_nccl_run_dev(hkz_nccl_t nc, double *d_out, double *err,
                                double *mag, const hkz_engine_problem_t *pb,
                                int overlap)
{
    int status = HKZ_SUCCESS;
    if (nc == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: NULL handle");
    if (pb == NULL || d_out == NULL || (pb->ldo != 0 && pb->ldo != pb->P))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: NULL problem "
                               "or output, or ldo != P");
    else if (overlap < HKZ_OVERLAP_NONE || overlap > HKZ_OVERLAP_WINDOW)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: unknown "
                               "overlap %d", overlap);
    else if (pb->P < 1 || pb->K < 1 || pb->T < 1 || pb->T > 0x7fffffff ||
             (pb->weights == HKZ_WEIGHTS_GIVEN &&
              (pb->C == NULL || pb->ldc < pb->K)))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run_dev: bad sizes "
                               "or weights (P = %zu, K = %zu, T = %zu)",
                               pb->P, pb->K, pb->T);
    if (pb == NULL)
    {
        // cannot describe the problem to the others: fail collectively
        return AGREE(status, "hkz_nccl_run_dev");
    }
    status = run_core(nc, d_out, err, mag, pb, overlap, status);
    post_ready(pb);
    return status;
}

extern "C" int hkz_nccl_run(hkz_nccl_t nc, double *out, double *err,
                            double *mag, const hkz_engine_problem_t *pb,
                            int overlap)
{
    hkz_engine_problem_t q;
    double *colerr = NULL;
    size_t P = 0, K = 0, T = 0, ldo = 0, t, i;
    int status = HKZ_SUCCESS, prev = -1;

    if (nc == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: NULL handle");
    if (out == NULL || pb == NULL)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: NULL output or "
                               "problem");
    else
        status = hkz_engine_problem_check(pb);
    if (status == HKZ_SUCCESS && (overlap < HKZ_OVERLAP_NONE ||
                                  overlap > HKZ_OVERLAP_WINDOW))
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_run: unknown overlap "
                               "%d", overlap);
    if (pb == NULL)
        return AGREE(status, "hkz_nccl_run");
    q = *pb;
    P = pb->P; K = pb->K; T = pb->T;
    ldo = pb->ldo != 0 ? pb->ldo : P;
    q.ldo = 0;
    if (status == HKZ_SUCCESS)
        status = _hkz_cuda_engine_enter(nc->eng, &prev);
    if (status == HKZ_SUCCESS)
        status = _hkz_cuda_grow(&nc->d_out, &nc->cap_out, P * T, "output");
    if (status == HKZ_SUCCESS && pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        status = _hkz_cuda_grow(&nc->d_C, &nc->cap_C, K * T, "weights");
        if (status == HKZ_SUCCESS &&
            cudaMemcpy2D(nc->d_C, K * sizeof(double), pb->C,
                         pb->ldc * sizeof(double), K * sizeof(double), T,
                         cudaMemcpyHostToDevice) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: weights "
                                   "upload failed");
        q.C = nc->d_C;
        q.ldc = K;
    }
    if (status == HKZ_SUCCESS)
    {
        colerr = (double *) malloc(T * sizeof(double));
        if (colerr == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_nccl_run: out of "
                                   "memory");
    }
    if (prev >= 0)
        _hkz_cuda_engine_leave(prev);
    // ldo is part of the agreement: compare the caller's
    q.ldo = pb->ldo;
    status = run_core(nc, nc->d_out, colerr, mag, &q, overlap, status);
    if (status == HKZ_SUCCESS)
    {
        prev = -1;
        status = _hkz_cuda_engine_enter(nc->eng, &prev);
        if (status == HKZ_SUCCESS &&
            cudaMemcpy2D(out, ldo * sizeof(double), nc->d_out,
                         P * sizeof(double), P * sizeof(double), T,
                         cudaMemcpyDeviceToHost) != cudaSuccess)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_run: download "
                                   "failed");
        if (prev >= 0)
            _hkz_cuda_engine_leave(prev);
        status = AGREE(status, "hkz_nccl_run");
    }
    if (status == HKZ_SUCCESS && err != NULL)
    {
        if (pb->err_layout == HKZ_ERR_PER_COLUMN)
            memcpy(err, colerr, T * sizeof(double));
        else
            for (t = 0; t < T; t++)
                for (i = 0; i < P; i++)
                    err[i + t * ldo] = colerr[t];
    }
    free(colerr);
    post_ready(pb);
    return status;
}

extern "C" int hkz_nccl_reduce_dev(hkz_nccl_t nc, double *d_buf, size_t n)
{
    unsigned long long lo = 0, hi = 0, nn = n;
    int status = HKZ_SUCCESS, prev = -1;
    size_t seg = (n + nc->nranks - 1) / nc->nranks;

    MPI_Allreduce(&nn, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, nc->comm);
    MPI_Allreduce(&nn, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, nc->comm);
    if (lo != hi)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_reduce_dev: ranks "
                               "disagree on n (%llu .. %llu)", lo, hi);
    if (status == HKZ_SUCCESS)
        status = _hkz_cuda_engine_enter(nc->eng, &prev);
    if (status == HKZ_SUCCESS && nc->nranks > 2)
        status = _hkz_cuda_grow(&nc->d_recv, &nc->cap_recv,
                                nc->nranks * seg, "receive buffer");
    status = AGREE(status, "hkz_nccl_reduce_dev");
    if (status == HKZ_SUCCESS)
    {
        status = _hkz_nccl_reduce_chunk(nc, d_buf, n, nc->s_comm);
        if (cudaStreamSynchronize(nc->s_comm) != cudaSuccess &&
            status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_reduce_dev: "
                                   "stream failed");
        status = AGREE(status, "hkz_nccl_reduce_dev");
    }
    if (prev >= 0)
        _hkz_cuda_engine_leave(prev);
    return status;
}
