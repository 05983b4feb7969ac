// NCCL communicator from an MPI bootstrap (style_anchors.md A6): local rank
// by MPI_Comm_split_type, device by local rank, ncclGetUniqueId on rank 0,
// MPI_Bcast, ncclCommInitRankConfig; then the device-API probe for the
// window mode (overlap_kernels.md 2(b): gate on ncclDevCommCreate, never on
// window registration alone).  Status agreed across ranks at every step.
#include <stdlib.h>
#include <string.h>
#include "nccl_internal.h"

int _hkz_nccl_err(ncclResult_t r, ncclComm_t comm,
                             const char *where)
{
    const char *last = comm != NULL ? ncclGetLastError(comm) : NULL;
    return hkz_error_set(HKZ_ERR_NCCL, "%s: %s%s%s", where,
                         ncclGetErrorString(r),
                         last != NULL && *last != '\0' ? ": " : "",
                         last != NULL ? last : "");
}

int _hkz_nccl_agree(MPI_Comm comm, int status, const char *where)
{
    int all = status;
    if (MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, comm) !=
        MPI_SUCCESS)
        return hkz_error_set(HKZ_ERR_MPI, "%s: MPI_Allreduce failed", where);
    if (all != HKZ_SUCCESS && status == HKZ_SUCCESS)
        return hkz_error_set(all, "%s: failed on another rank (%s)", where,
                             hkz_status_name(all));
    return all;
}

// NVLink multicast stays off: NCCL_NVLS_ENABLE=0 unless already set, and
// any other value is refused (overlap_kernels.md 2(a) item 7).
static int nvls_off(void)
{
    const char *v = getenv("NCCL_NVLS_ENABLE");
    if (v == NULL)
    {
        if (setenv("NCCL_NVLS_ENABLE", "0", 0) != 0)
            return hkz_error_set(HKZ_ERR_INTERNAL, "hkz_nccl_create: cannot "
                                 "set NCCL_NVLS_ENABLE=0");
        return HKZ_SUCCESS;
    }
    if (strcmp(v, "0") != 0)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_nccl_create: "
                             "NCCL_NVLS_ENABLE=%s; NVLink multicast must stay "
                             "off (unset it or set it to 0)", v);
    return HKZ_SUCCESS;
}

static int env_int(const char *name, int dflt)
{
    const char *v = getenv(name);
    return v != NULL && *v != '\0' ? atoi(v) : dflt;
}

// The device communicator for the window mode, only where it can work: one
// node (the devComm would need GIN across nodes), the runtime library of
// the headers' version (the device API inlines struct layouts), and
// ncclDevCommCreate succeeding on every rank.
static int probe_window(hkz_nccl_t nc)
{
    int ok = 0, all = 0, version = 0, created = 0;
    if (nc->one_node && nc->nranks <= HKZ_NCCL_WIN_MAXPEERS &&
        env_int("HKZ_NCCL_WINDOW", 1) != 0 &&
        ncclGetVersion(&version) == ncclSuccess &&
        version == NCCL_VERSION_CODE)
    {
        ncclDevCommRequirements reqs;
        memset(&reqs, 0, sizeof(reqs));
        reqs.lsaMultimem = false;
        reqs.lsaBarrierCount = HKZ_NCCL_WIN_CTAS;
        if (ncclDevCommCreate(nc->nccl, &reqs, &nc->dc) == ncclSuccess)
            created = 1;
        ok = created && nc->dc.lsaSize == nc->nranks &&
             nc->dc.lsaRank == nc->rank;
    }
    if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, nc->comm) !=
        MPI_SUCCESS)
        all = 0;
    if (!all && created)
        ncclDevCommDestroy(nc->nccl, &nc->dc);
    nc->win_ok = all;
    hkz_errmsg_clear();
    return HKZ_SUCCESS;
}

