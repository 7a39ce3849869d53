// The planner on device shapes no machine here has: for every length of a sweep, every kind,
// precision and placement, a plan exists and each of its kernels fits the device it was planned
// for (local memory, work-group size). No device is needed: the planner works on DeviceLimits.
#define BOOST_TEST_MODULE planner
#include <boost/test/unit_test.hpp>

#include "cl_object.h"
#include "factorize.h"
#include "generate.h"
#include "planner_fixtures.h"
#include "planner.h"
#include "problem.h"
#include "row_lanes.h"
#include "row_vectors.h"
#include "tuning.h"

#include <clFFT.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

using namespace clfft_ng;

namespace {

using Shape = clfft_test::DeviceShape;

std::vector<Shape> shapes()
{
    using clfft_test::cpuShape;
    using clfft_test::gpuShape;
    return {{"gpu 16 KiB / 128", gpuShape(16384, 128)},
            {"gpu 32 KiB / 256", gpuShape(32768, 256)},
            {"gpu 48 KiB / 1024", gpuShape(49152, 1024)},
            {"gpu 64 KiB / 1024", gpuShape(65536, 1024)},
            {"cpu 512 KiB / 4096", cpuShape(512 * 1024)}};
}

Problem multiD(TransformKind kind, const std::vector<std::size_t>& ns, Precision p, bool inPlace, std::size_t batch = 1)
{
    return clfft_test::packedProblem(kind, ns, p, inPlace, batch);
}

// Plans the problem; returns "" when the plan exists and fits, else what is wrong.
std::string check(const Problem& pr, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    try {
        plan = planProblem(pr, limits);
    } catch (const StatusError& e) {
        return "no plan (status " + std::to_string(e.status) + ")";
    }
    if (plan.passes.empty())
        return "no passes";
    for (const PassPlan& pass : plan.passes) {
        if (pass.spec.localMemBytes() > limits.localMemBytes)
            return pass.spec.kernelName() + ": " + std::to_string(pass.spec.localMemBytes()) + " bytes of local memory";
        if (pass.spec.workGroupSize() > limits.maxWorkGroupSize)
            return pass.spec.kernelName() + ": work-group of " + std::to_string(pass.spec.workGroupSize());
    }
    return "";
}

const char* kindName(TransformKind k)
{
    return k == TransformKind::ComplexToComplex ? "c2c" : k == TransformKind::RealToComplex ? "r2c" : "c2r";
}

// Every kind, precision and placement of each problem shape (dimensions, fastest first) on
// every device shape; at most 20 failures are reported.
void sweep(const std::vector<std::vector<std::size_t>>& problems, std::size_t batch)
{
    std::size_t plans = 0, failures = 0;
    for (const Shape& shape : shapes())
        for (TransformKind kind : {TransformKind::ComplexToComplex, TransformKind::RealToComplex,
                                   TransformKind::ComplexToReal})
            for (Precision p : {Precision::Single, Precision::Double})
                for (bool inPlace : {true, false})
                    for (const std::vector<std::size_t>& dims : problems) {
                        const std::string why = check(multiD(kind, dims, p, inPlace, batch), shape.limits);
                        ++plans;
                        if (!why.empty() && ++failures <= 20) {
                            std::string lengths;
                            for (std::size_t n : dims)
                                lengths += (lengths.empty() ? "" : " x ") + std::to_string(n);
                            BOOST_ERROR(shape.name << ": " << kindName(kind) << " " << lengths << " "
                                                   << (p == Precision::Double ? "double" : "single") << " "
                                                   << (inPlace ? "in place" : "out of place") << " batch " << batch
                                                   << ": " << why);
                        }
                    }
    BOOST_TEST_MESSAGE(plans << " plans, " << failures << " without a plan that fits");
    BOOST_TEST(failures == 0u);
}

} // namespace

BOOST_AUTO_TEST_CASE(every_length_to_2200_fits_every_shape)
{
    std::vector<std::vector<std::size_t>> lengths;
    for (std::size_t n = 1; n <= 2200; ++n)
        lengths.push_back({n});
    sweep(lengths, 3);
}

BOOST_AUTO_TEST_CASE(long_lengths_fit_every_shape)
{
    // Multi-pass, long real rows (even and odd), multi-kernel Bluestein, both sides of 4096.
    std::vector<std::vector<std::size_t>> lengths;
    for (std::size_t n : {2187, 2401, 3125, 4095, 4096, 4097, 4099, 6561, 8192, 10007, 16384, 19683, 65536, 65537,
                          1 << 20, 1000000})
        lengths.push_back({n});
    sweep(lengths, 1);
}

BOOST_AUTO_TEST_CASE(multidimensional_plans_fit_every_shape)
{
    const std::vector<std::size_t> ns = {2, 3, 17, 64, 97, 210, 1000, 2187, 4096, 4097, 8192};
    std::vector<std::vector<std::size_t>> problems;
    for (std::size_t a : ns)
        for (std::size_t b : ns) {
            problems.push_back({a, b});
            problems.push_back({a, b, 6});
        }
    sweep(problems, 1);
}

// Candidate plans (for measured planning): the first is the profile's plan, every candidate fits
// the device, no two are the same, and the others come in order of estimated cost.
BOOST_AUTO_TEST_CASE(candidates_start_with_the_profile_plan_and_all_fit)
{
    const std::vector<std::vector<std::size_t>> problems = {{64}, {1024}, {4096}, {8192}, {1009}, {4099},
                                                             {65536}, {100, 97}, {1024, 1024}, {30, 20, 10}};
    std::size_t total = 0, multiple = 0;
    for (const Shape& shape : shapes())
        for (TransformKind kind : {TransformKind::ComplexToComplex, TransformKind::RealToComplex,
                                   TransformKind::ComplexToReal})
            for (const auto& dims : problems) {
                const Problem pr = multiD(kind, dims, Precision::Single, false, 16);
                for (CandidateSet set : {CandidateSet::Default, CandidateSet::Exhaustive}) {
                const std::vector<Candidate> cs = planCandidates(pr, shape.limits, set);
                BOOST_REQUIRE(!cs.empty());
                const ExecutionPlan first = planProblem(pr, shape.limits);
                BOOST_REQUIRE_EQUAL(cs[0].plan.passes.size(), first.passes.size());
                for (std::size_t i = 0; i < first.passes.size(); ++i)
                    BOOST_TEST(cs[0].plan.passes[i].spec.kernelName() == first.passes[i].spec.kernelName());
                for (std::size_t c = 0; c < cs.size(); ++c) {
                    for (const PassPlan& pass : cs[c].plan.passes) {
                        BOOST_TEST(pass.spec.localMemBytes() <= shape.limits.localMemBytes);
                        BOOST_TEST(pass.spec.workGroupSize() <= shape.limits.maxWorkGroupSize);
                    }
                    if (c >= 2)
                        BOOST_TEST(cs[c - 1].estimatedCost <= cs[c].estimatedCost);
                    for (std::size_t e = 0; e < c; ++e) {
                        bool same = cs[e].plan.passes.size() == cs[c].plan.passes.size();
                        for (std::size_t i = 0; same && i < cs[c].plan.passes.size(); ++i)
                            same = cs[e].plan.passes[i].spec == cs[c].plan.passes[i].spec &&
                                   cs[e].plan.passes[i].source == cs[c].plan.passes[i].source &&
                                   cs[e].plan.passes[i].destination == cs[c].plan.passes[i].destination;
                        BOOST_TEST(!same, shape.name << ": candidates " << e << " and " << c << " are the same plan");
                    }
                }
                total += cs.size();
                multiple += cs.size() > 1;
                }
            }
    BOOST_TEST_MESSAGE(total << " candidates; " << multiple << " problems with more than one");
    BOOST_TEST(multiple > 0u);
}

// MEASURE's set (Default) leaves out candidates the cost model puts beyond the profile's cutoff
// (on CPUs every candidate kernel costs a compile of about a second); EXHAUSTIVE keeps them.
BOOST_AUTO_TEST_CASE(measure_set_stays_within_the_cost_cutoff)
{
    const std::vector<std::vector<std::size_t>> problems = {{256}, {1000}, {1009}, {2187}, {4096},
                                                             {65536}, {1048576}, {1024, 1024}, {128, 128, 128}};
    std::size_t left_out = 0;
    for (const Shape& shape : shapes())
        for (TransformKind kind : {TransformKind::ComplexToComplex, TransformKind::RealToComplex})
            for (const auto& dims : problems) {
                const Problem pr = multiD(kind, dims, Precision::Single, true, 4);
                const double cutoff = tuningFor(shape.limits).measureCostCutoff;
                const std::vector<Candidate> def = planCandidates(pr, shape.limits, CandidateSet::Default);
                const std::vector<Candidate> all = planCandidates(pr, shape.limits, CandidateSet::Exhaustive);
                double cheapest = def.front().estimatedCost;
                for (const Candidate& c : def)
                    cheapest = std::min(cheapest, c.estimatedCost);
                for (std::size_t c = 1; c < def.size() && cutoff > 0; ++c)
                    BOOST_TEST(def[c].estimatedCost <= cutoff * cheapest, shape.name << ": " << def[c].variant);
                // Every candidate MEASURE times, EXHAUSTIVE times too.
                for (const Candidate& d : def) {
                    bool found = false;
                    for (const Candidate& e : all)
                        found = found || std::string(e.variant) == d.variant;
                    BOOST_TEST(found, shape.name << ": " << d.variant << " only in the default set");
                }
                // Candidates of EXHAUSTIVE beyond the cutoff that the default set lacks.
                for (const Candidate& e : all) {
                    bool inDefault = false;
                    for (const Candidate& d : def)
                        inDefault = inDefault || std::string(e.variant) == d.variant;
                    if (!inDefault && cutoff > 0 && e.estimatedCost > cutoff * cheapest)
                        ++left_out;
                }
            }
    // The CPU profile's cutoff leaves some out: c2c 4096 on the CPU shape has a Stockham-form
    // candidate (no lane kernels), estimated at the profile's factor times the row-lane plan.
    BOOST_TEST(left_out > 0u);
    const Shape cpu = shapes().back();
    BOOST_REQUIRE(cpu.limits.isCpu());
    const Problem pr = multiD(TransformKind::ComplexToComplex, {4096}, Precision::Single, true, 64);
    auto has = [](const std::vector<Candidate>& cs, const std::string& v) {
        for (const Candidate& c : cs)
            if (v == c.variant)
                return true;
        return false;
    };
    BOOST_TEST(!has(planCandidates(pr, cpu.limits, CandidateSet::Default), "no lane kernels"));
    BOOST_TEST(has(planCandidates(pr, cpu.limits, CandidateSet::Exhaustive), "no lane kernels"));
}

// Gathered rows of unit-stride points move by chunks on the CPU shape: in and out where the
// first of two passes has a radix of at most the profile's, out only above it, neither for
// rows shorter than two chunks (unless one whole chunk in one pass), planar rows, or a kernel
// with one local buffer; GPU shapes never.
BOOST_AUTO_TEST_CASE(lane_rows_move_by_chunks_where_the_profile_says)
{
    Shape cpu = shapes().back();
    cpu.limits.rowVectorKernels = false; // the lane forms of short powers of two too
    BOOST_REQUIRE(cpu.limits.isCpu());
    auto lanePass = [](const Problem& pr, const DeviceLimits& limits) {
        const ExecutionPlan plan = planProblem(pr, limits);
        for (const PassPlan& pass : plan.passes)
            if (pass.spec.lane.width)
                return pass.spec;
        return KernelSpec();
    };
    auto c2c = [](std::size_t n, Precision p) {
        return multiD(TransformKind::ComplexToComplex, {n}, p, false, 8 * 1024 + 5);
    };
    // single rows of 8A and 8A + 4 points take packed row lanes: their lane form with row lanes off
    DeviceLimits lanesOnly = cpu.limits;
    lanesOnly.rowLaneKernels = false;
    const KernelSpec s48 = lanePass(c2c(48, Precision::Single), lanesOnly);
    BOOST_TEST(s48.lane.width == 8u);
    BOOST_TEST((s48.lane.rowsIn && s48.lane.rowsOut), s48.describe());
    const KernelSpec s100 = lanePass(c2c(100, Precision::Single), lanesOnly);
    BOOST_REQUIRE(s100.radices.size() == 2u);
    BOOST_TEST(s100.lane.width == 8u);
    BOOST_TEST((s100.radices.front() > 8) == !s100.lane.rowsIn, s100.describe());
    BOOST_TEST(s100.lane.rowsOut, s100.describe());
    const KernelSpec s1000 = lanePass(c2c(1000, Precision::Double), cpu.limits);
    BOOST_TEST((s1000.radices.size() >= 3u && s1000.lane.rowsIn && s1000.lane.rowsOut), s1000.describe());
    const KernelSpec s12 = lanePass(c2c(12, Precision::Single), cpu.limits);
    BOOST_TEST((s12.lane.width == 8u && !s12.lane.rowsIn && !s12.lane.rowsOut), s12.describe());
    // one chunk straight to the registers: one pass on one work-item, no local memory (rows
    // padded: back to back they move as one block)
    Problem padded8 = c2c(8, Precision::Single);
    padded8.batch[0].inStride = padded8.batch[0].outStride = 9;
    const KernelSpec s8 = lanePass(padded8, cpu.limits);
    BOOST_TEST((s8.lane.rowsIn && s8.lane.rowsOut && s8.radices.size() == 1u && s8.localMemBytes() == 0u),
               s8.describe());
    // 4096 single within 256 KiB: two buffers of 8 x 4096 points would not fit, one does (a
    // power of two keeps 8 single lanes)
    DeviceLimits small = lanesOnly;
    small.localMemBytes = 256u << 10;
    const KernelSpec big = lanePass(c2c(4096, Precision::Single), small);
    BOOST_TEST((big.lane.width == 8u && big.lane.oneBuffer && !big.lane.rowsIn && !big.lane.rowsOut), big.describe());
    BOOST_TEST(big.localMemBytes() <= small.localMemBytes, big.describe());
    // short double rows take the profile's narrow vectors, longer ones and single rows do not
    const TuningProfile& cpuProfile = tuningProfile(DeviceClass::Cpu);
    BOOST_REQUIRE(cpuProfile.narrowDoubleLanes >= 2u);
    BOOST_TEST(lanePass(c2c(16, Precision::Double), lanesOnly).lane.width == cpuProfile.narrowDoubleLanes);
    BOOST_TEST(lanePass(c2c(7, Precision::Double), cpu.limits).lane.width == cpuProfile.narrowDoubleLanes);
    BOOST_TEST(lanePass(c2c(16, Precision::Single), lanesOnly).lane.width == cpuProfile.lanes);
    BOOST_TEST(lanePass(c2c(cpuProfile.narrowDoubleLanesMaxLength * 3 / 2 + 3, Precision::Double), cpu.limits).lane.width ==
               cpuProfile.lanes);
    Problem planar = c2c(48, Precision::Single);
    planar.inLayout = planar.outLayout = ComplexLayout::Planar;
    const KernelSpec p48 = lanePass(planar, lanesOnly);
    BOOST_TEST((p48.lane.width == 8u && !p48.lane.rowsIn && !p48.lane.rowsOut), p48.describe());
    for (const Shape& shape : shapes())
        if (!shape.limits.isCpu())
            BOOST_TEST(lanePass(c2c(48, Precision::Single), shape.limits).lane.width == 0u, shape.name);
}

