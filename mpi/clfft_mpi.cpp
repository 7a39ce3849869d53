// The C entry points of libclFFT-mpi (include/clFFT-mpi.h): distribution queries, plan creation,
// execution, the plan's layout, traffic and profile, destruction; and the table that maps the
// handles given to clients to plans. The entry points that can allocate catch whatever the C++
// inside throws: clFFT-mpi.h promises that no exception leaves the library.
#include "mpi_internal.h"

#include <map>
#include <new>

using namespace clfft_mpi;

namespace {

std::mutex gTableMutex;
std::map<clfftMpiPlanHandle, std::shared_ptr<Plan>> gPlans;
clfftMpiPlanHandle gNextHandle = 1;

} // namespace

namespace clfft_mpi {

clfftMpiPlanHandle registerPlan(std::shared_ptr<Plan> p)
{
	std::lock_guard<std::mutex> lock(gTableMutex);
	const clfftMpiPlanHandle h = gNextHandle++;
	gPlans[h] = p;
	return h;
}

std::shared_ptr<Plan> findPlan(clfftMpiPlanHandle h)
{
	std::lock_guard<std::mutex> lock(gTableMutex);
	auto it = gPlans.find(h);
	return it == gPlans.end() ? nullptr : it->second;
}

} // namespace clfft_mpi

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
	return clfftMpiCreatePlanMany(plan, comm, context, queue, dim, lengths, 1, kind, precision, direction, flags,
	                              placement);
}

clfftStatus clfftMpiCreatePlanMany(clfftMpiPlanHandle* plan, MPI_Comm comm, cl_context context,
                                   cl_command_queue queue, clfftDim dim, const size_t* lengths, size_t howmany,
                                   clfftMpiKind kind, clfftPrecision precision, clfftDirection direction,
                                   unsigned flags, clfftResultLocation placement)
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
		std::vector<long long> sig(11, 0);
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
		if (howmany == 0 || howmany > (size_t(1) << 40)) fail(CLFFT_INVALID_ARG_VALUE);
		sig[10] = (long long)std::min<size_t>(howmany, size_t(1) << 40);
		return createCommon(plan, comm, P, me, context, queue, precision, placement, st, sig, [&](Plan& p) {
			p.dims = dims;
			p.H = howmany;
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
	return clfftMpiCreatePencilPlanMany(plan, comm, context, queue, lengths, 1, rows, kind, precision, direction,
	                                    placement);
}

clfftStatus clfftMpiCreatePencilPlanMany(clfftMpiPlanHandle* plan, MPI_Comm comm, cl_context context,
                                         cl_command_queue queue, const size_t* lengths, size_t howmany, int rows,
                                         clfftMpiKind kind, clfftPrecision precision, clfftDirection direction,
                                         clfftResultLocation placement)
{
	int P = 0, me = 0;
	if (clfftStatus st = commShape(comm, &P, &me); st != CLFFT_SUCCESS) return st;
	try {
		clfftStatus st = CLFFT_SUCCESS;
		auto fail = [&](clfftStatus s) {
			if (st == CLFFT_SUCCESS) st = s;
		};
		std::vector<long long> sig(10, 0);
		if (!lengths) fail(CLFFT_INVALID_HOST_PTR);
		if (howmany == 0 || howmany > (size_t(1) << 40)) fail(CLFFT_INVALID_ARG_VALUE);
		sig[9] = (long long)std::min<size_t>(howmany, size_t(1) << 40);
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
			p.H = howmany;
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
	return clfftMpiLocalSize3DPencilsMany(n0, n1, n2, 1, comm, rows, inStart, inCount, outStart, outCount,
	                                      allocElements);
}

clfftStatus clfftMpiLocalSize3DPencilsMany(size_t n0, size_t n1, size_t n2, size_t howmany, MPI_Comm comm, int rows,
                                           size_t* inStart, size_t* inCount, size_t* outStart, size_t* outCount,
                                           size_t* allocElements)
{
	if (!allocElements) return CLFFT_INVALID_HOST_PTR;
	if (n0 == 0 || n1 == 0 || n2 == 0 || howmany == 0) return CLFFT_INVALID_ARG_VALUE;
	int P = 0, me = 0;
	if (clfftStatus st = commShape(comm, &P, &me); st != CLFFT_SUCCESS) return st;
	if (rows < 0 || (rows > 0 && P % rows != 0)) return CLFFT_INVALID_ARG_VALUE;
	if (mulOverflows(n0, n1) || mulOverflows(n0 * n1, n2) || mulOverflows(n0 * n1 * n2, howmany))
		return CLFFT_INVALID_ARG_VALUE;
	const size_t r = size_t(pencilRows(P, rows)), c = size_t(P) / r, N[3] = {n0, n1, n2};
	Box z, y, x;
	pencilBoxes(N, r, c, size_t(me) / c, size_t(me) % c, &z, &y, &x);
	for (int d = 0; d < 3; ++d) {
		if (inStart) inStart[d] = z.lo[d];
		if (inCount) inCount[d] = z.n[d];
		if (outStart) outStart[d] = x.lo[d];
		if (outCount) outCount[d] = x.n[d];
	}
	*allocElements = std::max<size_t>({z.volume() * howmany, y.volume() * howmany, x.volume() * howmany, 1});
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
	// From here on every rank makes the same MPI calls whatever happens locally: the checks,
	// an agreement, the steps (each exchanging step agrees before its MPI calls: Exec::run
	// catches what a step throws) and a final agreement.
	std::unique_lock<std::mutex> lock(p->mutex, std::defer_lock);
	clfftStatus st = CLFFT_SUCCESS;
	try {
		lock.lock();
		if (!output && p->placement == CLFFT_INPLACE) output = input;
		if (!input) st = CLFFT_INVALID_MEM_OBJECT;
		if (!output && st == CLFFT_SUCCESS) st = CLFFT_INVALID_MEM_OBJECT;
		if (st == CLFFT_SUCCESS) st = bufferHolds(input, layoutBytes(*p, p->flags & CLFFT_MPI_TRANSPOSED_IN));
		if (st == CLFFT_SUCCESS) st = bufferHolds(output, layoutBytes(*p, p->flags & CLFFT_MPI_TRANSPOSED_OUT));
		for (cl_mem w : p->work)
			if (st == CLFFT_SUCCESS && w && (input == w || output == w)) st = CLFFT_INVALID_MEM_OBJECT;
	} catch (const std::bad_alloc&) {
		st = CLFFT_OUT_OF_HOST_MEMORY;
	} catch (...) {
		st = CLFFT_BUGCHECK;
	}
	st = agree(p->comm, p->me, st);
	if (st != CLFFT_SUCCESS) return st;
	p->sent = p->kept = 0;
	p->seconds[0] = p->seconds[1] = p->seconds[2] = 0;
	Exec e{*p};
	e.run(input, output);
	// Also after a failure: nothing enqueued may still touch the staging memory once we return.
	e.cl(clFinish(p->queue));
	return agree(p->comm, p->me, e.st);
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

