// Measured planning and wisdom (issue 20; docs/tuning.md, "Measured plans and wisdom"):
// the rigor setter, a measurement that writes wisdom, a wisdom hit giving the plan the
// measurement chose with no timing, export and import, and corrupt or foreign records as misses.
// Results are checked against FFTW. The program works in a cache directory of its own
// (CLFFT_CACHE_PATH, set before the library reads it), so no other test sees its wisdom.
#define BOOST_TEST_MODULE wisdom
#include <boost/test/unit_test.hpp>

#include "explain_plan.h"
#include "test_env.h"
#include "wisdom_store.h"

#include <clFFT-ng.h>
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

using clfft_test::ClEnv;

namespace {

std::string& cacheDir()
{
    static std::string dir;
    return dir;
}

// Before ClEnv (clfftSetup) and before any bake: the disk configuration is read at the first.
struct CacheDirectory {
    CacheDirectory()
    {
        char pattern[] = "/tmp/clfft-wisdom-test-XXXXXX";
        const char* made = mkdtemp(pattern);
        if (!made)
            throw std::runtime_error("mkdtemp failed");
        cacheDir() = made;
        setenv("CLFFT_CACHE_PATH", made, 1);
        setenv("CLFFT_SYSTEM_CACHE_PATH", "off", 1);
        unsetenv("CLFFT_CACHE_DISABLE");
        unsetenv("CLFFT_NG_RIGOR");
        unsetenv("CLFFT_NG_CANDIDATE");
    }
    ~CacheDirectory() { std::system(("rm -rf '" + cacheDir() + "'").c_str()); }
};
CacheDirectory g_cacheDirectory;

std::string wisdomDir() { return cacheDir() + "/wisdom"; }

std::vector<std::string> recordFiles()
{
    std::vector<std::string> names;
    if (DIR* d = opendir(wisdomDir().c_str())) {
        while (dirent* e = readdir(d)) {
            const std::string n = e->d_name;
            if (n.size() > 7 && n.compare(n.size() - 7, 7, ".wisdom") == 0)
                names.push_back(wisdomDir() + "/" + n);
        }
        closedir(d);
    }
    return names;
}

void removeRecordFiles()
{
    for (const std::string& f : recordFiles())
        unlink(f.c_str());
}

std::string readFile(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

void writeFile(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
}

struct Plan {
    clfftPlanHandle handle = 0;
    Plan(std::size_t n, std::size_t batch, clfftResultLocation placement = CLFFT_INPLACE,
         clfftLayout in = CLFFT_COMPLEX_INTERLEAVED, clfftLayout out = CLFFT_COMPLEX_INTERLEAVED)
    {
        const std::size_t lengths[1] = {n};
        BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&handle, ClEnv::get().context, CLFFT_1D, lengths), CLFFT_SUCCESS);
        BOOST_REQUIRE_EQUAL(clfftSetPlanBatchSize(handle, batch), CLFFT_SUCCESS);
        BOOST_REQUIRE_EQUAL(clfftSetResultLocation(handle, placement), CLFFT_SUCCESS);
        BOOST_REQUIRE_EQUAL(clfftSetLayout(handle, in, out), CLFFT_SUCCESS);
        if (placement == CLFFT_OUTOFPLACE)
            BOOST_REQUIRE_EQUAL(clfftSetPlanDistance(handle, n, n), CLFFT_SUCCESS);
    }
    ~Plan() { clfftDestroyPlan(&handle); }
    clfftStatus bake(clfftNgRigor rigor)
    {
        BOOST_REQUIRE_EQUAL(clfftNgSetPlanRigor(handle, rigor), CLFFT_SUCCESS);
        return clfftBakePlan(handle, 1, &ClEnv::get().queue, nullptr, nullptr);
    }
    std::string explanation() const { return explainPlan(handle); }
};

