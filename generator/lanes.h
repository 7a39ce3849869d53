// Lane kernels (lanes.cpp): the passes of a Stockham kernel on OpenCL vectors of
// spec.lane.width neighbouring transforms, for CPU devices.
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <string>
#include <vector>

namespace clfft_ng {

// Source of a lane kernel (spec.lane.width >= 2). Same arguments and twiddle table as the
// Stockham kernel of the spec (stockham.h); one work-group computes the spec.lane.width
// transforms whose coordinates along batch dimension spec.lane.dim are consecutive. A side
// without lane.gatherIn/lane.gatherOut must have unit stride along that dimension.
std::string generateLaneSource(const KernelSpec& spec);

// A lane kernel's stage twiddles along its lane dimension (batch dimension 0) come in part
// from this table, appended to stockhamTwiddles(spec): exp(-2 pi i (l e mod M) / M) for
// e < length, l < lane.width (M = stageTwiddleLength), lanes innermost.
std::vector<std::complex<long double>> laneTwiddles(const KernelSpec& spec);

// Whether that table holds every lane's whole twiddle instead: exp(-2 pi i (c e mod M) / M) for
// e < length and c < the lane dimension's count rounded up to lane.width (M / length), c
// innermost, so a vector of lanes loads its twiddles with one load and no multiply. Double
// precision only, and only where the table stays within 1 MiB (a core's cache).
bool laneDirectStageTwiddles(const KernelSpec& spec);

// The entries of laneTwiddles(spec): length x lane.width, or length x the covered coordinates
// for a direct table.
std::size_t laneTwiddleCount(const KernelSpec& spec);

// Local buffers of a lane kernel (each lane.width x length complex values): 0 when its passes
// never exchange through local memory, 2 when a pass reads local memory and writes it (the
// passes then alternate between two buffers) unless spec.lane.oneBuffer, else 1.
std::size_t laneLocalBuffers(const KernelSpec& spec);

// Whether a lane kernel can move the rows of one side (in: the input) by chunks of lane.width
// points, whatever its rowsIn/rowsOut say: plain complex passes on gathered interleaved rows,
// 2 lane.width reals per vector. The planner adds its tuning rules; the generator checks this.
bool laneCanMoveRowsByChunks(const KernelSpec& spec, bool in);

// Whether a lane kernel is one pass on one work-item, so that chunks of rows can go straight to
// and from its registers (point e of the transform in register e).
bool laneOnePassOneItem(const KernelSpec& spec);

// Whether a lane kernel's rows by chunks go straight to and from its registers (no local memory
// between the chunks and the pass): rowsIn or rowsOut, and laneOnePassOneItem.
bool laneChunksInRegisters(const KernelSpec& spec);

// Where the lane table starts: after stockhamTwiddles(spec), and after lane.width zeros that pad
// a Bluestein chirp (Load, Store steps), so that a vector of lanes can read past its end.
std::size_t laneTableBase(const KernelSpec& spec);

} // namespace clfft_ng
