# tests/i18n: every string of the window has its Simplified Chinese translation, and the
# shipped .ts holds no string the sources no longer have (docs/user-guide.md, "Language").
# Runs lupdate over ui/ into a copy of translations/recollector_zh_CN.ts (the shipped file is not
# touched) and reads what lupdate marked:
#   type="unfinished"  a tr() string with no translation (a new one, or one left empty)
#   type="vanished"    a translation whose source string is gone (or was reworded)
# Fix: `cmake --build build --target update_translations`, then translate in Qt Linguist.
#   cmake -DLUPDATE=<lupdate> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch dir> -P check_translations.cmake
cmake_minimum_required(VERSION 3.24)
foreach(var LUPDATE SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_translations.cmake: -D${var}=... is required")
  endif()
endforeach()

file(GLOB shipped ${SOURCE_DIR}/translations/recollector_*.ts)
if(NOT shipped)
  message(FATAL_ERROR "no translations/recollector_*.ts in ${SOURCE_DIR}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

set(failures "")
foreach(ts IN LISTS shipped)
  get_filename_component(name ${ts} NAME)
  set(copy ${WORK_DIR}/${name})
  file(COPY_FILE ${ts} ${copy})
  execute_process(COMMAND ${LUPDATE} ${SOURCE_DIR}/ui -ts ${copy} -locations none
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed on ${name} (${rc}):\n${out}\n${err}")
  endif()
  file(READ ${copy} text)
  # One <message> per list item, so each hit can name its source string.
  string(REPLACE "<message" ";<message" messages "${text}")
  set(unfinished 0)
  set(vanished 0)
  foreach(message IN LISTS messages)
    if(message MATCHES "type=\"(unfinished|vanished|obsolete)\"")
      set(kind ${CMAKE_MATCH_1})
      string(REGEX MATCH "<source>[^<]*</source>" source "${message}")
      string(APPEND failures "  ${name}: ${kind}: ${source}\n")
      if(kind STREQUAL "unfinished")
        math(EXPR unfinished "${unfinished} + 1")
      else()
        math(EXPR vanished "${vanished} + 1")
      endif()
    endif()
  endforeach()
  string(REGEX MATCHALL "<message" all "${text}")
  list(LENGTH all count)
  message(STATUS "${name}: ${count} messages, ${unfinished} unfinished, ${vanished} vanished")
  if(count LESS 500)
    string(APPEND failures "  ${name}: only ${count} messages: lupdate did not read the sources\n")
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "Translations out of date with the sources:\n${failures}"
          "Run `cmake --build build --target update_translations` and translate the new strings.")
endif()
