# The word senses of the restatement check (docs/scoring.md#restatements) come from Princeton
# WordNet 3.0 as Debian's wordnet-base installs it. It is read at build time only: a small
# program (cmake/wordnet/WordNetTable.cpp) writes the table into a source of the text library,
# so nothing outside the program is read at run time.
find_path(RECOLLECTOR_WORDNET_DIR index.noun PATHS /usr/share/wordnet NO_DEFAULT_PATH
  DOC "Princeton WordNet's dictionary files (index.noun, data.noun …)")
if(NOT RECOLLECTOR_WORDNET_DIR)
  message(FATAL_ERROR "WordNet not found: install wordnet-base (bash scripts/dev.sh install) or set RECOLLECTOR_WORDNET_DIR")
endif()
# The first senses of each word that count (WordNet orders them by frequency in its tagged corpus).
set(RECOLLECTOR_WORDNET_SENSES 3 CACHE STRING "WordNet senses per word in the restatement check")

add_executable(recollector-wordnet-table ${CMAKE_CURRENT_LIST_DIR}/wordnet/WordNetTable.cpp)
set(recollector_wordnet_table ${CMAKE_BINARY_DIR}/generated/WordNetTable.cpp)
set(recollector_wordnet_inputs)
foreach(part noun verb adj adv)
  list(APPEND recollector_wordnet_inputs ${RECOLLECTOR_WORDNET_DIR}/index.${part} ${RECOLLECTOR_WORDNET_DIR}/data.${part}
    ${RECOLLECTOR_WORDNET_DIR}/${part}.exc)
endforeach()
add_custom_command(OUTPUT ${recollector_wordnet_table}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/generated
  COMMAND recollector-wordnet-table ${RECOLLECTOR_WORDNET_DIR} ${RECOLLECTOR_WORDNET_SENSES} ${recollector_wordnet_table}
  DEPENDS recollector-wordnet-table ${recollector_wordnet_inputs}
  COMMENT "WordNet senses table (first ${RECOLLECTOR_WORDNET_SENSES} senses)"
  VERBATIM)
set_target_properties(recollector-wordnet-table PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
