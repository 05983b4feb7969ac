/* cli_ly.h -- what hkz zeros and hkz track share (cli_ly.c): process
 * split, checkpoints, output rows, status mapping. */
#ifndef HKZ_CLI_LY_H
#define HKZ_CLI_LY_H

#include "cli.h"

/* Rank and size of the process world (1 process without MPI). */
int hkz_cli_ly_rank(void);
int hkz_cli_ly_size(void);

/* The split of the zero drivers over the world (NULL-like size 1 when
 * alone: then the caller passes NULL). */
void hkz_cli_ly_split(hkz_ly_split_t *sp);

/* Same exit code on every process; a failing process's message is
 * printed once (rank 0). */
int hkz_cli_ly_agree(int rc);

/* Rank 0 receives every process's tracker records into full. */
int hkz_cli_ly_track_gather(hkz_ly_track_t full, const hkz_ly_track_t mine);

/* Checkpoint path of this process: PATH alone, PATH.r<rank> under
 * several processes (caller's buffer). */
const char *hkz_cli_ly_ckpt_path(char *buf, size_t n, const char *path);

/* "<what> <path> fnv1a64:<checksum of the file's bytes>" (a checkpoint
 * parameter that changes when the file does). */
void hkz_cli_ly_describe(char *buf, size_t n, const char *what,
                         const char *path);

/* Opens c after the parameters (resume or not): a mismatch or a missing
 * file is a usage error (exit 2, message naming the parameter). */
int hkz_cli_ly_ckpt_open(hkz_ckpt_t c, int resume);

/* Exit code for a library status, reported as one line: too large for
 * the method, domain and argument errors exit 2 (usage), others as
 * hkz_cli_fail. */
int hkz_cli_ly_fail(int status);

/* "not certified" warning (one stderr line) and exit code 1. */
int hkz_cli_ly_warn_uncertified(const char *what);

/* Decimal input read at prec bits, more than ~40 digits allowed; the
 * message names the real problem. */
int hkz_cli_ly_ball(arb_t x, const char *opt, const char *s, slong prec);

/* Trajectory rows (track): one layout for every record. */
int hkz_cli_ly_row(hkz_writer_t *w, const char *record, slong j,
                   const char *tlabel, const arb_struct *ta,
                   const arb_struct *tb, const arb_struct *theta,
                   const arb_struct *box, int dir, int certified,
                   const char *verifier, const char *verdict,
                   const char *note);
int hkz_cli_ly_steps(hkz_writer_t *w, const hkz_ly_track_t tr);
int hkz_cli_ly_meta(hkz_writer_t *w, const char *key, const char *value);

int hkz_cmd_zeros(int argc, char **argv);
int hkz_cmd_track(int argc, char **argv);

#endif