// Rows of at most the profile's block length, one pass on one work-item, move as one block where
// their distance equals their length (each side on its own); one-work-item lane kernels run
// several sets of lanes per group up to the profile's bytes, keeping 64 groups; the switches
// turn both off.
BOOST_AUTO_TEST_CASE(short_rows_move_as_blocks_and_groups_take_several_sets)
{
    Shape cpu = shapes().back();
    cpu.limits.rowVectorKernels = false; // the lane forms of short powers of two too
    BOOST_REQUIRE(cpu.limits.isCpu());
    const TuningProfile& profile = tuningProfile(DeviceClass::Cpu);
    BOOST_REQUIRE(profile.laneRowBlocksMaxLength >= 13u && profile.laneGroupBytes > 0u);
    auto lanePassOf = [](const Problem& pr, const DeviceLimits& limits) {
        const ExecutionPlan plan = planProblem(pr, limits);
        for (const PassPlan& pass : plan.passes)
            if (pass.spec.lane.width)
                return pass;
        return PassPlan();
    };
    auto c2c = [](std::size_t n, Precision p, std::size_t batch) {
        return multiD(TransformKind::ComplexToComplex, {n}, p, false, batch);
    };
    for (std::size_t n : {2u, 3u, 5u, 12u, 13u})
        for (Precision p : {Precision::Single, Precision::Double}) {
            const PassPlan pass = lanePassOf(c2c(n, p, 64 * 1024 + 5), cpu.limits);
            const KernelSpec& s = pass.spec;
            BOOST_TEST((s.lane.width >= 2u && s.lane.blocksIn && s.lane.blocksOut && !s.lane.rowsIn && !s.lane.rowsOut),
                       s.describe());
            const std::size_t setBytes = s.lane.width * n * complexBytes(p);
            BOOST_TEST((s.lane.setsPerGroup > 1u && s.lane.setsPerGroup * setBytes <= profile.laneGroupBytes &&
                        pass.workGroups() >= 64u),
                       s.describe());
        }
    // a padded side moves element by element, the other still as a block
    Problem padded = c2c(5, Precision::Single, 4096);
    padded.batch[0].inStride = 7;
    const KernelSpec sp = lanePassOf(padded, cpu.limits).spec;
    BOOST_TEST((!sp.lane.blocksIn && sp.lane.blocksOut), sp.describe());
    // blocks before whole chunks; several work-items: neither blocks nor several sets
    DeviceLimits lanesOnly = cpu.limits; // single 16 and 60 take packed row lanes
    lanesOnly.rowLaneKernels = false;
    const KernelSpec s16 = lanePassOf(c2c(16, Precision::Single, 4096), lanesOnly).spec;
    BOOST_TEST((s16.lane.blocksIn && s16.lane.blocksOut && !s16.lane.rowsIn && !s16.lane.rowsOut), s16.describe());
    const KernelSpec s60 = lanePassOf(c2c(60, Precision::Single, 4096), lanesOnly).spec;
    BOOST_TEST((s60.threadsPerTransform > 1u && !s60.lane.blocksIn && s60.lane.setsPerGroup == 1u), s60.describe());
    // a small batch keeps one set per group (every core gets groups)
    const PassPlan few = lanePassOf(c2c(5, Precision::Single, 8 * 40), cpu.limits);
    BOOST_TEST((few.spec.lane.setsPerGroup == 1u && few.workGroups() == 40u), few.spec.describe());
    DeviceLimits off = cpu.limits;
    off.laneRowBlocks = false;
    off.laneGroupBytes = 1;
    const KernelSpec s5 = lanePassOf(c2c(5, Precision::Single, 64 * 1024), off).spec;
    BOOST_TEST((s5.lane.width == 8u && !s5.lane.blocksIn && !s5.lane.blocksOut && s5.lane.setsPerGroup == 1u),
               s5.describe());
}

// CPUs: a last dimension of the profile's window of lengths, stepping by a multiple of 512 bytes,
// goes first into a temporary of padded steps; dimension 0 goes last, from it into the output.
BOOST_AUTO_TEST_CASE(padded_dims_take_the_last_dimension_first)
{
    const Shape cpu = shapes().back();
    const TuningProfile& profile = tuningProfile(DeviceClass::Cpu);
    const std::size_t lo = profile.paddedDimsLengths[0], hi = profile.paddedDimsLengths[1];
    BOOST_REQUIRE(profile.paddedDimsMaxBytes > 0u && lo >= 2u && hi >= lo);
    auto padded = [](const ExecutionPlan& plan) {
        return plan.passes.size() >= 2u && plan.passes.front().source == BufferRole::Input &&
               plan.passes.front().destination == BufferRole::Temp && plan.passes.back().source == BufferRole::Temp &&
               plan.passes.back().destination == BufferRole::Output;
    };
    // width: rows of 2 KiB or more (and a multiple of 512 bytes) in both precisions
    const std::size_t width = std::max<std::size_t>(256, profile.paddedDimsMinStepBytes / 8);
    for (Precision p : {Precision::Single, Precision::Double})
        for (std::size_t n : {lo, hi})
            for (bool inPlace : {false, true}) {
                const Problem pr = multiD(TransformKind::ComplexToComplex, {width, n}, p, inPlace, 2);
                const ExecutionPlan plan = planProblem(pr, cpu.limits);
                BOOST_TEST(padded(plan), width << " x " << n << (inPlace ? " in place" : ""));
                const std::size_t e = complexBytes(p), bytes = 2 * width * n * e;
                BOOST_TEST((plan.tmpBytes >= bytes && plan.tmpBytes <= bytes + bytes / 8));
                // the temporary's steps: the first pass writes along dimension 1, no multiple of 512 bytes
                BOOST_TEST((plan.passes.front().outStride * e) % 512 != 0u, plan.passes.front().spec.describe());
                BOOST_TEST(plan.passes.front().inStride == width);
            }
    // 3D: the middle dimension in place in the temporary
    const ExecutionPlan three =
        planProblem(multiD(TransformKind::ComplexToComplex, {64, 64, hi}, Precision::Single, true), cpu.limits);
    BOOST_TEST(padded(three));
    BOOST_TEST((three.passes.size() == 3u && three.passes[1].source == BufferRole::Temp &&
                three.passes[1].destination == BufferRole::Temp));
    // outside the window, short steps, unpadded steps that are no power of two: dimension 0 first
    for (const std::vector<std::size_t>& ns : std::vector<std::vector<std::size_t>>{
             {width, lo / 2}, {width, hi * 2}, {64, hi}, {width + 8, hi}})
        BOOST_TEST(!padded(planProblem(multiD(TransformKind::ComplexToComplex, ns, Precision::Single, false), cpu.limits)),
                   ns[0] << " x " << ns[1]);
    // GPU shapes, the switch, no library memory, a temporary above the largest allocation
    const Problem big = multiD(TransformKind::ComplexToComplex, {width, hi}, Precision::Single, false);
    for (const Shape& s : shapes())
        if (!s.limits.isCpu())
            BOOST_TEST(!padded(planProblem(big, s.limits)), s.name);
    DeviceLimits off = cpu.limits;
    off.paddedDims = false;
    BOOST_TEST(!padded(planProblem(big, off)));
    off = cpu.limits;
    off.noLibraryMemory = true;
    BOOST_TEST(!padded(planProblem(big, off)));
    off = cpu.limits;
    off.maxAllocBytes = width * hi * 8;
    BOOST_TEST(!padded(planProblem(big, off)));
}

// Multi-kernel Bluestein: the variant reverses the passes of its two FFTs of M points; the
// profile's order stays the estimate's.
BOOST_AUTO_TEST_CASE(bluestein_passes_reversed_is_a_candidate)
{
    for (const Shape& shape : shapes()) {
        // 20011: M = 40320, beyond a CPU's row-lane Bluestein (two copies past 512 KiB)
        const Problem pr = multiD(TransformKind::ComplexToComplex, {20011}, Precision::Single, false, 4);
        const ExecutionPlan profile = planProblem(pr, shape.limits);
        BOOST_TEST_REQUIRE(profile.passes.size() == 4u, shape.name); // two passes per FFT of M points
        bool found = false;
        for (const Candidate& c : planCandidates(pr, shape.limits, CandidateSet::Default)) {
            if (std::string(c.variant) != "Bluestein passes reversed")
                continue;
            found = true;
            BOOST_REQUIRE(c.plan.passes.size() == 4u);
            for (std::size_t i = 0; i < 4; ++i)
                BOOST_TEST(c.plan.passes[i].spec.length == profile.passes[i ^ 1u].spec.length, shape.name << " pass " << i);
        }
        BOOST_TEST(found, shape.name);
    }
}

