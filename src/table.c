/* Owned tables of records (hkz/table.h). */
#include <stdlib.h>
#include <string.h>
#include "hkz/table.h"
#include "hkz/status.h"
#include "hkz_check.h"

typedef struct
{
    hkz_field_t *f;
    slong n;
} row_t;

struct hkz_table_s
{
    row_t *rows;
    slong nrows, alloc;
};

int hkz_table_create(hkz_table_t *t)
{
    HKZ_CHECK(t != NULL, HKZ_ERR_ARG, "hkz_table_create: NULL handle");
    *t = calloc(1, sizeof(**t));
    HKZ_CHECK(*t != NULL, HKZ_ERR_NOMEM, "hkz_table_create: out of memory");
    return HKZ_SUCCESS;
}

static void field_clear(hkz_field_t *f)
{
    free((char *) f->key);
    free((char *) f->s);
    if (f->ball != NULL)
    {
        arb_clear((arb_ptr) f->ball);
        free((arb_ptr) f->ball);
    }
}

static void row_clear(row_t *r)
{
    slong j;
    for (j = 0; j < r->n; j++)
        field_clear(r->f + j);
    free(r->f);
}

void hkz_table_destroy(hkz_table_t *t)
{
    slong i;
    if (t == NULL || *t == NULL)
        return;
    for (i = 0; i < (*t)->nrows; i++)
        row_clear((*t)->rows + i);
    free((*t)->rows);
    free(*t);
    *t = NULL;
}

static char *dup_str(const char *s)
{
    size_t n;
    char *r;
    if (s == NULL)
        return NULL;
    n = strlen(s) + 1;
    r = malloc(n);
    if (r != NULL)
        memcpy(r, s, n);
    return r;
}

/* 0 or -1 (out of memory); on failure *d holds what was copied */
static int field_copy(hkz_field_t *d, const hkz_field_t *s)
{
    *d = *s;
    d->key = dup_str(s->key);
    d->s = dup_str(s->s);
    d->ball = NULL;
    if (s->ball != NULL)
    {
        arb_ptr b = malloc(sizeof(arb_struct));
        if (b != NULL)
        {
            arb_init(b);
            arb_set(b, s->ball);
        }
        d->ball = b;
    }
    return (s->key != NULL && d->key == NULL) ||
           (s->s != NULL && d->s == NULL) ||
           (s->ball != NULL && d->ball == NULL) ? -1 : 0;
}

int hkz_table_add(hkz_table_t t, const hkz_field_t *f, slong n)
{
    row_t r;
    slong j;
    int bad = 0;

    HKZ_CHECK(t != NULL && (f != NULL || n == 0) && n >= 0, HKZ_ERR_ARG,
              "hkz_table_add: bad arguments");
    if (t->nrows == t->alloc)
    {
        slong na = FLINT_MAX(16, 2 * t->alloc);
        row_t *nr = realloc(t->rows, na * sizeof(row_t));
        HKZ_CHECK(nr != NULL, HKZ_ERR_NOMEM, "hkz_table_add: out of memory");
        t->rows = nr;
        t->alloc = na;
    }
    r.n = 0;
    r.f = calloc(FLINT_MAX(n, 1), sizeof(hkz_field_t));
    HKZ_CHECK(r.f != NULL, HKZ_ERR_NOMEM, "hkz_table_add: out of memory");
    for (j = 0; j < n && !bad; j++, r.n++)
        bad = field_copy(r.f + j, f + j);
    if (bad)
    {
        row_clear(&r);
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_table_add: out of memory");
    }
    t->rows[t->nrows++] = r;
    return HKZ_SUCCESS;
}

slong hkz_table_nrows(const hkz_table_t t)
{
    return t == NULL ? 0 : t->nrows;
}

const hkz_field_t *hkz_table_row(const hkz_table_t t, slong i, slong *n)
{
    if (t == NULL || i < 0 || i >= t->nrows)
    {
        if (n != NULL)
            *n = 0;
        return NULL;
    }
    if (n != NULL)
        *n = t->rows[i].n;
    return t->rows[i].f;
}

const hkz_field_t *hkz_table_find(const hkz_table_t t, slong i,
                                  const char *key)
{
    slong j, n;
    const hkz_field_t *f = hkz_table_row(t, i, &n);
    for (j = 0; j < n; j++)
        if (strcmp(f[j].key, key) == 0)
            return f + j;
    return NULL;
}

int hkz_table_write(hkz_writer_t *w, const hkz_table_t t)
{
    slong i;
    int s;
    for (i = 0; i < hkz_table_nrows(t); i++)
        if ((s = hkz_writer_record(w, t->rows[i].f, t->rows[i].n)) !=
            HKZ_SUCCESS)
            return s;
    return HKZ_SUCCESS;
}
