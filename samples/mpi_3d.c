/* A distributed 3D complex FFT with libclFFT-mpi, each rank on its own OpenCL device (or all on
 * the same one). Run:  mpirun -np 3 ./sample_mpi_3d   (as root add --allow-run-as-root, and
 * --oversubscribe for more ranks than cores).
 *
 * The global 40 x 36 x 32 array holds one plane wave; its forward transform is a single spike.
 * The forward plan leaves its output transposed (36 x 40 x 32, split along the 36), which saves
 * one global transpose; the backward plan takes that layout back to the slabs (40 x 36 x 32,
 * split along the 40). Each rank checks its own part; rank 0 prints the verdict. */
#include <clFFT-mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N0 40
#define N1 36
#define N2 32

static const int K0 = 3, K1 = 5, K2 = 7; /* the wave's frequencies */

int main(int argc, char** argv)
{
	MPI_Init(&argc, &argv);
	int rank = 0, size = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);

	/* One OpenCL device per rank: the first GPU, else the first device of the first platform. */
	cl_platform_id platform;
	cl_device_id device;
	cl_int err = clGetPlatformIDs(1, &platform, NULL);
	if (err == CL_SUCCESS && clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, NULL) != CL_SUCCESS)
		err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
	if (err != CL_SUCCESS) {
		fprintf(stderr, "rank %d: no OpenCL device\n", rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);

	/* This rank's rows in both layouts, and what to allocate. */
	size_t localN0, start0, localN1, start1, alloc;
	clfftMpiLocalSize3DTransposed(N0, N1, N2, MPI_COMM_WORLD, &localN0, &start0, &localN1, &start1, &alloc);

	const size_t lengths[3] = {N0, N1, N2};
	clfftMpiPlanHandle forward = 0, backward = 0;
	clfftStatus st = clfftMpiCreatePlan(&forward, MPI_COMM_WORLD, ctx, queue, CLFFT_3D, lengths, CLFFT_MPI_C2C,
	                                    CLFFT_SINGLE, CLFFT_FORWARD, CLFFT_MPI_TRANSPOSED_OUT, CLFFT_INPLACE);
	if (st == CLFFT_SUCCESS)
		st = clfftMpiCreatePlan(&backward, MPI_COMM_WORLD, ctx, queue, CLFFT_3D, lengths, CLFFT_MPI_C2C, CLFFT_SINGLE,
		                        CLFFT_BACKWARD, CLFFT_MPI_TRANSPOSED_IN, CLFFT_INPLACE);
	if (st != CLFFT_SUCCESS) { /* every rank gets the same status: all stop here */
		if (rank == 0) fprintf(stderr, "clfftMpiCreatePlan failed: %d\n", (int)st);
		MPI_Finalize();
		return 1;
	}

	/* The wave on this rank's slab: x[i][j][k] = exp(2 pi i (K0 i/N0 + K1 j/N1 + K2 k/N2)). */
	float* data = malloc(2 * alloc * sizeof(float));
	const double tau = 6.283185307179586;
	for (size_t i = 0; i < localN0; ++i)
		for (size_t j = 0; j < N1; ++j)
			for (size_t k = 0; k < N2; ++k) {
				const double ph = tau * ((double)K0 * (double)(start0 + i) / N0 + (double)K1 * j / N1 + (double)K2 * k / N2);
				const size_t at = (i * N1 + j) * N2 + k;
				data[2 * at] = (float)cos(ph);
				data[2 * at + 1] = (float)sin(ph);
			}
	cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * alloc * sizeof(float), NULL, &err);
	clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, 2 * alloc * sizeof(float), data, 0, NULL, NULL);

	/* Forward: the spectrum, transposed: element (j, i, k) of this rank's local_n1 x N0 x N2. */
	st = clfftMpiExecute(forward, buf, buf);
	clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, 2 * alloc * sizeof(float), data, 0, NULL, NULL);
	double worst = 0;
	for (size_t j = 0; j < localN1; ++j)
		for (size_t i = 0; i < N0; ++i)
			for (size_t k = 0; k < N2; ++k) {
				const size_t at = (j * N0 + i) * N2 + k;
				const int spike = start1 + j == (size_t)K1 && i == (size_t)K0 && k == (size_t)K2;
				const double want = spike ? (double)N0 * N1 * N2 : 0.0;
				worst = fmax(worst, fabs(data[2 * at] - want) + fabs(data[2 * at + 1]));
			}

	/* Backward from the transposed layout: the wave again, times N0 N1 N2, on the slabs. */
	if (st == CLFFT_SUCCESS) st = clfftMpiExecute(backward, buf, buf);
	clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, 2 * alloc * sizeof(float), data, 0, NULL, NULL);
	const double scale = (double)N0 * N1 * N2;
	for (size_t i = 0; i < localN0; ++i)
		for (size_t j = 0; j < N1; ++j)
			for (size_t k = 0; k < N2; ++k) {
				const double ph = tau * ((double)K0 * (double)(start0 + i) / N0 + (double)K1 * j / N1 + (double)K2 * k / N2);
				const size_t at = (i * N1 + j) * N2 + k;
				worst = fmax(worst, (fabs(data[2 * at] / scale - cos(ph)) + fabs(data[2 * at + 1] / scale - sin(ph))) * scale);
			}

	double all = 0;
	MPI_Reduce(&worst, &all, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	const int ok = st == CLFFT_SUCCESS && all / scale < 1e-4;
	if (rank == 0)
		printf("%d ranks, %dx%dx%d: rank 0 holds %zu planes; largest error %.2e of %.0f: %s\n", size, N0, N1, N2,
		       localN0, all, scale, ok ? "PASS" : "FAIL");

	free(data);
	clReleaseMemObject(buf);
	clfftMpiDestroyPlan(&forward);
	clfftMpiDestroyPlan(&backward);
	clReleaseCommandQueue(queue);
	clReleaseContext(ctx);
	MPI_Finalize();
	return ok ? 0 : 1;
}
