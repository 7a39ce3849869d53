# ufo-filters pipelines on clFFT 2.12 and on ours (tests/compat/ufo_test.sh), included from
# tests/CMakeLists.txt.
#
# Runs real `ufo-launch` pipelines (fft, ifft, filter: the ufo-filters tasks that call clFFT)
# with UFO_DEVICE_TYPE=cpu, once on Debian's /usr/lib/x86_64-linux-gnu/libclFFT.so.2 and once
# with LD_LIBRARY_PATH at our build, and compares the outputs (1e-5). Needs the Debian packages
# libufo-bin ufo-filters ufo-filters-data libclfft2 pocl-opencl-icd python3-numpy; when they
# are missing the test fails, naming them (it is always added, never skipped).
#
# About 1 minute with warm kernel caches (PoCL's ~/.cache/pocl and ours); the first run on a
# machine compiles every clFFT 2.12 and clfft-ng kernel and takes up to about 4 minutes on the
# 2-core PoCL machine, hence the timeout.
add_test(NAME test_ufo_filters
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/compat/ufo_test.sh $<TARGET_FILE_DIR:clFFT>)
set_tests_properties(test_ufo_filters PROPERTIES TIMEOUT 420 LABELS compat
                     ENVIRONMENT UFO_DEVICE_TYPE=cpu)
