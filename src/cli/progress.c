/* --progress and interruption (opt.h): the CLI's hkz_progress_t callback
 * draws one updating stderr line "done/total, rate, ETA" (rank 0 only,
 * at most 4 updates a second) and returns non-zero once SIGINT or SIGTERM
 * was received, so that library loops checkpoint and return
 * HKZ_ERR_INTERRUPTED (exit 130).  Under MPI it is called through the
 * library's hkz_progress_ranks (r->ranks), which sums the ranks' counts. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "hkz/progress.h"
#include "cli.h"

static volatile sig_atomic_t stop_signal = 0;

static struct
{
    int draw;        /* this process draws the line */
    int drawn;       /* a line is on the terminal (needs a newline) */
    int finished;    /* the 100% line was drawn (and ended) */
    double t0, last;
} st;

static int is_rank0(void)
{
    return hkz_cli_rank() == 0;
}

static void on_signal(int sig)
{
    stop_signal = sig;
}

int hkz_cli_interrupted(void)
{
    return stop_signal != 0;
}

static void hms(char *buf, size_t n, double s)
{
    long t = s < 0 ? 0 : s > 359999999.0 ? 359999999 : (long) (s + 0.5);
    snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, (t / 60) % 60, t % 60);
}

static int callback(void *ctx, slong all, slong total)
{
    double now, rate;
    char eta[32];

    (void) ctx;
    if (st.draw && !(all >= total && st.finished))
    {
        now = hkz_cli_wtime();
        if (now - st.last >= 0.25 || all >= total)
        {
            st.last = now;
            rate = now > st.t0 ? all / (now - st.t0) : 0.0;
            if (rate > 0 && total > all)
                hms(eta, sizeof(eta), (total - all) / rate);
            else
                strcpy(eta, all >= total ? "0:00:00" : "?");
            fprintf(stderr, "\rhkz: %ld/%ld (%.1f%%), %.3g/s, ETA %s   ",
                    (long) all, (long) total,
                    total > 0 ? 100.0 * all / total : 100.0, rate, eta);
            fflush(stderr);
            st.drawn = 1;
            st.finished = all >= total;
        }
    }
    /* the last line and the messages that follow each on their own line */
    if ((stop_signal != 0 || all >= total) && st.drawn)
    {
        fputc('\n', stderr);
        st.drawn = 0;
    }
    return stop_signal != 0;
}

void hkz_cli_progress_start(hkz_cli_run_t *r)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* a second signal has the default effect (a stuck run still dies) */
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    st.draw = is_rank0() && (r->progress > 0 ||
                             (r->progress < 0 && isatty(STDERR_FILENO)));
    st.drawn = 0;
    st.finished = 0;
    st.t0 = hkz_cli_wtime();
    st.last = 0.0;
    r->ranks.to.fn = callback;
    r->ranks.to.ctx = NULL;
    r->prog = hkz_progress_ranks(&r->ranks);
}

void hkz_cli_progress_stop(hkz_cli_run_t *r)
{
    if (st.drawn)
        fputc('\n', stderr);
    st.drawn = 0;
    r->prog.fn = NULL;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}
