# ABI tests, included from tests/CMakeLists.txt.
#
# test_abi_client:  a C program compiled against clFFT 2.12's own header (Debian's
#                   /usr/include/clFFT.h, package libclfft-dev) and linked against our
#                   libclFFT.so.2 - the situation of every binary built for clFFT 2.12.
# test_abi_symbols: our libclFFT.so.2 has soname libclFFT.so.2 and exports every clfft* function
#                   that clFFT 2.12's libclFFT.so.2 exports.

find_path(CLFFT_REFERENCE_INCLUDE_DIR clFFT.h PATHS /usr/include NO_DEFAULT_PATH)
if(NOT CLFFT_REFERENCE_INCLUDE_DIR OR NOT EXISTS "${CLFFT_REFERENCE_INCLUDE_DIR}/clFFT.version.h")
  message(WARNING "clFFT 2.12's clFFT.h not found in /usr/include (install libclfft-dev): "
                  "test_abi_client is not built")
else()
  # Deliberately not linked to the clFFT target: that would put our include/ directory on the
  # include path through its usage requirements. Only the library file is linked.
  add_executable(abi_client ${CMAKE_CURRENT_LIST_DIR}/abi_client.c)
  set_target_properties(abi_client PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
  target_include_directories(abi_client PRIVATE ${CLFFT_REFERENCE_INCLUDE_DIR} ${CMAKE_CURRENT_LIST_DIR}/../support)
  target_compile_options(abi_client PRIVATE ${CLFFT_WARNINGS})
  target_link_libraries(abi_client PRIVATE $<TARGET_LINKER_FILE:clFFT> OpenCL::OpenCL ${CMAKE_DL_LIBS} m)
  add_dependencies(abi_client clFFT)
  # The client checks that the libclFFT.so.2 it loaded is this file, not a system copy.
  # The exit status decides (a crash at exit fails too); the RUNPATH finds our library, and the
  # directory is also put first on LD_LIBRARY_PATH in case the environment names another one.
  add_test(NAME test_abi_client COMMAND abi_client $<TARGET_FILE:clFFT>)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.22)
    set_tests_properties(test_abi_client PROPERTIES
      ENVIRONMENT_MODIFICATION "LD_LIBRARY_PATH=path_list_prepend:$<TARGET_FILE_DIR:clFFT>")
  endif()
endif()

add_test(NAME test_abi_symbols
         COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_symbols.sh $<TARGET_FILE:clFFT>)
