// The inside of libclFFT-mpi (slab- and pencil-decomposed 2D/3D FFTs over MPI, built on the public
// clFFT API of clfft-ng only), shared by its files: a rank's part of a plan (Plan), the steps it
// runs (Step), a rank's box in a pencil layout (Box), one execution of a plan (Exec), and what
// each file offers the others. Nothing here is exported: the library is built with hidden
// visibility, and only the C entry points of clFFT-mpi.h are public.
//
// The files, by role:
//   distribution.cpp  who holds what: block distributions of slabs, pencil grids and boxes
//   copy_kernels.cpp  the device copy kernels (pack, unpack, local transposes): their program,
//                     built from generator/copy_sources.h, and their launches
//   exchange.cpp      the global transposes: staged MPI_Alltoallv, mapped MPI_Alltoallw, pencils
//   plan_build.cpp    one rank's local clFFT plans, work buffers and step list
//   execute.cpp       running the step list over the two work buffers
//   collective.cpp    status agreement between ranks and collective plan creation
//   clfft_mpi.cpp     the C entry points and the table of plan handles
#ifndef CLFFT_MPI_INTERNAL_H
#define CLFFT_MPI_INTERNAL_H

#include "clFFT-mpi.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace clfft_mpi {

// ---- Block distribution (FFTW-MPI's: blocks of ceil(n / parts), the last ranks may get none) --
inline size_t blockOf(size_t n, size_t parts) { return (n + parts - 1) / parts; }
inline size_t startOf(size_t n, size_t parts, size_t r) { return std::min(n, r * blockOf(n, parts)); }
inline size_t countOf(size_t n, size_t parts, size_t r)
{
	return std::min(n, (r + 1) * blockOf(n, parts)) - startOf(n, parts, r);
}

inline bool mulOverflows(size_t a, size_t b) { return a != 0 && b > SIZE_MAX / a; }

// The rank's share of an N0 x N1 x rest array in both layouts; false on size_t overflow.
bool distribution(size_t n0, size_t n1, size_t rest, size_t parts, size_t r, size_t* ln0, size_t* s0,
                  size_t* ln1, size_t* s1, size_t* alloc);
// The communicator's size and this rank; CLFFT_INVALID_VALUE outside MPI_Init .. MPI_Finalize.
clfftStatus commShape(MPI_Comm comm, int* size, int* rank);
// The local_size queries of a rank-dimensional array of `howmany` interleaved transforms.
clfftStatus localSize(int rank, const size_t* n, size_t howmany, MPI_Comm comm, size_t* ln0, size_t* s0,
                      size_t* ln1, size_t* s1, size_t* alloc);

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
bool intersect(const Box& a, const Box& b, size_t lo[3], size_t n[3]);
// The process grid of a pencil plan: rows x cols = P; rows = 0 picks the largest divisor of P
// not above its square root.
int pencilRows(int P, int rows);
// The z, y and x pencil layouts of rank (r, c) for the complex array N (distribution.cpp).
void pencilBoxes(const size_t N[3], size_t rows, size_t cols, size_t r, size_t c, Box* z, Box* y, Box* x);

// ---- The copy kernels' program, shared by the plans of one (context, device) -----------------
clfftStatus acquireCopyProgram(cl_context ctx, cl_device_id dev, cl_program* out);
void releaseCopyProgram(cl_context ctx, cl_device_id dev);

