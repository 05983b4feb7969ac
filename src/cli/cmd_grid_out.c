/* Outputs of hkz grid heat: rows in the shape of `hkz heat` rows (text,
 * csv, jsonl) or an HDF5 table with the run record as attributes. */
#include <stdio.h>
#include <string.h>
#include "cmd_grid.h"

static int text_sink(void *ctx, const hkz_grid_entry_t *rows, slong n,
                     slong p0, slong p1)
{
    grid_args_t *a = ctx;
    const hkz_grid_heat_struct *g = a->grid;
    hkz_cli_run_t *r = a->run;
    hkz_field_t in[8];
    slong k, c, nc = hkz_grid_heat_ncoords(a->grid), nin;
    int rc;

    for (k = 0; k < n; k++)
    {
        const hkz_grid_entry_t *e = rows + k;
        nin = 0;
        in[nin++] = HKZ_FSTR("kernel", hkz_grid_kind_name(g->kind));
        for (c = 0; c < nc; c++)
        {
            const char *name = hkz_grid_heat_coord_name(a->grid, c);
            if (strcmp(name, "i") == 0)
                in[nin++] = HKZ_FINT("i", (long) g->line[e->p]);
            else
                in[nin++] = HKZ_FSTR(name, hkz_grid_heat_coord_str(a->grid,
                                                                 e->p, c));
        }
        in[nin++] = HKZ_FSTR("t", g->t->label[e->j]);
        in[nin++] = HKZ_FINT("deriv", (long) g->deriv);
        in[nin++] = HKZ_FSTR("method", e->scalar ? "scalar" : "engine");
        in[nin++] = HKZ_FINT("digits", (long) g->digits);
        rc = hkz_cli_emit_value(r, in, nin, &e->value, e->status);
        if (rc)
        {
            a->sink_rc = HKZ_ERR_IO;
            return HKZ_ERR_IO;
        }
    }
    return HKZ_SUCCESS;
}

static int h5_sink(void *ctx, const hkz_grid_entry_t *rows, slong n,
                   slong p0, slong p1)
{
    grid_args_t *a = ctx;
    return hkz_grid_h5_append(a->h5, a->grid, rows, n);
}

/* one rank: a tile's columns as they are */
static int h5_cols_sink(void *ctx, const hkz_grid_cols_t *c)
{
    grid_args_t *a = ctx;
    return hkz_grid_h5_write_cols(a->h5, a->grid, c);
}

/* every rank, collective: a tile of this rank's columns (or none) into
 * the shared file */
static int h5_local_cols_sink(void *ctx, const hkz_grid_cols_t *c)
{
    grid_args_t *a = ctx;
    return hkz_grid_h5_write_cols(a->h5, a->grid, c);
}

/* every rank, collective: this rank's rows into the shared file */
static int h5_local_sink(void *ctx, const hkz_grid_entry_t *rows, slong n,
                         slong p0, slong p1)
{
    grid_args_t *a = ctx;
    return hkz_grid_h5_write(a->h5, a->grid, rows, n);
}

static int h5_attrs(hkz_cli_run_t *r, grid_args_t *a)
{
    const hkz_grid_heat_struct *g = a->grid;
    int s;

    s = hkz_h5_attr(a->h5, "hkz_version", hkz_version());
    if (!s) s = hkz_h5_attr(a->h5, "flint_version", hkz_flint_version());
    if (!s) s = hkz_h5_attr(a->h5, "arb_version", hkz_arb_version());
    if (!s) s = hkz_h5_attr(a->h5, "normalization", hkz_normalization());
    if (!s) s = hkz_h5_attr(a->h5, "command", hkz_cli_command_line());
    if (!s) s = hkz_h5_attr(a->h5, "git_revision", hkz_cli_git_revision());
    if (!s) s = hkz_h5_attr(a->h5, "start_utc", r->start_utc);
    if (!s) s = hkz_h5_attr(a->h5, "kernel", hkz_grid_kind_name(g->kind));
    if (!s) s = hkz_h5_attr_int(a->h5, "digits", (int64_t) g->digits);
    if (!s) s = hkz_h5_attr(a->h5, "t", g->t->src);
    if (!s && g->alpha->src) s = hkz_h5_attr(a->h5, "alpha", g->alpha->src);
    if (!s && g->r->src) s = hkz_h5_attr(a->h5, "r", g->r->src);
    if (!s && g->z->src) s = hkz_h5_attr(a->h5, "z", g->z->src);
    if (!s && g->wsrc) s = hkz_h5_attr(a->h5, "weights", g->wsrc);
    if (!s && g->pwsrc) s = hkz_h5_attr(a->h5, "product_weights", g->pwsrc);
    if (!s && g->path) s = hkz_h5_attr(a->h5, "file", g->path);
    return s;
}

