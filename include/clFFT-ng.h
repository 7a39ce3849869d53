/*
 * clfft-ng extensions to the clFFT 2.x interface.
 *
 * Functions here are not part of clFFT 2.12; a program that uses them needs clfft-ng's
 * libclFFT.so.2. They live in the same library and follow the same conventions (clfftStatus
 * results, no exception or abort on bad arguments).
 */
#ifndef CLFFT_NG_EXTENSIONS_H
#define CLFFT_NG_EXTENSIONS_H

#include "clFFT.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counters of the kernel program cache (see docs/cache.md), cumulative since the library was
 * loaded or since clfftNgResetCacheStats. clfftTeardown does not reset them. */
typedef struct clfftNgCacheStats_
{
	cl_ulong sourceBuilds;       /* programs compiled from OpenCL C source */
	cl_ulong binaryLoads;        /* programs created from a cached binary (clCreateProgramWithBinary) */
	cl_ulong binaryLoadFailures; /* cached binaries the runtime refused (then compiled from source) */
	cl_ulong memoryHits;         /* requests answered by a program already built in this process */
	cl_ulong diskHits;           /* valid entries found in the user cache directory */
	cl_ulong systemHits;         /* valid entries found in the read-only system cache */
	cl_ulong diskMisses;         /* lookups that found no valid entry in either directory */
	cl_ulong diskWrites;         /* entries written (atomically) to the user cache directory */
	cl_ulong diskWriteFailures;  /* entries that could not be written (read-only directory, ...) */
	cl_ulong bytesWritten;       /* bytes of the entries written */
	cl_ulong corruptEntries;     /* entry files rejected: truncated, corrupt, foreign, other format */
	cl_ulong evictions;          /* entries removed to keep the user cache under its size limit */
} clfftNgCacheStats;

/* Copies the cache counters into *stats. CLFFT_INVALID_HOST_PTR when stats is NULL. */
CLFFTAPI clfftStatus clfftNgGetCacheStats(clfftNgCacheStats* stats);

/* Sets every cache counter to zero. */
CLFFTAPI clfftStatus clfftNgResetCacheStats(void);

/* The user cache directory in effect, as a NUL-terminated string in path[0..size): empty when
 * the disk cache is disabled. *needed (optional) receives the size that holds the whole path.
 * CLFFT_INVALID_HOST_PTR when path is NULL with size > 0; CLFFT_INVALID_VALUE when size is too
 * small (path then holds as much as fits). */
CLFFTAPI clfftStatus clfftNgGetCachePath(char* path, size_t size, size_t* needed);

/* The baked plan printed: one line for the problem and the library's buffers, then each pass
 * (kernel family, buffers read and written, transforms, work-groups, local memory, bytes moved,
 * kernel name and description), as NUL-terminated text in text[0..size). *needed (optional)
 * receives the size that holds all of it. CLFFT_INVALID_OPERATION before the plan is baked;
 * CLFFT_INVALID_HOST_PTR when text is NULL with size > 0; CLFFT_INVALID_VALUE when size is too
 * small (text then holds as much as fits). CLFFT_NG_EXPLAIN=1 prints the same at every bake.
 * A plan split over several queues (clfftNgSetPlanQueueArrays) prints how it is split, then each
 * queue's sub-plans baked so far, each under "queue k:". */
CLFFTAPI clfftStatus clfftNgExplainPlan(const clfftPlanHandle plHandle, char* text, size_t size, size_t* needed);

/* How a plan is chosen at bake (docs/tuning.md, "Measured plans and wisdom"):
 * ESTIMATE     the cost model's choice, no timing (the default);
 * MEASURE      the profile's plan and the best few other candidates are compiled and timed on
 *              the plan's device, on scratch buffers of the plan's size (never the client's);
 *              the fastest is baked and remembered as wisdom (a problem whose only
 *              candidate is the profile's plan is not timed);
 * EXHAUSTIVE   as MEASURE, over every candidate, more variants included.
 * Whatever the rigor, a bake whose problem and device have wisdom takes the remembered plan
 * with no timing. Plans with callbacks are not measured (the callbacks' userdata is the
 * client's). The printed plan (clfftNgExplainPlan) lists the candidates and their times. */
typedef enum clfftNgRigor_
{
	CLFFT_NG_ESTIMATE = 0,
	CLFFT_NG_MEASURE = 1,
	CLFFT_NG_EXHAUSTIVE = 2
} clfftNgRigor;

/* Sets the plan's rigor (unbakes a baked plan when it changes). Unset, CLFFT_NG_RIGOR
 * ("estimate", "measure", "exhaustive") read at bake decides. CLFFT_INVALID_ARG_VALUE for
 * another value. */
