// Distributed transforms of libclFFT-mpi against serial FFTW on the whole array.
// Run under mpirun with any number of ranks; every rank builds the whole input (small arrays),
// runs its part through the distributed plan, and compares its part of the output with FFTW's
// transform of the whole array (double precision, FFTW_ESTIMATE). The largest error over all
// ranks decides. Error cases check that every rank returns the same status.
//
// Usage: test_mpi_fft [case ...]   (no case: all of them; names: see kCases)
// Exit status 0 when every case passes on every rank; rank 0 prints one line per case.
#include "clFFT-mpi.h"
#include "cl_device_select.h"
#include "rank_cache.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using cd = std::complex<double>;

int gRank = 0, gSize = 1;
cl_context gCtx = nullptr;
cl_command_queue gQueue = nullptr;
bool gHasDouble = false;   // every rank's device has fp64
bool gLocalDouble = false; // this rank's device has fp64

const char* statusName(clfftStatus s)
{
	switch (s) {
	case CLFFT_SUCCESS: return "CLFFT_SUCCESS";
	case CLFFT_INVALID_ARG_VALUE: return "CLFFT_INVALID_ARG_VALUE";
	case CLFFT_INVALID_HOST_PTR: return "CLFFT_INVALID_HOST_PTR";
	case CLFFT_INVALID_BUFFER_SIZE: return "CLFFT_INVALID_BUFFER_SIZE";
	case CLFFT_INVALID_MEM_OBJECT: return "CLFFT_INVALID_MEM_OBJECT";
	case CLFFT_NOTIMPLEMENTED: return "CLFFT_NOTIMPLEMENTED";
	case CLFFT_INVALID_PLAN: return "CLFFT_INVALID_PLAN";
	case CLFFT_DEVICE_NO_DOUBLE: return "CLFFT_DEVICE_NO_DOUBLE";
	default: return "other";
	}
}

// A deterministic value for global index i (the same on every rank).
double noise(size_t i, unsigned salt)
{
	unsigned long long x = (i + 1) * 0x9E3779B97F4A7C15ull ^ (salt * 0xBF58476D1CE4E5B9ull);
	x ^= x >> 31;
	x *= 0x94D049BB133111EBull;
	x ^= x >> 29;
	return double(x % 2000001) / 1000000.0 - 1.0;
}

struct Spec
{
	int dims;
	size_t n[3];
	clfftMpiKind kind;
	clfftPrecision prec;
	clfftDirection dir;
	unsigned flags;
	clfftResultLocation place;
	size_t H = 1; // howmany interleaved transforms (clfftMpiCreatePlanMany when above 1)
};

// The complex array's dimensions (N2 = 1 in 2D).
void complexDims(const Spec& s, size_t N[3])
{
	const bool real = s.kind != CLFFT_MPI_C2C;
	N[0] = s.n[0];
	N[1] = s.dims == 2 ? (real ? s.n[1] / 2 + 1 : s.n[1]) : s.n[1];
	N[2] = s.dims == 2 ? 1 : (real ? s.n[2] / 2 + 1 : s.n[2]);
}

// Serial FFTW on the whole array: complex in/out (row-major, complex dims) or real; s.H
// interleaved transforms (element (i, h) at i H + h) through FFTW's plan_many.
std::vector<cd> fftwComplex(const Spec& s, std::vector<cd> in, int sign)
{
	int n[3] = {int(s.n[0]), int(s.n[1]), int(s.n[2])};
	const int H = int(s.H);
	std::vector<cd> out(in.size());
	fftw_plan p = fftw_plan_many_dft(s.dims, n, H, reinterpret_cast<fftw_complex*>(in.data()), nullptr, H, 1,
	                                 reinterpret_cast<fftw_complex*>(out.data()), nullptr, H, 1, sign, FFTW_ESTIMATE);
	fftw_execute(p);
	fftw_destroy_plan(p);
	return out;
}

std::vector<cd> fftwR2C(const Spec& s, std::vector<double> in, size_t complexCount)
{
	int n[3] = {int(s.n[0]), int(s.n[1]), int(s.n[2])};
	const int H = int(s.H);
	std::vector<cd> out(complexCount);
	fftw_plan p = fftw_plan_many_dft_r2c(s.dims, n, H, in.data(), nullptr, H, 1,
	                                     reinterpret_cast<fftw_complex*>(out.data()), nullptr, H, 1, FFTW_ESTIMATE);
	fftw_execute(p);
	fftw_destroy_plan(p);
	return out;
}

std::vector<double> fftwC2R(const Spec& s, std::vector<cd> in, size_t realCount)
{
	int n[3] = {int(s.n[0]), int(s.n[1]), int(s.n[2])};
	const int H = int(s.H);
	std::vector<double> out(realCount);
	fftw_plan p = fftw_plan_many_dft_c2r(s.dims, n, H, reinterpret_cast<fftw_complex*>(in.data()), nullptr, H, 1,
	                                     out.data(), nullptr, H, 1, FFTW_ESTIMATE);
	fftw_execute(p);
	fftw_destroy_plan(p);
	return out;
}

// The rank's buffer as doubles (two per complex element, or one per real), from and to the
// device in the plan's precision.
cl_mem upload(const std::vector<double>& v, size_t bytes, bool dbl)
{
	cl_int err = CL_SUCCESS;
	cl_mem m = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
	if (err != CL_SUCCESS) return nullptr;
	std::vector<char> host(bytes, 0);
	for (size_t i = 0; i < v.size(); ++i) {
		if (dbl)
			std::memcpy(host.data() + 8 * i, &v[i], 8);
		else {
			float f = float(v[i]);
			std::memcpy(host.data() + 4 * i, &f, 4);
		}
	}
	clEnqueueWriteBuffer(gQueue, m, CL_TRUE, 0, bytes, host.data(), 0, nullptr, nullptr);
	return m;
}

