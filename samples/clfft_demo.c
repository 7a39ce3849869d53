/*
 * clfft-demo: plan, bake, check and time a batched single-precision complex 1D FFT through
 * the clFFT 2.x C interface, on the default OpenCL device.
 *
 *   clfft-demo [LENGTH [BATCH]]      (defaults: 4096 256)
 *
 * The transform is out-of-place, complex interleaved, forward. Its result is compared with
 * FFTW (double precision, computed from the same float input) and the relative L2 error is
 * printed. Then the transform is timed: 3 warm-up runs, then the median of 20 runs, each an
 * enqueue followed by clFinish.
 *
 * Exit status: 0 when the result is within tolerance, 1 when it is not, 2 on any error.
 */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#define _POSIX_C_SOURCE 199309L

#include <clFFT.h>
#include <fftw3.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WARMUP_RUNS 3
#define TIMED_RUNS 20

/* Name of a status code without its prefix; clfftStatus reuses OpenCL's error values. */
static const char* status_name(int code)
{
	switch (code) {
	case CL_SUCCESS: return "SUCCESS";
	case CL_DEVICE_NOT_FOUND: return "DEVICE_NOT_FOUND";
	case CL_DEVICE_NOT_AVAILABLE: return "DEVICE_NOT_AVAILABLE";
	case CL_COMPILER_NOT_AVAILABLE: return "COMPILER_NOT_AVAILABLE";
	case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "MEM_OBJECT_ALLOCATION_FAILURE";
	case CL_OUT_OF_RESOURCES: return "OUT_OF_RESOURCES";
	case CL_OUT_OF_HOST_MEMORY: return "OUT_OF_HOST_MEMORY";
	case CL_PROFILING_INFO_NOT_AVAILABLE: return "PROFILING_INFO_NOT_AVAILABLE";
	case CL_MEM_COPY_OVERLAP: return "MEM_COPY_OVERLAP";
	case CL_IMAGE_FORMAT_MISMATCH: return "IMAGE_FORMAT_MISMATCH";
	case CL_IMAGE_FORMAT_NOT_SUPPORTED: return "IMAGE_FORMAT_NOT_SUPPORTED";
	case CL_BUILD_PROGRAM_FAILURE: return "BUILD_PROGRAM_FAILURE";
	case CL_MAP_FAILURE: return "MAP_FAILURE";
	case CL_INVALID_VALUE: return "INVALID_VALUE";
	case CL_INVALID_DEVICE_TYPE: return "INVALID_DEVICE_TYPE";
	case CL_INVALID_PLATFORM: return "INVALID_PLATFORM";
	case CL_INVALID_DEVICE: return "INVALID_DEVICE";
	case CL_INVALID_CONTEXT: return "INVALID_CONTEXT";
	case CL_INVALID_QUEUE_PROPERTIES: return "INVALID_QUEUE_PROPERTIES";
	case CL_INVALID_COMMAND_QUEUE: return "INVALID_COMMAND_QUEUE";
	case CL_INVALID_HOST_PTR: return "INVALID_HOST_PTR";
	case CL_INVALID_MEM_OBJECT: return "INVALID_MEM_OBJECT";
	case CL_INVALID_IMAGE_FORMAT_DESCRIPTOR: return "INVALID_IMAGE_FORMAT_DESCRIPTOR";
	case CL_INVALID_IMAGE_SIZE: return "INVALID_IMAGE_SIZE";
	case CL_INVALID_SAMPLER: return "INVALID_SAMPLER";
	case CL_INVALID_BINARY: return "INVALID_BINARY";
	case CL_INVALID_BUILD_OPTIONS: return "INVALID_BUILD_OPTIONS";
	case CL_INVALID_PROGRAM: return "INVALID_PROGRAM";
	case CL_INVALID_PROGRAM_EXECUTABLE: return "INVALID_PROGRAM_EXECUTABLE";
	case CL_INVALID_KERNEL_NAME: return "INVALID_KERNEL_NAME";
	case CL_INVALID_KERNEL_DEFINITION: return "INVALID_KERNEL_DEFINITION";
	case CL_INVALID_KERNEL: return "INVALID_KERNEL";
	case CL_INVALID_ARG_INDEX: return "INVALID_ARG_INDEX";
	case CL_INVALID_ARG_VALUE: return "INVALID_ARG_VALUE";
	case CL_INVALID_ARG_SIZE: return "INVALID_ARG_SIZE";
	case CL_INVALID_KERNEL_ARGS: return "INVALID_KERNEL_ARGS";
	case CL_INVALID_WORK_DIMENSION: return "INVALID_WORK_DIMENSION";
	case CL_INVALID_WORK_GROUP_SIZE: return "INVALID_WORK_GROUP_SIZE";
	case CL_INVALID_WORK_ITEM_SIZE: return "INVALID_WORK_ITEM_SIZE";
	case CL_INVALID_GLOBAL_OFFSET: return "INVALID_GLOBAL_OFFSET";
	case CL_INVALID_EVENT_WAIT_LIST: return "INVALID_EVENT_WAIT_LIST";
	case CL_INVALID_EVENT: return "INVALID_EVENT";
	case CL_INVALID_OPERATION: return "INVALID_OPERATION";
	case CL_INVALID_GL_OBJECT: return "INVALID_GL_OBJECT";
	case CL_INVALID_BUFFER_SIZE: return "INVALID_BUFFER_SIZE";
	case CL_INVALID_MIP_LEVEL: return "INVALID_MIP_LEVEL";
	case CL_INVALID_GLOBAL_WORK_SIZE: return "INVALID_GLOBAL_WORK_SIZE";
	case CLFFT_BUGCHECK: return "BUGCHECK";
	case CLFFT_NOTIMPLEMENTED: return "NOTIMPLEMENTED";
	case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "TRANSPOSED_NOTIMPLEMENTED";
	case CLFFT_FILE_NOT_FOUND: return "FILE_NOT_FOUND";
	case CLFFT_FILE_CREATE_FAILURE: return "FILE_CREATE_FAILURE";
	case CLFFT_VERSION_MISMATCH: return "VERSION_MISMATCH";
	case CLFFT_INVALID_PLAN: return "INVALID_PLAN";
	case CLFFT_DEVICE_NO_DOUBLE: return "DEVICE_NO_DOUBLE";
	case CLFFT_DEVICE_MISMATCH: return "DEVICE_MISMATCH";
	default: return "unknown status";
	}
}

