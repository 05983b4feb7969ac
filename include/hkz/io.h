/* hkz/io.h -- ball strings and the result writer (text, CSV, JSON Lines).
 *
 * Balls are written as "[mid +/- rad]" in decimal, with enough digits that
 * parsing the string back (arb_set_str) gives a ball containing the
 * original.  Every output carries metadata: hkz version, the
 * normalization statement and the parameters of the run: in text first,
 * as "# key: value" lines; in JSON Lines as a first {"record":"meta"}
 * object; in CSV as "# key: value" lines right AFTER the header line, so
 * that the header is the first line (numpy.genfromtxt(f, delimiter=',',
 * names=True) skips the '#' lines; csv.DictReader reads
 * (l for l in f if not l.startswith('#'))).  The closing record ends the
 * output: "# key: value" lines (text, CSV), {"record":"end"} (JSON Lines).
 *
 * Numeric fields "mid" and "rad" are hkz_ball_get_d's: [mid - rad,
 * mid + rad] contains the ball, which stays exact in "value".
 */
#ifndef HKZ_IO_H
#define HKZ_IO_H

#include <stdio.h>
#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Writes x as "[mid +/- rad]" (or an exact decimal) into a newly
 *  allocated string (free with flint_free).  digits = 0 chooses enough
 *  digits for the midpoint's precision.  The string parses back with
 *  arb_set_str to a ball containing x. */
HKZ_API char *hkz_ball_get_str(const arb_t x, slong digits);

/** Midpoint of x as a double for numeric fields: +inf for the proven
 *  value +infinity (arb +inf with a finite radius), NaN if x is not
 *  finite, else the midpoint rounded to nearest. */
HKZ_API double hkz_ball_mid_d(const arb_t x);

/** The numeric fields of a ball: *mid the double nearest to x's
 *  midpoint, *rad a double with [*mid - *rad, *mid + *rad] containing x
 *  (the distance from *mid to the exact midpoint plus the radius, rounded
 *  up; +inf when *mid overflows).  Every writer's "mid" and "rad" come
 *  from here.  A non-finite x: *mid as hkz_ball_mid_d, *rad +inf. */
HKZ_API void hkz_ball_get_d(double *mid, double *rad, const arb_t x);

/** Writes x with the digits it supports: at least `digits` (and 17)
 *  significant digits where the ball's relative accuracy allows, never
 *  more than the accuracy supports plus one; a ball wider than its
 *  midpoint gets one digit; exact balls as hkz_ball_get_str(x, 0).  The
 *  string parses back to a ball containing x.  Free with flint_free. */
HKZ_API char *hkz_ball_get_str_digits(const arb_t x, slong digits);

/** Reads a decimal string ("0.1", "-2.5e-3", "[1.5 +/- 1e-10]"), a
 *  fraction ("71/60") or a rational multiple of pi ("pi", "pi/2", "3*pi/4")
 *  exactly as a ball (not via double; see hkz_exact_set_str).  Returns HKZ_ERR_ARG on garbage,
 *  NaN or infinity. */
HKZ_API HKZ_WARN_UNUSED int hkz_ball_set_str(arb_t x, const char *s,
                                             slong prec);

/** A number read as hkz_ball_set_str reads it (decimal, p/q, 3*pi/4),
 *  rounded to the nearest double: for options that are doubles by nature
 *  (tolerances, fractions).  HKZ_ERR_ARG on garbage. */
HKZ_API HKZ_WARN_UNUSED int hkz_double_set_str(double *x, const char *s);

/** Reads an exact number: a decimal ("-2.5e-3"), a fraction ("71/60",
 *  "1.5/7") or a rational multiple of pi ("pi", "-pi/2", "3*pi/4",
 *  "1/3*pi"): *pi = 0 and the value c, or *pi = 1 and the value c pi.
 *  HKZ_ERR_ARG on anything else. */
HKZ_API HKZ_WARN_UNUSED int hkz_exact_set_str(fmpq_t c, int *pi,
                                              const char *s);

/** c (times pi if pi != 0) as text that hkz_exact_set_str and
 *  hkz_ball_set_str read back exactly: a decimal where it terminates
 *  ("1.25", "-0.0625", "3e-40"), else "p/q"; "3*pi/4", "pi/2", "-pi".
 *  Free with free(); NULL when out of memory. */
HKZ_API char *hkz_exact_get_str(const fmpq_t c, int pi);

/* HDF5 is written by hkz_h5_* (hkz/io_h5.h), not by the writer below. */
typedef enum { HKZ_FORMAT_TEXT = 0, HKZ_FORMAT_CSV, HKZ_FORMAT_JSONL,
               HKZ_FORMAT_H5 } hkz_format_t;

