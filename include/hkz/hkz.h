/* hkz/hkz.h -- umbrella header of the CPU-only hkz API. */
#ifndef HKZ_HKZ_H
#define HKZ_HKZ_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/status.h"
#include "hkz/goal.h"
#include "hkz/io.h"
#include "hkz/su2.h"
#include "hkz/su2n.h"
#include "hkz/su2mix.h"
#include "hkz/grid.h"
#include "hkz/io_h5.h"
#include "hkz/text.h"
#include "hkz/ising.h"
#include "hkz/ly.h"
#include "hkz/digits.h"
#include "hkz/dist.h"
#include "hkz/dist_ksum.h"
#include "hkz/compare.h"
#include "hkz/compare_x8.h"
#include "hkz/compare_sweep.h"
#include "hkz/report.h"
#include "hkz/compare_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Version string, e.g. "0.1.0". */
HKZ_API const char *hkz_version(void);

/** Versions of the FLINT and Arb libraries linked in. */
HKZ_API const char *hkz_flint_version(void);
HKZ_API const char *hkz_arb_version(void);

/** The normalization statement printed in every output's metadata. */
HKZ_API const char *hkz_normalization(void);

#ifdef __cplusplus
}
#endif
#endif