// Intel CPUs: complex rows of several passes (and even real rows) up to the profile's bytes (a set of lanes) run on
// one work-item per set of lanes with no local memory; longer ones, GPUs and the measured
// variant keep the passes in local memory. The generic CPU profile takes narrow double rows
// only, and has the others as a variant.
BOOST_AUTO_TEST_CASE(short_rows_run_their_passes_in_registers)
{
    DeviceLimits intel = shapes().back().limits;
    intel.rowLaneKernels = false; // single rows of 8 A points take packed row lanes
    intel.rowVectorKernels = false; // ... and short rows of small factors row vectors
    DeviceLimits generic = intel;
    intel.deviceClass = DeviceClass::CpuIntel;
    BOOST_REQUIRE(generic.isCpu() && generic.deviceClass != DeviceClass::CpuIntel);
    const TuningProfile& profile = tuningFor(intel);
    BOOST_REQUIRE(profile.laneRegistersMaxBytes >= 24u * profile.lanes * 16u);
    BOOST_TEST(tuningFor(generic).laneRegistersMaxBytes < profile.laneRegistersMaxBytes);
    auto lanePass = [](const ExecutionPlan& plan) {
        BOOST_TEST_REQUIRE(plan.passes.size() == 1u);
        return plan.passes[0].spec;
    };
    auto variant = [&](const Problem& pr, const DeviceLimits& l, const char* label) {
        for (const Candidate& c : planCandidates(pr, l, CandidateSet::Default))
            if (std::string(c.variant) == label)
                return lanePass(c.plan);
        return KernelSpec();
    };
    for (Precision p : {Precision::Single, Precision::Double})
        for (std::size_t n : {24u, 27u, 36u, 48u, 72u, 81u, 90u, 100u, 125u, 160u}) {
            const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, p, false, 4096 + 3);
            const KernelSpec s = lanePass(planProblem(pr, intel));
            BOOST_TEST_REQUIRE(s.lane.width >= 2u, s.describe());
            const bool narrow = p == Precision::Double && s.lane.width < profile.lanes;
            // narrow double rows: up to one length, or a longer one where rows start mid-vector
            auto narrowFits = [n](const TuningProfile& t, std::size_t width) {
                return n <= t.laneRegistersNarrowMaxLength || (n % width != 0 && n <= t.laneRegistersNarrowUnalignedMaxLength);
            };
            // single rows of odd length and small radices stay in local memory
            auto oddLocal = [&](const KernelSpec& k, const TuningProfile& t) {
                return p == Precision::Single && n % 2 == 1 &&
                       static_cast<std::size_t>(*std::max_element(k.radices.begin(), k.radices.end())) <=
                           t.laneLocalOddRowsMaxRadix;
            };
            const bool expect = s.radices.size() >= 2u && !oddLocal(s, profile) &&
                                (n * s.lane.width * complexBytes(p) <= profile.laneRegistersMaxBytes ||
                                 (narrow && narrowFits(profile, s.lane.width)));
            BOOST_TEST(s.lane.registers == expect, s.describe());
            const KernelSpec g = lanePass(planProblem(pr, generic));
            const TuningProfile& gp = tuningFor(generic);
            const bool gNarrow = p == Precision::Double && g.lane.width < gp.lanes;
            const bool gExpect = g.radices.size() >= 2u && !oddLocal(g, gp) &&
                                 (n * g.lane.width * complexBytes(p) <= gp.laneRegistersMaxBytes ||
                                  (gNarrow && narrowFits(gp, g.lane.width)));
            BOOST_TEST(g.lane.registers == gExpect, g.describe());
            BOOST_TEST((gExpect || g.threadsPerTransform > 1u), g.describe());
            if (expect) {
                BOOST_TEST((s.threadsPerTransform == 1u && s.localMemBytes() == 0u && s.lane.setsPerGroup > 1u), s.describe());
                const KernelSpec v = variant(pr, intel, "lane passes through local memory");
                BOOST_TEST((!v.lane.registers && v.threadsPerTransform > 1u && v.localMemBytes() > 0u), v.describe());
                BOOST_TEST((gExpect ? g : variant(pr, generic, "lane passes in registers")).describe() == s.describe());
            } else {
                BOOST_TEST(s.threadsPerTransform > 1u, s.describe());
            }
        }
    // the generic CPU profile: double rows of 81, 90 and 125 points (rows start mid-vector) in
    // registers, 72 and 100 (whole vectors, chunks streamed past the caches) not
    for (std::size_t n : {81u, 90u, 125u, 72u, 100u}) {
        const KernelSpec d = lanePass(planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Double, false, 4096 + 3), generic));
        BOOST_TEST_REQUIRE(d.lane.width == 4u, d.describe());
        BOOST_TEST(d.lane.registers == (n % 4 != 0), d.describe());
    }
    // single rows of 21, 25, 27, 35, 45 points (radices up to 9): local memory; 33 (11x3) and
    // 39 (13x3) in registers; MEASURE's "lane passes in registers" still offers them
    for (std::size_t n : {21u, 25u, 27u, 35u, 45u, 33u, 39u}) {
        const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, false, 4096 + 3);
        const KernelSpec d = lanePass(planProblem(pr, generic));
        BOOST_TEST_REQUIRE(d.lane.width == 8u, d.describe());
        BOOST_TEST(d.lane.registers == (n == 33u || n == 39u), d.describe());
        if (!d.lane.registers)
            BOOST_TEST(variant(pr, generic, "lane passes in registers").lane.registers, d.describe());
    }
    // even real rows: the half-length FFT and the merge (split) stage in registers
    for (TransformKind kind : {TransformKind::RealToComplex, TransformKind::ComplexToReal}) {
        const KernelSpec r = lanePass(planProblem(multiD(kind, {64}, Precision::Single, false, 4096 + 3), intel));
        BOOST_TEST((r.lane.width != 0u && r.length == 32u && r.lane.registers && r.localMemBytes() == 0u), r.describe());
    }
    for (const Shape& shape : shapes())
        if (!shape.limits.isCpu())
            for (const PassPlan& pass :
                 planProblem(multiD(TransformKind::ComplexToComplex, {48}, Precision::Single, false, 4096), shape.limits).passes)
                BOOST_TEST(!pass.spec.lane.registers, shape.name);
}

// Multi-pass lengths: the variant's first pass is shorter than the balanced split's.
BOOST_AUTO_TEST_CASE(first_pass_shorter_is_a_candidate)
{
    for (const Shape& shape : shapes()) {
        // (on CPUs 16384, and 32768 where local memory holds two of its rows, are one row-lane
        // kernel)
        const std::size_t n = !shape.limits.isCpu() ? 16384 : 2 * 32768 * 8 <= shape.limits.localMemBytes ? 131072 : 32768;
        const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, false, 4);
        const ExecutionPlan profile = planProblem(pr, shape.limits);
        BOOST_TEST_REQUIRE(profile.passes.size() == 2u, shape.name);
        bool found = false;
        for (const Candidate& c : planCandidates(pr, shape.limits, CandidateSet::Default))
            if (std::string(c.variant) == "first pass shorter") {
                found = true;
                BOOST_TEST_REQUIRE(c.plan.passes.size() == 2u);
                BOOST_TEST(c.plan.passes[0].spec.length < profile.passes[0].spec.length, shape.name);
                BOOST_TEST(c.plan.passes[0].spec.length * c.plan.passes[1].spec.length == n, shape.name);
            }
        BOOST_TEST(found, shape.name);
    }
}

// Intel CPUs keep dimension 0 first (the padded temporary lost there); measured planning still
// offers both orders on both CPU profiles.
BOOST_AUTO_TEST_CASE(intel_cpus_keep_dimension_zero_first)
{
    // PoCL numbers its CPU devices' vendor ids 0x8086, 0x8087, ... on any CPU: its vendor string
    // tells an Intel CPU from an AMD one, and every device of a queue array gets one profile.
    BOOST_TEST((deviceClassOf(true, 0x8086, "GenuineIntel") == DeviceClass::CpuIntel));
    BOOST_TEST((deviceClassOf(true, 0x8087, "GenuineIntel") == DeviceClass::CpuIntel));
    BOOST_TEST((deviceClassOf(true, 0x8086, "Intel(R) Corporation") == DeviceClass::CpuIntel));
    BOOST_TEST((deviceClassOf(true, 0x8086, "AuthenticAMD") == DeviceClass::Cpu));
    BOOST_TEST((deviceClassOf(true, 0x8087, "AuthenticAMD") == DeviceClass::Cpu));
    BOOST_TEST((deviceClassOf(false, 0x8086, "Intel(R) Corporation") == DeviceClass::GpuIntel));
    BOOST_TEST((deviceClassOf(false, 0x1002, "Advanced Micro Devices, Inc.") == DeviceClass::GpuAmd));
    DeviceLimits intel = shapes().back().limits, generic = intel;
    intel.deviceClass = DeviceClass::CpuIntel;
    BOOST_TEST(intel.isCpu());
    auto firstWritesTemp = [](const ExecutionPlan& plan) {
        return plan.passes.front().source == BufferRole::Input && plan.passes.front().destination == BufferRole::Temp &&
               plan.passes.back().source == BufferRole::Temp;
    };
    const Problem pr = multiD(TransformKind::ComplexToComplex, {1024, 1024}, Precision::Single, false);
    BOOST_TEST(firstWritesTemp(planProblem(pr, generic)));
    const ExecutionPlan plan = planProblem(pr, intel);
    BOOST_TEST(!firstWritesTemp(plan));
    BOOST_TEST(plan.passes.front().spec.row.width != 0u, plan.passes.front().spec.describe()); // rows first
    // row lanes of 1024: the Intel profile's first pass takes more cache lines (another kernel)
    const Problem rows = multiD(TransformKind::ComplexToComplex, {1024}, Precision::Single, false, 4096);
    const KernelSpec rg = planProblem(rows, generic).passes.front().spec, ri = planProblem(rows, intel).passes.front().spec;
    BOOST_TEST((rg.row.width != 0u && ri.row.width != 0u));
    BOOST_TEST(rg.describe() != ri.describe());
    // rows of 256: one row-lane pass of radix 32 (32 lines) on both CPU profiles
    const Problem r256 = multiD(TransformKind::ComplexToComplex, {256}, Precision::Single, false, 4096);
    const KernelSpec g256 = planProblem(r256, generic).passes.front().spec, i256 = planProblem(r256, intel).passes.front().spec;
    BOOST_TEST((g256.row.width != 0u && g256.radices == std::vector<int>{32}), g256.describe());
    BOOST_TEST((i256.row.width != 0u && i256.radices == std::vector<int>{32}), i256.describe());
    // multi-kernel Bluestein: the passes in the reverse order (20011: beyond the row-lane Bluestein)
    const Problem prime = multiD(TransformKind::ComplexToComplex, {20011}, Precision::Single, false, 4);
    const ExecutionPlan g = planProblem(prime, generic), i = planProblem(prime, intel);
    BOOST_TEST_REQUIRE((g.passes.size() == 4u && i.passes.size() == 4u));
    BOOST_TEST((g.passes[0].spec.length == i.passes[1].spec.length && g.passes[1].spec.length == i.passes[0].spec.length));
    BOOST_TEST(g.passes[0].spec.length != g.passes[1].spec.length);
    for (const DeviceLimits& l : {generic, intel}) {
        bool both[2] = {false, false};
        for (const Candidate& c : planCandidates(pr, l, CandidateSet::Exhaustive))
            both[firstWritesTemp(c.plan) ? 1 : 0] = true;
        BOOST_TEST((both[0] && both[1]), tuningFor(l).name);
    }
}

// AMD CPUs of family 26 (Zen 5) and later plan with their own profile: row-lane kernels keep
// their passes' vectors within 1 KiB of registers (256 as 8 x 4, not radix 32) and take a first
// pass of 16 lines where it saves a pass (1024 as 16 x 8), two passes balanced.
BOOST_AUTO_TEST_CASE(zen5_cpus_keep_row_lane_passes_in_registers)
{
    BOOST_TEST((deviceClassOf(true, 0x8086, "AuthenticAMD", 26) == DeviceClass::CpuAmdZen5));
    BOOST_TEST((deviceClassOf(true, 0x8087, "AuthenticAMD", 27) == DeviceClass::CpuAmdZen5));
    BOOST_TEST((deviceClassOf(true, 0x8086, "AuthenticAMD", 25) == DeviceClass::Cpu));
    BOOST_TEST((deviceClassOf(true, 0x8086, "AuthenticAMD", 0) == DeviceClass::Cpu));
    BOOST_TEST((deviceClassOf(true, 0x8086, "GenuineIntel", 26) == DeviceClass::CpuIntel));
    BOOST_TEST((deviceClassOf(false, 0x1002, "Advanced Micro Devices, Inc.", 26) == DeviceClass::GpuAmd));
#if defined(__x86_64__)
    BOOST_TEST(hostX86Family() >= 6u); // every x86-64 CPU
#endif
    DeviceLimits zen5 = shapes().back().limits;
    zen5.rowVectorKernels = false; // the row lanes of 128 points too
    DeviceLimits generic = zen5;
    zen5.deviceClass = DeviceClass::CpuAmdZen5;
    BOOST_REQUIRE(zen5.isCpu() && generic.deviceClass == DeviceClass::Cpu);
    auto rowRadices = [](std::size_t n, Precision p, const DeviceLimits& l) {
        const KernelSpec spec =
            planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, 4096), l).passes.front().spec;
        BOOST_TEST(spec.row.width == 8u, spec.describe());
        return spec.radices;
    };
    using R = std::vector<int>;
    BOOST_TEST((rowRadices(256, Precision::Single, generic) == R{32}));
    BOOST_TEST((rowRadices(256, Precision::Single, zen5) == R{8, 4}));
    BOOST_TEST((rowRadices(256, Precision::Double, zen5) == R{8, 4}));
    BOOST_TEST((rowRadices(128, Precision::Single, zen5) == R{16})); // 1 KiB: one pass
    BOOST_TEST((rowRadices(128, Precision::Double, zen5) == R{4, 4})); // 2 KiB: two passes
    BOOST_TEST((rowRadices(1024, Precision::Single, generic).size() == 3u));
    BOOST_TEST((rowRadices(1024, Precision::Single, zen5) == R{16, 8}));
    BOOST_TEST((rowRadices(512, Precision::Single, zen5) == R{8, 8}));
    // single columns of 128 in registers (not 64, not double, not the scattered first pass of 65536)
    auto columnsInRegisters = [](const Problem& pr, const DeviceLimits& l) {
        std::vector<bool> out;
        for (const PassPlan& pass : planProblem(pr, l).passes)
            if (pass.spec.lane.width)
                out.push_back(pass.spec.lane.registers);
        return out;
    };
    using B = std::vector<bool>;
    const Problem cube = multiD(TransformKind::ComplexToComplex, {128, 128, 128}, Precision::Single, false, 2);
    BOOST_TEST((columnsInRegisters(cube, zen5) == B{true, true}));
    BOOST_TEST((columnsInRegisters(cube, generic) == B{false, false}));
    BOOST_TEST((columnsInRegisters(multiD(TransformKind::ComplexToComplex, {64, 64, 128}, Precision::Single, false, 8), zen5) ==
                B{false, true}));
    BOOST_TEST((columnsInRegisters(multiD(TransformKind::ComplexToComplex, {128, 128}, Precision::Double, false, 64), zen5) ==
                B{false}));
    const B split = columnsInRegisters(multiD(TransformKind::ComplexToComplex, {65536}, Precision::Single, false, 64), zen5);
    BOOST_TEST((split == B{false, false}));
    // lane passes through local memory take no radix 16 (long lengths split accordingly); passes
    // in registers and the other profiles keep it
    auto laneRadices = [](const Problem& pr, const DeviceLimits& l) {
        std::vector<std::vector<int>> out;
        for (const PassPlan& pass : planProblem(pr, l).passes)
            if (pass.spec.lane.width)
                out.push_back(pass.spec.radices);
        return out;
    };
    using RR = std::vector<std::vector<int>>;
    const Problem p22 = multiD(TransformKind::ComplexToComplex, {std::size_t{1} << 22}, Precision::Single, false, 1);
    BOOST_TEST((laneRadices(p22, zen5) == RR{{8, 8, 8, 4}, {8, 8, 8, 4}}));
    BOOST_TEST((laneRadices(p22, generic) == RR{{16, 8, 8}, {8, 8, 8, 8}}));
    BOOST_TEST((laneRadices(cube, zen5) == RR{{16, 8}, {16, 8}}));
    // narrow double rows of radices up to 10 through local memory (not rows of up to 20 points
    // that start every vector; radix 11 keeps registers); the generic profile keeps registers
    auto narrowRegisters = [](std::size_t n, const DeviceLimits& l) {
        const KernelSpec s = planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Double, false, 1000), l)
                                 .passes.front().spec;
        BOOST_TEST(s.lane.width == 4u, s.describe());
        return s.lane.registers;
    };
    for (std::size_t n : {24u, 28u, 35u, 36u, 45u, 81u, 125u})
        BOOST_TEST((!narrowRegisters(n, zen5) && narrowRegisters(n, generic)), n);
    for (std::size_t n : {20u, 99u, 121u})
        BOOST_TEST(narrowRegisters(n, zen5), n);
    const Problem p10007 = multiD(TransformKind::ComplexToComplex, {10007}, Precision::Single, false, 64);
    for (const auto& r : laneRadices(p10007, zen5))
        BOOST_TEST((std::find(r.begin(), r.end(), 16) == r.end()));
    // double lane passes of two radices with a large one: smaller radices (narrow rows from 60
    // points up to 8, wide rows up to 12); three radices, short rows and the generic profile keep theirs
    auto doubleRadices = [](std::size_t n, const DeviceLimits& l) {
        const KernelSpec s = planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Double, false, 1000), l)
                                 .passes.front().spec;
        BOOST_TEST(s.lane.width > 0u, s.describe());
        return s.radices;
    };
    auto largest = [](const std::vector<int>& r) { return *std::max_element(r.begin(), r.end()); };
    for (std::size_t n : {60u, 100u, 120u})
        BOOST_TEST((largest(doubleRadices(n, zen5)) <= 8 && largest(doubleRadices(n, generic)) >= 10), n);
    for (std::size_t n : {150u, 196u, 210u, 225u})
        BOOST_TEST((largest(doubleRadices(n, zen5)) <= 12 && largest(doubleRadices(n, generic)) >= 14), n);
    // (the same radices; zen5 orders them smallest first, below)
    auto sorted = [](std::vector<int> r) {
        std::sort(r.begin(), r.end());
        return r;
    };
    BOOST_TEST(sorted(doubleRadices(1050, zen5)) == sorted(doubleRadices(1050, generic)));
    BOOST_TEST(sorted(doubleRadices(50, zen5)) == sorted(doubleRadices(50, generic)));
}

