/*
 * clfftw3.h: the FFTW 3.3 host interface of clfft-ng (libclfftw3 for double precision, fftw_*;
 * libclfftw3f for single precision, fftwf_*). The names, types, signatures and flag values are
 * those of FFTW 3.3, so that a program written against FFTW builds with this header (or keeps
 * FFTW's own fftw3.h) and runs its transforms on an OpenCL device by linking -lclfftw3 /
 * -lclfftw3f instead of -lfftw3 / -lfftw3f. What is supported, and what returns a NULL plan,
 * is listed in docs/fftw-compat.md. Long-double and quad precision (fftwl_, fftwq_) are not
 * provided.
 */
#ifndef CLFFTW3_H
#define CLFFTW3_H

#include <stddef.h> /* ptrdiff_t, size_t */
#include <stdio.h>  /* FILE */

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(CLFFTW_BUILDING_LIBRARY)
#define CLFFTW_API __attribute__((visibility("default")))
#else
#define CLFFTW_API
#endif

/* Transform signs and planner flags (FFTW 3.3 values). */
#define FFTW_FORWARD (-1)
#define FFTW_BACKWARD (+1)
#define FFTW_NO_TIMELIMIT (-1.0)

#define FFTW_MEASURE (0U)
#define FFTW_DESTROY_INPUT (1U << 0)
#define FFTW_UNALIGNED (1U << 1)
#define FFTW_CONSERVE_MEMORY (1U << 2)
#define FFTW_EXHAUSTIVE (1U << 3)
#define FFTW_PRESERVE_INPUT (1U << 4)
#define FFTW_PATIENT (1U << 5)
#define FFTW_ESTIMATE (1U << 6)
#define FFTW_WISDOM_ONLY (1U << 21)

#define FFTW_ESTIMATE_PATIENT (1U << 7)
#define FFTW_BELIEVE_PCOST (1U << 8)
#define FFTW_NO_DFT_R2HC (1U << 9)
#define FFTW_NO_NONTHREADED (1U << 10)
#define FFTW_NO_BUFFERING (1U << 11)
#define FFTW_NO_INDIRECT_OP (1U << 12)
#define FFTW_ALLOW_LARGE_GENERIC (1U << 13)
#define FFTW_NO_RANK_SPLITS (1U << 14)
#define FFTW_NO_VRANK_SPLITS (1U << 15)
#define FFTW_NO_VRECURSE (1U << 16)
#define FFTW_NO_SIMD (1U << 17)
#define FFTW_NO_SLOW (1U << 18)
#define FFTW_NO_FIXED_RADIX_LARGE_N (1U << 19)
#define FFTW_ALLOW_PRUNING (1U << 20)

/* Real-to-real kinds (FFTW 3.3 values, also those of clFFT-ng.h's clfftNgR2RKind). */
enum clfftw_r2r_kind_e {
    FFTW_R2HC = 0,
    FFTW_HC2R = 1,
    FFTW_DHT = 2,
    FFTW_REDFT00 = 3,
    FFTW_REDFT01 = 4,
    FFTW_REDFT10 = 5,
    FFTW_REDFT11 = 6,
    FFTW_RODFT00 = 7,
    FFTW_RODFT01 = 8,
    FFTW_RODFT10 = 9,
    FFTW_RODFT11 = 10
};

/* One dimension of a guru plan: its size and the input and output strides (in elements). */
struct clfftw_iodim_s {
    int n;
    int is;
    int os;
};
struct clfftw_iodim64_s {
    ptrdiff_t n;
    ptrdiff_t is;
    ptrdiff_t os;
};

typedef void (*clfftw_write_char_fn)(char c, void* data);
typedef int (*clfftw_read_char_fn)(void* data);

/* Complex numbers are two consecutive reals (re, im); C99 complex when <complex.h> came first,
 * as FFTW does. Both have the same layout. */
#if !defined(FFTW_NO_Complex) && defined(_Complex_I) && defined(complex) && defined(I)
#define CLFFTW_COMPLEX_TYPEDEF(R, name) typedef R _Complex name
#else
#define CLFFTW_COMPLEX_TYPEDEF(R, name) typedef R name[2]
#endif

