# FindFLINT.cmake -- FLINT 3 (Arb inside) or FLINT 2.9 + Arb 2.23 (Debian's
# libflint-arb).  Creates HKZ::flint and sets HKZ_HAVE_FLINT3.
include(FindPackageHandleStandardArgs)
find_package(PkgConfig QUIET)

set(HKZ_HAVE_FLINT3 0)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_FLINT3 QUIET flint>=3)
endif()

find_path(FLINT_INCLUDE_DIR flint/flint.h HINTS ${PC_FLINT3_INCLUDEDIR})
find_library(FLINT_LIBRARY flint HINTS ${PC_FLINT3_LIBDIR})
find_library(MPFR_LIBRARY mpfr)
find_library(GMP_LIBRARY gmp)

if(FLINT_INCLUDE_DIR)
  file(STRINGS "${FLINT_INCLUDE_DIR}/flint/flint.h" _fv REGEX "#define __FLINT_VERSION[ \t]+[0-9]+")
  string(REGEX MATCH "[0-9]+$" FLINT_VERSION_MAJOR "${_fv}")
endif()

set(_flint_extra)
if(FLINT_VERSION_MAJOR AND FLINT_VERSION_MAJOR GREATER_EQUAL 3)
  set(HKZ_HAVE_FLINT3 1)
  if(NOT EXISTS "${FLINT_INCLUDE_DIR}/flint/arb.h")
    message(FATAL_ERROR "FLINT ${FLINT_VERSION_MAJOR} found without flint/arb.h")
  endif()
  set(ARB_LIBRARY "")
  set(ARB_INCLUDE_DIR "${FLINT_INCLUDE_DIR}")
else()
  find_path(ARB_INCLUDE_DIR arb.h)
  find_library(ARB_LIBRARY NAMES flint-arb arb)
  if(ARB_INCLUDE_DIR)
    file(STRINGS "${ARB_INCLUDE_DIR}/arb.h" _am REGEX "#define __ARB_VERSION_MINOR[ \t]+[0-9]+")
    string(REGEX MATCH "[0-9]+$" ARB_VERSION_MINOR "${_am}")
    if(ARB_VERSION_MINOR AND ARB_VERSION_MINOR LESS 23)
      message(FATAL_ERROR "Arb 2.${ARB_VERSION_MINOR} found; hkz needs Arb >= 2.23")
    endif()
  endif()
  set(_flint_extra ARB_LIBRARY ARB_INCLUDE_DIR)
endif()

find_package_handle_standard_args(FLINT
  REQUIRED_VARS FLINT_LIBRARY FLINT_INCLUDE_DIR MPFR_LIBRARY GMP_LIBRARY ${_flint_extra})

if(FLINT_FOUND AND NOT TARGET HKZ::flint)
  add_library(HKZ::flint INTERFACE IMPORTED)
  set(_incs "${FLINT_INCLUDE_DIR}")
  if(ARB_INCLUDE_DIR)
    list(APPEND _incs "${ARB_INCLUDE_DIR}")
  endif()
  list(REMOVE_DUPLICATES _incs)
  set_target_properties(HKZ::flint PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_incs}"
    INTERFACE_LINK_LIBRARIES "${ARB_LIBRARY};${FLINT_LIBRARY};${MPFR_LIBRARY};${GMP_LIBRARY}")
endif()
mark_as_advanced(FLINT_INCLUDE_DIR FLINT_LIBRARY ARB_INCLUDE_DIR ARB_LIBRARY MPFR_LIBRARY GMP_LIBRARY)