/* Report a failed call and return 1, or return 0 when the call succeeded. */
static int failed_cl(cl_int err, const char* what)
{
	if (err == CL_SUCCESS)
		return 0;
	fprintf(stderr, "error: %s failed: OpenCL status %d (CL_%s)\n", what, (int)err, status_name(err));
	return 1;
}

static int failed_fft(clfftStatus st, const char* what)
{
	if (st == CLFFT_SUCCESS)
		return 0;
	fprintf(stderr, "error: %s failed: clfftStatus %d (CLFFT_%s)\n", what, (int)st, status_name((int)st));
	return 1;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int compare_double(const void* a, const void* b)
{
	double x = *(const double*)a, y = *(const double*)b;
	return (x > y) - (x < y);
}

/* Parse a positive integer argument; 0 on error. */
static size_t parse_count(const char* text, const char* what)
{
	char* end = NULL;
	unsigned long long v;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || v == 0 || text[0] == '-') {
		fprintf(stderr, "error: %s must be a positive integer, got '%s'\n", what, text);
		return 0;
	}
	return (size_t)v;
}

/* Print a string-valued device or platform property. */
static void print_info(const char* label, cl_int err, const char* value)
{
	printf("%-10s %s\n", label, err == CL_SUCCESS ? value : "(unknown)");
}

