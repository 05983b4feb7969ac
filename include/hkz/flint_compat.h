/* hkz/flint_compat.h -- the one place where FLINT 2.9 + Arb 2.23 (Debian's
 * libflint-arb) and FLINT 3 (Arb inside) differ for hkz. */
#ifndef HKZ_FLINT_COMPAT_H
#define HKZ_FLINT_COMPAT_H

#include "hkz/config.h"

#if HKZ_HAVE_FLINT3
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/fmpz_poly.h>
#include <flint/arb.h>
#include <flint/acb.h>
#include <flint/arb_mat.h>
#include <flint/acb_mat.h>
#include <flint/acb_calc.h>
#include <flint/arb_poly.h>
#include <flint/acb_poly.h>
#define hkz_rand_init(s) flint_rand_init(s)
#define hkz_rand_clear(s) flint_rand_clear(s)
#else
#include <flint/flint.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/fmpz_poly.h>
#include <arb.h>
#include <acb.h>
#include <arb_mat.h>
#include <acb_mat.h>
#include <acb_calc.h>
#include <arb_poly.h>
#include <acb_poly.h>
#define hkz_rand_init(s) flint_randinit(s)
#define hkz_rand_clear(s) flint_randclear(s)
#endif

#endif
