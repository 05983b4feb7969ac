/* hkz -- command-line entry point (skeleton; commands in cmd_*.c). */
#include <stdio.h>
#include <string.h>
#include "hkz/hkz.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "version") == 0)
    {
        printf("hkz %s\n", hkz_version());
        return 0;
    }
    fprintf(stderr, "hkz: error: unknown command\n");
    return 2;
}
