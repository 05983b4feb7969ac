/* The density of states on a GPU: the hooks that hkz_cuda_register fills
 * (libhkz does not link CUDA), the choice of hkz_ising_dos_device, and the
 * host side of the Gray-code enumeration (ising/cuda/dos_enum.cu): the
 * integer multipliers in, the exact table out.  The lattice path is
 * hkz_ising_dos_transfer_cuda (transfer_cuda.c). */
#include <stdatomic.h>
#include <stdint.h>
#include "ising_impl.h"
#include "hkz/engine.h"
#include "hkz_check.h"

static _Atomic(const hkz_ising_dos_gpu_t *) gpu_hooks = NULL;

int hkz_ising_dos_gpu_register(const hkz_ising_dos_gpu_t *g)
{
    HKZ_CHECK(g == NULL || (g->enumerate != NULL &&
                            g->transfer_pass != NULL), HKZ_ERR_ARG,
              "hkz_ising_dos_gpu_register: incomplete table");
    atomic_store(&gpu_hooks, g);
    return HKZ_SUCCESS;
}

const hkz_ising_dos_gpu_t *_hkz_ising_dos_gpu(void)
{
    return atomic_load(&gpu_hooks);
}

/* The edges with n_e > 0 (c_e = n_e J0, _hkz_ising_multipliers) as the
 * GPU enumeration takes them, and S = sum n_e; edges with c_e = 0 weigh
 * nothing and are left out.  The GPU counts couplings >= 0 only. */
static int gpu_edges(int *eu, int *ev, int *ew, int *ne, fmpq_t unit,
                     fmpz_t S, const hkz_ising_model_t m)
{
    fmpz *n;
    slong i;
    int status;

    if (!hkz_ising_model_is_exact(m))
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: a coupling "
                             "is not exact (use --device cpu)");
    for (i = 0; i < m->nedges; i++)
        if (fmpq_sgn(m->c + i) < 0)
            return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: edge "
                                 "%ld-%ld has a negative coupling (the GPU "
                                 "enumeration needs couplings >= 0; use "
                                 "--device cpu)", (long) m->eu[i],
                                 (long) m->ev[i]);
    n = _fmpz_vec_init(FLINT_MAX(m->nedges, 1));
    status = _hkz_ising_multipliers(n, unit, m, -1);
    fmpz_zero(S);
    *ne = 0;
    for (i = 0; i < m->nedges && status == HKZ_SUCCESS; i++)
    {
        if (fmpz_is_zero(n + i))
            continue;
        if (fmpz_cmp_si(n + i, HKZ_ISING_DOS_MAX_ENTRIES) >= 0)
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: "
                                   "couplings too incommensurate for an "
                                   "exact table");
        else
        {
            eu[*ne] = (int) m->eu[i];
            ev[*ne] = (int) m->ev[i];
            ew[(*ne)++] = (int) fmpz_get_si(n + i);
            fmpz_add(S, S, n + i);
        }
    }
    _fmpz_vec_clear(n, FLINT_MAX(m->nedges, 1));
    return status;
}

/* g[b][k] of a graph by the registered Gray-code enumeration: the same
 * unit J0, S and integers as hkz_ising_dos_enum (bmin = 0: couplings
 * >= 0).  d is set only on success. */
static int dos_enum_gpu(hkz_ising_dos_t d, const hkz_ising_model_t m,
                        const hkz_ising_dos_gpu_t *g)
{
    int *eu, *ev, *ew, *vw = NULL, ne = 0, bmax = 0, kmax = 0, status;
    uint64_t *cnt = NULL;
    slong i, size = 0;
    fmpq_t unit;
    fmpz_t S;

    if (m->n > HKZ_ISING_ENUM_MAX_N)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: N = %ld "
                             "vertices (the GPU enumeration takes at most "
                             "%d)", (long) m->n, HKZ_ISING_ENUM_MAX_N);
    fmpq_init(unit);
    fmpz_init(S);
    eu = flint_malloc(3 * (m->nedges + 1) * sizeof(int));
    ev = eu + m->nedges + 1;
    ew = ev + m->nedges + 1;
    status = gpu_edges(eu, ev, ew, &ne, unit, S, m);
    if (status == HKZ_SUCCESS && m->w != NULL)
    {
        vw = flint_malloc(m->n * sizeof(int));
        for (i = 0; i < m->n; i++)
            vw[i] = (int) m->w[i];
    }
    if (status == HKZ_SUCCESS)
        status = g->enumerate(NULL, (int) m->n, ne, eu, ev, ew, vw, &bmax,
                              &kmax);
    if (status == HKZ_SUCCESS)
    {
        size = (slong) (bmax + 1) * (kmax + 1);
        cnt = flint_malloc(size * sizeof(uint64_t));
        status = g->enumerate(cnt, (int) m->n, ne, eu, ev, ew, vw, &bmax,
                              &kmax);
    }
    if (status == HKZ_SUCCESS)
        status = _hkz_ising_dos_alloc(d, bmax + 1, kmax + 1, 0);
    if (status == HKZ_SUCCESS)
    {
        for (i = 0; i < size; i++)
            fmpz_set_ui(d->g + i, (ulong) cnt[i]);
        fmpq_set(d->unit, unit);
        fmpz_set(d->S, S);
    }
    flint_free(cnt);
    flint_free(vw);
    flint_free(eu);
    fmpq_clear(unit);
    fmpz_clear(S);
    return status;
}

int hkz_ising_dos_device(hkz_ising_dos_t d, int *on_gpu,
                         const hkz_ising_model_t m, int device,
                         const hkz_progress_t *pr)
{
    const hkz_ising_dos_gpu_t *g = _hkz_ising_dos_gpu();
    int lattice, status;

    HKZ_CHECK(on_gpu != NULL && d != NULL && m != NULL, HKZ_ERR_ARG,
              "hkz_ising_dos_device: NULL argument");
    *on_gpu = 0;
    HKZ_CHECK(device >= HKZ_BACKEND_AUTO && device <= HKZ_BACKEND_CUDA,
              HKZ_ERR_ARG, "hkz_ising_dos_device: unknown device %d",
              device);
    lattice = m->kind == HKZ_ISING_LATTICE;
    if (device == HKZ_BACKEND_CPU)
        return HKZ_SUCCESS;
    /* auto: the GPU when there is one and the model is worth its start */
    if (device == HKZ_BACKEND_AUTO &&
        (g == NULL || hkz_engine_backend_devices(HKZ_BACKEND_CUDA) < 1 ||
         (!lattice && m->n < HKZ_ISING_DOS_GPU_MIN_N)))
        return HKZ_SUCCESS;
    if (lattice)
        status = hkz_ising_dos_transfer_cuda(d, m, pr, NULL);
    else if (g == NULL)
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: no GPU "
                               "counting registered (hkz_cuda_register of "
                               "libhkz_cuda, hkz/cuda.h)");
    else
        status = dos_enum_gpu(d, m, g);
    if (status == HKZ_SUCCESS)
        *on_gpu = 1;
    else if (device == HKZ_BACKEND_AUTO && (status == HKZ_ERR_UNSUPPORTED ||
                                            status == HKZ_ERR_CUDA))
    {
        /* auto: the CPU when the GPU path does not apply */
        hkz_errmsg_clear();
        status = HKZ_SUCCESS;
    }
    return status;
}
