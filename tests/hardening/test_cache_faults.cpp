// Disk-cache faults (issue 17, item 4): the cache folder read-only, the cache path a regular
// file, the file size limit (RLIMIT_FSIZE, `ulimit -f`) hit while an entry is written, and four
// processes baking 50 plans each into one folder while being killed with SIGKILL at random
// moments and started again until each has baked all its plans. Each case runs
// cache_fault_child (one process per bake run, since a file size limit, a mount namespace or a
// SIGKILL apply to a whole process) and checks from its log that no bake failed because of the
// cache, that every transform was right (a corrupt binary loaded would not compute the DFT),
// that the runtime never refused a binary the cache handed it, and how many entries the cache
// rejected; then that every entry left in the folder is valid.
// CACHE_FAULT_KILLS (default 40) caps the kills; CACHE_FAULT_SEED seeds the kill schedule.
#define BOOST_TEST_MODULE clfft_hardening_cache_faults
#include <boost/test/unit_test.hpp>

#include "cache_test_util.h"
#include "disk_cache.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

using cache_test::ScratchDir;

std::string childPath()
{
    if (const char* p = std::getenv("CLFFT_CACHE_FAULT_CHILD"); p && *p)
        return p;
    char self[4096] = {0};
    const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    std::string dir = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string("./x");
    return dir.substr(0, dir.find_last_of('/')) + "/cache_fault_child";
}

// Starts cache_fault_child with `args`, the disk cache at `cacheDir`, stdout and stderr into
// `output`. Returns the pid.
pid_t spawnChild(const std::string& cacheDir, const std::vector<std::string>& args, const std::string& output)
{
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string v = *e;
        if (v.rfind("CLFFT_CACHE_PATH=", 0) == 0 || v.rfind("CLFFT_SYSTEM_CACHE_PATH=", 0) == 0 ||
            v.rfind("CLFFT_CACHE_DISABLE=", 0) == 0 || v.rfind("CLFFT_CACHE_MAX_BYTES=", 0) == 0)
            continue;
        env.push_back(v);
    }
    env.push_back("CLFFT_CACHE_PATH=" + cacheDir);
    env.push_back("CLFFT_SYSTEM_CACHE_PATH=off");
    env.push_back("CLFFT_VERBOSE=1");
    std::vector<char*> envp;
    for (std::string& v : env)
        envp.push_back(v.data());
    envp.push_back(nullptr);
    std::vector<std::string> argStore{childPath()};
    argStore.insert(argStore.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argStore)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, output.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    BOOST_REQUIRE_MESSAGE(rc == 0, "cannot start " << argv[0] << ": " << std::strerror(rc));
    return pid;
}