int hkz_cli_grid_out_open(hkz_cli_run_t *r, grid_args_t *a,
                          hkz_grid_opts_t *o)
{
    int s;

    a->run = r;
    o->sink_ctx = a;
    o->dist = hkz_dist_world();
    if (r->fmt == HKZ_FORMAT_H5 && !hkz_h5_available())
        return hkz_cli_usage_error("--out %s: this build has no HDF5 "
                                   "(install libhdf5-dev and reconfigure)",
                                   r->out);
    /* parallel HDF5: all ranks write one file collectively; else rank 0
     * writes alone */
    if (r->fmt == HKZ_FORMAT_H5 && (hkz_h5_parallel() || hkz_grid_opts_writes(o)))
    {
        int par = hkz_h5_parallel();
        o->sink = par ? NULL : h5_sink;
        o->local_sink = par ? h5_local_sink : NULL;
        o->local_cols_sink = par ? h5_local_cols_sink : NULL;
        o->cols_sink = h5_cols_sink;   /* (one rank) */
        s = par ? hkz_grid_h5_create_dist(&a->h5, r->out, a->grid, o->dist)
                : hkz_grid_h5_create(&a->h5, r->out, a->grid);
        if (!s)
            s = h5_attrs(r, a);
        if (s)
        {
            hkz_h5_abort(&a->h5);
            return hkz_cli_fail(s);
        }
        return 0;
    }
    if (!hkz_grid_opts_writes(o))
    {
        o->sink = text_sink;   /* never called: rank 0 writes alone */
        return 0;
    }
    o->sink = text_sink;
    return hkz_cli_run_open(r, &r->w, r->out, r->fmt);
}

int hkz_cli_grid_out_close(hkz_cli_run_t *r, grid_args_t *a,
                           const hkz_grid_summary_t *sum)
{
    char buf[320];
    int s;

    if (a->h5 == NULL)
        return 0;
    snprintf(buf, sizeof(buf), "entries %ld engine %ld scalar %ld missed %ld"
             " resumed %ld certified_engine %ld certified_tier2 %ld "
             "certified_scalar %ld below_goal %ld wall_s %.6f",
             (long) sum->entries, (long) sum->engine, (long) sum->scalar,
             (long) sum->missed, (long) sum->resumed,
             (long) sum->certified_engine, (long) sum->certified_tier2,
             (long) sum->certified_scalar, (long) sum->below_goal,
             hkz_cli_wtime() - r->t0);
    /* (collective handle: every rank comes here; rank 0's text is used) */
    s = hkz_h5_attr(a->h5, "summary", buf);
    /* the same counts as numbers */
    if (!s) s = hkz_h5_attr_int(a->h5, "entries", sum->entries);
    if (!s) s = hkz_h5_attr_int(a->h5, "engine_entries", sum->engine);
    if (!s) s = hkz_h5_attr_int(a->h5, "scalar_entries", sum->scalar);
    if (!s) s = hkz_h5_attr_int(a->h5, "missed", sum->missed);
    if (!s) s = hkz_h5_attr_int(a->h5, "resumed", sum->resumed);
    if (!s) s = hkz_h5_attr_int(a->h5, "certified_engine",
                                sum->certified_engine);
    if (!s) s = hkz_h5_attr_int(a->h5, "certified_tier2",
                                sum->certified_tier2);
    if (!s) s = hkz_h5_attr_int(a->h5, "certified_scalar",
                                sum->certified_scalar);
    if (!s) s = hkz_h5_attr_int(a->h5, "below_goal", sum->below_goal);
    if (!s) s = hkz_h5_attr_double(a->h5, "wall_s",
                                   hkz_cli_wtime() - r->t0);
    if (s)
    {
        hkz_h5_abort(&a->h5);
        return hkz_cli_fail(s);
    }
    s = hkz_h5_close(&a->h5);
    return s ? hkz_cli_fail(s) : 0;
}

void hkz_cli_grid_out_abort(grid_args_t *a)
{
    hkz_h5_abort(&a->h5);
}
