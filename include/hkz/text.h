/* hkz/text.h -- small text inputs shared by the library and the CLI
 * (src/text.c): whole files, lines with '#' comments, separated tokens.
 * Used by point files (hkz_su2n_point_set_file, "file:PATH" points of the
 * CLI), grid files (hkz_grid_heat_read_file) and CLI lists. */
#ifndef HKZ_TEXT_H
#define HKZ_TEXT_H

#include <stddef.h>
#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

/** s without leading and trailing white space (the end is cut in
 *  place). */
HKZ_API char *hkz_text_trim(char *s);

/** Splits buf in place at the character sep into at most max trimmed
 *  tokens tok[].  comments != 0 (files): '#' starts a comment, empty
 *  tokens are dropped; otherwise an empty token is an error.  Returns the
 *  count, -1 if there are more than max, -2 for an empty token. */
HKZ_API slong hkz_text_split(char **tok, slong max, char *buf, char sep,
        int comments);

/** Reads the file path whole (at most max bytes, 0: 1 GiB) into *buf
 *  (NUL-terminated, free(); a leading UTF-8 byte-order mark dropped), its
 *  length into *len (may be NULL) and, if hash != NULL, the FNV-1a 64-bit
 *  hash of its bytes.  HKZ_ERR_IO when the file cannot be read or is
 *  larger than max; HKZ_ERR_ARG ("line N: NUL byte") for a NUL byte. */
HKZ_API HKZ_WARN_UNUSED int hkz_text_read(char **buf, size_t *len,
        ulong *hash, const char *path, size_t max);

/** The lines of buf (split in place): '#' comments and surrounding white
 *  space removed, blank lines dropped.  *line (malloc, free()) receives
 *  the n kept lines, *lineno (may be NULL; malloc) their 1-based line
 *  numbers.  HKZ_ERR_NOMEM only. */
HKZ_API HKZ_WARN_UNUSED int hkz_text_lines(char ***line, slong **lineno,
        slong *n, char *buf);

#ifdef __cplusplus
}
#endif
#endif
