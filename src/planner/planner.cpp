// The planner's entry: a Problem becomes passes. One kernel per transform dimension where it
// fits (each computing whole 1-D transforms, the other dimensions and the batch as its batch);
// the solvers of dimension.cpp otherwise.
//  - complex: dimension 0 reads the input and writes the output; later dimensions work in
//    place on the output, so 2D/3D need no temporary buffer.
//  - real forward / backward: real.cpp.
// The pre-callback goes into the first pass, the post-callback into the last, the scale into
// the last.
#include "internal.h"

#include "factorize.h"
#include "plan_text.h"

#include <clFFT.h>

#include "status_error.h"

#include <algorithm>

namespace clfft_ng {

namespace planning {
namespace {

ExecutionPlan planComplex(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    const View in = viewOf(problem.dims, problem.batch, false, BufferRole::Input, problem.inLayout);
    const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, problem.outLayout);
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (problem.dims[i].n > 1)
            active.push_back(i);
    if (active.empty())
        active.push_back(0); // every length is 1: one scaling copy
    // In place with a transposed output, the buffer is read in one order and written in
    // another: the first dimension goes out to the temporary buffer and the second comes back.
    bool reordered = false;
    for (std::size_t i = 0; i < in.counts.size(); ++i)
        reordered = reordered || (in.counts[i] > 1 && in.strides[i] != out.strides[i]);
    if (problem.inPlace && reordered) {
        if (active.size() < 2)
            throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
        const View temp = tempView(in.counts, active[0]);
        plan.tmpBytes = viewPoints(temp) * complexBytes(problem.precision);
        addDimension(ctx, plan, active[0], in, temp, false);
        addDimension(ctx, plan, active[1], temp, out, false);
        for (std::size_t k = 2; k < active.size(); ++k)
            addDimension(ctx, plan, active[k], out, out, true);
        return plan;
    }
    for (std::size_t k = 0; k < active.size(); ++k)
        addDimension(ctx, plan, active[k], k == 0 ? in : out, out, k > 0 || problem.inPlace);
    return plan;
}

ExecutionPlan planWith(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    switch (problem.kind) {
    case TransformKind::ComplexToComplex: plan = planComplex(ctx); break;
    case TransformKind::RealToComplex: plan = planRealForward(ctx); break;
    case TransformKind::ComplexToReal: plan = planRealBackward(ctx); break;
    }
    // A C2R row whose first pass reads hermitian point k for both k and N-k (odd and long rows,
    // large prime factors): the pre-callback, called once per point, gets a pass of its own.
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        plan = planRealBackward(ctx, true);
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    for (PassPlan& pass : plan.passes)
        pass.spec.inPlace = pass.source == pass.destination ||
                            (problem.inPlace && pass.source == BufferRole::Input && pass.destination == BufferRole::Output);
    plan.passes.front().spec.pre = problem.pre;
    plan.passes.front().appliesPre = problem.pre.present;
    plan.passes.back().spec.post = problem.post;
    plan.passes.back().appliesPost = problem.post.present;
    plan.passes.back().appliesScale = true;
    return plan;
}

bool samePlan(const ExecutionPlan& a, const ExecutionPlan& b)
{
    if (a.passes.size() != b.passes.size() || a.tmpBytes != b.tmpBytes || a.tmp2Bytes != b.tmp2Bytes ||
        a.tmp3Bytes != b.tmp3Bytes)
        return false;
    for (std::size_t i = 0; i < a.passes.size(); ++i)
        if (!(a.passes[i].spec == b.passes[i].spec) || a.passes[i].source != b.passes[i].source ||
            a.passes[i].destination != b.passes[i].destination)
            return false;
    return true;
}

} // namespace
} // namespace planning

ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits)
{
    return planning::planWith(planning::Context{problem, limits, tuningFor(limits)});
}

double estimatedCost(const ExecutionPlan& plan)
{
    double cost = 0;
    for (const PassPlan& pass : plan.passes) {
        const PassTraffic t = passTraffic(pass);
        const double points = static_cast<double>(pass.transforms) * fftCost(std::max<std::size_t>(pass.spec.length, 1));
        cost += static_cast<double>(t.readBytes + t.writeBytes) +
                kLocalTripCost * points * static_cast<double>(complexBytes(pass.spec.precision));
    }
    return cost;
}

