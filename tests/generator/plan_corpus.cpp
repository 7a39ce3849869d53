// The plan corpus: a few hundred problems (every kernel family, both precisions, placements,
// layouts, callbacks, 1D to 3D) planned on five device shapes, each plan reduced to one line
// with a hash of everything that decides what runs: the passes' buffers, strides and counts,
// and each kernel's source (comments excluded) and constant table. Host only, no device.
//
//   plan_corpus --check FILE   compares with the recorded lines (exit 1 on a difference)
//   plan_corpus --write FILE   records them (after an intended change, named in the commit)
//   plan_corpus --check-explained FILE, --write-explained FILE: the same for the printed form
//                              of a dozen plans (one of each family and strategy)
//   plan_corpus --dump DIR     writes every plan and kernel source, to diff two trees
//   plan_corpus --explain      prints every plan as the library explains it
// PLAN_CORPUS_TIMES=1 prints the seconds each plan takes (the test must stay fast).
//
// Refactoring the planner or the generator keeps every line; a change that alters kernels
// shows which plans it touches.
#include "cl_object.h"
#include "planner_fixtures.h"
#include "generate.h"
#include "lanes.h"
#include "plan_text.h"
#include "planner.h"
#include "problem.h"
#include "sha256.h"
#include "tables.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace clfft_ng;

