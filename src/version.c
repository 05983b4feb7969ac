/* Version and build information. */
#include "hkz/hkz.h"

const char *hkz_version(void) { return HKZ_VERSION_STRING; }

const char *hkz_flint_version(void) { return flint_version; }

const char *hkz_arb_version(void)
{
#if HKZ_HAVE_FLINT3
    return flint_version;
#else
    return arb_version;
#endif
}

const char *hkz_normalization(void)
{
    return "N_unit: [X,Y]=2Z, SU(2) = unit 3-sphere; Delta=-(X^2+Y^2+Z^2) "
           "eigenvalues n^2-1, L=-(X^2+Y^2) eigenvalues n^2-1-k^2; kernels "
           "of exp(-tL) (no 1/2) w.r.t. Haar probability measure; "
           "spin normalization: t -> t/4, distances x2";
}
