// The parts every generated kernel begins with, printed one way for all families: the header
// comment, the precision and index types, the client's callbacks, and the kernel's signature.
// A family prints its own codelets and body between and after them.
#pragma once

#include "kernel_spec.h"

#include <string>
#include <utility>
#include <vector>

namespace clfft_ng {

// "// clfft-ng generated kernel: NAME", the spec described, then the family's own note lines.
std::string kernelHeaderComment(const KernelSpec& spec, const std::vector<std::string>& notes);

// The fp64 pragma (double), typedefs real_t and real2_t, the family's vector types (name,
// suffix of the scalar type: {"vreal_t", "8"} is float8 or double8), and idx_t; a blank line.
std::string precisionTypes(const KernelSpec& spec, const std::vector<std::pair<std::string, std::string>>& vectors = {});

// streamN(value, p) for N in `counts`: a vector of N reals stored at p past the caches (a
// non-temporal store) where p is aligned to the vector, else by vstoreN (KernelSpec::streamStores).
std::string streamStoreFunctions(const KernelSpec& spec, const std::vector<std::size_t>& counts);

// The store of a vector of `count` reals at pointer `p` (a statement): streamN where the spec
// streams its stores, else vstoreN.
std::string vectorStore(const KernelSpec& spec, std::size_t count, const std::string& value, const std::string& p);

// The complex product on real2_t.
std::string complexMultiply();

// The client's pre- and post-callback source, copied verbatim between markers.
std::string callbackSources(const KernelSpec& spec);

// "__kernel __attribute__((reqd_work_group_size(G, 1, 1)))", the name and the parameters
// (kernel_args.h), and the opening brace.
std::string kernelSignature(const KernelSpec& spec, std::size_t workGroupSize);

// The offsets of the transform numbered by the variable `rest` (which the caller declares; it is
// consumed) along the batch dimensions: one line a dimension adding c * stride to inOff and
// outOff, then the last dimension's statement, ending in ';' without a newline.
std::string batchOffsets(const KernelSpec& spec, const std::string& indent, const std::string& inOff,
                         const std::string& outOff);

} // namespace clfft_ng
