/* DOS files (issue 12): write / read round trip, checksum mismatch and
 * truncation are errors with a clear message, the table read back passes
 * hkz_ising_dos_check; graph files (issue 10): a UTF-8 byte-order mark is
 * accepted, other non-ASCII bytes and UTF-16 files are named. */
#include <stdio.h>
#include <unistd.h>
#include "ising_test.h"

static void put_file(const char *path, const char *s, size_t n)
{
    FILE *f = fopen(path, "wb");
    HKZ_TEST_CHECK(f != NULL, "cannot write %s", path);
    fwrite(s, 1, n, f);
    fclose(f);
}

static char *get_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *s = flint_malloc(1 << 20);
    *n = fread(s, 1, (1 << 20) - 1, f);
    s[*n] = '\0';
    fclose(f);
    return s;
}

static void check_dos_io(const char *dir)
{
    char path[512], *text, *desc;
    size_t n;
    hkz_ising_model_t m;
    hkz_ising_dos_t a, b;
    fmpq_t one;

    fmpq_init(one);
    fmpq_set_si(one, 2, 5);
    hkz_ising_model_init(m);
    hkz_ising_dos_init(a);
    hkz_ising_dos_init(b);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 3, one, HKZ_ISING_TORUS));
    HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(a, m, 2, NULL, NULL));
    snprintf(path, sizeof path, "%s/t.dos", dir);
    HKZ_TEST_OK(hkz_ising_dos_write(path, a, "lattice 4x3 torus"));
    HKZ_TEST_OK(hkz_ising_dos_read(b, &desc, path));
    HKZ_TEST_CHECK(strcmp(desc, "lattice 4x3 torus") == 0, "desc '%s'", desc);
    flint_free(desc);
    HKZ_TEST_CHECK(a->nb == b->nb && a->nk == b->nk && a->bmin == b->bmin &&
                   fmpq_equal(a->unit, b->unit) && fmpz_equal(a->S, b->S) &&
                   _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                   "round trip changed the table");
    HKZ_TEST_OK(hkz_ising_dos_check(b, m));
    /* one changed digit: checksum mismatch */
    text = get_file(path, &n);
    text[n / 2] = text[n / 2] == '1' ? '2' : '1';
    put_file(path, text, n);
    HKZ_TEST_STATUS(hkz_ising_dos_read(b, NULL, path), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "checksum mismatch") != NULL,
                   "message: %s", hkz_errmsg());
    /* truncated: no checksum line */
    put_file(path, text, n / 2);
    HKZ_TEST_STATUS(hkz_ising_dos_read(b, NULL, path), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "checksum") != NULL, "message: %s",
                   hkz_errmsg());
    flint_free(text);
    unlink(path);
    HKZ_TEST_STATUS(hkz_ising_dos_read(b, NULL, path), HKZ_ERR_IO);
    /* a table of another model fails the check */
    hkz_ising_model_clear(m);
    hkz_ising_model_init(m);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 3, 4, one, HKZ_ISING_CYLINDER));
    HKZ_TEST_STATUS(hkz_ising_dos_check(a, m), HKZ_ERR_ARG);
    hkz_ising_dos_clear(a);
    hkz_ising_dos_clear(b);
    hkz_ising_model_clear(m);
    fmpq_clear(one);
}

static void check_bytes(const char *dir)
{
    char path[512];
    hkz_ising_model_t m;
    hkz_ising_model_init(m);
    HKZ_TEST_OK(hkz_ising_model_read_str(m, "\xEF\xBB\xBF" "0 1 1\n1 2 1\n"));
    HKZ_TEST_CHECK(m->n == 3 && m->nedges == 2, "BOM: n = %ld", (long) m->n);
    snprintf(path, sizeof path, "%s/bom.txt", dir);
    put_file(path, "\xEF\xBB\xBF# graph\n0 1 1\n", 17);
    HKZ_TEST_OK(hkz_ising_model_read_file(m, path));
    HKZ_TEST_CHECK(m->n == 2 && m->nedges == 1, "BOM file");
    /* a BOM in the middle and a non-breaking space are named */
    HKZ_TEST_STATUS(hkz_ising_model_read_str(m,
                    "0 1 1\n\xEF\xBB\xBF" "1 2 1\n"), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 2: byte 0xef") != NULL &&
                   strstr(hkz_errmsg(), "not plain ASCII") != NULL,
                   "message: %s", hkz_errmsg());
    HKZ_TEST_STATUS(hkz_ising_model_read_str(m, "0 1\xC2\xA0" "1\n"),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "byte 0xc2") != NULL, "message: %s",
                   hkz_errmsg());
    HKZ_TEST_STATUS(hkz_ising_model_read_str(m, "0 1 0.5\xC2\xA0\n"),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "coupling") != NULL &&
                   strstr(hkz_errmsg(), "0xc2") != NULL, "message: %s",
                   hkz_errmsg());
    /* UTF-16 */
    put_file(path, "\xFF\xFE" "0\0 \0" "1\0 \0" "1\0\n\0", 14);
    HKZ_TEST_STATUS(hkz_ising_model_read_file(m, path), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "UTF-16") != NULL, "message: %s",
                   hkz_errmsg());
    unlink(path);
    hkz_ising_model_clear(m);
}

int main(void)
{
    char dir[] = "/tmp/hkz-t-transfer-io-XXXXXX";
    HKZ_TEST_CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    check_dos_io(dir);
    check_bytes(dir);
    rmdir(dir);
    HKZ_TEST_END("ising.transfer_io");
}