CLFFTAPI clfftStatus clfftNgSetPlanRigor(clfftPlanHandle plHandle, clfftNgRigor rigor);

/* The rigor a bake of the plan would use now. */
CLFFTAPI clfftStatus clfftNgGetPlanRigor(const clfftPlanHandle plHandle, clfftNgRigor* rigor);

/* Wisdom: one record per measured problem and device (key: problem, device identity and driver,
 * library release), naming the winning candidate. Kept in memory and in the cache directories
 * (<cache>/wisdom/); a corrupt or foreign record is a miss, never an error.
 *
 * Writes the records of this process (measured here, imported, or read from a cache
 * directory by a bake) to the file at path. CLFFT_INVALID_HOST_PTR for a NULL path;
 * CLFFT_FILE_CREATE_FAILURE when the file cannot be written. *records (optional): how many. */
CLFFTAPI clfftStatus clfftNgExportWisdom(const char* path, size_t* records);

/* Adds the valid records of the file at path to this process's wisdom (invalid ones are
 * skipped; *records, optional, says how many were taken). CLFFT_FILE_NOT_FOUND when the file
 * cannot be read. */
CLFFTAPI clfftStatus clfftNgImportWisdom(const char* path, size_t* records);

/* Forgets the wisdom held in memory (the records in the cache directories stay). */
CLFFTAPI clfftStatus clfftNgForgetWisdom(void);

/* Several devices (docs/multi-device.md) */

/* Lets clfftBakePlan and clfftEnqueueTransform take more than one queue for this plan (off by
 * default: clFFT 2.12 refuses numQueues > 1 with CLFFT_NOTIMPLEMENTED, and programs written for it
 * may pass a count above their array's length). clfftNgSetPlanQueues enables it too. */
CLFFTAPI clfftStatus clfftNgSetPlanQueueArrays(clfftPlanHandle plHandle, cl_bool enable);

/* Relative shares of the work of the plan's queues, in queue order, for the next bake with a
 * queue array (clfftBakePlan or clfftEnqueueTransform with numQueues > 1, or
 * clfftNgSetPlanQueues): a batch is split in proportion, and so are the slabs and pencils of one
 * 2D/3D transform. count 0 (weights NULL) restores the even split; weights are finite, >= 0, and
 * not all 0 (else CLFFT_INVALID_ARG_VALUE). A count that differs from the number of queues of a
 * later bake splits evenly. The plan is un-baked. */
CLFFTAPI clfftStatus clfftNgSetPlanSplitWeights(clfftPlanHandle plHandle, cl_uint count, const double* weights);

/* Bakes the plan for numQueues queues (1 or more; of the plan's context, each at most once),
 * as clfftBakePlan with a queue array does, for the descriptors below. */
CLFFTAPI clfftStatus clfftNgSetPlanQueues(clfftPlanHandle plHandle, cl_uint numQueues, const cl_command_queue* queues);

/* One side of a plan's data spread over the plan's queues (cuFFT's cudaLibXtDesc). The data is
 * packed and interleaved whatever the plan's strides and layouts: complex values (C2C, the
 * hermitian side with N0/2+1 values along dimension 0), or reals (N0 along dimension 0, no
 * padding). Natural order: part k holds a range of the batch (batch > 1) or of the outermost
 * dimension (one 2D/3D transform), as consecutive pieces of the whole packed array. Permuted
 * order (one 2D/3D transform, complex sides only): part k holds a range of dimension rank-2,
 * every outermost index: the order a forward transform leaves without its final exchange, and
 * the order an inverse transform reads without its first one (CUFFT_XT_FORMAT_INPLACE_SHUFFLED). */
typedef size_t clfftNgXtDescriptor;

typedef enum clfftNgXtSide_
{
	CLFFT_NG_XT_INPUT = 1, /* the plan's input side */
	CLFFT_NG_XT_OUTPUT     /* the plan's output side */
} clfftNgXtSide;

typedef enum clfftNgXtOrder_
{
	CLFFT_NG_XT_NATURAL = 1,
	CLFFT_NG_XT_PERMUTED
} clfftNgXtOrder;

/* Allocates a descriptor for one side of the plan baked for several queues (CLFFT_INVALID_OPERATION
 * before; CLFFT_NOTIMPLEMENTED for a single 1D transform, CLFFT_TRANSPOSED_NOTIMPLEMENTED for a
 * transposed one; CLFFT_INVALID_ARG_VALUE for a permuted real side or a permuted batch). */
