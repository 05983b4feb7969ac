// cuBLAS and cuSOLVER loaded at run time (cuda_dl.h): dlopen by the
// sonames of the toolkit built against (then in its library folder), every function by dlsym, each
// library once (the libraries stay until the process ends); a failure
// leaves dlerror's text for the callers.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "cuda_dl.h"
#include "hkz/status.h"

#define DL_STR_(x) #x
#define DL_STR(x) DL_STR_(x)

static _hkz_cublas_t blas;
static _hkz_cusolver_t solver;
static int blas_ok, solver_ok;
static char blas_err[256], solver_err[256];
static pthread_once_t blas_once = PTHREAD_ONCE_INIT;
static pthread_once_t solver_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t pre_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t pre_thread;
static int pre_started;

// the symbol `name` of h into *f; 0 (and err) if missing
static int sym(void *h, const char *name, void *f, char *err, size_t n)
{
    void *p = dlsym(h, name);
    if (p == NULL)
    {
        snprintf(err, n, "no symbol %s", name);
        return 0;
    }
    *(void **) f = p;
    return 1;
}

#define SYM(h, t, member, name, err) \
    ok &= sym(h, #name, &(t).member, err, sizeof(err))
#define SYMS(member) SYM(h, solver, member, cusolverDn##member, solver_err)

// by soname on the loader's path, else in the toolkit's library folder
static void *open_lib(const char *so, char *err, size_t n)
{
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL)
    {
        const char *e = dlerror();
        char path[1024];
        snprintf(err, n, "%s", e != NULL ? e : so);
#ifdef HKZ_CUDA_LIBDIR
        snprintf(path, sizeof(path), "%s/%s", HKZ_CUDA_LIBDIR, so);
        h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
#endif
    }
    return h;
}

static void load_blas(void)
{
    void *h = open_lib("libcublas.so." DL_STR(CUBLAS_VER_MAJOR), blas_err,
                       sizeof(blas_err));
    int ok = h != NULL;
    if (h != NULL)
    {
        SYM(h, blas, Create, cublasCreate_v2, blas_err);
        SYM(h, blas, Destroy, cublasDestroy_v2, blas_err);
        SYM(h, blas, SetMathMode, cublasSetMathMode, blas_err);
        SYM(h, blas, SetAtomicsMode, cublasSetAtomicsMode, blas_err);
        SYM(h, blas, SetPointerMode, cublasSetPointerMode_v2, blas_err);
        SYM(h, blas, SetStream, cublasSetStream_v2, blas_err);
        SYM(h, blas, SetWorkspace, cublasSetWorkspace_v2, blas_err);
        SYM(h, blas, Dgemm, cublasDgemm_v2, blas_err);
        SYM(h, blas, Dgemm_64, cublasDgemm_v2_64, blas_err);
        SYM(h, blas, GetStatusString, cublasGetStatusString, blas_err);
    }
    blas_ok = ok;
}

static void load_solver(void)
{
    void *h = open_lib("libcusolver.so." DL_STR(CUSOLVER_VER_MAJOR), solver_err,
                 sizeof(solver_err));
    int ok = h != NULL;
    if (h != NULL)
    {
        SYMS(Create);
        SYMS(Zheevd_bufferSize);
        SYMS(Zheevd);
        SYMS(ZheevjBatched_bufferSize);
        SYMS(ZheevjBatched);
        SYMS(Dsyevd_bufferSize);
        SYMS(Dsyevd);
        SYMS(DsyevjBatched_bufferSize);
        SYMS(DsyevjBatched);
        SYMS(CreateSyevjInfo);
        SYMS(DestroySyevjInfo);
        SYMS(XsyevjSetTolerance);
        SYMS(XsyevjSetMaxSweeps);
        SYMS(XsyevjSetSortEig);
    }
    solver_ok = ok;
}

const _hkz_cublas_t *_hkz_cublas(void)
{
    pthread_once(&blas_once, load_blas);
    if (blas_ok)
        return &blas;
    hkz_error_set(HKZ_ERR_UNSUPPORTED, "cuBLAS cannot be loaded: %s",
                  blas_err);
    return NULL;
}

const _hkz_cusolver_t *_hkz_cusolver(void)
{
    pthread_once(&solver_once, load_solver);
    if (solver_ok)
        return &solver;
    hkz_error_set(HKZ_ERR_UNSUPPORTED, "cuSOLVER cannot be loaded: %s",
                  solver_err);
    return NULL;
}

static void *pre_main(void *arg)
{
    (void) arg;
    pthread_once(&blas_once, load_blas);
    pthread_once(&solver_once, load_solver);
    return NULL;
}

// at exit: no library constructor may still run beside the exit handlers
static void pre_join(void)
{
    pthread_join(pre_thread, NULL);
}

void _hkz_cuda_dl_preload(void)
{
    pthread_mutex_lock(&pre_lock);
    if (!pre_started && pthread_create(&pre_thread, NULL, pre_main, NULL)
                        == 0)
    {
        pre_started = 1;
        atexit(pre_join);
    }
    pthread_mutex_unlock(&pre_lock);
}
