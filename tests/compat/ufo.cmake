# ufo-filters pipelines on clFFT 2.12 and on ours (tests/compat/ufo_test.sh), included from
# tests/CMakeLists.txt.
#
# Runs real `ufo-launch` pipelines (fft, ifft, filter: the ufo-filters tasks that call clFFT)
# with UFO_DEVICE_TYPE=cpu, once on Debian's /usr/lib/x86_64-linux-gnu/libclFFT.so.2 and once
# with LD_LIBRARY_PATH at our build, and compares the outputs (1e-5). Needs the Debian packages
# libufo-bin ufo-filters ufo-filters-data libclfft2 pocl-opencl-icd python3-numpy; when they
# are missing the test fails, naming them (it is always added, never skipped).
#
# The quick entry runs the 100x60 input's pipelines and the filters: 43 s from empty kernel caches
# beside the rest of the quick tier (2026-12-07; all the pipelines took 120 s), most of it clFFT
# 2.12's compiles; the sweep entry the other inputs.
add_test(NAME test_ufo_filters
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/compat/ufo_test.sh $<TARGET_FILE_DIR:clFFT>)
set_tests_properties(test_ufo_filters PROPERTIES TIMEOUT 420 LABELS compat
                     ENVIRONMENT UFO_DEVICE_TYPE=cpu)
# The other inputs' pipelines (ufo_test.sh, "Tiers").
add_test(NAME test_ufo_filters_sweep
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/compat/ufo_test.sh $<TARGET_FILE_DIR:clFFT>)
set_tests_properties(test_ufo_filters_sweep PROPERTIES TIMEOUT 600 LABELS "compat;sweep"
                     ENVIRONMENT "UFO_DEVICE_TYPE=cpu;CLFFT_TEST_TIER=sweep;CLFFT_CACHE_PATH=off")
