/* Per-factor operators on SU(2)^n / SU(2)^infinity: a head of factors
 * (a Delta_i, a L_i or a Milnor triple -(a X_i^2 + b Y_i^2 + c Z_i^2),
 * spec 5.1, 7.6) and an optional weight-family tail. */
#include "hkz_check.h"
#include "su2n_internal.h"

void hkz_su2n_ops_init(hkz_su2n_ops_t o, slong len)
{
    slong i;

    len = FLINT_MAX(len, 0);
    o->len = len;
    o->head = flint_malloc(FLINT_MAX(len, 1)
                           * sizeof(hkz_su2n_factor_op_struct));
    for (i = 0; i < len; i++)
    {
        o->head[i].op = -1;          /* not set */
        arb_init(&o->head[i].a);
        arb_init(&o->head[i].b);
        arb_init(&o->head[i].c);
    }
    hkz_su2n_weights_init(&o->tail);
    o->tail_op = HKZ_SU2N_DELTA;
    o->has_tail = 0;
}

void hkz_su2n_ops_clear(hkz_su2n_ops_t o)
{
    slong i;

    for (i = 0; i < o->len; i++)
    {
        arb_clear(&o->head[i].a);
        arb_clear(&o->head[i].b);
        arb_clear(&o->head[i].c);
    }
    flint_free(o->head);
    hkz_su2n_weights_clear(&o->tail);
}

int hkz_su2n_ops_set_factor(hkz_su2n_ops_t o, slong i, int op,
        const arb_t a, const arb_t b, const arb_t c)
{
    const char *fn = "hkz_su2n_ops_set_factor";
    hkz_su2n_factor_op_struct *f;

    HKZ_CHECK(o != NULL, HKZ_ERR_ARG, "%s: o is NULL", fn);
    HKZ_CHECK(i >= 1 && i <= o->len, HKZ_ERR_ARG, "%s: factor %ld out of "
              "range 1..%ld", fn, (long) i, (long) o->len);
    HKZ_CHECK(op == HKZ_SU2N_DELTA || op == HKZ_SU2N_L
              || op == HKZ_SU2N_MILNOR, HKZ_ERR_ARG, "%s: op must be "
              "HKZ_SU2N_DELTA, HKZ_SU2N_L or HKZ_SU2N_MILNOR (got %d)", fn,
              op);
    HKZ_TRY(_hkz_su2n_check_pos(a, "the weight a", fn));
    if (op == HKZ_SU2N_MILNOR)
    {
        HKZ_TRY(_hkz_su2n_check_pos(b, "the weight b", fn));
        HKZ_CHECK(c != NULL && arb_is_finite(c) && arb_is_nonnegative(c),
                  HKZ_ERR_DOMAIN, "%s: the weight c must be finite and >= 0",
                  fn);
    }
    f = o->head + i - 1;
    f->op = op;
    arb_set(&f->a, a);
    if (op == HKZ_SU2N_MILNOR)
    {
        arb_set(&f->b, b);
        arb_set(&f->c, c);
    }
    else
    {
        arb_zero(&f->b);
        arb_zero(&f->c);
    }
    return HKZ_SUCCESS;
}

int hkz_su2n_ops_set_tail(hkz_su2n_ops_t o, const hkz_su2n_weights_t w,
        int op)
{
    const char *fn = "hkz_su2n_ops_set_tail";

    HKZ_CHECK(o != NULL, HKZ_ERR_ARG, "%s: o is NULL", fn);
    HKZ_TRY(_hkz_su2n_check_op(op, fn));
    HKZ_TRY(_hkz_su2n_check_weights(w, fn));
    HKZ_TRY(hkz_su2n_weights_set(&o->tail, w));
    o->tail_op = op;
    o->has_tail = 1;
    return HKZ_SUCCESS;
}

slong hkz_su2n_ops_length(const hkz_su2n_ops_t o)
{
    slong m;

    if (!o->has_tail)
        return o->len;
    m = hkz_su2n_weights_length(&o->tail);
    return m < 0 ? -1 : FLINT_MAX(m, o->len);
}

int _hkz_su2n_ops_check(const hkz_su2n_ops_t o, const hkz_su2n_point_t x,
        slong prec, const char *fn)
{
    slong i, n;

    HKZ_CHECK(o != NULL, HKZ_ERR_ARG, "%s: o is NULL", fn);
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    for (i = 0; i < o->len; i++)
        HKZ_CHECK(o->head[i].op == HKZ_SU2N_DELTA
                  || o->head[i].op == HKZ_SU2N_L
                  || o->head[i].op == HKZ_SU2N_MILNOR, HKZ_ERR_ARG,
                  "%s: factor %ld is not set", fn, (long) (i + 1));
    if (o->has_tail)
    {
        HKZ_TRY(_hkz_su2n_check_op(o->tail_op, fn));
        HKZ_TRY(_hkz_su2n_check_weights(&o->tail, fn));
    }
    n = hkz_su2n_ops_length(o);
    HKZ_CHECK(x == NULL || n < 0 || x->len <= n, HKZ_ERR_ARG, "%s: the "
              "point has %ld coordinates but there are only %ld factors",
              fn, (long) x->len, (long) n);
    return HKZ_SUCCESS;
}
