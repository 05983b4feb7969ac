/* hkz/record.h -- the one codec of checkpoint records (src/record.c).
 *
 * A record is one line of fields separated by single spaces:
 *   word   a token without spaces (a kind, a key)
 *   slong  decimal (%ld)
 *   double exact hexadecimal (%a)
 *   ball   exact (arb_dump_str: four words), so a resumed run prints
 *          exactly what an uninterrupted one prints
 * Encode field by field into a growing buffer; decode with a cursor that
 * names what went wrong: "checkpoint: truncated <what> record (field N
 * missing)" or "checkpoint: malformed field N of <what> record '...'"
 * (HKZ_ERR_CHECKPOINT; fields count from 1). */
#ifndef HKZ_RECORD_H
#define HKZ_RECORD_H

#include <stddef.h>
#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    char *s;                /* the record so far, '\0'-terminated */
    size_t len, alloc;
    int status;             /* HKZ_ERR_NOMEM after a failed growth */
} hkz_rec_enc_t;

HKZ_API void hkz_rec_enc_init(hkz_rec_enc_t *e);
HKZ_API void hkz_rec_enc_clear(hkz_rec_enc_t *e);
/** Empties e for the next record (keeps its memory). */
HKZ_API void hkz_rec_enc_reset(hkz_rec_enc_t *e);
HKZ_API void hkz_rec_put_word(hkz_rec_enc_t *e, const char *w);
HKZ_API void hkz_rec_put_slong(hkz_rec_enc_t *e, slong v);
HKZ_API void hkz_rec_put_d(hkz_rec_enc_t *e, double v);
HKZ_API void hkz_rec_put_ball(hkz_rec_enc_t *e, const arb_t x);
/** The record (valid until the next put, reset or clear), or NULL with
 *  HKZ_ERR_NOMEM set when some put ran out of memory. */
HKZ_API const char *hkz_rec_enc_str(hkz_rec_enc_t *e);

typedef struct
{
    const char *rec, *p;    /* the record, the next field */
    const char *what;       /* its kind, for messages ("grid tile") */
    int field;              /* fields read so far */
} hkz_rec_dec_t;

HKZ_API void hkz_rec_dec_init(hkz_rec_dec_t *d, const char *rec,
                              const char *what);
/** The next field; HKZ_ERR_CHECKPOINT as above.  get_word copies into
 *  buf of cap bytes (a longer word is malformed). */
HKZ_API HKZ_WARN_UNUSED int hkz_rec_get_word(hkz_rec_dec_t *d, char *buf,
                                             size_t cap);
HKZ_API HKZ_WARN_UNUSED int hkz_rec_get_slong(hkz_rec_dec_t *d, slong *v);
HKZ_API HKZ_WARN_UNUSED int hkz_rec_get_int(hkz_rec_dec_t *d, int *v);
HKZ_API HKZ_WARN_UNUSED int hkz_rec_get_d(hkz_rec_dec_t *d, double *v);
/** A ball (any, infinite and NaN ones too, as arb_dump_str wrote it). */
HKZ_API HKZ_WARN_UNUSED int hkz_rec_get_ball(hkz_rec_dec_t *d, arb_t x);
/** 1 when no field is left. */
HKZ_API int hkz_rec_at_end(const hkz_rec_dec_t *d);
/** HKZ_ERR_CHECKPOINT "malformed" when fields are left. */
HKZ_API HKZ_WARN_UNUSED int hkz_rec_end(hkz_rec_dec_t *d);

#ifdef __cplusplus
}
#endif
#endif
