// Real-to-real plans: the bake (checks, stage kernels, the inner FFT plans) and
// the enqueue (pre-stage, FFT, post-stage per dimension, chained by events on
// the client's queue).
#include "r2r.h"

#include "device_info.h"
#include "env_settings.h"
#include "kernel_binding.h"
#include "stage_kernels.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>

namespace clfft_ng {

namespace {

// Bytes of one real of the client's buffers.
std::size_t realBytes(const PlanSettings& s)
{
    if (storageOf(s.precision) != Storage::Native)
        return 2;
    return (s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST) ? sizeof(cl_double) : sizeof(cl_float);
}

// One past the largest element offset of `dims` (count, stride); false on
// overflow.
bool span(const std::vector<std::pair<std::size_t, std::size_t>>& dims, std::size_t* out)
{
    std::size_t last = 0;
    for (const auto& [n, stride] : dims) {
        std::size_t s = 0;
        if (n == 0 || __builtin_mul_overflow(n - 1, stride, &s) || __builtin_add_overflow(last, s, &last))
            return false;
    }
    *out = last + 1;
    return true;
}

KernelRef buildStage(Plan& plan, cl_device_id device, const R2RStageSpec& spec, MemRef* table)
{
    KernelRef kernel = buildStageKernel(plan, device, r2rStageSource(spec), spec.kernelName());
    if (spec.hasTable()) {
        const auto t = r2rStageTable(spec);
        *table = spec.precision == Precision::Double ? uploadTable<double>(plan.settings.context.get(), t)
                                                     : uploadTable<float>(plan.settings.context.get(), t);
    }
    return kernel;
}

// Drops rows dimensions of one point and joins a dimension to the one before it where its
// stride continues it (rows of a 2-D plan's dimension 0 followed by the batch's: one sequence
// of rows, which the FFT can read as one batch); keeps at least one (the batch).
std::vector<std::pair<std::size_t, std::size_t>> rowDims(const std::vector<std::pair<std::size_t, std::size_t>>& all)
{
    std::vector<std::pair<std::size_t, std::size_t>> kept;
    for (const auto& d : all)
        if (d.first > 1 && !kept.empty() && kept.back().first * kept.back().second == d.second)
            kept.back().first *= d.first;
        else if (d.first > 1)
            kept.push_back(d);
    if (kept.empty())
        kept.push_back({1, 0});
    return kept;
}

void rowArgs(ArgBinder& a, const R2RStageSpec& spec, std::size_t rows,
             const std::vector<std::pair<std::size_t, std::size_t>>& dims)
{
    std::size_t global[2], local[2];
    const R2RInner inner = r2rInner(spec.kind, spec.n);
    a.index(rows);
    a.index(r2rStageLaunch(spec, rows, global, local));
    a.index(spec.n);
    a.index(spec.post ? spec.n : inner.aElems);        // points of a row the stage writes
    a.index(spec.post ? inner.bElems : inner.aElems); // the FFT buffer's row length
    for (std::size_t d = 0; d + 1 < dims.size(); ++d) {
        a.index(dims[d].first);
        a.index(dims[d].second);
    }
    a.index(dims.back().second);
}

void userdataArgs(ArgBinder& a, const CallbackSettings& cb, const CallbackCode& code)
{
    if (!code.present)
        return;
    const int count = std::max(1, code.userdataCount);
    for (int i = 0; i < count; ++i)
        a.mem(static_cast<std::size_t>(i) < cb.userdata.size() ? cb.userdata[static_cast<std::size_t>(i)].get()
                                                               : nullptr);
}

cl_event launch(cl_command_queue queue, cl_kernel kernel, const R2RStageSpec& spec, std::size_t rows,
                const std::vector<cl_event>& waits)
{
    // CLFFT_NG_PROFILE: the stage's wall time on stderr (blocking; a diagnostic).
    static const bool profile = EnvSettings::fromEnvironment().profile;
    if (profile)
        clFinish(queue);
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t global[2], local[2];
    r2rStageLaunch(spec, rows, global, local);
    cl_event ev = nullptr;
    const cl_int err =
        clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global, local, static_cast<cl_uint>(waits.size()),
                               waits.empty() ? nullptr : waits.data(), &ev);
    if (err != CL_SUCCESS)
        throw StatusError{err};
    if (profile) {
        clFinish(queue);
        std::fprintf(stderr, "clfft-ng profile: %s: %.3f ms\n", spec.kernelName().c_str(),
                     std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ev;
}

} // namespace

void bakeR2R(Plan& plan, cl_command_queue queue)
{
    const PlanSettings& s = plan.settings;
    cl_device_id device = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_COMMAND_QUEUE};
    if (s.inLayout != CLFFT_REAL || s.outLayout != CLFFT_REAL || s.r2rKinds.size() != static_cast<std::size_t>(s.rank))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    if (s.transposed == CLFFT_TRANSPOSED && s.rank > 1)
        throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
    if (s.batch == 0)
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    // 16-bit plans (docs/precision.md): single-precision arithmetic; whatever touches the
    // client's buffers (a stage kernel, or the FFT where it reads or writes the client's rows)
    // widens its input and rounds its output, and the library's buffers hold floats.
    const Storage storage = storageOf(s.precision);
    const bool narrow = storage != Storage::Native;
    const bool dbl = s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST;
    if (dbl && deviceInfo<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) == 0)
        throw StatusError{CLFFT_DEVICE_NO_DOUBLE};
    for (int d = 0; d < s.rank; ++d)
        if (!r2rLengthValid(static_cast<R2RKind>(s.r2rKinds[static_cast<std::size_t>(d)]),
                            s.lengths[static_cast<std::size_t>(d)]))
            throw StatusError{CLFFT_INVALID_ARG_VALUE};

