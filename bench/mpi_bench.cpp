// mpi-bench: one distributed 3D transform through libclFFT-mpi and through FFTW-MPI, on the same
// ranks, single precision, out of place, alternating rounds. Prints one line per library on
// rank 0: median time (the slowest rank of each round), the bytes each rank sent through MPI
// beside the minimum, and with CLFFT_MPI_PROFILE=1 where our time went.
//
//   mpirun -np P mpi-bench [--kind c2c|r2c] [--n N0xN1xN2] [--reps R] [--threads T] [--tout]
//                          [--pencils] [--no-fftw]
//
// --threads: FFTW's threads per rank (our PoCL's are set with POCL_MAX_PTHREAD_COUNT);
// --tout: both with TRANSPOSED_OUT (one global transpose less); --pencils: ours on the default
// pencil grid (c2c, z pencils in, x pencils out; FFTW-MPI stays on slabs, with TRANSPOSED_OUT);
// --no-fftw: ours only (for the CLFFT_MPI_PROFILE runs).
#include "clFFT-mpi.h"
#include "cl_device_select.h"

#include <fftw3-mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v.empty() ? 0 : v[v.size() / 2];
}

double slowest(double t)
{
	double m = 0;
	MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	return m;
}

} // namespace

int main(int argc, char** argv)
{
	MPI_Init(&argc, &argv);
	int rank = 0, size = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	bool real = false, tout = false, withFftw = true, pencils = false;
	size_t n[3] = {256, 256, 256};
	int reps = 5, threads = 1;
	for (int i = 1; i < argc; ++i) {
		std::string a = argv[i];
		const char* v = i + 1 < argc ? argv[i + 1] : "";
		if (a == "--kind") {
			real = std::strcmp(v, "r2c") == 0;
			++i;
		} else if (a == "--n") {
			if (std::sscanf(v, "%zux%zux%zu", &n[0], &n[1], &n[2]) != 3) {
				if (rank == 0) std::fprintf(stderr, "bad --n %s\n", v);
				MPI_Abort(MPI_COMM_WORLD, 2);
			}
			++i;
		} else if (a == "--reps") {
			reps = std::max(1, std::atoi(v));
			++i;
		} else if (a == "--threads") {
			threads = std::max(1, std::atoi(v));
			++i;
		} else if (a == "--tout") {
			tout = true;
		} else if (a == "--no-fftw") {
			withFftw = false;
		} else if (a == "--pencils") {
			pencils = true;
			tout = true;
			real = false;
		} else {
			if (rank == 0) std::fprintf(stderr, "unknown option %s\n", a.c_str());
			MPI_Abort(MPI_COMM_WORLD, 2);
		}
	}
	const size_t n2c = real ? n[2] / 2 + 1 : n[2];
	const double complexBytes = double(n[0]) * n[1] * n2c * 8;

	// ---- ours ----
	cl_platform_id platform;
	cl_device_id device;
	unsigned pi, di;
	char err[256];
	if (clfft_select_device(&platform, &device, &pi, &di, err, sizeof err) != 0) {
		std::fprintf(stderr, "%s\n", err);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	cl_int e;
	cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &e);
	cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &e);
	clfftMpiPlanHandle plan = 0;
	double t0 = MPI_Wtime();
	clfftStatus st = pencils ? clfftMpiCreatePencilPlan(&plan, MPI_COMM_WORLD, ctx, q, n, 0, CLFFT_MPI_C2C, CLFFT_SINGLE,
	                                                    CLFFT_FORWARD, CLFFT_OUTOFPLACE)
	                         : clfftMpiCreatePlan(&plan, MPI_COMM_WORLD, ctx, q, CLFFT_3D, n,
	                                              real ? CLFFT_MPI_R2C : CLFFT_MPI_C2C, CLFFT_SINGLE, CLFFT_FORWARD,
	                                              tout ? CLFFT_MPI_TRANSPOSED_OUT : 0, CLFFT_OUTOFPLACE);
	const double ourPlan = slowest(MPI_Wtime() - t0);
	if (st != CLFFT_SUCCESS) {
		if (rank == 0) std::fprintf(stderr, "clfftMpiCreatePlan: %d\n", int(st));
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	size_t alloc = 0, zn[3] = {0, 0, 0};
	clfftMpiGetPlanLayout(plan, nullptr, nullptr, nullptr, nullptr, &alloc);
	int rows = 1;
	if (pencils) {
		size_t scratch[3], xn[3], a2;
		clfftMpiLocalSize3DPencils(n[0], n[1], n[2], MPI_COMM_WORLD, 0, scratch, zn, scratch, xn, &a2);
		for (int d = 1; d * d <= size; ++d)
			if (size % d == 0) rows = d;
	}
	std::vector<float> host(2 * alloc);
	for (size_t i = 0; i < host.size(); ++i) host[i] = float((i * 7919 + size_t(rank) * 104729) % 1000) / 1000.0f;
	cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, alloc * 8, nullptr, &e);
	cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, alloc * 8, nullptr, &e);
	clEnqueueWriteBuffer(q, in, CL_TRUE, 0, alloc * 8, host.data(), 0, nullptr, nullptr);

	// ---- FFTW-MPI ----
	fftwf_init_threads();
	fftwf_mpi_init();
	fftwf_plan_with_nthreads(threads);
	fftwf_set_timelimit(30.0);
	ptrdiff_t ln0, s0, ln1, s1;
	const ptrdiff_t fa = fftwf_mpi_local_size_3d_transposed(ptrdiff_t(n[0]), ptrdiff_t(n[1]), ptrdiff_t(n2c),
	                                                        MPI_COMM_WORLD, &ln0, &s0, &ln1, &s1);
	float* fin = fftwf_alloc_real(size_t(2 * fa));
	fftwf_complex* fout = fftwf_alloc_complex(size_t(fa));
	const unsigned fflags = (withFftw ? FFTW_MEASURE : FFTW_ESTIMATE) | (tout ? FFTW_MPI_TRANSPOSED_OUT : 0);
	t0 = MPI_Wtime();
	fftwf_plan fp = real ? fftwf_mpi_plan_dft_r2c_3d(ptrdiff_t(n[0]), ptrdiff_t(n[1]), ptrdiff_t(n[2]), fin, fout,
	                                                 MPI_COMM_WORLD, fflags)
	                     : fftwf_mpi_plan_dft_3d(ptrdiff_t(n[0]), ptrdiff_t(n[1]), ptrdiff_t(n[2]),
	                                             reinterpret_cast<fftwf_complex*>(fin), fout, MPI_COMM_WORLD,
	                                             FFTW_FORWARD, fflags);
	const double fftwPlan = slowest(MPI_Wtime() - t0);
	std::copy(host.begin(), host.end(), fin);

	// Warm-up, then alternating rounds.
	clfftMpiExecute(plan, in, out);
	if (withFftw) fftwf_execute(fp);
	std::vector<double> ours, theirs, profRuns[3];
	bool profiled = false;
	for (int r = 0; r < reps; ++r) {
		MPI_Barrier(MPI_COMM_WORLD);
		t0 = MPI_Wtime();
		st = clfftMpiExecute(plan, in, out);
		ours.push_back(slowest(MPI_Wtime() - t0));
		if (st != CLFFT_SUCCESS && rank == 0) std::fprintf(stderr, "clfftMpiExecute: %d\n", int(st));
		double p[3] = {0, 0, 0};
		if (clfftMpiGetProfile(plan, &p[0], &p[1], &p[2]) == CLFFT_SUCCESS) {
			profiled = true;
			// Each bucket: the slowest rank of the round (medians over the rounds below).
			double m[3];
			MPI_Allreduce(p, m, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
			for (int k = 0; k < 3; ++k) profRuns[k].push_back(m[k]);
		}
		if (!withFftw) continue;
		std::copy(host.begin(), host.end(), fin);
		MPI_Barrier(MPI_COMM_WORLD);
		t0 = MPI_Wtime();
		fftwf_execute(fp);
		theirs.push_back(slowest(MPI_Wtime() - t0));
	}
	cl_ulong sent = 0, kept = 0;
	clfftMpiGetTraffic(plan, &sent, &kept);
	unsigned long long mySent = sent, maxSent = 0;
	MPI_Allreduce(&mySent, &maxSent, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
	const double profMed[3] = {median(profRuns[0]), median(profRuns[1]), median(profRuns[2])};
	// The least any slab transform can send from its busiest rank: each global transpose moves
	// all but the rank's own block, (P-1)/P^2 of the array when the split is even.
	const int transposes = tout ? 1 : 2;
	double minimum = transposes * complexBytes * (size - 1) / (double(size) * size);
	// Pencils: the rank's part leaves its grid row, then its grid column, except what stays.
	if (pencils) {
		const int cols = size / rows;
		minimum = complexBytes / size * (double(cols - 1) / cols + double(rows - 1) / rows);
	}
	if (rank == 0) {
		const double a = median(ours), b = median(theirs);
		std::printf("%s %zux%zux%zu%s P=%d threads/rank=%d: clfft-mpi %.1f ms, FFTW-MPI %.1f ms, FFTW/ours %.2f; "
		            "sent/rank %.1f MiB (minimum %.1f MiB); plan %.1f s / %.1f s",
		            real ? "r2c" : "c2c", n[0], n[1], n[2], pencils ? " pencils" : tout ? " T_OUT" : "", size, threads, 1e3 * a, 1e3 * b, b / a,
		            double(maxSent) / 1048576.0, minimum / 1048576.0, ourPlan, fftwPlan);
		if (profiled)
			std::printf("; ours (medians): fft %.1f ms, copies %.1f ms, exchange %.1f ms", 1e3 * profMed[0],
			            1e3 * profMed[1], 1e3 * profMed[2]);
		std::printf("\n");
	}
	fftwf_destroy_plan(fp);
	fftwf_free(fin);
	fftwf_free(fout);
	clfftMpiDestroyPlan(&plan);
	clReleaseMemObject(in);
	clReleaseMemObject(out);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	fftwf_mpi_cleanup();
	MPI_Finalize();
	return 0;
}
