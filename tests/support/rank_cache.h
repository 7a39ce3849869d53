// MPI tests: a PoCL kernel cache directory per rank.
#pragma once

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
