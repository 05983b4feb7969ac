/* Sign-change / minimum scan (hkz_cuda_sign_scan) on engine output: the
 * zeros of cos(N theta) are found where expected, and every column agrees
 * with a host scan of the same data.  Skips without a GPU. */
#include <string.h>
#include <cuda_runtime_api.h>
#include "hkz_gpu_test.h"

/* host reference of the scan, same certification rule */
static void host_scan(size_t *nch, size_t *idx, size_t cap, size_t *nunc,
                      size_t *amin, const double *out, const double *err,
                      int per_entry, size_t P, size_t t)
{
    size_t i;
    double best = INFINITY;
    *nch = 0;
    *nunc = 0;
    *amin = 0;
    for (i = 0; i < P; i++)
    {
        double v = out[i + t * P], e = per_entry ? err[i + t * P] : err[t];
        int s = v > e ? 1 : (v < -e ? -1 : 0);
        if (s == 0)
            (*nunc)++;
        if (fabs(v) < best)
        {
            best = fabs(v);
            *amin = i;
        }
        if (i + 1 < P && s != 0)
        {
            double w = out[i + 1 + t * P];
            double f = per_entry ? err[i + 1 + t * P] : err[t];
            int s2 = w > f ? 1 : (w < -f ? -1 : 0);
            if (s * s2 < 0)
            {
                if (*nch < cap)
                    idx[*nch] = i;
                (*nch)++;
            }
        }
    }
}

int main(void)
{
    enum { P = 3001, N = 40, T = 5, CAP = 64 };
    hkz_engine_problem_t pb;
    hkz_cuda_engine_t e = NULL;
    double *x, *C, *out, *err, *d_out = NULL, *d_err = NULL, *d_C = NULL;
    size_t nch[T], idx[T * CAP], nunc[T], amin[T];
    size_t rnch, ridx[CAP], rnunc, ramin, i, t, j;
    int layout;

    HKZ_TEST_NEED_CUDA("engine_scan");
    /* F_t(theta) = sum_k c_kt cos((N - 2k) theta) on theta_i = pi i/(P-1)
     * (points x_i = cos(theta_i) as doubles: the basis is T_m(x_i)).
     * Column 0: c_0 = 1 -> cos(N theta), N zeros in (0, pi).  Column 1:
     * cos(N theta) + 0.5 cos((N - 2) theta).  Column 2: constant 1 (no
     * zero).  Columns 3, 4: random. */
    x = malloc(P * sizeof(double));
    for (i = 0; i < P; i++)
        x[i] = cos(3.14159265358979323846 * (double) i / (P - 1));
    x[0] = 1.0;
    x[P - 1] = -1.0;
    C = calloc((N + 1) * T, sizeof(double));
    C[0] = 1.0;
    C[(N + 1)] = 1.0;
    C[(N + 1) + 1] = 0.5;
    C[2 * (N + 1) + N / 2] = 1.0;
    srand(7);
    for (t = 3; t < T; t++)
        for (j = 0; j <= N; j++)
            C[j + t * (N + 1)] = (double) rand() / RAND_MAX - 0.5;
    hkz_engine_problem_init(&pb);
    pb.P = P;
    pb.K = N + 1;
    pb.T = T;
    pb.basis = HKZ_BASIS_COS;
    pb.cos_n = N;
    pb.x = x;
    pb.ldc = N + 1;
    out = malloc(P * T * sizeof(double));
    err = malloc(P * T * sizeof(double));
    HKZ_TEST_OK(hkz_cuda_engine_create(&e, NULL));
    HKZ_TEST_CHECK(cudaMalloc((void **) &d_out, P * T * 8) == cudaSuccess &&
                   cudaMalloc((void **) &d_err, P * T * 8) == cudaSuccess &&
                   cudaMalloc((void **) &d_C, (N + 1) * T * 8) == cudaSuccess,
                   "cudaMalloc");
    cudaMemcpy(d_C, C, (N + 1) * T * 8, cudaMemcpyHostToDevice);
    pb.C = d_C;
    for (layout = 0; layout < 2; layout++)
    {
        pb.err_layout = layout;
        HKZ_TEST_OK(hkz_cuda_engine_run_dev(e, d_out, d_err, NULL, &pb));
        cudaMemcpy(out, d_out, P * T * 8, cudaMemcpyDeviceToHost);
        cudaMemcpy(err, d_err, (layout == HKZ_ERR_PER_ENTRY ? P * T : T) * 8,
                   cudaMemcpyDeviceToHost);
        HKZ_TEST_OK(hkz_cuda_sign_scan(nch, idx, CAP, nunc, amin, d_out, P,
                                       d_err, layout, P, T, -1));
        for (t = 0; t < T; t++)
        {
            host_scan(&rnch, ridx, CAP, &rnunc, &ramin, out, err,
                      layout == HKZ_ERR_PER_ENTRY, P, t);
            HKZ_TEST_CHECK(nch[t] == rnch && nunc[t] == rnunc &&
                           amin[t] == ramin,
                           "layout %d column %zu: gpu %zu/%zu/%zu host "
                           "%zu/%zu/%zu", layout, t, nch[t], nunc[t],
                           amin[t], rnch, rnunc, ramin);
            for (j = 0; j < (rnch < CAP ? rnch : CAP); j++)
                HKZ_TEST_CHECK(idx[t * CAP + j] == ridx[j],
                               "column %zu change %zu: %zu vs %zu", t, j,
                               idx[t * CAP + j], ridx[j]);
        }
        /* cos(N theta) has its N zeros at (2j+1) pi / (2N), none on the
         * grid: all certified */
        HKZ_TEST_CHECK(nch[0] == N, "cos(N theta): %zu sign changes",
                       nch[0]);
        for (j = 0; j < N && j < CAP; j++)
        {
            double z = (2.0 * j + 1) / (2.0 * N) * (P - 1);
            HKZ_TEST_CHECK(idx[j] == (size_t) z, "zero %zu at index %zu, "
                           "expected %zu", j, idx[j], (size_t) z);
        }
        HKZ_TEST_CHECK(nch[2] == 0 && nunc[2] == 0, "constant column");
    }
    /* a capacity smaller than the number of changes still counts all */
    HKZ_TEST_OK(hkz_cuda_sign_scan(nch, idx, 3, NULL, NULL, d_out, P, d_err,
                                   HKZ_ERR_PER_COLUMN, P, T, -1));
    HKZ_TEST_CHECK(nch[0] == N, "cap 3: %zu changes", nch[0]);
    HKZ_TEST_STATUS(hkz_cuda_sign_scan(nch, idx, 3, NULL, NULL, d_out, P - 1,
                                       d_err, HKZ_ERR_PER_COLUMN, P, T, -1),
                    HKZ_ERR_ARG);
    cudaFree(d_out); cudaFree(d_err); cudaFree(d_C);
    hkz_cuda_engine_destroy(&e);
    free(x); free(C); free(out); free(err);
    HKZ_TEST_END("engine_scan");
}
