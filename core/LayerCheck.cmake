# Proves at configure time that the layering is enforced by the include roots: a file built with
# the store library's include path can include a store header but not a scoring one (a layer
# above it). If the second compiles, the include roots have stopped separating the layers.
set(_check_dir ${CMAKE_CURRENT_BINARY_DIR}/layer-check)
file(WRITE ${_check_dir}/allowed.cpp "#include \"store/Database.h\"\nint main() { return 0; }\n")
file(WRITE ${_check_dir}/upward.cpp "#include \"store/Database.h\"\n#include \"scoring/ScoringProfile.h\"\nint main() { return 0; }\n")
set(_store_roots ${RECOLLECTOR_CORE_INCLUDE_ROOT}/recollector_store ${RECOLLECTOR_CORE_INCLUDE_ROOT}/recollector_model)
foreach(_case allowed upward)
  try_compile(_layer_${_case} ${_check_dir}/${_case}-build SOURCES ${_check_dir}/${_case}.cpp
    CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${_store_roots}"
    LINK_LIBRARIES Qt6::Core Qt6::Sql
    CXX_STANDARD 20
    OUTPUT_VARIABLE _layer_${_case}_output)
endforeach()
if(NOT _layer_allowed)
  message(FATAL_ERROR "Layer check: a store header does not compile with the store library's include path:\n${_layer_allowed_output}")
endif()
if(_layer_upward)
  message(FATAL_ERROR "Layer check: a store source could include a scoring header; the core include roots no longer separate the layers")
endif()
message(STATUS "Layer check: an include from store up to scoring does not build (as it must not)")
