/* Fault injection through cl_count_shim (tests/hardening/cl_count_shim.c): the kinds of OpenCL
 * call the shim can make fail, and the functions a test finds with dlsym(RTLD_DEFAULT, ...).
 * Only calls made by libclFFT (the caller's return address lies in libclFFT) are counted and
 * can fail; the test's own calls always go through. */
#ifndef CLFFT_NG_TEST_CL_FAULT_H
#define CLFFT_NG_TEST_CL_FAULT_H

enum {
    CLFAULT_CREATE_BUFFER,               /* clCreateBuffer and clCreateSubBuffer */
    CLFAULT_CREATE_PROGRAM_WITH_SOURCE,
    CLFAULT_CREATE_PROGRAM_WITH_BINARY,
    CLFAULT_BUILD_PROGRAM,
    CLFAULT_CREATE_KERNEL,
    CLFAULT_SET_KERNEL_ARG,
    CLFAULT_ENQUEUE_NDRANGE_KERNEL,
    CLFAULT_ENQUEUE_WRITE_BUFFER,
    CLFAULT_ENQUEUE_READ_BUFFER,
    CLFAULT_ENQUEUE_COPY_BUFFER,
    CLFAULT_ENQUEUE_FILL_BUFFER,
    CLFAULT_KINDS
};

/* Library calls of `kind` since the shim was loaded (or since clfault_reset). */
typedef long (*clfault_calls_fn)(int kind);
/* The k-th (1-based) library call of `kind` from now on returns `error` (object-creating calls
 * return NULL and store `error` in errcode_ret) without reaching the driver; one shot. Arming
 * again replaces the previous arming. */
typedef void (*clfault_arm_fn)(int kind, long k, int error);
/* Forgets the arming (a fault that has not fired will not fire). */
typedef void (*clfault_disarm_fn)(void);
/* Faults injected since the shim was loaded. */
typedef long (*clfault_fired_fn)(void);
/* Sets every call counter to zero and disarms. */
typedef void (*clfault_reset_fn)(void);

#endif
