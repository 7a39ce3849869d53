// One rank's part of a libclFFT-mpi plan, once every rank has agreed on the arguments: the
// distribution of the complex array, the chunk count of the staged exchanges, the work buffers,
// whether MPI may work on mapped device memory, the copy kernels, the local clFFT plans (one per
// dimension group the rank holds data for), and the list of steps (mpi_internal.h) to run.
#include "mpi_internal.h"

#include <climits>
#include <cstdlib>
#include <cstring>
#include <new>

namespace clfft_mpi {
namespace {

// One local clFFT plan; lengths and strides fastest first, as clFFT wants them.
clfftStatus makeLocal(Plan& p, clfftPlanHandle* out, clfftDim dim, const size_t* lengths, size_t* inStrides,
                      size_t* outStrides, size_t inDist, size_t outDist, size_t batch, clfftLayout inLayout,
                      clfftLayout outLayout)
{
	clfftPlanHandle h = 0;
	clfftStatus st = clfftCreateDefaultPlan(&h, p.ctx, dim, lengths);
	if (st != CLFFT_SUCCESS) return st;
	auto check = [&](clfftStatus s) {
		if (st == CLFFT_SUCCESS) st = s;
	};
	check(clfftSetPlanPrecision(h, p.precision));
	check(clfftSetLayout(h, inLayout, outLayout));
	check(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
	check(clfftSetPlanInStride(h, dim, inStrides));
	check(clfftSetPlanOutStride(h, dim, outStrides));
	check(clfftSetPlanDistance(h, inDist, outDist));
	check(clfftSetPlanBatchSize(h, batch));
	check(clfftSetPlanScale(h, CLFFT_FORWARD, 1.0f));
	check(clfftSetPlanScale(h, CLFFT_BACKWARD, 1.0f));
	if (st == CLFFT_SUCCESS) check(clfftBakePlan(h, 1, &p.queue, nullptr, nullptr));
	if (st != CLFFT_SUCCESS) {
		clfftDestroyPlan(&h);
		return st;
	}
	*out = h;
	return CLFFT_SUCCESS;
}

} // namespace

// Everything one rank builds for a plan whose arguments all ranks agreed on.
clfftStatus buildLocal(Plan& p)
{
	const size_t P = size_t(p.P), me = size_t(p.me);
	const bool real = p.kind != CLFFT_MPI_C2C;
	p.N0 = p.n[0];
	if (p.dims == 2) {
		p.N1 = real ? p.n[1] / 2 + 1 : p.n[1];
		p.NL = 1;
	} else {
		p.N1 = p.n[1];
		p.NL = real ? p.n[2] / 2 + 1 : p.n[2];
	}
	// howmany interleaved transforms: the transposes move runs of NL H elements.
	if (p.H == 0 || mulOverflows(p.NL, p.H)) return CLFFT_INVALID_ARG_VALUE;
	// (Pencil boxes are of the complex array: N2 = NL there, and H multiplies their volumes.)
	p.N2 = p.pencil ? p.NL : p.NL * p.H;
	p.es = p.precision == CLFFT_DOUBLE ? 16 : 8;
	p.ln0.resize(P);
	p.st0.resize(P);
	p.ln1.resize(P);
	p.st1.resize(P);
	size_t biggestBlock = 0; // elements of the largest block one rank sends another
	if (p.pencil) {
		const size_t N[3] = {p.N0, p.N1, p.N2};
		if (mulOverflows(N[0], N[1]) || mulOverflows(N[0] * N[1], N[2]) || mulOverflows(N[0] * N[1] * N[2], p.H))
			return CLFFT_INVALID_ARG_VALUE;
		p.zBox.resize(P);
		p.yBox.resize(P);
		p.xBox.resize(P);
		for (size_t r = 0; r < P; ++r) {
			pencilBoxes(N, size_t(p.rows), size_t(p.cols), r / size_t(p.cols), r % size_t(p.cols), &p.zBox[r], &p.yBox[r],
			            &p.xBox[r]);
			biggestBlock = std::max({biggestBlock, p.zBox[r].volume(), p.yBox[r].volume(), p.xBox[r].volume()});
		}
		biggestBlock *= p.H;
		p.alloc = std::max<size_t>({p.zBox[me].volume() * p.H, p.yBox[me].volume() * p.H, p.xBox[me].volume() * p.H, 1});
	} else {
		for (size_t r = 0; r < P; ++r) {
			size_t a = 0;
			if (!distribution(p.N0, p.N1, p.N2, P, r, &p.ln0[r], &p.st0[r], &p.ln1[r], &p.st1[r], &a))
				return CLFFT_INVALID_ARG_VALUE;
			if (r == me) p.alloc = a;
		}
		biggestBlock = blockOf(p.N0, P) * blockOf(p.N1, P) * p.N2 * P;
	}
	// MPI counts and displacements are ints of elements.
	if (p.alloc > size_t(INT_MAX) || mulOverflows(p.alloc, p.es)) return CLFFT_NOTIMPLEMENTED;

	// Chunks: the same count on every rank (it fixes the number of MPI_Alltoallv calls).
	size_t chunkBytes = size_t(4) << 20;
	if (const char* e = std::getenv("CLFFT_MPI_CHUNK_BYTES")) {
		char* end = nullptr;
		unsigned long long v = std::strtoull(e, &end, 10);
		if (end != e && v > 0) chunkBytes = size_t(v);
	}
	p.chunks = std::max<size_t>(1, std::min<size_t>(64, (biggestBlock * p.es + chunkBytes - 1) / chunkBytes));

	cl_int err = CL_SUCCESS;
	cl_device_id dev = nullptr;
	if ((err = clGetCommandQueueInfo(p.queue, CL_QUEUE_DEVICE, sizeof dev, &dev, nullptr)) != CL_SUCCESS)
		return fromCl(err);
	// Devices that work in host memory exchange straight from mapped buffers; others stage
	// through host buffers (CLFFT_MPI_STAGING=1 forces staging everywhere).
	cl_device_type type = 0;
	cl_bool unified = CL_FALSE;
	clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
	clGetDeviceInfo(dev, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, nullptr);
	const char* staging = std::getenv("CLFFT_MPI_STAGING");
	p.direct = ((type & CL_DEVICE_TYPE_CPU) || unified) && !(staging && *staging && std::strcmp(staging, "0") != 0);
	try {
		if (!p.direct) {
			p.hostSend.resize(p.alloc * p.es);
			p.hostRecv.resize(p.alloc * p.es);
		}
	} catch (const std::bad_alloc&) {
		return CLFFT_OUT_OF_HOST_MEMORY;
	}
	if (clfftStatus st = acquireCopyProgram(p.ctx, dev, &p.program); st != CLFFT_SUCCESS) return st;
	p.programDevice = dev;
	p.copy = clCreateKernel(p.program, p.es == 8 ? "clfft_mpi_copy8" : "clfft_mpi_copy16", &err);
	if (err != CL_SUCCESS) return fromCl(err);

	p.scopy = clCreateKernel(p.program, p.es == 8 ? "clfft_mpi_scopy8" : "clfft_mpi_scopy16", &err);
	if (err != CL_SUCCESS) return fromCl(err);
	p.rcopy = clCreateKernel(p.program, p.es == 8 ? "clfft_mpi_scopy4" : "clfft_mpi_scopy8", &err);
	if (err != CL_SUCCESS) return fromCl(err);

	if (p.pencil) {
		// Along n2 on z pencils (rows of N2), along n1 on y pencils (stored n0 x n2 x n1: rows of
		// N1), along n0 on x pencils (N0 x local n1 x local n2: stride local n1 * local n2).
		// howmany > 1: z and y h-major (H times as many rows), x interleaved (strides times H).
		const Box &z = p.zBox[me], &y = p.yBox[me], &x = p.xBox[me];
		const size_t H = p.H, zRows = z.n[0] * z.n[1] * H;
		size_t one[1] = {1};
		if (z.volume() > 0) {
			// Real plans: rows of n2 reals padded to 2 (n2/2 + 1), and N2 = n2/2 + 1 complex.
			size_t len[1] = {p.n[2]};
			const size_t padded = 2 * p.N2;
			clfftStatus st;
			if (p.kind == CLFFT_MPI_R2C)
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, padded, p.N2, zRows, CLFFT_REAL,
				               CLFFT_HERMITIAN_INTERLEAVED);
			else if (p.kind == CLFFT_MPI_C2R)
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, p.N2, padded, zRows, CLFFT_HERMITIAN_INTERLEAVED,
				               CLFFT_REAL);
			else
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, p.N2, p.N2, zRows, CLFFT_COMPLEX_INTERLEAVED,
				               CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (y.volume() > 0) {
			size_t len[1] = {p.N1};
			clfftStatus st = makeLocal(p, &p.mid, CLFFT_1D, len, one, one, p.N1, p.N1, y.n[0] * y.n[2] * H,
			                           CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (x.volume() > 0) {
			size_t len[1] = {p.N0}, stride[1] = {x.n[1] * x.n[2] * H};
			clfftStatus st = makeLocal(p, &p.zero, CLFFT_1D, len, stride, stride, 1, 1, stride[0],
			                           CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (p.direction == CLFFT_FORWARD && H == 1)
			p.steps = {Step::PF2, Step::PZY, Step::PF1, Step::PYX, Step::PF0};
		else if (p.direction == CLFFT_FORWARD)
			p.steps = {Step::PHIN, Step::PF2, Step::PZY, Step::PF1, Step::PYX, Step::PF0};
		else if (H == 1)
			p.steps = {Step::PF0, Step::PXY, Step::PF1, Step::PYZ, Step::PF2};
		else
			p.steps = {Step::PF0, Step::PXY, Step::PF1, Step::PYZ, Step::PF2, Step::PHOUT};
		return CLFFT_SUCCESS;
	}

	const size_t last = p.n[p.dims - 1], padded = 2 * (last / 2 + 1);
	if (P == 1 && p.flags == 0) {
		// One rank, normal order: the whole transform is one local plan (no transpose needed).
		const clfftDim d = p.dims == 3 ? CLFFT_3D : CLFFT_2D;
		size_t lengths[3], cs[3], rs[3];
		if (p.dims == 3) {
			lengths[0] = p.n[2];
			lengths[1] = p.n[1];
			lengths[2] = p.n[0];
			cs[0] = 1;
			cs[1] = p.NL;
			cs[2] = p.N1 * p.NL;
			rs[0] = 1;
			rs[1] = padded;
			rs[2] = p.n[1] * padded;
		} else {
			lengths[0] = p.n[1];
			lengths[1] = p.n[0];
			lengths[2] = 1;
			cs[0] = 1;
			cs[1] = p.N1;
			cs[2] = 0;
			rs[0] = 1;
			rs[1] = padded;
			rs[2] = 0;
		}
		size_t cdist = p.N0 * p.N1 * p.NL, rdist = p.n[0] * (p.dims == 3 ? p.n[1] : 1) * padded;
		if (p.H > 1) {
			// howmany interleaved transforms: every stride times H, batch H at distance 1.
			for (int k = 0; k < 3; ++k) {
				cs[k] *= p.H;
				rs[k] *= p.H;
			}
			cdist = rdist = 1;
		}
		clfftStatus st;
		if (!real)
			st = makeLocal(p, &p.rest, d, lengths, cs, cs, cdist, cdist, p.H, CLFFT_COMPLEX_INTERLEAVED,
			               CLFFT_COMPLEX_INTERLEAVED);
		else if (p.kind == CLFFT_MPI_R2C)
			st = makeLocal(p, &p.rest, d, lengths, rs, cs, rdist, cdist, p.H, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED);
		else
			st = makeLocal(p, &p.rest, d, lengths, cs, rs, cdist, rdist, p.H, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL);
		if (st != CLFFT_SUCCESS) return st;
		p.steps = {Step::WHOLE}; // no work buffers (finishLocal)
		return CLFFT_SUCCESS;
	}

	// Local FFTs. REST: every dimension but the first, on local_n0 rows (howmany > 1: on the
	// h-major copy of the slab, local_n0 H rows).
	const size_t myN0 = p.ln0[me];
	if (myN0 > 0) {
		const clfftDim d = p.dims == 3 ? CLFFT_2D : CLFFT_1D;
		size_t lengths[2], cs[2] = {1, p.NL}, rs[2] = {1, 0};
		if (p.dims == 3) {
			lengths[0] = p.n[2];
			lengths[1] = p.n[1];
		} else {
			lengths[0] = p.n[1];
			lengths[1] = 1;
		}
		const size_t cdist = p.N1 * p.NL, rows = myN0 * p.H;
		clfftStatus st = CLFFT_SUCCESS;
		if (!real) {
			st = makeLocal(p, &p.rest, d, lengths, cs, cs, cdist, cdist, rows, CLFFT_COMPLEX_INTERLEAVED,
			               CLFFT_COMPLEX_INTERLEAVED);
		} else {
			// The real rows are padded to 2 * (last / 2 + 1) reals.
			rs[1] = padded;
			const size_t rdist = p.dims == 3 ? p.n[1] * padded : padded;
			if (p.dims == 2) cs[1] = 0;
			if (p.kind == CLFFT_MPI_R2C)
				st = makeLocal(p, &p.rest, d, lengths, rs, cs, rdist, cdist, rows, CLFFT_REAL,
				               CLFFT_HERMITIAN_INTERLEAVED);
			else
				st = makeLocal(p, &p.rest, d, lengths, cs, rs, cdist, rdist, rows, CLFFT_HERMITIAN_INTERLEAVED,
				               CLFFT_REAL);
		}
		if (st != CLFFT_SUCCESS) return st;
	}
	// ZERO (the first dimension, on N0 x local_n1 x N2) is built by finishLocal, once the row
	// pitch of that layout is known.

	const bool tin = p.flags & CLFFT_MPI_TRANSPOSED_IN, tout = p.flags & CLFFT_MPI_TRANSPOSED_OUT;
	if (p.kind == CLFFT_MPI_C2R) {
		p.steps = {tin ? Step::T2R : Step::FWDX, Step::ZERO, Step::BWDX, Step::REST};
	} else if (!tin) {
		p.steps = {Step::REST, Step::FWDX, Step::ZERO, tout ? Step::R2T : Step::BWDX};
	} else if (!tout) {
		p.steps = {Step::T2R, Step::ZERO, Step::BWDX, Step::REST};
	} else {
		p.steps = {Step::T2R, Step::ZERO, Step::BWDX, Step::REST, Step::FWDX, Step::R2T};
	}
	if (p.H > 1) {
		// REST runs on the h-major copy of the slab: HIN before it, HOUT after it. (Assigned
		// whole, as above: at most 6 steps become 8.)
		Step steps[8];
		size_t n = 0;
		for (Step k : p.steps) {
			if (k == Step::REST) steps[n++] = Step::HIN;
			steps[n++] = k;
			if (k == Step::REST) steps[n++] = Step::HOUT;
		}
		p.steps.assign(steps, steps + n);
	}
	return CLFFT_SUCCESS;
}

// The rest of the rank's build, once the ranks agreed on p.directAll: the row pitch of the
// received layout, the work buffers and (slabs) the FFT along the first dimension.
clfftStatus finishLocal(Plan& p)
{
	if (p.steps.size() == 1 && p.steps[0] == Step::WHOLE) return CLFFT_SUCCESS; // one local plan, no work buffers
	const size_t me = size_t(p.me), run = p.pencil ? 0 : p.ln1[me] * p.N2;
	// The received layout N0 x local_n1 x N2 is the plan's own (work buffers only): its rows may
	// be padded. The FFT along N0 reads and writes them at this pitch; a power-of-two pitch maps
	// the N0 points of a transform to a few cache sets of a CPU, which made that FFT 2.6x slower
	// on PoCL (256 points at 256 KiB: 40 ms against 15.5 ms with 512 bytes more, 128 x 256
	// columns; 512 points at 129 KiB: 16-20 against 13.7 ms). Only where every rank exchanges through MPI datatypes (p.directAll), which place
	// the rows at any pitch for free; the packed and staged exchanges move contiguous blocks.
	p.rowPitch = run;
	const size_t padBytes = 512;
	const char* pad = std::getenv("CLFFT_MPI_PAD"); // 0: no padding (for comparisons)
	const bool padOff = pad && std::strcmp(pad, "0") == 0;
	if (!padOff && p.directAll && run > 0 && p.N0 > 1 && (run * p.es) % 1024 == 0) {
		const size_t pitch = run + padBytes / p.es;
		if (!mulOverflows(p.N0, pitch) && p.N0 * pitch * p.es <= size_t(INT_MAX)) p.rowPitch = pitch;
	}
	p.workElems = std::max(p.alloc, p.N0 * p.rowPitch);

	cl_int err = CL_SUCCESS;
	for (cl_mem& m : p.work) {
		m = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, p.workElems * p.es, nullptr, &err);
		if (err != CL_SUCCESS) return err == CL_INVALID_BUFFER_SIZE ? CLFFT_INVALID_BUFFER_SIZE : fromCl(err);
	}
	if (!p.pencil && run > 0) {
		size_t lengths[1] = {p.N0}, s[1] = {p.rowPitch};
		clfftStatus st = makeLocal(p, &p.zero, CLFFT_1D, lengths, s, s, 1, 1, run, CLFFT_COMPLEX_INTERLEAVED,
		                           CLFFT_COMPLEX_INTERLEAVED);
		if (st != CLFFT_SUCCESS) return st;
	}
	return CLFFT_SUCCESS;
}

} // namespace clfft_mpi
