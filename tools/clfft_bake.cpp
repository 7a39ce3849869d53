// clfft-bake: bakes a list of plans into a kernel binary cache directory, and lists, verifies
// or clears such a directory. See docs/cache.md for usage and the plan-list format.
#include "disk_cache.h"
#include "program_cache.h"
#include "wisdom_store.h"

#include <clFFT-ng.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

const char* usage =
    "usage: clfft-bake [--platform N] [--device N] --cache DIR [--measure | --exhaustive] [--wisdom FILE]\n"
    "                  [--generic] [--plan 'SPEC']... [--plans FILE]...\n"
    "       clfft-bake --list-devices\n"
    "       clfft-bake --cache DIR (--list | --verify [--build] | --clear | --import-wisdom FILE)\n"
    "--generic: the generic tier's programs (docs/cache.md \"Tiers\"), single and, where the device has\n"
    "      fp64, double: with them cached, a plan of any size runs on the generic tier without a compile\n"
    "--measure, --exhaustive: choose each plan by timing its candidates on the device (rigor\n"
    "      MEASURE or EXHAUSTIVE) and keep the choice as wisdom in DIR/wisdom; --wisdom FILE also\n"
    "      writes that wisdom to FILE. --import-wisdom FILE: the valid records of FILE into DIR/wisdom\n"
    "SPEC: c2c|r2c|c2r|r2r 1d|2d|3d LENGTHS [single|double|half|bfloat16] [LAYOUTS] [kinds=K[,K...]] [inplace|outofplace]\n"
    "      [batch=N]\n"
    "      LENGTHS: 4096 or 64x64 (or one number per dimension); layouts: interleaved, planar\n"
    "      (c2c: two, in and out; r2c/c2r: one, of the hermitian side; default interleaved)\n"
    "      r2r: kinds= one per dimension, FFTW's names (r2hc, hc2r, dht, redft00..rodft11; docs/r2r.md)\n"
    "      e.g. 'c2c 1d 4096 single interleaved interleaved outofplace batch=16', 'r2c 2d 1024x1024',\n"
    "      'r2r 2d 512x512 kinds=redft10,redft10 batch=16'\n";

struct PlanSpec {
    std::string text;
    clfftDim dim = CLFFT_1D;
    std::vector<std::size_t> lengths;
    clfftPrecision precision = CLFFT_SINGLE;
    std::vector<clfftLayout> layouts;
    clfftResultLocation placement = CLFFT_INPLACE;
    std::size_t batch = 1;
    std::vector<clfftNgR2RKind> kinds; // r2r plans
};

// FFTW's r2r kind names, in clfftNgR2RKind's order.
bool parseKinds(const std::string& list, std::vector<clfftNgR2RKind>* kinds)
{
    static const char* const names[] = {"r2hc",    "hc2r",    "dht",     "redft00", "redft01", "redft10",
                                        "redft11", "rodft00", "rodft01", "rodft10", "rodft11"};
    std::istringstream in(list);
    for (std::string name; std::getline(in, name, ',');) {
        int k = 0;
        while (k < 11 && name != names[k])
            ++k;
        if (k == 11)
            return false;
        kinds->push_back(static_cast<clfftNgR2RKind>(k));
    }
    return !kinds->empty();
}

bool parseLayout(const std::string& w, clfftLayout* l)
{
    if (w == "interleaved") *l = CLFFT_COMPLEX_INTERLEAVED;
    else if (w == "planar") *l = CLFFT_COMPLEX_PLANAR;
    else return false;
    return true;
}

