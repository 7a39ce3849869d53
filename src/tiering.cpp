#include "tiering.h"

#include "tier_worker.h"

#include "device_info.h"
#include "env_settings.h"
#include "generic.h"
#include "kernel_binding.h"
#include "program_cache.h"
#include "status_error.h"
#include "tables.h"
#include "unit_roots.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace clfft_ng {

namespace {

// The generic program is built with the specialized kernels' options: one language for both.
const char* const kGenericOptions = "-cl-std=CL1.2";

} // namespace


TierMode tierModeFromEnvironment()
{
    const char* v = std::getenv("CLFFT_NG_TIERING");
    if (v && std::strcmp(v, "generic") == 0)
        return TierMode::GenericOnly;
    if (v && std::strcmp(v, "auto") == 0)
        return TierMode::Auto;
    if (v && *v && std::strcmp(v, "specialized") != 0)
        warnUnknownSetting("CLFFT_NG_TIERING", v, "auto, specialized, generic", "specialized");
    // The default stays today's behaviour until the background compile lands (docs/cache.md).
    return TierMode::SpecializedOnly;
}

TierMode tierModeOf(const PlanSettings& settings)
{
    return settings.tiering >= 0 ? static_cast<TierMode>(settings.tiering) : tierModeFromEnvironment();
}

const char* tierModeName(TierMode mode)
{
    switch (mode) {
    case TierMode::Auto: return "auto";
    case TierMode::GenericOnly: return "generic";
    case TierMode::SpecializedOnly: break;
    }
    return "specialized";
}


namespace {

const char* roleName(GenericView::Role role)
{
    switch (role) {
    case GenericView::Role::Input: return "input";
    case GenericView::Role::Output: return "output";
    case GenericView::Role::Tmp0: return "temp";
    case GenericView::Role::Tmp1: return "temp2";
    case GenericView::Role::TmpH: return "temp3";
    }
    return "?";
}

std::string explainGeneric(const GenericBake& g)
{
    std::string text =
        "tier: generic (one program per precision, sizes as kernel arguments): " + std::to_string(g.passes.size()) +
        " passes, library buffers 2 x " + std::to_string(g.tmpBytes) + " bytes";
    if (g.tmpHBytes > 0)
        text += " + " + std::to_string(g.tmpHBytes) + " bytes";
    text += "\n";
    for (std::size_t i = 0; i < g.passes.size(); ++i) {
        const GenericPass& p = g.passes[i];
        std::string what;
        if (p.op == GenericPass::Op::BluesteinIn)
            what = "bluestein chirp of " + std::to_string(p.n) + " points padded to " + std::to_string(p.span);
        else if (p.op == GenericPass::Op::Pointwise)
            what = std::string(p.src.role == p.dst.role ? "bluestein spectrum product" : "bluestein chirp out") +
                   ", length " + std::to_string(p.n);
        else
            what = "length " + std::to_string(p.n) + " radix " + std::to_string(p.radix) +
                   (p.radix > kGenericMaxButterfly ? " (dft)" : "") + " span " + std::to_string(p.span) +
                   (p.fixedSign > 0   ? " forward"
                    : p.fixedSign < 0 ? " backward"
                                      : "");
        text += "  pass " + std::to_string(i) + ": " + what + ", " +
                std::to_string(p.counts[0] * p.counts[1] * p.counts[2]) + " rows, " + roleName(p.src.role) + " -> " +
                roleName(p.dst.role);
        if (p.hermIn)
            text += ", hermitian rows extended";
        if (p.outLimit < p.n)
            text += ", first " + std::to_string(p.outLimit) + " stored";
        if (p.src.storage != 0)
            text += p.src.storage == 1 ? ", half loads" : ", bfloat16 loads";
        if (p.dst.storage != 0)
            text += p.dst.storage == 1 ? ", half stores" : ", bfloat16 stores";
        if (p.zeroLo != p.zeroHi)
            text += ", zero-input ranges not loaded";
        if (p.skipLo != p.skipHi)
            text += ", skipped-output ranges not stored";
        if (p.scaled)
            text += ", scaled";
        text += "\n";
    }
    return text;
}

MemRef uploadGenericTable(cl_context context, const GenericTable& t, bool dbl)
{
    std::vector<std::complex<long double>> values;
    if (t.kind == GenericTable::Kind::Chirp) {
        values = bluesteinChirp(t.n);
    } else if (t.kind == GenericTable::Kind::Spectrum) {
        values = bluesteinKernel(t.n, t.m);
    } else {
        values.resize(t.n);
        for (std::size_t m = 0; m < t.n; ++m)
            values[m] = unitRoot(m, t.n);
    }
    return dbl ? uploadTable<double>(context, values) : uploadTable<float>(context, values);
}

} // namespace