std::vector<double> download(cl_mem m, size_t count, bool dbl)
{
	std::vector<double> v(count);
	if (count == 0) return v;
	std::vector<char> host(count * (dbl ? 8 : 4));
	clEnqueueReadBuffer(gQueue, m, CL_TRUE, 0, host.size(), host.data(), 0, nullptr, nullptr);
	for (size_t i = 0; i < count; ++i) {
		if (dbl)
			std::memcpy(&v[i], host.data() + 8 * i, 8);
		else {
			float f;
			std::memcpy(&f, host.data() + 4 * i, 4);
			v[i] = f;
		}
	}
	return v;
}

// Global complex array (complex dims N, H interleaved transforms) -> this rank's part, normal or
// transposed layout.
std::vector<double> sliceComplex(const std::vector<cd>& g, const size_t N[3], bool transposed, size_t ln0, size_t s0,
                                 size_t ln1, size_t s1, size_t H = 1)
{
	std::vector<double> v;
	auto put = [&](size_t i, size_t j, size_t k) {
		for (size_t h = 0; h < H; ++h) {
			const cd z = g[((i * N[1] + j) * N[2] + k) * H + h];
			v.push_back(z.real());
			v.push_back(z.imag());
		}
	};
	if (!transposed) {
		for (size_t i = s0; i < s0 + ln0; ++i)
			for (size_t j = 0; j < N[1]; ++j)
				for (size_t k = 0; k < N[2]; ++k) put(i, j, k);
	} else {
		for (size_t j = s1; j < s1 + ln1; ++j)
			for (size_t i = 0; i < N[0]; ++i)
				for (size_t k = 0; k < N[2]; ++k) put(i, j, k);
	}
	return v;
}

// Global real array n0 x n1 (x n2) (s.H interleaved) -> this rank's padded rows.
std::vector<double> sliceReal(const Spec& s, const std::vector<double>& g, size_t ln0, size_t s0)
{
	const size_t last = s.n[s.dims - 1], padded = 2 * (last / 2 + 1), H = s.H;
	const size_t rows = s.dims == 3 ? s.n[1] : 1;
	std::vector<double> v;
	for (size_t i = s0; i < s0 + ln0; ++i)
		for (size_t j = 0; j < rows; ++j)
			for (size_t k = 0; k < padded; ++k)
				for (size_t h = 0; h < H; ++h) v.push_back(k < last ? g[((i * rows + j) * last + k) * H + h] : 0.0);
	return v;
}

