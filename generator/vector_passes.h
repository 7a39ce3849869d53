// Pieces shared by the vector kernel generators (lanes.cpp, row_lanes.cpp): the shape of
// the Stockham passes over vectors vr[]/vi[] and the source text that walks them.
#pragma once

#include "global_access.h"
#include "stockham.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace clfft_ng {

struct VectorPass {
    int radix;
    std::size_t span, butterflies, twiddleBase; // twiddleBase: its entries in the kernel's table
};

// The passes of a `length`-point Stockham FFT with these radices; each pass with span > 1 has
// span x (radix - 1) twiddles, in pass order from the start of the table.
inline std::vector<VectorPass> vectorPasses(const std::vector<int>& radices, std::size_t length)
{
    std::vector<VectorPass> passes;
    std::size_t span = 1, base = 0;
    for (int r : radices) {
        passes.push_back({r, span, length / static_cast<std::size_t>(r), base});
        if (span > 1)
            base += span * static_cast<std::size_t>(r - 1);
        span *= static_cast<std::size_t>(r);
    }
    return passes;
}

// Where the table entries after the passes' twiddles start.
inline std::size_t vectorPassTwiddleEnd(const std::vector<VectorPass>& passes)
{
    const VectorPass& s = passes.back();
    return s.twiddleBase + (s.span > 1 ? s.span * static_cast<std::size_t>(s.radix - 1) : 0);
}

// Registers a work-item needs for the largest pass, with T work-items.
inline std::size_t vectorRegisters(const std::vector<VectorPass>& passes, std::size_t T)
{
    std::size_t regs = 0;
    for (const VectorPass& s : passes)
        regs = std::max(regs, (s.butterflies + T - 1) / T * static_cast<std::size_t>(s.radix));
    return regs;
}

// Emits body(q, j) for each of `count` items among T work-items (j = t + q*T), guarded when
// they do not divide, or always (alwaysGuarded: see LaneKernel::forEachItem).
inline void forEachVectorItem(std::ostream& os, std::size_t T, std::size_t count,
                              const std::function<void(std::size_t, const std::string&)>& body,
                              bool alwaysGuarded = false)
{
    const bool guarded = alwaysGuarded || count % T != 0;
    for (std::size_t q = 0; q < (count + T - 1) / T; ++q) {
        const std::string j = "(t + " + u(q * T) + ")";
        os << "    " << (guarded ? "if (" + j + " < " + u(count) + ") " : "") << "{\n";
        body(q, j);
        os << "    }\n";
    }
}

// The item of a loop over items (forEachVectorItemLooped): its registers start at qR.
constexpr std::size_t kLoopItem = static_cast<std::size_t>(-1);

// The same items as one loop: body once with j declared, and with item q's registers at qR
// = q * radix (slotsPerItem: body(kLoopItem, "j"), for passes that keep every item's values)
// or at 0 (body(0, "j"), for items that run start to end within the iteration).
inline void forEachVectorItemLooped(std::ostream& os, std::size_t T, std::size_t count, int radix,
                                    const std::function<void(std::size_t, const std::string&)>& body,
                                    bool slotsPerItem)
{
    const std::size_t items = (count + T - 1) / T;
    os << "    for (uint q = 0u; q < " << u(items) << "; ++q) {\n        const uint j = t + q * " << u(T);
    if (slotsPerItem)
        os << ", qR = q * " << u(static_cast<std::size_t>(radix));
    os << ";\n";
    if (count % T != 0)
        os << "        if (j < " << u(count) << ") {\n";
    body(slotsPerItem ? kLoopItem : 0, "j");
    if (count % T != 0)
        os << "        }\n";
    os << "    }\n";
}

// Register of input r of item q.
inline std::string vectorSlot(const VectorPass& s, std::size_t q, int r)
{
    if (q == kLoopItem)
        return "qR + " + std::to_string(r) + "u";
    return std::to_string(q * static_cast<std::size_t>(s.radix) + static_cast<std::size_t>(r));
}

// The element item j reads for input r, and the one it writes for output r (autosort).
inline std::string vectorReadElement(const VectorPass& s, const std::string& j, int r)
{
    return stockhamReadElement(s.butterflies, j, r);
}

inline std::string vectorWriteElement(const VectorPass& s, std::size_t length, const std::string& j, int r)
{
    return stockhamWriteElement(s.radix, s.span, length, j, r);
}

// The pass's twiddles on inputs 1..R-1 of item q, then its codelet.
inline void emitVectorButterfly(std::ostream& os, const VectorPass& s, std::size_t q, const std::string& j)
{
    const int R = s.radix;
    if (s.span > 1) {
        os << "        __global const real2_t* w = tw + " << u(s.twiddleBase) << " + (" << j << " % " << u(s.span)
           << ") * " << u(static_cast<std::size_t>(R - 1)) << ";\n";
        for (int r = 1; r < R; ++r) {
            const std::string k = vectorSlot(s, q, r);
            os << "        { const real2_t x = w[" << r - 1 << "]; const vreal_t a = vr[" << k << "]; vr[" << k
               << "] = a * x.x - vi[" << k << "] * x.y; vi[" << k << "] = a * x.y + vi[" << k << "] * x.x; }\n";
        }
    }
    const std::string base = q == kLoopItem ? "qR" : std::to_string(q * static_cast<std::size_t>(R));
    os << "        dft" << R << "s(vr + " << base << ", vi + " << base << ");\n";
}

} // namespace clfft_ng
