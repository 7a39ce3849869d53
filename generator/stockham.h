// Stockham autosort kernel generator: KernelSpec -> OpenCL C source of one kernel.
#pragma once

#include "kernel_spec.h"
#include "tables.h"

#include <complex>
#include <string>
#include <vector>

namespace clfft_ng {

// The whole program source for the spec (prelude, codelets, one kernel named
// spec.kernelName()). Deterministic: equal specs give byte-identical text. Arguments:
// kernel_args.h; the table it reads: tables.h.
std::string generateStockhamSource(const KernelSpec& spec);

// The radix passes of a Stockham kernel: radix, span Ns (the product of the earlier radices),
// butterflies N / R, butterflies per work-item, and the first table entry of its twiddles.
struct PassShape {
    int radix;
    std::size_t span;
    std::size_t butterflies;
    std::size_t perThread;
    std::size_t twiddleBase;
};
// The passes; a length-1 transform gets one pass of radix 1 (a copy).
std::vector<PassShape> passShapes(const KernelSpec& spec);
// Table entries the passes' twiddles take.
std::size_t passTwiddleCount(const KernelSpec& spec);

// Autosort indexing of a Stockham pass of `radix` over `length` points (span = product of the
// earlier radices): the element butterfly j reads for input r, and the one it writes for output
// r. j is source text (an OpenCL C expression); so are the results.
std::string stockhamReadElement(std::size_t butterflies, const std::string& j, int r);
std::string stockhamWriteElement(int radix, std::size_t span, std::size_t length, const std::string& j, int r);

} // namespace clfft_ng
