/* The fixed mode-chunk tree (hkz/engine.h: hkz_engine_run_ktree): on the
 * backend when it offers the node (out only), else chunk runs added here
 * along the same tree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

typedef struct
{
    hkz_engine_t e;
    const hkz_engine_problem_t *pb;
    size_t P, T, m, kc;
    size_t nerr, nmag;   /* doubles of err / mag per node (0: none) */
} kt_t;

/* upward-rounded a + b for a, b >= 0 (round to nearest is off by at most
 * half an ulp; the next double up covers it) */
static double add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

/* chunk c's product into out (ld ldo), err, mag */
static int leaf(const kt_t *S, double *out, double *err, double *mag,
                size_t ldo, size_t c)
{
    hkz_engine_problem_t q = *S->pb;
    size_t a = c * S->kc, b = FLINT_MIN(a + S->kc, S->pb->K);

    q.K = b - a;
    q.k_begin = S->pb->k_begin + a;
    if (q.basis == HKZ_BASIS_USER)
    {
        q.user_bmax += a;
        if (q.user_berr != NULL)
            q.user_berr += a;
    }
    if (q.weights == HKZ_WEIGHTS_GIVEN)
        q.C += a;
    q.c_key = 0;   /* the key names the whole C, not a chunk's rows */
    q.ldo = ldo;
    q.ready = NULL;
    q.epoch = 0;
    return hkz_engine_run_direct(S->e, out, err, mag, &q);
}

static int right_exists(const kt_t *S, int l, size_t i)
{
    return ((2 * i + 1) << (l - 1)) < S->m;
}

/* node (l, i) into out (ld ldo), err (per-entry: ld ldo), mag; tmp: l
 * nodes of P T + nerr + nmag doubles of scratch */
static int node_eval(const kt_t *S, int l, size_t i, double *out,
                     double *err, double *mag, size_t ldo, double *tmp)
{
    size_t P = S->P, T = S->T, len = P * T + S->nerr + S->nmag, j, k;
    double *te, *tm;

    if (l == 0)
        return leaf(S, out, err, mag, ldo, i);
    HKZ_TRY(node_eval(S, l - 1, 2 * i, out, err, mag, ldo, tmp + len));
    if (!right_exists(S, l, i))
        return HKZ_SUCCESS;
    te = S->nerr ? tmp + P * T : NULL;
    tm = S->nmag ? tmp + P * T + S->nerr : NULL;
    HKZ_TRY(node_eval(S, l - 1, 2 * i + 1, tmp, te, tm, P, tmp + len));
    /* values rounded to nearest, bounds upward */
    for (j = 0; j < T; j++)
        for (k = 0; k < P; k++)
            out[k + j * ldo] += tmp[k + j * P];
    if (mag != NULL)
        for (j = 0; j < T; j++)
            mag[j] = add_up(mag[j], tm[j]);
    if (err != NULL && S->pb->err_layout == HKZ_ERR_PER_COLUMN)
        for (j = 0; j < T; j++)
            err[j] = add_up(err[j], te[j]);
    else if (err != NULL)
        for (j = 0; j < T; j++)
            for (k = 0; k < P; k++)
                err[k + j * ldo] = add_up(err[k + j * ldo], te[k + j * P]);
    return HKZ_SUCCESS;
}

int hkz_engine_run_ktree(hkz_engine_t e, double *out, double *err,
                         double *mag, const hkz_engine_problem_t *pb,
                         size_t kc, int l, size_t i)
{
    const hkz_engine_backend_t *be;
    void *st;
    kt_t S;
    double *tmp = NULL;
    size_t ldo;
    int status;

    HKZ_CHECK(e != NULL && out != NULL && pb != NULL, HKZ_ERR_ARG,
              "hkz_engine_run_ktree: NULL argument");
    /* the weights are checked by each chunk's run (or on the device) */
    HKZ_TRY(_hkz_engine_problem_check_mt(pb, NULL, 1, 0));
    memset(&S, 0, sizeof(S));
    S.e = e;
    S.pb = pb;
    S.P = pb->P;
    S.T = pb->T;
    S.kc = kc;
    S.m = kc > 0 ? (pb->K + kc - 1) / kc : 0;
    ldo = pb->ldo != 0 ? pb->ldo : pb->P;
    HKZ_CHECK(kc > 0 && l >= 0 && l < 63 && (i << l) < S.m
              && (i << l) >> l == i, HKZ_ERR_ARG, "hkz_engine_run_ktree: "
              "node (%d, %zu) of %zu chunks of %zu modes", l, i, S.m, kc);
    be = _hkz_engine_backend(e, &st);
    if (be->ktree != NULL && err == NULL && mag == NULL
        && pb->weights == HKZ_WEIGHTS_GIVEN && pb->basis == HKZ_BASIS_USER)
        status = be->ktree(st, out, pb, kc, l, i);
    else
        status = HKZ_ERR_UNSUPPORTED;
    if (status == HKZ_ERR_UNSUPPORTED)
    {
        if (err != NULL || mag != NULL)
        {
            S.nerr = pb->err_layout == HKZ_ERR_PER_COLUMN ? S.T : S.P * S.T;
            S.nmag = S.T;
        }
        tmp = malloc(FLINT_MAX(l, 1) * (S.P * S.T + S.nerr + S.nmag)
                     * sizeof(double));
        status = tmp == NULL ? hkz_error_set(HKZ_ERR_NOMEM,
                "hkz_engine_run_ktree: out of memory") :
                node_eval(&S, l, i, out, err, mag, ldo, tmp);
    }
    free(tmp);
    if (status != HKZ_SUCCESS)
    {
        size_t j, k;
        for (j = 0; j < S.T; j++)
            for (k = 0; k < S.P; k++)
                out[k + j * ldo] = NAN;
    }
    return status;
}
