/* The double basis of the sub-Laplacian grid (heat_sub_grid_basis.c,
 * compiled into this test: the symbols are internal): at random points,
 * including r = 0, tiny r, r = pi/2 and just below, large |z|, every
 * entry B~[p, (k, m)] must lie within berr[mode] of the Arb value of
 * f_k(z) cos(r)^k P_m^{(0,k)}(cos 2r) at 320 bits (DLMF 18.9.1 in balls),
 * and bmax must bound |B~|.  Prints how tight berr is (max |B~ - B| /
 * berr over the modes with berr > 0). */
#include <stdlib.h>
#include "hkz_test.h"
#include "su2_grid_internal.h"

#define NP 21
#define WP 320

/* B[mode] = f_k(z) g_{k,m}(r) in Arb (mode order of the grid) */
static void ref_basis(arb_ptr Bref, double r, double z, slong K,
                      const slong *Mk)
{
    arb_t rr, zz, c, y, a, fk, g0, gp, gc, gn, v;
    slong k, m;
    size_t mode = 0;

    arb_init(rr); arb_init(zz); arb_init(c); arb_init(y); arb_init(a);
    arb_init(fk); arb_init(g0); arb_init(gp); arb_init(gc); arb_init(gn);
    arb_init(v);
    arb_set_d(rr, r);
    arb_set_d(zz, z);
    arb_sin_cos(y, c, rr, WP);
    arb_sqr(y, y, WP);
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;
        arb_pow_ui(g0, c, ku, WP);
        if (k == 0)
            arb_one(fk);
        else
        {
            arb_mul_ui(a, zz, ku, WP);
            arb_cos(fk, a, WP);
            arb_mul_2exp_si(fk, fk, 1);
        }
        arb_set(gc, g0);
        for (m = 0; m <= Mk[k]; m++, mode++)
        {
            ulong mu = (ulong) m;
            arb_mul(Bref + mode, fk, gc, WP);
            if (m == Mk[k])
            {
                mode++;
                break;
            }
            if (m == 0)
            {
                arb_mul_ui(a, y, ku + 2, WP);
                arb_sub_ui(a, a, 1, WP);
                arb_neg(a, a);
                arb_mul(gn, g0, a, WP);
            }
            else
            {
                ulong n2k = 2 * mu + ku;
                ulong lam = 4 * mu * (mu + ku + 1) + 2 * ku;
                arb_mul_ui(a, y, 2 * n2k * (n2k + 2), WP);
                arb_neg(a, a);
                arb_add_ui(a, a, lam, WP);
                arb_mul_ui(a, a, n2k + 1, WP);
                arb_mul(a, a, gc, WP);
                arb_submul_ui(a, gp, 2 * mu * (mu + ku) * (n2k + 2), WP);
                arb_div_ui(gn, a, 2 * (mu + 1) * (mu + ku + 1) * n2k, WP);
            }
            arb_swap(gp, gc);
            arb_swap(gc, gn);
        }
    }
    arb_clear(rr); arb_clear(zz); arb_clear(c); arb_clear(y); arb_clear(a);
    arb_clear(fk); arb_clear(g0); arb_clear(gp); arb_clear(gc);
    arb_clear(gn); arb_clear(v);
}

static int within(double b, double e, const arb_t ref)
{
    arb_t d;
    arf_t ub, ea;
    int ok;
    arb_init(d); arf_init(ub); arf_init(ea);
    arb_set_d(d, b);
    arb_sub(d, d, ref, WP);
    arb_abs(d, d);
    arb_get_ubound_arf(ub, d, WP);
    arf_set_d(ea, e);
    ok = isfinite(e) && arf_cmp(ub, ea) <= 0;
    arb_clear(d); arf_clear(ub); arf_clear(ea);
    return ok;
}

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(3); iter++)
    {
        /* modes as the grid makes them: many k, m falling with k */
        slong K = iter == 0 ? 2200 : 50 + (slong) n_randint(st, 400);
        slong M0 = iter == 0 ? 34 : 2 + (slong) n_randint(st, 30), k;
        slong *Mk = malloc((K + 1) * sizeof(slong));
        size_t nmodes = 0, i, mode;
        double r[NP], z[NP], *B, *bmax, *berr, worst = 0.0;
        _hkz_su2_sub_basis_t S;
        _hkz_su2_sub_rows_ctx X;
        arb_ptr Bref;

        slong div = 1 + (slong) n_randint(st, 8);
        for (k = 0; k <= K; k++)
        {
            Mk[k] = FLINT_MAX(0, M0 - k / div);
            nmodes += (size_t) Mk[k] + 1;
        }
        for (i = 0; i < NP; i++)
        {
            int kind = (int) n_randint(st, 6);
            r[i] = kind == 0 ? 0.0 : kind == 1 ? ldexp(1.0, -(int)
                   n_randint(st, 60)) : kind == 2 ? M_PI_2 : kind == 3
                   ? M_PI_2 - ldexp(1.0, -(int) n_randint(st, 50))
                   : M_PI_2 * (double) n_randint(st, 1000001) / 1e6;
            z[i] = n_randint(st, 3) == 0 ? 2000.0 * (double) n_randint(st,
                   1000001) / 1e6 - 1000.0 : 7.0 * (double) n_randint(st,
                   1000001) / 1e6 - 3.5;
        }
        B = malloc(NP * nmodes * sizeof(double));
        bmax = calloc(nmodes, sizeof(double));
        berr = calloc(nmodes, sizeof(double));
        Bref = _arb_vec_init((slong) nmodes);
        HKZ_TEST_OK(_hkz_su2_sub_basis_init(&S, K, Mk, nmodes));
        X.S = &S;
        X.r = r;
        X.z = z;
        /* two ranges of rows, as the threads make them */
        _hkz_su2_sub_basis_rows(B, NP, bmax, berr, 0, 9, &X);
        _hkz_su2_sub_basis_rows(B, NP, bmax, berr, 9, NP, &X);
        for (i = 0; i < NP; i++)
        {
            ref_basis(Bref, r[i], z[i], K, Mk);
            for (mode = 0; mode < nmodes; mode++)
            {
                double b = B[i + mode * NP];
                arb_t d;
                HKZ_TEST_CHECK(within(b, berr[mode], Bref + mode),
                               "K = %ld, r = %.17g, z = %.17g, mode %zu: "
                               "%.17g +- %.3g misses", (long) K, r[i], z[i],
                               mode, b, berr[mode]);
                HKZ_TEST_CHECK(fabs(b) <= bmax[mode], "bmax, mode %zu",
                               mode);
                arb_init(d);
                arb_set_d(d, b);
                arb_sub(d, d, Bref + mode, WP);
                if (berr[mode] > 0)
                    worst = FLINT_MAX(worst, arf_get_d(arb_midref(d),
                                      ARF_RND_NEAR) / berr[mode]);
                arb_clear(d);
            }
        }
        printf("K = %ld, M0 = %ld, %zu modes: max berr %.3g, max |B~ - B| /"
               " berr %.3g\n", (long) K, (long) M0, nmodes,
               berr[nmodes - 1] > berr[0] ? berr[nmodes - 1] : berr[0],
               worst);
        _hkz_su2_sub_basis_clear(&S);
        _arb_vec_clear(Bref, (slong) nmodes);
        free(B); free(bmax); free(berr); free(Mk);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_grid_basis");
}