// Zen 5: lane passes through local memory over lengths that are no power of two take the
// smallest radix first (more work-items per set of lanes), where those items fit one group; not
// passes in registers, powers of two, or where the items would exceed the group; the generic
// CPU profile keeps the largest first.
BOOST_AUTO_TEST_CASE(zen5_lane_passes_take_the_smallest_radix_first)
{
    DeviceLimits zen5 = shapes().back().limits;
    zen5.deviceClass = DeviceClass::CpuAmdZen5;
    DeviceLimits generic = zen5;
    generic.deviceClass = DeviceClass::Cpu;
    BOOST_REQUIRE(tuningFor(zen5).laneRadicesAscending && !tuningFor(generic).laneRadicesAscending);
    const std::size_t maxItems = std::min(zen5.maxWorkGroupSize, tuningFor(zen5).maxWorkGroup);
    for (Precision p : {Precision::Single, Precision::Double})
        for (std::size_t n : {300u, 360u, 500u, 750u, 2187u, 1024u}) {
            const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, p, false, 1000);
            const KernelSpec z = planProblem(pr, zen5).passes.front().spec, g = planProblem(pr, generic).passes.front().spec;
            BOOST_TEST_CONTEXT("length " << n << ": " << z.describe() << " / " << g.describe())
            {
                if (!z.lane.width || !g.lane.width || z.lane.registers)
                    continue;
                const bool ascending = (n & (n - 1)) != 0 &&
                                       n / static_cast<std::size_t>(*std::min_element(z.radices.begin(), z.radices.end())) <= maxItems;
                BOOST_TEST(std::is_sorted(z.radices.begin(), z.radices.end()) == ascending);
                BOOST_TEST(std::is_sorted(g.radices.rbegin(), g.radices.rend()));
                if (ascending)
                    BOOST_TEST(z.threadsPerTransform == n / static_cast<std::size_t>(z.radices.front()));
            }
        }
    const KernelSpec s300 =
        planProblem(multiD(TransformKind::ComplexToComplex, {300}, Precision::Single, false, 1000), zen5).passes.front().spec;
    BOOST_TEST((s300.radices == std::vector<int>{5, 6, 10} && s300.threadsPerTransform == 60u), s300.describe());
    const KernelSpec s2187 =
        planProblem(multiD(TransformKind::ComplexToComplex, {2187}, Precision::Single, false, 1000), zen5).passes.front().spec;
    BOOST_TEST(s2187.radices.front() == 9, s2187.describe()); // 3 first: 729 items
}

// Odd powers of two in two balanced passes: on Zen 5, single precision up to 2^21 takes the
// shorter factor first; double, 2^23 and the generic profile the longer (the same passes either
// way, so the choice is the profile's, not the model's).
BOOST_AUTO_TEST_CASE(zen5_odd_powers_of_two_take_the_shorter_pass_first)
{
    DeviceLimits zen5 = shapes().back().limits;
    zen5.deviceClass = DeviceClass::CpuAmdZen5;
    DeviceLimits generic = zen5;
    generic.deviceClass = DeviceClass::Cpu;
    const std::size_t maxShorter = tuningFor(zen5).splitShorterFirstSingleMax;
    BOOST_REQUIRE(maxShorter >= (std::size_t{1} << 19) && tuningFor(generic).splitShorterFirstSingleMax == 0u);
    for (Precision p : {Precision::Single, Precision::Double})
        for (unsigned log2 : {17u, 19u, 21u, 23u}) {
            const std::size_t n = std::size_t{1} << log2;
            const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, p, false, 2);
            const ExecutionPlan z = planProblem(pr, zen5), g = planProblem(pr, generic);
            BOOST_TEST_CONTEXT("2^" << log2 << (p == Precision::Double ? " double" : " single"))
            {
                BOOST_TEST_REQUIRE(z.passes.size() == 2u);
                BOOST_TEST_REQUIRE(g.passes.size() == 2u);
                const std::size_t first = z.passes[0].spec.length, second = z.passes[1].spec.length;
                BOOST_TEST(first * second == n);
                const bool shorter = p == Precision::Single && n <= maxShorter;
                BOOST_TEST((shorter ? first < second : first > second), first << " x " << second);
                BOOST_TEST(g.passes[0].spec.length > g.passes[1].spec.length);
            }
        }
}

// Complex rows of up to 1 KiB of vectors (single 48, 64 and 128, double 48 and 64) whose blocks
// across the lanes lie in one row, on one work-item per row, every pass in registers: no local
// memory, in every CPU profile; longer rows, real rows, rows packed across rows and GPUs keep it.
BOOST_AUTO_TEST_CASE(short_complex_rows_keep_every_row_lane_pass_in_registers)
{
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::CpuIntel, DeviceClass::CpuAmdZen5}) {
        DeviceLimits l = shapes().back().limits;
        l.deviceClass = c;
        l.rowVectorKernels = false; // the row lanes of 64 and 128 points
        BOOST_REQUIRE(l.isCpu());
        auto rowPass = [&](std::size_t n, Precision p) {
            return planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, 4096), l).passes.front().spec;
        };
        for (auto [n, p] : {std::pair{64, Precision::Single}, {128, Precision::Single}, {64, Precision::Double}}) {
            const KernelSpec s = rowPass(static_cast<std::size_t>(n), p);
            BOOST_TEST((s.row.width == 8u && s.row.registers && s.threadsPerTransform == 1u && s.localMemBytes() == 0u),
                       s.describe());
            const std::string src = generateKernelSource(s);
            BOOST_TEST((src.find("__local") == std::string::npos && src.find("barrier(") == std::string::npos), s.describe());
        }
        for (auto [n, p] : {std::pair{256, Precision::Single}, {128, Precision::Double}}) {
            const KernelSpec s = rowPass(static_cast<std::size_t>(n), p);
            BOOST_TEST((s.row.width == 8u && !s.row.registers && s.localMemBytes() > 0u), s.describe());
        }
        // packed rows of 4 lanes whose blocks lie in one row: single 48 (two rows per vector,
        // 768 bytes) and double 48; not single 80 (1280 bytes) nor rows of 8A + 4 points
        for (auto [n, p] : {std::pair{48, Precision::Single}, {48, Precision::Double}}) {
            const KernelSpec s = rowPass(static_cast<std::size_t>(n), p);
            BOOST_TEST((s.row.width == 4u && rowLanePacked(s) && s.row.registers && s.localMemBytes() == 0u), s.describe());
            const std::string src = generateKernelSource(s);
            BOOST_TEST((src.find("__local") == std::string::npos && src.find("barrier(") == std::string::npos), s.describe());
        }
        for (std::size_t n : {80u, 60u}) {
            const KernelSpec s = rowPass(n, Precision::Single);
            BOOST_TEST((s.row.width == 4u && !s.row.registers), s.describe());
        }
        const KernelSpec r = planProblem(multiD(TransformKind::RealToComplex, {128}, Precision::Single, false, 4096), l)
                                 .passes.front().spec;
        BOOST_TEST(!r.row.registers, r.describe());
    }
    const KernelSpec g =
        planProblem(multiD(TransformKind::ComplexToComplex, {64}, Precision::Single, false, 4096), shapes().front().limits)
            .passes.front().spec;
    BOOST_TEST((g.row.width == 0u && !g.row.registers), g.describe());
}

// Passes whose data exceed the device's cache store past it (non-temporal stores) where whole
// vectors go out in order: row lanes, lane passes out of place over unit-stride columns, moving
// aligned rows or blocks of short rows; never lane passes in place, GPU forms, or a device that
// reports no cache.
// Complex rows beyond 8192 points stay one trip through global memory where the row-lane kernel
// holds the row twice in local memory, with tight buffers (no padding, no spare vector) where only
// those fit; columns of such lengths, rows too long for it and the capped candidates keep their
// passes (a Stockham kernel of that length would be far slower).
BOOST_AUTO_TEST_CASE(complex_rows_beyond_8192_points_take_one_row_lane_kernel)
{
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::CpuIntel, DeviceClass::CpuAmdZen5}) {
        DeviceLimits l = shapes().back().limits;
        l.deviceClass = c;
        BOOST_REQUIRE(l.isCpu());
        for (auto [n, p] : {std::pair{8320, Precision::Single}, {12288, Precision::Single}, {16384, Precision::Single},
                            {32768, Precision::Single}, {10240, Precision::Double}, {16384, Precision::Double}}) {
            const ExecutionPlan plan = planProblem(multiD(TransformKind::ComplexToComplex, {static_cast<std::size_t>(n)}, p,
                                                          false, 8), l);
            const int bytes = p == Precision::Double ? 16 : 8, A = n / 8;
            const bool holds = 2 * n * bytes <= static_cast<int>(l.localMemBytes);
            const bool padded = (A & (A - 1)) == 0 && n * bytes >= 128 * 1024;
            const bool roomy = 2 * (A + 1 + (padded ? A / 64 : 0)) * 8 * bytes <= static_cast<int>(l.localMemBytes);
            BOOST_TEST_CONTEXT(n << (p == Precision::Double ? " double" : " single"))
            {
                if (holds) {
                    BOOST_TEST(plan.passes.size() == 1u);
                    const KernelSpec& s = plan.passes.front().spec;
                    BOOST_TEST((s.row.width == 8u && s.row.tight == !roomy), s.describe());
                    BOOST_TEST(s.localMemBytes() <= l.localMemBytes, s.describe());
                    if (s.row.tight)
                        BOOST_TEST(s.localMemBytes() == static_cast<std::size_t>(2 * n * bytes), s.describe());
                } else {
                    BOOST_TEST(plan.passes.size() >= 2u);
                }
                for (const PassPlan& pass : plan.passes)
                    BOOST_TEST((pass.spec.length <= 8192u || pass.spec.row.width > 0u), pass.spec.describe());
            }
        }
        // long real rows: the complex FFT of half the length in one row-lane kernel, then the merge
        const ExecutionPlan r = planProblem(multiD(TransformKind::RealToComplex, {24576}, Precision::Single, false, 8), l);
        BOOST_TEST(r.passes.size() == 2u);
        BOOST_TEST(r.passes.front().spec.row.width == 8u, r.passes.front().spec.describe());
        // 16384-point columns: passes, none a kernel of 16384 points
        const ExecutionPlan cols = planProblem(multiD(TransformKind::ComplexToComplex, {64, 16384}, Precision::Single, false), l);
        BOOST_TEST(cols.passes.size() >= 3u);
        for (const PassPlan& pass : cols.passes)
            BOOST_TEST(pass.spec.length < 16384u, pass.spec.describe());
        // the candidates that cap one kernel's length keep their passes
        const std::optional<ExecutionPlan> two = planVariant(
            multiD(TransformKind::ComplexToComplex, {12288}, Precision::Single, false, 8), l, "one kernel up to 4096");
        BOOST_TEST_REQUIRE(two.has_value());
        BOOST_TEST(two->passes.size() >= 2u);
    }
    const ExecutionPlan gpu =
        planProblem(multiD(TransformKind::ComplexToComplex, {12288}, Precision::Single, false, 8), shapes()[3].limits);
    BOOST_TEST(gpu.passes.size() >= 2u);
}

