# CPack: a .deb and a tarball of engram + engram-cli, with the desktop entry and metainfo.
install(FILES ${CMAKE_CURRENT_LIST_DIR}/engram.desktop DESTINATION share/applications)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.engram.Engram.metainfo.xml DESTINATION share/metainfo)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/engram.svg DESTINATION share/icons/hicolor/scalable/apps)

set(CPACK_PACKAGE_NAME "engram")
set(CPACK_PACKAGE_VENDOR "Engram developers")
set(CPACK_PACKAGE_CONTACT "engram@localhost")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dpkg-shlibdeps finds only what the binaries link. Qt loads its SQLite driver as a plugin
# (no store opens without it), and the demo's Chinese memories need a CJK font: declared
# here, the computed list is appended.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite, fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
# engram_VERSION_ARCH.deb, the name `apt install ./engram_*.deb` expects.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
