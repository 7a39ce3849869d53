// The program cache with a real OpenCL device: the in-process level, the disk level under
// ProgramCache (tiny kernels, so each compile is cheap), and the library through the public API
// (cold and warm bakes, teardown re-reading the environment, two processes sharing a directory).
//
// Run with CLFFT_CACHE_TEST_HELPER=bake, the program is the helper process of the two-process
// test: it bakes the helper plans into $CLFFT_CACHE_PATH and exits (0 on success).
#define BOOST_TEST_MODULE program_cache
#define BOOST_TEST_NO_MAIN
#include <boost/test/unit_test.hpp>

#include "cache_test_util.h"
#include "program_cache.h"
#include "test_env.h"

#include <clFFT-ng.h>

#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <thread>

#include <spawn.h>
#include <unistd.h>
#include <sys/wait.h>

extern char** environ;

using namespace clfft_ng;
using cache_test::EnvVar;
using cache_test::ScratchDir;
using clfft_test::ClEnv;

namespace {

const std::string tinySource = "__kernel void twice(__global float* a) { a[get_global_id(0)] *= 2.0f; }\n";
// The same kernel with a user callback's text added: a different source, so a different entry.
const std::string tinySourceWithCallback =
    tinySource + "float userCallback(float x) { return x; } /* callback text */\n";

std::vector<std::string> entryFiles(const std::string& dir)
{
    std::vector<std::string> names;
    for (const ListedEntry& e : listEntries(dir, false))
        if (e.check == EntryCheck::Ok)
            names.push_back(e.fileName);
    return names;
}

bool hasTempFiles(const std::string& dir)
{
    bool found = false;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const struct dirent* e = ::readdir(d))
            found = found || isTempFileName(e->d_name);
        ::closedir(d);
    }
    return found;
}

// Runs the `twice` kernel of `program` on 4 floats and checks the result.
bool runsTwice(cl_program program)
{
    const ClEnv& env = ClEnv::get();
    cl_int err = CL_SUCCESS;
    KernelRef kernel(clCreateKernel(program, "twice", &err));
    if (err != CL_SUCCESS)
        return false;
    float data[4] = {1, 2, 3, 4};
    MemRef mem(env.buffer(sizeof data, data));
    cl_mem m = mem.get();
    clSetKernelArg(kernel.get(), 0, sizeof m, &m);
    const std::size_t global = 4;
    if (clEnqueueNDRangeKernel(env.queue, kernel.get(), 1, nullptr, &global, nullptr, 0, nullptr, nullptr) !=
        CL_SUCCESS)
        return false;
    env.read(m, sizeof data, data);
    return data[0] == 2 && data[1] == 4 && data[2] == 6 && data[3] == 8;
}

CacheKey tinyKey(const std::string& source)
{
    DeviceIdentity id;
    BOOST_REQUIRE(queryDeviceIdentity(ClEnv::get().device, &id));
    return makeCacheKey(source, "", id);
}

clfftNgCacheStats libraryStats()
{
    clfftNgCacheStats s;
    BOOST_REQUIRE(clfftNgGetCacheStats(&s) == CLFFT_SUCCESS);
    return s;
}

// clfftTeardown + clfftSetup: the library reads the cache environment again at its next bake.
void restartLibrary()
{
    BOOST_REQUIRE(clfftTeardown() == CLFFT_SUCCESS);
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    BOOST_REQUIRE(clfftSetup(&setup) == CLFFT_SUCCESS);
    BOOST_REQUIRE(clfftNgResetCacheStats() == CLFFT_SUCCESS);
}

std::string libraryCachePath()
{
    std::size_t needed = 0;
    BOOST_REQUIRE(clfftNgGetCachePath(nullptr, 0, &needed) == CLFFT_SUCCESS);
    std::vector<char> path(needed);
    BOOST_REQUIRE(clfftNgGetCachePath(path.data(), path.size(), nullptr) == CLFFT_SUCCESS);
    return path.data();
}