int waitFor(pid_t pid)
{
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

std::string describeStatus(int status)
{
    std::ostringstream os;
    if (WIFEXITED(status))
        os << "exit " << WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        os << "killed by signal " << WTERMSIG(status) << " (" << strsignal(WTERMSIG(status)) << ")";
    else
        os << "status " << status;
    return os.str();
}

std::string fileText(const std::string& path)
{
    std::ifstream f(path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Sums of the counters the child logs, one line per plan done.
struct Totals {
    long plans = 0, failures = 0;
    long sourceBuilds = 0, binaryLoads = 0, binaryLoadFailures = 0, diskHits = 0, diskMisses = 0, diskWrites = 0,
         diskWriteFailures = 0, rejected = 0;
    std::string failLines;
    Totals& operator+=(const Totals& o)
    {
        plans += o.plans;
        failures += o.failures;
        sourceBuilds += o.sourceBuilds;
        binaryLoads += o.binaryLoads;
        binaryLoadFailures += o.binaryLoadFailures;
        diskHits += o.diskHits;
        diskMisses += o.diskMisses;
        diskWrites += o.diskWrites;
        diskWriteFailures += o.diskWriteFailures;
        rejected += o.rejected;
        failLines += o.failLines;
        return *this;
    }
};

std::ostream& operator<<(std::ostream& os, const Totals& t)
{
    return os << t.plans << " plans, " << t.sourceBuilds << " source builds, " << t.binaryLoads << " binary loads ("
              << t.binaryLoadFailures << " refused), " << t.diskHits << " disk hits, " << t.diskMisses << " misses, "
              << t.diskWrites << " writes, " << t.diskWriteFailures << " write failures, " << t.rejected
              << " entries rejected";
}

// Sums the counters of every plan a child logged as done (one line each), in the first
// `maxLines` lines.
Totals sumLog(const std::string& path, long maxLines = -1)
{
    Totals t;
    std::ifstream f(path);
    std::string line;
    for (long lines = 0; (maxLines < 0 || lines < maxLines) && std::getline(f, line); ++lines) {
        std::istringstream is(line);
        std::string word;
        long n = 0;
        is >> word >> n;
        if (word == "ok") {
            long v[8] = {0};
            for (long& x : v)
                is >> x;
            ++t.plans;
            t.sourceBuilds += v[0];
            t.binaryLoads += v[1];
            t.binaryLoadFailures += v[2];
            t.diskHits += v[3];
            t.diskMisses += v[4];
            t.diskWrites += v[5];
            t.diskWriteFailures += v[6];
            t.rejected += v[7];
        } else if (word == "FAIL") {
            ++t.failures;
            t.failLines += line + "\n";
        }
    }
    return t;
}

// Runs one child to its end; returns its totals.
Totals runChild(const ScratchDir& scratch, const std::string& cacheDir, const std::string& name,
                const std::vector<std::string>& extra, int* status = nullptr)
{
    const std::string log = scratch / (name + ".log");
    std::vector<std::string> args{"--log", log};
    args.insert(args.end(), extra.begin(), extra.end());
    const std::string out = scratch / (name + ".out");
    const int st = waitFor(spawnChild(cacheDir, args, out));
    if (status)
        *status = st;
    else
        BOOST_CHECK_MESSAGE(WIFEXITED(st) && WEXITSTATUS(st) == 0,
                            name << ": " << describeStatus(st) << "\n" << fileText(out));
    const Totals t = sumLog(log);
    BOOST_TEST_MESSAGE(name << ": " << t);
    BOOST_CHECK_MESSAGE(t.failures == 0, name << ": " << t.failLines);
    BOOST_CHECK_EQUAL(t.binaryLoadFailures, 0);
    return t;
}

struct DirState {
    long valid = 0, invalid = 0, temporaries = 0;
    std::vector<std::uint64_t> sizes;
};

DirState inspect(const std::string& dir)
{
    DirState s;
    for (const clfft_ng::ListedEntry& e : clfft_ng::listEntries(dir, false)) {
        if (e.check == clfft_ng::EntryCheck::Ok) {
            ++s.valid;
            s.sizes.push_back(e.fileSize);
        } else {
            ++s.invalid;
        }
    }
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const struct dirent* e = ::readdir(d))
            if (clfft_ng::isTempFileName(e->d_name))
                ++s.temporaries;
        ::closedir(d);
    }
    return s;
}

} // namespace

// A cache folder the process cannot write, holding valid entries: they are loaded, the other
// kernels are compiled, nothing is written and nothing fails.
BOOST_AUTO_TEST_CASE(read_only_folder)
{
    ScratchDir scratch;
    const std::string cache = scratch / "cache";
    const Totals fill = runChild(scratch, cache, "fill", {"--plans", "6"});
    BOOST_CHECK_EQUAL(fill.diskWrites, 6);
    std::vector<std::string> extra{"--plans", "10"};
    if (::geteuid() == 0)
        extra.insert(extra.end(), {"--readonly-bind", cache}); // root writes through permissions
    else
        BOOST_REQUIRE(::chmod(cache.c_str(), 0500) == 0);
    int status = 0;
    const Totals ro = runChild(scratch, cache, "read-only", extra, &status);
    ::chmod(cache.c_str(), 0700);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        BOOST_TEST_MESSAGE("no mount namespace for a read-only bind mount here: case not run");
        return;
    }
    BOOST_CHECK_MESSAGE(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                        describeStatus(status) << "\n" << fileText(scratch / "read-only.out"));
    BOOST_CHECK_EQUAL(ro.plans, 10);
    BOOST_CHECK_EQUAL(ro.diskHits, 6);
    BOOST_CHECK_EQUAL(ro.binaryLoads, 6);
    BOOST_CHECK_EQUAL(ro.sourceBuilds, 4);
    BOOST_CHECK_EQUAL(ro.diskWrites, 0);
    BOOST_CHECK_EQUAL(ro.diskWriteFailures, 4);
    BOOST_CHECK_EQUAL(ro.rejected, 0);
    const DirState d = inspect(cache);
    BOOST_CHECK_EQUAL(d.valid, 6);
    BOOST_CHECK_EQUAL(d.invalid + d.temporaries, 0);
}