CLFFTAPI clfftStatus clfftNgXtMalloc(clfftPlanHandle plHandle, clfftNgXtSide side, clfftNgXtOrder order,
                                     clfftNgXtDescriptor* desc);

/* Releases the descriptor's buffers; the handle is invalid afterwards (CLFFT_INVALID_MEM_OBJECT). */
CLFFTAPI clfftStatus clfftNgXtFree(clfftNgXtDescriptor desc);

/* The number of parts (the plan's queues at allocation). */
CLFFTAPI clfftStatus clfftNgXtGetPartCount(clfftNgXtDescriptor desc, cl_uint* count);

/* Part `part`: its queue and buffer (owned by the descriptor), the first index and the count of
 * indices of the split axis it holds (batch, outermost dimension, or dimension rank-2 when
 * permuted), and its bytes. Any pointer may be NULL. */
CLFFTAPI clfftStatus clfftNgXtGetPart(clfftNgXtDescriptor desc, cl_uint part, cl_command_queue* queue, cl_mem* buffer,
                                      size_t* first, size_t* count, size_t* bytes);

/* Copies host data (the whole side, packed, natural order) into the descriptor, and back;
 * blocking. A permuted descriptor is filled and read in natural order on the host. */
CLFFTAPI clfftStatus clfftNgXtCopyHostToDescriptor(clfftNgXtDescriptor dst, const void* host);
CLFFTAPI clfftStatus clfftNgXtCopyDescriptorToHost(void* host, clfftNgXtDescriptor src);

/* Natural <-> permuted: the same side of the same plan in the other order; blocking. */
CLFFTAPI clfftStatus clfftNgXtCopyDescriptor(clfftNgXtDescriptor dst, clfftNgXtDescriptor src);

/* Transforms in into out (the same descriptor for an in-place C2C transform), both of this plan,
 * with the plan's scales and callbacks (a callback's offset counts from the start of the device's
 * part). Real transforms take an input-side and an output-side descriptor. outEvents (optional)
 * receives one event per queue; the transform is done when all are. */
CLFFTAPI clfftStatus clfftNgXtExecDescriptor(clfftPlanHandle plHandle, clfftDirection dir, clfftNgXtDescriptor in,
                                             clfftNgXtDescriptor out, cl_event* outEvents);


/* Real-to-real transforms (docs/r2r.md): FFTW's r2r kinds, with FFTW's names, numbering and
 * unnormalised definitions ("What FFTW Really Computes"), times the plan's forward scale. */
typedef enum clfftNgR2RKind_
{
	CLFFT_NG_R2HC = 0,
	CLFFT_NG_HC2R = 1,
	CLFFT_NG_DHT = 2,
	CLFFT_NG_REDFT00 = 3,
	CLFFT_NG_REDFT01 = 4,
	CLFFT_NG_REDFT10 = 5,
	CLFFT_NG_REDFT11 = 6,
	CLFFT_NG_RODFT00 = 7,
	CLFFT_NG_RODFT01 = 8,
	CLFFT_NG_RODFT10 = 9,
	CLFFT_NG_RODFT11 = 10
} clfftNgR2RKind;

/* Makes the plan a real-to-real transform: kinds[d] along dimension d (dims equal to the plan's
 * dimension, checked at bake). Sets the layouts to CLFFT_REAL in and out (clfftSetLayout accepts
 * that pair on an r2r plan only; another pair set afterwards gives CLFFT_INVALID_ARG_VALUE at
 * bake), any strides and distances (unset: packed, n reals along dimension 0 also in place),
 * in or out of place, batches, callbacks (pre: a real in; post: a real out), single or double.
 * REDFT00 needs n >= 2 (as FFTW). clfftEnqueueTransform's direction is ignored: the kinds
 * decide. The scale is the forward scale (default 1: FFTW's unnormalised results). dims 0 with
 * kinds NULL makes the plan an ordinary DFT again (layouts real to real become clFFT's default,
 * complex interleaved). CLFFT_INVALID_ARG_VALUE for a kind out of
 * range or dims above 3; CLFFT_INVALID_HOST_PTR for dims > 0 with kinds NULL. Un-bakes the plan. */
CLFFTAPI clfftStatus clfftNgSetPlanR2R(clfftPlanHandle plHandle, size_t dims, const clfftNgR2RKind* kinds);

/* The kinds set (dims must equal the number set; 0 when the plan is a DFT, else
 * CLFFT_INVALID_ARG_VALUE). */
CLFFTAPI clfftStatus clfftNgGetPlanR2R(const clfftPlanHandle plHandle, size_t dims, clfftNgR2RKind* kinds);

