// MPI tests: a PoCL kernel cache directory per rank, and each rank's start (MPI, device, context
// and queue).
#pragma once

#include "cl_device_select.h"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>

// PoCL can fail a build ("Device ... failed to build the program", CL_BUILD_PROGRAM_FAILURE)
// when several processes write its kernel cache at once (pocl/pocl#1480; seen once in
// mpi_fft_np4_large). Each rank gets a directory of its own under the usual one, kept across
// runs. Call before the first OpenCL call (PoCL reads POCL_CACHE_DIR when it starts).
inline void useRankCacheDirectory(int rank)
{
    std::string base;
    if (const char* d = std::getenv("POCL_CACHE_DIR"); d && *d)
        base = d;
    else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
        base = std::string(x) + "/pocl";
    else if (const char* h = std::getenv("HOME"); h && *h)
        base = std::string(h) + "/.cache/pocl";
    else
        return;
    setenv("POCL_CACHE_DIR", (base + "/rank-" + std::to_string(rank)).c_str(), 1);
}

// MPI_Init, the rank's cache directory, then a context and an in-order queue on the device
// CLFFT_TEST_DEVICE chooses (cl_device_select.h). A rank that finds no device aborts the job, so
// that no other rank waits for it.
inline cl_device_id startRank(int* argc, char*** argv, int& rank, int& size, cl_context& ctx, cl_command_queue& queue)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    useRankCacheDirectory(rank);
    cl_platform_id platform;
    cl_device_id device;
    unsigned pi, di;
    char err[256];
    if (clfft_select_device(&platform, &device, &pi, &di, err, sizeof err) != 0) {
        std::fprintf(stderr, "rank %d: %s\n", rank, err);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    cl_int e = CL_SUCCESS;
    ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &e);
    queue = clCreateCommandQueue(ctx, device, 0, &e);
    return device;
}
