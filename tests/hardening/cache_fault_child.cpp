// Child process of test_cache_faults: bakes and runs a list of small plans with the disk cache
// of the environment (CLFFT_CACHE_PATH), under conditions the parent chooses, and logs one
// line per plan done, so that a process killed at any moment can be started again and go on
// where it stopped.
//
//   cache_fault_child --log FILE [--plans N] [--seed S] [--fsize BYTES] [--sigxfsz ignore|default]
//                     [--readonly-bind DIR]
//
// --plans N: the first N lengths of the list below (distinct kernels), in an order shuffled by
// --seed (0: in order). Plans already logged as done in FILE are skipped.
// --fsize: RLIMIT_FSIZE (as `ulimit -f`) for the whole process; --sigxfsz: SIGXFSZ's
// disposition (default: the default action, which kills the process when a write crosses the
// limit).
// --store-fsize BYTES: RLIMIT_FSIZE set to BYTES only between the end of each clBuildProgram
// and the start of the next (this program interposes clBuildProgram): PoCL writes a ~1 MB
// preprocessed source for every build from source, so a limit below that stops PoCL's compiler
// before the library writes anything; this one is in force when the library writes its entry.
// --readonly-bind DIR: before anything else, a private mount namespace in which DIR is a
// read-only bind mount of itself (root: permissions would not stop root); exit 77 if that
// cannot be done.
//
// Log lines (one write each): "ok <length> <source builds> <binary loads> <binary load failures>
// <disk hits> <disk misses> <disk writes> <disk write failures> <rejected entries>", counters of
// that plan alone; "FAIL <length> <status> <error>" (then exit 1).
#include "cl_device_select.h"
#include "hardening_common.h"
#include "radix_lengths.h"

#include <clFFT-ng.h>
#include <clFFT.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <dlfcn.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

rlim_t storeLimit = RLIM_INFINITY;
void (*sigxfsz)(int) = SIG_DFL; // --sigxfsz

void setSoftFileLimit(rlim_t bytes)
{
    struct rlimit lim;
    if (::getrlimit(RLIMIT_FSIZE, &lim) == 0) {
        lim.rlim_cur = bytes == RLIM_INFINITY || bytes > lim.rlim_max ? lim.rlim_max : bytes;
        ::setrlimit(RLIMIT_FSIZE, &lim);
    }
}

} // namespace

// Interposes libclFFT's clBuildProgram (the executable exports it): the file size limit of
// --store-fsize is lifted while the runtime builds and put back after.
extern "C" CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint n, const cl_device_id* devices,
                                                          const char* options,
                                                          void(CL_CALLBACK* notify)(cl_program, void*), void* data)
{
    using Build = cl_int(CL_API_CALL*)(cl_program, cl_uint, const cl_device_id*, const char*,
                                       void(CL_CALLBACK*)(cl_program, void*), void*);
    static const Build next = reinterpret_cast<Build>(dlsym(RTLD_NEXT, "clBuildProgram"));
    if (storeLimit != RLIM_INFINITY)
        setSoftFileLimit(RLIM_INFINITY);
    const cl_int r = next(program, n, devices, options, notify, data);
    if (storeLimit != RLIM_INFINITY)
        setSoftFileLimit(storeLimit);
    // PoCL's LLVM installs its own SIGXFSZ handler while it compiles; put back the disposition
    // asked for, as in a process whose OpenCL runtime has no such handler.
    std::signal(SIGXFSZ, sigxfsz);
    return r;
}

namespace {

// Lengths 2..N whose prime factors are all at most 13: one small kernel each.
std::vector<std::size_t> lengths(std::size_t count)
{
    std::vector<std::size_t> v;
    for (std::size_t n = 2; v.size() < count; ++n)
        if (clfft_test::radixLength(n))
            v.push_back(n);
    return v;
}

bool appendLine(const std::string& path, const std::string& line)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return false;
    const std::string text = line + "\n";
    const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    ::close(fd);
    return ok;
}

std::set<std::size_t> done(const std::string& path)
{
    std::set<std::size_t> d;
    std::ifstream f(path);
    std::string word;
    std::size_t n = 0;
    std::string line;
    while (std::getline(f, line)) {
        std::istringstream is(line);
        if (is >> word >> n && word == "ok")
            d.insert(n);
    }
    return d;
}

bool readOnlyBind(const char* dir)
{
    return ::unshare(CLONE_NEWNS) == 0 && ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
           ::mount(dir, dir, nullptr, MS_BIND, nullptr) == 0 &&
           ::mount(nullptr, dir, nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) == 0;
}