/* 16-bit storage (docs/precision.md): the plan's values stored as IEEE binary16 (CLFFT_NG_HALF)
 * or bfloat16 (CLFFT_NG_BFLOAT16), a complex value two of them (interleaved: 4 bytes; planar: two
 * arrays of 2-byte values); strides and distances count elements as for the other precisions.
 * Arithmetic is in single precision; each output is rounded once to nearest even. Accepted by
 * clfftSetPlanPrecision, returned by clfftGetPlanPrecision. Callbacks use the single-precision
 * prototypes and read or write the client's 16-bit buffer themselves. */
#define CLFFT_NG_HALF ((clfftPrecision)16)
#define CLFFT_NG_BFLOAT16 ((clfftPrecision)17)

/* Zero-padded input and pruned output (docs/zero-padding.md), per dimension (0 the fastest).
 * Input elements with begin <= i < end along dim are zero and are never read: the buffer may hold
 * anything there. Output elements with begin <= i < end along dim are not needed and are not
 * written: the buffer keeps what it held there. Ranges on several dimensions combine as a union
 * (an element is zero, or skipped, when its index along any ranged dimension is in range). On a
 * hermitian side the index counts its N0/2+1 elements along dimension 0. begin == end clears the
 * range. The plan leaves out the rows that are zero or not needed and the loads of zeros.
 * CLFFT_INVALID_ARG_VALUE: end past the dimension's length, begin > end, dim >= 3, or a dimension
 * the plan lacks at bake; CLFFT_NOTIMPLEMENTED at bake for what docs/zero-padding.md lists. */
CLFFTAPI clfftStatus clfftNgSetPlanZeroInput(clfftPlanHandle plHandle, size_t dim, size_t begin, size_t end);
CLFFTAPI clfftStatus clfftNgSetPlanSkipOutput(clfftPlanHandle plHandle, size_t dim, size_t begin, size_t end);

/* The range set along dim (begin == end == 0: none). */
CLFFTAPI clfftStatus clfftNgGetPlanZeroInput(const clfftPlanHandle plHandle, size_t dim, size_t* begin, size_t* end);
CLFFTAPI clfftStatus clfftNgGetPlanSkipOutput(const clfftPlanHandle plHandle, size_t dim, size_t* begin, size_t* end);

/* Tiers (docs/cache.md, "Tiers"): which kernels a bake sets up.
 * AUTO              the bake sets up the generic tier and returns; a background worker
 *                   (CLFFT_NG_COMPILE_THREADS, default 1) bakes the specialized kernels, and the
 *                   first enqueue after they are ready runs them (never within a transform);
 * SPECIALIZED_ONLY  the kernels generated for the plan, compiled at bake (the default);
 * GENERIC_ONLY      one program per precision whose kernels take the sizes as arguments: no
 *                   compile for a new size once that program is cached; slower transforms.
 *                   Plans it cannot run (callbacks, multi-device sub-plans, r2r, transposed in
 *                   place, temporaries past the largest allocation) get the specialized
 *                   kernels, and the printed plan (clfftNgExplainPlan) says why.
 * The two tiers' results differ within the precision's error bound: a program that needs
 * bit-identical repeated results keeps SPECIALIZED_ONLY. */
typedef enum clfftNgTiering_
{
	CLFFT_NG_TIER_AUTO = 0,
	CLFFT_NG_TIER_SPECIALIZED_ONLY = 1,
	CLFFT_NG_TIER_GENERIC_ONLY = 2
} clfftNgTiering;

/* Sets the plan's tiering (unbakes a baked plan when it changes). Unset, CLFFT_NG_TIERING
 * ("auto", "specialized", "generic") read at bake decides. CLFFT_INVALID_ARG_VALUE for another
 * value. */
CLFFTAPI clfftStatus clfftNgSetPlanTiering(clfftPlanHandle plHandle, clfftNgTiering mode);

/* The tiering a bake of the plan would use now. */
CLFFTAPI clfftStatus clfftNgGetPlanTiering(const clfftPlanHandle plHandle, clfftNgTiering* mode);

/* The tier the baked plan runs now: CLFFT_NG_TIER_GENERIC_ONLY or CLFFT_NG_TIER_SPECIALIZED_ONLY.
 * CLFFT_INVALID_OPERATION before the plan is baked. */
CLFFTAPI clfftStatus clfftNgGetPlanTier(const clfftPlanHandle plHandle, clfftNgTiering* tier);