// Long real rows (beyond one kernel): the split/merge pass takes 8 consecutive pairs per work-item
// on CPUs, interleaved on both sides without callbacks, where 16 divides the half length; GPUs,
// planar sides, callbacks and other half lengths keep one pair per work-item.
BOOST_AUTO_TEST_CASE(split_merge_takes_pairs_as_vectors_on_cpus)
{
    auto splitMerge = [](const ExecutionPlan& plan) {
        for (const PassPlan& pass : plan.passes)
            if (pass.spec.kind == PassKind::RealMerge || pass.spec.kind == PassKind::RealSplit)
                return pass.spec;
        BOOST_FAIL("no split/merge pass");
        return KernelSpec{};
    };
    DeviceLimits cpu = shapes().back().limits;
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::CpuIntel, DeviceClass::CpuAmdZen5}) {
        cpu.deviceClass = c;
        for (TransformKind kind : {TransformKind::RealToComplex, TransformKind::ComplexToReal})
            for (Precision p : {Precision::Single, Precision::Double}) {
                const KernelSpec s = splitMerge(planProblem(multiD(kind, {1u << 20}, p, false, 2), cpu));
                BOOST_TEST(s.pairVector == 8u, s.describe());
                BOOST_TEST((s.kind == (kind == TransformKind::RealToComplex ? PassKind::RealMerge : PassKind::RealSplit)));
            }
        // M = 20020: 16 does not divide it
        BOOST_TEST(splitMerge(planProblem(multiD(TransformKind::RealToComplex, {40040}, Precision::Single, false, 2), cpu))
                       .pairVector == 0u);
        Problem planar = multiD(TransformKind::RealToComplex, {1u << 20}, Precision::Single, false, 2);
        planar.outLayout = ComplexLayout::Planar;
        BOOST_TEST(splitMerge(planProblem(planar, cpu)).pairVector == 0u);
        Problem callback = multiD(TransformKind::RealToComplex, {1u << 20}, Precision::Single, false, 2);
        callback.post.present = true;
        callback.post.functionName = "store";
        callback.post.source = "void store(__global void* out, uint offset, __global void* userdata, float2 v) { }";
        BOOST_TEST(splitMerge(planProblem(callback, cpu)).pairVector == 0u);
        const std::optional<ExecutionPlan> one =
            planVariant(multiD(TransformKind::RealToComplex, {1u << 20}, Precision::Single, false, 2), cpu,
                        "split/merge: one pair per work-item");
        BOOST_TEST_REQUIRE(one.has_value());
        BOOST_TEST(splitMerge(*one).pairVector == 0u);
    }
    for (std::size_t i = 0; i + 1 < shapes().size(); ++i) // the GPU shapes
        BOOST_TEST(splitMerge(planProblem(multiD(TransformKind::RealToComplex, {1u << 20}, Precision::Single, false, 2),
                                          shapes()[i].limits))
                       .pairVector == 0u);
}

BOOST_AUTO_TEST_CASE(large_row_passes_stream_their_stores)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    cpu.cacheBytes = std::size_t{1} << 20;
    cpu.rowVectorKernels = false; // the lane forms of 48 and 24 (row vectors: below)
    BOOST_REQUIRE(tuningFor(cpu).streamStores);
    auto only = [](const ExecutionPlan& plan) {
        BOOST_TEST_REQUIRE(plan.passes.size() == 1u);
        return plan.passes[0].spec;
    };
    auto c2c = [](std::size_t n, std::size_t batch, bool inPlace) {
        return multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, inPlace, batch);
    };
    for (bool inPlace : {false, true}) {
        // 256 x 1024 single: 2 MiB each way, over the 1 MiB cache; 256 x 64 within it
        const KernelSpec r = only(planProblem(c2c(256, 1024, inPlace), cpu));
        BOOST_TEST_REQUIRE(r.row.width > 0u, r.describe());
        BOOST_TEST(r.streamStores, r.describe());
        BOOST_TEST(r.kernelName().find("_nt") != std::string::npos, r.kernelName());
        const KernelSpec rs = only(planProblem(c2c(256, 64, inPlace), cpu));
        BOOST_TEST(!rs.streamStores, rs.describe());
        BOOST_TEST(rs.kernelName().find("_nt") == std::string::npos, rs.kernelName());
        // 48 x 8192: rows of a lane kernel by chunks, 3 MiB each way (row lanes off: they take 48)
        DeviceLimits lanesOnly = cpu;
        lanesOnly.rowLaneKernels = false;
        const KernelSpec l = only(planProblem(c2c(48, 8192, inPlace), lanesOnly));
        BOOST_TEST_REQUIRE(l.lane.width > 0u, l.describe());
        BOOST_TEST_REQUIRE((l.lane.rowsOut || l.lane.blocksOut), l.describe());
        BOOST_TEST(l.streamStores == !inPlace, l.describe());
        // rows of 81 double points (1296 bytes) start mid-vector: plain stores
        const KernelSpec m =
            only(planProblem(multiD(TransformKind::ComplexToComplex, {81}, Precision::Double, inPlace, 4096), cpu));
        BOOST_TEST_REQUIRE((m.lane.width > 0u && (m.lane.rowsOut || m.lane.blocksOut)), m.describe());
        BOOST_TEST(!m.streamStores, m.describe());
        // blocks of 8 rows of 3, 6 or 10 points (rows start mid-vector, blocks do not), 2 MiB
        // or more each way, single and double: whole vectors from each block's start
        for (std::size_t n : {3u, 6u, 10u})
            for (Precision p : {Precision::Single, Precision::Double}) {
                const KernelSpec b =
                    only(planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, inPlace, 262144 / n * 8), cpu));
                BOOST_TEST_REQUIRE((b.lane.width > 0u && b.lane.blocksOut), b.describe());
                BOOST_TEST(b.streamStores == !inPlace, b.describe());
            }
    }
    // 2D 256 x 256 x 16 (8 MiB), in and out of place: the rows stream, lane passes in place do not
    for (bool inPlace : {false, true}) {
        const ExecutionPlan twoD =
            planProblem(multiD(TransformKind::ComplexToComplex, {256, 256}, Precision::Single, inPlace, 16), cpu);
        bool rowsStreamed = false;
        for (const PassPlan& pass : twoD.passes) {
            const KernelSpec& s = pass.spec;
            if (s.lane.width && s.inPlace)
                BOOST_TEST(!s.streamStores, s.describe());
            rowsStreamed = rowsStreamed || (s.row.width && s.streamStores);
        }
        BOOST_TEST(rowsStreamed);
    }
    // 65536 x 16 (8 MiB): two lane passes out of place, the last over unit-stride columns; both stream
    const ExecutionPlan twoPass = planProblem(c2c(65536, 16, false), cpu);
    BOOST_TEST_REQUIRE(twoPass.passes.size() == 2u);
    BOOST_TEST((twoPass.passes[1].spec.lane.width && !twoPass.passes[1].spec.lane.gatherOut),
               twoPass.passes[1].spec.describe());
    for (const PassPlan& pass : twoPass.passes)
        BOOST_TEST((pass.spec.streamStores && !pass.spec.inPlace), pass.spec.describe());
    // 8192 rows of 512 reals (16 MiB each way): the R2C's rows stream their whole lines; with a
    // DCT-II fused, each store is half a line (8 reals here, 8 reversed there) and does not
    {
        Problem dct = multiD(TransformKind::RealToComplex, {512}, Precision::Single, false, 8192);
        const KernelSpec plain = only(planProblem(dct, cpu));
        BOOST_TEST_REQUIRE(plain.row.width > 0u, plain.describe());
        BOOST_TEST(plain.streamStores, plain.describe());
        dct.r2rIn = dct.r2rOut = R2RFusion{5, 512}; // REDFT10
        const KernelSpec fused = only(planProblem(dct, cpu));
        BOOST_TEST_REQUIRE((fused.row.width > 0u && fused.r2rOut.present()), fused.describe());
        BOOST_TEST(!fused.streamStores, fused.describe());
        // DCT-III's row lanes store whole lines from local memory (Makhoul's order undone): they stream
        Problem dct3 = multiD(TransformKind::ComplexToReal, {4096}, Precision::Single, false, 1024);
        dct3.r2rIn = dct3.r2rOut = R2RFusion{4, 4096}; // REDFT01
        const KernelSpec staged = only(planProblem(dct3, cpu));
        BOOST_TEST_REQUIRE((staged.row.width > 0u && staged.r2rOut.present()), staged.describe());
        BOOST_TEST(staged.streamStores, staged.describe());
    }
    DeviceLimits noCache = cpu, gpu = cpu;
    noCache.cacheBytes = 0;
    gpu.deviceClass = DeviceClass::GpuGeneric;
    for (const DeviceLimits& l : {noCache, gpu})
        for (const PassPlan& pass : planProblem(c2c(256, 1024, false), l).passes)
            BOOST_TEST(!pass.spec.streamStores, pass.spec.describe());
}

// Lane passes take radix 16 only where it saves a pass (1024 as 16x8x8, 256 as 8x8x4); the
// Stockham form keeps the model's radices, and measured planning can try the model's in lanes.
BOOST_AUTO_TEST_CASE(lane_passes_take_radix_16_only_where_it_saves_a_pass)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    BOOST_REQUIRE(tuningFor(cpu).laneRadix16Cost > radixPassCost(16));
    auto lanePassRadices = [&](const DeviceLimits& l, std::size_t n, std::size_t columns) {
        // n x columns in 2D: the pass over dimension 1 runs lanes across the columns
        const ExecutionPlan plan =
            planProblem(multiD(TransformKind::ComplexToComplex, {columns, n}, Precision::Single, false, 1), l);
        for (const PassPlan& pass : plan.passes)
            if (pass.spec.length == n && pass.spec.lane.width)
                return std::make_pair(pass.spec.radices, pass.spec.threadsPerTransform);
        BOOST_FAIL("no lane pass of length " << n);
        return std::make_pair(std::vector<int>{}, std::size_t{0});
    };
    const std::map<std::size_t, std::vector<int>> want{
        {256, {8, 8, 4}}, {1024, {16, 8, 8}}, {2048, {8, 8, 8, 4}}, {4096, {8, 8, 8, 8}}, {128, {16, 8}}};
    for (const auto& [n, radices] : want) {
        const auto [got, threads] = lanePassRadices(cpu, n, 64);
        BOOST_TEST(got == radices, "length " << n);
        if (!got.empty())
            BOOST_TEST(threads == std::min({n / static_cast<std::size_t>(got.front()), cpu.maxWorkGroupSize,
                                            tuningFor(cpu).maxWorkGroup}),
                       "length " << n);
    }
    // Double8 lanes take no radix 16: 128 columns as 8x4x4, 1024 as 8x8x4x4
    for (const auto& [n, radices] : std::map<std::size_t, std::vector<int>>{{128, {8, 4, 4}}, {1024, {8, 8, 4, 4}}}) {
        const ExecutionPlan plan =
            planProblem(multiD(TransformKind::ComplexToComplex, {64, n}, Precision::Double, false, 1), cpu);
        bool found = false;
        for (const PassPlan& pass : plan.passes)
            if (pass.spec.length == n && pass.spec.lane.width == 8u) {
                found = true;
                BOOST_TEST(pass.spec.radices == radices, pass.spec.describe());
            }
        BOOST_TEST(found, "double " << n);
    }
    // The GPU form and the model's cost: two radix-16 passes for 256
    BOOST_TEST(chooseRadices(256) == (std::vector<int>{16, 16}));
    DeviceLimits gpu = cpu;
    gpu.deviceClass = DeviceClass::GpuGeneric;
    for (const PassPlan& pass :
         planProblem(multiD(TransformKind::ComplexToComplex, {64, 256}, Precision::Single, false, 1), gpu).passes)
        BOOST_TEST((pass.spec.length != 256 || pass.spec.radices == std::vector<int>{16, 16}), pass.spec.describe());
    // A measured candidate keeps the model's radix 16 in lanes
    bool modelCandidate = false;
    for (const Candidate& c : planCandidates(multiD(TransformKind::ComplexToComplex, {64, 256}, Precision::Single, false, 1),
                                             cpu, CandidateSet::Default))
        for (const PassPlan& pass : c.plan.passes)
            modelCandidate = modelCandidate || (pass.spec.lane.width && pass.spec.radices == std::vector<int>{16, 16});
    BOOST_TEST(modelCandidate);
}

