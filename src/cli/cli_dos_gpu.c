/* The GPU paths of hkz dos (issue 12.3): the Gray-code enumeration of
 * kernels/cuda/dos_enum.cu for graphs, the GPU transfer matrix for
 * lattices.  The tables are exact integers, checked by the caller
 * (hkz_ising_dos_check) like every CPU table. */
#include <stdint.h>
#include "cli_dos.h"
#ifdef HKZ_CLI_CUDA
#include "hkz/cuda.h"
#endif

int hkz_cli_dos_gpu_built(void)
{
#ifdef HKZ_CLI_CUDA
    return 1;
#else
    return 0;
#endif
}

int hkz_cli_dos_gpu_present(void)
{
#ifdef HKZ_CLI_CUDA
    int n = 0;
    return hkz_cuda_device_count(&n) == HKZ_SUCCESS && n > 0;
#else
    return 0;
#endif
}

#ifdef HKZ_CLI_CUDA
/* Integer multipliers n_e = c_e / J0 >= 0 with J0 = gcd of the nonzero
 * c_e (1 if none), as the CPU enumeration defines them; edges with
 * c_e = 0 are left out (they weigh nothing).  0 or a status. */
static int multipliers(int *eu, int *ev, int *ew, int *ne, fmpq_t unit,
                       fmpz_t S, const hkz_ising_model_t m)
{
    slong i;
    fmpq_t q;
    int status = HKZ_SUCCESS;

    if (!hkz_ising_model_is_exact(m))
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: a coupling "
                             "is not exact (use --device cpu)");
    fmpq_init(q);
    fmpq_zero(unit);
    for (i = 0; i < m->nedges; i++)
    {
        if (fmpq_sgn(m->c + i) < 0)
        {
            fmpq_clear(q);
            return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: edge "
                                 "%ld-%ld has a negative coupling (the GPU "
                                 "enumeration needs couplings >= 0; use "
                                 "--device cpu)", (long) m->eu[i],
                                 (long) m->ev[i]);
        }
        fmpq_gcd(unit, unit, m->c + i);
    }
    if (fmpq_is_zero(unit))
        fmpq_one(unit);
    fmpz_zero(S);
    *ne = 0;
    for (i = 0; i < m->nedges && status == HKZ_SUCCESS; i++)
    {
        if (fmpq_is_zero(m->c + i))
            continue;
        fmpq_div(q, m->c + i, unit);
        if (!fmpz_fits_si(fmpq_numref(q)) ||
            fmpz_cmp_si(fmpq_numref(q), HKZ_ISING_DOS_MAX_ENTRIES) >= 0)
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: "
                                   "couplings too incommensurate for an "
                                   "exact table");
        else
        {
            eu[*ne] = (int) m->eu[i];
            ev[*ne] = (int) m->ev[i];
            ew[(*ne)++] = (int) fmpz_get_si(fmpq_numref(q));
            fmpz_add(S, S, fmpq_numref(q));
        }
    }
    fmpq_clear(q);
    return status;
}
#endif

int hkz_cli_dos_enum_gpu(hkz_ising_dos_t d, const hkz_ising_model_t m)
{
#ifdef HKZ_CLI_CUDA
    int *eu, *ev, *ew, *vw = NULL, ne = 0, bmax = 0, kmax = 0, status;
    uint64_t *g = NULL;
    slong i, size;

    if (m->n > HKZ_ISING_ENUM_MAX_N)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: N = %ld "
                             "vertices (the GPU enumeration takes at most "
                             "%d)", (long) m->n, HKZ_ISING_ENUM_MAX_N);
    eu = flint_malloc(3 * (m->nedges + 1) * sizeof(int));
    ev = eu + m->nedges + 1;
    ew = ev + m->nedges + 1;
    status = multipliers(eu, ev, ew, &ne, d->unit, d->S, m);
    if (status == HKZ_SUCCESS && m->w != NULL)
    {
        vw = flint_malloc(m->n * sizeof(int));
        for (i = 0; i < m->n; i++)
            vw[i] = (int) m->w[i];
    }
    if (status == HKZ_SUCCESS)
        status = hkz_cuda_dos_enum(NULL, (int) m->n, ne, eu, ev, ew, vw,
                                   &bmax, &kmax);
    if (status == HKZ_SUCCESS)
    {
        size = (slong) (bmax + 1) * (kmax + 1);
        g = flint_malloc(size * sizeof(uint64_t));
        status = hkz_cuda_dos_enum(g, (int) m->n, ne, eu, ev, ew, vw, &bmax,
                                   &kmax);
    }
    if (status == HKZ_SUCCESS)
    {
        /* the table (its fields are public; bmin = 0 for couplings >= 0) */
        if (d->g != NULL)
            _fmpz_vec_clear(d->g, d->nb * d->nk);
        d->nb = bmax + 1;
        d->nk = kmax + 1;
        d->bmin = 0;
        d->g = _fmpz_vec_init(size);
        for (i = 0; i < size; i++)
            fmpz_set_ui(d->g + i, (ulong) g[i]);
    }
    flint_free(g);
    flint_free(vw);
    flint_free(eu);
    return status;
#else
    (void) d;
    (void) m;
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "--device cuda: this hkz was "
                         "built without CUDA (configure with -DHKZ_CUDA=ON)");
#endif
}

/* The GPU transfer matrix (ising/transfer_cuda.c, kernels/cuda/
 * transfer.cu): HKZ_ERR_UNSUPPORTED without CUDA or without a device. */
int hkz_cli_dos_transfer_gpu(hkz_ising_dos_t d, const hkz_ising_model_t m,
                             const hkz_progress_t *pr)
{
    return hkz_ising_dos_transfer_cuda(d, m, pr, NULL);
}