namespace {

using Shape = clfft_test::DeviceShape;

std::vector<Shape> shapes()
{
    using clfft_test::cpuShape;
    using clfft_test::gpuShape;
    return {{"gpu16k", gpuShape(16384, 128)}, {"gpu32k", gpuShape(32768, 256)}, {"gpu64k", gpuShape(65536, 1024)},
            {"cpu512k", cpuShape(512 * 1024)}, {"cpu64k", cpuShape(64 * 1024)}};
}

struct Case {
    std::string key;
    Problem problem;
};

const char* kindName(TransformKind k)
{
    return k == TransformKind::ComplexToComplex ? "c2c" : k == TransformKind::RealToComplex ? "r2c" : "c2r";
}

Problem packed(TransformKind kind, const std::vector<std::size_t>& ns, Precision p, bool inPlace, std::size_t batch,
               ComplexLayout layout = ComplexLayout::Interleaved)
{
    return clfft_test::packedProblem(kind, ns, p, inPlace, batch, layout);
}

std::string keyOf(const Problem& pr, const std::string& extra)
{
    std::ostringstream os;
    os << kindName(pr.kind) << ' ' << (pr.precision == Precision::Double ? 'd' : 's') << ' '
       << (pr.inPlace ? "ip" : "oop") << ' ';
    for (std::size_t d = 0; d < pr.dims.size(); ++d)
        os << (d ? "x" : "") << pr.dims[d].n;
    for (const IoDim& b : pr.batch)
        os << " b" << b.n;
    if (pr.inLayout == ComplexLayout::Planar || pr.outLayout == ComplexLayout::Planar)
        os << " planar";
    if (!extra.empty())
        os << ' ' << extra;
    return os.str();
}

CallbackCode callback(const char* name, const char* body)
{
    CallbackCode c;
    c.present = true;
    c.functionName = name;
    c.source = body;
    c.userdataCount = 1;
    return c;
}

std::vector<Case> corpus()
{
    std::vector<Case> cases;
    auto add = [&](Problem pr, const std::string& extra = "") { cases.push_back({keyOf(pr, extra), std::move(pr)}); };
    const auto C = TransformKind::ComplexToComplex, R = TransformKind::RealToComplex, B = TransformKind::ComplexToReal;
    const auto S = Precision::Single, D = Precision::Double;

    // 1D: small radices, powers, mixed, primes by Rader and Bluestein, one kernel and several,
    // long real rows even and odd.
    const std::vector<std::size_t> lengths = {1,    2,    3,    5,    7,     8,     11,     13,   16,    17,   24,
                                              45,   60,   64,   97,   100,   127,   128,    210,  243,   256,  343,
                                              512,  625,  1000, 1009, 1024,  2047,  2187,   4096, 4099,  6561, 8192,
                                              10007, 16384, 65536, 65537, 1 << 20};
    for (std::size_t n : lengths) {
        add(packed(C, {n}, S, false, 3));
        add(packed(C, {n}, D, true, 1));
        add(packed(R, {n}, S, true, 2));
        add(packed(B, {n}, D, false, 1));
        add(packed(B, {n}, S, true, 5));
        if (n >= 16 && n <= 65536) {
            add(packed(C, {n}, S, true, 64));           // lane and row-lane batches
            add(packed(R, {n}, S, false, 64));
            add(packed(C, {n}, S, false, 2, ComplexLayout::Planar));
        }
    }
    // 2D/3D, with the lengths that change plan shape (one kernel, multi-pass, Rader, Bluestein).
    const std::vector<std::vector<std::size_t>> multi = {
        {16, 16},   {64, 64},     {100, 97},    {128, 8192},  {1024, 1024}, {8192, 64},   {4097, 8},
        {17, 4096}, {2187, 3},    {8, 8, 8},    {30, 20, 10}, {64, 64, 64}, {97, 7, 5},   {256, 128, 2},
        {4096, 2, 2}};
    for (const auto& ns : multi) {
        add(packed(C, ns, S, false, 1));
        add(packed(C, ns, D, true, 2));
        add(packed(R, ns, S, false, 1));
        add(packed(B, ns, S, true, 1));
        add(packed(B, ns, D, false, 1));
    }
    // Strided rows (gathered lanes), and a transposed-looking output stride.
    {
        Problem pr = packed(C, {256}, S, false, 1);
        pr.dims[0].inStride = 3;
        pr.batch.push_back(IoDim{40, 3 * 256 + 5, 256});
        add(pr, "strided");
        Problem t = packed(C, {64, 32}, S, false, 1);
        t.dims[0].outStride = 32;
        t.dims[1].outStride = 1;
        add(t, "transposed");
    }
    // Callbacks keep Stockham kernels and go into the first and last passes.
    const CallbackCode preC = callback("preC", "float2 preC(__global void* in, uint offset, __global void* ud)\n"
                                               "{ return ((__global float2*)in)[offset]; }\n");
    const CallbackCode postC = callback("postC", "void postC(__global void* out, uint offset, __global void* ud, "
                                                 "float2 v)\n{ ((__global float2*)out)[offset] = v; }\n");
    const CallbackCode preR = callback("preR", "float preR(__global void* in, uint offset, __global void* ud)\n"
                                               "{ return ((__global float*)in)[offset]; }\n");
    for (std::size_t n : {64, 97, 1024, 4099, 8192, 65536}) {
        Problem a = packed(C, {n}, S, false, 4);
        a.pre = preC;
        add(a, "pre");
        Problem b = packed(C, {n}, S, true, 4);
        b.post = postC;
        add(b, "post");
        Problem c = packed(R, {n}, S, false, 2);
        c.pre = preR;
        add(c, "pre");
        Problem d = packed(B, {n}, S, false, 2);
        d.pre = preC;
        add(d, "pre");
    }
    // 16-bit storage (docs/precision.md): every buffer in 16 bits up to three passes, single
    // precision between passes beyond.
    for (const auto& ns : std::vector<std::vector<std::size_t>>{{1024}, {4096}, {1024, 1024}, {128, 128, 128}, {1 << 20}, {97, 7, 5}}) {
        for (TransformKind k : {C, R, B}) {
            Problem h = packed(k, ns, S, k != C, 4);
            h.inStorage = h.outStorage = k == B ? Storage::BFloat16 : Storage::Half;
            add(h, k == B ? "bfloat16" : "half");
        }
    }
    // Zero-padded input and pruned output (docs/zero-padding.md): rows left out, masked passes.
    for (TransformKind k : {C, R, B}) {
        using Z = std::size_t;
        Problem z = packed(k, {256, 64, 32}, S, false, 2);
        z.zeroIn = {PointRange{Z(k == B ? 64 : 128), Z(k == B ? 129 : 256)}, PointRange{32, 64}, PointRange{16, 32}};
        z.skipOut = {PointRange{}, PointRange{}, PointRange{24, 32}};
        add(z, "zero-padded");
        Problem r = packed(k, {4096}, S, true, 8);
        r.zeroIn = {PointRange{1024, Z(k == B ? 2049 : 4096)}};
        r.skipOut = {PointRange{Z(k == R ? 1024 : 2048), Z(k == R ? 2049 : 4096)}};
        add(r, "zero-padded");
    }
    Problem cb2 = packed(C, {128, 100}, S, false, 1);
    cb2.pre = preC;
    cb2.post = postC;
    add(cb2, "pre post");
    return cases;
}

// Source lines without comments: what compiles.
std::string codeOf(const std::string& source)
{
    std::istringstream in(source);
    std::string line, out;
    while (std::getline(in, line)) {
        const std::size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line.compare(first, 2, "//") == 0)
            continue;
        out += line;
        out += '\n';
    }
    return out;
}

