# CPack: a .deb (with declared Debian dependencies, .desktop entry, icon, AppStream metainfo)
# and a .tar.gz. Build with: cmake --build build/release --target package
if(VEIL_BUILD_UI)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.github.veil.Veil.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/io.github.veil.Veil.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  if(EXISTS ${PROJECT_SOURCE_DIR}/resources/icons/veil.svg)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/veil.svg
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME io.github.veil.Veil.svg)
  endif()
endif()

set(CPACK_PACKAGE_NAME "veil")
set(CPACK_PACKAGE_VENDOR "Veil developers")
set(CPACK_PACKAGE_CONTACT "Veil developers <veil@example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Privacy workbench: k-anonymity, differential privacy, private releases")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_INSTALL_DIRECTORY "veil")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/veil/veil")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "Desktop privacy workbench for data stewards, teachers and analysts.\n Veil anonymizes tables (generalization hierarchies, k-anonymity, l-diversity,\n t-closeness, optimal lattice search, Mondrian), releases statistics with\n differential privacy (Laplace, geometric, Gaussian, exponential mechanism,\n noisy histograms, private spatial decompositions, graph statistics) and keeps\n a privacy-budget ledger. Includes the veil GUI and the veil-cli tool.")
# Dependencies: dpkg-shlibdeps (dpkg-dev) derives them, with versions, from the libraries the two
# binaries link (Qt Widgets/Charts/Svg/Gui/Core, GLPK, libsodium, SQLite, libzip, Boost.Graph). The
# Qt plugins loaded at run time come with those packages (xcb/offscreen platforms in libqt6gui6,
# the SVG icon engine in libqt6svg6). The list is only the fallback when dpkg-shlibdeps is missing.
# Checked on a clean Debian 12 by tools/test-install-debian.sh.
find_program(VEIL_DPKG_SHLIBDEPS dpkg-shlibdeps)
mark_as_advanced(VEIL_DPKG_SHLIBDEPS)
if(VEIL_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6widgets6 (>= 6.4), libqt6charts6 (>= 6.4), libqt6svg6 (>= 6.4), libglpk40, libsodium23, libsqlite3-0, libpq5, libpugixml1v5, libzip4, libboost-graph1.74.0")
endif()
include(CPack)
