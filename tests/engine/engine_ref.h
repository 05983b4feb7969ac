/* engine_ref.h -- Arb references and random problems for the engine tests. */
#ifndef HKZ_ENGINE_REF_H
#define HKZ_ENGINE_REF_H

#include <math.h>
#include <stdlib.h>
#include "hkz_test.h"
#include "hkz/engine.h"

#define REF_PREC 256

/* USER bases of the tests: B(p, g) = ref_user_B[p + g * P] (exact) */
static const double *ref_user_B = NULL;

static inline int ref_user_fill(double *blk, size_t ld, size_t p0, size_t np,
                         size_t k0, size_t nk, void *ctx)
{
    size_t P = *(const size_t *) ctx, i, j;
    for (j = 0; j < nk; j++)
        for (i = 0; i < np; i++)
            blk[i + j * ld] = ref_user_B[p0 + i + (k0 + j) * P];
    return HKZ_SUCCESS;
}

/* exact basis value B(p, global mode g) as a tight ball */
static inline void ref_basis(arb_t b, const hkz_engine_problem_t *pb, size_t p,
                      size_t g)
{
    arb_t x;
    if (pb->basis == HKZ_BASIS_USER)
    {
        arb_set_d(b, ref_user_B[p + g * pb->P]);
        return;
    }
    arb_init(x);
    arb_set_d(x, pb->x[p]);
    if (pb->basis == HKZ_BASIS_CHEB_U)
        arb_chebyshev_u_ui(b, (ulong) g, x, REF_PREC);
    else
    {
        size_t m = 2 * g > pb->cos_n ? 2 * g - pb->cos_n : pb->cos_n - 2 * g;
        arb_chebyshev_t_ui(b, (ulong) m, x, REF_PREC);
    }
    arb_clear(x);
}

/* exact weight C(k, j) */
static inline void ref_weight(arb_t w, const hkz_engine_problem_t *pb, size_t k,
                       size_t j)
{
    if (pb->weights == HKZ_WEIGHTS_GIVEN)
        arb_set_d(w, pb->C[k + j * pb->ldc]);
    else
    {
        ulong n = (ulong) (pb->k_begin + k + 1);
        arb_t t;
        arb_init(t);
        arb_set_d(t, pb->times[j]);
        arb_mul_ui(t, t, n * n - 1, REF_PREC);
        arb_neg(t, t);
        arb_exp(w, t, REF_PREC);
        arb_mul_ui(w, w, n, REF_PREC);
        arb_clear(t);
    }
}

/* Checks |out - exact| <= err for every entry; returns the number of
 * violations and the largest ratio |out - ref| / err seen. */
static inline slong ref_check(const hkz_engine_problem_t *pb, const double *out,
                       const double *err, double *worst)
{
    size_t p, j, k, ldo = pb->ldo ? pb->ldo : pb->P;
    slong bad = 0;
    arb_t s, b, w, d;
    arb_ptr bas;
    arb_init(s); arb_init(b); arb_init(w); arb_init(d);
    bas = _arb_vec_init((slong) (pb->P * pb->K));
    for (p = 0; p < pb->P; p++)
        for (k = 0; k < pb->K; k++)
            ref_basis(bas + p * pb->K + k, pb, p, pb->k_begin + k);
    *worst = 0.0;
    for (j = 0; j < pb->T; j++)
        for (p = 0; p < pb->P; p++)
        {
            double e = pb->err_layout == HKZ_ERR_PER_COLUMN ? err[j]
                                                            : err[p + j * ldo];
            arb_zero(s);
            for (k = 0; k < pb->K; k++)
            {
                ref_weight(w, pb, k, j);
                arb_addmul(s, bas + p * pb->K + k, w, REF_PREC);
            }
            arb_set_d(d, out[p + j * ldo]);
            arb_sub(d, d, s, REF_PREC);
            arb_abs(d, d);
            {
                double lo = arf_get_d(arb_midref(d), ARF_RND_NEAR);
                arf_t ub;
                arf_init(ub);
                arb_get_ubound_arf(ub, d, REF_PREC);
                arf_t ea;
                arf_init(ea);
                arf_set_d(ea, e);
                if (!(e >= 0) || arf_cmp(ub, ea) > 0)
                {
                    if (bad < 5)
                    {
                        fprintf(stderr, "bound violated at p = %zu, t = %zu: "
                                "out = %.17g, |out - exact| = %.6g > err = "
                                "%.6g\n", p, j, out[p + j * ldo], lo, e);
                    }
                    bad++;
                }
                if (e > 0 && lo / e > *worst)
                    *worst = lo / e;
                arf_clear(ub);
                arf_clear(ea);
            }
        }
    _arb_vec_clear(bas, (slong) (pb->P * pb->K));
    arb_clear(s); arb_clear(b); arb_clear(w); arb_clear(d);
    return bad;
}

static inline double rand_unit(flint_rand_t st)
{
    return (double) n_randint(st, (ulong) 1 << 30) / (double) (1 << 30);
}

/* random point in [-1, 1], with some at or very near +-1 and 0 */
static inline double rand_point(flint_rand_t st)
{
    switch (n_randint(st, 8))
    {
    case 0: return 1.0;
    case 1: return -1.0;
    case 2: return 1.0 - ldexp(rand_unit(st), -30);
    case 3: return 0.0;
    default: return 2.0 * rand_unit(st) - 1.0;
    }
}

/* random weight of varying sign and magnitude */
static inline double rand_weight(flint_rand_t st, int wide)
{
    double v = 2.0 * rand_unit(st) - 1.0;
    if (wide)
        v = ldexp(v, (int) n_randint(st, 80) - 40);
    return v;
}

/* one run of a CPU engine made with these options (0: automatic) */
static inline int ref_engine_run(double *out, double *err,
                                 const hkz_engine_problem_t *pb,
                                 size_t kblock, size_t pblock, size_t nchunks,
                                 int nthreads)
{
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;
    int s;
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CPU;
    o.kblock = kblock;
    o.pblock = pblock;
    o.nchunks = nchunks;
    o.nthreads = nthreads;
    s = hkz_engine_create(&e, &o);
    if (s == HKZ_SUCCESS)
        s = hkz_engine_run(e, out, err, pb);
    hkz_engine_destroy(&e);
    return s;
}

#endif