std::vector<Candidate> planCandidates(const Problem& problem, const DeviceLimits& limits, CandidateSet set)
{
    const TuningProfile& base = tuningFor(limits);
    std::vector<Candidate> out;
    auto consider = [&](const char* label, const TuningProfile& tuning, const DeviceLimits& l) {
        try {
            ExecutionPlan plan = planning::planWith(planning::Context{problem, l, tuning});
            for (const Candidate& c : out)
                if (planning::samePlan(c.plan, plan))
                    return;
            out.push_back(Candidate{label, estimatedCost(plan), std::move(plan)});
        } catch (const StatusError&) {
            // this variant has no plan for the problem; the others may
        }
    };
    consider("profile", base, limits);
    if (out.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    // Variants of the profile's choices: shorter single kernels (more passes, less local
    // memory), other group sizes, and on CPUs each kernel form switched off.
    for (std::size_t maxLength : {std::size_t(4096), std::size_t(2048), std::size_t(1024)}) {
        if (maxLength >= base.maxSingleKernelLength)
            continue;
        TuningProfile t = base;
        t.maxSingleKernelLength = maxLength;
        t.maxConvolutionKernelLength = std::min(t.maxConvolutionKernelLength, maxLength);
        consider(maxLength == 4096 ? "one kernel up to 4096" : maxLength == 2048 ? "one kernel up to 2048"
                                                                                  : "one kernel up to 1024",
                 t, limits);
    }
    for (std::size_t threads : {std::size_t(32), std::size_t(128), std::size_t(256)}) {
        if (threads == base.targetGroupThreads)
            continue;
        TuningProfile t = base;
        t.targetGroupThreads = threads;
        t.rowLaneGroupThreads = threads;
        consider(threads == 32 ? "groups of 32" : threads == 128 ? "groups of 128" : "groups of 256", t, limits);
    }
    if (limits.isCpu()) {
        DeviceLimits noRowLanes = limits;
        noRowLanes.rowLaneKernels = false;
        consider("no row lanes", base, noRowLanes);
        DeviceLimits noLanes = limits;
        noLanes.laneKernels = false;
        consider("no lane kernels", base, noLanes);
    }
    // Exhaustive: also the profile's finer values, after the variants above so that a plan
    // they share keeps the shorter set's label (wisdom names a candidate by label and plan).
    if (set == CandidateSet::Exhaustive) {
        for (std::size_t maxLength : {std::size_t(512), std::size_t(256)}) {
            TuningProfile t = base;
            t.maxSingleKernelLength = std::min(t.maxSingleKernelLength, maxLength);
            t.maxConvolutionKernelLength = std::min(t.maxConvolutionKernelLength, maxLength);
            consider(maxLength == 512 ? "one kernel up to 512" : "one kernel up to 256", t, limits);
        }
        for (std::size_t group : {std::size_t(128), std::size_t(64)}) {
            TuningProfile t = base;
            t.maxWorkGroup = std::min(t.maxWorkGroup, group);
            consider(group == 128 ? "at most 128 per group" : "at most 64 per group", t, limits);
        }
        for (std::size_t budget : {std::size_t(16384), std::size_t(65536)}) {
            TuningProfile t = base;
            t.groupLocalBudget = budget;
            consider(budget == 16384 ? "16 KiB per packed group" : "64 KiB per packed group", t, limits);
        }
        if (limits.isCpu()) {
            TuningProfile t = base;
            t.laneLocalCap = base.laneLocalCap / 2;
            consider("lane kernels in half the local memory", t, limits);
            t = base;
            t.rowLaneFirstPassLines = base.rowLaneFirstPassLines / 2;
            consider("row lanes: fewer lines in the first pass", t, limits);
            t = base;
            t.rowLaneFirstPassLines = base.rowLaneFirstPassLines * 2;
            consider("row lanes: more lines in the first pass", t, limits);
            t = base;
            t.rowLaneMaxRadix = 4;
            consider("row lanes: radices up to 4", t, limits);
            t = base;
            t.realPairMaxLength = 0;
            consider("no real row pairs", t, limits);
        }
    }
    // The profile's plan first (it is what ESTIMATE runs), the others by estimated cost.
    std::stable_sort(out.begin() + 1, out.end(),
                     [](const Candidate& a, const Candidate& b) { return a.estimatedCost < b.estimatedCost; });
    return out;
}

} // namespace clfft_ng
