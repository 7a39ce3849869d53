// Running a libclFFT-mpi plan: the steps of the plan's list, one after another, each reading one
// buffer and writing another (the client's buffers and the plan's two work buffers), local FFTs
// through clFFT, global transposes through exchange.cpp, local transposes through copy_kernels.cpp.
#include "mpi_internal.h"

namespace clfft_mpi {

void Exec::run(cl_mem input, cl_mem output)
{
	cl_mem cur = input;
	for (size_t i = 0; i < p.steps.size(); ++i) {
		const bool last = i + 1 == p.steps.size();
		const Step k = p.steps[i];
		const bool exchanges = k == Step::FWDX || k == Step::BWDX || k == Step::PZY || k == Step::PYX ||
		                       k == Step::PXY || k == Step::PYZ;
		synced = false;
		try {
			cur = step(i, last, cur, input, output);
		} catch (const std::bad_alloc&) {
			if (st == CLFFT_SUCCESS) st = CLFFT_OUT_OF_HOST_MEMORY;
		} catch (...) {
			if (st == CLFFT_SUCCESS) st = CLFFT_BUGCHECK;
		}
		// A step that threw before its checkpoint still reaches it (every rank calls it once per
		// exchanging step); after a failure agreed there every rank stops, at the same step.
		if (exchanges && !synced) checkpoint();
		if (stopped) return;
	}
}

// Step i of the list, reading cur; returns the buffer it wrote.
cl_mem Exec::step(size_t i, bool last, cl_mem cur, cl_mem input, cl_mem output)
{
#ifdef CLFFT_MPI_TEST_HOOKS
	if (p.throwAtStep == int(i)) throw std::bad_alloc();
#endif
	const size_t me = size_t(p.me), b = p.ln1[me], N0 = p.N0, N2 = p.N2;
	const clfftDirection dir = p.kind == CLFFT_MPI_R2C ? CLFFT_FORWARD
	                           : p.kind == CLFFT_MPI_C2R ? CLFFT_BACKWARD
	                                                     : p.direction;
	auto other = [&](cl_mem notThis) { return notThis == p.work[0] ? p.work[1] : p.work[0]; };
	{
		cl_mem next = last ? output : other(cur);
		// An out-of-place slab plan's first FFT writes into the output buffer (free until the
		// last step) when it holds the slab: the transpose that follows then reads one buffer
		// and writes another, which lets it pack round by round (staged exchanges).
		if (i == 0 && !last && !p.pencil && p.steps[0] == Step::REST && p.steps[1] == Step::FWDX &&
		    output != input && bufferHolds(output, layoutBytes(p, false)) == CLFFT_SUCCESS)
			next = output;
		switch (p.steps[i]) {
		case Step::WHOLE:
		case Step::REST:
			fft(p.rest, dir, cur, next);
			mark(0);
			break;
		case Step::ZERO:
			fft(p.zero, dir, cur, next);
			mark(0);
			break;
		case Step::HIN:
		case Step::HOUT: {
			// howmany > 1: the slab's rows of J elements, H interleaved (i0, j, h) <-> h-major
			// (i0, h, j); the real side of R2C (in) and C2R (out) in real numbers.
			const bool in = p.steps[i] == Step::HIN;
			const bool realSide = in ? p.kind == CLFFT_MPI_R2C : p.kind == CLFFT_MPI_C2R;
			const size_t H = p.H, J = p.N1 * p.NL * (realSide ? 2 : 1), a = p.ln0[me];
			if (in)
				copyStrided(realSide, cur, next, J, H, a, 0, H, 1, J * H, 0, 1, J, J * H);
			else
				copyStrided(realSide, cur, next, J, H, a, 0, 1, J, J * H, 0, H, 1, J * H);
			mark(1);
			break;
		}
		case Step::PHIN:
		case Step::PHOUT: {
			// Pencils, howmany > 1: the client's z box, rows of J numbers with H interleaved
			// (row, j, h), <-> h-major (h, row, j); real on the real side of R2C / C2R.
			const bool in = p.steps[i] == Step::PHIN;
			const bool realSide = p.kind != CLFFT_MPI_C2C;
			const size_t H = p.H, J = p.N2 * (realSide ? 2 : 1), rows = p.zBox[me].n[0] * p.zBox[me].n[1];
			if (in)
				copyStrided(realSide, cur, next, J, rows, H, 0, H, J * H, 1, 0, 1, J, rows * J);
			else
				copyStrided(realSide, cur, next, J, rows, H, 0, 1, J, rows * J, 0, H, J * H, 1);
			mark(1);
			break;
		}
		case Step::R2T:
			copy3(cur, next, N2, b, N0, 0, N2, p.rowPitch, 0, N0 * N2, N2);
			mark(1);
			break;
		case Step::T2R:
			copy3(cur, next, N2, b, N0, 0, N0 * N2, N2, 0, N2, p.rowPitch);
			mark(1);
			break;
		case Step::PF2:
			fft(p.rest, p.direction, cur, next);
			mark(0);
			break;
		case Step::PF1:
			fft(p.mid, p.direction, cur, next);
			mark(0);
			break;
		case Step::PF0:
			fft(p.zero, p.direction, cur, next);
			mark(0);
			break;
		case Step::PZY:
		case Step::PYX:
		case Step::PXY:
		case Step::PYZ: {
			// The pack goes to the work buffer that is not cur; what arrives goes to cur when
			// cur is a work buffer (the pack has consumed it), and is unpacked into the pack's
			// buffer (free once sent) or the output.
			cl_mem packed = other(cur);
			const bool curIsWork = cur == p.work[0] || cur == p.work[1];
			cl_mem received = curIsWork ? cur : other(packed);
			if (!last) next = packed;
			const Step k = p.steps[i];
			const std::vector<Box>& A = k == Step::PZY ? p.zBox : k == Step::PYX ? p.yBox : k == Step::PXY ? p.xBox : p.yBox;
			const std::vector<Box>& B = k == Step::PZY ? p.yBox : k == Step::PYX ? p.xBox : k == Step::PXY ? p.yBox : p.zBox;
			// howmany > 1: z and y pencils h-major, x pencils interleaved (the client's layout).
			redistribute(cur, A, k == Step::PXY, packed, received, next, B, k == Step::PYX);
			break;
		}
		case Step::FWDX:
		case Step::BWDX: {
			// cur is consumed by the pack (FWDX) or the exchange (BWDX) before next is
			// written, so a work buffer may be both; the client's input never is written.
			cl_mem scratch = other(cur);
			const bool curIsWork = cur == p.work[0] || cur == p.work[1];
			if (!last) next = curIsWork ? cur : other(scratch);
			if (p.directAll) {
				if (!last) next = scratch;
				directTranspose(p.steps[i] == Step::FWDX, cur, next);
			} else if (p.steps[i] == Step::FWDX)
				forwardExchange(cur, scratch, next);
			else
				backwardExchange(cur, scratch, next);
			break;
		}
		}
		return next;
	}
}

clfftStatus bufferHolds(cl_mem m, size_t bytes)
{
	if (!m) return CLFFT_INVALID_MEM_OBJECT;
	size_t size = 0;
	if (clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS) return CLFFT_INVALID_MEM_OBJECT;
	return size < bytes ? CLFFT_INVALID_BUFFER_SIZE : CLFFT_SUCCESS;
}

} // namespace clfft_mpi
