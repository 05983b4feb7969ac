/* Enumeration on random graphs against a brute-force direct sum in balls
 * (spec 1.2: a_k = sum over sigma with k down-weight of exp(sum J s s)),
 * the exact tables (1 and 2 threads), the ball enumeration, the edge
 * decomposition a_k(t) = e^t a+_k + e^-t a-_k (spec 2.1), deletion and
 * contraction, the scale derivative, palindromy and positivity. */
#include "ising_test.h"

#define PREC 160

/* a_k and d a_k / d scale by the definition, one configuration at a time. */
static void brute(arb_ptr a, arb_ptr da, const hkz_ising_model_t m,
                  slong prec)
{
    slong W = hkz_ising_model_weight(m), x, e, v;
    arb_t E, D, J, w;
    arb_init(E);
    arb_init(D);
    arb_init(J);
    arb_init(w);
    _arb_vec_zero(a, W + 1);
    _arb_vec_zero(da, W + 1);
    for (x = 0; x < (WORD(1) << m->n); x++)
    {
        slong k = 0;
        arb_zero(E);
        arb_zero(D);
        for (v = 0; v < m->n; v++)
            if ((x >> v) & 1)
                k += m->w != NULL ? m->w[v] : 1;
        for (e = 0; e < m->nedges; e++)
        {
            int s = (((x >> m->eu[e]) ^ (x >> m->ev[e])) & 1) ? -1 : 1;
            HKZ_TEST_OK(hkz_ising_model_get_coupling(J, m, e, prec));
            if (s > 0)
                arb_add(E, E, J, prec);
            else
                arb_sub(E, E, J, prec);
        }
        arb_exp(w, E, prec);
        arb_add(a + k, a + k, w, prec);
        /* d/dscale of exp(scale * sum c_e s_e) = (E / scale) exp(E) */
        if (!arb_contains_zero(&m->scale))
        {
            arb_div(D, E, &m->scale, prec);
            arb_addmul(da + k, D, w, prec);
        }
    }
    arb_clear(E);
    arb_clear(D);
    arb_clear(J);
    arb_clear(w);
}

static void random_model(hkz_ising_model_t m, flint_rand_t st, int neg)
{
    slong n = 1 + n_randint(st, 9), i, j;
    fmpq_t q;
    fmpq_init(q);
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, n));
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (n_randint(st, 3) != 0)
            {
                /* rationals with small denominators, some zero, some < 0 */
                fmpq_set_si(q, (slong) n_randint(st, 30) -
                            (neg ? 10 : 0), 1 + n_randint(st, 4));
                HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, j, q));
            }
    if (n_randint(st, 3) == 0)
    {
        slong w[9];
        for (i = 0; i < n; i++)
            w[i] = 1 + n_randint(st, 3);
        HKZ_TEST_OK(hkz_ising_model_set_weights(m, w));
    }
    fmpq_clear(q);
}

static void check_close(arb_srcptr x, arb_srcptr y, slong len,
                        slong minbits, const char *what)
{
    slong k;
    for (k = 0; k < len; k++)
    {
        HKZ_TEST_OVERLAP(x + k, y + k, what);
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(x + k) >= minbits ||
                       arb_is_zero(x + k), "%s: %ld bits at k = %ld", what,
                       (long) arb_rel_accuracy_bits(x + k), (long) k);
    }
}