// A 1D single-precision out-of-place forward transform of `n` points, baked on the shared
// queue; returns the bake time in milliseconds (negative on failure). With `check`, runs it on
// a test signal and compares with a naive DFT.
double bakeAndCheck(std::size_t n, bool check)
{
    const ClEnv& env = ClEnv::get();
    clfftPlanHandle plan = 0;
    const std::size_t lengths[1] = {n};
    if (clfftCreateDefaultPlan(&plan, env.context, CLFFT_1D, lengths) != CLFFT_SUCCESS)
        return -1;
    clfftSetResultLocation(plan, CLFFT_OUTOFPLACE);
    cl_command_queue queue = env.queue;
    const auto t0 = std::chrono::steady_clock::now();
    const clfftStatus baked = clfftBakePlan(plan, 1, &queue, nullptr, nullptr);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    bool ok = baked == CLFFT_SUCCESS;
    if (ok && check) {
        std::vector<std::complex<float>> in(n), out(n);
        for (std::size_t i = 0; i < n; ++i)
            in[i] = {std::cos(0.3f * i), std::sin(0.7f * i) + 0.1f * i};
        cl_mem a = env.buffer(n * sizeof in[0], in.data()), b = env.buffer(n * sizeof in[0]);
        const clfftStatus st = clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, nullptr, nullptr, &a, &b, nullptr);
        ok = st == CLFFT_SUCCESS;
        env.read(b, n * sizeof in[0], out.data());
        clReleaseMemObject(a);
        clReleaseMemObject(b);
        for (std::size_t k = 0; k < n && ok; ++k) {
            std::complex<double> sum = 0;
            for (std::size_t j = 0; j < n; ++j)
                sum += std::complex<double>(in[j]) * std::polar(1.0, -2 * M_PI * double(j * k % n) / double(n));
            ok = std::abs(sum - std::complex<double>(out[k])) < 1e-3 * (1 + std::abs(sum));
        }
    }
    clfftDestroyPlan(&plan);
    return ok ? ms : -1;
}

const std::size_t helperLengths[] = {8, 16};

int helperMain()
{
    try {
        for (std::size_t n : helperLengths)
            if (bakeAndCheck(n, false) < 0)
                return 2;
        return 0;
    } catch (...) {
        return 3;
    }
}

} // namespace

// Runs before every test: no system cache, no verbose output.
struct QuietEnvironment {
    QuietEnvironment()
    {
        ::setenv("CLFFT_SYSTEM_CACHE_PATH", "off", 1);
        ::setenv("CLFFT_NG_KERNEL_WARNINGS", "1", 1); // read once, at the first build
        ::unsetenv("CLFFT_CACHE_DISABLE");
        ::unsetenv("CLFFT_CACHE_MAX_BYTES");
    }
};
BOOST_TEST_GLOBAL_FIXTURE(QuietEnvironment);

BOOST_AUTO_TEST_SUITE(program_level)

BOOST_AUTO_TEST_CASE(concurrent_requests_build_once)
{
    EnvVar path("CLFFT_CACHE_PATH", "off");
    ProgramCache cache;
    const ClEnv& env = ClEnv::get();
    std::vector<cl_program> programs(4);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&, i] {
            ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "");
            programs[i] = r.status == CL_SUCCESS ? r.program.get() : nullptr;
        });
    for (auto& t : threads)
        t.join();
    BOOST_TEST(cache.counters().sourceBuilds.load() == 1u);
    BOOST_TEST(cache.counters().memoryHits.load() == 3u);
    BOOST_TEST(cache.counters().diskMisses.load() == 0u); // disk disabled
    for (cl_program p : programs)
        BOOST_TEST((p != nullptr && p == programs[0]));
    BOOST_TEST(runsTwice(programs[0]));
}

