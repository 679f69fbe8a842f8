# CPack: a .deb and a tarball of recollector + recollector-cli, with the desktop entry and metainfo.
# The desktop entry, metainfo and icon share the reverse-DNS id AppStream asks for.
set(RECOLLECTOR_APP_ID io.github.recollector.Recollector)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/${RECOLLECTOR_APP_ID}.desktop DESTINATION share/applications)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/${RECOLLECTOR_APP_ID}.metainfo.xml DESTINATION share/metainfo)
# Recollector's licence and WordNet's, whose word senses the programs hold (cmake/WordNet.cmake).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright DESTINATION share/doc/recollector)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/recollector.svg DESTINATION share/icons/hicolor/scalable/apps
        RENAME ${RECOLLECTOR_APP_ID}.svg)

set(CPACK_PACKAGE_NAME "recollector")
set(CPACK_PACKAGE_VENDOR "Recollector developers")
set(CPACK_PACKAGE_CONTACT "recollector@localhost")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dpkg-shlibdeps finds only what the binaries link. Qt loads its SQLite driver as a plugin
# (no store opens without it), and the demo's Chinese memories need a CJK font: declared
# here, the computed list is appended.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, fonts-noto-cjk")
# A team store on PostgreSQL (docs/team-store.md) needs Qt's driver for it; a store file does not.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libqt6sql6-psql")
# The package was called engram before the rename: installing recollector takes its place.
set(CPACK_DEBIAN_PACKAGE_REPLACES "engram (<< 0.2)")
set(CPACK_DEBIAN_PACKAGE_BREAKS "engram (<< 0.2)")
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
# recollector_VERSION_ARCH.deb, the name `apt install ./recollector_*.deb` expects.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
