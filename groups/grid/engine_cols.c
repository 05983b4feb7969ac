/* Which t columns the CPU engine route of a grid runs: the choice
 * (_hkz_grid_engine_cols, once per run) and the engine route over those
 * columns only (_hkz_grid_engine_cols_run, per tile). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"
#include "hkz/su2.h"

/* su2-sub on the CPU: the engine's modes K grow like 1/min t over the
 * columns it runs, while at small t it certifies only the points near the
 * fibre through e (its bound ~ u K sum|terms| against a value ~
 * e^{-d_sR^2/(4t)}).  A column goes to the fallback when fewer than half
 * of a sample of the points (at most 64 r x 64 z) are predicted in reach:
 *   d_R^2/(4 t ln 2) + goal bits <= REACH_BITS - log2(REACH_K / t),
 * (the bits of a double less those of ~K modes, K ~ REACH_K/t), with
 * d_R = arccos(cos r cos z) <= d_sR, so the test leans towards the engine
 * (calibrated on --r 0.05:1.5:16 --z 0:6:16 --t 0.01:1:16 at 10 digits:
 * predicted 5%, 35%, 72%, 88% in reach at the first four times, engine
 * certified 2%, 16%, 57%, 85%).  A choice of route only: every entry is
 * certified by one of them.  From the lists and the goal alone, so every
 * tile and rank runs the same columns (the same bits). */
#define REACH_BITS 53.5
#define REACH_K 60.0
#define ENGINE_SAMPLES 64

void _hkz_grid_engine_cols_clear(_hkz_grid_times_t *tm)
{
    if (tm->ecols != NULL)
        free(tm->ecols->t);   /* the one buffer of its arrays */
    free(tm->ecols);
    free(tm->eoff);
    tm->ecols = NULL;
    tm->eoff = NULL;
}

/* tm->ecols: the times of the n columns tm->eoff keeps, made once */
static int keep_cols(_hkz_grid_times_t *tm, slong n)
{
    _hkz_grid_times_t *s = calloc(1, sizeof(_hkz_grid_times_t));
    double *buf = malloc(6 * n * sizeof(double));
    slong j, c;

    if (s == NULL || buf == NULL)
    {
        free(s);
        free(buf);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    }
    s->T = n;
    s->ok = tm->ok;
    s->t = buf;
    s->dt = buf + n;
    s->tlo = buf + 2 * n;
    s->thi = buf + 3 * n;
    s->lx = tm->lx != NULL ? buf + 4 * n : NULL;
    s->lt = tm->lt != NULL ? buf + 5 * n : NULL;
    for (j = 0, c = 0; j < tm->T; j++)
        if (!tm->eoff[j])
        {
            s->t[c] = tm->t[j];
            s->dt[c] = tm->dt[j];
            s->tlo[c] = tm->tlo[j];
            s->thi[c] = tm->thi[j];
            if (s->lx != NULL)
                s->lx[c] = tm->lx[j];
            if (s->lt != NULL)
                s->lt[c] = tm->lt[j];
            c++;
        }
    tm->ecols = s;
    return HKZ_SUCCESS;
}

int _hkz_grid_engine_cols(_hkz_grid_times_t *tm, const hkz_grid_heat_t g,
                          const hkz_goal_t *goal)
{
    slong nr, nz, sr, sz, i, j, T = tm->T, ns = 0, off = 0;
    double *d2;

    _hkz_grid_engine_cols_clear(tm);
    if (g->kind != HKZ_GRID_SU2_SUB
        || !tm->ok || g->deriv != 0 || goal->rel_bits > 49 || T < 1)
        return HKZ_SUCCESS;
    nr = g->r->n;
    nz = g->z->n;
    sr = (nr + ENGINE_SAMPLES - 1) / ENGINE_SAMPLES;
    sz = (nz + ENGINE_SAMPLES - 1) / ENGINE_SAMPLES;
    d2 = malloc(ENGINE_SAMPLES * ENGINE_SAMPLES * sizeof(double));
    tm->eoff = calloc(T, 1);
    if (d2 == NULL || tm->eoff == NULL)
    {
        free(d2);
        _hkz_grid_engine_cols_clear(tm);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    }
    for (i = 0; i < nr; i += sr)
        for (j = 0; j < nz; j += sz)
        {
            /* the lists are finite and r lies in [0, pi/2] (checked);
               the clamp is the engine's (heat_tile.c) */
            double r = arf_get_d(arb_midref(g->r->v + i), ARF_RND_NEAR),
                   z = arf_get_d(arb_midref(g->z->v + j), ARF_RND_NEAR), d;
            r = FLINT_MAX(0.0, FLINT_MIN(r, M_PI_2));
            if (hkz_su2_dist_riem_d(&d, r, z) != HKZ_SUCCESS)
                d = NAN;   /* out of reach */
            d2[ns++] = d * d;
        }
    for (j = 0; j < T; j++)
    {
        double lim = (REACH_BITS - log2(REACH_K / tm->t[j])
                      - (double) goal->rel_bits) * 4.0 * tm->t[j] * M_LN2;
        slong in = 0;
        for (i = 0; i < ns; i++)
            in += d2[i] <= lim;
        tm->eoff[j] = 2 * in < ns;
        off += tm->eoff[j];
    }
    free(d2);
    if (off == 0)
    {
        _hkz_grid_engine_cols_clear(tm);
        return HKZ_SUCCESS;
    }
    if (off == T)
        return HKZ_SUCCESS;   /* no column left: no ecols */
    return keep_cols(tm, T - off);
}

/* _hkz_grid_engine_tile over the columns a CPU engine runs (tm->ecols),
 * then each column moved to its place (from the last, so nothing is
 * overwritten before it moves), the others NaN: the goal test leaves those
 * to the fallback. */
int _hkz_grid_engine_cols_run(double *out, double *err, _hkz_grid_lip_t *L,
                              const hkz_grid_heat_t g, slong p0, slong np,
                              const _hkz_grid_times_t *tm, hkz_engine_t e)
{
    hkz_engine_opts_t o;
    double *lv[3];
    slong T = tm->T, j, c, i, a;
    int status;

    hkz_engine_get_opts(&o, e);
    if (tm->eoff == NULL || o.backend != HKZ_BACKEND_CPU)
        return _hkz_grid_engine_tile(out, err, L, g, p0, np, tm, e);
    if (tm->ecols == NULL)
        return HKZ_ERR_UNSUPPORTED;   /* no column: no engine route */
    status = _hkz_grid_engine_tile(out, err, L, g, p0, np, tm->ecols, e);
    if (status != HKZ_SUCCESS)
        return status;
    lv[0] = L->Lx;
    lv[1] = L->Lt;
    lv[2] = L->Lw;
    for (j = T - 1, c = tm->ecols->T - 1; j >= 0; j--)
    {
        if (tm->eoff[j])
        {
            for (i = 0; i < np; i++)
                out[i + j * np] = err[i + j * np] = NAN;
            for (a = 0; a < 3; a++)
                lv[a][j] = 0.0;
            continue;
        }
        if (c != j)
        {
            memmove(out + j * np, out + c * np, np * sizeof(double));
            memmove(err + j * np, err + c * np, np * sizeof(double));
            for (a = 0; a < 3; a++)
                lv[a][j] = lv[a][c];
        }
        c--;
    }
    return HKZ_SUCCESS;
}
