# Runs EXE and compares its stdout with the file EXPECTED (exit status 0
# and identical text).  cmake -DEXE=... -DEXPECTED=... -P check_output.cmake
execute_process(COMMAND ${EXE} OUTPUT_VARIABLE _out ERROR_VARIABLE _err
                RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${_rc}:\n${_err}")
endif()
file(READ ${EXPECTED} _want)
if(NOT _out STREQUAL _want)
  message(FATAL_ERROR "${EXE}: output differs from ${EXPECTED}\n"
          "--- got ---\n${_out}--- expected ---\n${_want}")
endif()