int main(void)
{
    flint_rand_t st;
    slong it;

    hkz_test_rand_init(st);
    for (it = 0; it < hkz_test_iters(150); it++)
    {
        hkz_ising_model_t m, g2;
        hkz_ising_dos_t d1, d2, dp, dm;
        slong W, k, e;
        arb_ptr a, b, da, db, ap, am, c;
        arb_t s, t, x;
        fmpz_t tot;
        int neg = it % 3 == 0;

        hkz_ising_model_init(m);
        hkz_ising_model_init(g2);
        hkz_ising_dos_init(d1);
        hkz_ising_dos_init(d2);
        hkz_ising_dos_init(dp);
        hkz_ising_dos_init(dm);
        arb_init(s);
        arb_init(t);
        arb_init(x);
        fmpz_init(tot);
        random_model(m, st, neg);
        if (n_randint(st, 2))
        {
            /* a ball scale: K = log(1 + sqrt 2)/2 style irrational */
            arb_set_ui(s, 2 + n_randint(st, 5));
            arb_sqrt(s, s, PREC + 20);
            arb_mul_2exp_si(s, s, -2);
            hkz_ising_model_set_scale(m, s);
        }
        W = hkz_ising_model_weight(m);
        a = _arb_vec_init(W + 1);
        b = _arb_vec_init(W + 1);
        da = _arb_vec_init(W + 1);
        db = _arb_vec_init(W + 1);
        ap = _arb_vec_init(W + 1);
        am = _arb_vec_init(W + 1);
        c = _arb_vec_init(W + 1);

        /* exact tables: thread count does not matter, total 2^n */
        HKZ_TEST_OK(hkz_ising_dos_enum(d1, m, 1));
        HKZ_TEST_OK(hkz_ising_dos_enum(d2, m, 2));
        HKZ_TEST_CHECK(d1->nb == d2->nb &&
                       _fmpz_vec_equal(d1->g, d2->g, d1->nb * d1->nk),
                       "tables differ between 1 and 2 threads");
        hkz_ising_dos_total(tot, d1);
        HKZ_TEST_CHECK(fmpz_bits(tot) == (ulong) m->n + 1 &&
                       fmpz_val2(tot) == (ulong) m->n, "total count != 2^n");

        /* against the definition */
        brute(b, db, m, PREC);
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        check_close(a, b, W + 1, PREC - 40, "poly vs brute force");
        HKZ_TEST_OK(hkz_ising_poly_enum_arb(c, m, PREC));
        check_close(c, b, W + 1, PREC - 40, "ball enumeration vs brute");
        if (!arb_contains_zero(&m->scale))
        {
            HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, PREC));
            for (k = 0; k <= W; k++)
                HKZ_TEST_OVERLAP(da + k, db + k, "dscale vs brute force");
        }
        /* positive and palindromic (spec 1.2) */
        for (k = 0; k <= W; k++)
        {
            /* with weights some k are unreachable: a_k = 0 exactly */
            HKZ_TEST_CHECK(arb_is_zero(b + k) ? arb_is_zero(a + k)
                                              : arb_is_positive(a + k),
                           "a_%ld not > 0", (long) k);
            HKZ_TEST_OVERLAP(a + k, a + W - k, "palindromic");
        }

        /* ball couplings take the ball path and agree */
        if (m->nedges > 0)
        {
            e = n_randint(st, m->nedges);
            HKZ_TEST_OK(hkz_ising_model_set(g2, m));
            arb_set_fmpq(x, m->c + e, PREC + 30);
            HKZ_TEST_OK(hkz_ising_model_set_coupling_arb(g2, e, x));
            HKZ_TEST_CHECK(!hkz_ising_model_is_exact(g2), "not inexact");
            HKZ_TEST_OK(hkz_ising_poly(c, g2, PREC));
            check_close(c, b, W + 1, PREC - 40, "ball coupling path");
            HKZ_TEST_STATUS(hkz_ising_dos_enum(d1, g2, 2), HKZ_ERR_ARG);
        }

        /* edge decomposition at a random t, deletion and contraction */
        if (m->nedges > 0)
        {
            fmpq_t q;
            fmpq_init(q);
            e = n_randint(st, m->nedges);
            HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, e, PREC));
            HKZ_TEST_OK(hkz_ising_dos_enum_edge(dp, dm, m, e, 2));
            fmpz_add(tot, tot, tot);
            {
                fmpz_t t2;
                fmpz_init(t2);
                hkz_ising_dos_total(tot, dp);
                hkz_ising_dos_total(t2, dm);
                fmpz_add(tot, tot, t2);
                HKZ_TEST_CHECK(fmpz_val2(tot) == (ulong) m->n &&
                               fmpz_bits(tot) == (ulong) m->n + 1,
                               "edge tables: total != 2^n");
                fmpz_clear(t2);
            }
            fmpq_set_si(q, n_randint(st, 50), 1 + n_randint(st, 7));
            HKZ_TEST_OK(hkz_ising_model_set(g2, m));
            HKZ_TEST_OK(hkz_ising_model_set_coupling(g2, e, q));
            HKZ_TEST_OK(hkz_ising_poly(a, g2, PREC));
            HKZ_TEST_OK(hkz_ising_model_get_coupling(t, g2, e, PREC));
            for (k = 0; k <= W; k++)
            {
                arb_exp(x, t, PREC);
                arb_mul(c + k, ap + k, x, PREC);
                arb_neg(x, t);
                arb_exp(x, x, PREC);
                arb_addmul(c + k, am + k, x, PREC);
            }
            check_close(c, a, W + 1, PREC - 40, "e^t a+ + e^-t a-");
            /* t = 0: G - e */
            hkz_ising_model_clear(g2);
            hkz_ising_model_init(g2);
            HKZ_TEST_OK(hkz_ising_model_delete_edge(g2, m, e));
            HKZ_TEST_OK(hkz_ising_poly(a, g2, PREC));
            _arb_vec_add(c, ap, am, W + 1, PREC);
            check_close(c, a, W + 1, PREC - 40, "a+ + a- = G - e");
            /* t -> infinity: G/e has the same degree W (spec 2.3) */
            hkz_ising_model_clear(g2);
            hkz_ising_model_init(g2);
            HKZ_TEST_OK(hkz_ising_model_contract_edge(g2, m, e));
            HKZ_TEST_CHECK(hkz_ising_model_weight(g2) == W, "W of G/e");
            HKZ_TEST_OK(hkz_ising_poly(a, g2, PREC));
            check_close(a, ap, W + 1, PREC - 40, "a+ = G/e");
            /* ball path of the decomposition: the same values */
            if (m->nedges > 1)
            {
                slong f = (e + 1) % m->nedges;
                HKZ_TEST_OK(hkz_ising_model_set(g2, m));
                arb_set_fmpq(x, m->c + f, PREC + 30);
                HKZ_TEST_OK(hkz_ising_model_set_coupling_arb(g2, f, x));
                HKZ_TEST_OK(hkz_ising_poly_edge(a, c, g2, e, PREC));
                check_close(a, ap, W + 1, PREC - 40, "ball poly_edge a+");
                for (k = 0; k <= W; k++)
                    HKZ_TEST_OVERLAP(c + k, am + k, "ball poly_edge a-");
            }
            fmpq_clear(q);
        }
        _arb_vec_clear(a, W + 1);
        _arb_vec_clear(b, W + 1);
        _arb_vec_clear(da, W + 1);
        _arb_vec_clear(db, W + 1);
        _arb_vec_clear(ap, W + 1);
        _arb_vec_clear(am, W + 1);
        _arb_vec_clear(c, W + 1);
        arb_clear(s);
        arb_clear(t);
        arb_clear(x);
        fmpz_clear(tot);
        hkz_ising_dos_clear(d1);
        hkz_ising_dos_clear(d2);
        hkz_ising_dos_clear(dp);
        hkz_ising_dos_clear(dm);
        hkz_ising_model_clear(m);
        hkz_ising_model_clear(g2);
    }

    /* larger N: exact table against the ball enumeration (N = 16) and
       a Gray-code run with all blocks in use (N = 22, K_22) */
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t d;
        arb_ptr a = _arb_vec_init(17), b = _arb_vec_init(17);
        fmpq_t q;
        fmpz_t tot, c;
        slong i, j;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(d);
        fmpq_init(q);
        fmpz_init(tot);
        fmpz_init(c);
        HKZ_TEST_OK(hkz_ising_model_set_empty(m, 16));
        for (i = 0; i < 16; i++)
            for (j = i + 1; j < 16; j++)
                if (n_randint(st, 3) == 0)
                {
                    fmpq_set_si(q, 1 + n_randint(st, 20), 10);
                    HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, j, q));
                }
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        HKZ_TEST_OK(hkz_ising_poly_enum_arb(b, m, PREC));
        check_close(a, b, 17, PREC - 40, "N = 16: exact vs ball");
        /* incommensurate couplings: no exact table, the ball path */
        HKZ_TEST_OK(hkz_ising_model_set_empty(m, 8));
        for (i = 0; i < 8; i++)
        {
            fmpq_set_si(q, i % 2 ? 1 : 999983, 999983 + (i % 2) * i);
            HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, (i + 1) % 8, q));
        }
        HKZ_TEST_STATUS(hkz_ising_dos_enum(d, m, 2), HKZ_ERR_TOO_LARGE);
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        {
            arb_ptr da = _arb_vec_init(9), db = _arb_vec_init(9);
            brute(b, db, m, PREC);
            check_close(a, b, 9, PREC - 40, "incommensurate: ball path");
            HKZ_TEST_STATUS(hkz_ising_poly_dscale(da, m, PREC),
                            HKZ_ERR_TOO_LARGE);
            _arb_vec_clear(da, 9);
            _arb_vec_clear(db, 9);
        }
        /* K_22 with coupling 1: g[b][k] = C(22, k) at b = k (22 - k) */
        fmpq_one(q);
        HKZ_TEST_OK(hkz_ising_model_complete(m, 22, q));
        HKZ_TEST_OK(hkz_ising_dos_enum(d, m, 2));
        hkz_ising_dos_total(tot, d);
        for (i = 0; i < d->nb; i++)
            for (j = 0; j < d->nk; j++)
            {
                fmpz_zero(c);
                if (i + d->bmin == j * (22 - j))
                    fmpz_bin_uiui(c, 22, j);
                HKZ_TEST_CHECK(fmpz_equal(c, d->g + i * d->nk + j),
                               "K_22 count b=%ld k=%ld", (long) i, (long) j);
            }
        _arb_vec_clear(a, 17);
        _arb_vec_clear(b, 17);
        fmpq_clear(q);
        fmpz_clear(tot);
        fmpz_clear(c);
        hkz_ising_dos_clear(d);
        hkz_ising_model_clear(m);
    }
    /* complete graphs: closed forms (table and O(N) coefficients) */
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t d1, d2;
        arb_ptr a = _arb_vec_init(1001), b = _arb_vec_init(9);
        arb_ptr db = _arb_vec_init(9), da = _arb_vec_init(9);
        arb_t s;
        fmpq_t q;
        slong k;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(d1);
        hkz_ising_dos_init(d2);
        arb_init(s);
        fmpq_init(q);
        fmpq_set_si(q, 3, 10);
        HKZ_TEST_OK(hkz_ising_model_complete(m, 8, q));
        arb_set_si(s, 7);
        arb_sqrt(s, s, PREC);
        hkz_ising_model_set_scale(m, s);
        HKZ_TEST_OK(hkz_ising_dos_compute(d1, m, 2));
        HKZ_TEST_OK(hkz_ising_dos_enum(d2, m, 2));
        HKZ_TEST_CHECK(d1->nb == d2->nb && d1->bmin == d2->bmin &&
                       fmpq_equal(d1->unit, d2->unit) &&
                       _fmpz_vec_equal(d1->g, d2->g, d1->nb * d1->nk),
                       "K_8: closed-form table != enumeration");
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, PREC));
        brute(b, db, m, PREC);
        check_close(a, b, 9, PREC - 40, "K_8: closed form vs brute");
        for (k = 0; k <= 8; k++)
            HKZ_TEST_OVERLAP(da + k, db + k, "K_8: dscale");
        fmpq_set_si(q, -1, 4);
        HKZ_TEST_OK(hkz_ising_model_complete(m, 8, q));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        brute(b, db, m, PREC);
        check_close(a, b, 9, PREC - 40, "K_8, J < 0: closed form vs brute");
        fmpq_set_si(q, 1, 2000);
        HKZ_TEST_OK(hkz_ising_model_complete(m, 1000, q));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        for (k = 0; k <= 1000; k++)
            HKZ_TEST_CHECK(arb_is_positive(a + k) &&
                           arb_overlaps(a + k, a + 1000 - k) &&
                           arb_rel_accuracy_bits(a + k) > PREC - 40,
                           "K_1000: a_%ld", (long) k);
        _arb_vec_clear(a, 1001);
        _arb_vec_clear(b, 9);
        _arb_vec_clear(da, 9);
        _arb_vec_clear(db, 9);
        arb_clear(s);
        fmpq_clear(q);
        hkz_ising_dos_clear(d1);
        hkz_ising_dos_clear(d2);
        hkz_ising_model_clear(m);
    }

    /* the cached tables follow every edit of the model */
    {
        hkz_ising_model_t m;
        arb_ptr a = _arb_vec_init(7), b = _arb_vec_init(7);
        arb_ptr ap = _arb_vec_init(7), am = _arb_vec_init(7);
        arb_ptr db = _arb_vec_init(7);
        fmpq_t q;
        slong w[5] = {1, 2, 1, 1, 1}, e;
        hkz_ising_model_init(m);
        fmpq_init(q);
        fmpq_set_si(q, 1, 2);
        HKZ_TEST_OK(hkz_ising_model_set_empty(m, 5));
        for (e = 0; e < 5; e++)
            HKZ_TEST_OK(hkz_ising_model_add_edge(m, e, (e + 1) % 5, q));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, 0, PREC));
        fmpq_set_si(q, 3, 1);
        HKZ_TEST_OK(hkz_ising_model_set_coupling(m, 2, q));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        brute(b, db, m, PREC);
        check_close(a, b, 6, PREC - 40, "cache: after set_coupling");
        HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, 1, PREC));
        HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, 0, PREC));
        _arb_vec_add(a, ap, am, 6, PREC);
        fmpq_zero(q);
        HKZ_TEST_OK(hkz_ising_model_set_coupling(m, 0, q));
        HKZ_TEST_OK(hkz_ising_poly(b, m, PREC));
        check_close(a, b, 6, PREC - 40, "cache: a+ + a- after edits");
        HKZ_TEST_OK(hkz_ising_model_set_weights(m, w));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        brute(b, db, m, PREC);
        check_close(a, b, 7, PREC - 40, "cache: after set_weights");
        _arb_vec_clear(a, 7);
        _arb_vec_clear(b, 7);
        _arb_vec_clear(ap, 7);
        _arb_vec_clear(am, 7);
        _arb_vec_clear(db, 7);
        fmpq_clear(q);
        hkz_ising_model_clear(m);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.enum");
}