// A lane pass in one local buffer (and Bluestein's two-round lane kernels) holds each item's
// registers across barriers in per-item memory that aliases in the cache when the items are a
// multiple of 32: such passes take another count, one with the fewest register slots in all
// (items x the most butterflies x radix an item holds in a pass, at least the length).
BOOST_AUTO_TEST_CASE(lane_passes_holding_registers_across_barriers_avoid_multiples_of_32_items)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    cpu.rowLaneBluestein = false; // the lane Bluestein of 1009 and 2017
    const std::size_t maxGroup = std::min(cpu.maxWorkGroupSize, tuningFor(cpu).maxWorkGroup);
    auto lanePass = [&](std::size_t n, Precision p) {
        const ExecutionPlan plan = planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, 64), cpu);
        BOOST_REQUIRE_EQUAL(plan.passes.size(), 1u);
        BOOST_REQUIRE(plan.passes.front().spec.lane.width > 0u);
        return plan.passes.front().spec;
    };
    auto slots = [](const KernelSpec& s) {
        std::size_t most = 0;
        for (int r : s.radices)
            most = std::max(most, (s.length / static_cast<std::size_t>(r) + s.threadsPerTransform - 1) /
                                      s.threadsPerTransform * static_cast<std::size_t>(r));
        return most;
    };
    // single powers of two whose two buffers of 8 lanes exceed local memory: one buffer; then
    // the fewest slots in all, within 1/16 of the length (no count that is no multiple of 32
    // divides a power of two's butterflies)
    const DeviceLimits wide = cpu;
    cpu.rowLaneKernels = false;
    for (std::size_t n : {1024u, 2048u, 4096u}) {
        cpu.localMemBytes = n * 8 * 8;
        const KernelSpec s = lanePass(n, Precision::Single);
        BOOST_TEST(s.lane.oneBuffer, s.describe());
        BOOST_TEST((s.threadsPerTransform > 1u && s.threadsPerTransform <= maxGroup), s.describe());
        BOOST_TEST(s.threadsPerTransform % 32u != 0u, s.describe());
        BOOST_TEST(s.threadsPerTransform * slots(s) <= n + n / 16, s.describe());
    }
    cpu = wide;
    // Bluestein of 2017 (M = 4096 = 8x8x8x8, two buffers here): not 256 items
    const KernelSpec b2017 = lanePass(2017, Precision::Single);
    BOOST_TEST((b2017.kind == PassKind::Bluestein), b2017.describe());
    BOOST_TEST((b2017.threadsPerTransform > 1u && b2017.threadsPerTransform % 32u != 0u), b2017.describe());
    BOOST_TEST(b2017.threadsPerTransform * slots(b2017) <= b2017.length + b2017.length / 16, b2017.describe());
    // Counts that are no multiple of 32 stay one item per butterfly of the first pass.
    const KernelSpec s2187 = lanePass(2187, Precision::Double);
    BOOST_TEST(s2187.threadsPerTransform == 2187u / static_cast<std::size_t>(s2187.radices.front()), s2187.describe());
    const KernelSpec b1009 = lanePass(1009, Precision::Single);
    BOOST_TEST(b1009.threadsPerTransform == b1009.length / static_cast<std::size_t>(b1009.radices.front()), b1009.describe());
    // Two-buffer plain lane passes keep theirs, multiples of 32 too (1500 as 100; 1024 columns as 64)
    const KernelSpec s1500 = lanePass(1500, Precision::Double);
    BOOST_TEST(!s1500.lane.oneBuffer, s1500.describe());
    BOOST_TEST(s1500.threadsPerTransform == std::min<std::size_t>(1500u / static_cast<std::size_t>(s1500.radices.front()), maxGroup),
               s1500.describe());
}

// Complex double lane passes whose two local buffers of 8 lanes would not fit take 4 lanes in
// two buffers (no values held across barriers) rather than one buffer; not where two buffers of 8
// fit (1500), not single powers of two (float4: 8192 columns keep one buffer of 8). Single rows
// beyond 4096 points that are no multiple of 64 run in one such kernel.
BOOST_AUTO_TEST_CASE(double_lanes_halve_rather_than_share_one_local_buffer)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    BOOST_REQUIRE(tuningFor(cpu).laneHalfWidthForTwoBuffers);
    auto lanePass = [&](const Problem& pr) {
        for (const PassPlan& pass : planProblem(pr, cpu).passes)
            if (pass.spec.lane.width && pass.spec.length >= 1500u)
                return pass.spec;
        return KernelSpec();
    };
    for (std::size_t n : {2400u, 3000u, 4000u}) {
        const KernelSpec s = lanePass(multiD(TransformKind::ComplexToComplex, {n}, Precision::Double, false, 699));
        BOOST_TEST((s.lane.width == 4u && !s.lane.oneBuffer), s.describe());
        BOOST_TEST((s.localMemBytes() == 2 * n * 4 * 16 && s.localMemBytes() <= cpu.localMemBytes), s.describe());
        BOOST_TEST(2 * n * 8 * 16 > cpu.localMemBytes);
    }
    const KernelSpec columns = lanePass(multiD(TransformKind::ComplexToComplex, {64, 4096}, Precision::Double, false, 4));
    BOOST_TEST((columns.lane.width == 4u && !columns.lane.oneBuffer), columns.describe());
    const KernelSpec s1500 = lanePass(multiD(TransformKind::ComplexToComplex, {1500}, Precision::Double, false, 699));
    BOOST_TEST((s1500.lane.width == 8u && !s1500.lane.oneBuffer), s1500.describe());
    const KernelSpec single = lanePass(multiD(TransformKind::ComplexToComplex, {64, 8192}, Precision::Single, false, 4));
    BOOST_TEST((single.lane.width == 8u && single.lane.oneBuffer), single.describe());
    // single rows of 4097-8192 points that are no multiple of 64 (no row-lane form): one lane
    // kernel of 4 lanes in two buffers where other rows give the lanes, else two passes
    for (std::size_t n : {4500u, 5000u, 6561u, 7000u}) {
        const ExecutionPlan one = planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, false, 64), cpu);
        BOOST_TEST_REQUIRE(one.passes.size() == 1u, n);
        const KernelSpec& s = one.passes.front().spec;
        BOOST_TEST((s.lane.width == 4u && !s.lane.oneBuffer && s.length == n), s.describe());
        BOOST_TEST(s.localMemBytes() <= cpu.localMemBytes, s.describe());
        BOOST_TEST(planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, false, 3), cpu).passes.size() == 2u, n);
    }
}

// Two-pass lengths on CPUs: powers of two split into the fewest radix passes near the balance
// (65536 = 128 x 512, five passes, not 256 x 256's six), other lengths so that the second pass
// has whole sets of lanes; GPUs keep the balance.
BOOST_AUTO_TEST_CASE(long_lengths_split_into_the_fewest_radix_passes)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    BOOST_REQUIRE(tuningFor(cpu).splitFewestRadixPasses);
    DeviceLimits gpu = cpu;
    gpu.deviceClass = DeviceClass::GpuGeneric;
    auto passLengths = [](const DeviceLimits& l, std::size_t n) {
        std::vector<std::size_t> lengths;
        for (const PassPlan& pass :
             planProblem(multiD(TransformKind::ComplexToComplex, {n}, Precision::Single, false, 4), l).passes)
            lengths.push_back(pass.spec.length);
        return lengths;
    };
    BOOST_TEST(passLengths(cpu, 65536) == (std::vector<std::size_t>{128, 512}), boost::test_tools::per_element());
    DeviceLimits cpu256 = cpu; // (within 512 KiB 32768 is one row-lane kernel)
    cpu256.localMemBytes = 256u << 10;
    BOOST_TEST(passLengths(cpu256, 32768) == (std::vector<std::size_t>{256, 128}), boost::test_tools::per_element());
    BOOST_TEST(passLengths(cpu, std::size_t{1} << 20) == (std::vector<std::size_t>{1024, 1024}),
               boost::test_tools::per_element());
    BOOST_TEST(passLengths(gpu, 65536) == (std::vector<std::size_t>{256, 256}), boost::test_tools::per_element());
    // Other lengths: the first factor a multiple of the lanes where one lies within 2x of the
    // balance (the second pass runs whole sets of lanes), else the balance
    BOOST_TEST(passLengths(cpu, 5000) == (std::vector<std::size_t>{40, 125}), boost::test_tools::per_element());
    BOOST_TEST(passLengths(cpu, 10000) == (std::vector<std::size_t>{80, 125}), boost::test_tools::per_element());
    BOOST_TEST(passLengths(cpu, 12000) == (std::vector<std::size_t>{120, 100}), boost::test_tools::per_element());
    BOOST_TEST(passLengths(cpu, 6561) == (std::vector<std::size_t>{81, 81}), boost::test_tools::per_element());
    BOOST_TEST(passLengths(gpu, 10000) == (std::vector<std::size_t>{100, 100}), boost::test_tools::per_element());
    // Measured planning can still take the balanced split
    bool balanced = false;
    for (const Candidate& c : planCandidates(multiD(TransformKind::ComplexToComplex, {65536}, Precision::Single, false, 4),
                                             cpu, CandidateSet::Default))
        balanced = balanced || (c.plan.passes.size() == 2u && c.plan.passes[0].spec.length == 256u);
    BOOST_TEST(balanced);
}

// Single complex rows of 8 A points, A not a multiple of 8, up to the profile's limit: packed row
// lanes (the DFTs across the lanes over blocks of the group's vectors), the group whole periods
// of lcm(A, 8) vectors; stores streamed only for A = 4 (whole lines in two halves). Rows of 8A + 4
// points: packed row lanes of 4 (float4), as double rows of 16A points in the profile's range.
// Other double rows, longer rows and GPUs keep their forms.
BOOST_AUTO_TEST_CASE(short_single_rows_take_packed_row_lanes)
{
    using namespace clfft_ng;
    DeviceLimits cpu = clfft_test::cpuShape(4u << 20);
    cpu.cacheBytes = 1u << 20;
    cpu.rowVectorKernels = false; // the row lanes of 16 and 32 points
    const std::size_t maxLength = tuningFor(cpu).rowLanesPackedMaxLength;
    BOOST_REQUIRE(maxLength >= 48);
    auto firstPass = [&](std::size_t n, Precision p, DeviceLimits l, std::size_t batch) {
        l.rowVectorKernels = false; // the row lanes of the rows they would take
        const ExecutionPlan plan = planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, batch), l);
        BOOST_REQUIRE_EQUAL(plan.passes.size(), 1u);
        return plan.passes.front().spec;
    };
    for (std::size_t n = 16; n <= maxLength; n += 8) {
        if (n % 64 == 0 || !hasCodeletFactors(n))
            continue;
        for (std::size_t batch : {1u, 3u, 100000u}) {
            const KernelSpec s = firstPass(n, Precision::Single, cpu, batch);
            BOOST_TEST_CONTEXT("length " << n << " batch " << batch << ": " << s.describe())
            {
                // past the cache (1 MiB here), the shortest take lanes that stream
                if (batch == 100000u && n < tuningFor(cpu).rowLanesPackedMinLengthPastCache) {
                    BOOST_TEST((s.row.width == 0u && s.lane.width == 8u && s.streamStores));
                    continue;
                }
                const std::size_t* s16 = tuningFor(cpu).rowLanesStacked16A;
                const bool stacked = n % 16 == 0 && n >= s16[0] && n <= s16[1]; // 4 lanes, two rows a vector
                BOOST_TEST(s.row.width == (stacked ? 4u : 8u));
                BOOST_TEST(s.row.stacked == stacked);
                BOOST_TEST(rowLanePacked(s));
                const std::size_t A = n / s.row.width;
                BOOST_TEST(s.transformsPerGroup % (s.row.width / std::gcd(A, s.row.width)) == 0u);
                BOOST_TEST(s.localMemBytes() <= cpu.localMemBytes);
                if (batch == 100000u) // 3 MiB or more: past the caches
                    BOOST_TEST(s.streamStores == (s.row.width == 8u && A == 4));
            }
        }
    }
    // rows of 8A + 4 points longer than the blocks: packed row lanes of 4 up to their limit
    const TuningProfile& profile = tuningFor(cpu);
    BOOST_REQUIRE(profile.rowLanesPacked4MaxLength >= 60u);
    for (std::size_t n = 12; n <= profile.rowLanesPacked4MaxLength + 8; n += 8) {
        if (!hasCodeletFactors(n))
            continue;
        const KernelSpec s = firstPass(n, Precision::Single, cpu, 100000);
        const bool want = n > profile.laneRowBlocksMaxLength && n <= profile.rowLanesPacked4MaxLength;
        BOOST_TEST((s.row.width == 4u) == want, s.describe());
        if (want) {
            BOOST_TEST(rowLanePacked(s), s.describe());
            BOOST_TEST(s.transformsPerGroup % 4u == 0u, s.describe()); // A odd: 4 transforms a period
            BOOST_TEST(!s.streamStores, s.describe());
            // two rows per float8, as the profile says; the local memory counts both
            BOOST_TEST(s.row.stacked == profile.rowLanesStacked4, s.describe());
            BOOST_TEST(s.localMemBytes() == s.transformsPerGroup * (s.row.stacked ? 2u : 1u) * 2u * (n + 4u) * 8u + kRowLaneZeroBytes);
        }
        BOOST_TEST(firstPass(n, Precision::Double, cpu, 1000).row.width == 0u, "double " << n);
    }
    const std::size_t longer = (maxLength / 8 + 1) * 8 % 64 ? (maxLength / 8 + 1) * 8 : (maxLength / 8 + 2) * 8;
    BOOST_TEST(!rowLanePacked(firstPass(longer, Precision::Single, cpu, 1000)));
    // double rows of 16A points within the profile's range: 4 lanes, whole lines streamed
    const std::size_t* d4 = profile.rowLanesPacked4Double;
    BOOST_REQUIRE(d4[0] >= 16u && d4[1] >= d4[0]);
    for (std::size_t n = 16; n <= d4[1] + 16; n += 16) {
        if (n % 64 == 0)
            continue;
        const KernelSpec s = firstPass(n, Precision::Double, cpu, 100000);
        const bool want = n >= d4[0] && n <= d4[1];
        BOOST_TEST((s.row.width == 4u) == want, s.describe());
        if (want)
            BOOST_TEST((rowLanePacked(s) && s.streamStores && s.transformsPerGroup >= 1u), s.describe());
    }
    BOOST_TEST(firstPass(40, Precision::Double, cpu, 1000).row.width == 0u);
    DeviceLimits gpu = cpu;
    gpu.deviceClass = DeviceClass::GpuGeneric;
    BOOST_TEST(firstPass(48, Precision::Single, gpu, 1000).row.width == 0u);
    // Local memory for one period only: still packed; less: not a row-lane kernel
    const KernelSpec small = firstPass(56, Precision::Single, clfft_test::cpuShape(8 * 2 * 64 * 8), 1000);
    BOOST_TEST((rowLanePacked(small) && small.transformsPerGroup == 8u), small.describe());
    BOOST_TEST(firstPass(56, Precision::Single, clfft_test::cpuShape(7 * 2 * 64 * 8), 1000).row.width == 0u);
    // stacked rows where two slots fit, else one row per vector (80: more than registers hold)
    const KernelSpec one = firstPass(80, Precision::Single, clfft_test::cpuShape(2 * 84 * 8), 1000);
    BOOST_TEST((one.row.width == 4u && rowLanePacked(one) && !one.row.stacked && one.transformsPerGroup == 1u), one.describe());
    const KernelSpec two = firstPass(80, Precision::Single, clfft_test::cpuShape(2 * 2 * 84 * 8), 1000);
    BOOST_TEST((two.row.stacked && two.transformsPerGroup == 1u && two.localMemBytes() == 2u * 2u * 84u * 8u + kRowLaneZeroBytes), two.describe());
    // rows read in pieces (several devices' pencils): one row per vector, the pieces' loads
    Problem pieces = multiD(TransformKind::ComplexToComplex, {96}, Precision::Single, false, 1000);
    pieces.inPieces = RowPieces{48, 64, 0};
    const KernelSpec p96 = planProblem(pieces, cpu).passes.front().spec;
    BOOST_TEST((p96.row.width == 4u && !p96.row.stacked && p96.row.pieceLength == 48u), p96.describe());
}

