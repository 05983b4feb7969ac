/* The digits-level calls (hkz/digits.h) against the reference values of
 * spec heat_kernels_su2.md section 7: every ball at 30 digits must contain
 * the reference and carry the 30 digits it was asked for. */
#include "hkz_test.h"

#define BITS30 100   /* hkz_digits_to_bits(30) = 100 */

int main(void)
{
    arb_t v;
    hkz_su2n_info_t info;
    arb_init(v);

    /* 7.1 h_t(alpha) */
    HKZ_TEST_OK(hkz_su2_heat_bi_digits(v, "1", "0", 30));
    HKZ_TEST_CONTAINS(v, "1.20217233250351274223932", BITS30, "R1");
    HKZ_TEST_OK(hkz_su2_heat_bi_digits(v, "0.01", "0", 30));
    HKZ_TEST_CONTAINS(v, "447.5668270640233905768847", BITS30, "R2");
    HKZ_TEST_OK(hkz_su2_heat_bi_digits(v, "0.1", "1", 30));
    HKZ_TEST_CONTAINS(v, "1.510668046007660347152826", BITS30, "R4");
    HKZ_TEST_OK(hkz_su2_heat_bi_digits(v, "0.5", "pi", 30));
    HKZ_TEST_CONTAINS(v, "0.2636234626801400783094266", BITS30, "R6");
    HKZ_TEST_OK(hkz_su2_heat_bi_digits(v, "0.01", "2", 30));
    HKZ_TEST_CONTAINS(v, "3.662129798029074690945761e-41", BITS30, "R8");

    /* 7.2 p_t(r, z) */
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "1", "0", "0", 30));
    HKZ_TEST_CONTAINS(v, "1.676079176957747290819961", BITS30, "R10");
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "0.01", "0", "0", 30));
    HKZ_TEST_CONTAINS(v, "6230.497233984341928766228", BITS30, "R13");
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "0.1", "0", "3", 30));
    HKZ_TEST_CONTAINS(v, "5.516323631754389847863847e-9", BITS30, "R15");
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "0.3", "0.7", "1.1", 30));
    HKZ_TEST_CONTAINS(v, "0.6719835642883336876528524", BITS30, "R16");
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "1", "1.2", "-2.5", 30));
    HKZ_TEST_CONTAINS(v, "0.8464841842282522899274085", BITS30, "R17");
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "0.25", "0.4", "3.0", 30));
    HKZ_TEST_CONTAINS(v, "0.007121379572874950635372957", BITS30, "R18");

    /* 7.3 distances at P1, P2, P4, P5, P8 */
    HKZ_TEST_OK(hkz_su2_dist_riem_digits(v, "0.3", "0.5", 30));
    HKZ_TEST_CONTAINS(v, "0.5764797514967706987419415", BITS30, "R19 d_R");
    HKZ_TEST_OK(hkz_su2_dist_cc_digits(v, "0.3", "0.5", 30));
    HKZ_TEST_CONTAINS(v, "1.411918697885628323065327", BITS30, "R19 d_sR");
    HKZ_TEST_OK(hkz_su2_dist_cc_digits(v, "0.7", "2.0", 30));
    HKZ_TEST_CONTAINS(v, "2.237226266351433902977342", BITS30, "R20 d_sR");
    HKZ_TEST_OK(hkz_su2_dist_cc_digits(v, "0", "1", 30));
    HKZ_TEST_CONTAINS(v, "2.298518067620871775714392", BITS30, "R22 d_sR");
    HKZ_TEST_OK(hkz_su2_dist_riem_digits(v, "0", "pi", 30));
    HKZ_TEST_CONTAINS(v, "3.141592653589793238462643", BITS30, "R23 d_R");
    HKZ_TEST_OK(hkz_su2_dist_cc_digits(v, "0.2", "0.05", 30));
    HKZ_TEST_CONTAINS(v, "0.4021419529162170907439403", BITS30, "R26 d_sR");

    /* 7.4, 7.5 products */
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, &info, "i^2@10", HKZ_SU2N_DELTA,
                                     "0.1", NULL, 30));
    HKZ_TEST_CONTAINS(v, "53.43942425755927733696507", BITS30, "R27 n=10");
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, &info, "i^2", HKZ_SU2N_DELTA,
                                     "0.01", "e", 30));
    HKZ_TEST_CONTAINS(v, "348647866.2690328253991421", BITS30, "R28 inf");
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, NULL, "2^i", HKZ_SU2N_L, "0.01",
                                     NULL, 30));
    HKZ_TEST_CONTAINS(v, "61029729975.78085400463765", BITS30, "R31");
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, NULL, "i^2", HKZ_SU2N_DELTA, "0.5",
                                     "0.3,0.5; 0.7,2.0; 0,1", 30));
    HKZ_TEST_CONTAINS(v, "1.845006619646889400905053", BITS30, "R34 Delta");
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, NULL, "i^2", HKZ_SU2N_L, "0.5",
                                     "0.3,0.5; 0.7,2.0; 0,1", 30));
    HKZ_TEST_CONTAINS(v, "2.494208278232695250264061", BITS30, "R34 L");
    HKZ_TEST_OK(hkz_su2n_dist_digits(v, "i^2", HKZ_SU2N_DELTA,
                                     "0.3,0.5; 0.7,2.0; 0,1", 30));
    HKZ_TEST_CONTAINS(v, "1.157984897733341142252359", BITS30, "R33 Delta");
    HKZ_TEST_OK(hkz_su2n_dist_digits(v, "i^2", HKZ_SU2N_L,
                                     "0.3,0.5; 0.7,2.0; 0,1", 30));
    HKZ_TEST_CONTAINS(v, "1.957506153461302193508371", BITS30, "R33 L");

    /* 7.6 Milnor: M1 at e through both point forms, M4 through both */
    HKZ_TEST_OK(hkz_su2_heat_milnor_digits(v, "1", "2", "0.5", "0.5", "1",
                                           "0", "0", "0", 30));
    HKZ_TEST_CONTAINS(v, "1.89116084869025795098136", BITS30, "M1");
    HKZ_TEST_OK(hkz_su2_heat_milnor_cyl_digits(v, "1", "3", "0", "1", "0",
                                               "0", "0", 30));
    HKZ_TEST_CONTAINS(v, "1.128979063217928241813634", BITS30, "M3");
    HKZ_TEST_OK(hkz_su2_heat_milnor_cyl_digits(v, "2", "0.7", "1.5", "0.8",
                                               "1.1", "2.0", "2.5", 30));
    HKZ_TEST_CONTAINS(v, "0.9504637351065770082321884", BITS30, "M4 cyl");

    arb_clear(v);
    HKZ_TEST_END("digits.ref");
}