// The printed plan without the lines about how it was chosen: from the problem line on.
std::string passesOf(const std::string& explanation)
{
    const std::size_t at = explanation.find("c2c ");
    BOOST_REQUIRE(at != std::string::npos);
    return explanation.substr(at);
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// The kernels a printed plan names (one line "    fft_..." per pass).
std::size_t kernelsOf(const std::string& explanation)
{
    std::set<std::string> names;
    std::istringstream lines(explanation);
    for (std::string line; std::getline(lines, line);) {
        const std::size_t at = line.find_first_not_of(' ');
        if (at != std::string::npos && line.compare(at, 4, "fft_") == 0)
            names.insert(line.substr(at));
    }
    return names.size();
}

clfftNgCacheStats cacheStats()
{
    clfftNgCacheStats s{};
    BOOST_REQUIRE_EQUAL(clfftNgGetCacheStats(&s), CLFFT_SUCCESS);
    return s;
}

// Runs the plan forward on random data (interleaved, or planar with two buffers per side) and
// compares with FFTW: relative L2 error below 1e-5.
void checkAgainstFftw(Plan& plan, std::size_t n, std::size_t batch, bool outOfPlace, bool planar)
{
    ClEnv& env = ClEnv::get();
    const std::size_t points = n * batch;
    std::mt19937 rng(static_cast<unsigned>(n * 131 + batch));
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<std::complex<float>> input(points);
    for (auto& v : input)
        v = {u(rng), u(rng)};
    std::vector<std::complex<float>> result(points);
    std::vector<cl_mem> ins, outs;
    if (planar) {
        std::vector<float> re(points), im(points);
        for (std::size_t i = 0; i < points; ++i) {
            re[i] = input[i].real();
            im[i] = input[i].imag();
        }
        ins = {env.buffer(points * sizeof(float), re.data()), env.buffer(points * sizeof(float), im.data())};
        if (outOfPlace)
            outs = {env.buffer(points * sizeof(float)), env.buffer(points * sizeof(float))};
    } else {
        ins = {env.buffer(points * sizeof(input[0]), input.data())};
        if (outOfPlace)
            outs = {env.buffer(points * sizeof(input[0]))};
    }
    BOOST_REQUIRE_EQUAL(clfftEnqueueTransform(plan.handle, CLFFT_FORWARD, 1, &env.queue, 0, nullptr, nullptr,
                                              ins.data(), outOfPlace ? outs.data() : nullptr, nullptr),
                        CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clFinish(env.queue), CL_SUCCESS);
    const std::vector<cl_mem>& res = outOfPlace ? outs : ins;
    if (planar) {
        std::vector<float> re(points), im(points);
        env.read(res[0], points * sizeof(float), re.data());
        env.read(res[1], points * sizeof(float), im.data());
        for (std::size_t i = 0; i < points; ++i)
            result[i] = {re[i], im[i]};
    } else {
        env.read(res[0], points * sizeof(result[0]), result.data());
    }
    for (cl_mem m : ins)
        clReleaseMemObject(m);
    for (cl_mem m : outs)
        clReleaseMemObject(m);

    std::vector<std::complex<float>> expected(input);
    const int length = static_cast<int>(n);
    fftwf_plan p = fftwf_plan_many_dft(1, &length, static_cast<int>(batch),
                                       reinterpret_cast<fftwf_complex*>(expected.data()), nullptr, 1, length,
                                       reinterpret_cast<fftwf_complex*>(expected.data()), nullptr, 1, length,
                                       FFTW_FORWARD, FFTW_ESTIMATE);
    BOOST_REQUIRE(p);
    fftwf_execute(p);
    fftwf_destroy_plan(p);
    long double err = 0, norm = 0;
    for (std::size_t i = 0; i < points; ++i) {
        err += std::norm(std::complex<long double>(result[i]) - std::complex<long double>(expected[i]));
        norm += std::norm(std::complex<long double>(expected[i]));
    }
    const double rel = static_cast<double>(std::sqrt(err / norm));
    BOOST_TEST_INFO("relative L2 error " << rel);
    BOOST_CHECK(rel < 1e-5);
}

} // namespace

BOOST_AUTO_TEST_SUITE(rigor)

