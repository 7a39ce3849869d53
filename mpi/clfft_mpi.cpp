// clFFT-mpi: slab-decomposed 2D/3D FFTs over MPI, built on the public clFFT API of clfft-ng.
//
// A plan is a short list of steps over the rank's data (docs/distributed.md):
//   REST  local FFT over every dimension but the first (R2C / C2R for real plans), on the
//         slab layout  local_n0 x N1 x N2;
//   ZERO  local FFT along the first dimension on the "received" layout N0 x local_n1 x N2
//         (stride local_n1*N2, one batch of local_n1*N2 at distance 1);
//   FWDX  global transpose slab -> received layout: pack on the device, MPI_Alltoallv staged
//         through host memory in chunks, written back to the device (already in order); when
//         every rank's device maps host memory, one MPI_Alltoallw on the mapped buffers instead;
//   BWDX  global transpose received -> slab layout: exchange, then unpack on the device;
//   R2T / T2R  local transpose between the received layout and the transposed one
//         local_n1 x N0 x N2 (TRANSPOSED_OUT / TRANSPOSED_IN);
//   WHOLE one rank, normal order: the whole transform as one local plan.
// Pencil plans (3D; R2C/C2R with a real FFT along n2) run PF2 / PZY / PF1 / PYX / PF0 (FFT
// along n2, redistribute to y pencils, FFT along n1, redistribute to x pencils, FFT along n0), or
// the reverse.
// N0 x N1 x N2 are the dimensions of the complex array (N2 = 1 in 2D; for real plans the last
// dimension is halved plus one). Steps read one buffer and write another (two work buffers), so
// an out-of-place plan leaves its input as it was.
#include "clFFT-mpi.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

namespace {

// ---- Block distribution ------------------------------------------------------------------
size_t blockOf(size_t n, size_t parts) { return (n + parts - 1) / parts; }
size_t startOf(size_t n, size_t parts, size_t r) { return std::min(n, r * blockOf(n, parts)); }
size_t countOf(size_t n, size_t parts, size_t r)
{
	return std::min(n, (r + 1) * blockOf(n, parts)) - startOf(n, parts, r);
}

bool mulOverflows(size_t a, size_t b) { return a != 0 && b > SIZE_MAX / a; }

// The rank's share of an N0 x N1 x rest array in both layouts; false on size_t overflow.
bool distribution(size_t n0, size_t n1, size_t rest, size_t parts, size_t r, size_t* ln0, size_t* s0,
                  size_t* ln1, size_t* s1, size_t* alloc)
{
	if (mulOverflows(n0, n1) || mulOverflows(n0 * n1, rest)) return false;
	const size_t a = countOf(n0, parts, r), b = countOf(n1, parts, r);
	if (ln0) *ln0 = a;
	if (s0) *s0 = startOf(n0, parts, r);
	if (ln1) *ln1 = b;
	if (s1) *s1 = startOf(n1, parts, r);
	*alloc = std::max<size_t>({a * n1 * rest, b * n0 * rest, 1});
	return true;
}

clfftStatus commShape(MPI_Comm comm, int* size, int* rank)
{
	int init = 0, fin = 0;
	MPI_Initialized(&init);
	MPI_Finalized(&fin);
	if (!init || fin || comm == MPI_COMM_NULL) return CLFFT_INVALID_VALUE;
	if (MPI_Comm_size(comm, size) != MPI_SUCCESS || MPI_Comm_rank(comm, rank) != MPI_SUCCESS)
		return CLFFT_INVALID_VALUE;
	return CLFFT_SUCCESS;
}

clfftStatus localSize(int rank, const size_t* n, size_t howmany, MPI_Comm comm, size_t* ln0, size_t* s0,
                      size_t* ln1, size_t* s1, size_t* alloc)
{
	if (!alloc || !n) return CLFFT_INVALID_HOST_PTR;
	if (rank != 2 && rank != 3) return CLFFT_NOTIMPLEMENTED;
	for (int d = 0; d < rank; ++d)
		if (n[d] == 0) return CLFFT_INVALID_ARG_VALUE;
	if (howmany == 0) return CLFFT_INVALID_ARG_VALUE;
	int size = 0, me = 0;
	if (clfftStatus st = commShape(comm, &size, &me); st != CLFFT_SUCCESS) return st;
	const size_t rest = rank == 3 ? n[2] : 1;
	if (mulOverflows(rest, howmany)) return CLFFT_INVALID_ARG_VALUE;
	if (!distribution(n[0], n[1], rest * howmany, size_t(size), size_t(me), ln0, s0, ln1, s1, alloc))
		return CLFFT_INVALID_ARG_VALUE;
	return CLFFT_SUCCESS;
}

// Every rank returns the status of the lowest rank whose status is not CLFFT_SUCCESS.
clfftStatus agree(MPI_Comm comm, int me, clfftStatus st)
{
	int in[2] = {st == CLFFT_SUCCESS ? 1 : 0, me}, out[2] = {1, 0};
	MPI_Allreduce(in, out, 1, MPI_2INT, MPI_MINLOC, comm);
	if (out[0] == 1) return CLFFT_SUCCESS;
	int code = int(st);
	MPI_Bcast(&code, 1, MPI_INT, out[1], comm);
	return clfftStatus(code);
}

// ---- Device kernels: a strided copy of 3-index blocks with a contiguous innermost index ----
const char* kCopySource = R"CLC(
#define COPY3(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s1, ulong s2, \
                   ulong doff, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c] = src[soff + a * s2 + b * s1 + c]; \
}
COPY3(clfft_mpi_copy8, uint2)
COPY3(clfft_mpi_copy16, ulong2)
#define COPYS(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s0, ulong s1, ulong s2, \
                   ulong doff, ulong d0, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c * d0] = src[soff + a * s2 + b * s1 + c * s0]; \
}
COPYS(clfft_mpi_scopy8, uint2)
COPYS(clfft_mpi_scopy16, ulong2)
)CLC";

// A rank's part of a 3D array in a pencil layout: the box [lo, lo + n) stored densely with the
// dimensions in `order` (slowest first).
struct Box
{
	size_t lo[3] = {0, 0, 0}, n[3] = {0, 0, 0};
	int order[3] = {0, 1, 2};
	size_t volume() const { return n[0] * n[1] * n[2]; }
	size_t stride(int d) const
	{
		size_t s = 1;
		for (int k = 2; k >= 0 && order[k] != d; --k) s *= n[order[k]];
		return s;
	}
};

// The overlap of two boxes; false when empty.
bool intersect(const Box& a, const Box& b, size_t lo[3], size_t n[3])
{
	for (int d = 0; d < 3; ++d) {
		const size_t l = std::max(a.lo[d], b.lo[d]), h = std::min(a.lo[d] + a.n[d], b.lo[d] + b.n[d]);
		if (h <= l) return false;
		lo[d] = l;
		n[d] = h - l;
	}
	return true;
}

// The process grid of a pencil plan: rows x cols = P; rows = 0 picks the largest divisor of P
// not above its square root.
int pencilRows(int P, int rows)
{
	if (rows > 0) return rows;
	int r = 1;
	for (int d = 1; d * d <= P; ++d)
		if (P % d == 0) r = d;
	return r;
}

