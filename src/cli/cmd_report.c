/* hkz report: the built-in default experiment, a short certified SU(2)
 * report (heat kernels, sub-Laplacian kernels, Milnor kernel, distances)
 * printed as text and written as JSON Lines to notebooks_data/. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

typedef enum { Q_BI, Q_SUB, Q_MILNOR, Q_RIEM, Q_CC } quantity_t;

typedef struct
{
    quantity_t q;
    const char *label;
    const char *t, *x1, *x2;  /* t and coordinates (alpha | r, z) */
    const char *ref;          /* reference value of the spec (R, M ids) */
} item_spec_t;

typedef struct
{
    quantity_t q;
    arb_t bt, b1, b2;
    hkz_su2_elem_t g;
} item_t;

static int eval(arb_t res, void *param, slong prec)
{
    item_t *it = param;
    switch (it->q)
    {
    case Q_BI:
        return hkz_su2_heat_bi(res, it->bt, it->b1, 0, prec);
    case Q_SUB:
        return hkz_su2_heat_sub(res, it->bt, it->b1, it->b2, 0, prec);
    case Q_MILNOR:
    {
        arb_t a, b, c;
        int s;
        arb_init(a); arb_init(b); arb_init(c);
        arb_set_si(a, 2);
        arb_set_str(b, "0.7", prec);
        arb_set_str(c, "1.5", prec);
        s = hkz_su2_heat_milnor(res, a, b, c, it->bt, it->g, prec);
        arb_clear(a); arb_clear(b); arb_clear(c);
        return s;
    }
    case Q_RIEM:
        return hkz_su2_dist_riem(res, it->b1, it->b2, prec);
    default:
        return hkz_su2_dist_cc(res, it->b1, it->b2, prec);
    }
}

static const char *usage =
    "usage: hkz report [--digits D] [--out PATH] [--format jsonl|csv]\n\n"
    "Built-in default experiment: certified SU(2) heat kernels (bi-invariant,"
    "\nsub-Laplacian, Milnor family) and distances at reference points of "
    "the spec,\nprinted as text on stdout and written to PATH (default "
    "notebooks_data/report/su2_report.jsonl).\n";