// CLFFT_CACHE_PATH names a regular file: every kernel is compiled, the file is left alone.
BOOST_AUTO_TEST_CASE(cache_path_is_a_regular_file)
{
    ScratchDir scratch;
    const std::string file = scratch / "not-a-folder";
    cache_test::writeBytes(file, {'k', 'e', 'e', 'p'});
    const Totals t = runChild(scratch, file, "file", {"--plans", "4"});
    BOOST_CHECK_EQUAL(t.plans, 4);
    BOOST_CHECK_EQUAL(t.sourceBuilds, 4);
    BOOST_CHECK_EQUAL(t.diskWrites, 0);
    BOOST_CHECK_EQUAL(t.diskWriteFailures, 4);
    BOOST_CHECK((cache_test::readBytes(file) == std::vector<std::uint8_t>{'k', 'e', 'e', 'p'}));
    // A path below a regular file cannot be created either.
    const Totals below = runChild(scratch, file + "/sub", "below-file", {"--plans", "2"});
    BOOST_CHECK_EQUAL(below.plans, 2);
    BOOST_CHECK_EQUAL(below.diskWriteFailures, 2);
}

// The file size limit (RLIMIT_FSIZE, `ulimit -f`). PoCL writes a ~1 MB preprocessed source for
// every build from source, so a limit below that stops PoCL's compiler (LLVM exits the process)
// before the library writes anything; a limit above it is far above any entry here. The
// entries are therefore written under a limit set after each build (--store-fsize): below the
// size of an entry, with SIGXFSZ at its default action (which kills a process whose write
// crosses the limit) and ignored (the write fails with EFBIG), the bakes succeed and nothing
// partial is left; with a limit between entry sizes only the entries that fit are written.
BOOST_AUTO_TEST_CASE(file_size_limit)
{
    ScratchDir scratch;
    const std::string sizes = scratch / "sizes";
    runChild(scratch, sizes, "sizes", {"--plans", "6"}); // also fills PoCL's cache for these kernels
    DirState full = inspect(sizes);
    BOOST_REQUIRE_EQUAL(full.valid, 6);
    std::sort(full.sizes.begin(), full.sizes.end());
    BOOST_TEST_MESSAGE("entry sizes " << full.sizes.front() << " .. " << full.sizes.back() << " bytes");
    {
        // `ulimit -f 8192` for the whole process: PoCL and the cache both fit.
        const std::string cache = scratch / "limit-8m";
        const Totals t = runChild(scratch, cache, "fsize-8m", {"--plans", "6", "--fsize", std::to_string(8u << 20)});
        BOOST_CHECK_EQUAL(t.plans, 6);
        BOOST_CHECK_EQUAL(t.diskWrites, 6);
        BOOST_CHECK_EQUAL(inspect(cache).valid, 6);
    }
    const std::uint64_t below = full.sizes.front() / 2;
    for (const char* disposition : {"default", "ignore"}) {
        BOOST_TEST_CONTEXT("SIGXFSZ " << disposition)
        {
            const std::string cache = scratch / (std::string("limited-") + disposition);
            const Totals t =
                runChild(scratch, cache, std::string("fsize-") + disposition,
                         {"--plans", "6", "--store-fsize", std::to_string(below), "--sigxfsz", disposition});
            BOOST_CHECK_EQUAL(t.plans, 6);
            BOOST_CHECK_EQUAL(t.diskWrites, 0);
            BOOST_CHECK_EQUAL(t.diskWriteFailures, 6);
            const DirState d = inspect(cache);
            BOOST_CHECK_EQUAL(d.valid + d.invalid + d.temporaries, 0);
        }
    }
    // A limit that some entries fit under (the median size).
    const std::uint64_t median = full.sizes[full.sizes.size() / 2];
    long fit = 0;
    for (std::uint64_t s : full.sizes)
        fit += s <= median ? 1 : 0;
    const std::string cache = scratch / "limited-median";
    const Totals t =
        runChild(scratch, cache, "fsize-median", {"--plans", "6", "--store-fsize", std::to_string(median)});
    BOOST_CHECK_EQUAL(t.plans, 6);
    BOOST_CHECK_EQUAL(t.diskWrites, fit);
    BOOST_CHECK_EQUAL(t.diskWriteFailures, 6 - fit);
    const DirState d = inspect(cache);
    BOOST_CHECK_EQUAL(d.valid, fit);
    BOOST_CHECK_EQUAL(d.invalid + d.temporaries, 0);
}