// The three pencil layouts of rank (r, c) for the complex array N: z (input of a forward plan:
// n0 over rows, n1 over cols, row-major), y (internal: n0 over rows, n2 over cols, stored
// n0 x n2 x n1) and x (output of a forward plan: n1 over rows, n2 over cols, row-major).
void pencilBoxes(const size_t N[3], size_t rows, size_t cols, size_t r, size_t c, Box* z, Box* y, Box* x)
{
	*z = Box{};
	z->lo[0] = startOf(N[0], rows, r);
	z->n[0] = countOf(N[0], rows, r);
	z->lo[1] = startOf(N[1], cols, c);
	z->n[1] = countOf(N[1], cols, c);
	z->n[2] = N[2];
	*y = Box{};
	y->lo[0] = z->lo[0];
	y->n[0] = z->n[0];
	y->n[1] = N[1];
	y->lo[2] = startOf(N[2], cols, c);
	y->n[2] = countOf(N[2], cols, c);
	y->order[1] = 2;
	y->order[2] = 1;
	*x = Box{};
	x->n[0] = N[0];
	x->lo[1] = startOf(N[1], rows, r);
	x->n[1] = countOf(N[1], rows, r);
	x->lo[2] = y->lo[2];
	x->n[2] = y->n[2];
}

// The copy kernels' program, built once per (context, device) and shared by every plan there
// (a compile is seconds on PoCL); released with the last plan that uses it.
struct SharedProgram
{
	cl_program program = nullptr;
	size_t users = 0;
};
std::mutex gProgramMutex;
std::map<std::pair<cl_context, cl_device_id>, SharedProgram> gPrograms;

