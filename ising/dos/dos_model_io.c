/* Density-of-states files tied to their model (issue 12): written once
 * with the model's fingerprint in the description line, read back only
 * for the same model and after hkz_ising_dos_check, then installed in the
 * model so that every polynomial function uses the table.
 *
 * The fingerprint is FNV-1a 64 of "vertices n", the weights and one
 * "u v c_e" line per edge (exact couplings; the common scale, e.g. the
 * lattice coupling K, is not part of it: the table does not depend on
 * it). */
#include <stdio.h>
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

#define FP_KEY "model-fnv1a64:"

static ulong fnv_add(ulong h, const char *s)
{
    for (; *s != '\0'; s++)
    {
        h ^= (unsigned char) *s;
        h *= UWORD(1099511628211);
    }
    return h;
}

int hkz_ising_dos_model_desc(char **desc, const hkz_ising_model_t m)
{
    ulong h = UWORD(14695981039346656037);
    char tmp[96], label[96];
    slong i;

    *desc = NULL;
    HKZ_CHECK(hkz_ising_model_is_exact(m), HKZ_ERR_ARG,
              "density-of-states file: the model has a ball coupling (no "
              "exact table)");
    snprintf(tmp, sizeof(tmp), "vertices %ld\n", (long) m->n);
    h = fnv_add(h, tmp);
    for (i = 0; m->w != NULL && i < m->n; i++)
    {
        snprintf(tmp, sizeof(tmp), "weight %ld %ld\n", (long) i,
                 (long) m->w[i]);
        h = fnv_add(h, tmp);
    }
    for (i = 0; i < m->nedges; i++)
    {
        char *q = fmpq_get_str(NULL, 10, m->c + i);
        snprintf(tmp, sizeof(tmp), "%ld %ld ", (long) m->eu[i],
                 (long) m->ev[i]);
        h = fnv_add(fnv_add(fnv_add(h, tmp), q), "\n");
        flint_free(q);
    }
    if (m->kind == HKZ_ISING_LATTICE)
        snprintf(label, sizeof(label), "lattice %ldx%ld %s", (long) m->L,
                 (long) m->M, m->boundary == HKZ_ISING_TORUS ? "torus"
                 : "cylinder");
    else
        snprintf(label, sizeof(label), "%s", m->kind == HKZ_ISING_COMPLETE
                 ? "complete graph" : "graph");
    *desc = flint_malloc(256);
    snprintf(*desc, 256, "%s vertices=%ld edges=%ld W=%ld " FP_KEY "%016lx",
             label, (long) m->n, (long) m->nedges,
             (long) hkz_ising_model_weight(m), (unsigned long) h);
    return HKZ_SUCCESS;
}

int hkz_ising_dos_save(const char *path, const hkz_ising_dos_t d,
                       const hkz_ising_model_t m)
{
    char *desc;
    int status;
    HKZ_TRY(hkz_ising_dos_model_desc(&desc, m));
    status = hkz_ising_dos_write(path, d, desc);
    flint_free(desc);
    return status;
}

/* The fingerprint token of a description ("" if none). */
static const char *fingerprint(const char *desc)
{
    const char *s = desc != NULL ? strstr(desc, FP_KEY) : NULL;
    return s != NULL ? s : "";
}

int hkz_ising_dos_load(hkz_ising_dos_t d, const hkz_ising_model_t m,
                       const char *path)
{
    char *fdesc = NULL, *mdesc = NULL, msg[256];
    int status = HKZ_SUCCESS;

    HKZ_TRY(hkz_ising_dos_model_desc(&mdesc, m));
    HKZ_TRY_GOTO(hkz_ising_dos_read(d, &fdesc, path));
    HKZ_CHECK_GOTO(strcmp(fingerprint(fdesc), fingerprint(mdesc)) == 0,
                   HKZ_ERR_ARG, "%s: the table of another model (file: "
                   "'%.120s'; this run: '%.120s')", path, fdesc, mdesc);
    if ((status = hkz_ising_dos_check(d, m)) != HKZ_SUCCESS)
    {
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        status = hkz_error_set(HKZ_ERR_ARG, "%s: table refused: %s", path,
                               msg);
    }
cleanup:
    flint_free(fdesc);
    flint_free(mdesc);
    return status;
}

int hkz_ising_model_set_dos(hkz_ising_model_t m, const hkz_ising_dos_t d)
{
    hkz_ising_dos_struct *copy;
    int status;
    HKZ_TRY(hkz_ising_dos_check(d, m));
    copy = flint_malloc(sizeof(hkz_ising_dos_struct));
    hkz_ising_dos_init(copy);
    if ((status = _hkz_ising_dos_set(copy, d)) != HKZ_SUCCESS)
    {
        hkz_ising_dos_clear(copy);
        flint_free(copy);
        return status;
    }
    _hkz_ising_model_drop_dos(m);
    m->dos = copy;
    return HKZ_SUCCESS;
}
