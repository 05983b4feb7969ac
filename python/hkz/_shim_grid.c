/* Grids of heat kernels for the Python package (_shim.h): the problem of
 * `hkz grid heat KIND` built from the same LIST strings, run by
 * hkz_grid_heat_run with a sink that writes each row's double interval
 * (hkz_grid_ball_get_d: [mid - rad, mid + rad] encloses the ball) into
 * the caller's arrays at row p T + j. */
#include <stdlib.h>
#include <string.h>
#include "_shim.h"
#ifdef HKZPY_CUDA
#include "hkz/cuda.h"
#endif

struct hkzpy_grid_s
{
    hkz_grid_heat_t g;
    slong P, T;
    double *mid, *rad;
    signed char *cert, *scalar, *missed;
};

static int set_list(hkz_grid_list_t l, const char *what, const char *s,
                    slong prec)
{
    if (s == NULL)
        return HKZ_SUCCESS;
    if (hkz_grid_list_set_str(l, s, 0, prec) != HKZ_SUCCESS)
        return hkz_error_set(HKZ_ERR_ARG, "%s: %s", what, hkz_errmsg());
    return HKZ_SUCCESS;
}

int hkzpy_grid_new(hkzpy_grid_t **out, int kind, const char *t,
                   const char *alpha, const char *r, const char *z,
                   const char *weights, const char *file, int op,
                   const char *spec, ulong deriv, slong digits, slong *P,
                   slong *T)
{
    hkzpy_grid_t *G;
    hkz_goal_t goal;
    slong prec;
    int st = HKZ_SUCCESS;

    *out = NULL;
    if (kind < HKZ_GRID_SU2 || kind > HKZ_GRID_PRODUCT)
        return hkz_error_set(HKZ_ERR_ARG, "unknown grid kind %d", kind);
    if (digits < 1 || digits > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "digits must lie in [1, 100000]");
    /* the CLI's input precision: exact for every decimal of that size */
    hkz_goal_init_digits(&goal, digits);
    prec = goal.max_prec + 64;
    G = calloc(1, sizeof(*G));
    if (G == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    hkz_grid_heat_init(G->g, kind);
    G->g->deriv = deriv;
    G->g->digits = digits;
    if (kind == HKZ_GRID_SU2_MILNOR)
    {
        if ((file != NULL) == (r != NULL || z != NULL))
            st = hkz_error_set(HKZ_ERR_ARG, "give either g (a file) or r "
                               "and z");
        else if (weights == NULL)
            st = hkz_error_set(HKZ_ERR_ARG, "weights: missing");
        else if (hkz_grid_heat_set_weights(G->g, weights, prec))
            st = hkz_error_set(HKZ_ERR_ARG, "weights: %s", hkz_errmsg());
    }
    if (st == HKZ_SUCCESS && kind == HKZ_GRID_PRODUCT)
    {
        if (spec == NULL)
            st = hkz_error_set(HKZ_ERR_ARG, "give exactly one of "
                               "delta_weights and sub_weights");
        else
            st = hkz_grid_heat_set_product(G->g, op, spec, prec);
    }
    if (st == HKZ_SUCCESS && file != NULL)
        st = hkz_grid_heat_read_file(G->g, file, prec);
    if (st == HKZ_SUCCESS)
        st = set_list(G->g->t, "t", t, prec);
    if (st == HKZ_SUCCESS)
        st = set_list(G->g->alpha, "alpha", alpha, prec);
    if (st == HKZ_SUCCESS)
        st = set_list(G->g->r, "r", r, prec);
    if (st == HKZ_SUCCESS)
        st = set_list(G->g->z, "z", z, prec);
    if (st == HKZ_SUCCESS)
        st = hkz_grid_heat_check(&G->P, &G->T, G->g);
    if (st != HKZ_SUCCESS)
    {
        hkzpy_grid_free(G);
        return st;
    }
    *P = G->P;
    *T = G->T;
    *out = G;
    return HKZ_SUCCESS;
}

void hkzpy_grid_free(hkzpy_grid_t *G)
{
    if (G == NULL)
        return;
    hkz_grid_heat_clear(G->g);
    free(G);
}

slong hkzpy_grid_axis(const hkzpy_grid_t *G, int which, double *out)
{
    const hkz_grid_list_struct *l = which == 0 ? G->g->t
                                    : which == 1 ? G->g->alpha
                                    : which == 2 ? G->g->r : G->g->z;
    slong i;
    double rad;
    if (out != NULL)
        for (i = 0; i < l->n; i++)
            hkz_grid_ball_get_d(out + i, &rad, l->v + i);
    return l->n;
}

static int sink(void *ctx, const hkz_grid_entry_t *rows, slong n, slong p0,
                slong p1)
{
    hkzpy_grid_t *G = ctx;
    slong i, k;
    for (i = 0; i < n; i++)
    {
        k = rows[i].p * G->T + rows[i].j;
        hkz_grid_ball_get_d(G->mid + k, G->rad + k, &rows[i].value);
        G->cert[k] = rows[i].certified != 0;
        G->scalar[k] = rows[i].scalar != 0;
        G->missed[k] = rows[i].status == HKZ_ERR_PREC;
    }
    return HKZ_SUCCESS;
}

int hkzpy_grid_run(hkzpy_grid_t *G, int device, int scalar_only,
                   double *mid, double *rad, signed char *certified,
                   signed char *scalar, signed char *missed, slong *counts,
                   hkzpy_prog_fn prog, void *ctx)
{
    hkz_grid_opts_t o;
    hkz_grid_summary_t s;
    hkz_progress_t pr;
    int st;

#ifdef HKZPY_CUDA
    if (device != HKZ_BACKEND_CPU)
    {
        int n = 0;
        if (hkz_cuda_engine_register() != HKZ_SUCCESS ||
            hkz_cuda_device_count(&n) != HKZ_SUCCESS || n <= 0)
        {
            if (device == HKZ_BACKEND_CUDA)
                return hkz_error_set(HKZ_ERR_UNSUPPORTED, "device 'cuda': "
                                     "no CUDA device visible");
            device = HKZ_BACKEND_CPU;
        }
    }
#else
    if (device == HKZ_BACKEND_CUDA)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "device 'cuda': this "
                             "package was built against a libhkz without "
                             "libhkz_cuda (configure with -DHKZ_CUDA=ON)");
#endif
    pr.fn = prog;
    pr.ctx = ctx;
    G->mid = mid;
    G->rad = rad;
    G->cert = certified;
    G->scalar = scalar;
    G->missed = missed;
    hkz_grid_opts_init(&o);
    o.device = device;
    o.scalar_only = scalar_only;
    o.progress = prog != NULL ? &pr : NULL;
    o.sink = sink;
    o.sink_ctx = G;
    memset(&s, 0, sizeof(s));
    st = hkz_grid_heat_run(&s, G->g, &o);
    counts[0] = s.engine;
    counts[1] = s.scalar;
    counts[2] = s.missed;
    return st;
}
