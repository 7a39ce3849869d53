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
 * small (text then holds as much as fits). CLFFT_NG_EXPLAIN=1 prints the same at every bake. */
CLFFTAPI clfftStatus clfftNgExplainPlan(const clfftPlanHandle plHandle, char* text, size_t size, size_t* needed);

/* How a plan is chosen at bake (docs/tuning.md, "Measured plans and wisdom"):
 * ESTIMATE     the cost model's choice, no timing (the default);
 * MEASURE      the profile's plan and the best few other candidates are compiled and timed on
 *              the plan's device, on scratch buffers of the plan's size (never the client's);
 *              the fastest is baked and remembered as wisdom;
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

#ifdef __cplusplus
}
#endif

#endif /* CLFFT_NG_EXTENSIONS_H */
