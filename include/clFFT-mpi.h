/*
 * clFFT-mpi: distributed 2D and 3D FFTs over MPI on top of clfft-ng (libclFFT-mpi.so).
 *
 * Data model (the one FFTW-MPI users know, see docs/distributed.md):
 *  - A global row-major array n0 x n1 (2D) or n0 x n1 x n2 (3D) is split along its first
 *    dimension in blocks: with P ranks the block is b = ceil(n0 / P) rows, rank r holds rows
 *    [r*b, min(n0, (r+1)*b)), which can be none for the last ranks (n0 = 4 over 3 ranks gives
 *    2, 2, 0). Each rank keeps its slab local_n0 x n1 (x n2) in one cl_mem on its own device.
 *  - The "transposed" layout is n1 x n0 (x n2), split along n1 the same way: rank r holds
 *    local_n1 x n0 (x n2). CLFFT_MPI_TRANSPOSED_OUT leaves the output in that layout (one global
 *    transpose less), CLFFT_MPI_TRANSPOSED_IN takes input in that layout.
 *  - Real transforms: the complex array is n0 x (n1/2+1) in 2D and n0 x n1 x (n2/2+1) in 3D,
 *    and the distribution queries are called with those complex dimensions (as with FFTW-MPI).
 *    The real array is padded in its last dimension to 2*(nlast/2+1) reals per row, in place and
 *    out of place alike; the real buffer holds 2*allocElements reals.
 *  - Transforms are unnormalised in both directions (forward then backward multiplies by the
 *    number of points), as FFTW.
 *
 * Plan creation and execution are collective over the communicator given (destruction is to be
 * called on every rank too): all ranks call them with the same sizes, kind, precision,
 * direction, flags and placement. When one rank's arguments differ from the
 * others', or any rank's arguments are invalid or its local bake or execution fails, every rank
 * returns the same status (the status of the lowest failing rank; CLFFT_INVALID_ARG_VALUE for
 * arguments that differ between ranks) and no rank is left waiting in a collective; the one
 * exception is a plan handle that is invalid on one rank only (see clfftMpiExecute). The distribution
 * queries are local (no communication). No function lets an exception out or aborts by itself
 * (MPI's own errors follow the communicator's error handler).
 */
#ifndef CLFFT_MPI_H
#define CLFFT_MPI_H

#include <mpi.h>
#include "clFFT.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define CLFFT_MPI_API
#else
#define CLFFT_MPI_API __attribute__((visibility("default")))
#endif

/* Handle of a distributed plan: non-zero, never reused within a process. */
typedef size_t clfftMpiPlanHandle;

/* Kind of transform. C2R plans run backward, R2C forward, whatever direction is given. */
typedef enum clfftMpiKind_
{
	CLFFT_MPI_C2C = 1,
	CLFFT_MPI_R2C = 2,
	CLFFT_MPI_C2R = 3
} clfftMpiKind;

/* Flags (bitwise or). */
enum
{
	CLFFT_MPI_TRANSPOSED_OUT = 1u << 0, /* output is n1 x n0 (x n2), split along n1 */
	CLFFT_MPI_TRANSPOSED_IN = 1u << 1   /* input is n1 x n0 (x n2), split along n1 */
};

/* ---- Distribution queries (local computations, no communication) ------------------------
 * Sizes are counts of array elements (complex numbers for complex arrays). *allocElements is
 * what each rank must allocate for plans on this distribution: the larger of its slab in the
 * normal and the transposed layout, at least 1 (so a rank without rows can still create its
 * buffers). Outputs may be NULL where not wanted, except allocElements. Errors:
 * CLFFT_INVALID_ARG_VALUE for a zero size, CLFFT_INVALID_HOST_PTR for allocElements NULL,
 * CLFFT_INVALID_VALUE for a communicator that is MPI_COMM_NULL, CLFFT_NOTIMPLEMENTED for a rank
 * other than 2 or 3 in the "Many" forms. */
CLFFT_MPI_API clfftStatus clfftMpiLocalSize2D(size_t n0, size_t n1, MPI_Comm comm,
	size_t* localN0, size_t* localStart0, size_t* allocElements);
CLFFT_MPI_API clfftStatus clfftMpiLocalSize3D(size_t n0, size_t n1, size_t n2, MPI_Comm comm,
	size_t* localN0, size_t* localStart0, size_t* allocElements);
/* The transposed forms add the rank's share of n1 (its rows of the transposed layout). */
CLFFT_MPI_API clfftStatus clfftMpiLocalSize2DTransposed(size_t n0, size_t n1, MPI_Comm comm,
	size_t* localN0, size_t* localStart0, size_t* localN1, size_t* localStart1, size_t* allocElements);
CLFFT_MPI_API clfftStatus clfftMpiLocalSize3DTransposed(size_t n0, size_t n1, size_t n2, MPI_Comm comm,
	size_t* localN0, size_t* localStart0, size_t* localN1, size_t* localStart1, size_t* allocElements);
