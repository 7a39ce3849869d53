// Building and checking the host mirrors of a transform's sides (fftw_reference.h's SideDesc and
// HostSide), as the numerical suites do around every transform.
#pragma once

#include <clFFT.h>

#include <boost/test/unit_test.hpp>

#include "fftw_reference.h"

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace clfft_test {

using fftw_ref::ErrorStats;
using fftw_ref::HostSide;
using fftw_ref::SideDesc;

// Written to every out-of-place output position before a transform: padding that is written is
// found.
template <class T> constexpr T sentinel() { return T(-7777.25); }

// The hermitian side of a real transform has N0/2+1 points along dimension 0.
inline std::size_t hermLength(std::size_t n0) { return n0 / 2 + 1; }
inline std::vector<std::size_t> hermCounts(std::vector<std::size_t> lengths)
{
    lengths[0] = hermLength(lengths[0]);
    return lengths;
}

// Packed strides with `row` elements per row along dimension 0.
inline SideDesc packedSide(clfftLayout layout, const std::vector<std::size_t>& counts, std::size_t row,
                           std::size_t batch)
{
    SideDesc s;
    s.layout = layout;
    s.counts = counts;
    s.batch = batch;
    std::size_t st = 1;
    for (std::size_t k = 0; k < counts.size(); ++k) {
        s.strides.push_back(st);
        st *= k == 0 ? row : counts[k];
    }
    s.dist = st;
    return s;
}

inline SideDesc explicitSide(clfftLayout layout, const std::vector<std::size_t>& counts,
                             const std::vector<std::size_t>& strides, std::size_t dist, std::size_t batch)
{
    BOOST_REQUIRE_EQUAL(strides.size(), counts.size());
    SideDesc s;
    s.layout = layout;
    s.counts = counts;
    s.strides = strides;
    s.dist = dist;
    s.batch = batch;
    return s;
}

// The sides of a real transform of `lengths`, packed unless strides are given: the real side
// with rows padded to 2(N0/2+1) reals in place, the hermitian side with N0/2+1 points per row.
inline SideDesc realSideOf(const std::vector<std::size_t>& lengths, std::size_t batch, bool inPlace,
                           const std::vector<std::size_t>& strides, std::size_t dist)
{
    if (!strides.empty())
        return explicitSide(CLFFT_REAL, lengths, strides, dist, batch);
    return packedSide(CLFFT_REAL, lengths, inPlace ? 2 * hermLength(lengths[0]) : lengths[0], batch);
}
inline SideDesc hermSideOf(clfftLayout layout, const std::vector<std::size_t>& lengths, std::size_t batch,
                           const std::vector<std::size_t>& strides, std::size_t dist)
{
    const std::vector<std::size_t> counts = hermCounts(lengths);
    if (!strides.empty())
        return explicitSide(layout, counts, strides, dist, batch);
    return packedSide(layout, counts, counts[0], batch);
}

template <class T> bool sameBits(const HostSide<T>& a, const HostSide<T>& b)
{
    for (std::size_t k = 0; k < a.arrays(); ++k)
        if (a.array(k).size() != b.array(k).size() ||
            std::memcmp(a.array(k).data(), b.array(k).data(), a.array(k).size() * sizeof(T)) != 0)
            return false;
    return true;
}

// Number of padding positions (pad[off] true) of y whose value in any array differs from the
// sentinel; `first` receives the first such offset.
template <class T> std::size_t clobbered(const HostSide<T>& y, const std::vector<bool>& pad, std::size_t& first)
{
    std::size_t count = 0;
    for (std::size_t off = 0; off < pad.size(); ++off) {
        if (!pad[off])
            continue;
        bool ok = y.re(off) == sentinel<T>();
        if (y.planar())
            ok = ok && y.b[off] == sentinel<T>();
        else if (!y.real())
            ok = ok && y.a[2 * off + 1] == sentinel<T>();
        if (!ok && count++ == 0)
            first = off;
    }
    return count;
}

// No padding position (pad[off] true) of the output y was written: it still holds the sentinel.
template <class T> void checkPaddingKept(const HostSide<T>& y, const std::vector<bool>& pad, const std::string& what)
{
    std::size_t first = 0;
    const std::size_t written = clobbered(y, pad, first);
    BOOST_CHECK_MESSAGE(written == 0, what << ": " << written << " output padding positions were written (first at element "
                                           << first << ")");
}

// The relative L2 error bound of most suites: 1e-6 single (against FFTW in double), 1e-14 double
// (against FFTW in long double).
template <class T> constexpr double relativeTolerance() { return sizeof(T) == sizeof(float) ? 1e-6 : 1e-14; }

// Copies the logical elements of `from` into `to` (same counts and batch, any layouts).
template <class T, class U> void copyLogical(HostSide<T>& to, const HostSide<U>& from)
{
    std::vector<std::size_t> offs;
    from.desc.forEach([&](std::size_t off, std::size_t) { offs.push_back(off); });
    to.desc.forEach(
        [&](std::size_t off, std::size_t lin) { to.set(off, T(from.re(offs[lin])), T(from.im(offs[lin]))); });
}

// Checks a relative L2 error against `tol` (and logs it); returns it.
inline long double checkRelativeError(const ErrorStats& e, double tol, const std::string& what)
{
    BOOST_TEST_MESSAGE(what << ": relative L2 error " << double(e.relL2));
    BOOST_CHECK_MESSAGE(e.relL2 <= tol, what << ": relative L2 error " << double(e.relL2) << " > " << tol
                                             << " (max abs error " << double(e.maxAbs) << " at logical element "
                                             << e.worst << ", ||ref|| " << double(e.refNorm) << ")");
    return e.relL2;
}

} // namespace clfft_test
