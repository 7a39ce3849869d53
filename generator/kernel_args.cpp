#include "kernel_args.h"

#include "storage.h"

#include <algorithm>

namespace clfft_ng {

namespace {

int userdataCount(const CallbackCode& cb) { return cb.present ? std::max(1, cb.userdataCount) : 0; }

} // namespace

std::vector<KernelArg> kernelArguments(const KernelSpec& spec)
{
    std::vector<KernelArg> args;
    int line = 0;
    auto add = [&](KernelArgRole role, int index, const std::string& type, const std::string& name) {
        args.push_back(KernelArg{role, index, type, name, line});
    };
    // A real side is one buffer of reals; a complex side interleaved or planar. A 16-bit side
    // is a buffer of 16-bit values (a complex value two of them).
    auto side = [&](bool input) {
        const Storage st = input ? spec.inStorage : spec.outStorage;
        const bool real = input ? spec.realInputSide() : spec.realOutputSide();
        const ComplexLayout layout = input ? spec.inLayout : spec.outLayout;
        const std::string element = storageRealType(st);
        const std::string name = input ? "in" : "out";
        const KernelArgRole role = input ? KernelArgRole::Input : KernelArgRole::Output;
        if (real)
            add(role, 0, "__global " + element + "*", name);
        else if (layout == ComplexLayout::Interleaved)
            add(role, 0, st == Storage::Native ? "__global real2_t*" : "__global " + element + "*", name);
        else {
            add(role, 0, "__global " + element + "*", name + "Re");
            add(input ? KernelArgRole::InputImag : KernelArgRole::OutputImag, 0, "__global " + element + "*", name + "Im");
        }
        ++line;
    };
    side(true);
    side(false);
    add(KernelArgRole::Twiddles, 0, "__global const real2_t*", "tw");
    ++line;
    for (int i = 0; i < userdataCount(spec.pre); ++i, ++line)
        add(KernelArgRole::PreUserdata, i, "__global void*", "preUserdata" + std::to_string(i));
    for (int i = 0; i < userdataCount(spec.post); ++i, ++line)
        add(KernelArgRole::PostUserdata, i, "__global void*", "postUserdata" + std::to_string(i));
    add(KernelArgRole::Transforms, 0, "const idx_t", "nTransforms");
    add(KernelArgRole::InStride, 0, "const idx_t", "inStride");
    add(KernelArgRole::OutStride, 0, "const idx_t", "outStride");
    ++line;
    for (int d = 0; d < spec.batchDims; ++d, ++line) {
        add(KernelArgRole::BatchCount, d, "const idx_t", "count" + std::to_string(d));
        add(KernelArgRole::BatchInStride, d, "const idx_t", "inStride" + std::to_string(d));
        add(KernelArgRole::BatchOutStride, d, "const idx_t", "outStride" + std::to_string(d));
    }
    add(KernelArgRole::Scale, 0, "const real_t", "scale");
    add(KernelArgRole::DirectionSign, 0, "const real_t", "dirSign");
    if (spec.convolve) {
        ++line;
        add(KernelArgRole::Spectrum, 0, "__global const real2_t*", "spectrum");
        add(KernelArgRole::Period, 0, "const idx_t", "spectrumPeriod");
    }
    return args;
}

std::string kernelParameters(const KernelSpec& spec)
{
    const std::vector<KernelArg> args = kernelArguments(spec);
    std::string text;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const bool first = i == 0 || args[i - 1].line != args[i].line;
        text += first ? "    " : ", ";
        text += args[i].type + " " + args[i].name;
        if (i + 1 == args.size())
            text += ")";
        else if (args[i + 1].line != args[i].line)
            text += ",\n";
    }
    return text;
}

} // namespace clfft_ng
