// libclFFT-mpi: failures inside clfftMpiExecute on one rank only (issue 22: errors are
// collective). Every rank must return the same status and none may be left waiting in MPI (a
// hang fails on the CTest timeout). Two kinds of failure:
//  - an exception: clfftMpiTestThrowAtStep(k) (mpi/test_hooks.h; this test links the test-only
//    build of the library, clFFT-mpi-testhooks), called on the last rank only while it creates
//    the plan, makes it throw std::bad_alloc when it starts step k of every execution (slab and
//    pencil plans, every step); every rank must return CLFFT_OUT_OF_HOST_MEMORY;
//  - an OpenCL error: on the rank run under tests/hardening/cl_count_shim (LD_PRELOAD), the
//    first library call of one kind (kernel launch, read, write, copy) during the execution
//    fails with CL_OUT_OF_RESOURCES (cl_fault.h); when it fired, every rank must return the same
//    failing status, otherwise (the path took no such call) CLFFT_SUCCESS.
// Afterwards the plans must still give the result of a clean execution.
#include "clFFT-mpi.h"
#include "cl_device_select.h"
#include "rank_cache.h"
#include "cl_fault.h"
#include "test_hooks.h"

#include <dlfcn.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

int gRank = 0, gSize = 1;
cl_context gCtx = nullptr;
cl_command_queue gQueue = nullptr;
int gFailures = 0;

// Every rank's status equals rank 0's.
bool sameEverywhere(clfftStatus st)
{
	int v[2] = {int(st), -int(st)}, r[2] = {0, 0};
	MPI_Allreduce(v, r, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	return r[0] == -r[1];
}

void check(bool ok, const std::string& what)
{
	int mine = ok ? 1 : 0, all = 0;
	MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (!ok) std::fprintf(stderr, "rank %d: FAIL %s\n", gRank, what.c_str());
	if (!all) ++gFailures;
}

void expectStatus(const std::string& what, clfftStatus st, clfftStatus want)
{
	check(sameEverywhere(st), what + ": status differs between ranks");
	check(st == want, what + ": status " + std::to_string(int(st)) + ", want " + std::to_string(int(want)));
}

struct Buffers
{
	cl_mem in = nullptr, out = nullptr;
	size_t bytes = 0;
};

// Input and output buffers for plan h, the input filled with a pattern.
Buffers buffersFor(clfftMpiPlanHandle h)
{
	Buffers b;
	size_t alloc = 1;
	clfftMpiGetPlanLayout(h, nullptr, nullptr, nullptr, nullptr, &alloc);
	b.bytes = alloc * 8;
	cl_int err;
	b.in = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, b.bytes, nullptr, &err);
	b.out = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, b.bytes, nullptr, &err);
	std::vector<float> x(b.bytes / 4);
	for (size_t i = 0; i < x.size(); ++i) x[i] = float((i * 7 + size_t(gRank) * 3) % 11) - 5.0f;
	clEnqueueWriteBuffer(gQueue, b.in, CL_TRUE, 0, b.bytes, x.data(), 0, nullptr, nullptr);
	return b;
}

std::vector<float> readOut(const Buffers& b)
{
	std::vector<float> y(b.bytes / 4);
	clEnqueueReadBuffer(gQueue, b.out, CL_TRUE, 0, b.bytes, y.data(), 0, nullptr, nullptr);
	return y;
}

// A plan of `kind` ("slab" or "pencil"), created with the throw hook at `at` on the last rank
// (at < 0: no hook).
clfftStatus makePlan(const std::string& kind, int at, clfftMpiPlanHandle* h)
{
	const bool hook = at >= 0 && gRank == gSize - 1;
	if (hook) clfftMpiTestThrowAtStep(at);
	const size_t n[3] = {10, 6, 5};
	clfftStatus st = kind == "slab" ? clfftMpiCreatePlan(h, MPI_COMM_WORLD, gCtx, gQueue, CLFFT_3D, n, CLFFT_MPI_C2C,
	                                                     CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE)
	                                : clfftMpiCreatePencilPlan(h, MPI_COMM_WORLD, gCtx, gQueue, n, 0, CLFFT_MPI_C2C,
	                                                           CLFFT_SINGLE, CLFFT_FORWARD, CLFFT_OUTOFPLACE);
	if (hook) clfftMpiTestThrowAtStep(-1);
	return st;
}