int main(int argc, char** argv)
{
	size_t length = 4096, batch = 256;
	cl_platform_id platform = NULL;
	cl_device_id device = NULL;
	cl_context context = NULL;
	cl_command_queue queue = NULL;
	cl_mem bufIn = NULL, bufOut = NULL;
	clfftPlanHandle plan = 0;
	int fft_ready = 0, have_plan = 0;
	float* host = NULL;
	fftw_complex* refIn = NULL;
	fftw_complex* refOut = NULL;
	double times[TIMED_RUNS];
	int exit_code = 2;
	cl_int err;
	size_t total, bytes, i;
	char text[256];

	if (argc > 3 || (argc > 1 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))) {
		fprintf(stderr, "usage: %s [LENGTH [BATCH]]   (defaults: 4096 256)\n", argv[0]);
		return argc > 3 ? 2 : 0;
	}
	if (argc > 1 && (length = parse_count(argv[1], "LENGTH")) == 0)
		return 2;
	if (argc > 2 && (batch = parse_count(argv[2], "BATCH")) == 0)
		return 2;
	total = length * batch;
	if (total / batch != length || total > ((size_t)1 << 40) / (2 * sizeof(float))) {
		fprintf(stderr, "error: LENGTH x BATCH is too large\n");
		return 2;
	}
	bytes = total * 2 * sizeof(float);

	/* ---- OpenCL: first platform that has a default device ---- */
	{
		cl_uint nplat = 0, p;
		cl_platform_id* plats;
		err = clGetPlatformIDs(0, NULL, &nplat);
		if (err != CL_SUCCESS || nplat == 0) {
			fprintf(stderr, "error: no OpenCL platform found (status %d)\n", (int)err);
			return 2;
		}
		plats = (cl_platform_id*)malloc(nplat * sizeof *plats);
		if (plats == NULL || failed_cl(clGetPlatformIDs(nplat, plats, NULL), "clGetPlatformIDs")) {
			free(plats);
			return 2;
		}
		for (p = 0; p < nplat; ++p) {
			cl_uint ndev = 0;
			if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_DEFAULT, 1, &device, &ndev) == CL_SUCCESS && ndev > 0) {
				platform = plats[p];
				break;
			}
		}
		free(plats);
		if (platform == NULL) {
			fprintf(stderr, "error: no OpenCL platform has a default device\n");
			return 2;
		}
	}
	err = clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof text, text, NULL);
	print_info("platform:", err, text);
	err = clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof text, text, NULL);
	print_info("device:", err, text);
	err = clGetDeviceInfo(device, CL_DRIVER_VERSION, sizeof text, text, NULL);
	print_info("driver:", err, text);

	context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
	if (failed_cl(err, "clCreateContext"))
		goto cleanup;
	queue = clCreateCommandQueue(context, device, 0, &err);
	if (failed_cl(err, "clCreateCommandQueue"))
		goto cleanup;

	/* ---- clFFT: set up, plan, bake ---- */
	{
		clfftSetupData setup;
		cl_uint vmaj = 0, vmin = 0, vpat = 0;
		if (failed_fft(clfftInitSetupData(&setup), "clfftInitSetupData") ||
		    failed_fft(clfftSetup(&setup), "clfftSetup"))
			goto cleanup;
		fft_ready = 1;
		if (failed_fft(clfftGetVersion(&vmaj, &vmin, &vpat), "clfftGetVersion"))
			goto cleanup;
		printf("clFFT:     %u.%u.%u\n", vmaj, vmin, vpat);
	}
	printf("transform: 1D complex single precision, length %zu, batch %zu, out-of-place interleaved (%.1f MiB in)\n",
	       length, batch, (double)bytes / (1024.0 * 1024.0));

	{
		size_t lengths[1];
		double t0;
		lengths[0] = length;
		if (failed_fft(clfftCreateDefaultPlan(&plan, context, CLFFT_1D, lengths), "clfftCreateDefaultPlan"))
			goto cleanup;
		have_plan = 1;
		if (failed_fft(clfftSetPlanPrecision(plan, CLFFT_SINGLE), "clfftSetPlanPrecision") ||
		    failed_fft(clfftSetLayout(plan, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED), "clfftSetLayout") ||
		    failed_fft(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE), "clfftSetResultLocation") ||
		    failed_fft(clfftSetPlanBatchSize(plan, batch), "clfftSetPlanBatchSize"))
			goto cleanup;
		t0 = now_ms();
		if (failed_fft(clfftBakePlan(plan, 1, &queue, NULL, NULL), "clfftBakePlan") ||
		    failed_cl(clFinish(queue), "clFinish"))
			goto cleanup;
		printf("bake:      %.1f ms\n", now_ms() - t0);
	}

	/* ---- Input data: a fixed pseudo-random sequence in [-1, 1) ---- */
	host = (float*)malloc(bytes);
	refIn = (fftw_complex*)fftw_malloc(total * sizeof(fftw_complex));
	refOut = (fftw_complex*)fftw_malloc(total * sizeof(fftw_complex));
	if (host == NULL || refIn == NULL || refOut == NULL) {
		fprintf(stderr, "error: out of host memory\n");
		goto cleanup;
	}
	{
		unsigned long state = 12345u;
		for (i = 0; i < 2 * total; ++i) {
			state = (state * 1103515245u + 12345u) & 0x7fffffffu;
			host[i] = (float)((double)state / 1073741824.0 - 1.0);
		}
		for (i = 0; i < total; ++i) {
			refIn[i][0] = host[2 * i];
			refIn[i][1] = host[2 * i + 1];
		}
	}
	bufIn = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
	if (failed_cl(err, "clCreateBuffer (input)"))
		goto cleanup;
	bufOut = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, NULL, &err);
	if (failed_cl(err, "clCreateBuffer (output)"))
		goto cleanup;

	/* ---- One forward transform, checked against FFTW ---- */
	if (failed_fft(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bufIn, &bufOut, NULL),
	               "clfftEnqueueTransform") ||
	    failed_cl(clEnqueueReadBuffer(queue, bufOut, CL_TRUE, 0, bytes, host, 0, NULL, NULL), "clEnqueueReadBuffer"))
		goto cleanup;
	{
		int n = (int)length;
		double diff2 = 0.0, ref2 = 0.0, relerr, bound, log2n = log2((double)length);
		fftw_plan ref = fftw_plan_many_dft(1, &n, (int)batch, refIn, NULL, 1, n, refOut, NULL, 1, n,
		                                   FFTW_FORWARD, FFTW_ESTIMATE);
		if (ref == NULL) {
			fprintf(stderr, "error: FFTW could not plan the reference transform\n");
			goto cleanup;
		}
		fftw_execute(ref);
		fftw_destroy_plan(ref);
		for (i = 0; i < total; ++i) {
			double dr = host[2 * i] - refOut[i][0], di = host[2 * i + 1] - refOut[i][1];
			diff2 += dr * dr + di * di;
			ref2 += refOut[i][0] * refOut[i][0] + refOut[i][1] * refOut[i][1];
		}
		relerr = ref2 > 0.0 ? sqrt(diff2 / ref2) : sqrt(diff2);
		bound = 1e-6 * (log2n / 12.0 > 1.0 ? log2n / 12.0 : 1.0);
		/* A NaN anywhere makes relerr NaN, which must fail too. */
		exit_code = (relerr <= bound) ? 0 : 1;
		printf("check:     relative L2 error vs FFTW %.3e (bound %.1e): %s\n", relerr, bound,
		       exit_code == 0 ? "PASS" : "FAIL");
	}

	/* ---- Timing: warm-up, then the median of enqueue + clFinish ---- */
	{
		int r;
		double median, flops;
		for (r = 0; r < WARMUP_RUNS + TIMED_RUNS; ++r) {
			double t0 = now_ms();
			if (failed_fft(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bufIn, &bufOut, NULL),
			               "clfftEnqueueTransform") ||
			    failed_cl(clFinish(queue), "clFinish")) {
				exit_code = 2;
				goto cleanup;
			}
			if (r >= WARMUP_RUNS)
				times[r - WARMUP_RUNS] = now_ms() - t0;
		}
		qsort(times, TIMED_RUNS, sizeof times[0], compare_double);
		median = 0.5 * (times[TIMED_RUNS / 2 - 1] + times[TIMED_RUNS / 2]);
		flops = 5.0 * (double)length * log2((double)length) * (double)batch;
		printf("time:      %.3f ms per batch (median of %d, min %.3f ms), %.2f GFLOP/s\n", median, TIMED_RUNS,
		       times[0], median > 0.0 ? flops / (median * 1e6) : 0.0);
	}

cleanup:
	if (have_plan && clfftDestroyPlan(&plan) != CLFFT_SUCCESS && exit_code != 1)
		exit_code = 2;
	if (fft_ready)
		clfftTeardown();
	if (bufIn)
		clReleaseMemObject(bufIn);
	if (bufOut)
		clReleaseMemObject(bufOut);
	if (queue)
		clReleaseCommandQueue(queue);
	if (context)
		clReleaseContext(context);
	free(host);
	fftw_free(refIn);
	fftw_free(refOut);
	return exit_code;
}