/* Convolution and cross-correlation (docs/convolution.md). With a spectrum set, the plan's
 * clfftEnqueueTransform (either direction argument) computes for each batch entry b and output
 * channel k
 *     out_k = IDFT( sum_j S_kj * DFT(in_j) )        (CLFFT_NG_CORRELATE: conj(S_kj))
 * scaled by the plan's backward scale (default 1/N). Input channel j of entry b is the plan's
 * input transform b * inChannels + j, output channel k its output transform
 * b * outChannels + k (one distance apart). The spectrum buffer holds outChannels x inChannels
 * spectra, k-major (S_kj at k * inChannels + j), packed and interleaved in the plan's precision:
 * N complex values each for a complex plan, the hermitian half (N0/2+1 along dimension 0, the
 * other dimensions full) for a real plan. A real convolution plan is an R2C plan (CLFFT_REAL ->
 * CLFFT_HERMITIAN_INTERLEAVED or _PLANAR) whose output is real: one buffer, its strides and
 * distance counting reals. In place, the output takes the input's strides and distance. */
typedef enum clfftNgConvolution_
{
	CLFFT_NG_CONVOLVE = 1,
	CLFFT_NG_CORRELATE = 2
} clfftNgConvolution;

/* Sets (or, with a NULL spectrum, clears) the plan's convolution; unbakes the plan. The plan
 * retains the buffer until the convolution is cleared or replaced or the plan destroyed.
 * CLFFT_INVALID_ARG_VALUE for another mode or zero channels, CLFFT_INVALID_MEM_OBJECT for a
 * spectrum that is not a buffer, CLFFT_INVALID_CONTEXT for one of another context,
 * CLFFT_NOTIMPLEMENTED on a real-to-real plan. At bake: CLFFT_INVALID_BUFFER_SIZE for a spectrum
 * smaller than the channels' spectra (single precision for 16-bit plans), CLFFT_NOTIMPLEMENTED
 * for callbacks, r2r kinds and queue arrays, CLFFT_TRANSPOSED_NOTIMPLEMENTED for transposed output,
 * CLFFT_INVALID_ARG_VALUE for a C2R plan. */
CLFFTAPI clfftStatus clfftNgSetPlanConvolution(clfftPlanHandle plHandle, clfftNgConvolution mode, cl_mem spectrum,
                                               cl_uint inChannels, cl_uint outChannels);

/* The plan's convolution: mode 0 and a NULL spectrum (channels 1) when none is set. Any of the
 * pointers may be NULL. */
CLFFTAPI clfftStatus clfftNgGetPlanConvolution(const clfftPlanHandle plHandle, clfftNgConvolution* mode,
                                               cl_mem* spectrum, cl_uint* inChannels, cl_uint* outChannels);

/* Helper kernels for bindings that launch their own (the Python package, docs/python.md): the
 * OpenCL C of one kernel, generated for the element types given as a precision and a layout
 * (CLFFT_SINGLE or CLFFT_DOUBLE; CLFFT_REAL or CLFFT_COMPLEX_INTERLEAVED).
 * CLFFT_NG_HELPER_COPY         clfft_ng_copy_nd(dst, long doff, src, long soff, const long* meta,
 *                              int nd, long total, real scale): one work-item per element of dst's
 *                              nd-dimensional shape; meta holds dst's shape, dst's strides, src's
 *                              shape, src's strides (nd longs each, in elements). dst gets scale
 *                              times src inside src's shape and 0 outside it; real to complex sets
 *                              the imaginary part to 0, complex to real keeps the real part.
 * CLFFT_NG_HELPER_SCALE_PLANE  clfft_ng_scale_plane(buf, long off, const long* meta, int nd,
 *                              long total, real f): multiplies the nd-dimensional plane at off
 *                              (meta: shape, then strides) by f in place; real elements only, the
 *                              destination type equal to the source's.
 * text/size/needed as clfftNgGetCachePath's. CLFFT_INVALID_ARG_VALUE for another kernel,
 * precision or layout. */
typedef enum clfftNgHelperKernel_
{
	CLFFT_NG_HELPER_COPY = 1,
	CLFFT_NG_HELPER_SCALE_PLANE = 2
} clfftNgHelperKernel;

CLFFTAPI clfftStatus clfftNgGetHelperKernelSource(clfftNgHelperKernel kernel, clfftPrecision srcPrecision,
                                                  clfftLayout srcLayout, clfftPrecision dstPrecision,
                                                  clfftLayout dstLayout, char* text, size_t size, size_t* needed);

#ifdef __cplusplus
}
#endif

#endif /* CLFFT_NG_EXTENSIONS_H */