const char* roleName(BufferRole r)
{
    switch (r) {
    case BufferRole::Input: return "in";
    case BufferRole::Output: return "out";
    case BufferRole::Temp: return "tmp";
    case BufferRole::Temp2: return "tmp2";
    case BufferRole::Temp3: return "tmp3";
    case BufferRole::Wide: return "wide";
    }
    return "?";
}

// Kernel name -> hash of its code: a name is the program cache's and the executor's handle on a
// kernel, so two specs with one name must give one source (KernelSpec::kernelName covers every
// field that changes the source).
std::map<std::string, std::string> g_codeByName;
std::size_t g_nameClashes = 0;
// Kernels whose table is not the size the one table layout (tables.h) gives.
std::size_t g_layoutMismatches = 0;

std::size_t layoutSize(const KernelSpec& s)
{
    const TableLayout t = tableLayout(s);
    if (s.lane.width)
        return t.laneTable + (s.stageTwiddleLength && s.lane.dim == 0 ? laneTwiddleCount(s) : 0);
    return std::max<std::size_t>(t.end, 1);
}

// Everything of a plan that decides what runs, as text (sources by their code's hash).
std::string planRecord(const ExecutionPlan& plan, std::vector<std::pair<std::string, std::string>>* sources)
{
    std::ostringstream os;
    os << "tmp " << plan.tmpBytes << ' ' << plan.tmp2Bytes << ' ' << plan.tmp3Bytes << '\n';
    for (const PassPlan& p : plan.passes) {
        const std::string source = generateKernelSource(p.spec);
        os << roleName(p.source) << "->" << roleName(p.destination) << " layouts " << int(p.sourceLayout) << ' '
           << int(p.destinationLayout) << " transforms " << p.transforms << " strides " << p.inStride << ' '
           << p.outStride << " scale " << p.appliesScale << " cb " << p.appliesPre << p.appliesPost << " groups "
           << p.workGroups() << " wg " << p.spec.workGroupSize() << " batch";
        for (const IoDim& b : p.batch)
            os << ' ' << b.n << ':' << b.inStride << ':' << b.outStride;
        Sha256 table;
        const auto values = kernelTable(p.spec);
        if (values.size() != layoutSize(p.spec) && ++g_layoutMismatches <= 10)
            std::printf("table of %zu entries, layout says %zu: %s\n", values.size(), layoutSize(p.spec),
                        p.spec.kernelName().c_str());
        for (const auto& v : values) {
            const double re = double(v.real()), im = double(v.imag());
            table.update(&re, sizeof re);
            table.update(&im, sizeof im);
        }
        const std::string code = toHex(Sha256::of(codeOf(source))).substr(0, 16);
        const auto known = g_codeByName.emplace(p.spec.kernelName(), code);
        if (!known.second && known.first->second != code && ++g_nameClashes <= 10)
            std::printf("one name, two sources: %s\n", p.spec.kernelName().c_str());
        os << " code " << code << " table "
           << toHex(table.digest()).substr(0, 16) << '\n';
        if (sources)
            sources->push_back({p.spec.kernelName(), source});
    }
    return os.str();
}

std::map<std::string, std::string> lines()
{
    std::map<std::string, std::string> out;
    for (const Shape& shape : shapes())
        for (const Case& c : corpus()) {
            std::string record;
            std::size_t passes = 0;
            const auto t0 = std::chrono::steady_clock::now();
            try {
                const ExecutionPlan plan = planProblem(c.problem, shape.limits);
                record = planRecord(plan, nullptr);
                passes = plan.passes.size();
            } catch (const StatusError& e) {
                record = "status " + std::to_string(e.status);
            }
            if (std::getenv("PLAN_CORPUS_TIMES"))
                std::fprintf(stderr, "%.3f %s | %s\n",
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), shape.name,
                             c.key.c_str());
            out[std::string(shape.name) + " | " + c.key] =
                toHex(Sha256::of(record)).substr(0, 16) + " " + std::to_string(passes);
        }
    return out;
}

std::map<std::string, std::string> readLines(const char* path)
{
    std::map<std::string, std::string> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t bar = line.rfind(" = ");
        if (line.empty() || line[0] == '#' || bar == std::string::npos)
            continue;
        out[line.substr(0, bar)] = line.substr(bar + 3);
    }
    return out;
}