BOOST_AUTO_TEST_CASE(setter_and_getter)
{
    Plan plan(256, 4);
    clfftNgRigor r = CLFFT_NG_EXHAUSTIVE;
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(plan.handle, &r), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(r, CLFFT_NG_ESTIMATE); // CLFFT_NG_RIGOR is unset
    setenv("CLFFT_NG_RIGOR", "measure", 1);
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(plan.handle, &r), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(r, CLFFT_NG_MEASURE);
    unsetenv("CLFFT_NG_RIGOR");
    BOOST_CHECK_EQUAL(clfftNgSetPlanRigor(plan.handle, CLFFT_NG_EXHAUSTIVE), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(plan.handle, &r), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(r, CLFFT_NG_EXHAUSTIVE);
    // Bad values leave the setting as it was.
    BOOST_CHECK_EQUAL(clfftNgSetPlanRigor(plan.handle, static_cast<clfftNgRigor>(3)), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanRigor(plan.handle, static_cast<clfftNgRigor>(-1)), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(plan.handle, &r), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(r, CLFFT_NG_EXHAUSTIVE);
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(plan.handle, nullptr), CLFFT_INVALID_HOST_PTR);
    const clfftPlanHandle unknown = plan.handle + 1000;
    BOOST_CHECK_EQUAL(clfftNgSetPlanRigor(unknown, CLFFT_NG_MEASURE), CLFFT_INVALID_PLAN);
    BOOST_CHECK_EQUAL(clfftNgSetPlanRigor(unknown, static_cast<clfftNgRigor>(9)), CLFFT_INVALID_PLAN);
    BOOST_CHECK_EQUAL(clfftNgGetPlanRigor(unknown, &r), CLFFT_INVALID_PLAN);
}

BOOST_AUTO_TEST_CASE(environment_sets_the_default)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    Plan plan(512, 8);
    setenv("CLFFT_NG_RIGOR", "measure", 1);
    const clfftStatus st = clfftBakePlan(plan.handle, 1, &ClEnv::get().queue, nullptr, nullptr);
    unsetenv("CLFFT_NG_RIGOR");
    BOOST_REQUIRE_EQUAL(st, CLFFT_SUCCESS);
    BOOST_CHECK(startsWith(plan.explanation(), "measured "));
    BOOST_CHECK_EQUAL(recordFiles().size(), 1u);
    checkAgainstFftw(plan, 512, 8, false, false);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(wisdom)

// A measurement writes one record; a later bake at any rigor takes the plan it chose, with no
// timing, and computes the right result.
BOOST_AUTO_TEST_CASE(measurement_then_hit_gives_the_same_plan)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    const std::size_t n = 4096, batch = 16;
    std::string measured;
    {
        const clfftNgCacheStats before = cacheStats();
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
        const std::string text = plan.explanation();
        BOOST_TEST_MESSAGE(text);
        BOOST_REQUIRE(startsWith(text, "measured "));
        BOOST_CHECK(text.find("\n  * ") != std::string::npos); // the chosen candidate is marked
        BOOST_CHECK(text.find(" ms") != std::string::npos);
        measured = passesOf(text);
        // Only the chosen plan's programs are saved on disk (this test's cache starts empty).
        const clfftNgCacheStats after = cacheStats();
        BOOST_CHECK_EQUAL(after.diskWrites - before.diskWrites, kernelsOf(measured));
        BOOST_CHECK_GT(after.sourceBuilds - before.sourceBuilds, after.diskWrites - before.diskWrites);
        checkAgainstFftw(plan, n, batch, false, false);
    }
    BOOST_REQUIRE_EQUAL(recordFiles().size(), 1u);
    {
        // A later process: the wisdom's plan comes from disk, nothing compiled from source.
        BOOST_REQUIRE_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
        clfftSetupData setup;
        clfftInitSetupData(&setup);
        BOOST_REQUIRE_EQUAL(clfftSetup(&setup), CLFFT_SUCCESS);
        const clfftNgCacheStats before = cacheStats();
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
        BOOST_CHECK(startsWith(plan.explanation(), "wisdom: "));
        const clfftNgCacheStats after = cacheStats();
        BOOST_CHECK_EQUAL(after.sourceBuilds, before.sourceBuilds);
        BOOST_CHECK_EQUAL(after.binaryLoads - before.binaryLoads, kernelsOf(measured));
        checkAgainstFftw(plan, n, batch, false, false);
    }
    for (clfftNgRigor rigor : {CLFFT_NG_ESTIMATE, CLFFT_NG_MEASURE, CLFFT_NG_EXHAUSTIVE}) {
        clfftNgForgetWisdom(); // from the disk record, not memory
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(rigor), CLFFT_SUCCESS);
        const std::string text = plan.explanation();
        BOOST_TEST_INFO("rigor " << rigor << ": " << text);
        BOOST_CHECK(startsWith(text, "wisdom: "));
        BOOST_CHECK_EQUAL(passesOf(text), measured);
        checkAgainstFftw(plan, n, batch, false, false);
    }
    // From memory: the same.
    Plan plan(n, batch);
    removeRecordFiles();
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_ESTIMATE), CLFFT_SUCCESS);
    BOOST_CHECK(startsWith(plan.explanation(), "wisdom: "));
    BOOST_CHECK_EQUAL(passesOf(plan.explanation()), measured);
}