BOOST_AUTO_TEST_CASE(cold_then_warm)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    ProgramCache cache;
    const ClEnv& env = ClEnv::get();
    BOOST_TEST(cache.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    const CacheCounters& c = cache.counters();
    BOOST_TEST(c.sourceBuilds.load() == 1u);
    BOOST_TEST(c.diskMisses.load() == 1u);
    BOOST_TEST(c.diskWrites.load() == 1u);
    BOOST_TEST(entryFiles(dir.path()).size() == 1u);
    BOOST_TEST(entryFiles(dir.path())[0] == entryFileName(tinyKey(tinySource)));
    BOOST_TEST(!hasTempFiles(dir.path()));

    cache.clear(); // as clfftTeardown does
    ProgramCache::Result warm = cache.get(env.context, env.device, tinySource, "");
    BOOST_TEST(warm.status == CL_SUCCESS);
    BOOST_TEST(c.sourceBuilds.load() == 1u); // nothing compiled from source
    BOOST_TEST(c.binaryLoads.load() == 1u);
    BOOST_TEST(c.diskHits.load() == 1u);
    BOOST_TEST(runsTwice(warm.program.get()));
}

// persist = false (measured planning's candidates): built and usable, but nothing on disk until a
// later request with persist = true, which saves it once without compiling again.
BOOST_AUTO_TEST_CASE(unpersisted_builds_are_saved_when_asked)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    ProgramCache cache;
    const ClEnv& env = ClEnv::get();
    ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "", false);
    BOOST_TEST(r.status == CL_SUCCESS);
    BOOST_TEST(runsTwice(r.program.get()));
    const CacheCounters& c = cache.counters();
    BOOST_TEST(c.sourceBuilds.load() == 1u);
    BOOST_TEST(c.diskWrites.load() == 0u);
    BOOST_TEST(entryFiles(dir.path()).empty());
    BOOST_TEST(cache.get(env.context, env.device, tinySource, "", false).status == CL_SUCCESS);
    BOOST_TEST(entryFiles(dir.path()).empty());

    BOOST_TEST(cache.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    BOOST_TEST(c.sourceBuilds.load() == 1u);
    BOOST_TEST(c.diskWrites.load() == 1u);
    BOOST_TEST(entryFiles(dir.path()).size() == 1u);
    BOOST_TEST(cache.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    BOOST_TEST(c.diskWrites.load() == 1u); // saved once

    cache.clear(); // the saved binary serves the next process
    BOOST_TEST(runsTwice(cache.get(env.context, env.device, tinySource, "").program.get()));
    BOOST_TEST(c.binaryLoads.load() == 1u);
    BOOST_TEST(c.sourceBuilds.load() == 1u);
}

BOOST_AUTO_TEST_CASE(changed_source_gets_its_own_entry)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    ProgramCache cache;
    const ClEnv& env = ClEnv::get();
    BOOST_TEST(cache.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    cache.clear();
    BOOST_TEST(cache.get(env.context, env.device, tinySourceWithCallback, "").status == CL_SUCCESS);
    BOOST_TEST(cache.counters().sourceBuilds.load() == 2u);
    BOOST_TEST(cache.counters().binaryLoads.load() == 0u);
    BOOST_TEST(entryFiles(dir.path()).size() == 2u);
}

BOOST_AUTO_TEST_CASE(bad_entries_are_rebuilt_and_replaced)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    const ClEnv& env = ClEnv::get();
    const std::string entryPath = dir / entryFileName(tinyKey(tinySource));
    {
        ProgramCache seed;
        BOOST_REQUIRE(seed.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    }
    const std::vector<std::uint8_t> good = cache_test::readBytes(entryPath);
    BOOST_REQUIRE(good.size() > entryHeaderSize);
    DeviceIdentity otherDevice;
    BOOST_REQUIRE(queryDeviceIdentity(env.device, &otherDevice));
    otherDevice.driverVersion += "-other";
    Entry decoded;
    BOOST_REQUIRE(decodeEntry(good.data(), good.size(), nullptr, &decoded) == EntryCheck::Ok);

    struct Case {
        const char* what;
        std::vector<std::uint8_t> bytes;
    };
    std::vector<Case> cases = {
        {"zero length", {}},
        {"truncated", {good.begin(), good.begin() + good.size() / 2}},
        {"flipped byte", good},
        {"wrong magic", good},
        {"other version", good},
        {"other device", encodeEntry(makeCacheKey(tinySource, "", otherDevice), decoded.info, decoded.binary)},
    };
    cases[2].bytes[good.size() - 10] ^= 0xff;
    cases[3].bytes[1] = 'x';
    cases[4].bytes[8] ^= 0x40;
    for (const Case& k : cases) {
        BOOST_TEST_CONTEXT(k.what)
        {
            cache_test::writeBytes(entryPath, k.bytes);
            ProgramCache cache;
            ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "");
            BOOST_TEST(r.status == CL_SUCCESS);
            BOOST_TEST(cache.counters().corruptEntries.load() == 1u);
            BOOST_TEST(cache.counters().sourceBuilds.load() == 1u);
            BOOST_TEST(cache.counters().diskWrites.load() == 1u);
            BOOST_TEST(readEntryFile(entryPath, nullptr, nullptr) == EntryCheck::Ok);
            BOOST_TEST(runsTwice(r.program.get()));
        }
    }
}

