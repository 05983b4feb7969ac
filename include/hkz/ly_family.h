/* hkz/ly_family.h -- the one-parameter families t -> F(t, .) that a
 * Lee-Yang tracker follows (hkz_ly_family_fn of hkz/ly_track.h; included
 * by hkz/ly.h): Curie-Weiss, a single edge, and the uniform coupling of a
 * model with an exact table (issue 12.2).  Conventions as in ly.h. */
#ifndef HKZ_LY_FAMILY_H
#define HKZ_LY_FAMILY_H

#include "hkz/ly.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Families: Curie-Weiss in the per-edge coupling (param: slong *N), and a
 *  single edge (param: hkz_ly_edge_family_t, built by
 *  hkz_ly_edge_family_init from a model and an edge). */
HKZ_API int hkz_ly_cw_family(arb_ptr c, slong nder, const arb_t t,
                             void *param, slong prec);
/** The same family; trackers created with it certify their steps by the
 *  saddle-line integral (no cancellation: precision ~ goal + log N). */
HKZ_API int hkz_ly_cw_family_integral(arb_ptr c, slong nder, const arb_t t,
                                      void *param, slong prec);
/** The same family; trackers created with it move all principal zeros
 *  together ("lockstep": the zeros' equation of motion theta_k' = sum_{m
 *  != k} cot(theta_k - theta_m) and its contraction, from certified
 *  complete lists at a few t per step; ising/track/track_lockstep_cert.c).
 *  Steps of a fixed ratio tb/ta (up to 2) for every N, up to N t = 2;
 *  beyond, zero by zero by the cosine-sum steps (as the integral method).
 *  Under several ranks (hkz_ly_track_ranks) every rank takes part in each
 *  step: the same bytes for any number of ranks and threads. */
HKZ_API int hkz_ly_cw_family_lockstep(arb_ptr c, slong nder, const arb_t t,
                                      void *param, slong prec);

typedef struct
{
    slong W;
    arb_ptr ap, am;             /* folded c^+ and c^- (spec 2.1) */
    slong prec;                 /* precision they were computed at */
    const hkz_ising_model_struct *model;
    slong edge;
} hkz_ly_edge_family_struct;
typedef hkz_ly_edge_family_struct hkz_ly_edge_family_t[1];

HKZ_API HKZ_WARN_UNUSED int hkz_ly_edge_family_init(
        hkz_ly_edge_family_t ef, const hkz_ising_model_t m, slong edge);
HKZ_API void hkz_ly_edge_family_clear(hkz_ly_edge_family_t ef);
HKZ_API int hkz_ly_edge_family(arb_ptr c, slong nder, const arb_t t,
                               void *param, slong prec);

/** Uniform-coupling family (ising/track/track_scale.c, issue 12.2): every
 *  coupling J_e = t c_e (the model's scale is replaced by t; a lattice's
 *  bond coupling K).  The coefficients are those of e^{-t J0 S} F(t, .)
 *  (same zeros, same sign of dF/dt at a zero) from the model's exact
 *  table: a copy of the one installed by hkz_ising_model_set_dos, else
 *  computed, kept by the family (sf->dos = NULL before init makes clear
 *  safe without it).  nthreads: threads of the table computation.  HKZ_ERR_DOMAIN for a negative coupling,
 *  HKZ_ERR_TOO_LARGE when no exact table fits. */
typedef struct
{
    slong W;
    hkz_ising_dos_struct *dos;          /* the family's exact table */
} hkz_ly_scale_family_struct;
typedef hkz_ly_scale_family_struct hkz_ly_scale_family_t[1];

HKZ_API HKZ_WARN_UNUSED int hkz_ly_scale_family_init(
        hkz_ly_scale_family_t sf, const hkz_ising_model_t m, int nthreads);
HKZ_API void hkz_ly_scale_family_clear(hkz_ly_scale_family_t sf);
HKZ_API int hkz_ly_scale_family(arb_ptr c, slong nder, const arb_t t,
                                void *param, slong prec);

#ifdef __cplusplus
}
#endif
#endif