/* Declares the interface of one precision: P(name) makes the prefixed name, R is the real type. */
#define CLFFTW_DECLARE(P, R)                                                                              \
    CLFFTW_COMPLEX_TYPEDEF(R, P(complex));                                                                \
    typedef struct P(plan_s) * P(plan);                                                                   \
    typedef struct clfftw_iodim_s P(iodim);                                                               \
    typedef struct clfftw_iodim64_s P(iodim64);                                                           \
    typedef enum clfftw_r2r_kind_e P(r2r_kind);                                                           \
    typedef clfftw_write_char_fn P(write_char_func);                                                      \
    typedef clfftw_read_char_fn P(read_char_func);                                                        \
                                                                                                          \
    CLFFTW_API void P(execute)(const P(plan) p);                                                          \
                                                                                                          \
    CLFFTW_API P(plan) P(plan_dft)(int rank, const int* n, P(complex) * in, P(complex) * out, int sign,   \
                                   unsigned flags);                                                       \
    CLFFTW_API P(plan) P(plan_dft_1d)(int n, P(complex) * in, P(complex) * out, int sign, unsigned flags); \
    CLFFTW_API P(plan) P(plan_dft_2d)(int n0, int n1, P(complex) * in, P(complex) * out, int sign,        \
                                      unsigned flags);                                                    \
    CLFFTW_API P(plan) P(plan_dft_3d)(int n0, int n1, int n2, P(complex) * in, P(complex) * out,          \
                                      int sign, unsigned flags);                                          \
    CLFFTW_API P(plan) P(plan_many_dft)(int rank, const int* n, int howmany, P(complex) * in,             \
                                        const int* inembed, int istride, int idist, P(complex) * out,     \
                                        const int* onembed, int ostride, int odist, int sign,             \
                                        unsigned flags);                                                  \
    CLFFTW_API P(plan) P(plan_guru_dft)(int rank, const P(iodim) * dims, int howmany_rank,                \
                                        const P(iodim) * howmany_dims, P(complex) * in, P(complex) * out, \
                                        int sign, unsigned flags);                                        \
    CLFFTW_API P(plan) P(plan_guru_split_dft)(int rank, const P(iodim) * dims, int howmany_rank,          \
                                              const P(iodim) * howmany_dims, R * ri, R * ii, R * ro,      \
                                              R * io, unsigned flags);                                    \
    CLFFTW_API P(plan) P(plan_guru64_dft)(int rank, const P(iodim64) * dims, int howmany_rank,            \
                                          const P(iodim64) * howmany_dims, P(complex) * in,               \
                                          P(complex) * out, int sign, unsigned flags);                    \
    CLFFTW_API P(plan) P(plan_guru64_split_dft)(int rank, const P(iodim64) * dims, int howmany_rank,      \
                                                const P(iodim64) * howmany_dims, R * ri, R * ii, R * ro,  \
                                                R * io, unsigned flags);                                  \
    CLFFTW_API void P(execute_dft)(const P(plan) p, P(complex) * in, P(complex) * out);                   \
    CLFFTW_API void P(execute_split_dft)(const P(plan) p, R * ri, R * ii, R * ro, R * io);                \
                                                                                                          \
    CLFFTW_API P(plan) P(plan_many_dft_r2c)(int rank, const int* n, int howmany, R* in,                   \
                                            const int* inembed, int istride, int idist, P(complex) * out, \
                                            const int* onembed, int ostride, int odist, unsigned flags);  \
    CLFFTW_API P(plan) P(plan_dft_r2c)(int rank, const int* n, R* in, P(complex) * out, unsigned flags);  \
    CLFFTW_API P(plan) P(plan_dft_r2c_1d)(int n, R* in, P(complex) * out, unsigned flags);                \
    CLFFTW_API P(plan) P(plan_dft_r2c_2d)(int n0, int n1, R* in, P(complex) * out, unsigned flags);       \
    CLFFTW_API P(plan) P(plan_dft_r2c_3d)(int n0, int n1, int n2, R* in, P(complex) * out,                \
                                          unsigned flags);                                                \
    CLFFTW_API P(plan) P(plan_many_dft_c2r)(int rank, const int* n, int howmany, P(complex) * in,         \
                                            const int* inembed, int istride, int idist, R* out,           \
                                            const int* onembed, int ostride, int odist, unsigned flags);  \
    CLFFTW_API P(plan) P(plan_dft_c2r)(int rank, const int* n, P(complex) * in, R* out, unsigned flags);  \
    CLFFTW_API P(plan) P(plan_dft_c2r_1d)(int n, P(complex) * in, R* out, unsigned flags);                \
    CLFFTW_API P(plan) P(plan_dft_c2r_2d)(int n0, int n1, P(complex) * in, R* out, unsigned flags);       \
    CLFFTW_API P(plan) P(plan_dft_c2r_3d)(int n0, int n1, int n2, P(complex) * in, R* out,                \
                                          unsigned flags);                                                \
    CLFFTW_API P(plan) P(plan_guru_dft_r2c)(int rank, const P(iodim) * dims, int howmany_rank,            \
                                            const P(iodim) * howmany_dims, R* in, P(complex) * out,       \
                                            unsigned flags);                                              \
    CLFFTW_API P(plan) P(plan_guru_dft_c2r)(int rank, const P(iodim) * dims, int howmany_rank,            \
                                            const P(iodim) * howmany_dims, P(complex) * in, R* out,       \
                                            unsigned flags);                                              \
    CLFFTW_API P(plan) P(plan_guru_split_dft_r2c)(int rank, const P(iodim) * dims, int howmany_rank,      \
                                                  const P(iodim) * howmany_dims, R* in, R* ro, R* io,     \
                                                  unsigned flags);                                        \
    CLFFTW_API P(plan) P(plan_guru_split_dft_c2r)(int rank, const P(iodim) * dims, int howmany_rank,      \
                                                  const P(iodim) * howmany_dims, R* ri, R* ii, R* out,    \
                                                  unsigned flags);                                        \
    CLFFTW_API P(plan) P(plan_guru64_dft_r2c)(int rank, const P(iodim64) * dims, int howmany_rank,        \
                                              const P(iodim64) * howmany_dims, R* in, P(complex) * out,   \
                                              unsigned flags);                                            \
    CLFFTW_API P(plan) P(plan_guru64_dft_c2r)(int rank, const P(iodim64) * dims, int howmany_rank,        \
                                              const P(iodim64) * howmany_dims, P(complex) * in, R* out,   \
                                              unsigned flags);                                            \
    CLFFTW_API P(plan) P(plan_guru64_split_dft_r2c)(int rank, const P(iodim64) * dims, int howmany_rank,  \
                                                    const P(iodim64) * howmany_dims, R* in, R* ro,        \
                                                    R* io, unsigned flags);                               \
    CLFFTW_API P(plan) P(plan_guru64_split_dft_c2r)(int rank, const P(iodim64) * dims, int howmany_rank,  \
                                                    const P(iodim64) * howmany_dims, R* ri, R* ii,        \
                                                    R* out, unsigned flags);                              \
    CLFFTW_API void P(execute_dft_r2c)(const P(plan) p, R* in, P(complex) * out);                         \
    CLFFTW_API void P(execute_dft_c2r)(const P(plan) p, P(complex) * in, R* out);                         \
    CLFFTW_API void P(execute_split_dft_r2c)(const P(plan) p, R* in, R* ro, R* io);                       \
    CLFFTW_API void P(execute_split_dft_c2r)(const P(plan) p, R* ri, R* ii, R* out);                      \
                                                                                                          \
    CLFFTW_API P(plan) P(plan_many_r2r)(int rank, const int* n, int howmany, R* in, const int* inembed,   \
                                        int istride, int idist, R* out, const int* onembed, int ostride,  \
                                        int odist, const P(r2r_kind) * kind, unsigned flags);             \
    CLFFTW_API P(plan) P(plan_r2r)(int rank, const int* n, R* in, R* out, const P(r2r_kind) * kind,       \
                                   unsigned flags);                                                       \
    CLFFTW_API P(plan) P(plan_r2r_1d)(int n, R* in, R* out, P(r2r_kind) kind, unsigned flags);            \
    CLFFTW_API P(plan) P(plan_r2r_2d)(int n0, int n1, R* in, R* out, P(r2r_kind) kind0,                   \
                                      P(r2r_kind) kind1, unsigned flags);                                 \
    CLFFTW_API P(plan) P(plan_r2r_3d)(int n0, int n1, int n2, R* in, R* out, P(r2r_kind) kind0,           \
                                      P(r2r_kind) kind1, P(r2r_kind) kind2, unsigned flags);              \
    CLFFTW_API P(plan) P(plan_guru_r2r)(int rank, const P(iodim) * dims, int howmany_rank,                \
                                        const P(iodim) * howmany_dims, R* in, R* out,                     \
                                        const P(r2r_kind) * kind, unsigned flags);                        \
    CLFFTW_API P(plan) P(plan_guru64_r2r)(int rank, const P(iodim64) * dims, int howmany_rank,            \
                                          const P(iodim64) * howmany_dims, R* in, R* out,                 \
                                          const P(r2r_kind) * kind, unsigned flags);                      \
    CLFFTW_API void P(execute_r2r)(const P(plan) p, R* in, R* out);                                       \
                                                                                                          \
    CLFFTW_API void P(destroy_plan)(P(plan) p);                                                           \
    CLFFTW_API void P(forget_wisdom)(void);                                                               \
    CLFFTW_API void P(cleanup)(void);                                                                     \
    CLFFTW_API void P(set_timelimit)(double t);                                                           \
                                                                                                          \
    CLFFTW_API void P(plan_with_nthreads)(int nthreads);                                                  \
    CLFFTW_API int P(planner_nthreads)(void);                                                             \
    CLFFTW_API int P(init_threads)(void);                                                                 \
    CLFFTW_API void P(cleanup_threads)(void);                                                             \
    CLFFTW_API void P(threads_set_callback)(                                                              \
        void (*parallel_loop)(void* (*work)(char*), char* jobdata, size_t elsize, int njobs, void* data), \
        void* data);                                                                                      \
    CLFFTW_API void P(make_planner_thread_safe)(void);                                                    \
                                                                                                          \
    CLFFTW_API int P(export_wisdom_to_filename)(const char* filename);                                    \
    CLFFTW_API void P(export_wisdom_to_file)(FILE * output_file);                                         \
    CLFFTW_API char* P(export_wisdom_to_string)(void);                                                    \
    CLFFTW_API void P(export_wisdom)(P(write_char_func) write_char, void* data);                          \
    CLFFTW_API int P(import_system_wisdom)(void);                                                         \
    CLFFTW_API int P(import_wisdom_from_filename)(const char* filename);                                  \
    CLFFTW_API int P(import_wisdom_from_file)(FILE * input_file);                                         \
    CLFFTW_API int P(import_wisdom_from_string)(const char* input_string);                                \
    CLFFTW_API int P(import_wisdom)(P(read_char_func) read_char, void* data);                             \
                                                                                                          \
    CLFFTW_API void P(fprint_plan)(const P(plan) p, FILE* output_file);                                   \
    CLFFTW_API void P(print_plan)(const P(plan) p);                                                       \
    CLFFTW_API char* P(sprint_plan)(const P(plan) p);                                                     \
                                                                                                          \
    CLFFTW_API void* P(malloc)(size_t n);                                                                 \
    CLFFTW_API R* P(alloc_real)(size_t n);                                                                \
    CLFFTW_API P(complex) * P(alloc_complex)(size_t n);                                                   \
    CLFFTW_API void P(free)(void* p);                                                                     \
                                                                                                          \
    CLFFTW_API void P(flops)(const P(plan) p, double* add, double* mul, double* fmas);                    \
    CLFFTW_API double P(estimate_cost)(const P(plan) p);                                                  \
    CLFFTW_API double P(cost)(const P(plan) p);                                                           \
                                                                                                          \
    CLFFTW_API int P(alignment_of)(R * p);                                                                \
    CLFFTW_API extern const char P(version)[];                                                            \
    CLFFTW_API extern const char P(cc)[];                                                                 \
    CLFFTW_API extern const char P(codelet_optim)[];

#define CLFFTW_PREFIX_DOUBLE(name) fftw_##name
#define CLFFTW_PREFIX_SINGLE(name) fftwf_##name

CLFFTW_DECLARE(CLFFTW_PREFIX_DOUBLE, double)
CLFFTW_DECLARE(CLFFTW_PREFIX_SINGLE, float)

#ifdef __cplusplus
}
#endif

#endif /* CLFFTW3_H */