BOOST_AUTO_TEST_CASE(complex_primes_take_bluestein_lanes_but_primes_to_47_one_radix)
{
    using namespace clfft_ng;
    const DeviceLimits cpu = clfft_test::cpuShape(1u << 20);
    const TuningProfile& t = tuningFor(cpu);
    BOOST_REQUIRE(t.laneBluesteinOverRaderBytes > 0u);
    auto only = [&](std::size_t n, Precision p) {
        const ExecutionPlan plan = planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, 10000), cpu);
        BOOST_REQUIRE_EQUAL(plan.passes.size(), 1u);
        return plan.passes.front().spec;
    };
    for (Precision p : {Precision::Single, Precision::Double}) {
        // primes up to kMaxPrimeRadix: one radix pass in a lane kernel (Bluestein and Rader were
        // 1.3-1.9x FFTW's error there)
        for (std::size_t n : {17u, 19u, 31u, 47u}) {
            const KernelSpec s = only(n, p);
            BOOST_TEST((s.kind == PassKind::Complex && s.radices == std::vector<int>{static_cast<int>(n)} &&
                        s.lane.width > 0u),
                       n << ": " << s.describe());
        }
        // above it the lanes' Bluestein convolution (Rader has no lane form)
        for (std::size_t n : {53u, 61u, 101u}) {
            const KernelSpec s = only(n, p);
            BOOST_TEST((s.kind == PassKind::Bluestein && s.lane.width > 0u), n << ": " << s.describe());
        }
    }
}

// NVIDIA: passes over columns (neighbouring transforms neighbours in memory) pack transforms so
// that each row read is a 32-byte sector (H200: 2^20 1.7x, 1024^2 1.6x); the generic GPU profile
// and passes over rows keep their groups.
BOOST_AUTO_TEST_CASE(nvidia_column_passes_read_whole_sectors)
{
    DeviceLimits nvidia = shapes()[2].limits, generic = nvidia;
    nvidia.deviceClass = DeviceClass::GpuNvidia;
    generic.deviceClass = DeviceClass::GpuGeneric;
    for (auto [ns, p] : {std::pair{std::vector<std::size_t>{1048576}, Precision::Single},
                         {std::vector<std::size_t>{1024, 1024}, Precision::Single},
                         {std::vector<std::size_t>{1024, 1024}, Precision::Double},
                         {std::vector<std::size_t>{65536}, Precision::Single},
                         {std::vector<std::size_t>{128, 128, 128}, Precision::Single}}) {
        const Problem pr = multiD(TransformKind::ComplexToComplex, ns, p, false, 8);
        const ExecutionPlan a = planProblem(pr, nvidia), b = planProblem(pr, generic);
        BOOST_TEST_REQUIRE(a.passes.size() == b.passes.size());
        const std::size_t point = p == Precision::Double ? 16 : 8;
        for (std::size_t i = 0; i < a.passes.size(); ++i) {
            const KernelSpec& s = a.passes[i].spec;
            const bool columns = a.passes[i].inStride > 1 || a.passes[i].outStride > 1;
            BOOST_TEST_CONTEXT(s.describe())
            {
                const std::size_t budget = std::min(nvidia.localMemBytes, tuningFor(nvidia).groupLocalBudget);
                if (columns && s.localMemBytes() / s.transformsPerGroup * (32 / point) <= budget)
                    BOOST_TEST(s.transformsPerGroup * point >= 32u);
                BOOST_TEST(s.transformsPerGroup >= b.passes[i].spec.transformsPerGroup);
                if (!columns)
                    BOOST_TEST(s.transformsPerGroup == b.passes[i].spec.transformsPerGroup);
            }
        }
    }
}

// A Bluestein convolution that 8 lanes' local memory cannot hold (4099 single: 8320 x 8 x 8 bytes
// > 512 KiB) runs in one lane kernel of 4 lanes, not 4 passes, where the 4 lanes take at most the
// profile's 400 KiB (8232 x 4 x 8 bytes); beyond (7919: 15876 points, 496 KiB) four passes, and the
// candidate "Bluestein in lanes of 4" the one kernel; "no Bluestein in lanes of 4" the passes.
// Where 8 lanes fit, the candidates plan as the profile does.
BOOST_AUTO_TEST_CASE(bluestein_in_lanes_of_4_where_8_do_not_fit)
{
    DeviceLimits cpu = shapes().back().limits;
    cpu.deviceClass = DeviceClass::Cpu;
    cpu.rowLaneBluestein = false; // rows of 4099 and 7919: below
    BOOST_TEST_REQUIRE(cpu.localMemBytes == 512u * 1024u);
    auto narrowOne = [&](const ExecutionPlan& plan) {
        if (plan.passes.size() != 1u)
            return false;
        const KernelSpec& s = plan.passes.front().spec;
        return s.kind == PassKind::Bluestein && s.lane.width == 4u && s.localMemBytes() <= 400u * 1024u + 4096u;
    };
    const Problem mid = multiD(TransformKind::ComplexToComplex, {4099}, Precision::Single, false, 8);
    BOOST_TEST(narrowOne(planProblem(mid, cpu)), planProblem(mid, cpu).passes.front().spec.describe());
    const std::optional<ExecutionPlan> passes = planVariant(mid, cpu, "no Bluestein in lanes of 4");
    BOOST_TEST_REQUIRE(passes.has_value());
    BOOST_TEST(passes->passes.size() >= 2u);

    const Problem big = multiD(TransformKind::ComplexToComplex, {7919}, Precision::Single, false, 8);
    BOOST_TEST(planProblem(big, cpu).passes.size() >= 2u);
    const std::optional<ExecutionPlan> narrow = planVariant(big, cpu, "Bluestein in lanes of 4");
    BOOST_TEST_REQUIRE(narrow.has_value());
    BOOST_TEST_REQUIRE(narrow->passes.size() == 1u);
    const KernelSpec& s = narrow->passes.front().spec;
    BOOST_TEST((s.kind == PassKind::Bluestein && s.lane.width == 4u && s.localMemBytes() <= cpu.localMemBytes),
               s.describe());

    const Problem small = multiD(TransformKind::ComplexToComplex, {2053}, Precision::Single, false, 8);
    const ExecutionPlan profile = planProblem(small, cpu);
    for (const char* label : {"Bluestein in lanes of 4", "no Bluestein in lanes of 4"}) {
        const std::optional<ExecutionPlan> same = planVariant(small, cpu, label);
        BOOST_TEST_REQUIRE(same.has_value());
        BOOST_TEST_REQUIRE(same->passes.size() == profile.passes.size());
        for (std::size_t i = 0; i < profile.passes.size(); ++i)
            BOOST_TEST(same->passes[i].spec.kernelName() == profile.passes[i].spec.kernelName());
    }
}