// A problem whose only candidate is the profile's plan (one 4-point transform: no variant plans
// it otherwise) is baked untimed, and its record says so; a hit takes the same plan.
BOOST_AUTO_TEST_CASE(a_lone_candidate_is_not_timed)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    std::string measured;
    {
        Plan plan(4, 1);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
        const std::string text = plan.explanation();
        BOOST_TEST_MESSAGE(text);
        BOOST_CHECK(startsWith(text, "measured 1 of 1 candidates (measure): the profile's plan, not timed\n"));
        measured = passesOf(text);
        checkAgainstFftw(plan, 4, 1, false, false);
    }
    const std::vector<std::string> files = recordFiles();
    BOOST_REQUIRE_EQUAL(files.size(), 1u);
    const std::vector<clfft_ng::WisdomRecord> records = clfft_ng::decodeWisdom(readFile(files[0]));
    BOOST_REQUIRE_EQUAL(records.size(), 1u);
    BOOST_CHECK_EQUAL(records[0].variant, "profile");
    BOOST_CHECK_EQUAL(records[0].measured, 1u);
    BOOST_CHECK_EQUAL(records[0].candidates, 1u);
    BOOST_CHECK_EQUAL(records[0].milliseconds, 0.0);
    clfftNgForgetWisdom(); // from the disk record
    Plan plan(4, 1);
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_EXHAUSTIVE), CLFFT_SUCCESS);
    BOOST_CHECK(startsWith(plan.explanation(), "wisdom: profile, the only candidate (not timed)\n"));
    BOOST_CHECK_EQUAL(passesOf(plan.explanation()), measured);
    checkAgainstFftw(plan, 4, 1, false, false);
}

BOOST_AUTO_TEST_CASE(planar_out_of_place_and_exhaustive)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    Plan plan(1000, 24, CLFFT_OUTOFPLACE, CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_PLANAR);
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_EXHAUSTIVE), CLFFT_SUCCESS);
    const std::string text = plan.explanation();
    BOOST_TEST_MESSAGE(text);
    BOOST_REQUIRE(startsWith(text, "measured "));
    // Exhaustive times every candidate: "measured K of K".
    unsigned k = 0, of = 0;
    BOOST_REQUIRE_EQUAL(std::sscanf(text.c_str(), "measured %u of %u", &k, &of), 2);
    BOOST_CHECK_EQUAL(k, of);
    checkAgainstFftw(plan, 1000, 24, true, true);
}

