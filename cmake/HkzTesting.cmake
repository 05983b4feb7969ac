# HkzTesting.cmake -- helpers to register hkz tests.
#
# hkz_add_c_test(NAME name SOURCES f.c... [LABELS l...] [ARGS a...] [TIMEOUT s])
#   builds one executable per test, registers CTest NAME with labels.
#   Exit code 77 means "skipped" (e.g. no GPU).
# hkz_add_c_tests_glob(MODULE m [LABELS l...])
#   one test per tests/<m>/t-*.c, named m.<file stem without t->.
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
    SKIP_RETURN_CODE 77 ENVIRONMENT "HKZ_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
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

# Shell-driven tests (CLI): hkz_add_sh_test(NAME n SCRIPT s [ARGS a...] [LABELS l])
# runs: bash SCRIPT <path of the hkz binary> ARGS...
function(hkz_add_sh_test)
  cmake_parse_arguments(T "" "NAME;SCRIPT;TIMEOUT" "LABELS;ARGS" ${ARGN})
  add_test(NAME ${T_NAME} COMMAND bash ${T_SCRIPT} $<TARGET_FILE:hkz_cli> ${T_ARGS})
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
    SKIP_RETURN_CODE 77 ENVIRONMENT "HKZ_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endfunction()