/* "howmany" forms: rank 2 or 3 dimensions n[0..rank), each element a tuple of howmany
 * consecutive numbers; counts are multiplied by howmany (the distribution of the plans of
 * clfftMpiCreatePlanMany). */
CLFFT_MPI_API clfftStatus clfftMpiLocalSizeMany(int rank, const size_t* n, size_t howmany, MPI_Comm comm,
	size_t* localN0, size_t* localStart0, size_t* allocElements);
CLFFT_MPI_API clfftStatus clfftMpiLocalSizeManyTransposed(int rank, const size_t* n, size_t howmany,
	MPI_Comm comm, size_t* localN0, size_t* localStart0, size_t* localN1, size_t* localStart1,
	size_t* allocElements);

/* ---- Plans ------------------------------------------------------------------------------
 * clfftMpiCreatePlan (collective): a plan for the global array of dim (CLFFT_2D or CLFFT_3D)
 * dimensions lengths[0..dim) (n0 first, slowest varying: the C order, unlike clFFT's own
 * lengths). Each rank passes its own context and queue (one device per rank); the plan's local
 * FFTs are clfft-ng plans on that queue, baked here. placement: CLFFT_INPLACE (same buffer in
 * and out) or CLFFT_OUTOFPLACE (the input is left as it was). TRANSPOSED_IN is refused for R2C
 * and TRANSPOSED_OUT for C2R (CLFFT_NOTIMPLEMENTED).
 * Device memory besides the client's buffers: two work buffers of allocElements each (none on
 * one rank without TRANSPOSED flags: one local plan does it all), and the local plans'
 * temporaries; host memory, for devices that do not map host memory: two staging buffers of
 * allocElements each. */
CLFFT_MPI_API clfftStatus clfftMpiCreatePlan(clfftMpiPlanHandle* plan, MPI_Comm comm,
	cl_context context, cl_command_queue queue, clfftDim dim, const size_t* lengths,
	clfftMpiKind kind, clfftPrecision precision, clfftDirection direction, unsigned flags,
	clfftResultLocation placement);

/* clfftMpiCreatePlanMany (collective): howmany interleaved transforms of the same shape, as
 * FFTW-MPI's fftw_mpi_plan_many_dft: element (i0, i1, i2) of transform h is at
 * ((i0 n1 + i1) n2 + i2) howmany + h of the global array (2D: (i0 n1 + i1) howmany + h; real
 * arrays with their padded last dimension, complex ones with nlast/2+1), split along n0 as
 * above; the transposed layout is n1 x n0 (x n2) x howmany, split along n1. Sizes, allocation and
 * layout: clfftMpiLocalSizeMany[Transposed] with the complex dimensions; clfftMpiGetPlanLayout's
 * allocElements counts howmany numbers per element. howmany = 1 is clfftMpiCreatePlan; 0 is
 * CLFFT_INVALID_ARG_VALUE. With howmany > 1 (and more than one rank or a TRANSPOSED flag), two
 * more device copies reorder the slab to and from the order where the local FFTs over the last
 * dimensions are one batched plan (docs/distributed.md). Pencils: clfftMpiCreatePencilPlanMany. */
CLFFT_MPI_API clfftStatus clfftMpiCreatePlanMany(clfftMpiPlanHandle* plan, MPI_Comm comm,
	cl_context context, cl_command_queue queue, clfftDim dim, const size_t* lengths, size_t howmany,
	clfftMpiKind kind, clfftPrecision precision, clfftDirection direction, unsigned flags,
	clfftResultLocation placement);

/* ---- Pencils (3D) ---------------------------------------------------------------------------
 * A 2D process grid of rows x cols = P ranks; rank r * cols + c sits at (r, c). rows = 0 picks
 * the largest divisor of P not above sqrt(P) (4 ranks: 2 x 2; 6: 2 x 3); otherwise rows must
 * divide P. Each rank holds a box of the global n0 x n1 x n2 array, stored row-major (n2
 * fastest) from offset 0, blocks split as in the slab case (ceil(n / parts), empty ones last):
 *  - "z pencils" (input of a forward plan, output of a backward one): n0 split over the rows,
 *    n1 over the columns, all of n2;
 *  - "x pencils" (output of a forward plan, input of a backward one): all of n0, n1 split over
 *    the rows, n2 over the columns.
 * The 1D FFTs along n2, n1 and n0 each run on whole local pencils; the two global transposes
 * each involve only the ranks of one grid row or column (P3DFFT's and heFFTe's scheme), so
 * more ranks than n0 all get work. Real transforms: the boxes are those of the complex array
 * n0 x n1 x (n2/2+1) (call the query with n2/2+1, as for slabs); a real z box holds its rows of
 * n2 reals padded to 2 (n2/2+1). */
CLFFT_MPI_API clfftStatus clfftMpiLocalSize3DPencils(size_t n0, size_t n1, size_t n2, MPI_Comm comm, int rows,
	size_t inStart[3], size_t inCount[3], size_t outStart[3], size_t outCount[3], size_t* allocElements);