// Largest |a - b| over all ranks, relative to the largest |b| over all ranks.
double relError(const std::vector<double>& got, const std::vector<double>& want)
{
	double err = 0, mag = 0;
	for (size_t i = 0; i < want.size(); ++i) {
		err = std::max(err, std::fabs(got[i] - want[i]));
		mag = std::max(mag, std::fabs(want[i]));
	}
	double in[2] = {err, mag}, out[2];
	MPI_Allreduce(in, out, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	return out[1] > 0 ? out[0] / out[1] : out[0];
}

bool sameEverywhere(clfftStatus st)
{
	int v[2] = {int(st), -int(st)}, r[2];
	MPI_Allreduce(v, r, 2, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	return r[0] == -r[1];
}

struct Result
{
	bool ok = true;
	std::string note;
	void fail(const std::string& why)
	{
		ok = false;
		if (!note.empty()) note += "; ";
		note += why;
	}
};

clfftStatus create(const Spec& s, clfftMpiPlanHandle* h)
{
	if (s.H != 1)
		return clfftMpiCreatePlanMany(h, MPI_COMM_WORLD, gCtx, gQueue, s.dims == 2 ? CLFFT_2D : CLFFT_3D, s.n, s.H,
		                              s.kind, s.prec, s.dir, s.flags, s.place);
	return clfftMpiCreatePlan(h, MPI_COMM_WORLD, gCtx, gQueue, s.dims == 2 ? CLFFT_2D : CLFFT_3D, s.n, s.kind, s.prec,
	                          s.dir, s.flags, s.place);
}

// One plan on one input: runs it and checks it against FFTW. `input` is the global logical input
// (complex array for C2C/C2R, real for R2C); returns the global logical output via *output.
void checkOne(const Spec& s, const std::vector<cd>& cin, const std::vector<double>& rin, Result& res, double tol,
              const char* what)
{
	size_t N[3];
	complexDims(s, N);
	const bool dbl = s.prec == CLFFT_DOUBLE;
	const size_t es = dbl ? 16 : 8;
	clfftMpiPlanHandle h = 0;
	clfftStatus st = create(s, &h);
	if (!sameEverywhere(st)) res.fail(std::string(what) + ": create status differs between ranks");
	if (st != CLFFT_SUCCESS) {
		res.fail(std::string(what) + ": create " + statusName(st));
		return;
	}
	size_t ln0, s0, ln1, s1, alloc;
	clfftMpiGetPlanLayout(h, &ln0, &s0, &ln1, &s1, &alloc);
	// The query functions agree with the plan.
	size_t qn0, qs0, qn1, qs1, qa;
	if (s.H != 1)
		clfftMpiLocalSizeManyTransposed(s.dims, N, s.H, MPI_COMM_WORLD, &qn0, &qs0, &qn1, &qs1, &qa);
	else if (s.dims == 3)
		clfftMpiLocalSize3DTransposed(N[0], N[1], N[2], MPI_COMM_WORLD, &qn0, &qs0, &qn1, &qs1, &qa);
	else
		clfftMpiLocalSize2DTransposed(N[0], N[1], MPI_COMM_WORLD, &qn0, &qs0, &qn1, &qs1, &qa);
	if (qn0 != ln0 || qs0 != s0 || qn1 != ln1 || qs1 != s1 || qa != alloc) res.fail(std::string(what) + ": layout query");

	const bool tin = s.flags & CLFFT_MPI_TRANSPOSED_IN, tout = s.flags & CLFFT_MPI_TRANSPOSED_OUT;
	std::vector<double> mine = s.kind == CLFFT_MPI_R2C ? sliceReal(s, rin, ln0, s0) : sliceComplex(cin, N, tin, ln0, s0, ln1, s1, s.H);
	cl_mem in = upload(mine, alloc * es, dbl);
	cl_mem out = s.place == CLFFT_INPLACE ? in : upload({}, alloc * es, dbl);
	st = clfftMpiExecute(h, in, out);
	if (!sameEverywhere(st)) res.fail(std::string(what) + ": execute status differs between ranks");
	if (st != CLFFT_SUCCESS) res.fail(std::string(what) + ": execute " + statusName(st));

	std::vector<double> got, want;
	if (s.kind == CLFFT_MPI_C2R) {
		const size_t realCount = s.n[0] * s.n[1] * (s.dims == 3 ? s.n[2] : 1) * s.H;
		std::vector<double> ref = fftwC2R(s, cin, realCount);
		want = sliceReal(s, ref, ln0, s0);
		got = download(out, want.size(), dbl);
		// The padding of the rows is not part of the result.
		const size_t last = s.n[s.dims - 1], padded = 2 * (last / 2 + 1);
		for (size_t i = 0; i < want.size(); ++i)
			if (i / s.H % padded >= last) got[i] = want[i] = 0;
	} else {
		std::vector<cd> ref = s.kind == CLFFT_MPI_R2C ? fftwR2C(s, rin, N[0] * N[1] * N[2] * s.H)
		                                              : fftwComplex(s, cin, s.dir == CLFFT_FORWARD ? -1 : 1);
		want = sliceComplex(ref, N, tout, ln0, s0, ln1, s1, s.H);
		got = download(out, want.size(), dbl);
	}
	// An out-of-place plan leaves its input alone.
	if (s.place == CLFFT_OUTOFPLACE && st == CLFFT_SUCCESS) {
		std::vector<double> again = download(in, mine.size(), dbl);
		for (size_t i = 0; i < mine.size(); ++i)
			if (std::fabs(again[i] - (dbl ? mine[i] : double(float(mine[i])))) > 0) {
				res.fail(std::string(what) + ": input changed");
				break;
			}
	}
	const double e = relError(got, want);
	char buf[160];
	std::snprintf(buf, sizeof buf, "%s err %.2e", what, e);
	if (!res.note.empty()) res.note += "; ";
	res.note += buf;
	if (!(e <= tol)) res.fail(std::string(what) + ": error above tolerance");
	if (out != in) clReleaseMemObject(out);
	clReleaseMemObject(in);
	clfftMpiDestroyPlan(&h);
}

double tolFor(clfftPrecision p) { return p == CLFFT_DOUBLE ? 1e-12 : 2e-5; }

std::vector<cd> randomComplex(size_t count, unsigned salt)
{
	std::vector<cd> v(count);
	for (size_t i = 0; i < count; ++i) v[i] = cd(noise(2 * i, salt), noise(2 * i + 1, salt));
	return v;
}

Result c2c(const Spec& s)
{
	Result r;
	size_t N[3];
	complexDims(s, N);
	checkOne(s, randomComplex(N[0] * N[1] * N[2] * s.H, 7), {}, r, tolFor(s.prec), "c2c");
	return r;
}

// Forward with TRANSPOSED_OUT, then backward with TRANSPOSED_IN on its output: each step
// against FFTW.
Result roundTrip(Spec s)
{
	Result r;
	size_t N[3];
	complexDims(s, N);
	std::vector<cd> x = randomComplex(N[0] * N[1] * N[2] * s.H, 11);
	s.flags = CLFFT_MPI_TRANSPOSED_OUT;
	s.dir = CLFFT_FORWARD;
	checkOne(s, x, {}, r, tolFor(s.prec), "fwd/T_OUT");
	s.flags = CLFFT_MPI_TRANSPOSED_IN;
	s.dir = CLFFT_BACKWARD;
	checkOne(s, fftwComplex(s, x, -1), {}, r, tolFor(s.prec), "bwd/T_IN");
	return r;
}

// R2C of a real array, then C2R of FFTW's spectrum of it; flags as given (TRANSPOSED_OUT goes to
// the R2C plan and becomes TRANSPOSED_IN for the C2R plan).
Result real(Spec s)
{
	Result r;
	const size_t count = s.n[0] * s.n[1] * (s.dims == 3 ? s.n[2] : 1) * s.H;
	std::vector<double> x(count);
	for (size_t i = 0; i < count; ++i) x[i] = noise(i, 5);
	const unsigned t = s.flags;
	s.kind = CLFFT_MPI_R2C;
	checkOne(s, {}, x, r, tolFor(s.prec), "r2c");
	size_t N[3];
	complexDims(s, N);
	std::vector<cd> spectrum = fftwR2C(s, x, N[0] * N[1] * N[2] * s.H);
	s.kind = CLFFT_MPI_C2R;
	s.flags = t & CLFFT_MPI_TRANSPOSED_OUT ? CLFFT_MPI_TRANSPOSED_IN : 0;
	checkOne(s, spectrum, {}, r, tolFor(s.prec) * 4, "c2r");
	return r;
}

// Collective errors: arguments that differ between ranks, a bad argument on one rank, a buffer
// too small on one rank. Every rank must return the same (expected) status, nobody may hang.
Result errors()
{
	Result r;
	auto expect = [&](const char* what, clfftStatus st, clfftStatus want) {
		if (!sameEverywhere(st)) r.fail(std::string(what) + ": status differs between ranks");
		if (st != want) r.fail(std::string(what) + ": got " + statusName(st) + ", want " + statusName(want));
	};
	const int last = gSize - 1;
	Spec s{3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE};
	clfftMpiPlanHandle h = 0;
	if (gSize > 1) {
		Spec t = s;
		if (gRank == 0) t.n[0] = 11; // rank 0 disagrees on n0
		expect("sizes differ", create(t, &h), CLFFT_INVALID_ARG_VALUE);
		t = s;
		if (gRank == last) t.flags = CLFFT_MPI_TRANSPOSED_OUT; // the last rank disagrees on flags
		expect("flags differ", create(t, &h), CLFFT_INVALID_ARG_VALUE);
		t = s;
		if (gRank == last) t.prec = CLFFT_DOUBLE;
		expect("precision differs", create(t, &h), CLFFT_INVALID_ARG_VALUE);
	}
	// A NULL lengths array on the last rank only.
	clfftStatus st = clfftMpiCreatePlan(&h, MPI_COMM_WORLD, gCtx, gQueue, CLFFT_3D, gRank == last ? nullptr : s.n,
	                                    s.kind, s.prec, s.dir, s.flags, s.place);
	expect("NULL lengths on one rank", st, CLFFT_INVALID_HOST_PTR);
	Spec t = s;
	t.kind = CLFFT_MPI_R2C;
	t.flags = CLFFT_MPI_TRANSPOSED_IN;
	expect("R2C with TRANSPOSED_IN", create(t, &h), CLFFT_NOTIMPLEMENTED);
	t = s;
	t.n[1] = 0;
	expect("zero length", create(t, &h), CLFFT_INVALID_ARG_VALUE);
	expect("howmany 0", clfftMpiCreatePlanMany(&h, MPI_COMM_WORLD, gCtx, gQueue, CLFFT_3D, s.n, 0, s.kind, s.prec,
	                                           s.dir, s.flags, s.place),
	       CLFFT_INVALID_ARG_VALUE);
	if (gSize > 1)
		expect("howmany differs", clfftMpiCreatePlanMany(&h, MPI_COMM_WORLD, gCtx, gQueue, CLFFT_3D, s.n,
		                                                 gRank == 0 ? 2 : 3, s.kind, s.prec, s.dir, s.flags, s.place),
		       CLFFT_INVALID_ARG_VALUE);

	// Pencil plans: rows that do not divide P (every rank), rows differing between ranks.
	const size_t pl[3] = {10, 6, 5};
	expect("pencil rows not dividing P",
	       clfftMpiCreatePencilPlan(&h, MPI_COMM_WORLD, gCtx, gQueue, pl, gSize + 1, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD,
	                                CLFFT_OUTOFPLACE),
	       CLFFT_INVALID_ARG_VALUE);
	expect("pencil howmany 0",
	       clfftMpiCreatePencilPlanMany(&h, MPI_COMM_WORLD, gCtx, gQueue, pl, 0, 0, CLFFT_MPI_C2C, CLFFT_SINGLE,
	                                    CLFFT_FORWARD, CLFFT_OUTOFPLACE),
	       CLFFT_INVALID_ARG_VALUE);
	if (gSize > 1)
		expect("pencil howmany differs",
		       clfftMpiCreatePencilPlanMany(&h, MPI_COMM_WORLD, gCtx, gQueue, pl, gRank == 0 ? 1 : 2, 0, CLFFT_MPI_C2C,
		                                    CLFFT_SINGLE, CLFFT_FORWARD, CLFFT_OUTOFPLACE),
		       CLFFT_INVALID_ARG_VALUE);
	if (gSize == 4)
		expect("pencil rows differ",
		       clfftMpiCreatePencilPlan(&h, MPI_COMM_WORLD, gCtx, gQueue, pl, gRank == 0 ? 1 : 2, CLFFT_MPI_C2C, CLFFT_SINGLE,
		                                CLFFT_FORWARD, CLFFT_OUTOFPLACE),
		       CLFFT_INVALID_ARG_VALUE);

	// Execute: a buffer too small on the last rank (it holds 2 rows of 10 on any split), then a
	// NULL output on rank 0; the plan still works afterwards.
	st = create(s, &h);
	expect("valid plan", st, CLFFT_SUCCESS);
	if (st != CLFFT_SUCCESS) return r;
	size_t alloc;
	clfftMpiGetPlanLayout(h, nullptr, nullptr, nullptr, nullptr, &alloc);
	cl_int err;
	cl_mem good = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, alloc * 8, nullptr, &err);
	cl_mem out = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, alloc * 8, nullptr, &err);
	cl_mem tiny = clCreateBuffer(gCtx, CL_MEM_READ_WRITE, 8, nullptr, &err);
	expect("small buffer on one rank", clfftMpiExecute(h, gRank == last ? tiny : good, out), CLFFT_INVALID_BUFFER_SIZE);
	expect("NULL output on rank 0", clfftMpiExecute(h, good, gRank == 0 ? nullptr : out), CLFFT_INVALID_MEM_OBJECT);
	expect("execute after errors", clfftMpiExecute(h, good, out), CLFFT_SUCCESS);
	cl_ulong sent = 0, kept = 0;
	clfftMpiGetTraffic(h, &sent, &kept);
	// Two global transposes of the whole 10x6x5 array of 8-byte elements: together the ranks
	// keep or send it twice (one rank alone runs one local 3D plan: no transpose at all).
	unsigned long long mine = sent + kept, all = 0;
	MPI_Allreduce(&mine, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
	const unsigned long long want = gSize == 1 ? 0 : 2ull * 300 * 8;
	if (all != want) r.fail("traffic " + std::to_string(all) + " bytes, want " + std::to_string(want));
	clfftMpiPlanHandle copy = h;
	expect("destroy", clfftMpiDestroyPlan(&h), CLFFT_SUCCESS);
	expect("execute destroyed", clfftMpiExecute(copy, good, out), CLFFT_INVALID_PLAN);
	expect("destroy twice", clfftMpiDestroyPlan(&copy), CLFFT_INVALID_PLAN);
	// Queries.
	size_t a = 0;
	expect("query zero", clfftMpiLocalSize2D(0, 4, MPI_COMM_WORLD, nullptr, nullptr, &a), CLFFT_INVALID_ARG_VALUE);
	expect("query NULL alloc", clfftMpiLocalSize2D(4, 4, MPI_COMM_WORLD, nullptr, nullptr, nullptr),
	       CLFFT_INVALID_HOST_PTR);
	expect("query COMM_NULL", clfftMpiLocalSize2D(4, 4, MPI_COMM_NULL, nullptr, nullptr, &a), CLFFT_INVALID_VALUE);
	clReleaseMemObject(good);
	clReleaseMemObject(out);
	clReleaseMemObject(tiny);
	return r;
}

// The distribution: blocks of ceil(n / P), empty ranks at the end, alloc = max of both layouts.
Result queries()
{
	Result r;
	size_t n0, s0, n1, s1, a;
	clfftMpiLocalSize3DTransposed(10, 4, 3, MPI_COMM_WORLD, &n0, &s0, &n1, &s1, &a);
	const size_t b0 = (10 + gSize - 1) / gSize, b1 = (4 + gSize - 1) / gSize;
	const size_t e0 = std::min<size_t>(10, (gRank + 1) * b0) - std::min<size_t>(10, gRank * b0);
	const size_t e1 = std::min<size_t>(4, (gRank + 1) * b1) - std::min<size_t>(4, gRank * b1);
	if (n0 != e0 || s0 != std::min<size_t>(10, gRank * b0) || n1 != e1 || a != std::max<size_t>({e0 * 12, e1 * 30, 1}))
		r.fail("3D transposed query");
	unsigned long long rows = n0, total = 0;
	MPI_Allreduce(&rows, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (total != 10) r.fail("rows do not add up");
	const size_t n[3] = {10, 4, 3};
	size_t m0, ms0, ma;
	clfftMpiLocalSizeMany(3, n, 2, MPI_COMM_WORLD, &m0, &ms0, &ma);
	if (m0 != n0 || ms0 != s0 || ma != std::max<size_t>({e0 * 24, e1 * 60, 1})) r.fail("howmany query");
	size_t pa1 = 0, pa3 = 0, pz[3], pn[3];
	clfftMpiLocalSize3DPencils(10, 6, 5, MPI_COMM_WORLD, 0, pz, pn, pz, pn, &pa1);
	clfftMpiLocalSize3DPencilsMany(10, 6, 5, 3, MPI_COMM_WORLD, 0, pz, pn, pz, pn, &pa3);
	if (pa3 != std::max<size_t>(3 * pa1, 1) && !(pa1 == 1 && pa3 == 1)) r.fail("howmany pencil query");
	// Pencils: on 4 ranks the default grid is 2 x 2, rank 3 at (1, 1).
	size_t zs[3], zn[3], xs[3], xn[3];
	clfftMpiLocalSize3DPencils(10, 6, 5, MPI_COMM_WORLD, 0, zs, zn, xs, xn, &a);
	if (gSize == 4 && gRank == 3 &&
	    !(zs[0] == 5 && zn[0] == 5 && zs[1] == 3 && zn[1] == 3 && zn[2] == 5 && xn[0] == 10 && xs[1] == 3 && xn[1] == 3 &&
	      xs[2] == 3 && xn[2] == 2 && a == 5 * 3 * 5))
		r.fail("2 x 2 pencil query");
	return r;
}

// A row-major box [lo, lo + n) of the global complex array N0 x N1 x N2 (H interleaved).
std::vector<double> sliceBox(const std::vector<cd>& g, const size_t N[3], const size_t lo[3], const size_t n[3],
                             size_t H = 1)
{
	std::vector<double> v;
	for (size_t i = lo[0]; i < lo[0] + n[0]; ++i)
		for (size_t j = lo[1]; j < lo[1] + n[1]; ++j)
			for (size_t k = lo[2]; k < lo[2] + n[2]; ++k)
				for (size_t h = 0; h < H; ++h) {
					const cd z = g[((i * N[1] + j) * N[2] + k) * H + h];
					v.push_back(z.real());
					v.push_back(z.imag());
				}
	return v;
}

// Pencil queries and plans, through the howmany forms when H > 1.
clfftStatus pencilQuery(size_t n0, size_t n1, size_t n2, size_t H, int rows, size_t zs[3], size_t zn[3], size_t xs[3],
                        size_t xn[3], size_t* alloc)
{
	if (H == 1) return clfftMpiLocalSize3DPencils(n0, n1, n2, MPI_COMM_WORLD, rows, zs, zn, xs, xn, alloc);
	return clfftMpiLocalSize3DPencilsMany(n0, n1, n2, H, MPI_COMM_WORLD, rows, zs, zn, xs, xn, alloc);
}

clfftStatus pencilPlan(clfftMpiPlanHandle* h, const size_t lengths[3], size_t H, int rows, clfftMpiKind kind,
                       clfftPrecision prec, clfftDirection dir, clfftResultLocation place)
{
	if (H == 1) return clfftMpiCreatePencilPlan(h, MPI_COMM_WORLD, gCtx, gQueue, lengths, rows, kind, prec, dir, place);
	return clfftMpiCreatePencilPlanMany(h, MPI_COMM_WORLD, gCtx, gQueue, lengths, H, rows, kind, prec, dir, place);
}

// Pencil plans on a rows x (P / rows) grid (rows 0: the library's choice): forward z -> x and
// backward x -> z, each against FFTW on the whole array.
Result pencils(size_t n0, size_t n1, size_t n2, int rows, clfftPrecision prec, clfftResultLocation place,
               size_t H = 1)
{
	Result r;
	const size_t N[3] = {n0, n1, n2};
	const bool dbl = prec == CLFFT_DOUBLE;
	const size_t es = dbl ? 16 : 8;
	size_t zs[3], zn[3], xs[3], xn[3], alloc;
	clfftStatus st = pencilQuery(n0, n1, n2, H, rows, zs, zn, xs, xn, &alloc);
	if (st != CLFFT_SUCCESS) {
		r.fail(std::string("pencil query ") + statusName(st));
		return r;
	}
	unsigned long long vol[2] = {zn[0] * zn[1] * zn[2], xn[0] * xn[1] * xn[2]}, tot[2];
	MPI_Allreduce(vol, tot, 2, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
	if (tot[0] != n0 * n1 * n2 || tot[1] != n0 * n1 * n2) r.fail("pencil boxes do not cover the array");
	for (int pass = 0; pass < 2; ++pass) {
		const bool fwd = pass == 0;
		const char* what = fwd ? "fwd z->x" : "bwd x->z";
		std::vector<cd> x = randomComplex(n0 * n1 * n2 * H, fwd ? 13 : 17);
		clfftMpiPlanHandle h = 0;
		const size_t lengths[3] = {n0, n1, n2};
		st = pencilPlan(&h, lengths, H, rows, CLFFT_MPI_C2C, prec, fwd ? CLFFT_FORWARD : CLFFT_BACKWARD, place);
		if (!sameEverywhere(st)) r.fail(std::string(what) + ": create status differs between ranks");
		if (st != CLFFT_SUCCESS) {
			r.fail(std::string(what) + ": create " + statusName(st));
			return r;
		}
		std::vector<double> mine = fwd ? sliceBox(x, N, zs, zn, H) : sliceBox(x, N, xs, xn, H);
		cl_mem in = upload(mine, alloc * es, dbl);
		cl_mem out = place == CLFFT_INPLACE ? in : upload({}, alloc * es, dbl);
		st = clfftMpiExecute(h, in, out);
		if (!sameEverywhere(st)) r.fail(std::string(what) + ": execute status differs between ranks");
		if (st != CLFFT_SUCCESS) r.fail(std::string(what) + ": execute " + statusName(st));
		Spec s{3, {n0, n1, n2}, CLFFT_MPI_C2C, prec, CLFFT_FORWARD, 0, place, H};
		std::vector<cd> ref = fftwComplex(s, x, fwd ? -1 : 1);
		std::vector<double> want = fwd ? sliceBox(ref, N, xs, xn, H) : sliceBox(ref, N, zs, zn, H);
		std::vector<double> got = download(out, want.size(), dbl);
		const double e = relError(got, want);
		char buf[120];
		std::snprintf(buf, sizeof buf, "%s err %.2e", what, e);
		if (!r.note.empty()) r.note += "; ";
		r.note += buf;
		if (!(e <= tolFor(prec))) r.fail(std::string(what) + ": error above tolerance");
		if (out != in) clReleaseMemObject(out);
		clReleaseMemObject(in);
		clfftMpiDestroyPlan(&h);
	}
	return r;
}

// One rank's bake fails (it runs under tests/support/device_limits_shim with fp64=0; see
// CMakeLists.txt): a double plan must fail with CLFFT_DEVICE_NO_DOUBLE on every rank, nobody left
// waiting, and single-precision plans keep working afterwards.
Result bakeFailsOnOneRank()
{
	Result r;
	int mine = gLocalDouble ? 1 : 0, all = 0;
	MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	if (all == 1) {
		r.fail("every rank has fp64: run this case with one rank under the fp64=0 shim");
		return r;
	}
	Spec s{3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE};
	clfftMpiPlanHandle h = 0;
	clfftStatus st = create(s, &h);
	if (!sameEverywhere(st)) r.fail("create status differs between ranks");
	if (st != CLFFT_DEVICE_NO_DOUBLE) r.fail(std::string("create: got ") + statusName(st) + ", want CLFFT_DEVICE_NO_DOUBLE");
	if (st == CLFFT_SUCCESS) clfftMpiDestroyPlan(&h);
	s.prec = CLFFT_SINGLE;
	Result after = c2c(s);
	if (!after.ok) r.fail("single precision after the failed bake: " + after.note);
	return r;
}

// Real pencils: R2C z (real, padded rows) -> x (complex), then C2R x -> z, each against FFTW
// on the whole array. Boxes are those of the complex array n0 x n1 x (n2/2+1).
Result realPencils(size_t n0, size_t n1, size_t n2, int rows, clfftPrecision prec, clfftResultLocation place,
                   size_t H = 1)
{
	Result r;
	const size_t n2c = n2 / 2 + 1, padded = 2 * n2c, N[3] = {n0, n1, n2c};
	const bool dbl = prec == CLFFT_DOUBLE;
	const size_t es = dbl ? 16 : 8;
	size_t zs[3], zn[3], xs[3], xn[3], alloc;
	clfftStatus st = pencilQuery(n0, n1, n2c, H, rows, zs, zn, xs, xn, &alloc);
	if (st != CLFFT_SUCCESS) {
		r.fail(std::string("pencil query ") + statusName(st));
		return r;
	}
	std::vector<double> x(n0 * n1 * n2 * H);
	for (size_t i = 0; i < x.size(); ++i) x[i] = noise(i, 23);
	Spec s{3, {n0, n1, n2}, CLFFT_MPI_R2C, prec, CLFFT_FORWARD, 0, place, H};
	const std::vector<cd> spectrum = fftwR2C(s, x, n0 * n1 * n2c * H);
	// The real z box: its rows of n2 reals, padded (H interleaved).
	auto realBox = [&](const std::vector<double>& g) {
		std::vector<double> v;
		for (size_t i = zs[0]; i < zs[0] + zn[0]; ++i)
			for (size_t j = zs[1]; j < zs[1] + zn[1]; ++j)
				for (size_t k = 0; k < padded; ++k)
					for (size_t h = 0; h < H; ++h) v.push_back(k < n2 ? g[((i * n1 + j) * n2 + k) * H + h] : 0.0);
		return v;
	};
	for (int pass = 0; pass < 2; ++pass) {
		const bool fwd = pass == 0;
		const char* what = fwd ? "r2c z->x" : "c2r x->z";
		clfftMpiPlanHandle h = 0;
		const size_t lengths[3] = {n0, n1, n2};
		st = pencilPlan(&h, lengths, H, rows, fwd ? CLFFT_MPI_R2C : CLFFT_MPI_C2R, prec, CLFFT_FORWARD, place);
		if (!sameEverywhere(st)) r.fail(std::string(what) + ": create status differs between ranks");
		if (st != CLFFT_SUCCESS) {
			r.fail(std::string(what) + ": create " + statusName(st));
			return r;
		}
		std::vector<double> mine = fwd ? realBox(x) : sliceBox(spectrum, N, xs, xn, H);
		cl_mem in = upload(mine, alloc * es, dbl);
		cl_mem out = place == CLFFT_INPLACE ? in : upload({}, alloc * es, dbl);
		st = clfftMpiExecute(h, in, out);
		if (!sameEverywhere(st)) r.fail(std::string(what) + ": execute status differs between ranks");
		if (st != CLFFT_SUCCESS) r.fail(std::string(what) + ": execute " + statusName(st));
		std::vector<double> want, got;
		if (fwd) {
			want = sliceBox(spectrum, N, xs, xn, H);
			got = download(out, want.size(), dbl);
		} else {
			want = realBox(fftwC2R(s, spectrum, n0 * n1 * n2 * H));
			got = download(out, want.size(), dbl);
			for (size_t i = 0; i < want.size(); ++i)
				if (i / H % padded >= n2) got[i] = want[i] = 0;
		}
		const double e = relError(got, want);
		char buf[120];
		std::snprintf(buf, sizeof buf, "%s err %.2e", what, e);
		if (!r.note.empty()) r.note += "; ";
		r.note += buf;
		if (!(e <= tolFor(prec) * 4)) r.fail(std::string(what) + ": error above tolerance");
		if (out != in) clReleaseMemObject(out);
		clReleaseMemObject(in);
		clfftMpiDestroyPlan(&h);
	}
	return r;
}

struct Case
{
	const char* name;
	std::function<Result()> run;
	bool needsDouble;
	bool onRequest = false; // only when named on the command line
};

const std::vector<Case> kCases = {
	{"queries", queries, false},
	// n0 = 10: 10 over 3 ranks is 4, 4, 2; over 4 ranks 3, 3, 3, 1.
	{"c2c3d_single_fwd", [] { return c2c({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false},
	{"c2c3d_single_bwd_inplace", [] { return c2c({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_BACKWARD, 0, CLFFT_INPLACE}); }, false},
	// n0 = 4 over 3 ranks: 2, 2, 0 (a rank without rows); n1 = 2 over 3 or 4: empty ranks too.
	{"c2c2d_single_empty_rank", [] { return c2c({2, {4, 2}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false},
	{"c2c2d_double", [] { return c2c({2, {12, 10}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_FORWARD, 0, CLFFT_INPLACE}); }, true},
	{"c2c3d_double_tout", [] { return c2c({3, {6, 4, 8}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_BACKWARD, CLFFT_MPI_TRANSPOSED_OUT, CLFFT_OUTOFPLACE}); }, true},
	{"c2c3d_single_tin_tout", [] { return c2c({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_IN | CLFFT_MPI_TRANSPOSED_OUT, CLFFT_OUTOFPLACE}); }, false},
	{"roundtrip3d_single", [] { return roundTrip({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_INPLACE}); }, false},
	{"roundtrip2d_double", [] { return roundTrip({2, {10, 6}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, true},
	{"real3d_single", [] { return real({3, {10, 6, 8}, CLFFT_MPI_R2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false},
	{"real3d_single_inplace_t", [] { return real({3, {10, 6, 8}, CLFFT_MPI_R2C, CLFFT_SINGLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_OUT, CLFFT_INPLACE}); }, false},
	{"real2d_double_t", [] { return real({2, {10, 12}, CLFFT_MPI_R2C, CLFFT_DOUBLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_OUT, CLFFT_OUTOFPLACE}); }, true},
	// Pencils: 2 x 2 on 4 ranks, 1 x P otherwise (the library's choice), and P x 1 (10 rows over
	// 4: 3, 3, 3, 1; n1 = 6 over 4 leaves a rank without x pencils).
	{"pencils3d_single", [] { return pencils(10, 6, 5, 0, CLFFT_SINGLE, CLFFT_OUTOFPLACE); }, false},
	{"pencils3d_double_rows", [] { return pencils(10, 6, 4, gSize, CLFFT_DOUBLE, CLFFT_INPLACE); }, true},
	{"pencils3d_real_single", [] { return realPencils(10, 6, 8, 0, CLFFT_SINGLE, CLFFT_OUTOFPLACE); }, false},
	{"pencils3d_real_double_inplace", [] { return realPencils(6, 10, 6, gSize, CLFFT_DOUBLE, CLFFT_INPLACE); }, true},
	// Received rows (local_n1 N2 elements) of 1 KiB multiples: n1 = 8 over 1, 2 and 4 ranks (8, 4
	// and 2 rows of 512 B), over 3 only the last rank's 2 rows (the others have 3): on mapped CPU
	// devices the received layout's rows are padded there (finishLocal), ranks with and without
	// padding side by side. The round trip 128 x 4 x 64: local transposes of runs of 512 bytes, 64
	// KiB per local_n1 index, go as one rectangle copy per index (padded rows on 1 to 3 ranks).
	{"c2c3d_single_padded", [] { return c2c({3, {6, 8, 64}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false},
	{"roundtrip3d_single_padded", [] { return roundTrip({3, {128, 4, 64}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false},
	{"c2c3d_double_padded", [] { return c2c({3, {6, 8, 64}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_BACKWARD, CLFFT_MPI_TRANSPOSED_IN, CLFFT_INPLACE}); }, true},
	// howmany > 1 (clfftMpiCreatePlanMany): H interleaved transforms, against FFTW's plan_many on
	// the whole array; the same uneven splits (n0 = 10, n1 = 6 over 4 leaves a rank without
	// transposed rows).
	{"many_c2c3d_single", [] { return c2c({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE, 2}); }, false},
	{"many_c2c3d_single_bwd_inplace", [] { return c2c({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_BACKWARD, 0, CLFFT_INPLACE, 3}); }, false},
	{"many_c2c2d_double_tin_tout", [] { return c2c({2, {10, 6}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_IN | CLFFT_MPI_TRANSPOSED_OUT, CLFFT_OUTOFPLACE, 3}); }, true},
	{"many_roundtrip3d_single", [] { return roundTrip({3, {10, 6, 5}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_INPLACE, 2}); }, false},
	{"many_real3d_single", [] { return real({3, {10, 6, 8}, CLFFT_MPI_R2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE, 3}); }, false},
	{"many_pencils3d_single", [] { return pencils(10, 6, 5, 0, CLFFT_SINGLE, CLFFT_OUTOFPLACE, 3); }, false},
	{"many_pencils3d_double_rows", [] { return pencils(10, 6, 4, gSize, CLFFT_DOUBLE, CLFFT_INPLACE, 2); }, true},
	{"many_pencils3d_real_single", [] { return realPencils(10, 6, 8, 0, CLFFT_SINGLE, CLFFT_OUTOFPLACE, 2); }, false},
	{"many_pencils3d_real_double_inplace", [] { return realPencils(6, 10, 6, gSize, CLFFT_DOUBLE, CLFFT_INPLACE, 3); }, true},
	{"many_real2d_double_t", [] { return real({2, {10, 12}, CLFFT_MPI_R2C, CLFFT_DOUBLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_OUT, CLFFT_INPLACE, 2}); }, true},
	{"errors", errors, false},
	{"bake_fails_on_one_rank", bakeFailsOnOneRank, false, true},
	// Larger arrays (CTest label long): other kernel shapes, many rows per rank.
	{"large_c2c3d", [] { return c2c({3, {48, 40, 36}, CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false, true},
	{"large_roundtrip3d_double", [] { return roundTrip({3, {30, 44, 24}, CLFFT_MPI_C2C, CLFFT_DOUBLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, true, true},
	{"large_real3d", [] { return real({3, {40, 36, 50}, CLFFT_MPI_R2C, CLFFT_SINGLE, CLFFT_FORWARD, 0, CLFFT_OUTOFPLACE}); }, false, true},
	{"large_pencils", [] { return pencils(36, 30, 40, 0, CLFFT_SINGLE, CLFFT_OUTOFPLACE); }, false, true},
};

} // namespace

int main(int argc, char** argv)
{
	const cl_device_id device = startRank(&argc, &argv, gRank, gSize, gCtx, gQueue);
	cl_device_fp_config fp = 0;
	clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, nullptr);
	gLocalDouble = fp != 0;
	// Cases that need fp64 run only where every rank has it (ranks must agree on what runs).
	int d = gLocalDouble ? 1 : 0, dAll = 0;
	MPI_Allreduce(&d, &dAll, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
	gHasDouble = dAll == 1;

	std::vector<std::string> wanted(argv + 1, argv + argc);
	int failures = 0, ran = 0;
	for (const Case& c : kCases) {
		const bool named = std::find(wanted.begin(), wanted.end(), c.name) != wanted.end();
		if ((!wanted.empty() || c.onRequest) && !named) continue;
		++ran;
		if (c.needsDouble && !gHasDouble) {
			// Not silent: the device has no fp64, so the case cannot run here.
			if (gRank == 0) std::printf("SKIP %-28s np=%d: a device without fp64\n", c.name, gSize);
			continue;
		}
		const double t0 = MPI_Wtime();
		Result r = c.run();
		int ok = r.ok ? 1 : 0, all = 0;
		MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
		if (!r.ok) std::fprintf(stderr, "rank %d: %s: %s\n", gRank, c.name, r.note.c_str());
		if (gRank == 0)
			std::printf("%s %-28s np=%d %.1f s  %s\n", all ? "PASS" : "FAIL", c.name, gSize, MPI_Wtime() - t0,
			            r.note.c_str());
		std::fflush(stdout);
		if (!all) ++failures;
	}
	if (ran == 0) {
		if (gRank == 0) std::printf("FAIL: no case matched\n");
		failures = 1;
	}
	clReleaseCommandQueue(gQueue);
	clReleaseContext(gCtx);
	MPI_Finalize();
	return failures ? 1 : 0;
}