extern "C" int hkz_nccl_create(hkz_nccl_t *ncp, MPI_Comm comm,
                               const hkz_engine_opts_t *opts)
{
    hkz_nccl_t nc = NULL;
    hkz_engine_opts_t o;
    ncclUniqueId id;
    ncclConfig_t cfg = NCCL_CONFIG_INITIALIZER;
    MPI_Comm local = MPI_COMM_NULL;
    int ndev = 0, local_size = 0, lo = 0, hi = 0, status = HKZ_SUCCESS;
    int prio_lo, prio_hi;
    ncclResult_t nr;

    if (ncp == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_create: NULL handle");
    *ncp = NULL;
    nc = (hkz_nccl_t) calloc(1, sizeof(struct hkz_nccl_s));
    if (nc == NULL || MPI_Comm_dup(comm, &nc->comm) != MPI_SUCCESS)
    {
        free(nc);
        return hkz_error_set(nc == NULL ? HKZ_ERR_NOMEM : HKZ_ERR_MPI,
                             "hkz_nccl_create: cannot set up the handle");
    }
    *ncp = nc;
    MPI_Comm_rank(nc->comm, &nc->rank);
    MPI_Comm_size(nc->comm, &nc->nranks);
    if (MPI_Comm_split_type(nc->comm, MPI_COMM_TYPE_SHARED, nc->rank,
                            MPI_INFO_NULL, &local) != MPI_SUCCESS)
        status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_create: "
                               "MPI_Comm_split_type failed");
    else
    {
        MPI_Comm_rank(local, &nc->local_rank);
        MPI_Comm_size(local, &local_size);
        MPI_Comm_free(&local);
    }
    nc->one_node = local_size == nc->nranks;
    if (opts != NULL)
        o = *opts;
    else
        hkz_engine_opts_init(&o);
    if (status == HKZ_SUCCESS)
        status = hkz_cuda_device_count(&ndev);
    if (status == HKZ_SUCCESS && ndev == 0)
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_nccl_create: no "
                               "CUDA device");
    if (status == HKZ_SUCCESS)
    {
        nc->device = o.device >= 0 ? o.device : nc->local_rank % ndev;
        o.device = nc->device;
        o.backend = HKZ_BACKEND_CUDA;
        status = hkz_cuda_engine_create(&nc->eng, &o);
    }
    if (status == HKZ_SUCCESS)
        status = nvls_off();
    if (status == HKZ_SUCCESS && cudaSetDevice(nc->device) != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_create: "
                               "cudaSetDevice(%d) failed", nc->device);
    // every rank gives the same nchunks (the chunks are collective)
    if (status == HKZ_SUCCESS)
    {
        int nch = (int) (o.nchunks > 0x7fffffff ? 0x7fffffff : o.nchunks);
        MPI_Allreduce(&nch, &lo, 1, MPI_INT, MPI_MIN, nc->comm);
        MPI_Allreduce(&nch, &hi, 1, MPI_INT, MPI_MAX, nc->comm);
        if (lo != hi)
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_nccl_create: ranks "
                                   "disagree on nchunks (%d .. %d)", lo, hi);
    }
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl_create");
    if (status != HKZ_SUCCESS)
        goto cleanup;

    // unique id on rank 0 (its failure is broadcast with it)
    memset(&id, 0, sizeof(id));
    if (nc->rank == 0)
    {
        nr = ncclGetUniqueId(&id);
        if (nr != ncclSuccess)
            status = _hkz_nccl_err(nr, NULL, "hkz_nccl_create "
                                   "(ncclGetUniqueId)");
    }
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl_create");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (MPI_Bcast(&id, (int) sizeof(id), MPI_BYTE, 0, nc->comm) !=
        MPI_SUCCESS)
        status = hkz_error_set(HKZ_ERR_MPI, "hkz_nccl_create: MPI_Bcast");
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl_create");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    // a few CTAs for NCCL, so that the concurrent DGEMMs keep their SMs
    cfg.maxCTAs = env_int("HKZ_NCCL_MAX_CTAS", 16);
    nr = ncclCommInitRankConfig(&nc->nccl, nc->nranks, id, nc->rank, &cfg);
    if (nr != ncclSuccess)
    {
        nc->nccl = NULL;
        status = _hkz_nccl_err(nr, NULL, "hkz_nccl_create "
                               "(ncclCommInitRankConfig)");
    }
    if (status == HKZ_SUCCESS &&
        (cudaDeviceGetStreamPriorityRange(&prio_lo, &prio_hi) !=
             cudaSuccess ||
         cudaStreamCreateWithPriority(&nc->s_comm, cudaStreamNonBlocking,
                                      prio_hi) != cudaSuccess))
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_nccl_create: cannot "
                               "create the communication stream");
    if (status == HKZ_SUCCESS)
        status = hkz_cuda_signal_create(&nc->sig, 1);
    status = _hkz_nccl_agree(nc->comm, status, "hkz_nccl_create");
    if (status != HKZ_SUCCESS)
        goto cleanup;
    status = probe_window(nc);
    nc->solo = nc->nranks == 1 && env_int("HKZ_NCCL_SELF_REDUCE", 0) == 0;
cleanup:
    if (status != HKZ_SUCCESS)
        hkz_nccl_destroy(ncp);
    return status;
}

extern "C" void hkz_nccl_destroy(hkz_nccl_t *ncp)
{
    hkz_nccl_t nc;
    if (ncp == NULL || *ncp == NULL)
        return;
    nc = *ncp;
    if (nc->eng != NULL)
        cudaSetDevice(nc->device);
    if (nc->s_comm != NULL)
        cudaStreamSynchronize(nc->s_comm);
    // device API objects before the communicator (NCCL example order)
    if (nc->win_ok)
        ncclDevCommDestroy(nc->nccl, &nc->dc);
    if (nc->win != NULL)
        ncclCommWindowDeregister(nc->nccl, nc->win);
    if (nc->win_buf != NULL)
        ncclMemFree(nc->win_buf);
    if (nc->nccl != NULL)
    {
        ncclCommFinalize(nc->nccl);
        ncclCommDestroy(nc->nccl);
    }
    if (nc->s_comm != NULL)
        cudaStreamDestroy(nc->s_comm);
    for (size_t i = 0; i < nc->nev; i++)
        cudaEventDestroy(nc->ev[i]);
    free(nc->ev);
    hkz_cuda_signal_destroy(&nc->sig);
    cudaFree(nc->d_recv);
    cudaFree(nc->d_out);
    cudaFree(nc->d_C);
    cudaFree(nc->d_col);
    cudaFree(nc->d_stage);
    cudaGetLastError();
    free(nc->h_col);
    hkz_cuda_engine_destroy(&nc->eng);
    if (nc->comm != MPI_COMM_NULL)
        MPI_Comm_free(&nc->comm);
    free(nc);
    *ncp = NULL;
}

extern "C" void hkz_nccl_info(const hkz_nccl_t nc, int *rank, int *nranks,
                              int *device, int *window)
{
    if (rank != NULL)
        *rank = nc != NULL ? nc->rank : -1;
    if (nranks != NULL)
        *nranks = nc != NULL ? nc->nranks : 0;
    if (device != NULL)
        *device = nc != NULL ? nc->device : -1;
    if (window != NULL)
        *window = nc != NULL ? nc->win_ok : 0;
}

extern "C" int hkz_nccl_solo(const hkz_nccl_t nc)
{
    return nc != NULL && nc->solo;
}
