/* All Lee-Yang zeros of the Curie-Weiss model K_10 at coupling t = 0.1
 * per edge (beta = N t = 1), each certified to 20 digits.
 *
 * The call reads t exactly at the precision the zero finder needs and
 * sizes the result itself (W = N).  Success means the list is complete:
 * n = N/2 sign changes in (0, pi/2) saturate the Lee-Yang count, so every
 * zero is simple and no zero is missing. */
#include <stdio.h>
#include <hkz/hkz.h>

int main(void)
{
    hkz_ly_zeros_t z;
    slong j;
    int status;

    hkz_ly_zeros_init(z, 0);        /* resized by the call */
    status = hkz_ly_cw_zeros_digits(z, 10, "0.1", 20, NULL);
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "%s: %s\n", hkz_status_name(status), hkz_errmsg());
        hkz_ly_zeros_clear(z);
        return 1;
    }
    printf("N = %ld: %ld principal zeros, complete = %d\n", (long) z->W,
           (long) z->n, z->complete);
    /* z_j = exp(-2 i theta_j) on the unit circle of the fugacity */
    for (j = 0; j < z->n; j++)
    {
        printf("theta_%ld = ", (long) (j + 1));
        arb_printn(z->theta + j, 20, 0);
        printf("\n");
    }
    hkz_ly_zeros_clear(z);
    flint_cleanup();
    return 0;
}
