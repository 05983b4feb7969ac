/* Lee-Yang zeros of an Ising model on a graph built in code: the 4-cycle
 * 0-1-2-3-0 with couplings 2, 1, 2, 1/20 (spec B9, where theta_2 moves
 * up when the coupling of edge 1-2 grows).
 *
 * Couplings are exact rationals (fmpq), so the partition function is a
 * table of exact integers; the zeros are certified to 20 digits. */
#include <stdio.h>
#include <hkz/hkz.h>

int main(void)
{
    static const slong edge[4][4] = {   /* u, v, J = p / q */
        {0, 1, 2, 1}, {1, 2, 1, 1}, {2, 3, 2, 1}, {3, 0, 1, 20}};
    hkz_ising_model_t m;
    hkz_ly_zeros_t z;
    fmpq_t J;
    slong e, j;
    int status;

    hkz_ising_model_init(m);
    hkz_ly_zeros_init(z, 0);
    fmpq_init(J);
    status = hkz_ising_model_set_empty(m, 4);
    for (e = 0; e < 4 && status == HKZ_SUCCESS; e++)
    {
        fmpq_set_si(J, edge[e][2], (ulong) edge[e][3]);
        status = hkz_ising_model_add_edge(m, edge[e][0], edge[e][1], J);
    }
    /* NULL: keep the couplings as given (no common scale) */
    if (status == HKZ_SUCCESS)
        status = hkz_ly_zeros_model_digits(z, m, NULL, 20, NULL);
    if (status == HKZ_SUCCESS)
    {
        printf("W = %ld, complete = %d\n", (long) z->W, z->complete);
        for (j = 0; j < z->n; j++)
        {
            printf("theta_%ld = ", (long) (j + 1));
            arb_printn(z->theta + j, 20, 0);
            printf("\n");
        }
    }
    else
        fprintf(stderr, "%s: %s\n", hkz_status_name(status), hkz_errmsg());
    fmpq_clear(J);
    hkz_ly_zeros_clear(z);
    hkz_ising_model_clear(m);
    flint_cleanup();
    return status == HKZ_SUCCESS ? 0 : 1;
}
