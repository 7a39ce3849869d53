// The generic tier's plan (docs/cache.md, "Tiers"): which plans it takes and its passes over
// the problem's axes, each a GenericPass of the generic program (generator/generic.cpp).
#include "tiering.h"

#include "generic.h"
#include "tables.h"
#include "unit_roots.h"

#include <algorithm>
#include <string>
#include <vector>

namespace clfft_ng {

namespace {

// Rows whose length has a prime factor above this take Bluestein's algorithm: the DFT pass's
// work grows as length x factor, Bluestein's as four times the length's logarithm.
constexpr std::size_t kGenericBluesteinPrime = 128;

struct Axis {
    std::size_t n, inStride, outStride;
};

std::vector<Axis> axesOf(const Problem& problem)
{
    std::vector<Axis> axes;
    for (const IoDim& d : problem.dims)
        axes.push_back(Axis{d.n, d.inStride, d.outStride});
    for (const IoDim& b : problem.batch)
        if (b.n > 1)
            axes.push_back(Axis{b.n, b.inStride, b.outStride});
    return axes;
}

int layoutOf(ComplexLayout layout)
{
    return static_cast<int>(layout == ComplexLayout::Planar ? GenericLayout::Planar : GenericLayout::Interleaved);
}

} // namespace

std::string genericUnsupported(const Problem& problem, const PlanSettings& settings)
{
    if (problem.pre.present || problem.post.present)
        return "callbacks";
    if (problem.inPieces.length > 0 || settings.replica > 0)
        return "a multi-device sub-plan";
    if (problem.r2rIn.present() || problem.r2rOut.present())
        return "fused real-to-real stages";
    if (problem.inPlaceViaCopy)
        return "in-place real rows at other offsets than the hermitian ones";
    if (settings.transposed == CLFFT_TRANSPOSED && settings.rank > 1 && problem.inPlace)
        return "transposed output in place";
    if (axesOf(problem).size() > 4)
        return "more than four dimensions with the batch";
    return std::string();
}

void planGenericPasses(const Problem& problem, GenericBake* bake, std::vector<GenericTable>* tables)
{
    const std::vector<Axis> axes = axesOf(problem);
    const std::size_t rank = problem.dims.size();
    const bool r2c = problem.kind == TransformKind::RealToComplex;
    const bool c2r = problem.kind == TransformKind::ComplexToReal;
    const std::size_t realBytes = problem.precision == Precision::Double ? 8 : 4;
    const int inLayout = r2c ? static_cast<int>(GenericLayout::Real) : layoutOf(problem.inLayout);
    const int outLayout = c2r ? static_cast<int>(GenericLayout::Real) : layoutOf(problem.outLayout);
    // Counts of the complex (hermitian) side: a real row of n points has n / 2 + 1 of them.
    std::vector<std::size_t> counts;
    for (std::size_t a = 0; a < axes.size(); ++a)
        counts.push_back(a == 0 && (r2c || c2r) ? axes[0].n / 2 + 1 : axes[a].n);
    auto others = [&](std::size_t d) {
        std::vector<std::size_t> o;
        for (std::size_t a = 0; a < axes.size(); ++a)
            if (a != d)
                o.push_back(a);
        return o;
    };
    auto tableOf = [&](GenericTable::Kind kind, std::size_t n, std::size_t m) {
        GenericTable t;
        t.kind = kind;
        t.n = n;
        t.m = m;
        const auto it = std::find(tables->begin(), tables->end(), t);
        if (it != tables->end())
            return static_cast<std::size_t>(it - tables->begin());
        tables->push_back(t);
        return tables->size() - 1;
    };
    auto clientView = [&](bool inSide, std::size_t d) {
        GenericView v;
        v.role = inSide ? GenericView::Role::Input : GenericView::Role::Output;
        v.layout = inSide ? inLayout : outLayout;
        const Storage st = inSide ? problem.inStorage : problem.outStorage;
        v.storage = st == Storage::Half ? 1 : st == Storage::BFloat16 ? 2 : 0;
        v.stride = inSide ? axes[d].inStride : axes[d].outStride;
        const std::vector<std::size_t> o = others(d);
        for (std::size_t i = 0; i < o.size(); ++i)
            v.outer[i] = inSide ? axes[o[i]].inStride : axes[o[i]].outStride;
        return v;
    };
    // The hermitian rows of a C2R plan, packed in natural order, between its outer dimensions
    // and its real rows (the client's input is never written).
    auto hermView = [&](std::size_t d) {
        std::vector<std::size_t> packed(axes.size());
        std::size_t p = 1;
        for (std::size_t a = 0; a < axes.size(); ++a) {
            packed[a] = p;
            p *= counts[a];
        }
        bake->tmpHBytes = p * 2 * realBytes;
        GenericView v;
        v.role = GenericView::Role::TmpH;
        v.stride = packed[d];
        const std::vector<std::size_t> o = others(d);
        for (std::size_t i = 0; i < o.size(); ++i)
            v.outer[i] = packed[o[i]];
        return v;
    };
    // One dimension: a Stockham pass per radix, alternating between the two temporaries.
    auto addDimension = [&](std::size_t d, const GenericView& src, const GenericView& dst, std::size_t n, bool hermIn,
                            std::size_t outLimit) {
        std::array<std::size_t, 3> c{{1, 1, 1}};
        const std::vector<std::size_t> o = others(d);
        std::size_t rows = 1;
        for (std::size_t i = 0; i < o.size(); ++i) {
            c[i] = counts[o[i]];
            rows *= c[i];
        }
        // Rows of `length` packed in a temporary.
        auto temp = [&](std::size_t which, std::size_t length) {
            GenericView v;
            v.role = which == 0 ? GenericView::Role::Tmp0 : GenericView::Role::Tmp1;
            v.stride = 1;
            v.outer = {{length, length * c[0], length * c[0] * c[1]}};
            return v;
        };
        // The Stockham passes of length `len` from `from` to `to`; `sign` 0: the client's direction.
        auto stockham = [&](const GenericView& from, const GenericView& to, std::size_t len, int sign, bool herm,
                            std::size_t limit) {
            bake->tmpBytes = std::max(bake->tmpBytes, len * rows * 2 * realBytes);
            const std::vector<std::size_t> radices = genericRadices(len);
            // Temporaries alternate; a Bluestein FFT between two temporaries starts on the other one.
            const std::size_t first = from.role == GenericView::Role::Tmp0 ? 1 : 0;
            std::size_t span = 1;
            for (std::size_t i = 0; i < radices.size(); ++i) {
                GenericPass p;
                const bool last = i + 1 == radices.size();
                p.src = i == 0 ? from : temp((first + i - 1) % 2, len);
                p.dst = last ? to : temp((first + i) % 2, len);
                p.counts = c;
                p.n = len;
                p.radix = radices[i];
                p.span = span;
                p.table = tableOf(GenericTable::Kind::Roots, len, 0);
                p.fixedSign = sign;
                p.hermIn = herm && i == 0;
                p.outLimit = last ? limit : len;
                p.axis = d;
                bake->passes.push_back(p);
                span *= radices[i];
            }
        };
        if (largestPrimeFactor(n) <= kGenericBluesteinPrime) {
            stockham(src, dst, n, 0, hermIn, outLimit);
            return;
        }
        // Bluestein: chirp and pad into Tmp0, convolve with the chirp through two FFTs of a power
        // of two m >= 2n - 1 (forward, product with the kernel's spectrum, backward), chirp out.
        std::size_t m = 1;
        while (m < 2 * n - 1)
            m *= 2;
        bake->tmpBytes = std::max(bake->tmpBytes, m * rows * 2 * realBytes);
        GenericPass in;
        in.op = GenericPass::Op::BluesteinIn;
        in.src = src;
        in.dst = temp(0, m);
        in.counts = c;
        in.n = n;
        in.span = m;
        in.table = tableOf(GenericTable::Kind::Chirp, n, 0);
        in.hermIn = hermIn;
        in.outLimit = m;
        in.axis = d;
        bake->passes.push_back(in);
        const std::size_t passes = genericRadices(m).size();
        const GenericView spectrumAt = temp(passes % 2, m); // where the forward FFT ends
        stockham(temp(0, m), spectrumAt, m, 1, false, m);
        GenericPass product = in;
        product.op = GenericPass::Op::Pointwise;
        product.src = product.dst = spectrumAt;
        product.n = m;
        product.hermIn = false;
        product.table = tableOf(GenericTable::Kind::Spectrum, n, m);
        bake->passes.push_back(product);
        const GenericView convolved = temp(0, m);
        stockham(spectrumAt, convolved, m, -1, false, m);
        GenericPass out = product;
        out.src = convolved;
        out.dst = dst;
        out.n = n;
        out.table = tableOf(GenericTable::Kind::Chirp, n, 0);
        out.outLimit = outLimit;
        bake->passes.push_back(out);
    };

    if (c2r) {
        // The outer dimensions on the hermitian rows first, then the real rows from them.
        for (std::size_t d = 1; d < rank; ++d)
            addDimension(d, d == 1 ? clientView(true, d) : hermView(d), hermView(d), axes[d].n, false, axes[d].n);
        addDimension(0, rank > 1 ? hermView(0) : clientView(true, 0), clientView(false, 0), axes[0].n, true, axes[0].n);
    } else {
        // Skipped outputs keep what the buffer held, and 16-bit outputs are rounded once: the
        // dimensions before the last then work in the packed temporary, not the client's output.
        bool packed = problem.outStorage != Storage::Native;
        for (const PointRange& r : problem.skipOut)
            packed = packed || r.present();
        auto between = [&](std::size_t d) { return packed ? hermView(d) : clientView(false, d); };
        for (std::size_t d = 0; d < rank; ++d)
            addDimension(d, d == 0 ? clientView(true, d) : between(d), d + 1 == rank ? clientView(false, d) : between(d),
                         axes[d].n, false, d == 0 && r2c ? counts[0] : axes[d].n);
    }
    bake->passes.back().scaled = true;
    // The ranges, where a pass reads the client's input or writes its output.
    for (GenericPass& p : bake->passes) {
        auto put = [&](const std::vector<PointRange>& side, std::array<std::size_t, 4>* lo,
                       std::array<std::size_t, 4>* hi) {
            const std::vector<std::size_t> o = others(p.axis);
            for (std::size_t slot = 0; slot < 4; ++slot) {
                const std::size_t a = slot == 0 ? p.axis : slot - 1 < o.size() ? o[slot - 1] : axes.size();
                if (a < rank && a < side.size() && side[a].present()) {
                    (*lo)[slot] = side[a].begin;
                    (*hi)[slot] = side[a].end;
                }
            }
        };
        if (p.src.role == GenericView::Role::Input)
            put(problem.zeroIn, &p.zeroLo, &p.zeroHi);
        if (p.dst.role == GenericView::Role::Output)
            put(problem.skipOut, &p.skipLo, &p.skipHi);
    }
}

} // namespace clfft_ng
