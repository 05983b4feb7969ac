/* What Python sees of the public headers (cffi cdef); _build.py appends
 * the declarations of _shim.h. */
typedef long slong;
typedef unsigned long ulong;
typedef struct { ...; } arb_struct;
typedef struct { ...; } hkz_ising_model_struct;
typedef struct {
    slong nb, nk;
    slong bmin;
    ...;
} hkz_ising_dos_struct;
typedef struct {
    slong W;
    slong n;
    arb_struct *theta;
    int *flag;
    slong nisolated;
    int complete;
    int trivial;
    slong prec;
    int method;
    slong j0, len;
    ...;
} hkz_ly_zeros_struct;
typedef struct {
    arb_struct ta, tb;
    arb_struct box;
    arb_struct theta_b;
    int dir;
} hkz_ly_step_struct;
typedef struct hkz_ly_track_s *hkz_ly_track_t;
typedef struct {
    int kind;
    slong nfactors;
    ...;
} hkz_su2n_info_t;
extern "Python" int _hkzpy_progress(void *, slong, slong);

const char *hkz_strerror(int code);
const char *hkz_status_name(int code);
const char *hkz_errmsg(void);
const char *hkz_version(void);
int hkz_su2_dist_riem_digits(arb_struct *res, const char *r, const char *z,
                             slong digits);
int hkz_su2_dist_cc_digits(arb_struct *res, const char *r, const char *z,
                           slong digits);
int hkz_su2n_heat_digits(arb_struct *res, hkz_su2n_info_t *info,
                         const char *weights, int op, const char *t,
                         const char *point, slong digits);
void hkz_ly_track_destroy(hkz_ly_track_t *tr);
slong hkz_ly_track_nsteps(const hkz_ly_track_t tr, slong j);
const hkz_ly_step_struct *hkz_ly_track_step(const hkz_ly_track_t tr,
                                            slong j, slong k);
int hkz_ly_track_done(const hkz_ly_track_t tr, slong j);
int hkz_ly_track_all_decreasing(const hkz_ly_track_t tr);

/* then _shim.h without its comments and preprocessor lines (_build.py) */
