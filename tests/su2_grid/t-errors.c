/* Bad inputs of the grid callers: an error code with a message, and out /
 * err set to NaN wherever the layout is valid. */
#include "grid_test.h"

static int all_nan(const double *x, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!isnan(x[i]))
            return 0;
    return 1;
}

int main(void)
{
    double r[2] = {0.3, 1.0}, z[2] = {0.5, -1.0}, t[2] = {0.5, 1.0};
    double g[8] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.6, 0.8, 0.0};
    double out[4], err[4], bad[2];

    /* sub-Laplacian */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(NULL, err, 0, NULL, r, z, 2, t, 2),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, NULL, 2, t,
                                          2), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 0, t, 2),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 2, t, 0),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 1, NULL, r, z, 2, t, 2),
                    HKZ_ERR_ARG);
    bad[0] = 0.1; bad[1] = 1.6;            /* r > pi/2 */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, bad, z, 2, t,
                                          2), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(all_nan(out, 4) && all_nan(err, 4), "r > pi/2: no NaN");
    bad[0] = -0.0 - 1e-300;
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, bad, z, 1, t,
                                          2), HKZ_ERR_DOMAIN);
    bad[0] = NAN;
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, bad, 1, t,
                                          2), HKZ_ERR_DOMAIN);
    bad[0] = 1.0; bad[1] = 0.0;            /* t = 0 */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 2, bad,
                                          2), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(all_nan(out, 4) && all_nan(err, 4), "t = 0: no NaN");
    bad[1] = INFINITY;
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 2, bad,
                                          2), HKZ_ERR_DOMAIN);
    bad[1] = 1e-7;                         /* far too many modes */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 2, bad,
                                          2), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(all_nan(out, 4) && all_nan(err, 4), "tiny t: no NaN");

    /* Milnor */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, NULL, 0, NULL, 1, 2, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 0, t, 2, 0), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 1, NULL, 1, 2, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 0, 2, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(all_nan(out, 4) && all_nan(err, 4), "a = 0: no NaN");
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, NAN, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, -0.5,
                    g, 2, t, 2, 0), HKZ_ERR_DOMAIN);
    g[5] = 0.61;                           /* |a|^2 + |b|^2 != 1 */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_DOMAIN);
    g[5] = NAN;
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 2, t, 2, 0), HKZ_ERR_DOMAIN);
    g[5] = 0.6;
    bad[0] = 1.0; bad[1] = -1.0;
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 2, bad, 2, 0), HKZ_ERR_DOMAIN);
    bad[1] = 1e-6;                         /* more than 250 irreps */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 2, bad, 2, 0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5,
                    g, 2, t, 2, 251), HKZ_ERR_ARG);
    /* c = 0 and a tiny t: the tail bound of N = 1 does not converge */
    bad[1] = 0.1;
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.0,
                    g, 2, bad, 2, 1), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(all_nan(out, 4) && all_nan(err, 4), "tail: no NaN");
    /* and the same inputs are fine otherwise */
    HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1, 2, 0.5, g, 2,
                                         t, 2, 0));
    HKZ_TEST_OK(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, 2, t, 2));

    HKZ_TEST_END("su2_grid.errors");
}