BOOST_AUTO_TEST_CASE(export_and_import)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    const std::size_t n = 2048, batch = 8;
    std::string measured, profile;
    {
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
        measured = passesOf(plan.explanation());
    }
    const std::string file = cacheDir() + "/exported.txt";
    std::size_t records = 0;
    BOOST_REQUIRE_EQUAL(clfftNgExportWisdom(file.c_str(), &records), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(records, 1u);
    BOOST_CHECK_EQUAL(clfft_ng::decodeWisdom(readFile(file)).size(), 1u);

    clfftNgForgetWisdom();
    removeRecordFiles();
    {
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_ESTIMATE), CLFFT_SUCCESS);
        BOOST_CHECK(!startsWith(plan.explanation(), "wisdom: ")); // forgotten: the profile's plan
    }
    records = 0;
    BOOST_REQUIRE_EQUAL(clfftNgImportWisdom(file.c_str(), &records), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(records, 1u);
    Plan plan(n, batch);
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_ESTIMATE), CLFFT_SUCCESS);
    BOOST_CHECK(startsWith(plan.explanation(), "wisdom: "));
    BOOST_CHECK_EQUAL(passesOf(plan.explanation()), measured);
    checkAgainstFftw(plan, n, batch, false, false);

    BOOST_CHECK_EQUAL(clfftNgImportWisdom(nullptr, nullptr), CLFFT_INVALID_HOST_PTR);
    BOOST_CHECK_EQUAL(clfftNgExportWisdom(nullptr, nullptr), CLFFT_INVALID_HOST_PTR);
    BOOST_CHECK_EQUAL(clfftNgImportWisdom((cacheDir() + "/no-such-file").c_str(), nullptr), CLFFT_FILE_NOT_FOUND);
    BOOST_CHECK_EQUAL(clfftNgExportWisdom((cacheDir() + "/no-such-dir/w.txt").c_str(), nullptr),
                      CLFFT_FILE_CREATE_FAILURE);
    // A file of no valid record imports nothing, and is not an error.
    const std::string junk = cacheDir() + "/junk.txt";
    writeFile(junk, "clfft-ng wisdom 1\nkey 12\nsum 00\nnot wisdom at all\n");
    records = 7;
    BOOST_CHECK_EQUAL(clfftNgImportWisdom(junk.c_str(), &records), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(records, 0u);
}

// A corrupt, truncated, foreign or unknown-candidate record is a miss: the bake succeeds with the
// profile's plan (estimate) or measures again (measure), never fails.
BOOST_AUTO_TEST_CASE(bad_records_are_misses)
{
    clfftNgForgetWisdom();
    removeRecordFiles();
    const std::size_t n = 1024, batch = 32;
    {
        Plan plan(n, batch);
        BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
    }
    const std::vector<std::string> files = recordFiles();
    BOOST_REQUIRE_EQUAL(files.size(), 1u);
    const std::string path = files[0];
    const std::string good = readFile(path);
    std::vector<clfft_ng::WisdomRecord> decoded = clfft_ng::decodeWisdom(good);
    BOOST_REQUIRE_EQUAL(decoded.size(), 1u);

    // Another record (valid, of another problem) under this key's file name.
    clfft_ng::WisdomRecord foreign = decoded[0];
    foreign.key = std::string(64, 'a');
    // A valid record of this key naming a candidate no planner offers.
    clfft_ng::WisdomRecord unknown = decoded[0];
    unknown.variant = "a variant this library does not have";
    clfft_ng::WisdomRecord otherPlan = decoded[0];
    otherPlan.planHash = std::string(64, '0');
    std::string flipped = good;
    flipped[flipped.find("variant ") + 8] ^= 0x20; // one bit of the variant: the checksum fails

    const std::vector<std::pair<const char*, std::string>> cases = {
        {"empty", ""},
        {"truncated", good.substr(0, good.size() / 2)},
        {"one bit flipped", flipped},
        {"binary junk", std::string("\x7f" "ELF\x01\x02\x00\x00garbage", 16)},
        {"foreign key", clfft_ng::encodeWisdom(foreign)},
        {"unknown variant", clfft_ng::encodeWisdom(unknown)},
        {"another plan's hash", clfft_ng::encodeWisdom(otherPlan)},
    };
    for (const auto& [what, text] : cases) {
        BOOST_TEST_CONTEXT(what)
        {
            clfftNgForgetWisdom();
            writeFile(path, text);
            Plan plan(n, batch);
            BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_ESTIMATE), CLFFT_SUCCESS);
            BOOST_CHECK(!startsWith(plan.explanation(), "wisdom: "));
            checkAgainstFftw(plan, n, batch, false, false);
        }
    }
    // Measure after a miss: measured again, and the record is good again.
    clfftNgForgetWisdom();
    writeFile(path, "garbage");
    Plan plan(n, batch);
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
    BOOST_CHECK(startsWith(plan.explanation(), "measured "));
    BOOST_CHECK_EQUAL(clfft_ng::decodeWisdom(readFile(path)).size(), 1u);
}