clfftStatus acquireCopyProgram(cl_context ctx, cl_device_id dev, cl_program* out)
{
	std::lock_guard<std::mutex> lock(gProgramMutex);
	SharedProgram& e = gPrograms[{ctx, dev}];
	if (!e.program) {
		cl_int err = CL_SUCCESS;
		cl_program prog = clCreateProgramWithSource(ctx, 1, &kCopySource, nullptr, &err);
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

enum class Step { WHOLE, REST, ZERO, FWDX, BWDX, R2T, T2R, PF2, PF1, PF0, PZY, PYX, PXY, PYZ };

struct Plan
{
	MPI_Comm comm = MPI_COMM_NULL;
	MPI_Datatype elemType = MPI_DATATYPE_NULL;
	int P = 1, me = 0;
	cl_context ctx = nullptr;
	cl_command_queue queue = nullptr;
	int dims = 3;
	size_t n[3] = {1, 1, 1};
	clfftMpiKind kind = CLFFT_MPI_C2C;
	clfftPrecision precision = CLFFT_SINGLE;
	clfftDirection direction = CLFFT_FORWARD;
	unsigned flags = 0;
	clfftResultLocation placement = CLFFT_OUTOFPLACE;
	size_t N0 = 1, N1 = 1, N2 = 1; // complex array
	size_t es = 8;                 // bytes of one complex element
	std::vector<size_t> ln0, st0, ln1, st1;
	size_t alloc = 1;
	size_t chunks = 1;
	cl_mem work[2] = {nullptr, nullptr};
	cl_program program = nullptr; // shared by the plans of one context and device
	cl_device_id programDevice = nullptr;
	cl_kernel copy = nullptr;
	clfftPlanHandle rest = 0, zero = 0;
	// Pencil plans: the grid, every rank's boxes, the FFT along n1 (n2: rest, n0: zero).
	bool pencil = false;
	int rows = 1, cols = 1;
	std::vector<Box> zBox, yBox, xBox;
	clfftPlanHandle mid = 0;
	cl_kernel scopy = nullptr;
	std::vector<Step> steps;
	std::vector<char> hostSend, hostRecv;
	cl_ulong sent = 0, kept = 0;
	bool profile = false;
	bool direct = false;    // MPI on mapped device memory (CPU / host-unified devices)
	bool directAll = false; // every rank direct: slab transposes without pack/unpack kernels
	double seconds[3] = {0, 0, 0}; // local FFTs, device copies, exchanges (CLFFT_MPI_PROFILE)
	std::mutex mutex;

	~Plan()
	{
		if (rest) clfftDestroyPlan(&rest);
		if (zero) clfftDestroyPlan(&zero);
		if (mid) clfftDestroyPlan(&mid);
		if (copy) clReleaseKernel(copy);
		if (scopy) clReleaseKernel(scopy);
		if (program) releaseCopyProgram(ctx, programDevice);
		for (cl_mem& m : work)
			if (m) clReleaseMemObject(m);
		if (queue) clReleaseCommandQueue(queue);
		if (ctx) clReleaseContext(ctx);
		int fin = 0;
		MPI_Finalized(&fin);
		if (!fin) {
			if (elemType != MPI_DATATYPE_NULL) MPI_Type_free(&elemType);
			if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
		}
	}
};

std::mutex gTableMutex;
std::map<clfftMpiPlanHandle, std::shared_ptr<Plan>> gPlans;
clfftMpiPlanHandle gNextHandle = 1;

std::shared_ptr<Plan> findPlan(clfftMpiPlanHandle h)
{
	std::lock_guard<std::mutex> lock(gTableMutex);
	auto it = gPlans.find(h);
	return it == gPlans.end() ? nullptr : it->second;
}

clfftStatus fromCl(cl_int err) { return err == CL_SUCCESS ? CLFFT_SUCCESS : clfftStatus(err); }

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

// Everything one rank builds for a plan whose arguments all ranks agreed on.
clfftStatus buildLocal(Plan& p)
{
	const size_t P = size_t(p.P), me = size_t(p.me);
	const bool real = p.kind != CLFFT_MPI_C2C;
	p.N0 = p.n[0];
	if (p.dims == 2) {
		p.N1 = real ? p.n[1] / 2 + 1 : p.n[1];
		p.N2 = 1;
	} else {
		p.N1 = p.n[1];
		p.N2 = real ? p.n[2] / 2 + 1 : p.n[2];
	}
	p.es = p.precision == CLFFT_DOUBLE ? 16 : 8;
	p.ln0.resize(P);
	p.st0.resize(P);
	p.ln1.resize(P);
	p.st1.resize(P);
	size_t biggestBlock = 0; // elements of the largest block one rank sends another
	if (p.pencil) {
		const size_t N[3] = {p.N0, p.N1, p.N2};
		if (mulOverflows(N[0], N[1]) || mulOverflows(N[0] * N[1], N[2])) return CLFFT_INVALID_ARG_VALUE;
		p.zBox.resize(P);
		p.yBox.resize(P);
		p.xBox.resize(P);
		for (size_t r = 0; r < P; ++r) {
			pencilBoxes(N, size_t(p.rows), size_t(p.cols), r / size_t(p.cols), r % size_t(p.cols), &p.zBox[r], &p.yBox[r],
			            &p.xBox[r]);
			biggestBlock = std::max({biggestBlock, p.zBox[r].volume(), p.yBox[r].volume(), p.xBox[r].volume()});
		}
		p.alloc = std::max<size_t>({p.zBox[me].volume(), p.yBox[me].volume(), p.xBox[me].volume(), 1});
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
	for (cl_mem& m : p.work) {
		m = clCreateBuffer(p.ctx, CL_MEM_READ_WRITE, p.alloc * p.es, nullptr, &err);
		if (err != CL_SUCCESS) return err == CL_INVALID_BUFFER_SIZE ? CLFFT_INVALID_BUFFER_SIZE : fromCl(err);
	}
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

	if (p.pencil) {
		// Along n2 on z pencils (rows of N2), along n1 on y pencils (stored n0 x n2 x n1: rows of
		// N1), along n0 on x pencils (N0 x local n1 x local n2: stride local n1 * local n2).
		const Box &z = p.zBox[me], &y = p.yBox[me], &x = p.xBox[me];
		size_t one[1] = {1};
		if (z.volume() > 0) {
			// Real plans: rows of n2 reals padded to 2 (n2/2 + 1), and N2 = n2/2 + 1 complex.
			size_t len[1] = {p.n[2]};
			const size_t padded = 2 * p.N2;
			clfftStatus st;
			if (p.kind == CLFFT_MPI_R2C)
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, padded, p.N2, z.n[0] * z.n[1], CLFFT_REAL,
				               CLFFT_HERMITIAN_INTERLEAVED);
			else if (p.kind == CLFFT_MPI_C2R)
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, p.N2, padded, z.n[0] * z.n[1],
				               CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL);
			else
				st = makeLocal(p, &p.rest, CLFFT_1D, len, one, one, p.N2, p.N2, z.n[0] * z.n[1],
				               CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (y.volume() > 0) {
			size_t len[1] = {p.N1};
			clfftStatus st = makeLocal(p, &p.mid, CLFFT_1D, len, one, one, p.N1, p.N1, y.n[0] * y.n[2],
			                           CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (x.volume() > 0) {
			size_t len[1] = {p.N0}, stride[1] = {x.n[1] * x.n[2]};
			clfftStatus st = makeLocal(p, &p.zero, CLFFT_1D, len, stride, stride, 1, 1, stride[0],
			                           CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED);
			if (st != CLFFT_SUCCESS) return st;
		}
		if (p.direction == CLFFT_FORWARD)
			p.steps = {Step::PF2, Step::PZY, Step::PF1, Step::PYX, Step::PF0};
		else
			p.steps = {Step::PF0, Step::PXY, Step::PF1, Step::PYZ, Step::PF2};
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
			cs[1] = p.N2;
			cs[2] = p.N1 * p.N2;
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
		const size_t cdist = p.N0 * p.N1 * p.N2, rdist = p.n[0] * (p.dims == 3 ? p.n[1] : 1) * padded;
		clfftStatus st;
		if (!real)
			st = makeLocal(p, &p.rest, d, lengths, cs, cs, cdist, cdist, 1, CLFFT_COMPLEX_INTERLEAVED,
			               CLFFT_COMPLEX_INTERLEAVED);
		else if (p.kind == CLFFT_MPI_R2C)
			st = makeLocal(p, &p.rest, d, lengths, rs, cs, rdist, cdist, 1, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED);
		else
			st = makeLocal(p, &p.rest, d, lengths, cs, rs, cdist, rdist, 1, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL);
		if (st != CLFFT_SUCCESS) return st;
		p.steps = {Step::WHOLE};
		for (cl_mem& m : p.work) { // no step needs them
			clReleaseMemObject(m);
			m = nullptr;
		}
		return CLFFT_SUCCESS;
	}

	// Local FFTs. REST: every dimension but the first, on local_n0 rows.
	const size_t myN0 = p.ln0[me], myN1 = p.ln1[me];
	if (myN0 > 0) {
		const clfftDim d = p.dims == 3 ? CLFFT_2D : CLFFT_1D;
		size_t lengths[2], cs[2] = {1, p.N2}, rs[2] = {1, 0};
		if (p.dims == 3) {
			lengths[0] = p.n[2];
			lengths[1] = p.n[1];
		} else {
			lengths[0] = p.n[1];
			lengths[1] = 1;
		}
		const size_t cdist = p.N1 * p.N2;
		clfftStatus st = CLFFT_SUCCESS;
		if (!real) {
			st = makeLocal(p, &p.rest, d, lengths, cs, cs, cdist, cdist, myN0, CLFFT_COMPLEX_INTERLEAVED,
			               CLFFT_COMPLEX_INTERLEAVED);
		} else {
			// The real rows are padded to 2 * (last / 2 + 1) reals.
			rs[1] = padded;
			const size_t rdist = p.dims == 3 ? p.n[1] * padded : padded;
			if (p.dims == 2) cs[1] = 0;
			if (p.kind == CLFFT_MPI_R2C)
				st = makeLocal(p, &p.rest, d, lengths, rs, cs, rdist, cdist, myN0, CLFFT_REAL,
				               CLFFT_HERMITIAN_INTERLEAVED);
			else
				st = makeLocal(p, &p.rest, d, lengths, cs, rs, cdist, rdist, myN0, CLFFT_HERMITIAN_INTERLEAVED,
				               CLFFT_REAL);
		}
		if (st != CLFFT_SUCCESS) return st;
	}
	// ZERO: the first dimension, on N0 x local_n1 x N2.
	if (myN1 > 0) {
		const size_t stride = myN1 * p.N2;
		size_t lengths[1] = {p.N0}, s[1] = {stride};
		clfftStatus st = makeLocal(p, &p.zero, CLFFT_1D, lengths, s, s, 1, 1, stride, CLFFT_COMPLEX_INTERLEAVED,
		                           CLFFT_COMPLEX_INTERLEAVED);
		if (st != CLFFT_SUCCESS) return st;
	}

	const bool tin = p.flags & CLFFT_MPI_TRANSPOSED_IN, tout = p.flags & CLFFT_MPI_TRANSPOSED_OUT;
	if (p.kind == CLFFT_MPI_C2R) {
		p.steps = {tin ? Step::T2R : Step::FWDX, Step::ZERO, Step::BWDX, Step::REST};
	} else if (!tin) {
		p.steps = {Step::REST, Step::FWDX, Step::ZERO, tout ? Step::R2T : Step::BWDX};
	} else {
		p.steps = {Step::T2R, Step::ZERO, Step::BWDX, Step::REST};
		if (tout) {
			p.steps.push_back(Step::FWDX);
			p.steps.push_back(Step::R2T);
		}
	}
	return CLFFT_SUCCESS;
}

// ---- Execution ---------------------------------------------------------------------------
size_t layoutBytes(const Plan& p, bool transposed);
clfftStatus bufferHolds(cl_mem m, size_t bytes);

struct Exec
{
	Plan& p;
	clfftStatus st = CLFFT_SUCCESS;
	std::chrono::steady_clock::time_point since = std::chrono::steady_clock::now();

	// CLFFT_MPI_PROFILE: waits for the device and adds the time since the last mark to a bucket
	// (0 local FFTs, 1 device copies, 2 exchanges).
	void mark(int bucket)
	{
		if (!p.profile) return;
		if (st == CLFFT_SUCCESS) clFinish(p.queue);
		const auto now = std::chrono::steady_clock::now();
		p.seconds[bucket] += std::chrono::duration<double>(now - since).count();
		since = now;
	}

	void cl(cl_int err)
	{
		if (st == CLFFT_SUCCESS && err != CL_SUCCESS) st = fromCl(err);
	}

	// dst[doff + a*d2 + b*d1 + c] = src[soff + a*s2 + b*s1 + c] for c < C, b < B, a < A.
	void copy3(cl_mem src, cl_mem dst, size_t C, size_t B, size_t A, size_t soff, size_t s1, size_t s2,
	           size_t doff, size_t d1, size_t d2)
	{
		if (st != CLFFT_SUCCESS || C == 0 || B == 0 || A == 0) return;
		cl_ulong args[6] = {soff, s1, s2, doff, d1, d2};
		cl(clSetKernelArg(p.copy, 0, sizeof(cl_mem), &src));
		cl(clSetKernelArg(p.copy, 1, sizeof(cl_mem), &dst));
		for (cl_uint i = 0; i < 6; ++i) cl(clSetKernelArg(p.copy, 2 + i, sizeof(cl_ulong), &args[i]));
		size_t global[3] = {C, B, A};
		if (st == CLFFT_SUCCESS) cl(clEnqueueNDRangeKernel(p.queue, p.copy, 3, nullptr, global, nullptr, 0, nullptr, nullptr));
	}

	void fft(clfftPlanHandle h, clfftDirection dir, cl_mem in, cl_mem out)
	{
		if (st != CLFFT_SUCCESS || !h) return;
		st = clfftEnqueueTransform(h, dir, 1, &p.queue, 0, nullptr, nullptr, &in, &out, nullptr);
	}

	// All-to-all of element blocks: to rank s go sc[s] elements from sd[s] of src, as rows of
	// sLen[s] elements; from rank s come rc[s] elements to rd[s] of dst, as rows of rLen[s]. The
	// sender's and the receiver's row counts of one block agree, so both split it into the same
	// p.chunks pieces of whole rows. MPI_Alltoallv runs once per piece, the same number of times on
	// every rank (even after a local error, so that no rank waits for another). packChunk(k) is
	// called before piece k is read and unpackChunk(k) after it is written (device work on the
	// rows of piece k; either may be empty). The own block (s == me) is the caller's business.
	//  - staged (devices with their own memory): per piece, pack, non-blocking device-to-host
	//    reads (all pieces enqueued at once), MPI as soon as the piece's reads are done, then
	//    non-blocking writes and unpack while the next piece is exchanged;
	//  - mapped (CPU devices, host-unified memory): everything packed, both buffers mapped, MPI
	//    reads and writes device memory in place, everything unpacked.
	template <class Pack, class Unpack>
	void exchange(cl_mem src, const std::vector<size_t>& sc, const std::vector<size_t>& sd,
	              const std::vector<size_t>& sLen, cl_mem dst, const std::vector<size_t>& rc,
	              const std::vector<size_t>& rd, const std::vector<size_t>& rLen, Pack packChunk, Unpack unpackChunk)
	{
		const size_t P = size_t(p.P), me = size_t(p.me), K = p.chunks, es = p.es;
		// Piece k of a block of `count` elements in rows of `len`: whole rows [lo, hi) in elements.
		auto piece = [K](size_t count, size_t len, size_t k, size_t* lo, size_t* hi) {
			const size_t rows = len ? count / len : 0, step = (rows + K - 1) / K;
			*lo = std::min(rows, k * step) * len;
			*hi = std::min(rows, (k + 1) * step) * len;
		};
		size_t srcEnd = 0, dstEnd = 0;
		for (size_t s = 0; s < P; ++s) {
			if (s == me) continue;
			srcEnd = std::max(srcEnd, (sd[s] + sc[s]) * es);
			dstEnd = std::max(dstEnd, (rd[s] + rc[s]) * es);
		}
		char* sendBase = nullptr;
		char* recvBase = nullptr;
		if (p.direct && st == CLFFT_SUCCESS) {
			for (size_t k = 0; k < K; ++k) packChunk(k);
			cl_int err = CL_SUCCESS;
			if (srcEnd > 0 && st == CLFFT_SUCCESS) {
				sendBase = static_cast<char*>(clEnqueueMapBuffer(p.queue, src, CL_TRUE, CL_MAP_READ, 0, srcEnd, 0, nullptr,
				                                                 nullptr, &err));
				cl(err);
			}
			if (dstEnd > 0 && st == CLFFT_SUCCESS) {
				recvBase = static_cast<char*>(clEnqueueMapBuffer(p.queue, dst, CL_TRUE, CL_MAP_WRITE, 0, dstEnd, 0,
				                                                 nullptr, nullptr, &err));
				cl(err);
			}
		}
		const bool mapped = p.direct && st == CLFFT_SUCCESS;
		if (!mapped) {
			// Staging, or the place MPI reads and writes after a local error.
			p.hostSend.resize(p.alloc * es);
			p.hostRecv.resize(p.alloc * es);
		}
		std::vector<cl_event> ready(K, nullptr);
		for (size_t k = 0; k < K && !mapped && st == CLFFT_SUCCESS; ++k) {
			packChunk(k);
			for (size_t s = 0; s < P; ++s) {
				size_t lo, hi;
				piece(sc[s], sLen[s], k, &lo, &hi);
				if (s == me || hi == lo) continue;
				if (ready[k]) clReleaseEvent(ready[k]);
				ready[k] = nullptr;
				cl(clEnqueueReadBuffer(p.queue, src, CL_FALSE, (sd[s] + lo) * es, (hi - lo) * es,
				                       p.hostSend.data() + (sd[s] + lo) * es, 0, nullptr, &ready[k]));
			}
		}
		if (!mapped && st == CLFFT_SUCCESS) cl(clFlush(p.queue));
		std::vector<int> scount(P), sdisp(P), rcount(P), rdisp(P);
		for (size_t k = 0; k < K; ++k) {
			if (ready[k]) {
				if (st == CLFFT_SUCCESS) cl(clWaitForEvents(1, &ready[k]));
				clReleaseEvent(ready[k]);
				ready[k] = nullptr;
			}
			for (size_t s = 0; s < P; ++s) {
				size_t lo, hi;
				piece(sc[s], sLen[s], k, &lo, &hi);
				scount[s] = s == me ? 0 : int(hi - lo);
				sdisp[s] = int(sd[s] + lo);
				p.sent += size_t(scount[s]) * es;
				piece(rc[s], rLen[s], k, &lo, &hi);
				rcount[s] = s == me ? 0 : int(hi - lo);
				rdisp[s] = int(rd[s] + lo);
			}
			MPI_Alltoallv(mapped ? sendBase : p.hostSend.data(), scount.data(), sdisp.data(), p.elemType,
			              mapped ? recvBase : p.hostRecv.data(), rcount.data(), rdisp.data(), p.elemType, p.comm);
			for (size_t s = 0; s < P && !mapped && st == CLFFT_SUCCESS; ++s) {
				if (rcount[s] == 0) continue;
				const size_t off = size_t(rdisp[s]) * es;
				cl(clEnqueueWriteBuffer(p.queue, dst, CL_FALSE, off, size_t(rcount[s]) * es, p.hostRecv.data() + off, 0,
				                        nullptr, nullptr));
			}
			if (!mapped && st == CLFFT_SUCCESS) {
				unpackChunk(k);
				cl(clFlush(p.queue));
			}
		}
		for (cl_event& e : ready)
			if (e) clReleaseEvent(e);
		if (sendBase) cl(clEnqueueUnmapMemObject(p.queue, src, sendBase, 0, nullptr, nullptr));
		if (recvBase) cl(clEnqueueUnmapMemObject(p.queue, dst, recvBase, 0, nullptr, nullptr));
		if (mapped)
			for (size_t k = 0; k < K; ++k) unpackChunk(k);
		// The staging buffers are used again by the next exchange.
		if (!mapped && st == CLFFT_SUCCESS) cl(clFinish(p.queue));
	}

	// Copies the region [lo, lo + n) of the array from src (holding box sb from element soff) to
	// dst (box db from doff), work-items over the region in sb's storage order.
	void copyBox(cl_mem src, const Box& sb, size_t soff, cl_mem dst, const Box& db, size_t doff, const size_t lo[3],
	             const size_t n[3])
	{
		if (st != CLFFT_SUCCESS || n[0] * n[1] * n[2] == 0) return;
		for (int d = 0; d < 3; ++d) {
			soff += (lo[d] - sb.lo[d]) * sb.stride(d);
			doff += (lo[d] - db.lo[d]) * db.stride(d);
		}
		const int a = sb.order[0], b = sb.order[1], c = sb.order[2];
		cl_ulong args[8] = {soff, sb.stride(c), sb.stride(b), sb.stride(a), doff, db.stride(c), db.stride(b), db.stride(a)};
		cl(clSetKernelArg(p.scopy, 0, sizeof(cl_mem), &src));
		cl(clSetKernelArg(p.scopy, 1, sizeof(cl_mem), &dst));
		for (cl_uint i = 0; i < 8; ++i) cl(clSetKernelArg(p.scopy, 2 + i, sizeof(cl_ulong), &args[i]));
		size_t global[3] = {n[c], n[b], n[a]};
		if (st == CLFFT_SUCCESS)
			cl(clEnqueueNDRangeKernel(p.queue, p.scopy, 3, nullptr, global, nullptr, 0, nullptr, nullptr));
	}

	// Pencil layout A -> layout B: each overlap of this rank's A box with another rank's B box is
	// packed row-major into `packed`, exchanged into `received`, and unpacked into dst.
	void redistribute(cl_mem src, const std::vector<Box>& A, cl_mem packed, cl_mem received, cl_mem dst,
	                  const std::vector<Box>& B)
	{
		const size_t P = size_t(p.P), me = size_t(p.me);
		std::vector<size_t> sc(P, 0), sd(P, 0), rc(P, 0), rd(P, 0);
		size_t at = 0;
		for (size_t s = 0; s < P; ++s) {
			Box region;
			sd[s] = at;
			if (!intersect(A[me], B[s], region.lo, region.n)) continue;
			sc[s] = region.volume();
			copyBox(src, A[me], 0, packed, region, at, region.lo, region.n);
			at += sc[s];
		}
		at = 0;
		for (size_t s = 0; s < P; ++s) {
			Box region;
			rd[s] = at;
			if (intersect(A[s], B[me], region.lo, region.n)) rc[s] = region.volume();
			at += rc[s];
		}
		// The own overlap waits in `received` with the others (received may be src: every pack
		// is enqueued before this copy).
		if (sc[me] > 0 && st == CLFFT_SUCCESS)
			cl(clEnqueueCopyBuffer(p.queue, packed, received, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
			                       nullptr));
		p.kept += sc[me] * p.es;
		mark(1);
		const std::vector<size_t> ones(P, 1);
		exchange(packed, sc, sd, ones, received, rc, rd, ones, [](size_t) {}, [](size_t) {});
		mark(2);
		for (size_t s = 0; s < P; ++s) {
			Box region;
			if (rc[s] == 0 || !intersect(A[s], B[me], region.lo, region.n)) continue;
			copyBox(received, region, rd[s], dst, B[me], 0, region.lo, region.n);
		}
		mark(1);
	}

	// The slab transposes when every rank maps its buffers (p.directAll): MPI reads the slab's
	// blocks (forward) or writes them (backward) in place through vector datatypes, so neither
	// the pack nor the unpack kernel runs; the own block is one device copy. One MPI_Alltoallw
	// per transpose on every rank. src and dst differ.
	void directTranspose(bool forward, cl_mem src, cl_mem dst)
	{
		const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
		const size_t es = p.es;
		// The own block: slab rows x own columns <-> received rows of this rank.
		if (forward)
			copy3(src, dst, N2, b, a, p.st1[me] * N2, N2, N1 * N2, p.st0[me] * b * N2, N2, b * N2);
		else
			copy3(src, dst, N2, b, a, p.st0[me] * b * N2, N2, b * N2, p.st1[me] * N2, N2, N1 * N2);
		p.kept += a * b * N2 * es;
		mark(1);
		const size_t slabBytes = a * N1 * N2 * es, recvBytes = p.N0 * b * N2 * es;
		const size_t srcBytes = forward ? slabBytes : recvBytes, dstBytes = forward ? recvBytes : slabBytes;
		char* sendBase = nullptr;
		char* recvBase = nullptr;
		cl_int err = CL_SUCCESS;
		if (st == CLFFT_SUCCESS && srcBytes > 0) {
			sendBase = static_cast<char*>(
				clEnqueueMapBuffer(p.queue, src, CL_TRUE, CL_MAP_READ, 0, srcBytes, 0, nullptr, nullptr, &err));
			cl(err);
		}
		if (st == CLFFT_SUCCESS && dstBytes > 0) {
			recvBase = static_cast<char*>(
				clEnqueueMapBuffer(p.queue, dst, CL_TRUE, CL_MAP_WRITE, 0, dstBytes, 0, nullptr, nullptr, &err));
			cl(err);
		}
		// After a local error MPI still runs, on a scratch area of the right size.
		std::vector<char> spare;
		if (st != CLFFT_SUCCESS) {
			spare.resize(std::max<size_t>(srcBytes + dstBytes, 1));
			sendBase = spare.data();
			recvBase = spare.data() + srcBytes;
		}
		std::vector<int> scount(P, 0), sdisp(P, 0), rcount(P, 0), rdisp(P, 0);
		std::vector<MPI_Datatype> stype(P, p.elemType), rtype(P, p.elemType), made;
		for (size_t s = 0; s < P; ++s) {
			if (s == me) continue;
			// The slab side: a rows of ln1(s) * N2 elements at stride N1 * N2.
			MPI_Datatype slab = p.elemType;
			const size_t rowsOf = a, run = p.ln1[s] * N2;
			if (rowsOf > 0 && run > 0) {
				MPI_Type_vector(int(rowsOf), int(run), int(N1 * N2), p.elemType, &slab);
				MPI_Type_commit(&slab);
				made.push_back(slab);
			}
			const int slabCount = rowsOf > 0 && run > 0 ? 1 : 0, slabDisp = int(p.st1[s] * N2 * es);
			// The received side: ln0(s) * b * N2 contiguous elements at row st0(s).
			const int flatCount = int(p.ln0[s] * b * N2), flatDisp = int(p.st0[s] * b * N2 * es);
			if (forward) {
				stype[s] = slab;
				scount[s] = slabCount;
				sdisp[s] = slabDisp;
				rcount[s] = flatCount;
				rdisp[s] = flatDisp;
				p.sent += rowsOf * run * es;
			} else {
				scount[s] = flatCount;
				sdisp[s] = flatDisp;
				rtype[s] = slab;
				rcount[s] = slabCount;
				rdisp[s] = slabDisp;
				p.sent += size_t(flatCount) * es;
			}
		}
		MPI_Alltoallw(sendBase, scount.data(), sdisp.data(), stype.data(), recvBase, rcount.data(), rdisp.data(),
		              rtype.data(), p.comm);
		for (MPI_Datatype& t : made) MPI_Type_free(&t);
		if (spare.empty()) {
			if (sendBase) cl(clEnqueueUnmapMemObject(p.queue, src, sendBase, 0, nullptr, nullptr));
			if (recvBase) cl(clEnqueueUnmapMemObject(p.queue, dst, recvBase, 0, nullptr, nullptr));
		}
		mark(2);
	}

	// Rows [lo, hi) of piece k when `rows` rows are split into p.chunks pieces.
	void chunkRows(size_t rows, size_t k, size_t* lo, size_t* hi) const
	{
		const size_t step = (rows + p.chunks - 1) / p.chunks;
		*lo = std::min(rows, k * step);
		*hi = std::min(rows, (k + 1) * step);
	}

	// Slab (local_n0 x N1 x N2) -> received layout (N0 x local_n1 x N2), through scratch. The
	// own block is copied straight across; each other block s is packed (local_n0 rows of
	// local_n1(s) N2 elements, contiguous) piece by piece just before its piece is read.
	void forwardExchange(cl_mem src, cl_mem scratch, cl_mem dst)
	{
		const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
		std::vector<size_t> sc(P), sd(P), sl(P), rc(P), rd(P), rl(P);
		for (size_t s = 0; s < P; ++s) {
			sc[s] = a * p.ln1[s] * N2;
			sd[s] = a * p.st1[s] * N2;
			sl[s] = p.ln1[s] * N2;
			rc[s] = p.ln0[s] * b * N2;
			rd[s] = p.st0[s] * b * N2;
			rl[s] = b * N2;
		}
		p.kept += sc[me] * p.es;
		auto pack = [&](size_t k) {
			size_t lo, hi;
			chunkRows(a, k, &lo, &hi);
			for (size_t s = 0; s < P; ++s)
				if (s != me)
					copy3(src, scratch, N2, p.ln1[s], hi - lo, lo * N1 * N2 + p.st1[s] * N2, N2, N1 * N2,
					      sd[s] + lo * p.ln1[s] * N2, N2, p.ln1[s] * N2);
		};
		if (dst != src) {
			// Packing piece k+1 overlaps the exchange of piece k; the own block goes straight across.
			copy3(src, dst, N2, b, a, p.st1[me] * N2, N2, N1 * N2, rd[me], N2, b * N2);
			mark(1);
			exchange(scratch, sc, sd, sl, dst, rc, rd, rl, pack, [](size_t) {});
		} else {
			// dst is src: everything is packed (the own block too) before anything lands in dst.
			for (size_t k = 0; k < p.chunks; ++k) pack(k);
			copy3(src, scratch, N2, b, a, p.st1[me] * N2, N2, N1 * N2, sd[me], N2, b * N2);
			if (sc[me] > 0 && st == CLFFT_SUCCESS)
				cl(clEnqueueCopyBuffer(p.queue, scratch, dst, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
				                       nullptr));
			mark(1);
			exchange(scratch, sc, sd, sl, dst, rc, rd, rl, [](size_t) {}, [](size_t) {});
		}
		mark(2);
	}

	// Received layout -> slab: the send blocks are contiguous as they lie; what arrives goes to
	// scratch and each piece is unpacked into dst as soon as it is written. The own block is
	// copied straight across.
	void backwardExchange(cl_mem src, cl_mem scratch, cl_mem dst)
	{
		const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
		std::vector<size_t> sc(P), sd(P), sl(P), rc(P), rd(P), rl(P);
		for (size_t s = 0; s < P; ++s) {
			sc[s] = p.ln0[s] * b * N2;
			sd[s] = p.st0[s] * b * N2;
			sl[s] = b * N2;
			rc[s] = a * p.ln1[s] * N2;
			rd[s] = a * p.st1[s] * N2;
			rl[s] = p.ln1[s] * N2;
		}
		// The own block waits in scratch with the others (dst may be src: nothing is written
		// there before every read of src is enqueued).
		if (sc[me] > 0 && st == CLFFT_SUCCESS)
			cl(clEnqueueCopyBuffer(p.queue, src, scratch, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
			                       nullptr));
		p.kept += sc[me] * p.es;
		auto unpack = [&](size_t k) {
			size_t lo, hi;
			chunkRows(a, k, &lo, &hi);
			for (size_t s = 0; s < P; ++s)
				copy3(scratch, dst, N2, p.ln1[s], hi - lo, rd[s] + lo * p.ln1[s] * N2, N2, p.ln1[s] * N2,
				      lo * N1 * N2 + p.st1[s] * N2, N2, N1 * N2);
		};
		mark(1);
		exchange(src, sc, sd, sl, scratch, rc, rd, rl, [](size_t) {}, unpack);
		mark(2);
	}

	void run(cl_mem input, cl_mem output)
	{
		const size_t me = size_t(p.me), b = p.ln1[me], N0 = p.N0, N2 = p.N2;
		const clfftDirection dir = p.kind == CLFFT_MPI_R2C ? CLFFT_FORWARD
		                           : p.kind == CLFFT_MPI_C2R ? CLFFT_BACKWARD
		                                                     : p.direction;
		cl_mem cur = input;
		auto other = [&](cl_mem notThis) { return notThis == p.work[0] ? p.work[1] : p.work[0]; };
		for (size_t i = 0; i < p.steps.size(); ++i) {
			const bool last = i + 1 == p.steps.size();
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
			case Step::R2T:
				copy3(cur, next, N2, b, N0, 0, N2, b * N2, 0, N0 * N2, N2);
				mark(1);
				break;
			case Step::T2R:
				copy3(cur, next, N2, b, N0, 0, N0 * N2, N2, 0, N2, b * N2);
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
				redistribute(cur, A, packed, received, next, B);
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
			cur = next;
		}
	}
};

size_t layoutBytes(const Plan& p, bool transposed)
{
	const size_t me = size_t(p.me);
	if (p.pencil) return (transposed ? p.xBox[me] : p.zBox[me]).volume() * p.es;
	return (transposed ? p.ln1[me] * p.N0 : p.ln0[me] * p.N1) * p.N2 * p.es;
}

clfftStatus bufferHolds(cl_mem m, size_t bytes)
{
	if (!m) return CLFFT_INVALID_MEM_OBJECT;
	size_t size = 0;
	if (clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS) return CLFFT_INVALID_MEM_OBJECT;
	return size < bytes ? CLFFT_INVALID_BUFFER_SIZE : CLFFT_SUCCESS;
}

// The collective part of plan creation: checks common to every plan, then agreement on the
// local status and on `sig` (the arguments every rank must give alike), the local build, and
// agreement on its status.
template <class Init>
clfftStatus createCommon(clfftMpiPlanHandle* plan, MPI_Comm comm, int P, int me, cl_context context,
                         cl_command_queue queue, clfftPrecision precision, clfftResultLocation placement, clfftStatus st,
                         const std::vector<long long>& sig, Init init)
{
	auto fail = [&](clfftStatus s) {
		if (st == CLFFT_SUCCESS) st = s;
	};
	if (!plan) fail(CLFFT_INVALID_HOST_PTR);
	if (precision != CLFFT_SINGLE && precision != CLFFT_DOUBLE)
		fail(precision == CLFFT_SINGLE_FAST || precision == CLFFT_DOUBLE_FAST ? CLFFT_NOTIMPLEMENTED
		                                                                      : CLFFT_INVALID_ARG_VALUE);
	if (placement != CLFFT_INPLACE && placement != CLFFT_OUTOFPLACE) fail(CLFFT_INVALID_ARG_VALUE);
	if (!context) fail(CLFFT_INVALID_CONTEXT);
	if (!queue) fail(CLFFT_INVALID_COMMAND_QUEUE);
	if (context && queue) {
		cl_context qctx = nullptr;
		if (clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, nullptr) != CL_SUCCESS)
			fail(CLFFT_INVALID_COMMAND_QUEUE);
		else if (qctx != context)
			fail(CLFFT_INVALID_CONTEXT);
	}
	// Same arguments on every rank: min and max of each field in one reduction.
	const size_t k = sig.size();
	std::vector<long long> both(2 * k), red(2 * k);
	for (size_t i = 0; i < k; ++i) {
		both[i] = sig[i];
		both[k + i] = -sig[i];
	}
	MPI_Allreduce(both.data(), red.data(), int(2 * k), MPI_LONG_LONG, MPI_MIN, comm);
	bool differ = false;
	for (size_t i = 0; i < k; ++i) differ = differ || red[i] != -red[k + i];
	// A rank's own invalid argument is reported first (the lowest such rank's status);
	// arguments that are valid everywhere but differ give CLFFT_INVALID_ARG_VALUE.
	st = agree(comm, me, st);
	if (st == CLFFT_SUCCESS && differ) st = CLFFT_INVALID_ARG_VALUE;
	if (st != CLFFT_SUCCESS) return st;

	auto p = std::make_shared<Plan>();
	st = clfftSetup(nullptr);
	if (MPI_Comm_dup(comm, &p->comm) != MPI_SUCCESS) p->comm = MPI_COMM_NULL;
	if (p->comm == MPI_COMM_NULL) fail(CLFFT_INVALID_VALUE);
	p->P = P;
	p->me = me;
	p->precision = precision;
	p->placement = placement;
	init(*p);
	const char* prof = std::getenv("CLFFT_MPI_PROFILE");
	p->profile = prof && *prof && std::strcmp(prof, "0") != 0;
	if (st == CLFFT_SUCCESS) {
		clRetainContext(context);
		p->ctx = context;
		clRetainCommandQueue(queue);
		p->queue = queue;
		st = buildLocal(*p);
	}
	if (st == CLFFT_SUCCESS) {
		if (MPI_Type_contiguous(int(p->es), MPI_BYTE, &p->elemType) != MPI_SUCCESS ||
		    MPI_Type_commit(&p->elemType) != MPI_SUCCESS)
			st = CLFFT_INVALID_VALUE;
	}
	// Slab transposes skip packing when every rank maps its buffers (byte displacements of
	// MPI_Alltoallw are ints: parts below 2 GiB). CLFFT_MPI_PACK=1 keeps the pack kernels.
	const char* pack = std::getenv("CLFFT_MPI_PACK");
	const int direct = st == CLFFT_SUCCESS && p->direct && !p->pencil && p->alloc * p->es <= size_t(INT_MAX) &&
	                           !(pack && *pack && std::strcmp(pack, "0") != 0)
	                       ? 1
	                       : 0;
	// The round count fixes how many MPI_Alltoallv calls each exchange makes: every rank takes the
	// largest (CLFFT_MPI_CHUNK_BYTES may differ between ranks).
	int mine[2] = {direct, -int(p->chunks)}, all[2] = {0, 0};
	MPI_Allreduce(mine, all, 2, MPI_INT, MPI_MIN, comm);
	p->directAll = all[0] == 1;
	p->chunks = size_t(-all[1]);
	st = agree(comm, me, st);
	if (st != CLFFT_SUCCESS) return st; // p releases what was built
	std::lock_guard<std::mutex> lock(gTableMutex);
	const clfftMpiPlanHandle h = gNextHandle++;
	gPlans[h] = p;
	*plan = h;
	return CLFFT_SUCCESS;
}

} // namespace

// ---- C interface -------------------------------------------------------------------------
extern "C" {

clfftStatus clfftMpiLocalSize2D(size_t n0, size_t n1, MPI_Comm comm, size_t* localN0, size_t* localStart0,
                                size_t* allocElements)
{
	const size_t n[2] = {n0, n1};
	return localSize(2, n, 1, comm, localN0, localStart0, nullptr, nullptr, allocElements);
}

clfftStatus clfftMpiLocalSize3D(size_t n0, size_t n1, size_t n2, MPI_Comm comm, size_t* localN0,
                                size_t* localStart0, size_t* allocElements)
{
	const size_t n[3] = {n0, n1, n2};
	return localSize(3, n, 1, comm, localN0, localStart0, nullptr, nullptr, allocElements);
}

clfftStatus clfftMpiLocalSize2DTransposed(size_t n0, size_t n1, MPI_Comm comm, size_t* localN0, size_t* localStart0,
                                          size_t* localN1, size_t* localStart1, size_t* allocElements)
{
	const size_t n[2] = {n0, n1};
	return localSize(2, n, 1, comm, localN0, localStart0, localN1, localStart1, allocElements);
}

clfftStatus clfftMpiLocalSize3DTransposed(size_t n0, size_t n1, size_t n2, MPI_Comm comm, size_t* localN0,
                                          size_t* localStart0, size_t* localN1, size_t* localStart1,
                                          size_t* allocElements)
{
	const size_t n[3] = {n0, n1, n2};
	return localSize(3, n, 1, comm, localN0, localStart0, localN1, localStart1, allocElements);
}

clfftStatus clfftMpiLocalSizeMany(int rank, const size_t* n, size_t howmany, MPI_Comm comm, size_t* localN0,
                                  size_t* localStart0, size_t* allocElements)
{
	return localSize(rank, n, howmany, comm, localN0, localStart0, nullptr, nullptr, allocElements);
}

clfftStatus clfftMpiLocalSizeManyTransposed(int rank, const size_t* n, size_t howmany, MPI_Comm comm, size_t* localN0,
                                            size_t* localStart0, size_t* localN1, size_t* localStart1,
                                            size_t* allocElements)
{
	return localSize(rank, n, howmany, comm, localN0, localStart0, localN1, localStart1, allocElements);
}

clfftStatus clfftMpiCreatePlan(clfftMpiPlanHandle* plan, MPI_Comm comm, cl_context context, cl_command_queue queue,
                               clfftDim dim, const size_t* lengths, clfftMpiKind kind, clfftPrecision precision,
                               clfftDirection direction, unsigned flags, clfftResultLocation placement)
{
	int P = 0, me = 0;
	// Without a usable communicator there is nobody to agree with.
	if (clfftStatus st = commShape(comm, &P, &me); st != CLFFT_SUCCESS) return st;
	try {
		clfftStatus st = CLFFT_SUCCESS;
		auto fail = [&](clfftStatus s) {
			if (st == CLFFT_SUCCESS) st = s;
		};
		if (dim != CLFFT_2D && dim != CLFFT_3D) fail(CLFFT_NOTIMPLEMENTED);
		const int dims = dim == CLFFT_2D ? 2 : 3;
		std::vector<long long> sig(10, 0);
		sig[0] = dims;
		if (!lengths) fail(CLFFT_INVALID_HOST_PTR);
		if (lengths && (dim == CLFFT_2D || dim == CLFFT_3D))
			for (int d = 0; d < dims; ++d) {
				if (lengths[d] == 0 || lengths[d] > (size_t(1) << 40)) fail(CLFFT_INVALID_ARG_VALUE);
				sig[1 + d] = (long long)std::min<size_t>(lengths[d], size_t(1) << 40);
			}
		if (kind != CLFFT_MPI_C2C && kind != CLFFT_MPI_R2C && kind != CLFFT_MPI_C2R) fail(CLFFT_INVALID_ARG_VALUE);
		if (kind == CLFFT_MPI_C2C && direction != CLFFT_FORWARD && direction != CLFFT_BACKWARD)
			fail(CLFFT_INVALID_ARG_VALUE);
		if (flags & ~unsigned(CLFFT_MPI_TRANSPOSED_IN | CLFFT_MPI_TRANSPOSED_OUT)) fail(CLFFT_INVALID_ARG_VALUE);
		if ((kind == CLFFT_MPI_R2C && (flags & CLFFT_MPI_TRANSPOSED_IN)) ||
		    (kind == CLFFT_MPI_C2R && (flags & CLFFT_MPI_TRANSPOSED_OUT)))
			fail(CLFFT_NOTIMPLEMENTED);
		sig[4] = kind;
		sig[5] = precision;
		sig[6] = kind == CLFFT_MPI_C2C ? direction : 0;
		sig[7] = flags;
		sig[8] = placement;
		sig[9] = P;
		return createCommon(plan, comm, P, me, context, queue, precision, placement, st, sig, [&](Plan& p) {
			p.dims = dims;
			for (int d = 0; d < dims; ++d) p.n[d] = lengths[d];
			p.kind = kind;
			p.direction = direction;
			p.flags = flags;
		});
	} catch (const std::bad_alloc&) {
		return CLFFT_OUT_OF_HOST_MEMORY;
	} catch (...) {
		return CLFFT_BUGCHECK;
	}
}

clfftStatus clfftMpiCreatePencilPlan(clfftMpiPlanHandle* plan, MPI_Comm comm, cl_context context,
                                     cl_command_queue queue, const size_t* lengths, int rows, clfftMpiKind kind,
                                     clfftPrecision precision, clfftDirection direction, clfftResultLocation placement)
{
	int P = 0, me = 0;
	if (clfftStatus st = commShape(comm, &P, &me); st != CLFFT_SUCCESS) return st;
	try {
		clfftStatus st = CLFFT_SUCCESS;
		auto fail = [&](clfftStatus s) {
			if (st == CLFFT_SUCCESS) st = s;
		};
		std::vector<long long> sig(9, 0);
		if (!lengths) fail(CLFFT_INVALID_HOST_PTR);
		if (lengths)
			for (int d = 0; d < 3; ++d) {
				if (lengths[d] == 0 || lengths[d] > (size_t(1) << 40)) fail(CLFFT_INVALID_ARG_VALUE);
				sig[d] = (long long)std::min<size_t>(lengths[d], size_t(1) << 40);
			}
		if (rows < 0 || (rows > 0 && P % rows != 0)) fail(CLFFT_INVALID_ARG_VALUE);
		if (kind != CLFFT_MPI_C2C && kind != CLFFT_MPI_R2C && kind != CLFFT_MPI_C2R) fail(CLFFT_INVALID_ARG_VALUE);
		if (kind == CLFFT_MPI_C2C && direction != CLFFT_FORWARD && direction != CLFFT_BACKWARD)
			fail(CLFFT_INVALID_ARG_VALUE);
		const int r = rows < 0 || (rows > 0 && P % rows != 0) ? 1 : pencilRows(P, rows);
		// Real plans take their direction from the kind: R2C z -> x forward, C2R x -> z backward.
		const clfftDirection dir = kind == CLFFT_MPI_R2C   ? CLFFT_FORWARD
		                           : kind == CLFFT_MPI_C2R ? CLFFT_BACKWARD
		                                                   : direction;
		sig[3] = r;
		sig[4] = precision;
		sig[5] = dir;
		sig[6] = placement;
		sig[7] = P;
		sig[8] = kind;
		return createCommon(plan, comm, P, me, context, queue, precision, placement, st, sig, [&](Plan& p) {
			p.pencil = true;
			p.rows = r;
			p.cols = P / r;
			p.dims = 3;
			for (int d = 0; d < 3; ++d) p.n[d] = lengths[d];
			p.kind = kind;
			p.direction = dir;
			// Forward: z pencils in, x pencils out; backward the other way (the buffer checks
			// read the transposed flags as "x pencils").
			p.flags = dir == CLFFT_FORWARD ? CLFFT_MPI_TRANSPOSED_OUT : CLFFT_MPI_TRANSPOSED_IN;
		});
	} catch (const std::bad_alloc&) {
		return CLFFT_OUT_OF_HOST_MEMORY;
	} catch (...) {
		return CLFFT_BUGCHECK;
	}
}

clfftStatus clfftMpiLocalSize3DPencils(size_t n0, size_t n1, size_t n2, MPI_Comm comm, int rows, size_t* inStart,
                                       size_t* inCount, size_t* outStart, size_t* outCount, size_t* allocElements)
{
	if (!allocElements) return CLFFT_INVALID_HOST_PTR;
	if (n0 == 0 || n1 == 0 || n2 == 0) return CLFFT_INVALID_ARG_VALUE;
	int P = 0, me = 0;
	if (clfftStatus st = commShape(comm, &P, &me); st != CLFFT_SUCCESS) return st;
	if (rows < 0 || (rows > 0 && P % rows != 0)) return CLFFT_INVALID_ARG_VALUE;
	if (mulOverflows(n0, n1) || mulOverflows(n0 * n1, n2)) return CLFFT_INVALID_ARG_VALUE;
	const size_t r = size_t(pencilRows(P, rows)), c = size_t(P) / r, N[3] = {n0, n1, n2};
	Box z, y, x;
	pencilBoxes(N, r, c, size_t(me) / c, size_t(me) % c, &z, &y, &x);
	for (int d = 0; d < 3; ++d) {
		if (inStart) inStart[d] = z.lo[d];
		if (inCount) inCount[d] = z.n[d];
		if (outStart) outStart[d] = x.lo[d];
		if (outCount) outCount[d] = x.n[d];
	}
	*allocElements = std::max<size_t>({z.volume(), y.volume(), x.volume(), 1});
	return CLFFT_SUCCESS;
}

clfftStatus clfftMpiGetPlanLayout(clfftMpiPlanHandle plan, size_t* localN0, size_t* localStart0, size_t* localN1,
                                  size_t* localStart1, size_t* allocElements)
{
	std::shared_ptr<Plan> p = findPlan(plan);
	if (!p) return CLFFT_INVALID_PLAN;
	const size_t me = size_t(p->me);
	if (localN0) *localN0 = p->ln0[me];
	if (localStart0) *localStart0 = p->st0[me];
	if (localN1) *localN1 = p->ln1[me];
	if (localStart1) *localStart1 = p->st1[me];
	if (allocElements) *allocElements = p->alloc;
	return CLFFT_SUCCESS;
}

clfftStatus clfftMpiExecute(clfftMpiPlanHandle plan, cl_mem input, cl_mem output)
{
	std::shared_ptr<Plan> p;
	try {
		p = findPlan(plan);
	} catch (...) {
		return CLFFT_BUGCHECK;
	}
	// An unknown handle has no communicator to agree on: this rank alone returns.
	if (!p) return CLFFT_INVALID_PLAN;
	try {
		std::lock_guard<std::mutex> lock(p->mutex);
		clfftStatus st = CLFFT_SUCCESS;
		if (!output && p->placement == CLFFT_INPLACE) output = input;
		if (!input) st = CLFFT_INVALID_MEM_OBJECT;
		if (!output && st == CLFFT_SUCCESS) st = CLFFT_INVALID_MEM_OBJECT;
		if (st == CLFFT_SUCCESS) st = bufferHolds(input, layoutBytes(*p, p->flags & CLFFT_MPI_TRANSPOSED_IN));
		if (st == CLFFT_SUCCESS) st = bufferHolds(output, layoutBytes(*p, p->flags & CLFFT_MPI_TRANSPOSED_OUT));
		for (cl_mem w : p->work)
			if (st == CLFFT_SUCCESS && w && (input == w || output == w)) st = CLFFT_INVALID_MEM_OBJECT;
		st = agree(p->comm, p->me, st);
		if (st != CLFFT_SUCCESS) return st;
		p->sent = p->kept = 0;
		p->seconds[0] = p->seconds[1] = p->seconds[2] = 0;
		Exec e{*p};
		e.run(input, output);
		if (e.st == CLFFT_SUCCESS) e.cl(clFinish(p->queue));
		return agree(p->comm, p->me, e.st);
	} catch (const std::bad_alloc&) {
		return CLFFT_OUT_OF_HOST_MEMORY;
	} catch (...) {
		return CLFFT_BUGCHECK;
	}
}

clfftStatus clfftMpiGetTraffic(clfftMpiPlanHandle plan, cl_ulong* bytesSent, cl_ulong* bytesKept)
{
	std::shared_ptr<Plan> p = findPlan(plan);
	if (!p) return CLFFT_INVALID_PLAN;
	if (bytesSent) *bytesSent = p->sent;
	if (bytesKept) *bytesKept = p->kept;
	return CLFFT_SUCCESS;
}

clfftStatus clfftMpiGetProfile(clfftMpiPlanHandle plan, double* fftSeconds, double* copySeconds,
                               double* exchangeSeconds)
{
	std::shared_ptr<Plan> p = findPlan(plan);
	if (!p) return CLFFT_INVALID_PLAN;
	if (!p->profile) return CLFFT_INVALID_OPERATION;
	if (fftSeconds) *fftSeconds = p->seconds[0];
	if (copySeconds) *copySeconds = p->seconds[1];
	if (exchangeSeconds) *exchangeSeconds = p->seconds[2];
	return CLFFT_SUCCESS;
}

clfftStatus clfftMpiDestroyPlan(clfftMpiPlanHandle* plan)
{
	if (!plan) return CLFFT_INVALID_HOST_PTR;
	std::shared_ptr<Plan> p;
	{
		std::lock_guard<std::mutex> lock(gTableMutex);
		auto it = gPlans.find(*plan);
		if (it == gPlans.end()) return CLFFT_INVALID_PLAN;
		p = it->second;
		gPlans.erase(it);
	}
	*plan = 0;
	return CLFFT_SUCCESS;
}

} // extern "C"
