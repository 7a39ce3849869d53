# Hardening tests (issue #9); included from tests/CMakeLists.txt. See docs/hardening.md.
set(CLFFT_HARDENING_DIR ${CMAKE_CURRENT_SOURCE_DIR}/hardening)

# Threads: 8 threads x 50 plans, concurrent bakes, one plan on two queues.
clfft_add_test(test_threads hardening/test_threads.cpp)
target_include_directories(test_threads PRIVATE ${CLFFT_HARDENING_DIR})
target_link_libraries(test_threads PRIVATE Threads::Threads)
set_tests_properties(test_threads PROPERTIES TIMEOUT 900)

# Bad input table and OpenCL failures.
clfft_add_test(test_bad_input hardening/test_bad_input.cpp)
target_include_directories(test_bad_input PRIVATE ${CLFFT_HARDENING_DIR})

# Leaks: the counting shim is preloaded; it counts the OpenCL references libclFFT takes and
# gives back. The shim is not instrumented: under ASan its position before the ASan runtime is
# allowed with verify_asan_link_order=0.
add_library(cl_count_shim MODULE hardening/cl_count_shim.c)
target_link_libraries(cl_count_shim PRIVATE ${CMAKE_DL_LIBS})
target_compile_options(cl_count_shim PRIVATE -Wall -Wextra)
if(CLFFT_SANITIZE OR CLFFT_TSAN)
  # Sanitizer runtimes must stay the first libraries; the shim must not pull them in.
  target_compile_options(cl_count_shim PRIVATE -fno-sanitize=all)
  target_link_options(cl_count_shim PRIVATE -fno-sanitize=all)
endif()
clfft_add_test(test_leaks hardening/test_leaks.cpp)
target_include_directories(test_leaks PRIVATE ${CLFFT_HARDENING_DIR})
target_link_libraries(test_leaks PRIVATE ${CMAKE_DL_LIBS})
add_dependencies(test_leaks cl_count_shim)
set(CLFFT_LEAK_ENV "LD_PRELOAD=$<TARGET_FILE:cl_count_shim>")
if(CLFFT_SANITIZE)
  list(APPEND CLFFT_LEAK_ENV
       "ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=1"
       "LSAN_OPTIONS=suppressions=${CLFFT_HARDENING_DIR}/lsan.supp:print_suppressions=0")
endif()
set_tests_properties(test_leaks PROPERTIES ENVIRONMENT "${CLFFT_LEAK_ENV}")

# The API fuzzer's harness, driven by a seeded generator: runs with every compiler.
add_executable(test_fuzz_driver fuzz/fuzz_api.cpp)
target_include_directories(test_fuzz_driver PRIVATE ${CLFFT_HARDENING_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/support)
target_compile_definitions(test_fuzz_driver PRIVATE FUZZ_DRIVER)
target_compile_options(test_fuzz_driver PRIVATE ${CLFFT_WARNINGS})
target_link_libraries(test_fuzz_driver PRIVATE clFFT)
add_test(NAME test_fuzz_driver COMMAND test_fuzz_driver 300 20240609)
set_tests_properties(test_fuzz_driver PROPERTIES TIMEOUT 600)

# The same harness under libFuzzer (clang only): -DCLFFT_FUZZ=ON, run by scripts/fuzz.sh.
if(CLFFT_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "CLFFT_FUZZ needs clang (CXX=clang++ CC=clang)")
  endif()
  add_executable(fuzz_api fuzz/fuzz_api.cpp)
  target_include_directories(fuzz_api PRIVATE ${CLFFT_HARDENING_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/support)
  # The harness gets libFuzzer and ASan; the library is built as configured (clang cannot link
  # a sanitized libclFFT.so with its --no-undefined without the shared sanitizer runtime).
  target_compile_options(fuzz_api PRIVATE ${CLFFT_WARNINGS} -fsanitize=fuzzer,address)
  target_link_options(fuzz_api PRIVATE -fsanitize=fuzzer,address)
  target_link_libraries(fuzz_api PRIVATE clFFT)
  # A short time-boxed run as a CTest test (scripts/fuzz.sh runs longer ones).
  add_test(NAME fuzz_api_smoke COMMAND fuzz_api -max_total_time=60 -timeout=60 -rss_limit_mb=4096
           -print_final_stats=1)
  set_tests_properties(fuzz_api_smoke PROPERTIES TIMEOUT 300 ENVIRONMENT
    "LSAN_OPTIONS=suppressions=${CLFFT_HARDENING_DIR}/lsan.supp;CLFFT_QUIET=1")
endif()

if(CLFFT_TSAN)
  foreach(t test_threads test_bad_input test_api test_fuzz_driver)
    set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT
                 "TSAN_OPTIONS=suppressions=${CLFFT_HARDENING_DIR}/tsan.supp:halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1")
  endforeach()
endif()

# Faults survived (issue 17, item 4): the shim makes the k-th OpenCL call of one kind made by
# libclFFT fail (cl_fault.h); test_faults sweeps every kind and k over plans of every kernel kind.
clfft_add_test(test_faults hardening/test_faults.cpp)
target_include_directories(test_faults PRIVATE ${CLFFT_HARDENING_DIR})
target_link_libraries(test_faults PRIVATE ${CMAKE_DL_LIBS})
add_dependencies(test_faults cl_count_shim)
set_tests_properties(test_faults PROPERTIES ENVIRONMENT "${CLFFT_LEAK_ENV}" TIMEOUT 900)

# Disk-cache faults: a read-only folder, a file as the folder, a file size limit, writers
# killed with SIGKILL. Each run is a cache_fault_child process.
add_executable(cache_fault_child hardening/cache_fault_child.cpp)
target_include_directories(cache_fault_child PRIVATE ${CLFFT_HARDENING_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/support)
target_compile_options(cache_fault_child PRIVATE ${CLFFT_WARNINGS})
target_link_libraries(cache_fault_child PRIVATE clFFT ${CMAKE_DL_LIBS})
set_target_properties(cache_fault_child PROPERTIES ENABLE_EXPORTS ON) # its clBuildProgram interposes
add_executable(test_cache_faults hardening/test_cache_faults.cpp)
target_include_directories(test_cache_faults PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/cache)
target_compile_definitions(test_cache_faults PRIVATE BOOST_TEST_DYN_LINK)
target_compile_options(test_cache_faults PRIVATE ${CLFFT_WARNINGS})
target_link_libraries(test_cache_faults PRIVATE clfftng_cache Boost::unit_test_framework)
add_dependencies(test_cache_faults cache_fault_child)
add_test(NAME test_cache_faults COMMAND test_cache_faults --log_level=test_suite --report_level=short)
set_tests_properties(test_cache_faults PROPERTIES TIMEOUT 600
                     ENVIRONMENT "CLFFT_CACHE_FAULT_CHILD=$<TARGET_FILE:cache_fault_child>")