// ---- A plan ----------------------------------------------------------------------------------
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
//   WHOLE one rank, normal order: the whole transform as one local plan;
//   HIN / HOUT  howmany > 1 only: reorder the slab between the interleaved layout (element
//         (i0, j, h) at (i0 J + j) H + h, J = N1 NL) and the "h-major" one ((i0 H + h) J + j),
//         where REST is one batched plan (batch local_n0 H at distance J); real for the real side
//         of R2C (HIN) and C2R (HOUT).
// Pencil plans (3D; R2C/C2R with a real FFT along n2) run PF2 / PZY / PF1 / PYX / PF0 (FFT
// along n2, redistribute to y pencils, FFT along n1, redistribute to x pencils, FFT along n0), or
// the reverse. With howmany > 1 the z and y pencils are kept h-major inside the plan (H boxes one
// after the other), the x pencils interleaved as the client has them: PHIN / PHOUT reorder the
// client's interleaved z box to and from h-major (first step forward, last backward).
// N0 x N1 x NL are the dimensions of the complex array (NL = 1 in 2D; for real plans the last
// dimension is halved plus one), H the number of interleaved transforms (howmany), and N2 = NL H
// the contiguous run every transpose moves (the transposes never look inside it). Steps read one buffer and write another (two work buffers), so
// an out-of-place plan leaves its input as it was.
// A step list is assigned whole, never grown: GCC gives enums default visibility whatever
// -fvisibility says, so out-of-line std::vector<Step> code (push_back's reallocation) would be
// exported from the library.
enum class Step { WHOLE, REST, ZERO, FWDX, BWDX, R2T, T2R, HIN, HOUT, PF2, PF1, PF0, PZY, PYX, PXY, PYZ, PHIN, PHOUT };

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
	size_t N0 = 1, N1 = 1, N2 = 1; // complex array N0 x N1 x NL, N2 = NL * H
	size_t NL = 1, H = 1;          // the complex last dimension (1 in 2D); howmany
	size_t es = 8;                 // bytes of one complex element
	std::vector<size_t> ln0, st0, ln1, st1;
	size_t alloc = 1;
	size_t workElems = 1; // elements of each work buffer (alloc, or more for a padded received layout)
	size_t rowPitch = 0;  // slabs: the received layout's row pitch, >= local_n1 N2 (finishLocal)
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
	cl_kernel rcopy = nullptr; // strided copy of real elements (howmany > 1 reorders of real slabs)
	std::vector<Step> steps;
	std::vector<char> hostSend, hostRecv;
	cl_ulong sent = 0, kept = 0;
	bool profile = false;
	bool direct = false;    // MPI on mapped device memory (CPU / host-unified devices)
	bool directAll = false; // every rank direct: slab transposes without pack/unpack kernels
	bool rectCopies = true;  // contiguous-run copies as clEnqueueCopyBufferRect (CLFFT_MPI_COPY_KERNEL=1: kernel)
	double seconds[3] = {0, 0, 0}; // local FFTs, device copies, exchanges (CLFFT_MPI_PROFILE)
#ifdef CLFFT_MPI_TEST_HOOKS
	int throwAtStep = -1; // test-only build (mpi/test_hooks.h): std::bad_alloc at that step