int fail(const std::string& log, std::size_t n, int status, double error)
{
    std::ostringstream os;
    os << "FAIL " << n << " " << status << " " << error;
    appendLine(log, os.str());
    std::fprintf(stderr, "%s\n", os.str().c_str());
    return 1;
}

} // namespace

int main(int argc, char** argv)
{
    std::string log;
    std::size_t count = 10;
    unsigned seed = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        const char* value = argv[i + 1];
        if (opt == "--log") {
            log = value;
        } else if (opt == "--plans") {
            count = std::strtoul(value, nullptr, 10);
        } else if (opt == "--seed") {
            seed = static_cast<unsigned>(std::strtoul(value, nullptr, 10));
        } else if (opt == "--fsize") {
            const rlim_t bytes = std::strtoull(value, nullptr, 10);
            struct rlimit lim = {bytes, bytes};
            if (::setrlimit(RLIMIT_FSIZE, &lim) != 0) {
                std::perror("setrlimit");
                return 2;
            }
        } else if (opt == "--store-fsize") {
            storeLimit = std::strtoull(value, nullptr, 10);
        } else if (opt == "--sigxfsz") {
            sigxfsz = std::strcmp(value, "ignore") == 0 ? SIG_IGN : SIG_DFL;
            std::signal(SIGXFSZ, sigxfsz);
        } else if (opt == "--readonly-bind") {
            if (!readOnlyBind(value)) {
                std::fprintf(stderr, "cannot make %s a read-only bind mount: %s\n", value, std::strerror(errno));
                return 77;
            }
        } else {
            std::fprintf(stderr, "unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (log.empty()) {
        std::fprintf(stderr, "--log FILE is required\n");
        return 2;
    }
    std::vector<std::size_t> plans = lengths(count);
    if (seed)
        std::shuffle(plans.begin(), plans.end(), std::mt19937(seed));
    const std::set<std::size_t> already = done(log);

    // The test device (CLFFT_TEST_DEVICE, else the default one), as every test program.
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    char why[512] = {0};
    if (clfft_select_device(&platform, &device, nullptr, nullptr, why, sizeof why) != 0) {
        std::fprintf(stderr, "%s\n", why);
        return 2;
    }
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    if (err != CL_SUCCESS)
        return 2;
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    if (clfftSetup(&setup) != CLFFT_SUCCESS)
        return 2;

    for (std::size_t n : plans) {
        if (already.count(n))
            continue;
        clfftNgCacheStats before{}, after{};
        clfftNgGetCacheStats(&before);
        const std::vector<std::complex<float>> x = hardening::signal<float>(n, 1, static_cast<unsigned>(n));
        cl_mem buf = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof x[0],
                                    const_cast<std::complex<float>*>(x.data()), &err);
        if (err != CL_SUCCESS)
            return 2;
        clfftPlanHandle h = 0;
        const std::size_t len[1] = {n};
        clfftStatus st = clfftCreateDefaultPlan(&h, context, CLFFT_1D, len);
        if (st == CLFFT_SUCCESS)
            st = clfftBakePlan(h, 1, &queue, nullptr, nullptr);
        if (st == CLFFT_SUCCESS)
            st = clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &queue, 0, nullptr, nullptr, &buf, nullptr, nullptr);
        if (st != CLFFT_SUCCESS)
            return fail(log, n, st, 0);
        std::vector<std::complex<float>> y(n);
        clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, n * sizeof y[0], y.data(), 0, nullptr, nullptr);
        const double e = hardening::dftError(x, y, n, -1);
        if (!(e < 1e-5))
            return fail(log, n, st, e);
        clfftDestroyPlan(&h);
        clReleaseMemObject(buf);
        clfftNgGetCacheStats(&after);
        std::ostringstream os;
        os << "ok " << n << " " << after.sourceBuilds - before.sourceBuilds << " "
           << after.binaryLoads - before.binaryLoads << " " << after.binaryLoadFailures - before.binaryLoadFailures
           << " " << after.diskHits - before.diskHits << " " << after.diskMisses - before.diskMisses << " "
           << after.diskWrites - before.diskWrites << " " << after.diskWriteFailures - before.diskWriteFailures << " "
           << after.corruptEntries - before.corruptEntries;
        if (!appendLine(log, os.str()))
            return 2;
    }
    clfftTeardown();
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