/* The same with howmany interleaved transforms: the boxes as above, each element an H-tuple
 * (element h of box index i at i howmany + h); allocElements counts howmany per element. */
CLFFT_MPI_API clfftStatus clfftMpiLocalSize3DPencilsMany(size_t n0, size_t n1, size_t n2, size_t howmany,
	MPI_Comm comm, int rows, size_t inStart[3], size_t inCount[3], size_t outStart[3], size_t outCount[3],
	size_t* allocElements);

/* Collective, like clfftMpiCreatePlan (sizes, rows, kind, precision, direction and placement
 * must agree). C2C forward and R2C: z pencils -> x pencils; C2C backward and C2R: x pencils -> z
 * pencils (real plans ignore direction). Unnormalised. */
CLFFT_MPI_API clfftStatus clfftMpiCreatePencilPlan(clfftMpiPlanHandle* plan, MPI_Comm comm, cl_context context,
	cl_command_queue queue, const size_t* lengths, int rows, clfftMpiKind kind, clfftPrecision precision,
	clfftDirection direction, clfftResultLocation placement);
/* howmany interleaved pencil transforms (as clfftMpiCreatePlanMany; boxes of
 * clfftMpiLocalSize3DPencilsMany); howmany = 1 is clfftMpiCreatePencilPlan. */
CLFFT_MPI_API clfftStatus clfftMpiCreatePencilPlanMany(clfftMpiPlanHandle* plan, MPI_Comm comm,
	cl_context context, cl_command_queue queue, const size_t* lengths, size_t howmany, int rows, clfftMpiKind kind,
	clfftPrecision precision, clfftDirection direction, clfftResultLocation placement);

/* What the plan expects of this rank's buffers: the rank's rows in the input and output
 * layouts (local_n0 and start for the normal layout, local_n1 and start for the transposed
 * one) and the element count each buffer must hold (complex elements; a real buffer holds
 * twice as many reals). Any output pointer may be NULL. Local, no communication. For pencil
 * plans only allocElements is meaningful (the others are 0): see clfftMpiLocalSize3DPencils. */
CLFFT_MPI_API clfftStatus clfftMpiGetPlanLayout(clfftMpiPlanHandle plan, size_t* localN0,
	size_t* localStart0, size_t* localN1, size_t* localStart1, size_t* allocElements);

/* clfftMpiExecute (collective): runs the transform; input and output are this rank's buffers
 * (the same buffer for an in-place plan, where output may also be NULL; an out-of-place plan
 * leaves input unchanged, and may be given the same buffer twice). Returns
 * when the result is in output (the plan's queue is finished). A buffer too small for this
 * rank's part of its layout (a rank without rows accepts any buffer) gives
 * CLFFT_INVALID_BUFFER_SIZE, a NULL buffer CLFFT_INVALID_MEM_OBJECT, on every rank, and nothing
 * is changed. A failure during the transform on any rank (an OpenCL error, host memory
 * exhausted: CLFFT_OUT_OF_HOST_MEMORY) makes every rank return the same status (the lowest
 * failing rank's), with no rank left in a collective; the output is then undefined, the plan
 * stays usable.
 * Caller error, not detectable collectively: a handle that is not a live plan (never created,
 * or destroyed) on one rank only. That rank returns CLFFT_INVALID_PLAN at once, but the
 * communicator to tell the others is in the plan the handle names, so the others wait in their
 * first collective (as with an invalid plan on one rank in FFTW-MPI). Not for concurrent use of
 * one plan from several threads of a rank (calls are serialised per plan). */
CLFFT_MPI_API clfftStatus clfftMpiExecute(clfftMpiPlanHandle plan, cl_mem input, cl_mem output);

/* Bytes this rank sent to other ranks (through MPI) and bytes it kept on its device, over
 * the last execution; either pointer may be NULL. Local. */
CLFFT_MPI_API clfftStatus clfftMpiGetTraffic(clfftMpiPlanHandle plan, cl_ulong* bytesSent,
	cl_ulong* bytesKept);

/* Where the last execution's time went, in seconds on this rank: local FFTs, device copies
 * (packing, unpacking, local transposes) and exchanges (device-host copies and MPI). Only with
 * CLFFT_MPI_PROFILE=1 in the environment when the plan was created, which makes every step wait
 * for the device (slower): otherwise CLFFT_INVALID_OPERATION. Any pointer may be NULL. Local. */
CLFFT_MPI_API clfftStatus clfftMpiGetProfile(clfftMpiPlanHandle plan, double* fftSeconds, double* copySeconds,
	double* exchangeSeconds);

/* Releases the plan and sets *plan to 0. Call it on every rank (it frees the plan's duplicate
 * of the communicator), before MPI_Finalize. */
CLFFT_MPI_API clfftStatus clfftMpiDestroyPlan(clfftMpiPlanHandle* plan);

#ifdef __cplusplus
}
#endif

#endif /* CLFFT_MPI_H */
