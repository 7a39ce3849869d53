# clFFT's own gtest suite (Debian's clfft source package, fetched at test time into
# ${CMAKE_BINARY_DIR}/compat/clfft-src; only its test program is built, in
# ${CMAKE_BINARY_DIR}/compat/clfft-suite-build) run against our libclFFT.so.2.
# See tests/compat/clfft_suite.sh; deliberate differences: clfft_suite_expected_failures.txt.
# clfft_suite_random runs clFFT's random accuracy tests with a seed that changes per commit
# (first 8 hex digits of HEAD, taken at test time; CLFFT_SUITE_SEED overrides), so CI samples new
# parameters on each commit; the seed and a replay command are printed.
# Whichever entry runs first fetches and builds the test program (a few minutes on 2 cores);
# RESOURCE_LOCK keeps the entries from building (and running OpenCL) concurrently.
set(CLFFT_SUITE_SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/compat/clfft_suite.sh)

# clFFT's unit tests: the clfft_UnitTest fixture of its src/tests/unit_test.cpp (API argument
# checks, plan getters/setters, bake and enqueue of small plans).
add_test(NAME clfft_suite_unit
         COMMAND ${CLFFT_SUITE_SCRIPT} --build ${CMAKE_BINARY_DIR} --lib $<TARGET_FILE_DIR:clFFT>
                 --filter "clfft_UnitTest.*")

# A fixed sample of the accuracy tests, random tests excluded as in issue 16. gtest's sharding
# takes every total-th test, so one shard samples every test family (1D..3D, all radices,
# layouts, precisions, callbacks). One shard of 240 is 61 tests: about 3 minutes on 2 cores
# with cold kernel caches (one shard of 60, 241 tests, takes 9 to 13 minutes).
set(CLFFT_SUITE_TOTAL 240)
set(CLFFT_SUITE_SHARDS "33")  # indices of CLFFT_SUITE_TOTAL shards
add_test(NAME clfft_suite_shards
         COMMAND ${CLFFT_SUITE_SCRIPT} --build ${CMAKE_BINARY_DIR} --lib $<TARGET_FILE_DIR:clFFT>
                 --total ${CLFFT_SUITE_TOTAL} --shards "${CLFFT_SUITE_SHARDS}" --filter "*-*RandomTest*")

# clFFT's random accuracy tests (accuracy_test_random), seeded from the commit being tested.
# 160 took 4.5 and 5.6 minutes on 2 busy cores with cold kernel caches (3.7 minutes of CPU).
set(CLFFT_SUITE_RANDOM 160)
add_test(NAME clfft_suite_random
         COMMAND ${CLFFT_SUITE_SCRIPT} --build ${CMAKE_BINARY_DIR} --lib $<TARGET_FILE_DIR:clFFT>
                 --seed commit --random ${CLFFT_SUITE_RANDOM})

set_tests_properties(clfft_suite_unit clfft_suite_shards clfft_suite_random PROPERTIES
                     LABELS "long;clfft_suite"
                     RESOURCE_LOCK clfft_suite
                     TIMEOUT 1800)
