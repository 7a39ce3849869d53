// Source text of a kernel's global-memory accesses and buffer parameters, with the user's
// callbacks spliced in. Shared by the kernel generators (stockham.cpp, real_split.cpp).
#pragma once

#include "kernel_spec.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace clfft_ng {

// "123u": an unsigned OpenCL C literal.
inline std::string u(std::size_t v) { return std::to_string(v) + "u"; }

// Source text of the kernel's global-memory accesses, with the callbacks spliced in.
class GlobalAccess {
public:
    explicit GlobalAccess(const KernelSpec& spec) : spec_(spec) {}

    // Local buffers the callbacks asked for (declared at kernel scope).
    std::string callbackLocals() const
    {
        std::ostringstream os;
        if (spec_.pre.present && spec_.pre.localMemBytes > 0)
            os << "    __local ulong preLocal[" << (spec_.pre.localMemBytes + 7) / 8 << "];\n";
        if (spec_.post.present && spec_.post.localMemBytes > 0)
            os << "    __local ulong postLocal[" << (spec_.post.localMemBytes + 7) / 8 << "];\n";
        return os.str();
    }

    // The complex (or hermitian) input point at element index e.
    std::string loadComplex(const std::string& e) const { return loadComplexAt(inOffset(e)); }

    // The complex input point at offset `at` (in elements) from the start of the buffer.
    std::string loadComplexAt(const std::string& at) const
    {
        if (spec_.pre.present) {
            if (spec_.inLayout == ComplexLayout::Interleaved)
                return spec_.pre.functionName + "((__global void*)in, (uint)(" + at + ")" + tail(spec_.pre, "pre") + ")";
            return spec_.pre.functionName + "((__global void*)inRe, (__global void*)inIm, (uint)(" + at + ")" +
                   tail(spec_.pre, "pre") + ")";
        }
        if (spec_.inLayout == ComplexLayout::Interleaved)
            return "in[" + at + "]";
        return "(real2_t)(inRe[" + at + "], inIm[" + at + "])";
    }

    // The real input point at element index e.
    std::string loadReal(const std::string& e) const
    {
        const std::string at = inOffset(e);
        if (spec_.pre.present)
            return spec_.pre.functionName + "((__global void*)in, (uint)(" + at + ")" + tail(spec_.pre, "pre") + ")";
        return "in[" + at + "]";
    }

    // Statement storing complex `value` (scaled already) at output element index e.
    std::string storeComplex(const std::string& e, const std::string& value) const
    {
        const std::string at = outOffset(e);
        if (spec_.post.present) {
            if (spec_.outLayout == ComplexLayout::Interleaved)
                return spec_.post.functionName + "((__global void*)out, (uint)(" + at + ")" + userdata(spec_.post, "post") +
                       ", " + value + local(spec_.post, "post") + ");";
            return "{ const real2_t y = " + value + "; " + spec_.post.functionName +
                   "((__global void*)outRe, (__global void*)outIm, (uint)(" + at + ")" + userdata(spec_.post, "post") +
                   ", y.x, y.y" + local(spec_.post, "post") + "); }";
        }
        if (spec_.outLayout == ComplexLayout::Interleaved)
            return "out[" + at + "] = " + value + ";";
        return "{ const real2_t y = " + value + "; outRe[" + at + "] = y.x; outIm[" + at + "] = y.y; }";
    }

    // Statement storing real `value` (scaled already) at output element index e.
    std::string storeReal(const std::string& e, const std::string& value) const
    {
        const std::string at = outOffset(e);
        if (spec_.post.present)
            return spec_.post.functionName + "((__global void*)out, (uint)(" + at + ")" + userdata(spec_.post, "post") +
                   ", " + value + local(spec_.post, "post") + ");";
        return "out[" + at + "] = " + value + ";";
    }

    static int userdataParams(const CallbackCode& cb) { return cb.present ? std::max(1, cb.userdataCount) : 0; }

private:
    static std::string inOffset(const std::string& e) { return "ioff + (idx_t)(" + e + ") * inStride"; }
    static std::string outOffset(const std::string& e) { return "ooff + (idx_t)(" + e + ") * outStride"; }
    static std::string userdata(const CallbackCode& cb, const char* prefix)
    {
        std::string s;
        for (int i = 0; i < userdataParams(cb); ++i)
            s += std::string(", ") + prefix + "Userdata" + std::to_string(i);
        return s;
    }
    static std::string local(const CallbackCode& cb, const char* prefix)
    {
        return cb.localMemBytes > 0 ? std::string(", (__local void*)") + prefix + "Local" : std::string();
    }
    static std::string tail(const CallbackCode& cb, const char* prefix) { return userdata(cb, prefix) + local(cb, prefix); }

    const KernelSpec& spec_;
};

} // namespace clfft_ng