int hkz_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {HKZ_CLI_COMMON_OPTIONS,
                                         {NULL, 0, NULL, 0}};
    static const item_spec_t items[] = {
        {Q_BI, "h_t(alpha) at e (R1)", "1", "0", NULL,
         "1.20217233250351274223932"},
        {Q_BI, "h_t(alpha) (R4)", "0.1", "1", NULL,
         "1.510668046007660347152826"},
        {Q_BI, "h_t(alpha) at -I (R6)", "0.5", "pi", NULL,
         "0.2636234626801400783094266"},
        {Q_SUB, "p_t(r,z) at e (R11)", "0.2", "0", "0",
         "18.83556568350045893632653"},
        {Q_SUB, "p_t on the fibre exp(2Z) (R14)", "0.5", "0", "2",
         "0.2236976727828851377466778"},
        {Q_SUB, "p_t(r,z) off the fibre (R16)", "0.3", "0.7", "1.1",
         "0.6719835642883336876528524"},
        {Q_MILNOR, "Milnor a,b,c = 2,0.7,1.5 at (1.1,2.0,2.5) (M4)", "0.8",
         "1.1", "2.5", "0.9504637351065770082321884"},
        {Q_RIEM, "d_R(e,g) at P2 (R20)", NULL, "0.7", "2.0",
         "1.894717929805496862421794"},
        {Q_CC, "d_CC(e,g) at P2 (R20)", NULL, "0.7", "2.0",
         "2.237226266351433902977342"},
        {Q_CC, "d_CC(e,g) at P6 (R24)", NULL, "0.01", "3.1",
         "3.131317311644956182507927"},
    };
    const slong nitems = sizeof(items) / sizeof(items[0]);
    hkz_cli_common_t common;
    hkz_goal_t goal;
    hkz_writer_t *w = NULL, *txt = NULL;
    slong i, prec;
    arb_t res, phi;
    int rc, status, worst = HKZ_SUCCESS;

    hkz_cli_common_init(&common);
    common.fmt = HKZ_FORMAT_JSONL;
    common.out = "notebooks_data/report/su2_report.jsonl";
    rc = hkz_cli_parse(argc, argv, opts, &common, NULL, NULL);
    if (rc == -1)
    {
        fputs(usage, stdout);
        return 0;
    }
    if (rc)
        return rc;
    if (common.fmt == HKZ_FORMAT_TEXT)
        return hkz_cli_usage_error("--format: report files are jsonl or csv"
                                   " (text goes to stdout)");
    if (strcmp(common.out, "notebooks_data/report/su2_report.jsonl") == 0)
    {
        mkdir("notebooks_data", 0755);
        mkdir("notebooks_data/report", 0755);
    }
    hkz_goal_init_digits(&goal, common.digits);
    prec = hkz_cli_input_prec(&goal);
    arb_init(res);
    arb_init(phi);
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    if (hkz_writer_open(&txt, "-", HKZ_FORMAT_TEXT) != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(HKZ_ERR_IO);
        goto cleanup;
    }
    printf("hkz %s: certified SU(2) report, %ld digits\n%s\n\n",
           hkz_version(), (long) common.digits, hkz_normalization());
    for (i = 0; i < nitems && rc == 0; i++)
    {
        const item_spec_t *sp = items + i;
        item_t item, *it = &item;
        hkz_field_t in[6];
        int agrees;
        slong nin = 0;
        it->q = sp->q;
        arb_init(it->bt); arb_init(it->b1); arb_init(it->b2);
        hkz_su2_elem_init(it->g);
        if (sp->t != NULL)
            rc = hkz_cli_ball(it->bt, "t", sp->t, prec);
        if (!rc)
            rc = hkz_cli_ball(it->b1, "x1", sp->x1, prec);
        if (!rc && sp->x2 != NULL)
            rc = hkz_cli_ball(it->b2, "x2", sp->x2, prec);
        if (!rc && it->q == Q_MILNOR)
        {
            arb_set_si(phi, 2);
            hkz_su2_elem_set_cyl(it->g, it->b1, phi, it->b2, prec);
        }
        in[nin++] = HKZ_FSTR("quantity", sp->label);
        in[nin++] = HKZ_FSTR("t", sp->t != NULL ? sp->t : "");
        in[nin++] = HKZ_FSTR("x1", sp->x1);
        in[nin++] = HKZ_FSTR("x2", sp->x2 != NULL ? sp->x2 : "");
        if (!rc)
        {
            status = hkz_goal_eval(res, eval, it, &goal, NULL);
            if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
                rc = hkz_cli_fail(status);
            else
            {
                /* the spec's value, rounded to its last printed digit */
                arb_t ref;
                arb_init(ref);
                agrees = hkz_ball_set_str(ref, sp->ref, prec) == HKZ_SUCCESS;
                if (agrees)
                {
                    mag_t ulp;
                    mag_init(ulp);
                    mag_set_ui_2exp_si(ulp, 1, -70);  /* > 1e-22: rounding */
                    arb_add_error_mag(ref, ulp);
                    mag_clear(ulp);
                    agrees = arb_overlaps(ref, res);
                }
                arb_clear(ref);
                in[nin++] = HKZ_FSTR("reference", sp->ref);
                in[nin++] = HKZ_FBOOL("agrees_with_reference", agrees);
                if (status != HKZ_SUCCESS)
                    worst = status;
                rc = hkz_cli_emit(w, in, nin, res, status);
                if (!rc)
                {
                    hkz_field_t tin[2] = {in[0], in[nin - 1]};
                    rc = hkz_cli_emit(txt, tin, 2, res, status);
                }
            }
        }
        arb_clear(it->bt); arb_clear(it->b1); arb_clear(it->b2);
        hkz_su2_elem_clear(it->g);
    }
    if (!rc)
    {
        rc = hkz_cli_finish(&w, worst);
        if (hkz_writer_close(&txt) != HKZ_SUCCESS && !rc)
            rc = HKZ_CLI_EXIT_RUNTIME;
        if (rc == 0 && strcmp(common.out, "-") != 0)
            printf("\nwritten: %s\n", common.out);
    }

cleanup:
    hkz_writer_abort(&w);
    hkz_writer_abort(&txt);
    arb_clear(res);
    arb_clear(phi);
    return rc;
}
