# HkzTesting.cmake -- helpers to register hkz tests.
#
# hkz_add_c_test(NAME name SOURCES f.c... [LABELS l...] [ARGS a...] [TIMEOUT s])
#   builds one executable per test, registers CTest NAME with labels.
#   Exit code 77 means "skipped" (e.g. no GPU).
# hkz_add_c_tests_glob(MODULE m [LABELS l...])
#   one test per tests/<m>/t-*.c, named m.<file stem without t->.
# With HKZ_REQUIRE_ALL a skip (77) is a failure, except for the labels gpu and
# mpi (no device, no mpiexec): the README's build must not skip what it installs.
#
# Optional test dependencies (NEEDS of hkz_add_sh_test): python3 and the
# Python modules the scripts import, probed once at configure time. A test
# whose need is missing is registered as a skip naming the Debian package;
# with HKZ_REQUIRE_ALL a missing one stops the configure.
set(_hkz_need_pkgs python3 python3 mpmath python3-mpmath numpy python3-numpy
    h5py python3-h5py matplotlib python3-matplotlib ipykernel python3-ipykernel
    nbconvert jupyter-nbconvert)
find_program(HKZ_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(HKZ_JUPYTER NAMES jupyter PATHS /usr/bin NO_DEFAULT_PATH)
set(_hkz_missing "")
set(_i 0)
list(LENGTH _hkz_need_pkgs _n)
while(_i LESS _n)
  list(GET _hkz_need_pkgs ${_i} _need)
  math(EXPR _j "${_i} + 1")
  list(GET _hkz_need_pkgs ${_j} _pkg)
  set(_rc 1)
  if(_need STREQUAL "python3")
    if(HKZ_PYTHON3)
      set(_rc 0)
    endif()
  elseif(_need STREQUAL "nbconvert")
    if(HKZ_JUPYTER)
      execute_process(COMMAND ${HKZ_JUPYTER} nbconvert --version
                      RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
    endif()
  elseif(HKZ_PYTHON3)
    execute_process(COMMAND ${HKZ_PYTHON3} -c "import ${_need}"
                    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
  endif()
  if(NOT _rc EQUAL 0)
    set(HKZ_TEST_MISSING_${_need} ${_pkg})
    list(APPEND _hkz_missing ${_pkg})
  endif()
  math(EXPR _i "${_i} + 2")
endwhile()
if(_hkz_missing)
  string(REPLACE ";" " " _hkz_missing "${_hkz_missing}")
  if(HKZ_REQUIRE_ALL)
    message(FATAL_ERROR "HKZ_REQUIRE_ALL: the tests need ${_hkz_missing} "
                        "(apt-get install ${_hkz_missing})")
  endif()
  message(STATUS "tests that need ${_hkz_missing} will skip")
endif()

# the SKIP_RETURN_CODE of a test with LABELS (see HKZ_REQUIRE_ALL above)
function(_hkz_test_skip_code name labels)
  if(NOT HKZ_REQUIRE_ALL OR labels MATCHES "gpu|mpi")
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endfunction()
function(hkz_add_c_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LABELS;ARGS;LIBS" ${ARGN})
  string(REPLACE "." "_" _exe "t_${T_NAME}")
  add_executable(${_exe} ${T_SOURCES})
  target_include_directories(${_exe} PRIVATE ${PROJECT_SOURCE_DIR}/tests/harness ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(${_exe} PRIVATE hkz ${T_LIBS} m)
  target_compile_options(${_exe} PRIVATE ${HKZ_WARN_FLAGS})
  add_test(NAME ${T_NAME} COMMAND ${_exe} ${T_ARGS})
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "HKZ_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
  _hkz_test_skip_code(${T_NAME} "${T_LABELS}")
endfunction()

function(hkz_add_c_tests_glob)
  cmake_parse_arguments(G "" "MODULE" "LABELS" ${ARGN})
  file(GLOB _srcs CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/${G_MODULE}/t-*.c)
  foreach(_src ${_srcs})
    get_filename_component(_stem ${_src} NAME_WE)
    string(REGEX REPLACE "^t-" "" _stem ${_stem})
    hkz_add_c_test(NAME ${G_MODULE}.${_stem} SOURCES ${_src} LABELS ${G_LABELS})
  endforeach()
endfunction()

# Shell-driven tests (CLI):
#   hkz_add_sh_test(NAME n SCRIPT s [ARGS a...] [LABELS l] [NEEDS python3|mpmath|h5py|...])
# runs: bash SCRIPT <path of the hkz binary> ARGS..., or skips when a NEEDS is missing
function(hkz_add_sh_test)
  cmake_parse_arguments(T "" "NAME;SCRIPT;TIMEOUT" "LABELS;ARGS;NEEDS" ${ARGN})
  set(_miss "")
  foreach(_need ${T_NEEDS})
    if(DEFINED HKZ_TEST_MISSING_${_need})
      list(APPEND _miss ${HKZ_TEST_MISSING_${_need}})
    endif()
  endforeach()
  if(_miss)
    string(REPLACE ";" " " _miss "${_miss}")
    add_test(NAME ${T_NAME} COMMAND sh -c "echo 'skip: needs ${_miss}'; exit 77")
  else()
    add_test(NAME ${T_NAME} COMMAND bash ${T_SCRIPT} $<TARGET_FILE:hkz_cli> ${T_ARGS})
  endif()
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
    ENVIRONMENT "HKZ_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
  _hkz_test_skip_code(${T_NAME} "${T_LABELS}")
endfunction()

# HKZ_MPIEXEC_PRE: the launch flags of the mpi tests (style_anchors.md C6):
# Open MPI needs --oversubscribe on small machines and --allow-run-as-root
# under root; MPICH rejects both.  Probed once here for every tests/ folder.
set(HKZ_MPIEXEC_PRE "")
if(HKZ_MPI)
  execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version
                  OUTPUT_VARIABLE _hkz_mpiv ERROR_QUIET)
  if(_hkz_mpiv MATCHES "Open MPI|OpenRTE")
    list(APPEND HKZ_MPIEXEC_PRE --oversubscribe)
    execute_process(COMMAND id -u OUTPUT_VARIABLE _hkz_uid
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_hkz_uid STREQUAL "0")
      list(APPEND HKZ_MPIEXEC_PRE --allow-run-as-root)
    endif()
  endif()
endif()