// Four processes bake the same 50 plans (each in its own order) into one folder; processes are
// killed with SIGKILL at random moments and started again until each has baked all its plans.
// Meanwhile entries are torn in place now and then. Every transform is checked by the child
// (a corrupt binary that loaded would not compute the DFT, or would crash the child).
BOOST_AUTO_TEST_CASE(killed_writers)
{
    ScratchDir scratch;
    const std::string cache = scratch / "shared";
    const int processes = 4;
    const std::size_t plans = 50;
    const char* killsEnv = std::getenv("CACHE_FAULT_KILLS");
    const long maxKills = killsEnv ? std::strtol(killsEnv, nullptr, 10) : 40;
    const char* seedEnv = std::getenv("CACHE_FAULT_SEED");
    std::mt19937 rng(seedEnv ? static_cast<unsigned>(std::strtoul(seedEnv, nullptr, 10)) : 20240917u);
    auto args = [&](int i) {
        return std::vector<std::string>{"--log", scratch / ("writer" + std::to_string(i) + ".log"), "--plans",
                                        std::to_string(plans), "--seed", std::to_string(i + 1)};
    };
    std::vector<pid_t> pid(processes, -1);
    std::vector<int> starts(processes, 0);
    std::vector<long> doneAtStart(processes, 0);
    auto logOf = [&](int i) { return scratch / ("writer" + std::to_string(i) + ".log"); };
    auto start = [&](int i) {
        doneAtStart[i] = sumLog(logOf(i)).plans;
        pid[i] = spawnChild(cache, args(i), scratch / ("writer" + std::to_string(i) + ".out"));
        ++starts[i];
    };
    for (int i = 0; i < processes; ++i)
        start(i);
    long kills = 0, torn = 0;
    const long maxTorn = 30;
    std::vector<long> linesBeforeTearing(processes, -1); // log lines written before the first tear
    int running = processes;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
    while (running > 0) {
        BOOST_REQUIRE_MESSAGE(std::chrono::steady_clock::now() < deadline, "writers still running after 5 minutes");
        // Reap the writers that finished (or failed).
        for (int i = 0; i < processes; ++i) {
            if (pid[i] < 0)
                continue;
            int status = 0;
            if (::waitpid(pid[i], &status, WNOHANG) == pid[i]) {
                BOOST_CHECK_MESSAGE(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                                    "writer " << i << ": " << describeStatus(status) << "\n"
                                              << fileText(scratch / ("writer" + std::to_string(i) + ".out")));
                pid[i] = -1;
                --running;
            }
        }
        if (running == 0)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(10, 250)(rng)));
        // Now and then an entry is torn in place (cut short, or one byte changed), as a writer
        // that wrote in place and crashed, or the disk, would leave it: it must be rejected,
        // never loaded.
        // Only in the second half of the kills, so that the first half shows what kills alone do.
        if (torn < maxTorn && kills >= maxKills / 2 && std::uniform_int_distribution<int>(0, 2)(rng) == 0) {
            if (torn == 0)
                for (int i = 0; i < processes; ++i)
                    linesBeforeTearing[i] = sumLog(logOf(i)).plans + sumLog(logOf(i)).failures;
            const auto entries = clfft_ng::listEntries(cache, false);
            if (!entries.empty()) {
                const auto& e = entries[std::uniform_int_distribution<std::size_t>(0, entries.size() - 1)(rng)];
                const std::string path = cache + "/" + e.fileName;
                if (torn % 2 == 0) {
                    if (::truncate(path.c_str(), static_cast<off_t>(e.fileSize / 2)) == 0)
                        ++torn;
                } else if (const int fd = ::open(path.c_str(), O_WRONLY); fd >= 0) {
                    const unsigned char junk = 0xA5;
                    const off_t at = static_cast<off_t>(
                        std::uniform_int_distribution<std::uint64_t>(0, e.fileSize ? e.fileSize - 1 : 0)(rng));
                    if (::pwrite(fd, &junk, 1, at) == 1)
                        ++torn;
                    ::close(fd);
                }
            }
        }
        if (kills >= maxKills)
            continue;
        // Only writers that baked a plan since they started: kills land in the bake loop (cache
        // reads and writes), not in process start-up, and every restart makes progress.
        std::vector<int> alive;
        for (int i = 0; i < processes; ++i)
            if (pid[i] > 0 && sumLog(logOf(i)).plans > doneAtStart[i])
                alive.push_back(i);
        if (alive.empty())
            continue;
        const int victim = alive[std::uniform_int_distribution<std::size_t>(0, alive.size() - 1)(rng)];
        ::kill(pid[victim], SIGKILL);
        const int status = waitFor(pid[victim]);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
            ++kills;
            start(victim);
        } else { // it had finished just before
            BOOST_CHECK_MESSAGE(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                                "writer " << victim << ": " << describeStatus(status));
            pid[victim] = -1;
            --running;
        }
    }
    Totals all;
    for (int i = 0; i < processes; ++i) {
        const Totals t = sumLog(scratch / ("writer" + std::to_string(i) + ".log"));
        BOOST_TEST_MESSAGE("writer " << i << " (" << starts[i] << " starts): " << t);
        BOOST_CHECK_EQUAL(t.plans, long(plans));
        BOOST_CHECK_MESSAGE(t.failures == 0, t.failLines);
        all += t;
    }
    const DirState d = inspect(cache);
    BOOST_TEST_MESSAGE("kills " << kills << ", entries torn " << torn << "; all writers: " << all << "; folder: "
                                << d.valid << " valid entries, " << d.invalid << " invalid (torn after their last use), "
                                << d.temporaries << " temporaries of killed writers");
    BOOST_CHECK_EQUAL(all.binaryLoadFailures, 0); // no binary the cache handed out was refused
    BOOST_CHECK_EQUAL(d.valid + d.invalid, long(plans));
    // Kills alone never leave an entry that is rejected: only the tearing does.
    long rejectedBeforeTearing = 0;
    for (int i = 0; i < processes; ++i)
        rejectedBeforeTearing += sumLog(logOf(i), linesBeforeTearing[i]).rejected;
    BOOST_TEST_MESSAGE("entries rejected before the first tear: " << rejectedBeforeTearing);
    BOOST_CHECK_EQUAL(rejectedBeforeTearing, 0);
    if (torn == 0)
        BOOST_CHECK_EQUAL(all.rejected, 0);
    BOOST_CHECK_GT(kills, 0);
    // One more process loads every valid entry, and rejects and replaces the torn ones.
    const Totals last = runChild(scratch, cache, "reader", {"--plans", std::to_string(plans)});
    BOOST_CHECK_EQUAL(last.plans, long(plans));
    BOOST_CHECK_EQUAL(last.diskHits, d.valid);
    BOOST_CHECK_EQUAL(last.rejected, d.invalid);
    BOOST_CHECK_EQUAL(last.sourceBuilds, d.invalid);
    const DirState after = inspect(cache);
    BOOST_CHECK_EQUAL(after.valid, long(plans));
    BOOST_TEST_MESSAGE("summary: kills " << kills << ", entries torn " << torn << ", bakes logged "
                                         << all.plans + last.plans << ", binary loads "
                                         << all.binaryLoads + last.binaryLoads << " (refused "
                                         << all.binaryLoadFailures + last.binaryLoadFailures << "), entries rejected "
                                         << all.rejected + last.rejected
                                         << ", wrong results 0 (every transform checked against the DFT)");
}