BOOST_AUTO_TEST_CASE(binary_refused_by_the_runtime_falls_back_to_source)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    const ClEnv& env = ClEnv::get();
    const CacheKey key = tinyKey(tinySource);
    // A well-formed entry for the right key whose binary is not a program.
    std::vector<std::uint8_t> junk(256);
    for (std::size_t i = 0; i < junk.size(); ++i)
        junk[i] = static_cast<std::uint8_t>(i * 13 + 5);
    cache_test::writeBytes(dir / entryFileName(key), encodeEntry(key, "junk", junk));
    ProgramCache cache;
    ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "");
    BOOST_TEST(r.status == CL_SUCCESS);
    BOOST_TEST(cache.counters().binaryLoadFailures.load() == 1u);
    BOOST_TEST(cache.counters().sourceBuilds.load() == 1u);
    BOOST_TEST(cache.counters().diskWrites.load() == 1u);
    BOOST_TEST(runsTwice(r.program.get()));
    cache.clear();
    BOOST_TEST(cache.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    BOOST_TEST(cache.counters().binaryLoads.load() == 1u);
    BOOST_TEST(cache.counters().sourceBuilds.load() == 1u);
}

BOOST_AUTO_TEST_CASE(unusable_directories_never_fail_a_build)
{
    ScratchDir dir;
    cache_test::writeBytes(dir / "a-file", {1});
    const ClEnv& env = ClEnv::get();
    for (const std::string& where : {dir / "a-file", std::string("/proc/self"), std::string("/proc/no/such/dir")}) {
        BOOST_TEST_CONTEXT(where)
        {
            EnvVar path("CLFFT_CACHE_PATH", where.c_str());
            ProgramCache cache;
            ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "");
            BOOST_TEST(r.status == CL_SUCCESS);
            BOOST_TEST(cache.counters().diskWriteFailures.load() == 1u);
            BOOST_TEST(cache.counters().diskWrites.load() == 0u);
        }
    }
}

BOOST_AUTO_TEST_CASE(system_cache_is_read_after_the_user_cache)
{
    ScratchDir shipped, user;
    const ClEnv& env = ClEnv::get();
    {
        EnvVar path("CLFFT_CACHE_PATH", shipped.path().c_str());
        ProgramCache baker;
        BOOST_REQUIRE(baker.get(env.context, env.device, tinySource, "").status == CL_SUCCESS);
    }
    EnvVar path("CLFFT_CACHE_PATH", user.path().c_str());
    EnvVar system("CLFFT_SYSTEM_CACHE_PATH", shipped.path().c_str());
    ProgramCache cache;
    ProgramCache::Result r = cache.get(env.context, env.device, tinySource, "");
    BOOST_TEST(r.status == CL_SUCCESS);
    BOOST_TEST(cache.counters().systemHits.load() == 1u);
    BOOST_TEST(cache.counters().binaryLoads.load() == 1u);
    BOOST_TEST(cache.counters().sourceBuilds.load() == 0u);
    BOOST_TEST(entryFiles(user.path()).empty());
    BOOST_TEST(runsTwice(r.program.get()));
}