// False with a message in *error when the line is not a plan.
bool parsePlan(const std::string& line, PlanSpec* p, std::string* error)
{
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;)
        words.push_back(w);
    p->text = line;
    if (words.size() < 3) { *error = "too few words"; return false; }
    const std::string kind = words[0];
    if (kind != "c2c" && kind != "r2c" && kind != "c2r" && kind != "r2r") { *error = "transform '" + kind + "' is not c2c, r2c, c2r or r2r"; return false; }
    const int rank = words[1] == "1d" ? 1 : words[1] == "2d" ? 2 : words[1] == "3d" ? 3 : 0;
    if (!rank) { *error = "dimension must be 1d, 2d or 3d"; return false; }
    p->dim = static_cast<clfftDim>(rank);
    std::size_t i = 2;
    for (; i < words.size() && p->lengths.size() < std::size_t(rank); ++i) {
        std::string w = words[i];
        if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) break;
        for (char& c : w) if (c == 'x') c = ' ';
        std::istringstream ls(w);
        for (std::size_t n; ls >> n;) p->lengths.push_back(n);
    }
    if (p->lengths.size() != std::size_t(rank)) { *error = "expected " + std::to_string(rank) + " lengths"; return false; }
    for (; i < words.size(); ++i) {
        const std::string& w = words[i];
        clfftLayout layout;
        if (w == "single") p->precision = CLFFT_SINGLE;
        else if (w == "double") p->precision = CLFFT_DOUBLE;
        else if (w == "half") p->precision = static_cast<clfftPrecision>(16);     // CLFFT_NG_HALF
        else if (w == "bfloat16") p->precision = static_cast<clfftPrecision>(17); // CLFFT_NG_BFLOAT16
        else if (w == "inplace") p->placement = CLFFT_INPLACE;
        else if (w == "outofplace") p->placement = CLFFT_OUTOFPLACE;
        else if (w.rfind("batch=", 0) == 0) p->batch = std::strtoull(w.c_str() + 6, nullptr, 10);
        else if (w.rfind("kinds=", 0) == 0 && kind == "r2r") {
            if (!parseKinds(w.substr(6), &p->kinds)) { *error = "unknown kind in '" + w + "'"; return false; }
        }
        else if (parseLayout(w, &layout)) p->layouts.push_back(layout);
        else { *error = "unknown word '" + w + "'"; return false; }
    }
    if (p->batch == 0) { *error = "batch must be >= 1"; return false; }
    if (kind == "c2c") {
        if (p->layouts.size() == 1 || p->layouts.size() > 2) { *error = "give two layouts (in, out) for c2c"; return false; }
        return true;
    }
    if (kind == "r2r") { // the kinds set the layouts (real in and out)
        if (!p->layouts.empty()) { *error = "r2r plans take no layout"; return false; }
        if (p->kinds.size() != std::size_t(rank)) { *error = "give kinds= with one kind per dimension"; return false; }
        return true;
    }
    // Real transforms: at most one layout, that of the hermitian side.
    if (p->layouts.size() > 1) { *error = "give one layout (the hermitian side) for " + kind; return false; }
    const clfftLayout herm = (!p->layouts.empty() && p->layouts[0] == CLFFT_COMPLEX_PLANAR) ? CLFFT_HERMITIAN_PLANAR
                                                                                          : CLFFT_HERMITIAN_INTERLEAVED;
    p->layouts = kind == "r2c" ? std::vector<clfftLayout>{CLFFT_REAL, herm} : std::vector<clfftLayout>{herm, CLFFT_REAL};
    return true;
}

std::string humanBytes(double b)
{
    const char* units[] = {"B", "KiB", "MiB", "GiB"};
    int u = 0;
    for (; b >= 1024 && u < 3; ++u) b /= 1024;
    char t[32];
    std::snprintf(t, sizeof t, u ? "%.1f %s" : "%.0f %s", b, units[u]);
    return t;
}

std::string deviceString(cl_device_id d, cl_device_info what)
{
    char text[512] = {0};
    clGetDeviceInfo(d, what, sizeof text - 1, text, nullptr);
    return text;
}

std::vector<cl_platform_id> platforms()
{
    cl_uint n = 0;
    clGetPlatformIDs(0, nullptr, &n);
    std::vector<cl_platform_id> p(n);
    if (n) clGetPlatformIDs(n, p.data(), nullptr);
    return p;
}

