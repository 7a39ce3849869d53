// The device copy kernels of libclFFT-mpi: every pack before an exchange, every unpack after
// one, and the local transposes (TRANSPOSED_IN / TRANSPOSED_OUT) are one strided copy of a
// 3-index block. copy3 keeps the innermost index contiguous on both sides (slab layouts);
// copyBox (scopy) lets every index have a stride (pencil boxes stored in different orders).
// The kernels' OpenCL C is the generator's (generator/copy_sources.h, mpiCopySource).
#include "mpi_internal.h"

#include "copy_sources.h"

#include <map>
#include <utility>

namespace clfft_mpi {
namespace {

// The copy kernels' program, built once per (context, device) and shared by every plan there
// (a compile is seconds on PoCL); released with the last plan that uses it.
struct SharedProgram
{
	cl_program program = nullptr;
	size_t users = 0;
};
std::mutex gProgramMutex;
std::map<std::pair<cl_context, cl_device_id>, SharedProgram> gPrograms;

// Shortest contiguous run (bytes) for which a local transpose is done as one rectangle copy per
// index b rather than by the copy kernel.
constexpr size_t kRectRunBytes = 512;
// ... and for which each of those rectangles moves at least this much (one command each).
constexpr size_t kRectMinBytes = 64 * 1024;

} // namespace

clfftStatus acquireCopyProgram(cl_context ctx, cl_device_id dev, cl_program* out)
{
	std::lock_guard<std::mutex> lock(gProgramMutex);
	SharedProgram& e = gPrograms[{ctx, dev}];
	if (!e.program) {
		cl_int err = CL_SUCCESS;
		const char* source = clfft_ng::mpiCopySource();
		cl_program prog = clCreateProgramWithSource(ctx, 1, &source, nullptr, &err);
		if (err == CL_SUCCESS && clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS)
			err = CL_BUILD_PROGRAM_FAILURE;
		if (err != CL_SUCCESS) {
			if (prog) clReleaseProgram(prog);
			gPrograms.erase({ctx, dev});
			return err == CL_BUILD_PROGRAM_FAILURE ? CLFFT_BUILD_PROGRAM_FAILURE : clfftStatus(err);
		}
		e.program = prog;
	}
	++e.users;
	*out = e.program;
	return CLFFT_SUCCESS;
}

void releaseCopyProgram(cl_context ctx, cl_device_id dev)
{
	std::lock_guard<std::mutex> lock(gProgramMutex);
	auto it = gPrograms.find({ctx, dev});
	if (it == gPrograms.end()) return;
	if (--it->second.users == 0) {
		clReleaseProgram(it->second.program);
		gPrograms.erase(it);
	}
}

// dst[doff + a*d2 + b*d1 + c] = src[soff + a*s2 + b*s1 + c] for c < C, b < B, a < A.
void Exec::copy3(cl_mem src, cl_mem dst, size_t C, size_t B, size_t A, size_t soff, size_t s1, size_t s2,
                 size_t doff, size_t d1, size_t d2)
{
	if (st != CLFFT_SUCCESS || C == 0 || B == 0 || A == 0) return;
	const size_t es = p.es;
	// Runs of C B contiguous elements on both sides (every pack, unpack and own block of a slab
	// transpose): a rectangle copy, which a CPU device does as one memcpy per run (PoCL: about 3x
	// the copy kernel's speed, whose work-items move 8 or 16 bytes each) and other devices with
	// their copy engine. Also a local transpose with long enough runs of C: one rectangle per b
	// (when each moves enough to be worth a command).
	if (p.rectCopies && src != dst && (B == 1 || (s1 == C && d1 == C)) && s2 >= C * B && d2 >= C * B) {
		const size_t so[3] = {soff * es, 0, 0}, dor[3] = {doff * es, 0, 0}, region[3] = {C * B * es, A, 1};
		cl(clEnqueueCopyBufferRect(p.queue, src, dst, so, dor, region, s2 * es, 0, d2 * es, 0, 0, nullptr, nullptr));
		return;
	}
	if (p.rectCopies && src != dst && C * es >= kRectRunBytes && A * C * es >= kRectMinBytes && B <= 4096 && s2 >= C &&
	    d2 >= C) {
		const size_t region[3] = {C * es, A, 1};
		for (size_t b = 0; b < B && st == CLFFT_SUCCESS; ++b) {
			const size_t so[3] = {(soff + b * s1) * es, 0, 0}, dor[3] = {(doff + b * d1) * es, 0, 0};
			cl(clEnqueueCopyBufferRect(p.queue, src, dst, so, dor, region, s2 * es, 0, d2 * es, 0, 0, nullptr,
			                           nullptr));
		}
		return;
	}
	cl_ulong args[6] = {soff, s1, s2, doff, d1, d2};
	cl(clSetKernelArg(p.copy, 0, sizeof(cl_mem), &src));
	cl(clSetKernelArg(p.copy, 1, sizeof(cl_mem), &dst));
	for (cl_uint i = 0; i < 6; ++i) cl(clSetKernelArg(p.copy, 2 + i, sizeof(cl_ulong), &args[i]));
	size_t global[3] = {C, B, A};
	if (st == CLFFT_SUCCESS) cl(clEnqueueNDRangeKernel(p.queue, p.copy, 3, nullptr, global, nullptr, 0, nullptr, nullptr));
}

// dst[doff + a*d2 + b*d1 + c*d0] = src[soff + a*s2 + b*s1 + c*s0] for c < C, b < B, a < A; real:
// elements of one real number (the real side of a howmany reorder), else one complex number.
void Exec::copyStrided(bool real, cl_mem src, cl_mem dst, size_t C, size_t B, size_t A, size_t soff, size_t s0,
                       size_t s1, size_t s2, size_t doff, size_t d0, size_t d1, size_t d2)
{
	if (st != CLFFT_SUCCESS || C == 0 || B == 0 || A == 0) return;
	cl_kernel k = real ? p.rcopy : p.scopy;
	cl_ulong args[8] = {soff, s0, s1, s2, doff, d0, d1, d2};
	cl(clSetKernelArg(k, 0, sizeof(cl_mem), &src));
	cl(clSetKernelArg(k, 1, sizeof(cl_mem), &dst));
	for (cl_uint i = 0; i < 8; ++i) cl(clSetKernelArg(k, 2 + i, sizeof(cl_ulong), &args[i]));
	size_t global[3] = {C, B, A};
	if (st == CLFFT_SUCCESS) cl(clEnqueueNDRangeKernel(p.queue, k, 3, nullptr, global, nullptr, 0, nullptr, nullptr));
}

// Copies the region [lo, lo + n) of the array from src (holding box sb from element soff) to
// dst (box db from doff), work-items over the region in db's storage order.
void Exec::copyBox(cl_mem src, const Box& sb, size_t soff, size_t sMul, cl_mem dst, const Box& db, size_t doff,
                   size_t dMul, const size_t lo[3], const size_t n[3])
{
	if (st != CLFFT_SUCCESS || n[0] * n[1] * n[2] == 0) return;
	for (int d = 0; d < 3; ++d) {
		soff += (lo[d] - sb.lo[d]) * sb.stride(d) * sMul;
		doff += (lo[d] - db.lo[d]) * db.stride(d) * dMul;
	}
	// Work-items in the destination's storage order (writes contiguous, reads strided where the
	// orders differ): 2-4x faster than the source's order for the y-pencil transposes on PoCL
	// (copies of c2c 256^3 on 2 x 2 pencils: 185-330 -> 77-84 ms).
	const int a = db.order[0], b = db.order[1], c = db.order[2];
	// Contiguous runs on both sides (packing z pencils, unpacking x pencils): copy3, which
	// copies runs as rectangles.
	if (sb.stride(c) * sMul == 1 && db.stride(c) * dMul == 1) {
		copy3(src, dst, n[c], n[b], n[a], soff, sb.stride(b) * sMul, sb.stride(a) * sMul, doff, db.stride(b) * dMul,
		      db.stride(a) * dMul);
		return;
	}
	copyStrided(false, src, dst, n[c], n[b], n[a], soff, sb.stride(c) * sMul, sb.stride(b) * sMul, sb.stride(a) * sMul,
	            doff, db.stride(c) * dMul, db.stride(b) * dMul, db.stride(a) * dMul);
}

} // namespace clfft_mpi