    const auto is = s.effectiveInStrides();
    const auto os = s.effectiveOutStrides();
    const std::size_t idist = s.effectiveInDistance(), odist = s.effectiveOutDistance();
    const bool inPlace = s.placement == CLFFT_INPLACE;
    auto sideDims = [&](bool input) {
        std::vector<std::pair<std::size_t, std::size_t>> v;
        for (int d = 0; d < s.rank; ++d)
            v.push_back({s.lengths[static_cast<std::size_t>(d)], (input ? is : os)[static_cast<std::size_t>(d)]});
        v.push_back({s.batch, input ? idist : odist});
        return v;
    };
    auto r2r = std::make_shared<R2RBake>();
    r2r->device = device;
    const std::size_t rb = realBytes(s), libBytes = narrow ? sizeof(cl_float) : rb;
    std::size_t inSpan = 0, outSpan = 0;
    if (!span(sideDims(true), &inSpan) || !span(sideDims(false), &outSpan) ||
        __builtin_mul_overflow(inSpan, rb, &r2r->inBytes) || __builtin_mul_overflow(outSpan, rb, &r2r->outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    if (inPlace)
        r2r->inBytes = r2r->outBytes = std::max(r2r->inBytes, r2r->outBytes);
    const std::size_t maxIndex = std::max(inSpan, outSpan);
    // Between dimensions a 16-bit plan keeps the output's values in single precision (rounded once).
    if (narrow && s.rank > 1 && __builtin_mul_overflow(outSpan, sizeof(cl_float), &r2r->wideBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};

    std::ostringstream explain;
    explain << "r2r";
    for (int k : s.r2rKinds)
        explain << " " << r2rKindName(static_cast<R2RKind>(k));
    explain << ", " << s.lengths[0];
    for (int d = 1; d < s.rank; ++d)
        explain << "x" << s.lengths[static_cast<std::size_t>(d)];
    explain << ", batch " << s.batch
            << (dbl ? ", double" : storage == Storage::Half ? ", half storage" : storage == Storage::BFloat16 ? ", bfloat16 storage" : ", single")
            << (inPlace ? ", in place" : ", out of place") << "; per dimension a pre-stage, an FFT and a post-stage\n";
    if (r2r->wideBytes > 0)
        explain << "wide output: " << r2r->wideBytes << " bytes between dimensions (single precision)\n";

    const auto inDims = sideDims(true), outDims = sideDims(false);
    // The stage kernels' CPU form on CPU devices; CLFFT_NG_FORMS picks the other device's forms
    // (cpu on Oclgrind's simulated GPU, gpu on a CPU), as for the FFT kernels.
    const bool cpuType = (deviceInfo<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
    const DeviceClass cls =
        EnvSettings::fromEnvironment().deviceClass(cpuType ? DeviceClass::Cpu : DeviceClass::GpuGeneric, cpuType);
    const bool cpuForm = cls == DeviceClass::Cpu || cls == DeviceClass::CpuIntel || cls == DeviceClass::CpuAmdZen5;
    for (int d = 0; d < s.rank; ++d) {
        R2RStageBake st;
        const std::size_t ud = static_cast<std::size_t>(d);
        const R2RKind kind = static_cast<R2RKind>(s.r2rKinds[ud]);
        const std::size_t n = s.lengths[ud];
        st.readsInput = d == 0;
        const auto& readSide = d == 0 ? inDims : outDims;
        std::vector<std::pair<std::size_t, std::size_t>> readOther, writeOther;
        for (std::size_t e = 0; e < readSide.size(); ++e)
            if (e != ud) {
                readOther.push_back(readSide[e]);
                writeOther.push_back(outDims[e]);
            }
        // Rows numbered from the most contiguous dimension on the read side, so that adjacent
        // rows are adjacent in memory; columns when the transform's own dimension is not it.
        std::vector<std::size_t> order(readOther.size());
        for (std::size_t e = 0; e < order.size(); ++e)
            order[e] = e;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return readOther[x].second < readOther[y].second; });
        std::vector<std::pair<std::size_t, std::size_t>> readSorted, writeSorted;
        for (std::size_t e : order) {
            readSorted.push_back(readOther[e]);
            writeSorted.push_back(writeOther[e]);
        }
        st.readRows = rowDims(readSorted);
        st.writeRows = rowDims(writeSorted);
        st.readStride = readSide[ud].second;
        st.writeStride = outDims[ud].second;
        const bool columns = st.readRows.front().first > 1 && st.readRows.front().second < st.readStride;
        st.rows = 1;
        for (const auto& r : readOther)
            st.rows *= r.first;
        st.shape = r2rInner(kind, n);

        // R2HC and DHT read the client's rows as they are and HC2R writes them as they are: the
        // FFT takes the client's buffer itself, one trip less, where no callback is to be spliced
        // into that stage (rows numbered by several dimensions: the FFT's extra batch dimensions).
        const auto dist = [&](const std::pair<std::size_t, std::size_t>& r, std::size_t stride) {
            return r.first > 1 ? r.second : stride * n;
        };
        const bool preCallback = d == 0 && s.preCallback.set, postCallback = d + 1 == s.rank && s.postCallback.set;
        const bool rowsIn = st.readRows.size() < kMaxBatchDims, rowsOut = st.writeRows.size() < kMaxBatchDims;
        st.directIn = (kind == R2RKind::R2HC || kind == R2RKind::DHT) && rowsIn && !preCallback;
        st.directOut = kind == R2RKind::HC2R && rowsOut && !postCallback;
        // The other stages fused into the FFT's first loads and last stores (docs/r2r.md, "Fused
        // stages"): the planner takes them into the FFT's kernel where it is one kernel of a
        // family that has them, or refuses and the stages run as kernels of their own.
        const bool quarterWave = (kind == R2RKind::REDFT11 || kind == R2RKind::RODFT11) && n % 2 == 0;
        const bool fusibleIn = kind == R2RKind::REDFT10 || kind == R2RKind::RODFT10 || kind == R2RKind::REDFT01 ||
                               kind == R2RKind::RODFT01 || kind == R2RKind::HC2R || quarterWave ||
                               kind == R2RKind::REDFT00 || kind == R2RKind::RODFT00;
        const bool fusibleOut = kind == R2RKind::REDFT10 || kind == R2RKind::RODFT10 || kind == R2RKind::REDFT01 ||
                                kind == R2RKind::RODFT01 || kind == R2RKind::R2HC || kind == R2RKind::DHT || quarterWave ||
                                kind == R2RKind::REDFT00 || kind == R2RKind::RODFT00;
        // Rows of unit stride, or columns side by side (the lane kernels' lanes); rows numbered by
        // several dimensions are the FFT's extra batch dimensions, the same on both sides where
        // the FFT reads and writes the client's rows.
        const bool unitIn = columns ? st.readRows.front().second == 1 : st.readStride == 1;
        const bool unitOut = columns ? st.writeRows.front().second == 1 : st.writeStride == 1;
        bool fuseIn = fusibleIn && unitIn && !preCallback && st.readRows.size() < kMaxBatchDims;
        bool fuseOut = fusibleOut && unitOut && !postCallback && st.writeRows.size() < kMaxBatchDims;
        if ((fuseIn || st.directIn) && (fuseOut || st.directOut) && st.readRows.size() != st.writeRows.size()) {
            if (st.directIn)
                fuseOut = false;
            else
                fuseIn = false;
        }
        // One kernel reading and writing the client's buffer in place: only where each row is
        // read and written at the same place (its own work-group reads it whole before storing).
        if (d == 0 && inPlace && !(st.readRows == st.writeRows && st.readStride == st.writeStride)) {
            if (st.directIn || fuseIn)
                fuseOut = false;
            if (st.directOut)
                fuseIn = false;
        }
        const std::size_t aReals = st.rows * st.shape.aElems * (st.shape.aComplex ? 2 : 1);
        const std::size_t bReals = st.rows * st.shape.bElems * (st.shape.bComplex ? 2 : 1);
        const bool index64 = std::max({maxIndex, aReals, bReals}) > 0xffffffffu;

        // The FFT: packed rows on the library's buffers, unscaled; or the client's rows where
        // the FFT reads or writes them.
        // Columns side by side on both sides, in even numbers at even strides: pairs of them as
        // complex columns (lane_r2r.cpp), whole cache lines a vector.
        bool evenStrides = st.readStride % 2 == 0 && st.writeStride % 2 == 0;
        for (std::size_t i = 1; i < st.readRows.size(); ++i)
            evenStrides = evenStrides && st.readRows[i].second % 2 == 0 && st.writeRows[i].second % 2 == 0;
        // DCT-IV/DST-IV (any n) have no hermitian spectrum to separate
        const bool pairable = columns && kind != R2RKind::REDFT11 && kind != R2RKind::RODFT11 &&
                              st.readRows.front().first % 2 == 0 && st.readRows.front().second == 1 &&
                              st.writeRows.front().second == 1 && st.readRows.size() == st.writeRows.size() &&
                              evenStrides;
        auto innerPlan = [&](bool fin, bool fout, bool paired) {
            auto p = std::make_unique<Plan>();
            p->services = plan.services;
            PlanSettings& is2 = p->settings;
            is2.context = s.context;
            is2.rank = 1;
            is2.lengths = {{st.shape.length, 1, 1}};
            is2.batch = st.rows;
            is2.precision = narrow ? CLFFT_SINGLE : s.precision;
            is2.placement = CLFFT_OUTOFPLACE;
            // 16-bit: the client's input (dimension 0) and output (the last dimension) as stored;
            // between dimensions the wide buffer of floats.
            if (narrow) {
                is2.inStorage = (st.directIn || fin) && d == 0 ? storage : Storage::Native;
                is2.outStorage = (st.directOut || fout) && d + 1 == s.rank ? storage : Storage::Native;
            }
            is2.forwardScale = 1.0;
            is2.backwardScale = 1.0;
            is2.backwardScaleSet = true;
            is2.rigor = s.rigor;
            if (columns) {
                is2.inStrides = is2.outStrides = {{st.rows, 1, 1}};
                is2.inStridesSet = is2.outStridesSet = true;
                is2.inDistance = is2.outDistance = 1;
                is2.distancesSet = true;
            }
            const bool clientIn = st.directIn || fin, clientOut = st.directOut || fout;
            // the library buffers' distances (elements of each side), for their extra dimensions
            const std::size_t libIn = columns ? 1 : st.shape.aElems, libOut = columns ? 1 : st.shape.bElems;
            if (!clientIn || !clientOut) {
                is2.inDistance = libIn;
                is2.outDistance = libOut;
                is2.distancesSet = true;
                is2.inStrides = is2.outStrides = {{columns ? st.rows : 1, 1, 1}};
                is2.inStridesSet = is2.outStridesSet = true;
            }
            if (clientIn) {
                is2.inStrides = {{st.readStride, 1, 1}};
                is2.inStridesSet = true;
                is2.inDistance = dist(st.readRows.front(), st.readStride);
                is2.distancesSet = true;
            }
            if (clientOut) {
                is2.outStrides = {{st.writeStride, 1, 1}};
                is2.outStridesSet = true;
                is2.outDistance = dist(st.writeRows.front(), st.writeStride);
                is2.distancesSet = true;
                if (d + 1 == s.rank) // the client's scale where the FFT writes the client's rows
                    (st.shape.kind == R2RInner::Kind::ComplexToReal ? is2.backwardScale : is2.forwardScale) =
                        s.forwardScale;
            }
            // the client's further row dimensions; the library buffers number rows on
            const auto& rowsOf = clientIn ? st.readRows : st.writeRows;
            if (clientIn || clientOut) {
                is2.batch = rowsOf.front().first;
                std::size_t before = rowsOf.front().first;
                for (std::size_t i = 1; i < rowsOf.size(); ++i) {
                    IoDim x;
                    x.n = rowsOf[i].first;
                    x.inStride = clientIn ? st.readRows[i].second : before * libIn;
                    x.outStride = clientOut ? st.writeRows[i].second : before * libOut;
                    is2.extraBatch.push_back(x);
                    before *= x.n;
                }
            }
            if (fin)
                is2.r2rIn = R2RFusion{static_cast<int>(kind), n};
            if (fout)
                is2.r2rOut = R2RFusion{static_cast<int>(kind), n};
            switch (st.shape.kind) {
            case R2RInner::Kind::RealToComplex:
                is2.inLayout = CLFFT_REAL;
                is2.outLayout = CLFFT_HERMITIAN_INTERLEAVED;
                break;
            case R2RInner::Kind::ComplexToReal:
                is2.inLayout = CLFFT_HERMITIAN_INTERLEAVED;
                is2.outLayout = CLFFT_REAL;
                break;
            case R2RInner::Kind::ComplexToComplex: is2.inLayout = is2.outLayout = CLFFT_COMPLEX_INTERLEAVED; break;
            }
            if (paired) { // both sides the client's columns: strides counting pairs
                is2.inLayout = is2.outLayout = CLFFT_COMPLEX_INTERLEAVED;
                is2.inStrides = {{st.readStride / 2, 1, 1}};
                is2.outStrides = {{st.writeStride / 2, 1, 1}};
                is2.inDistance = is2.outDistance = 1;
                is2.batch = st.readRows.front().first / 2;
                for (std::size_t i = 0; i < is2.extraBatch.size(); ++i) {
                    is2.extraBatch[i].inStride = st.readRows[i + 1].second / 2;
                    is2.extraBatch[i].outStride = st.writeRows[i + 1].second / 2;
                }
                is2.r2rIn.paired = is2.r2rIn.present();
                is2.r2rOut.paired = is2.r2rOut.present();
            }
            bakePlan(*p, queue);
            return p;
        };
        if ((fuseIn || fuseOut) && pairable && (fuseIn || st.directIn) && (fuseOut || st.directOut)) {
            try {
                st.inner = innerPlan(fuseIn, fuseOut, true);
                st.pairedColumns = true;
            } catch (const StatusError& e) {
                if (e.status != CLFFT_NOTIMPLEMENTED)
                    throw;
            }
        }
        if ((fuseIn || fuseOut) && !st.inner) {
            try {
                st.inner = innerPlan(fuseIn, fuseOut, false);
            } catch (const StatusError& e) {
                if (e.status != CLFFT_NOTIMPLEMENTED)
                    throw;
                fuseIn = fuseOut = false;
            }
        }
        if (!st.inner)
            st.inner = innerPlan(false, false, false);
        st.fusedIn = fuseIn;
        st.fusedOut = fuseOut;
        st.directIn = st.directIn || fuseIn;
        st.directOut = st.directOut || fuseOut;

        if (!st.directIn)
            r2r->aBytes = std::max(r2r->aBytes, aReals * libBytes);
        if (!st.directOut)
            r2r->bBytes = std::max(r2r->bBytes, bReals * libBytes);

        st.preSpec.precision = st.postSpec.precision = dbl ? Precision::Double : Precision::Single;
        st.preSpec.kind = st.postSpec.kind = kind;
        st.preSpec.n = st.postSpec.n = n;
        st.preSpec.index64 = st.postSpec.index64 = index64;
        st.preSpec.columns = st.postSpec.columns = columns;
        st.preSpec.cpuForm = st.postSpec.cpuForm = cpuForm;
        st.preSpec.rowDims = static_cast<int>(st.readRows.size());
        st.postSpec.rowDims = static_cast<int>(st.writeRows.size());
        st.postSpec.post = true;
        st.preSpec.storage = d == 0 ? storage : Storage::Native;
        st.postSpec.storage = d + 1 == s.rank ? storage : Storage::Native;
        if (d == 0)
            st.preSpec.callback = callbackCode(s.preCallback);
        if (d + 1 == s.rank)
            st.postSpec.callback = callbackCode(s.postCallback);
        if (!st.directIn)
            st.pre = buildStage(plan, device, st.preSpec, &st.preTable);
        if (!st.directOut)
            st.post = buildStage(plan, device, st.postSpec, &st.postTable);
        explain << "dimension " << d << ": " << r2rKindName(kind) << " of " << n << " over " << st.rows << " rows\n"
                << "  pre-stage "
                << (st.fusedIn ? "fused into the FFT's loads" : st.directIn ? "none (the FFT reads the rows)"
                                                                : st.preSpec.kernelName())
                << "\n  FFT: " << (st.pairedColumns ? "two real columns as one complex column, " : "")
                << st.inner->baked->explanation << "  post-stage "
                << (st.fusedOut ? "fused into the FFT's stores" : st.directOut ? "none (the FFT writes the rows)"
                                                                  : st.postSpec.kernelName())
                << "\n";
        r2r->stages.push_back(std::move(st));
    }
    const cl_ulong maxAlloc = deviceInfo<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if (r2r->aBytes > maxAlloc || r2r->bBytes > maxAlloc || r2r->wideBytes > maxAlloc)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};

    auto baked = std::make_unique<BakedPlan>();
    baked->device = device;
    baked->explanation = explain.str();
    if (EnvSettings::fromEnvironment().explain) // the FFT plans printed themselves as they baked
        std::fprintf(stderr, "clfft-ng plan: %s", baked->explanation.c_str());
    plan.baked = std::move(baked);
    plan.r2r = std::move(r2r);
}

void enqueueR2R(Plan& plan, const EnqueueRequest& rq)
{
    const PlanSettings& s = plan.settings;
    R2RBake& r2r = *plan.r2r;
    cl_mem in = rq.inputs[0];
    cl_mem out = s.placement == CLFFT_INPLACE ? in : rq.outputs[0];
    checkBufferSize(in, r2r.inBytes);
    checkBufferSize(out, r2r.outBytes);
    auto& scratch = r2r.scratch[rq.queue];
    auto allocate = [&](MemRef& slot, std::size_t bytes) {
        return scratchBuffer(s.context.get(), slot, std::max<std::size_t>(bytes, 16));
    };
    cl_mem a = allocate(scratch.a, r2r.aBytes);
    cl_mem b = allocate(scratch.b, r2r.bBytes);
    // 16-bit plans of several dimensions: the dimensions between read and write single precision.
    cl_mem between = r2r.wideBytes > 0 ? allocate(scratch.wide, r2r.wideBytes) : out;
    const bool dbl = s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST;

    std::vector<cl_event> waits(rq.waitEvents, rq.waitEvents + rq.numWaitEvents);
    EventRef last; // owns the previous step's event
    for (std::size_t i = 0; i < r2r.stages.size(); ++i) {
        R2RStageBake& st = r2r.stages[i];
        if (!st.directIn) {
            {
                ArgBinder args(st.pre.get(), st.preSpec.index64, dbl);
                args.mem(st.readsInput ? in : between);
                args.mem(a);
                if (st.preSpec.hasTable())
                    args.mem(st.preTable.get());
                args.index(st.readStride);
                rowArgs(args, st.preSpec, st.rows, st.readRows);
                userdataArgs(args, s.preCallback, st.preSpec.callback);
            }
            last = EventRef(launch(rq.queue, st.pre.get(), st.preSpec, st.rows, waits));
            waits.assign(1, last.get());
        }
        EnqueueRequest inner;
        inner.direction = st.shape.kind == R2RInner::Kind::ComplexToReal ? CLFFT_BACKWARD : CLFFT_FORWARD;
        inner.queue = rq.queue;
        inner.numWaitEvents = static_cast<cl_uint>(waits.size());
        inner.waitEvents = waits.empty() ? nullptr : waits.data();
        cl_event innerEvent = nullptr;
        inner.outEvent = &innerEvent;
        const bool lastStage = i + 1 == r2r.stages.size();
        cl_mem ins[1] = {st.directIn ? (st.readsInput ? in : between) : a},
               outs[1] = {st.directOut ? (lastStage ? out : between) : b};
        inner.inputs = ins;
        inner.outputs = outs;
        enqueuePlan(*st.inner, inner);
        last = EventRef(innerEvent);
        waits.assign(1, last.get());

        if (!st.directOut) {
            {
                ArgBinder args(st.post.get(), st.postSpec.index64, dbl);
                args.mem(b);
                args.mem(i + 1 == r2r.stages.size() ? out : between);
                if (st.postSpec.hasTable())
                    args.mem(st.postTable.get());
                args.index(st.writeStride);
                rowArgs(args, st.postSpec, st.rows, st.writeRows);
                args.real(i + 1 == r2r.stages.size() ? s.forwardScale : 1.0);
                userdataArgs(args, s.postCallback, st.postSpec.callback);
            }
            last = EventRef(launch(rq.queue, st.post.get(), st.postSpec, st.rows, waits));
            waits.assign(1, last.get());
        }
    }
    if (rq.outEvent)
        *rq.outEvent = last.release();
}

} // namespace clfft_ng