#endif
	std::mutex mutex;

	~Plan()
	{
		if (rest) clfftDestroyPlan(&rest);
		if (zero) clfftDestroyPlan(&zero);
		if (mid) clfftDestroyPlan(&mid);
		if (copy) clReleaseKernel(copy);
		if (scopy) clReleaseKernel(scopy);
		if (rcopy) clReleaseKernel(rcopy);
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

inline clfftStatus fromCl(cl_int err) { return err == CL_SUCCESS ? CLFFT_SUCCESS : clfftStatus(err); }

// The table of plan handles (clfft_mpi.cpp): a new handle for p; the plan of a handle or null.
clfftMpiPlanHandle registerPlan(std::shared_ptr<Plan> p);
std::shared_ptr<Plan> findPlan(clfftMpiPlanHandle h);

// Everything one rank builds for a plan whose arguments all ranks agreed on (plan_build.cpp),
// in two parts: buildLocal before the ranks agree on the exchange path (p.directAll),
// finishLocal after it (work buffers, the received layout's row pitch, the FFT along n0).
clfftStatus buildLocal(Plan& p);
clfftStatus finishLocal(Plan& p);

// Bytes of the rank's input or output layout (transposed: the received / x-pencil one).
size_t layoutBytes(const Plan& p, bool transposed);
// CLFFT_SUCCESS when m is a buffer of at least `bytes`.
clfftStatus bufferHolds(cl_mem m, size_t bytes);

// ---- Status agreement and collective creation (collective.cpp) -------------------------------
// Every rank returns the status of the lowest rank whose status is not CLFFT_SUCCESS.
clfftStatus agree(MPI_Comm comm, int me, clfftStatus st);
// The collective part of plan creation; `init` fills in what the kind of plan sets.
clfftStatus createCommon(clfftMpiPlanHandle* plan, MPI_Comm comm, int P, int me, cl_context context,
                         cl_command_queue queue, clfftPrecision precision, clfftResultLocation placement, clfftStatus st,
                         const std::vector<long long>& sig, const std::function<void(Plan&)>& init);

// ---- One execution of a plan -------------------------------------------------------------------
// The first error (an OpenCL status, or an exception caught per step) stops further device work.
// Every step that exchanges reaches one checkpoint on every rank, after everything that may throw
// or allocate and before its first MPI call: the ranks agree there on their statuses, and on a
// failure anywhere all of them skip the step's MPI calls and the steps after it. An OpenCL error
// past the checkpoint keeps making the step's MPI calls (on buffers prepared before it), so no
// rank waits for one that gave up; the final status is agreed once more.
struct Exec
{
	Plan& p;
	clfftStatus st = CLFFT_SUCCESS;
	bool synced = false;  // the current step has passed its checkpoint
	bool stopped = false; // every rank knows of a failure: all skip the remaining steps

	// Agreement on the statuses so far (collective); true when every rank may go on. A failure
	// seen by this rank alone after its last checkpoint does not stop it: it goes on through
	// the steps (device work skipped) to the next checkpoint, where every rank learns of it.
	bool checkpoint()
	{
		synced = true;
		st = agree(p.comm, p.me, st);
		stopped = st != CLFFT_SUCCESS;
		return !stopped;
	}
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

	void fft(clfftPlanHandle h, clfftDirection dir, cl_mem in, cl_mem out)
	{
		if (st != CLFFT_SUCCESS || !h) return;
		st = clfftEnqueueTransform(h, dir, 1, &p.queue, 0, nullptr, nullptr, &in, &out, nullptr);
	}

	// Rows [lo, hi) of piece k when `rows` rows are split into p.chunks pieces.
	void chunkRows(size_t rows, size_t k, size_t* lo, size_t* hi) const
	{
		const size_t step = (rows + p.chunks - 1) / p.chunks;
		*lo = std::min(rows, k * step);
		*hi = std::min(rows, (k + 1) * step);
	}

	// The step list (execute.cpp).
	void run(cl_mem input, cl_mem output);
	cl_mem step(size_t i, bool last, cl_mem cur, cl_mem input, cl_mem output);

	// Device copies (copy_kernels.cpp).
	void copy3(cl_mem src, cl_mem dst, size_t C, size_t B, size_t A, size_t soff, size_t s1, size_t s2,
	           size_t doff, size_t d1, size_t d2);
	// dst[doff + a*d2 + b*d1 + c*d0] = src[soff + a*s2 + b*s1 + c*s0], every index strided; real:
	// elements of one real number (else one complex number).
	void copyStrided(bool real, cl_mem src, cl_mem dst, size_t C, size_t B, size_t A, size_t soff, size_t s0,
	                 size_t s1, size_t s2, size_t doff, size_t d0, size_t d1, size_t d2);
	// sMul / dMul multiply the boxes' strides (H for an interleaved box, whose element h of
	// (i0, i1, i2) is at H times the box index plus h, given as the offset).
	void copyBox(cl_mem src, const Box& sb, size_t soff, size_t sMul, cl_mem dst, const Box& db, size_t doff,
	             size_t dMul, const size_t lo[3], const size_t n[3]);

	// Global transposes (exchange.cpp; exchange() is a template, instantiated there only).
	template <class Pack, class Unpack>
	void exchange(cl_mem src, const std::vector<size_t>& sc, const std::vector<size_t>& sd,
	              const std::vector<size_t>& sLen, cl_mem dst, const std::vector<size_t>& rc,
	              const std::vector<size_t>& rd, const std::vector<size_t>& rLen, Pack packChunk, Unpack unpackChunk);
	// aInter / bInter: the layout holds its H transforms interleaved (else h-major).
	void redistribute(cl_mem src, const std::vector<Box>& A, bool aInter, cl_mem packed, cl_mem received, cl_mem dst,
	                  const std::vector<Box>& B, bool bInter);
	void directTranspose(bool forward, cl_mem src, cl_mem dst);
	void forwardExchange(cl_mem src, cl_mem scratch, cl_mem dst);
	void backwardExchange(cl_mem src, cl_mem scratch, cl_mem dst);
};

} // namespace clfft_mpi

#endif
