/* Runs the fuzz entry point over the files of a corpus directory (or the
 * files given), so that every build exercises the parser without libFuzzer. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/hkz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf;
    long n;
    if (f == NULL)
        return 1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n > 0 ? n : 1);
    if (buf == NULL || (n > 0 && fread(buf, 1, n, f) != (size_t) n))
    {
        fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t) n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int i, count = 0;
    for (i = 1; i < argc; i++)
    {
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        if (d == NULL)
        {
            if (run_file(argv[i]) != 0)
            {
                fprintf(stderr, "cannot read %s\n", argv[i]);
                return 1;
            }
            count++;
            continue;
        }
        while ((e = readdir(d)) != NULL)
        {
            char path[4096];
            if (e->d_name[0] == '.')
                continue;
            snprintf(path, sizeof(path), "%s/%s", argv[i], e->d_name);
            if (run_file(path) != 0)
            {
                fprintf(stderr, "cannot read %s\n", path);
                closedir(d);
                return 1;
            }
            count++;
        }
        closedir(d);
    }
    flint_cleanup();
    printf("fuzz corpus: %d inputs, no invariant violated\n", count);
    return count > 0 ? 0 : 1;
}