bool bakeGenericTier(Plan& plan, cl_command_queue queue, cl_device_id device, const Problem& problem, std::string* note)
{
    const TierMode mode = tierModeOf(plan.settings);
    if (mode == TierMode::SpecializedOnly)
        return false;
    if (mode == TierMode::Auto && !takesBackgroundCalls(device)) {
        *note = "tier: specialized (auto: this runtime takes no background compiles)\n";
        return false;
    }
    const std::string why = genericUnsupported(problem, plan.settings);
    if (!why.empty()) {
        *note = "tier: specialized (the generic tier cannot run this plan: " + why + ")\n";
        return false;
    }
    auto g = std::make_shared<GenericBake>();
    g->doublePrecision = problem.precision == Precision::Double;
    std::vector<GenericTable> lengths;
    planGenericPasses(problem, g.get(), &lengths);
    // The generic passes need temporaries the size of the data and a root table per length:
    // where the device cannot hold them, the specialized plan (which may need neither) is tried.
    const cl_ulong maxAlloc = deviceInfo<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    const std::size_t realBytes = g->doublePrecision ? 8 : 4;
    bool fits = g->tmpBytes <= maxAlloc && g->tmpHBytes <= maxAlloc;
    for (const GenericTable& t : lengths)
        fits = fits && t.entries() <= maxAlloc / (2 * realBytes);
    if (!fits) {
        *note = "tier: specialized (the generic tier's temporaries or tables exceed the largest allocation)\n";
        return false;
    }

    cl_context context = plan.settings.context.get();
    ProgramCache::Result built =
        plan.services.programs->get(context, device, genericProgramSource(problem.precision), kGenericOptions, true);
    if (built.status != CL_SUCCESS) {
        if (built.status == CL_OUT_OF_HOST_MEMORY || built.status == CL_OUT_OF_RESOURCES)
            throw StatusError{built.status};
        if (!std::getenv("CLFFT_QUIET"))
            std::fprintf(stderr, "clfft-ng: building the generic program failed (status %d); compiler log:\n%s\n",
                         built.status, built.buildLog.c_str());
        throw StatusError{CLFFT_BUILD_PROGRAM_FAILURE};
    }
    g->program = std::move(built.program);
    cl_int err = CL_SUCCESS;
    g->radixKernel = KernelRef(clCreateKernel(g->program.get(), kGenericRadixKernel, &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    g->dftKernel = KernelRef(clCreateKernel(g->program.get(), kGenericDftKernel, &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    g->bluesteinInKernel = KernelRef(clCreateKernel(g->program.get(), kGenericBluesteinInKernel, &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    g->pointwiseKernel = KernelRef(clCreateKernel(g->program.get(), kGenericPointwiseKernel, &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    for (unsigned r : genericCodeletRadices()) {
        g->codeletKernels[r] = KernelRef(clCreateKernel(g->program.get(), genericRadixKernelName(r).c_str(), &err));
        if (err != CL_SUCCESS)
            throw StatusError{err};
    }
    // 64 work-items where the kernels allow it: rows are flattened into the range, so any
    // length fills the groups.
    for (cl_kernel k :
         {g->radixKernel.get(), g->dftKernel.get(), g->bluesteinInKernel.get(), g->pointwiseKernel.get()}) {
        std::size_t limit = 0;
        if (clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof limit, &limit, nullptr) ==
                CL_SUCCESS &&
            limit > 0)
            g->localSize = std::min(g->localSize, limit);
    }
    for (const auto& codelet : g->codeletKernels) {
        std::size_t limit = 0;
        if (clGetKernelWorkGroupInfo(codelet.second.get(), device, CL_KERNEL_WORK_GROUP_SIZE, sizeof limit, &limit,
                                     nullptr) == CL_SUCCESS &&
            limit > 0)
            g->localSize = std::min(g->localSize, limit);
    }
    for (const GenericTable& t : lengths)
        g->tables.push_back(uploadGenericTable(context, t, g->doublePrecision));

    auto baked = std::make_unique<BakedPlan>();
    baked->device = device;
    // A C2R plan's hermitian rows may sit in the client's temporary buffer (clfftGetTmpBufSize).
    baked->tmpBytes = g->tmpHBytes;
    baked->explanation = explainGeneric(*g);
    const char* explain = std::getenv("CLFFT_NG_EXPLAIN");
    if (explain && *explain && std::strcmp(explain, "0") != 0)
        std::fprintf(stderr, "clfft-ng plan: %s", baked->explanation.c_str());
    if (mode == TierMode::Auto) {
        auto job = std::make_shared<TierJob>();
        job->settings = plan.settings;
        job->services = plan.services;
        if (clRetainCommandQueue(queue) != CL_SUCCESS)
            throw StatusError{CLFFT_INVALID_COMMAND_QUEUE};
        job->queue = queue;
        g->job = job;
        submitTierJob(std::move(job));
        baked->explanation =
            "tier: generic (auto: the specialized kernels compile in the background)\n" + baked->explanation;
    }
    plan.generic = std::move(g);
    plan.baked = std::move(baked);
    return true;
}

void enqueueGenericTier(Plan& plan, const EnqueueRequest& rq)
{
    if (adoptSpecialized(plan)) {
        enqueuePlan(plan, rq);
        return;
    }
    const PlanSettings& s = plan.settings;
    GenericBake& g = *plan.generic;
    const bool inPlace = s.placement == CLFFT_INPLACE;
    const bool inPlanar = s.inLayout == CLFFT_COMPLEX_PLANAR || s.inLayout == CLFFT_HERMITIAN_PLANAR;
    const bool outPlanar = s.outLayout == CLFFT_COMPLEX_PLANAR || s.outLayout == CLFFT_HERMITIAN_PLANAR;
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    for (int i = 0; i < (inPlanar ? 2 : 1); ++i)
        checkBufferSize(rq.inputs[i], inBytes);
    if (!inPlace)
        for (int i = 0; i < (outPlanar ? 2 : 1); ++i)
            checkBufferSize(rq.outputs[i], outBytes);
    if (rq.tmpBuffer && g.tmpHBytes > 0)
        checkBufferSize(rq.tmpBuffer, g.tmpHBytes);

    GenericBake::Scratch& scratch = g.scratch[rq.queue];
    auto allocate = [&](MemRef& slot, std::size_t bytes) {
        if (!slot) {
            cl_int err = CL_SUCCESS;
            slot = MemRef(
                clCreateBuffer(s.context.get(), CL_MEM_READ_WRITE, std::max<std::size_t>(bytes, 16), nullptr, &err));
            if (err != CL_SUCCESS)
                throw StatusError{err};
        }
        return slot.get();
    };
    auto resolve = [&](const GenericView& v) -> std::pair<cl_mem, cl_mem> {
        switch (v.role) {
        case GenericView::Role::Tmp0: return {allocate(scratch.tmp0, g.tmpBytes), nullptr};
        case GenericView::Role::Tmp1: return {allocate(scratch.tmp1, g.tmpBytes), nullptr};
        case GenericView::Role::TmpH:
            return {rq.tmpBuffer ? rq.tmpBuffer : allocate(scratch.tmpH, g.tmpHBytes), nullptr};
        case GenericView::Role::Input: break;
        case GenericView::Role::Output:
            if (!inPlace)
                return {rq.outputs[0], outPlanar ? rq.outputs[1] : nullptr};
            break;
        }
        return {rq.inputs[0], inPlanar ? rq.inputs[1] : nullptr};
    };

    const clfftDirection direction = s.effectiveDirection(rq.direction);
    const double scale = s.scaleFor(direction);
    const double sign = direction == CLFFT_FORWARD ? 1.0 : -1.0;

    EventRef previous;
    bool first = true;
    auto launch = [&](const GenericPass& p, const GenericView& srcView, const GenericView& dstView, bool hermIn,
                      std::size_t outLimit, double passScale) {
        const bool dft = p.op == GenericPass::Op::Stockham && p.radix > kGenericMaxButterfly;
        const auto codelet =
            p.op == GenericPass::Op::Stockham ? g.codeletKernels.find(p.radix) : g.codeletKernels.end();
        cl_kernel kernel = codelet != g.codeletKernels.end()      ? codelet->second.get()
                           : p.op == GenericPass::Op::BluesteinIn ? g.bluesteinInKernel.get()
                           : p.op == GenericPass::Op::Pointwise   ? g.pointwiseKernel.get()
                           : dft                                  ? g.dftKernel.get()
                                                                  : g.radixKernel.get();
        const auto src = resolve(srcView);
        const auto dst = resolve(dstView);
        // Arguments in the order of generic.cpp's GARGS.
        cl_uint index = 0;
        auto setArg = [&](std::size_t size, const void* value) {
            const cl_int e = clSetKernelArg(kernel, index++, size, value);
            if (e != CL_SUCCESS)
                throw StatusError{e};
        };
        auto setMem = [&](cl_mem m) { setArg(sizeof m, &m); };
        auto setULong = [&](std::size_t v) {
            const cl_ulong x = v;
            setArg(sizeof x, &x);
        };
        auto setInt = [&](int v) {
            const cl_int x = v;
            setArg(sizeof x, &x);
        };
        auto setReal = [&](double v) {
            if (g.doublePrecision) {
                const cl_double x = v;
                setArg(sizeof x, &x);
            } else {
                const cl_float x = static_cast<cl_float>(v);
                setArg(sizeof x, &x);
            }
        };
        auto setSide = [&](std::pair<cl_mem, cl_mem> mems, const GenericView& v) {
            setMem(mems.first);
            setMem(v.layout == static_cast<int>(GenericLayout::Planar) ? mems.second : nullptr);
            setInt(v.layout + 4 * v.storage);
            setULong(v.stride);
            for (std::size_t o : v.outer)
                setULong(o);
        };
        setSide(src, srcView);
        setSide(dst, dstView);
        for (std::size_t c : p.counts)
            setULong(c);
        setULong(p.n);
        const cl_uint radix = static_cast<cl_uint>(p.radix);
        setArg(sizeof radix, &radix);
        setULong(p.span);
        setMem(g.tables[p.table].get());
        setReal(p.fixedSign != 0 ? p.fixedSign : sign);
        setReal(passScale);
        setInt(hermIn ? 1 : 0);
        setULong(outLimit);
        // Columns: work-items along the rows read neighbouring addresses.
        const bool columns =
            p.counts[0] > 1 && (srcView.outer[0] < srcView.stride || dstView.outer[0] < dstView.stride);
        setInt(columns ? 1 : 0);
        for (const std::array<std::size_t, 4>* range : {&p.zeroLo, &p.zeroHi, &p.skipLo, &p.skipHi}) {
            cl_ulong4 v;
            for (std::size_t i = 0; i < 4; ++i)
                v.s[i] = (*range)[i];
            setArg(sizeof v, &v);
        }

        const std::size_t rows = p.counts[0] * p.counts[1] * p.counts[2];
        const std::size_t work = (p.op == GenericPass::Op::BluesteinIn        ? p.span
                                  : p.op == GenericPass::Op::Pointwise || dft ? p.n
                                                                              : p.n / p.radix) *
                                 rows;
        const std::size_t global = (work + g.localSize - 1) / g.localSize * g.localSize;
        cl_event done = nullptr;
        const cl_event prev = previous.get();
        const cl_int err =
            first ? clEnqueueNDRangeKernel(rq.queue, kernel, 1, nullptr, &global, &g.localSize, rq.numWaitEvents,
                                           rq.numWaitEvents ? rq.waitEvents : nullptr, &done)
                  : clEnqueueNDRangeKernel(rq.queue, kernel, 1, nullptr, &global, &g.localSize, 1, &prev, &done);
        if (err != CL_SUCCESS)
            throw StatusError{err};
        previous = EventRef(done);
        first = false;
    };

    for (const GenericPass& p : g.passes) {
        const auto src = resolve(p.src);
        const auto dst = resolve(p.dst);
        const bool overlap = src.first == dst.first ||
                             (src.second && (src.second == dst.second || src.second == dst.first)) ||
                             (dst.second && dst.second == src.first);
        const double passScale = p.scaled ? scale : 1.0;
        // A pointwise product in place reads and writes each value in one work-item.
        if (!overlap || p.op == GenericPass::Op::Pointwise) {
            launch(p, p.src, p.dst, p.hermIn, p.outLimit, passScale);
            continue;
        }
        // A single pass in place would overwrite points other work-items still read: copy the
        // rows into the first temporary (a pass of radix 1), then run the pass from there.
        // The copy takes the pass's zero-input ranges, the pass from the copy its skipped ones.
        GenericPass copy = p;
        copy.radix = 1;
        copy.span = 1;
        copy.skipLo = copy.skipHi = {};
        GenericPass fromCopy = p;
        fromCopy.zeroLo = fromCopy.zeroHi = {};
        GenericView tmp;
        tmp.role = GenericView::Role::Tmp0;
        tmp.stride = 1;
        tmp.outer = {{p.n, p.n * p.counts[0], p.n * p.counts[0] * p.counts[1]}};
        launch(copy, p.src, tmp, p.hermIn, p.n, 1.0);
        launch(fromCopy, tmp, p.dst, false, p.outLimit, passScale);
    }
    if (rq.outEvent)
        *rq.outEvent = previous.release();
}

} // namespace clfft_ng
