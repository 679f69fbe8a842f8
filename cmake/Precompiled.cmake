# Precompiled headers (docs/development.md#build-time) in the clang builds (the sanitizer and
# fuzz presets): at -O0, parsing Qt's headers is most of a file's compile time, and a header
# parsed once per target roughly halves it. gcc's optimised build spends its time generating
# code, gains little and writes far larger files, so it goes without.
#
# cmake/pch/ holds one header per kind of target; every test of a kind reuses one test's
# precompiled header (its flags are the same by construction: recollector_add_tests).
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(_pch_default ON)
else()
  set(_pch_default OFF)
endif()
option(RECOLLECTOR_PCH "Precompile Qt and standard headers once per target" ${_pch_default})

if(RECOLLECTOR_PCH AND CCACHE_PROGRAM)
  # ccache caches a file built with a precompiled header only when told the header's own
  # timestamps and macros do not matter (its contents are hashed instead).
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env
    CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime ${CCACHE_PROGRAM})
  target_compile_options(recollector_warnings INTERFACE -Xclang -fno-pch-timestamp)
endif()

# recollector_precompile(<target> core|ui): the target's own precompiled header.
function(recollector_precompile target kind)
  if(RECOLLECTOR_PCH)
    target_precompile_headers(${target} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/pch/${kind}.h)
  endif()
endfunction()

# recollector_precompile_test(<target> core|ui): the first test of a kind builds the header,
# the others reuse it.
function(recollector_precompile_test target kind)
  if(NOT RECOLLECTOR_PCH)
    return()
  endif()
  get_property(host GLOBAL PROPERTY RECOLLECTOR_PCH_TEST_${kind})
  if(host)
    target_precompile_headers(${target} REUSE_FROM ${host})
  else()
    target_precompile_headers(${target} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/pch/test-${kind}.h)
    set_property(GLOBAL PROPERTY RECOLLECTOR_PCH_TEST_${kind} ${target})
  endif()
endfunction()
