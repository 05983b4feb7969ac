/* The sweep's deterministic samples and their certified distances. */
#include <math.h>
#include <stdint.h>
#include "sweep_internal.h"
#include "hkz/status.h"

/* splitmix64: the stream of sample j depends on (seed, j) only */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double rng_u(uint64_t *s)
{
    *s += UINT64_C(0x9e3779b97f4a7c15);
    /* uniform in (0, 1], so no coordinate is exactly at e */
    return (double) ((mix64(*s) >> 11) + 1) * 0x1p-53;
}

slong _hkz_sweep_fibre_count(const struct hkz_compare_sweep_s *sw, slong j)
{
    return (slong) floor((double) j * sw->o.fibre);
}

int _hkz_sweep_is_fibre(const struct hkz_compare_sweep_s *sw, slong j)
{
    return _hkz_sweep_fibre_count(sw, j + 1) >
           _hkz_sweep_fibre_count(sw, j);
}

int _hkz_sweep_point(hkz_su2n_point_t x, double *eps,
                     const struct hkz_compare_sweep_s *sw, slong j)
{
    const double pi = 3.141592653589793;  /* < pi: r <= pi/2 holds */
    slong head = sw->o.head, i;
    arb_t r, phi, z;
    int s = HKZ_SUCCESS, any = 0;
    uint64_t st = mix64(sw->o.seed + UINT64_C(0x9e3779b97f4a7c15) *
                        (uint64_t) (j + 1));
    arb_init(r);
    arb_init(phi);
    arb_init(z);
    if (_hkz_sweep_is_fibre(sw, j))
    {
        /* eps on a log grid of K + 2 decades below 1/max(a_i/b_i) (z_i
         * <= 1), reaching below the smallest random distances */
        slong k = _hkz_sweep_fibre_count(sw, j);
        double e = sw->nfibre > 1 ? (double) k / (double) (sw->nfibre - 1)
                                  : 0.0;
        *eps = pow(10.0, -(double) (sw->o.decades + 2) * e) / sw->ab_max;
        arb_zero(r);
        for (i = 0; i < head && s == HKZ_SUCCESS; i++)
        {
            arb_set_d(z, *eps * sw->ab[i]);
            s = hkz_su2n_point_set_cyl(x, i + 1, r, NULL, z);
        }
    }
    else
    {
        *eps = pow(10.0, -(double) sw->o.decades * rng_u(&st));
        for (i = 0; i < head && s == HKZ_SUCCESS; i++)
        {
            /* every coordinate draws the same numbers, used or not */
            double u1 = rng_u(&st), u2 = rng_u(&st), u3 = rng_u(&st);
            double u4 = rng_u(&st), u5 = rng_u(&st);
            if (u5 <= 0.25 && !(i == head - 1 && !any))
                continue;  /* this coordinate stays at e */
            any = 1;
            /* r-dominated and z-dominated coordinates both occur */
            arb_set_d(r, *eps * (pi / 2) * u1 * pow(10.0, -2.0 * u2));
            arb_set_d(z, *eps * pi * (2.0 * u3 - 1.0));
            arb_set_d(phi, 2.0 * pi * u4);
            s = hkz_su2n_point_set_cyl(x, i + 1, r, phi, z);
        }
    }
    arb_clear(r);
    arb_clear(phi);
    arb_clear(z);
    return s;
}

/* Precision raised until both distances meet the goal (a function of j
 * and the parameters only). */
int _hkz_sweep_dist(arb_t dd, arb_t dl, const struct hkz_compare_sweep_s *sw,
                    slong j)
{
    hkz_su2n_point_t x;
    double eps;
    slong p;
    int s;
    hkz_su2n_point_init(x, sw->o.head);
    s = _hkz_sweep_point(x, &eps, sw, j);
    for (p = sw->prec; s == HKZ_SUCCESS; p *= 2)
    {
        s = hkz_su2n_dist(dd, sw->ah, HKZ_SU2N_DELTA, x, p);
        if (s == HKZ_SUCCESS)
            s = hkz_su2n_dist(dl, sw->bh, HKZ_SU2N_L, x, p);
        if (s != HKZ_SUCCESS || p >= 8 * sw->prec ||
            (arb_rel_accuracy_bits(dd) >= sw->goal + 8 &&
             arb_rel_accuracy_bits(dl) >= sw->goal + 8))
            break;
    }
    hkz_su2n_point_clear(x);
    return s;
}
