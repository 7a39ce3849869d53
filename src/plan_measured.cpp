// Measured planning and wisdom (docs/tuning.md): the candidates a MEASURE or EXHAUSTIVE bake
// times on the device, the fastest kept and remembered; plans wisdom names, rebuilt.
#include "plan_bake.h"

#include "device_info.h"
#include "measure.h"
#include "plan_text.h"
#include "program_cache.h"
#include "stage_kernels.h"

#include <algorithm>
#include <cstdio>
#include <thread>

namespace clfft_ng {

namespace {

std::string formatMs(double ms)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g ms", ms);
    return text;
}

// Candidates MEASURE times at most: the profile's plan and the best others by the cost model
// (the default set rarely holds more; each costs a compile when the cache is cold).
constexpr std::size_t kMeasuredCandidates = 8;
// How much faster than the profile's plan a candidate must run to be chosen.
constexpr double kMeasureMargin = 0.05;

} // namespace

// Whether measured planning and wisdom apply to the problem at all (callbacks: their userdata is
// the client's; fused r2r stages: one family takes them).
bool measurable(const Problem& problem)
{
    return !problem.pre.present && !problem.post.present && !problem.r2rIn.present() && !problem.r2rOut.present();
}

// The plan wisdom names for the problem on this device, with its record; nothing when there is
// no record or it names no candidate of this planner (written by another: a miss).
std::optional<std::pair<ExecutionPlan, WisdomRecord>> wisdomChoice(const BakeTarget& t, const Problem& problem,
                                                                   const std::string& key)
{
    ProgramCache& programs = *t.services.programs;
    if (const std::optional<WisdomRecord> record = t.services.wisdom->lookup(key, programs.diskConfig())) {
        // Only the variant the record names is planned; its printed plan must be the one measured.
        std::optional<ExecutionPlan> named = planVariant(problem, t.limits, record->variant);
        if (named && planFingerprint(explainPlan(*named, problem)) == record->planHash)
            return std::make_pair(std::move(*named), *record);
    }
    return std::nullopt;
}

// The printed plan's first line for a plan wisdom named.
std::string wisdomHeader(const WisdomRecord& record)
{
    return record.milliseconds <= 0 ? "wisdom: " + record.variant + ", the only candidate (not timed)\n"
                                    : "wisdom: " + record.variant + ", measured " + formatMs(record.milliseconds) +
                                          " (fastest of " + std::to_string(record.measured) + " candidates)\n";
}

