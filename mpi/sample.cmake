# samples/mpi_3d.c, included from samples/CMakeLists.txt (nothing without libclFFT-mpi); its test runs
# it on 3 ranks (a hang fails it after the timeout).
if(NOT TARGET clFFT-mpi)
  return()
endif()
add_executable(sample_mpi_3d ${PROJECT_SOURCE_DIR}/samples/mpi_3d.c)
target_compile_options(sample_mpi_3d PRIVATE ${CLFFT_WARNINGS})
target_link_libraries(sample_mpi_3d PRIVATE clFFT-mpi m)
if(CLFFT_BUILD_TESTS)
  add_test(NAME sample_mpi_3d COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe --allow-run-as-root
           ${MPIEXEC_NUMPROC_FLAG} 3 ${MPIEXEC_PREFLAGS} $<TARGET_FILE:sample_mpi_3d>)
  set_tests_properties(sample_mpi_3d PROPERTIES TIMEOUT 120 PROCESSORS 2 LABELS mpi ENVIRONMENT "POCL_MAX_PTHREAD_COUNT=1"
                       PASS_REGULAR_EXPRESSION "PASS")
endif()