double maxDiff(const std::vector<float>& a, const std::vector<float>& b)
{
	double d = 0;
	for (size_t i = 0; i < a.size() && i < b.size(); ++i) d = std::fmax(d, std::fabs(double(a[i]) - double(b[i])));
	double all = 0;
	MPI_Allreduce(&d, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	return all;
}

// The exception at every step of the plan (and one step past its end: no failure).
void throwAtEveryStep(const std::string& kind, int steps)
{
	clfftMpiPlanHandle good = 0;
	expectStatus(kind + " plan", makePlan(kind, -1, &good), CLFFT_SUCCESS);
	if (!good) return;
	Buffers b = buffersFor(good);
	expectStatus(kind + " clean execute", clfftMpiExecute(good, b.in, b.out), CLFFT_SUCCESS);
	const std::vector<float> ref = readOut(b);
	for (int at = 0; at <= steps; ++at) {
		clfftMpiPlanHandle h = 0;
		const std::string what = kind + " throw at step " + std::to_string(at);
		expectStatus(what + ": create", makePlan(kind, at, &h), CLFFT_SUCCESS);
		if (!h) continue;
		const clfftStatus want = at < steps ? CLFFT_OUT_OF_HOST_MEMORY : CLFFT_SUCCESS;
		expectStatus(what, clfftMpiExecute(h, b.in, b.out), want);
		expectStatus(what + ", again", clfftMpiExecute(h, b.in, b.out), want);
		clfftMpiDestroyPlan(&h);
	}
	expectStatus(kind + " execute after the failures", clfftMpiExecute(good, b.in, b.out), CLFFT_SUCCESS);
	check(maxDiff(readOut(b), ref) == 0.0, kind + ": result after the failures differs from the clean one");
	clReleaseMemObject(b.in);
	clReleaseMemObject(b.out);
	clfftMpiDestroyPlan(&good);
}

// One OpenCL call failing on the shim's rank, for each kind the shim can fail during execute.
void clFailure(const std::string& kind)
{
	auto arm = reinterpret_cast<clfault_arm_fn>(dlsym(RTLD_DEFAULT, "clfault_arm"));
	auto disarm = reinterpret_cast<clfault_disarm_fn>(dlsym(RTLD_DEFAULT, "clfault_disarm"));
	auto fired = reinterpret_cast<clfault_fired_fn>(dlsym(RTLD_DEFAULT, "clfault_fired"));
	int mine = arm && disarm && fired ? 1 : 0, any = 0;
	MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (!any) {
		if (gRank == 0) std::printf("SKIP OpenCL faults (%s): no rank runs under cl_count_shim\n", kind.c_str());
		return;
	}
	clfftMpiPlanHandle h = 0;
	expectStatus(kind + " plan", makePlan(kind, -1, &h), CLFFT_SUCCESS);
	if (!h) return;
	Buffers b = buffersFor(h);
	expectStatus(kind + " clean execute", clfftMpiExecute(h, b.in, b.out), CLFFT_SUCCESS);
	const std::vector<float> ref = readOut(b);
	const struct
	{
		int kind;
		const char* name;
	} kinds[] = {{CLFAULT_ENQUEUE_NDRANGE_KERNEL, "kernel launch"},
	             {CLFAULT_ENQUEUE_READ_BUFFER, "read"},
	             {CLFAULT_ENQUEUE_WRITE_BUFFER, "write"},
	             {CLFAULT_ENQUEUE_COPY_BUFFER, "copy"}};
	int firedKinds = 0, firedRead = 0, firedWrite = 0;
	for (const auto& k : kinds) {
		for (long nth : {1L, 2L}) {
			const long before = mine ? fired() : 0;
			if (mine) arm(k.kind, nth, CL_OUT_OF_RESOURCES);
			const clfftStatus st = clfftMpiExecute(h, b.in, b.out);
			if (mine) disarm();
			int f = mine && fired() > before ? 1 : 0, anyFired = 0;
			MPI_Allreduce(&f, &anyFired, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
			firedKinds += anyFired;
			if (k.kind == CLFAULT_ENQUEUE_READ_BUFFER) firedRead += anyFired;
			if (k.kind == CLFAULT_ENQUEUE_WRITE_BUFFER) firedWrite += anyFired;
			const std::string what = kind + " " + k.name + " #" + std::to_string(nth) + " fails";
			check(sameEverywhere(st), what + ": status differs between ranks");
			check(anyFired ? st != CLFFT_SUCCESS : st == CLFFT_SUCCESS,
			      what + ": status " + std::to_string(int(st)) + (anyFired ? " (fired)" : " (not fired)"));
		}
	}
	check(firedKinds > 0, kind + ": no fault fired");
	// Staged exchanges read from and write to the device around every MPI round: faults in the
	// library's own reads and writes must fire there (the shim fails only calls made from a
	// module named libclFFT*: the library under test must be one).
	const char* staging = std::getenv("CLFFT_MPI_STAGING");
	if (staging && std::string(staging) == "1")
		check(firedRead > 0 && firedWrite > 0, kind + ": staged, but no read or write fault fired");
	if (gRank == 0) std::printf("%s: %d of 8 OpenCL faults fired, every rank agreed\n", kind.c_str(), firedKinds);
	expectStatus(kind + " execute after the faults", clfftMpiExecute(h, b.in, b.out), CLFFT_SUCCESS);
	check(maxDiff(readOut(b), ref) == 0.0, kind + ": result after the faults differs from the clean one");
	clReleaseMemObject(b.in);
	clReleaseMemObject(b.out);
	clfftMpiDestroyPlan(&h);
}

} // namespace

int main(int argc, char** argv)
{
	startRank(&argc, &argv, gRank, gSize, gCtx, gQueue);
	const double t0 = MPI_Wtime();
	// Slab C2C normal order: REST, FWDX, ZERO, BWDX (one rank: one local plan); pencils: PF2,
	// PZY, PF1, PYX, PF0.
	throwAtEveryStep("slab", gSize == 1 ? 1 : 4);
	throwAtEveryStep("pencil", 5);
	clFailure("slab");
	clFailure("pencil");
	if (gRank == 0)
		std::printf("%s execute failures on one rank, np=%d, %.1f s\n", gFailures ? "FAIL" : "PASS", gSize,
		            MPI_Wtime() - t0);
	clReleaseCommandQueue(gQueue);
	clReleaseContext(gCtx);
	MPI_Finalize();
	return gFailures ? 1 : 0;
}