std::unique_ptr<BakedPlan> bakeMeasured(const PlanSettings& s, const BakeTarget& t, const Problem& problem,
                                        Rigor rigor)
{
    if (!measurable(problem))
        return nullptr;
    DeviceIdentity identity;
    if (!queryDeviceIdentity(t.device, &identity))
        return nullptr;
    ProgramCache& programs = *t.services.programs;
    WisdomStore& wisdom = *t.services.wisdom;
    const DiskCacheConfig config = programs.diskConfig();
    const std::string key = wisdomKey(problem, t.limits, identity);
    if (const auto choice = wisdomChoice(t, problem, key)) {
        KernelFit fit;
        if (auto baked = buildPlan(s, t, problem, choice->first, wisdomHeader(choice->second), &fit))
            return baked;
    }
    if (rigor == Rigor::Estimate)
        return nullptr;

    std::vector<Candidate> candidates = planCandidates(
        problem, t.limits, rigor == Rigor::Exhaustive ? CandidateSet::Exhaustive : CandidateSet::Default);
    const std::size_t offered = candidates.size();
    if (rigor == Rigor::Measure && candidates.size() > kMeasuredCandidates)
        candidates.resize(kMeasuredCandidates);
    WisdomRecord record;
    record.key = key;
    record.candidates = offered;
    record.problem = problemText(problem);
    record.device = identity.describe();
    // The profile's plan alone: nothing to choose, so nothing is timed (on PoCL its timing would
    // add a code generation, 1-2 s, to the bake). Remembered all the same: later bakes skip planning.
    if (candidates.size() == 1) {
        KernelFit fit;
        std::unique_ptr<BakedPlan> only =
            buildPlan(s, t, problem, candidates.front().plan,
                      "measured 1 of 1 candidates (" + std::string(rigorName(rigor)) + "): the profile's plan, not timed\n",
                      &fit);
        if (!only)
            return nullptr;
        record.variant = candidates.front().variant;
        record.planHash = planFingerprint(explainPlan(candidates.front().plan, problem));
        record.measured = 1;
        wisdom.remember(record, config);
        return only;
    }
    // Compiled in parallel (but not on Oclgrind): on PoCL a kernel's first compile takes about a
    // second, most of a cold measured bake. Saved on disk only if it wins (below): most lose.
    std::vector<std::unique_ptr<BakedPlan>> slots(candidates.size());
    std::vector<std::function<void()>> tasks;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        tasks.emplace_back([&, i] {
            KernelFit fit;
            slots[i] = buildPlan(s, t, problem, candidates[i].plan, std::string(), &fit, false, false);
        });
    const std::size_t workers = takesConcurrentCalls(t.device) ? std::max(2u, std::thread::hardware_concurrency()) : 1;
    const std::vector<std::exception_ptr> errors = runTasks(tasks, workers);
    if (errors.front())
        std::rethrow_exception(errors.front()); // the profile's plan fails as the estimate would
    std::vector<std::unique_ptr<BakedPlan>> baked;
    std::vector<const Candidate*> built;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        if (slots[i]) {
            baked.push_back(std::move(slots[i]));
            built.push_back(&candidates[i]);
        }
    const int rounds = rigor == Rigor::Exhaustive ? 7 : 5;
    const std::vector<PlanTiming> ms = timeBakedPlans(s, t.device, baked, rounds);
    // Decided on each candidate's fastest sample: interference only ever adds time, and on PoCL a
    // kernel's times within one process are bimodal (c2c 1000 x 4194: 4.7 or 9-10 ms), which
    // makes medians of a few samples pick a slower plan one bake in three.
    std::size_t best = ms.size();
    for (std::size_t i = 0; i < ms.size(); ++i)
        if (ms[i].ran() && (best == ms.size() || ms[i].fastest < ms[best].fastest))
            best = i;
    if (best == ms.size())
        return nullptr;
    // The profile's plan stays unless another is clearly faster, twice: in the rounds above and
    // again against it alone on fresh buffers. A win inside the noise would trade the tuned
    // default for a coin toss.
    const bool profileTimed = built.front() == &candidates.front() && ms.front().ran();
    auto clearlyFaster = [](const PlanTiming& a, const PlanTiming& b) {
        return a.fastest < b.fastest * (1 - kMeasureMargin);
    };
    std::string confirmation;
    if (profileTimed && best != 0) {
        if (!clearlyFaster(ms[best], ms.front())) {
            best = 0;
        } else {
            std::vector<std::unique_ptr<BakedPlan>> pair;
            pair.push_back(std::move(baked.front()));
            pair.push_back(std::move(baked[best]));
            const std::vector<PlanTiming> again = timeBakedPlans(s, t.device, pair, rounds);
            baked.front() = std::move(pair[0]);
            baked[best] = std::move(pair[1]);
            const bool confirmed = again.size() == 2 && again[0].ran() && again[1].ran() &&
                                   clearlyFaster(again[1], again[0]);
            if (again.size() == 2 && again[0].ran() && again[1].ran())
                confirmation = "  confirmation against the profile's plan: " + formatMs(again[1].fastest) +
                               " against " + formatMs(again[0].fastest) + (confirmed ? "" : ", not confirmed") +
                               "\n";
            if (!confirmed)
                best = 0;
        }
    }

    std::string header = "measured " + std::to_string(baked.size()) + " of " + std::to_string(offered) +
                         " candidates (" + rigorName(rigor) + ", fastest and median of " + std::to_string(rounds) +
                         "):\n";
    for (std::size_t i = 0; i < ms.size(); ++i)
        header += "  " + std::string(i == best ? "* " : "  ") + built[i]->variant + ": " +
                  (ms[i].ran() ? formatMs(ms[i].fastest) + ", median " + formatMs(ms[i].median)
                               : std::string("failed")) +
                  " (estimated cost " + std::to_string(static_cast<long long>(built[i]->estimatedCost)) + ")\n";
    header += confirmation;
    record.variant = built[best]->variant;
    record.planHash = planFingerprint(explainPlan(built[best]->plan, problem));
    record.milliseconds = ms[best].fastest;
    record.measured = baked.size();
    wisdom.remember(record, config);
    std::unique_ptr<BakedPlan> winner = std::move(baked[best]);
    winner->explanation = header + winner->explanation;
    for (const BakedPass& pass : winner->passes)
        programs.get(s.context.get(), t.device, passSource(t, pass.pass), kProgramBuildOptions, !s.background);
    return winner;
}


} // namespace clfft_ng