// CLFFT_NG_KERNEL_WARNINGS: a build whose log holds a warning prints it to stderr under the
// prefix the quick tier fails on; a clean build prints nothing. Whether the device's compiler
// warns is read from its own build log of the same source.
BOOST_AUTO_TEST_CASE(kernel_build_warnings_are_reported)
{
    EnvVar path("CLFFT_CACHE_PATH", "off");
    const ClEnv& env = ClEnv::get();
    const std::string warned =
        "__kernel void warned(__global uint* a) { const uint x = a[0]; a[1] = (x >= 1u) & (x <= 5u) ? 1u : 2u; }\n";
    const std::string clean = "__kernel void clean(__global uint* a) { a[1] = a[0] + 1u; }\n";
    auto deviceWarns = [&](const std::string& source) {
        const char* text = source.c_str();
        cl_int err = CL_SUCCESS;
        cl_program p = clCreateProgramWithSource(env.context, 1, &text, nullptr, &err);
        BOOST_REQUIRE(err == CL_SUCCESS);
        BOOST_REQUIRE(clBuildProgram(p, 1, &env.device, "", nullptr, nullptr) == CL_SUCCESS);
        std::size_t size = 0;
        clGetProgramBuildInfo(p, env.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
        std::string log(size, '\0');
        if (size)
            clGetProgramBuildInfo(p, env.device, CL_PROGRAM_BUILD_LOG, size, &log[0], nullptr);
        clReleaseProgram(p);
        return log.find("warning") != std::string::npos;
    };
    // the library's stderr into a file for the builds
    auto reported = [&](const std::string& source) {
        char name[] = "/tmp/clfft-ng-warnings-XXXXXX";
        const int fd = ::mkstemp(name);
        BOOST_REQUIRE(fd >= 0);
        std::fflush(stderr);
        const int saved = ::dup(2);
        ::dup2(fd, 2);
        ProgramCache cache;
        const cl_int status = cache.get(env.context, env.device, source, "").status;
        std::fflush(stderr);
        ::dup2(saved, 2);
        ::close(saved);
        std::string text;
        char buf[4096];
        ::lseek(fd, 0, SEEK_SET);
        for (ssize_t got; (got = ::read(fd, buf, sizeof buf)) > 0;)
            text.append(buf, static_cast<std::size_t>(got));
        ::close(fd);
        ::unlink(name);
        BOOST_TEST(status == CL_SUCCESS);
        return text.find("clfft-ng: kernel build warnings") != std::string::npos;
    };
    BOOST_TEST(reported(warned) == deviceWarns(warned));
    BOOST_TEST(!reported(clean));
    BOOST_TEST(!deviceWarns(clean));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(library_level)

BOOST_AUTO_TEST_CASE(warm_bake_compiles_nothing)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    restartLibrary();
    BOOST_TEST(libraryCachePath() == dir.path());
    const double cold = bakeAndCheck(16, true);
    BOOST_TEST(cold >= 0);
    clfftNgCacheStats s = libraryStats();
    BOOST_TEST(s.sourceBuilds >= 1u);
    BOOST_TEST(s.diskWrites == s.sourceBuilds);
    BOOST_TEST(s.bytesWritten > 0u);
    const std::size_t entries = entryFiles(dir.path()).size();
    BOOST_TEST(entries == s.sourceBuilds);

    // Same process, library still up: the in-process level answers.
    BOOST_TEST(bakeAndCheck(16, false) >= 0);
    BOOST_TEST(libraryStats().sourceBuilds == s.sourceBuilds);
    BOOST_TEST(libraryStats().memoryHits >= 1u);

    restartLibrary(); // in-process cache dropped: the disk answers
    const double warm = bakeAndCheck(16, true);
    BOOST_TEST(warm >= 0);
    s = libraryStats();
    BOOST_TEST(s.sourceBuilds == 0u);
    BOOST_TEST(s.binaryLoads == entries);
    BOOST_TEST(s.diskHits == entries);
    BOOST_TEST_MESSAGE("length 16 bake: cold " << cold << " ms, warm " << warm << " ms");
}

BOOST_AUTO_TEST_CASE(teardown_rereads_the_environment)
{
    ScratchDir first, second;
    {
        EnvVar path("CLFFT_CACHE_PATH", first.path().c_str());
        restartLibrary();
        BOOST_TEST(bakeAndCheck(8, false) >= 0);
        BOOST_TEST(libraryCachePath() == first.path());
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", second.path().c_str());
        restartLibrary();
        BOOST_TEST(bakeAndCheck(8, false) >= 0);
        BOOST_TEST(libraryCachePath() == second.path());
        BOOST_TEST(libraryStats().sourceBuilds >= 1u); // second directory was empty
    }
    BOOST_TEST(entryFiles(first.path()) == entryFiles(second.path()));
    {
        EnvVar path("CLFFT_CACHE_PATH", first.path().c_str()), disable("CLFFT_CACHE_DISABLE", "1");
        restartLibrary();
        BOOST_TEST(libraryCachePath().empty());
        BOOST_TEST(bakeAndCheck(8, false) >= 0);
        BOOST_TEST(libraryStats().sourceBuilds >= 1u);
        BOOST_TEST(libraryStats().diskWrites == 0u);
        BOOST_TEST(libraryStats().diskMisses == 0u);
    }
    char tiny[2];
    std::size_t needed = 0;
    EnvVar path("CLFFT_CACHE_PATH", first.path().c_str());
    restartLibrary();
    BOOST_TEST(clfftNgGetCachePath(tiny, sizeof tiny, &needed) == CLFFT_INVALID_VALUE);
    BOOST_TEST(needed == first.path().size() + 1);
    BOOST_TEST(std::strlen(tiny) == 1u);
    BOOST_TEST(clfftNgGetCacheStats(nullptr) == CLFFT_INVALID_HOST_PTR);
    BOOST_TEST(clfftNgGetCachePath(nullptr, 4, nullptr) == CLFFT_INVALID_HOST_PTR);
}

BOOST_AUTO_TEST_CASE(two_processes_bake_into_one_directory)
{
    ScratchDir dir;
    EnvVar path("CLFFT_CACHE_PATH", dir.path().c_str());
    EnvVar helper("CLFFT_CACHE_TEST_HELPER", "bake");
    char self[] = "/proc/self/exe";
    char* argv[] = {self, nullptr};
    pid_t children[2];
    for (pid_t& child : children)
        BOOST_REQUIRE(::posix_spawn(&child, "/proc/self/exe", nullptr, nullptr, argv, environ) == 0);
    for (pid_t child : children) {
        int status = 0;
        BOOST_REQUIRE(::waitpid(child, &status, 0) == child);
        BOOST_TEST(WIFEXITED(status));
        BOOST_TEST(WEXITSTATUS(status) == 0);
    }
    const std::size_t entries = entryFiles(dir.path()).size();
    BOOST_TEST(entries >= 2u);
    BOOST_TEST(listEntries(dir.path(), false).size() == entries); // every file is a valid entry
    BOOST_TEST(!hasTempFiles(dir.path()));

    restartLibrary();
    for (std::size_t n : helperLengths)
        BOOST_TEST(bakeAndCheck(n, true) >= 0);
    BOOST_TEST(libraryStats().sourceBuilds == 0u);
    BOOST_TEST(libraryStats().binaryLoads == entries);
}

BOOST_AUTO_TEST_SUITE_END()

int main(int argc, char* argv[])
{
    if (const char* mode = std::getenv("CLFFT_CACHE_TEST_HELPER"); mode && std::strcmp(mode, "bake") == 0)
        return helperMain();
    return boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
}
