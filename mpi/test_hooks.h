/* Fault injection for tests/mpi/test_mpi_faults, in the test-only build of libclFFT-mpi only
 * (libclFFT-mpi-testhooks.so, not installed, compiled with CLFFT_MPI_TEST_HOOKS; see
 * mpi/CMakeLists.txt and docs/distributed.md). The installed libclFFT-mpi.so has none of this:
 * no symbol, no environment variable, no check in the step loop. */
#ifndef CLFFT_MPI_TEST_HOOKS_H
#define CLFFT_MPI_TEST_HOOKS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Plans created on this process after the call throw std::bad_alloc when they start step `step`
 * (0-based, in the plan's step list) of every execution; a negative step turns it off. Plans
 * keep the value they were created with. */
__attribute__((visibility("default"))) void clfftMpiTestThrowAtStep(int step);

#ifdef __cplusplus
}
#endif

#endif
