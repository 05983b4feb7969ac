/* hkz_engine_fix_sum on the device (kernels/cuda/engine_fix.cu: stage 2
 * split over the groups, its levels added by integer atomics) against the
 * CPU code (kernels/cpu/engine_fix.c): the same integers, bit for bit, at
 * random digits of full size and both signs, L = 8 and 16, up to several
 * hundred groups (several group blocks an entry), pairs whose terms stop
 * at different groups (the device skips the empty ones), rows with and
 * without cache keys; and both report a group sum that does not fit.
 * Skips without a GPU. */
#include <stdlib.h>
#include <string.h>
#include "hkz_gpu_test.h"
#include "hkz/engine.h"

/* a digit: |d| < 2^bits */
static int32_t digit(flint_rand_t st, int bits)
{
    int32_t v = (int32_t) n_randint(st, (ulong) 1 << bits);
    return n_randint(st, 2) ? -v : v;
}

/* n numbers of L digits, the top one below 2^top */
static void fill(int32_t *d, size_t n, int L, int top, flint_rand_t st)
{
    size_t i;
    int l;
    for (i = 0; i < n; i++)
        for (l = 0; l < L; l++)
            d[i * L + l] = digit(st, l == L - 1 ? top : HKZ_FIX_D);
}

static uint64_t next_key = 1;

int main(void)
{
    flint_rand_t st;
    hkz_engine_opts_t eo;
    hkz_engine_t e;
    slong iter;

    HKZ_TEST_NEED_CUDA("engine_fix");
    HKZ_TEST_OK(hkz_cuda_register());
    hkz_test_rand_init(st);
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CUDA;
    HKZ_TEST_OK(hkz_engine_create(&e, &eo));
    for (iter = 0; iter < hkz_test_iters(24); iter++)
    {
        int L = iter % 2 ? HKZ_FIX_LMAX : 8, keyed = iter % 3 != 0;
        /* the last iterations: a group sum too large for its digits */
        int over = iter >= hkz_test_iters(24) - 2;
        size_t nk = 1 + n_randint(st, iter % 4 == 0 ? 700 : 60);
        size_t nq = 1 + n_randint(st, 40), nz = 1 + n_randint(st, 40);
        size_t nx = 1 + n_randint(st, 4), i, k, q;
        size_t *off = malloc((nk + 1) * sizeof(size_t)), num;
        int32_t **x, **y, **z;
        uint32_t **yl;
        uint64_t *xk, *yk, *zk;
        int64_t *Vc, *Vg;
        hkz_engine_fix_t f;
        int sc, sg;

        off[0] = 0;
        for (k = 0; k < nk; k++)   /* (over: group 0 has terms) */
            off[k + 1] = off[k] + (over && k == 0) + n_randint(st, 7);
        num = FLINT_MAX(off[nk], 1);
        x = malloc(nx * sizeof(int32_t *));
        y = malloc(nq * sizeof(int32_t *));
        yl = malloc(nq * sizeof(uint32_t *));
        z = malloc(nz * sizeof(int32_t *));
        xk = malloc(nx * sizeof(uint64_t));
        yk = malloc(nq * sizeof(uint64_t));
        zk = malloc(nz * sizeof(uint64_t));
        /* a few x rows shared by the pairs (as one r row a call) */
        for (i = 0; i < nx; i++)
        {
            x[i] = malloc(num * L * sizeof(int32_t));
            fill(x[i], num, L, over ? HKZ_FIX_D : 22, st);
            xk[i] = next_key++;
        }
        for (q = 0; q < nq; q++)
        {
            /* terms up to a group of the pair's own */
            size_t kq = n_randint(st, nk + 1);
            y[q] = malloc(num * L * sizeof(int32_t));
            yl[q] = malloc(nk * sizeof(uint32_t));
            fill(y[q], num, L, over ? HKZ_FIX_D : 22, st);
            for (k = 0; k < nk; k++)
                yl[q][k] = k < kq ? (uint32_t) n_randint(st,
                                       off[k + 1] - off[k] + 1) : 0;
            yk[q] = next_key++;
        }
        /* over: group 0 of every pair at its largest, all its terms */
        for (q = 0; over && q < nq; q++)
        {
            yl[q][0] = (uint32_t) off[1];
            for (k = 0; k < off[1] * L; k++)
                y[q][k] = x[q % nx][k] = ((int32_t) 1 << HKZ_FIX_D) - 1;
        }
        for (i = 0; i < nz; i++)
        {
            z[i] = malloc(nk * L * sizeof(int32_t));
            fill(z[i], nk, L, HKZ_FIX_D, st);
            zk[i] = next_key++;
        }
        {
            const int32_t **xq = malloc(nq * sizeof(int32_t *));
            uint64_t *xkq = malloc(nq * sizeof(uint64_t));
            for (q = 0; q < nq; q++)
            {
                xq[q] = x[q % nx];
                xkq[q] = xk[q % nx];
            }
            f.L = L;
            f.nk = nk;
            f.off = off;
            f.nq = nq;
            f.x = xq;
            f.y = (const int32_t *const *) y;
            f.yl = (const uint32_t *const *) yl;
            f.xkey = keyed ? xkq : NULL;
            f.ykey = keyed ? yk : NULL;
            f.nz = nz;
            f.z = (const int32_t *const *) z;
            f.zkey = keyed ? zk : NULL;
            Vc = calloc(nq * nz * 2 * L, sizeof(int64_t));
            Vg = calloc(nq * nz * 2 * L, sizeof(int64_t));
            sc = hkz_engine_fix_sum(NULL, Vc, &f);
            sg = hkz_engine_fix_sum(e, Vg, &f);
            HKZ_TEST_CHECK(sc == sg, "iter %ld: status CPU %d, device %d",
                           (long) iter, sc, sg);
            if (over)
                HKZ_TEST_CHECK(sc == HKZ_ERR_TOO_LARGE, "iter %ld: no "
                               "overflow reported", (long) iter);
            else
                HKZ_TEST_CHECK(sc == HKZ_SUCCESS && memcmp(Vc, Vg,
                               nq * nz * 2 * L * sizeof(int64_t)) == 0,
                               "iter %ld (L %d, nk %zu, nq %zu, nz %zu): "
                               "device and CPU sums differ", (long) iter,
                               L, nk, nq, nz);
            free(xq);
            free(xkq);
        }
        for (i = 0; i < nx; i++)
            free(x[i]);
        for (q = 0; q < nq; q++)
        {
            free(y[q]);
            free(yl[q]);
        }
        for (i = 0; i < nz; i++)
            free(z[i]);
        free(x); free(y); free(yl); free(z); free(xk); free(yk); free(zk);
        free(off); free(Vc); free(Vg);
    }
    hkz_engine_destroy(&e);
    hkz_rand_clear(st);
    HKZ_TEST_END("gpu.engine_fix");
}