// The plans whose printed form is recorded in full (plans_explained.txt): one of each family
// and strategy, on a GPU shape and the CPU shape.
bool explainedCase(const std::string& shape, const std::string& key)
{
    static const char* const keys[] = {"c2c s oop 1024 b3", "c2c s ip 1024 b64",     "r2c s ip 4096 b2",
                                       "c2r d oop 4096",    "c2c s oop 97 b3",       "c2c s oop 4099 b3",
                                       "r2c s ip 65536 b2", "c2c s oop 8192x64",     "c2r s ip 30x20x10",
                                       "c2c s oop 64 b4 pre", "r2c s ip 10007 b2",  "c2c s oop 256 b2 planar"};
    if (shape != "gpu32k" && shape != "cpu512k")
        return false;
    for (const char* k : keys)
        if (key == k)
            return true;
    return false;
}

std::string explained()
{
    std::string text;
    for (const Shape& shape : shapes())
        for (const Case& c : corpus()) {
            if (!explainedCase(shape.name, c.key))
                continue;
            text += std::string("== ") + shape.name + " | " + c.key + "\n";
            try {
                text += explainPlan(planProblem(c.problem, shape.limits), c.problem);
            } catch (const StatusError& e) {
                text += "no plan: status " + std::to_string(e.status) + "\n";
            }
        }
    return text;
}

int usage()
{
    std::fprintf(stderr, "usage: plan_corpus --check FILE | --write FILE | --check-explained FILE |\n"
                         "                   --write-explained FILE | --dump DIR | --explain\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2)
        return usage();
    const std::string mode = argv[1];
    if (mode == "--write" && argc == 3) {
        std::ofstream out(argv[2]);
        out << "# tests/generator/plan_corpus.cpp: shape | problem = hash of the plan and its kernels, passes\n";
        for (const auto& [key, value] : lines())
            out << key << " = " << value << '\n';
        return out ? 0 : 1;
    }
    if (mode == "--check" && argc == 3) {
        const auto expected = readLines(argv[2]);
        const auto actual = lines();
        std::size_t differ = 0;
        for (const auto& [key, value] : actual) {
            const auto it = expected.find(key);
            if (it == expected.end() || it->second != value) {
                if (++differ <= 40)
                    std::printf("changed: %s = %s (recorded %s)\n", key.c_str(), value.c_str(),
                                it == expected.end() ? "none" : it->second.c_str());
            }
        }
        for (const auto& [key, value] : expected)
            if (!actual.count(key) && ++differ <= 40)
                std::printf("gone: %s\n", key.c_str());
        std::printf("%zu plans, %zu differ from %s; %zu kernel names, %zu with two sources, %zu tables off their "
                    "layout\n",
                    actual.size(), differ, argv[2], g_codeByName.size(), g_nameClashes, g_layoutMismatches);
        return differ == 0 && actual.size() == expected.size() && g_nameClashes == 0 && g_layoutMismatches == 0 ? 0 : 1;
    }
    if (mode == "--write-explained" && argc == 3) {
        std::ofstream out(argv[2]);
        out << explained();
        return out ? 0 : 1;
    }
    if (mode == "--check-explained" && argc == 3) {
        std::ifstream in(argv[2]);
        const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string actual = explained();
        if (actual == expected) {
            std::printf("printed plans match %s\n", argv[2]);
            return 0;
        }
        std::printf("printed plans differ from %s; now:\n%s", argv[2], actual.c_str());
        return 1;
    }
    if (mode == "--dump" && argc == 3) {
        const std::string dir = argv[2];
        mkdir(dir.c_str(), 0755);
        std::size_t index = 0;
        for (const Shape& shape : shapes())
            for (const Case& c : corpus()) {
                std::vector<std::pair<std::string, std::string>> sources;
                std::string record;
                try {
                    record = planRecord(planProblem(c.problem, shape.limits), &sources);
                } catch (const StatusError& e) {
                    record = "status " + std::to_string(e.status) + "\n";
                }
                std::ofstream out(dir + "/" + std::to_string(index++) + ".txt");
                out << shape.name << " | " << c.key << '\n' << record;
                for (const auto& [name, source] : sources)
                    out << "==== " << name << '\n' << source;
            }
        return 0;
    }
    if (mode == "--explain" && argc == 2) {
        for (const Shape& shape : shapes())
            for (const Case& c : corpus()) {
                std::printf("%s | %s\n", shape.name, c.key.c_str());
                try {
                    std::printf("%s\n", explainPlan(planProblem(c.problem, shape.limits), c.problem).c_str());
                } catch (const StatusError& e) {
                    std::printf("  no plan: status %d\n\n", e.status);
                }
            }
        return 0;
    }
    return usage();
}
