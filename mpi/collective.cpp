// Collective error agreement in libclFFT-mpi: creation and execution are collective, so no rank
// may return early while others enter MPI. Each rank's local status is reduced to the status of
// the lowest failing rank, which every rank returns; plan creation also checks that every rank
// gave the same arguments, builds its local part, and agrees on the outcome before handing out
// a handle.
#include "mpi_internal.h"

#include <climits>
#include <cstdlib>
#include <cstring>

#ifdef CLFFT_MPI_TEST_HOOKS
#include "test_hooks.h"

#include <atomic>

namespace {
std::atomic<int> gThrowAtStep{-1};
}

extern "C" void clfftMpiTestThrowAtStep(int step) { gThrowAtStep.store(step < 0 ? -1 : step); }
#endif

namespace clfft_mpi {

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

// The collective part of plan creation: checks common to every plan, then agreement on the
// local status and on `sig` (the arguments every rank must give alike), the local build, and
// agreement on its status.
clfftStatus createCommon(clfftMpiPlanHandle* plan, MPI_Comm comm, int P, int me, cl_context context,
                         cl_command_queue queue, clfftPrecision precision, clfftResultLocation placement, clfftStatus st,
                         const std::vector<long long>& sig, const std::function<void(Plan&)>& init)
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
	const char* kernel = std::getenv("CLFFT_MPI_COPY_KERNEL");
	p->rectCopies = !(kernel && *kernel && std::strcmp(kernel, "0") != 0);
#ifdef CLFFT_MPI_TEST_HOOKS
	// Test-only build (mpi/test_hooks.h): this rank throws std::bad_alloc when it starts step k
	// of every execution of the plan.
	p->throwAtStep = gThrowAtStep.load();
#endif
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
	if (st == CLFFT_SUCCESS) st = finishLocal(*p);
	st = agree(comm, me, st);
	if (st != CLFFT_SUCCESS) return st; // p releases what was built
	*plan = registerPlan(p);
	return CLFFT_SUCCESS;
}

} // namespace clfft_mpi