/** Parses "text", "csv", "jsonl" or "h5". */
HKZ_API HKZ_WARN_UNUSED int hkz_format_from_str(hkz_format_t *fmt,
                                                const char *s);

/** The format of an output to `path` (NULL or "-": standard output):
 *  `format` ("text", "csv", "jsonl", "h5") when given (non-NULL), else
 *  the extension (.txt, .csv, .jsonl, .h5; any other: text).  A format
 *  that contradicts the extension (x.h5 as jsonl, x.jsonl as csv) is
 *  HKZ_ERR_ARG. */
HKZ_API HKZ_WARN_UNUSED int hkz_format_of_output(hkz_format_t *fmt,
        const char *path, const char *format);

typedef enum {
    HKZ_FIELD_STR = 0, HKZ_FIELD_INT, HKZ_FIELD_DOUBLE, HKZ_FIELD_BALL,
    HKZ_FIELD_BOOL, HKZ_FIELD_RAW
} hkz_field_kind_t;

/* One named value of a record.  RAW is a preformatted token (a number or
 * literal) written without quotes.  A BALL field with i > 0 is written
 * with hkz_ball_get_str_digits(ball, i) (HKZ_FBALLD), else with
 * hkz_ball_get_str(ball, 0).  In JSON Lines a non-finite DOUBLE is null. */
typedef struct
{
    const char *key;
    hkz_field_kind_t kind;
    const char *s;
    long i;
    double d;
    const arb_struct *ball;
} hkz_field_t;

#define HKZ_FSTR(k, v) ((hkz_field_t){(k), HKZ_FIELD_STR, (v), 0, 0.0, NULL})
#define HKZ_FINT(k, v) ((hkz_field_t){(k), HKZ_FIELD_INT, NULL, (v), 0.0, NULL})
#define HKZ_FDBL(k, v) ((hkz_field_t){(k), HKZ_FIELD_DOUBLE, NULL, 0, (v), NULL})
#define HKZ_FBALL(k, v) ((hkz_field_t){(k), HKZ_FIELD_BALL, NULL, 0, 0.0, (v)})
#define HKZ_FBALLD(k, v, d) ((hkz_field_t){(k), HKZ_FIELD_BALL, NULL, (d), 0.0, (v)})
#define HKZ_FRAW(k, v) ((hkz_field_t){(k), HKZ_FIELD_RAW, (v), 0, 0.0, NULL})
#define HKZ_FBOOL(k, v) ((hkz_field_t){(k), HKZ_FIELD_BOOL, NULL, (v), 0.0, NULL})

typedef struct hkz_writer_s hkz_writer_t;

/** Opens a writer on path ("-" or NULL: standard output).  Files are
 *  written to path.tmp and renamed on close, so a killed run never leaves
 *  a partial file under the final name. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_open(hkz_writer_t **w,
                                            const char *path,
                                            hkz_format_t fmt);

/** Adds a metadata entry (written before the first record; in CSV after
 *  the header). */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_meta(hkz_writer_t *w, const char *key,
                                            const char *value);

/** Adds a typed metadata entry: in JSON Lines numbers, booleans and
 *  null stay JSON values (strings are quoted); text and CSV write
 *  "# key: value" as before. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_meta_field(hkz_writer_t *w,
                                                  const hkz_field_t *f);

/** Writes one record.  In CSV the first record fixes the columns. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_record(hkz_writer_t *w,
                                              const hkz_field_t *fields,
                                              slong n);

/** Writes the closing record: {"record":"end",...} in JSON Lines,
 *  "# key: value" lines in text and CSV.  Call once, before close. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_end(hkz_writer_t *w,
                                           const hkz_field_t *fields,
                                           slong n);

/** Flushes, closes and (for files) renames into place; NULL-safe; sets
 *  *w = NULL.  Returns HKZ_ERR_IO if anything failed to be written. */
HKZ_API int hkz_writer_close(hkz_writer_t **w);

/** A writer into memory whose records continue another writer's (no
 *  metadata, no CSV header: each record as hkz_writer_record writes it
 *  after the first).  Take the bytes with hkz_writer_take, close with
 *  hkz_writer_close. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_open_mem(hkz_writer_t **w,
                                                hkz_format_t fmt);

/** The bytes of a memory writer since it was opened or last taken (free
 *  them with free()); the writer goes on empty. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_take(hkz_writer_t *w, char **buf,
                                            size_t *len);

/** Appends records formatted by a memory writer of the same format; this
 *  writer must have written its first record. */
HKZ_API HKZ_WARN_UNUSED int hkz_writer_raw(hkz_writer_t *w, const char *buf,
                                           size_t len);

/** Closes without renaming: the temporary file is removed. */
HKZ_API void hkz_writer_abort(hkz_writer_t **w);

#ifdef __cplusplus
}
#endif
#endif