// Complex rows of a power-of-two length in the profile's range, at unit stride, interleaved,
// take the row-vector kernel on every CPU class: one pass, no local memory or barrier, groups
// that leave the cores at least 64 of them; not the lengths outside the range, planar or strided
// points, real rows, callbacks, rows read in pieces, GPUs, or with the switch off.
BOOST_AUTO_TEST_CASE(short_power_of_two_rows_take_row_vectors)
{
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::CpuIntel, DeviceClass::CpuAmdZen5}) {
        DeviceLimits l = shapes().back().limits;
        l.deviceClass = c;
        BOOST_REQUIRE(l.isCpu());
        const TuningProfile& t = tuningFor(l);
        for (Precision p : {Precision::Single, Precision::Double}) {
            const std::size_t* range = p == Precision::Double ? t.rowVectorsDouble : t.rowVectorsSingle;
            BOOST_REQUIRE(range[0] >= 2u && range[1] >= range[0]);
            for (std::size_t n = 2; n <= 2 * range[1]; n *= 2)
                for (std::size_t batch : {1u, 7u, 100000u}) {
                    const ExecutionPlan plan = planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, batch), l);
                    const PassPlan& pass = plan.passes.front();
                    const KernelSpec& s = pass.spec;
                    BOOST_TEST_CONTEXT("length " << n << " batch " << batch << ": " << s.describe())
                    {
                        const bool inRange = n >= range[0] && n <= range[1];
                        BOOST_TEST((s.rowVector.rowsPerGroup > 0u) == inRange);
                        if (!inRange)
                            continue;
                        BOOST_TEST(plan.passes.size() == 1u);
                        BOOST_TEST((s.workGroupSize() == 1u && s.localMemBytes() == 0u));
                        BOOST_TEST(pass.workGroups() >= std::min<std::size_t>(batch, 64u));
                        BOOST_TEST(pass.workGroups() * s.rowVector.rowsPerGroup >= batch);
                        const std::string src = generateKernelSource(s);
                        BOOST_TEST((src.find("__local") == std::string::npos && src.find("barrier(") == std::string::npos));
                        BOOST_TEST(src.find("vload") != std::string::npos);
                    }
                }
        }
        auto first = [&](const Problem& pr, const DeviceLimits& lim) { return planProblem(pr, lim).passes.front().spec; };
        // other lengths of factors 2, 3, 5 and 7: even ones within the ranges, odd ones within
        // rowVectorsOddDouble and rowVectorsOddSingle; not other prime factors
        auto rowVectors = [&](std::size_t n, Precision p) {
            const KernelSpec s = first(multiD(TransformKind::ComplexToComplex, {n}, p, false, 1000), l);
            return s.rowVector.rowsPerGroup > 0u;
        };
        const std::size_t* odd = t.rowVectorsOddDouble;
        for (std::size_t n : {6u, 10u, 12u, 14u, 24u, 60u, 84u, 120u, 144u, 160u, 210u, 240u, 250u})
            for (Precision p : {Precision::Single, Precision::Double}) {
                const std::size_t* range = p == Precision::Double ? t.rowVectorsDouble : t.rowVectorsSingle;
                BOOST_TEST(rowVectors(n, p) == (n >= range[0] && n <= range[1] && n != 250u), n);
            }
        const std::size_t* oddSingle = t.rowVectorsOddSingle;
        for (std::size_t n : {3u, 5u, 7u, 9u, 15u, 21u, 27u, 45u, 63u, 81u, 105u}) {
            BOOST_TEST(rowVectors(n, Precision::Single) == (n >= oddSingle[0] && n <= oddSingle[1]), n);
            BOOST_TEST(rowVectors(n, Precision::Double) == (n >= odd[0] && n <= odd[1]), n);
        }
        // factors 11 and 13 too, within the ranges and the vectors per row; not 17 or 19
        for (std::size_t n : {22u, 26u, 44u, 52u, 104u, 132u, 208u, 234u}) {
            const std::size_t vectors = 2 * n / rowVectorReals(n);
            for (Precision p : {Precision::Single, Precision::Double}) {
                const std::size_t* range = p == Precision::Double ? t.rowVectorsDouble : t.rowVectorsSingle;
                BOOST_TEST(rowVectors(n, p) == (n >= range[0] && n <= range[1] && vectors <= t.rowVectorsMaxVectors), n);
            }
        }
        BOOST_TEST(!rowVectors(234, Precision::Single)); // 117 vectors
        for (std::size_t n : {11u, 13u, 33u, 39u})
            BOOST_TEST(rowVectors(n, Precision::Double) == (n >= odd[0] && n <= odd[1]), n);
        for (std::size_t n : {17u, 34u, 19u, 38u})
            BOOST_TEST((!rowVectors(n, Precision::Single) && !rowVectors(n, Precision::Double)), n);
        BOOST_TEST((rowVectorRadices(120) == std::vector<int>{5, 3, 2, 2, 2}));
        BOOST_TEST((rowVectorRadices(78) == std::vector<int>{13, 3, 2}));
        BOOST_TEST((rowVectorReals(120) == 16u && rowVectorReals(12) == 8u && rowVectorReals(27) == 2u && rowVectorReals(22) == 4u &&
                    rowVectorReals(34) == 0u));
        // rows side by side where one row's vectors are narrower than the profile's, within its
        // lengths: each vector then holds rowVectorStackBytes, and stores skip rows past the last
        for (Precision p : {Precision::Single, Precision::Double})
            for (std::size_t n : {3u, 5u, 7u, 9u, 10u, 12u, 13u, 26u, 27u, 33u, 78u, 90u}) {
                const Problem pr = multiD(TransformKind::ComplexToComplex, {n}, p, false, 1001);
                const KernelSpec s = first(pr, l);
                if (s.rowVector.rowsPerGroup == 0u)
                    continue;
                const std::size_t* stack = p == Precision::Double ? t.rowVectorStackDouble : t.rowVectorStackSingle;
                const std::size_t bytes = rowVectorReals(n) * complexBytes(p) / 2;
                const bool stacked = n >= stack[0] && n <= stack[1] && bytes < t.rowVectorStackBytes;
                BOOST_TEST_CONTEXT("length " << n << ": " << s.describe())
                {
                    BOOST_TEST(s.rowVector.rowsPerGroup >= 8u);
                    BOOST_TEST(s.rowVector.stack == (stacked ? t.rowVectorStackBytes / bytes : 1u));
                    BOOST_TEST(!s.streamStores);
                    if (stacked) {
                        BOOST_TEST(s.kernelName().find("s" + std::to_string(s.rowVector.stack) + "_d") != std::string::npos);
                        const std::string src = generateKernelSource(s);
                        BOOST_TEST(src.find("< last) vstore") != std::string::npos);
                    }
                }
            }
        BOOST_TEST(first(multiD(TransformKind::ComplexToComplex, {13}, Precision::Double, false, 1001), l).rowVector.stack == 2u);
        BOOST_TEST(first(multiD(TransformKind::ComplexToComplex, {9}, Precision::Single, false, 1001), l).rowVector.stack == 4u);
        // ... not more rows than a group walks
        BOOST_TEST(first(multiD(TransformKind::ComplexToComplex, {9}, Precision::Single, false, 130), l).rowVector.stack == 2u);
        BOOST_TEST(first(multiD(TransformKind::ComplexToComplex, {13}, Precision::Double, false, 1), l).rowVector.stack == 1u);
        {
            DeviceLimits small = l;
            small.cacheBytes = std::size_t{1} << 20; // stacked rows store pieces of lines: never streamed
            const KernelSpec s = first(multiD(TransformKind::ComplexToComplex, {26}, Precision::Single, false, 100000), small);
            BOOST_TEST((s.rowVector.stack == 2u && !s.streamStores), s.describe());
        }
        const Problem c16 = multiD(TransformKind::ComplexToComplex, {16}, Precision::Single, false, 1000);
        BOOST_TEST(first(c16, l).rowVector.rowsPerGroup > 0u);
        Problem planar = c16;
        planar.inLayout = planar.outLayout = ComplexLayout::Planar;
        BOOST_TEST(first(planar, l).rowVector.rowsPerGroup == 0u);
        Problem strided = c16;
        strided.dims[0].inStride = 2;
        for (IoDim& b : strided.batch)
            b.inStride *= 2;
        BOOST_TEST(first(strided, l).rowVector.rowsPerGroup == 0u);
        Problem callback = c16;
        callback.pre.present = true;
        callback.pre.functionName = "load";
        callback.pre.source = "float2 load(__global void* in, uint offset, __global void* userdata) { return 0; }";
        BOOST_TEST(first(callback, l).rowVector.rowsPerGroup == 0u);
        Problem pieces = multiD(TransformKind::ComplexToComplex, {64}, Precision::Single, false, 1000);
        pieces.inPieces = RowPieces{32, 48, 0};
        BOOST_TEST(first(pieces, l).rowVector.rowsPerGroup == 0u);
        BOOST_TEST(first(multiD(TransformKind::RealToComplex, {16}, Precision::Single, false, 1000), l).rowVector.rowsPerGroup ==
                   0u);
        // past the cache their stores stream out of place, never in place
        DeviceLimits small = l;
        small.cacheBytes = std::size_t{1} << 20;
        const KernelSpec st = first(multiD(TransformKind::ComplexToComplex, {16}, Precision::Single, false, 100000), small);
        BOOST_TEST((st.rowVector.rowsPerGroup > 0u && st.streamStores && st.kernelName().find("_nt") != std::string::npos),
                   st.describe());
        BOOST_TEST(!first(multiD(TransformKind::ComplexToComplex, {16}, Precision::Single, true, 100000), small).streamStores);
        BOOST_TEST(!first(c16, small).streamStores);
        DeviceLimits off = l;
        off.rowVectorKernels = false;
        BOOST_TEST(first(c16, off).rowVector.rowsPerGroup == 0u);
        // the rows of a 2D transform's first dimension too (two batch dimensions where the
        // batch's distance is not the product)
        Problem twoD = multiD(TransformKind::ComplexToComplex, {8, 6}, Precision::Single, false, 3);
        const ExecutionPlan p2 = planProblem(twoD, l);
        bool rows = false;
        for (const PassPlan& pass : p2.passes)
            rows = rows || (pass.spec.rowVector.rowsPerGroup > 0u && pass.spec.length == 8u);
        BOOST_TEST(rows);
    }
    for (const Shape& shape : shapes())
        if (!shape.limits.isCpu())
            BOOST_TEST(planProblem(multiD(TransformKind::ComplexToComplex, {16}, Precision::Single, false, 1000), shape.limits)
                               .passes.front()
                               .spec.rowVector.rowsPerGroup == 0u,
                       shape.name);
}

// Complex Bluestein rows from the profile's minimum length, at unit stride on both sides, take
// one row-lane kernel on every CPU class: a convolution of a multiple of 64 points >= 2n - 1, not a
// power of two past 8192, within local memory (any butterflies per work-item); Rader's primes
// too (any batch; strided rows keep Rader), and real rows of either direction at unit stride. Not
// shorter rows, columns, strided real rows, GPUs, or with the switch off.
BOOST_AUTO_TEST_CASE(long_bluestein_rows_take_row_lanes)
{
    for (DeviceClass c : {DeviceClass::Cpu, DeviceClass::CpuIntel, DeviceClass::CpuAmdZen5}) {
        DeviceLimits l = shapes().back().limits;
        l.deviceClass = c;
        const TuningProfile& t = tuningFor(l);
        BOOST_REQUIRE(t.rowLaneBluesteinMinLength > 0u);
        auto plan = [&](std::size_t n, Precision p, const DeviceLimits& lim) {
            return planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, 64), lim);
        };
        auto rowLane = [&](const ExecutionPlan& pl) {
            return pl.passes.size() == 1u && pl.passes.front().spec.kind == PassKind::Bluestein &&
                   pl.passes.front().spec.row.width > 0u;
        };
        // 1009 and 2017: Rader's primes; 4099 double: 270 KiB; 7919: 16000 points (double: 500 KiB,
        // four butterflies per work-item); 8191: not 16384; 10007: 20160 points, 315 KiB
        for (auto [n, p] : {std::pair{std::size_t{1009}, Precision::Single}, {std::size_t{2017}, Precision::Double},
                            {std::size_t{4099}, Precision::Single}, {std::size_t{4099}, Precision::Double},
                            {std::size_t{7919}, Precision::Single}, {std::size_t{7919}, Precision::Double},
                            {std::size_t{8191}, Precision::Single}, {std::size_t{10007}, Precision::Single},
                            {t.rowLaneBluesteinMinLength + 7, Precision::Single}}) {
            const ExecutionPlan pl = plan(n, p, l);
            const KernelSpec& s = pl.passes.front().spec;
            BOOST_TEST_CONTEXT(n << (p == Precision::Double ? " double: " : ": ") << s.describe())
            {
                if (hasCodeletFactors(n) || n < t.rowLaneBluesteinMinLength)
                    continue;
                BOOST_TEST_REQUIRE(rowLane(pl));
                BOOST_TEST((s.transformLength == n && s.row.width == 8u && s.length % 64u == 0u && s.length >= 2 * n - 1));
                BOOST_TEST(!(s.length > 8192u && (s.length & (s.length - 1)) == 0u));
                BOOST_TEST(s.localMemBytes() <= l.localMemBytes);
                const std::string src = generateKernelSource(s);
                BOOST_TEST((src.find("dft8s") != std::string::npos && src.find("round 1") != std::string::npos));
            }
        }
        // Rader's primes also with fewer transforms than a lane kernel takes (1009 x 1, 2017 x 2
        // double, 4001 x 7), but Rader where the rows are strided
        for (auto [n, p, batch] : {std::tuple{std::size_t{1009}, Precision::Single, std::size_t{1}},
                                   {std::size_t{2017}, Precision::Double, std::size_t{2}},
                                   {std::size_t{4001}, Precision::Single, std::size_t{7}}}) {
            const ExecutionPlan pl = planProblem(multiD(TransformKind::ComplexToComplex, {n}, p, false, batch), l);
            BOOST_TEST(rowLane(pl), n << " x " << batch << ": " << pl.passes.front().spec.describe());
            Problem strided = multiD(TransformKind::ComplexToComplex, {n}, p, false, batch);
            strided.dims[0].inStride = 2;
            if (batch > 1)
                strided.batch[0].inStride = 2 * n;
            const ExecutionPlan sp = planProblem(strided, l);
            BOOST_TEST((sp.passes.size() == 1u && sp.passes.front().spec.kind == PassKind::Rader),
                       n << " strided: " << sp.passes.front().spec.describe());
        }
        // not: shorter rows, the switch off, columns, real rows; double 10007 (two buffers of 20160
        // beyond 512 KiB)
        const std::size_t below = t.rowLaneBluesteinMinLength - 47; // 853 for 900: Bluestein, not Rader
        BOOST_TEST(!rowLane(plan(below, Precision::Single, l)), below);
        DeviceLimits off = l;
        off.rowLaneBluestein = false;
        BOOST_TEST(!rowLane(plan(4099, Precision::Single, off)));
        BOOST_TEST(!rowLane(plan(10007, Precision::Double, l)));
        for (const PassPlan& pass : planProblem(multiD(TransformKind::ComplexToComplex, {16, 4099}, Precision::Single, false, 1), l).passes)
            BOOST_TEST(!(pass.spec.transformLength == 4099u && pass.spec.row.width), pass.spec.describe());
        // real rows: one row-lane kernel on the reals (R2C) or the hermitian half (C2R), in both
        // precisions and placements, a Rader prime (1009) too; not where the real side is strided
        for (TransformKind kind : {TransformKind::RealToComplex, TransformKind::ComplexToReal})
            for (Precision p : {Precision::Single, Precision::Double})
                for (bool inPlace : {false, true})
                    for (std::size_t n : {std::size_t{1009}, std::size_t{4099}}) {
                        const ExecutionPlan pl = planProblem(multiD(kind, {n}, p, inPlace, 64), l);
                        BOOST_TEST_REQUIRE(pl.passes.size() == 1u);
                        const KernelSpec& s = pl.passes.front().spec;
                        BOOST_TEST((s.kind == PassKind::Bluestein && s.row.width == 8u && s.transformLength == n &&
                                    s.realDirection == (kind == TransformKind::RealToComplex ? 1 : -1)),
                                   s.describe());
                        BOOST_TEST(generateKernelSource(s).find("round 1") != std::string::npos);
                    }
        for (std::size_t n : {std::size_t{1009}, std::size_t{4099}}) {
            Problem strided = multiD(TransformKind::RealToComplex, {n}, Precision::Single, false, 64);
            strided.dims[0].inStride = 2;
            strided.batch[0].inStride = 2 * n;
            for (const PassPlan& pass : planProblem(strided, l).passes)
                BOOST_TEST(pass.spec.row.width == 0u, pass.spec.describe());
            for (const PassPlan& pass : planProblem(multiD(TransformKind::RealToComplex, {n}, Precision::Single, false, 64), off).passes)
                BOOST_TEST(pass.spec.row.width == 0u, pass.spec.describe());
        }
    }
    for (const Shape& shape : shapes())
        if (!shape.limits.isCpu())
            for (const PassPlan& pass : planProblem(multiD(TransformKind::ComplexToComplex, {4099}, Precision::Single, false, 64), shape.limits).passes)
                BOOST_TEST(pass.spec.row.width == 0u, shape.name);
}