// Callbacks' userdata is the client's: such plans are not timed (the profile's plan), and work.
BOOST_AUTO_TEST_CASE(plans_with_callbacks_are_not_measured)
{
    Plan plan(256, 4);
    const char* source = "float2 loadIdentity(__global void* in, uint offset, __global void* userdata)\n"
                         "{ return ((__global float2*)in)[offset]; }\n";
    BOOST_REQUIRE_EQUAL(clfftSetPlanCallback(plan.handle, "loadIdentity", source, 0, PRECALLBACK, nullptr, 0),
                        CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(plan.bake(CLFFT_NG_MEASURE), CLFFT_SUCCESS);
    const std::string text = plan.explanation();
    BOOST_CHECK(!startsWith(text, "measured "));
    BOOST_CHECK(!startsWith(text, "wisdom: "));
    checkAgainstFftw(plan, 256, 4, false, false);
}

BOOST_AUTO_TEST_SUITE_END()

// The record format on its own (no device): round trip, checksums, several records in one text.
BOOST_AUTO_TEST_SUITE(record_format)

BOOST_AUTO_TEST_CASE(round_trip_and_rejections)
{
    clfft_ng::WisdomRecord r;
    r.key = std::string(64, 'b');
    r.variant = "groups of 128";
    r.planHash = std::string(64, 'c');
    r.milliseconds = 1.25;
    r.measured = 4;
    r.candidates = 9;
    r.problem = "c2c single\nwith a newline";
    r.device = "some device";
    const std::string text = clfft_ng::encodeWisdom(r);
    std::size_t rejected = 99;
    auto back = clfft_ng::decodeWisdom(text, &rejected);
    BOOST_REQUIRE_EQUAL(back.size(), 1u);
    BOOST_CHECK_EQUAL(rejected, 0u);
    BOOST_CHECK_EQUAL(back[0].key, r.key);
    BOOST_CHECK_EQUAL(back[0].variant, r.variant);
    BOOST_CHECK_EQUAL(back[0].planHash, r.planHash);
    BOOST_CHECK_CLOSE(back[0].milliseconds, 1.25, 1e-9);
    BOOST_CHECK_EQUAL(back[0].measured, 4u);
    BOOST_CHECK_EQUAL(back[0].candidates, 9u);
    BOOST_CHECK_EQUAL(back[0].problem, "c2c single with a newline"); // one line per field

    clfft_ng::WisdomRecord s = r;
    s.key = std::string(64, 'd');
    const std::string two = text + "noise between records\n" + clfft_ng::encodeWisdom(s);
    back = clfft_ng::decodeWisdom(two, &rejected);
    BOOST_REQUIRE_EQUAL(back.size(), 2u);
    BOOST_CHECK_EQUAL(back[1].key, s.key);

    // Cut short, then followed by a good one: one taken, one rejected.
    back = clfft_ng::decodeWisdom(text.substr(0, text.size() - 20) + "\n" + clfft_ng::encodeWisdom(s), &rejected);
    BOOST_REQUIRE_EQUAL(back.size(), 1u);
    BOOST_CHECK_EQUAL(back[0].key, s.key);
    BOOST_CHECK_EQUAL(rejected, 1u);

    // A key that is not 64 hex digits, even with a matching checksum.
    clfft_ng::WisdomRecord badKey = r;
    badKey.key = "not hex";
    BOOST_CHECK(clfft_ng::decodeWisdom(clfft_ng::encodeWisdom(badKey), &rejected).empty());
    BOOST_CHECK_EQUAL(rejected, 1u);
    // A line this version does not write.
    std::string extra = text;
    extra.insert(extra.find("sum "), "colour blue\n");
    BOOST_CHECK(clfft_ng::decodeWisdom(extra).empty());
}

BOOST_AUTO_TEST_SUITE_END()

// The records on disk are trusted as the kernel cache's binaries are (cache/trusted_files.h): a
// record a store wrote is found by a fresh store; the same record planted through a link, in a
// file or folder another user owns or others may write, is a miss.
BOOST_AUTO_TEST_SUITE(trusted_files)

BOOST_AUTO_TEST_CASE(planted_records_are_ignored)
{
    char pattern[] = "/tmp/clfft-wisdom-trust-XXXXXX";
    const char* made = mkdtemp(pattern);
    BOOST_REQUIRE(made);
    const std::string root = made;
    clfft_ng::DiskCacheConfig config;
    config.enabled = true;
    config.userDir = root + "/user";
    clfft_ng::WisdomRecord r;
    r.key = std::string(64, 'e');
    r.variant = "groups of 64";
    r.planHash = std::string(64, 'f');
    clfft_ng::WisdomStore().remember(r, config);
    const std::string folder = root + "/user/wisdom", file = folder + "/" + r.key + clfft_ng::wisdomSuffix;
    auto found = [&] { return clfft_ng::WisdomStore().lookup(r.key, config).has_value(); };
    BOOST_REQUIRE_MESSAGE(found(), "the record written to " << file << " is not found");
    struct stat st {};
    BOOST_REQUIRE_EQUAL(::stat(folder.c_str(), &st), 0);
    BOOST_CHECK_MESSAGE((st.st_mode & 077) == 0, "the wisdom folder is not private: mode " << std::oct << st.st_mode);
    BOOST_REQUIRE_EQUAL(::stat(file.c_str(), &st), 0);
    BOOST_CHECK_MESSAGE((st.st_mode & 077) == 0, "the record is not private: mode " << std::oct << st.st_mode);

    // The file as a link to a valid record elsewhere.
    const std::string elsewhere = root + "/elsewhere" + clfft_ng::wisdomSuffix;
    BOOST_REQUIRE_EQUAL(::rename(file.c_str(), elsewhere.c_str()), 0);
    BOOST_REQUIRE_EQUAL(::symlink(elsewhere.c_str(), file.c_str()), 0);
    BOOST_CHECK_MESSAGE(!found(), "a record reached through a link was taken");
    BOOST_REQUIRE_EQUAL(::unlink(file.c_str()), 0);
    BOOST_REQUIRE_EQUAL(::rename(elsewhere.c_str(), file.c_str()), 0);
    BOOST_REQUIRE(found());

    // A file or folder others may write.
    BOOST_REQUIRE_EQUAL(::chmod(file.c_str(), 0666), 0);
    BOOST_CHECK_MESSAGE(!found(), "a record others may write was taken");
    BOOST_REQUIRE_EQUAL(::chmod(file.c_str(), 0600), 0);
    BOOST_REQUIRE_EQUAL(::chmod(folder.c_str(), 0777), 0);
    BOOST_CHECK_MESSAGE(!found(), "a record in a folder others may write was taken");
    BOOST_REQUIRE_EQUAL(::chmod(folder.c_str(), 0700), 0);
    BOOST_REQUIRE(found());

    // The wisdom folder as a link to a folder that holds the record.
    const std::string otherFolder = root + "/other-wisdom";
    BOOST_REQUIRE_EQUAL(::rename(folder.c_str(), otherFolder.c_str()), 0);
    BOOST_REQUIRE_EQUAL(::symlink(otherFolder.c_str(), folder.c_str()), 0);
    BOOST_CHECK_MESSAGE(!found(), "a record in a wisdom folder reached through a link was taken");
    BOOST_REQUIRE_EQUAL(::unlink(folder.c_str()), 0);
    BOOST_REQUIRE_EQUAL(::rename(otherFolder.c_str(), folder.c_str()), 0);
    BOOST_REQUIRE(found());

    // A file or folder of another owner: only root can give one away.
    if (::geteuid() == 0) {
        BOOST_REQUIRE_EQUAL(::chown(file.c_str(), 65534, 65534), 0);
        BOOST_CHECK_MESSAGE(!found(), "a record another user owns was taken");
        BOOST_REQUIRE_EQUAL(::chown(file.c_str(), 0, 0), 0);
        BOOST_REQUIRE_EQUAL(::chown(folder.c_str(), 65534, 65534), 0);
        BOOST_CHECK_MESSAGE(!found(), "a record in a folder another user owns was taken");
        BOOST_REQUIRE_EQUAL(::chown(folder.c_str(), 0, 0), 0);
        BOOST_REQUIRE(found());
    } else {
        clfft_test::notRunOnThisDevice("wisdom owned by another user",
                                       "not root: this process cannot give a file to another owner");
    }
    std::system(("rm -rf '" + root + "'").c_str());
}

BOOST_AUTO_TEST_SUITE_END()
