// The one kernel skeleton (rocFFT's StockhamKernel, VkFFT's kernel layer): every family prints
// its source in this order, supplying the hooks. prelude: the header comment, types, codelets
// and helper functions; ownership: which transform(s) and which part of them a work-item owns,
// their offsets, registers and local memory; preStage: what comes before the radix passes (the
// hermitian half expanded, Rader's x[0]); passes: the radix passes, the first reading global
// memory and the last writing it through the family's load and store hooks; postStage: what
// comes after (the hermitian half merged). Internal to the generator.
#pragma once

#include "kernel_prelude.h"
#include "kernel_spec.h"

#include <cstddef>
#include <sstream>
#include <string>

namespace clfft_ng {
namespace detail {

class KernelSkeleton {
public:
    explicit KernelSkeleton(const KernelSpec& k) : spec(k) {}
    virtual ~KernelSkeleton() = default;
    KernelSkeleton(const KernelSkeleton&) = delete;
    KernelSkeleton& operator=(const KernelSkeleton&) = delete;

    std::string source()
    {
        prelude();
        os << callbackSources(spec) << kernelSignature(spec, groupSize());
        ownership();
        preStage();
        passes();
        postStage();
        os << "}\n";
        return os.str();
    }

protected:
    const KernelSpec& spec;
    std::ostringstream os;

    virtual void prelude() = 0;
    virtual std::size_t groupSize() const = 0;
    virtual void ownership() = 0;
    virtual void preStage() {}
    virtual void passes() = 0;
    virtual void postStage() {}
};

} // namespace detail
} // namespace clfft_ng