std::vector<cl_device_id> devicesOf(cl_platform_id p)
{
    cl_uint n = 0;
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n);
    std::vector<cl_device_id> d(n);
    if (n) clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, d.data(), nullptr);
    return d;
}

void progress(std::size_t done, std::size_t total, const std::string& what)
{
    const int width = 30;
    const int filled = total ? int(width * done / total) : width;
    if (isatty(STDERR_FILENO))
        std::fprintf(stderr, "\r[%s%s] %zu/%zu %-50.50s", std::string(filled, '#').c_str(),
                     std::string(width - filled, '.').c_str(), done, total, what.c_str());
    else if (done < total)
        std::fprintf(stderr, "[%zu/%zu] %s\n", done + 1, total, what.c_str());
    if (done == total && isatty(STDERR_FILENO))
        std::fprintf(stderr, "\n");
}

int listOrVerify(const std::string& dir, bool verify, bool build, cl_context context, cl_device_id device)
{
    const auto entries = clfft_ng::listEntries(dir, verify && build);
    const std::time_t now = std::time(nullptr);
    int bad = 0;
    std::uint64_t total = 0;
    for (const auto& e : entries) {
        total += e.fileSize;
        std::string status = clfft_ng::describe(e.check);
        if (e.check != clfft_ng::EntryCheck::Ok)
            ++bad;
        else if (verify && build && context) {
            cl_int err = CL_SUCCESS;
            clfft_ng::ProgramRef p = clfft_ng::programFromBinary(context, device, e.entry.binary, "", &err);
            status = p ? "ok, builds" : "ok, does not build here (" + std::to_string(err) + ")";
        }
        std::printf("%.16s  %10s  %6.1f h  %-12s  %s\n", e.fileName.c_str(), humanBytes(double(e.fileSize)).c_str(),
                    double(now - e.mtime) / 3600.0, status.c_str(), e.entry.info.c_str());
    }
    std::printf("%zu entries, %s, %d bad\n", entries.size(), humanBytes(double(total)).c_str(), bad);
    const auto wisdom = clfft_ng::listWisdom(dir);
    for (const auto& r : wisdom)
        std::printf("wisdom %.16s  %-40.40s  %9.4f ms  %s\n", r.key.c_str(), r.variant.c_str(), r.milliseconds,
                    r.problem.c_str());
    std::printf("%zu wisdom records\n", wisdom.size());
    return verify && bad ? 1 : 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::size_t platformIndex = 0, deviceIndex = 0;
    std::string cacheDir;
    std::vector<std::string> planLines;
    bool listDevices = false, list = false, verify = false, build = false, clear = false, generic = false;
    int rigor = -1; // clfftNgRigor of every plan; -1: the library's default
    std::string wisdomOut, wisdomIn;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) { std::fprintf(stderr, "%s needs a value\n%s", a.c_str(), usage); std::exit(2); }
            return argv[++i];
        };
        if (a == "--platform") platformIndex = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--device") deviceIndex = std::strtoull(value().c_str(), nullptr, 10);
        else if (a == "--cache") cacheDir = value();
        else if (a == "--plan") planLines.push_back(value());
        else if (a == "--plans") {
            const std::string file = value();
            std::ifstream f(file);
            if (!f) { std::fprintf(stderr, "cannot read %s\n", file.c_str()); return 2; }
            for (std::string line; std::getline(f, line);) {
                const auto hash = line.find('#');
                if (hash != std::string::npos) line.erase(hash);
                if (line.find_first_not_of(" \t\r") != std::string::npos) planLines.push_back(line);
            }
        }
        else if (a == "--list-devices") listDevices = true;
        else if (a == "--generic") generic = true;
        else if (a == "--list") list = true;
        else if (a == "--verify") verify = true;
        else if (a == "--build") build = true;
        else if (a == "--clear") clear = true;
        else if (a == "--measure") rigor = CLFFT_NG_MEASURE;
        else if (a == "--exhaustive") rigor = CLFFT_NG_EXHAUSTIVE;
        else if (a == "--wisdom") wisdomOut = value();
        else if (a == "--import-wisdom") wisdomIn = value();
        else if (a == "--help" || a == "-h") { std::printf("%s", usage); return 0; }
        else { std::fprintf(stderr, "unknown argument %s\n%s", a.c_str(), usage); return 2; }
    }
    if (listDevices) {
        const auto ps = platforms();
        for (std::size_t p = 0; p < ps.size(); ++p) {
            char name[256] = {0};
            clGetPlatformInfo(ps[p], CL_PLATFORM_NAME, sizeof name - 1, name, nullptr);
            std::printf("platform %zu: %s\n", p, name);
            const auto ds = devicesOf(ps[p]);
            for (std::size_t d = 0; d < ds.size(); ++d)
                std::printf("  device %zu: %s (driver %s)\n", d, deviceString(ds[d], CL_DEVICE_NAME).c_str(),
                            deviceString(ds[d], CL_DRIVER_VERSION).c_str());
        }
        return 0;
    }
    if (cacheDir.empty()) { std::fprintf(stderr, "--cache DIR is required\n%s", usage); return 2; }
    if (clear) {
        const long n = clfft_ng::clearEntries(cacheDir);
        const long w = clfft_ng::clearWisdom(cacheDir);
        if (n < 0)
            std::printf("cannot read %s\n", cacheDir.c_str());
        else
            std::printf("removed %ld files and %ld wisdom records from %s\n", n, w < 0 ? 0 : w, cacheDir.c_str());
        return n < 0 ? 1 : 0;
    }
    if (!wisdomIn.empty()) {
        std::ifstream f(wisdomIn, std::ios::binary);
        if (!f) { std::fprintf(stderr, "cannot read %s\n", wisdomIn.c_str()); return 2; }
        std::ostringstream text;
        text << f.rdbuf();
        std::size_t rejected = 0;
        const auto records = clfft_ng::decodeWisdom(text.str(), &rejected);
        clfft_ng::DiskCacheConfig config;
        config.enabled = true;
        config.userDir = cacheDir;
        config.sharedFiles = true; // a system cache is read by every user
        clfft_ng::WisdomStore store;
        for (const auto& r : records)
            store.remember(r, config);
        const std::size_t written = clfft_ng::listWisdom(cacheDir).size();
        std::printf("imported %zu wisdom records (%zu rejected) into %s (%zu there now)\n", records.size(), rejected,
                    clfft_ng::wisdomDirectory(cacheDir).c_str(), written);
        return records.empty() && rejected ? 1 : 0;
    }

    const auto ps = platforms();
    if (platformIndex >= ps.size()) { std::fprintf(stderr, "no platform %zu (see --list-devices)\n", platformIndex); return 2; }
    const auto ds = devicesOf(ps[platformIndex]);
    if (deviceIndex >= ds.size()) { std::fprintf(stderr, "no device %zu (see --list-devices)\n", deviceIndex); return 2; }
    cl_device_id device = ds[deviceIndex];
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (err != CL_SUCCESS) { std::fprintf(stderr, "clCreateContext failed (%d)\n", err); return 1; }
    if (list || verify) {
        const int rc = listOrVerify(cacheDir, verify, build, context, device);
        clReleaseContext(context);
        return rc;
    }
    // The generic programs come with any plan baked on the generic tier; one per precision.
    const std::size_t genericFrom = planLines.size();
    if (generic) {
        planLines.push_back("c2c 1d 16 single");
        cl_device_fp_config fp64 = 0;
        if (clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, nullptr) == CL_SUCCESS && fp64)
            planLines.push_back("c2c 1d 16 double");
    }
    if (planLines.empty()) { std::fprintf(stderr, "no plans given\n%s", usage); clReleaseContext(context); return 2; }

    // Everything goes to DIR: no system cache (it would answer instead of baking), no size limit.
    setenv("CLFFT_CACHE_PATH", cacheDir.c_str(), 1);
    setenv("CLFFT_SYSTEM_CACHE_PATH", "off", 1);
    setenv("CLFFT_CACHE_SHARED", "1", 1); // a system cache is read by every user: 0755 / 0644
    setenv("CLFFT_CACHE_MAX_BYTES", "1048576G", 1);
    unsetenv("CLFFT_CACHE_DISABLE");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    if (err != CL_SUCCESS || clfftSetup(&setup) != CLFFT_SUCCESS) { std::fprintf(stderr, "setup failed\n"); return 1; }
    std::printf("baking %zu plans for %s into %s\n", planLines.size(), deviceString(device, CL_DEVICE_NAME).c_str(),
                cacheDir.c_str());
    std::size_t built = 0, reused = 0, failed = 0;
    for (std::size_t k = 0; k < planLines.size(); ++k) {
        progress(k, planLines.size(), planLines[k]);
        PlanSpec spec;
        std::string why;
        clfftStatus status = CLFFT_INVALID_VALUE;
        clfftNgCacheStats before{}, after{};
        clfftNgGetCacheStats(&before);
        if (parsePlan(planLines[k], &spec, &why)) {
            clfftPlanHandle plan = 0;
            status = clfftCreateDefaultPlan(&plan, context, spec.dim, spec.lengths.data());
            if (status == CLFFT_SUCCESS) {
                clfftSetPlanPrecision(plan, spec.precision);
                if (!spec.kinds.empty()) clfftNgSetPlanR2R(plan, spec.kinds.size(), spec.kinds.data());
                if (spec.layouts.size() == 2) clfftSetLayout(plan, spec.layouts[0], spec.layouts[1]);
                clfftSetResultLocation(plan, spec.placement);
                clfftSetPlanBatchSize(plan, spec.batch);
                if (rigor >= 0)
                    clfftNgSetPlanRigor(plan, static_cast<clfftNgRigor>(rigor));
                if (k >= genericFrom)
                    clfftNgSetPlanTiering(plan, CLFFT_NG_TIER_GENERIC_ONLY);
                status = clfftBakePlan(plan, 1, &queue, nullptr, nullptr);
                clfftDestroyPlan(&plan);
            }
            why = "status " + std::to_string(status);
        }
        clfftNgGetCacheStats(&after);
        if (status != CLFFT_SUCCESS) {
            ++failed;
            std::fprintf(stderr, "%sfailed: %s (%s)\n", isatty(STDERR_FILENO) ? "\n" : "", planLines[k].c_str(), why.c_str());
        } else if (after.sourceBuilds > before.sourceBuilds) {
            ++built;
        } else {
            ++reused;
        }
    }
    progress(planLines.size(), planLines.size(), "done");
    clfftNgCacheStats s{};
    clfftNgGetCacheStats(&s);
    std::printf("plans: %zu built, %zu reused, %zu failed; kernels: %llu compiled, %llu loaded from cache, "
                "%llu written (%s)\n",
                built, reused, failed, (unsigned long long)s.sourceBuilds, (unsigned long long)s.binaryLoads,
                (unsigned long long)s.diskWrites, humanBytes(double(s.bytesWritten)).c_str());
    if (rigor >= 0)
        std::printf("wisdom: %zu records in %s\n", clfft_ng::listWisdom(cacheDir).size(),
                    clfft_ng::wisdomDirectory(cacheDir).c_str());
    if (!wisdomOut.empty()) {
        std::size_t records = 0;
        if (clfftNgExportWisdom(wisdomOut.c_str(), &records) != CLFFT_SUCCESS) {
            std::fprintf(stderr, "cannot write %s\n", wisdomOut.c_str());
            failed = failed ? failed : 1;
        } else {
            std::printf("wisdom: %zu records written to %s\n", records, wisdomOut.c_str());
        }
    }
    clfftTeardown();
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return failed ? 1 : 0;
}
