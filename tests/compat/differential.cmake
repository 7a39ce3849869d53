# Differential test against clFFT 2.12 (tests/compat/differential/), included from
# tests/CMakeLists.txt.
#
# diff_driver is compiled against clFFT 2.12's own header (Debian's /usr/include/clFFT.h) and
# linked to libclFFT.so.2 by soname, like tests/abi/abi.cmake's abi_client: not through the clFFT
# target's usage requirements, which would put our include/ on its include path. Only the library
# file is linked; the runner chooses the library with LD_LIBRARY_PATH: Debian's clFFT 2.12
# (/usr/lib/x86_64-linux-gnu) for one run, our build/src for the other.
#
# test_differential runs seeds 1-4 (quick tier), test_differential_sweep seeds 5-8 (sweep tier);
# a longer run: tests/compat/differential/run_differential.py --seeds 1-500 -v

find_path(CLFFT_DIFF_REFERENCE_INCLUDE_DIR clFFT.h PATHS /usr/include NO_DEFAULT_PATH)
find_file(CLFFT_DIFF_REFERENCE_LIBRARY libclFFT.so.2 PATHS /usr/lib/x86_64-linux-gnu /usr/lib NO_DEFAULT_PATH)
find_package(Python3 COMPONENTS Interpreter)
if(NOT CLFFT_DIFF_REFERENCE_INCLUDE_DIR OR NOT EXISTS "${CLFFT_DIFF_REFERENCE_INCLUDE_DIR}/clFFT.version.h"
   OR NOT CLFFT_DIFF_REFERENCE_LIBRARY OR NOT Python3_Interpreter_FOUND)
  message(WARNING "clFFT 2.12 (libclfft-dev, libclfft2) or python3 not found: test_differential is not built")
else()
  add_executable(diff_driver ${CMAKE_CURRENT_LIST_DIR}/differential/diff_driver.c)
  set_target_properties(diff_driver PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
  target_include_directories(diff_driver PRIVATE ${CLFFT_DIFF_REFERENCE_INCLUDE_DIR} ${CMAKE_CURRENT_LIST_DIR}/../support)
  target_compile_options(diff_driver PRIVATE ${CLFFT_WARNINGS})
  target_link_libraries(diff_driver PRIVATE $<TARGET_LINKER_FILE:clFFT> OpenCL::OpenCL m)
  add_dependencies(diff_driver clFFT)
  # No RUNPATH to our build: the library comes from LD_LIBRARY_PATH only.
  set_target_properties(diff_driver PROPERTIES SKIP_BUILD_RPATH TRUE)
  add_test(NAME test_differential
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/differential/run_differential.py
                   --driver $<TARGET_FILE:diff_driver> --ours $<TARGET_FILE_DIR:clFFT>
                   --seeds 1-4 --timeout 120)
  set_tests_properties(test_differential PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77 LABELS compat)
  # Seeds 5-8 in the sweep tier (tests/README.md, "Tiers").
  add_test(NAME test_differential_sweep
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/differential/run_differential.py
                   --driver $<TARGET_FILE:diff_driver> --ours $<TARGET_FILE_DIR:clFFT>
                   --seeds 5-8 --timeout 120)
  set_tests_properties(test_differential_sweep PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77 LABELS "compat;sweep")
endif()
