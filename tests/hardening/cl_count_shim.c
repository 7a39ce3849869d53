/* LD_PRELOAD shim for test_leaks and test_faults: interposes the OpenCL calls that create,
 * retain or release objects, forwards each to the next definition (the ICD loader) with
 * dlsym(RTLD_NEXT), and counts the references taken and given back *by libclFFT* (the caller's
 * return address lies in a module whose file name contains "libclFFT"). Calls from the test
 * program, the loader or PoCL are forwarded uncounted.
 *
 * Per object type: created (successful clCreate* / enqueue that returned an event), retained,
 * released. The library holds created + retained - released references; after clfftTeardown
 * that must be 0 except for events handed to the client through outEvents.
 * The test reads the counters through clcount_get(), found with dlsym(RTLD_DEFAULT).
 *
 * Fault injection (test_faults, cl_fault.h): the shim also counts the library's calls of
 * clCreateBuffer/clCreateSubBuffer, clCreateProgramWithSource/WithBinary, clBuildProgram,
 * clCreateKernel, clSetKernelArg and clEnqueueNDRangeKernel/WriteBuffer/ReadBuffer/CopyBuffer/
 * FillBuffer, and clfault_arm(kind, k, error) makes the k-th of them from then on return
 * `error` without reaching the driver (one shot), as a driver out of memory would. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>

#include "cl_fault.h"

enum { T_CONTEXT, T_QUEUE, T_MEM, T_PROGRAM, T_KERNEL, T_EVENT, T_COUNT };
enum { C_CREATED, C_RETAINED, C_RELEASED, C_KINDS };

static atomic_long counters[T_COUNT][C_KINDS];

/* 1 when `address` (a return address) lies in libclFFT. */
static int fromLibrary(void* address)
{
    Dl_info info;
    if (!dladdr(address, &info) || !info.dli_fname)
        return 0;
    return strstr(info.dli_fname, "libclFFT") != NULL;
}

#define CALLER __builtin_extract_return_addr(__builtin_return_address(0))
#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

static void count(int lib, int type, int kind)
{
    if (lib)
        atomic_fetch_add(&counters[type][kind], 1);
}

/* Read by the test. type: 0 context, 1 queue, 2 mem, 3 program, 4 kernel, 5 event;
 * kind: 0 created, 1 retained, 2 released. */
/* Bytes of all buffers libclFFT created (bench/tmp-sizes: device memory a plan costs beyond
 * what clfftGetTmpBufSize reports). */
static atomic_long libraryBufferBytes;
__attribute__((visibility("default"))) long clcount_buffer_bytes(void)
{
    return atomic_load(&libraryBufferBytes);
}

__attribute__((visibility("default"))) long clcount_get(int type, int kind)
{
    if (type < 0 || type >= T_COUNT || kind < 0 || kind >= C_KINDS)
        return -1;
    return atomic_load(&counters[type][kind]);
}

/* ---- fault injection ---- */
static atomic_long faultCalls[CLFAULT_KINDS];
static atomic_int faultKind = -1;      /* armed kind, -1: none */
static atomic_long faultTarget = 0;    /* the call number (faultCalls value) that fails */
static atomic_int faultError = 0;
static atomic_long faultsFired = 0;

__attribute__((visibility("default"))) long clfault_calls(int kind)
{
    return kind >= 0 && kind < CLFAULT_KINDS ? atomic_load(&faultCalls[kind]) : -1;
}

__attribute__((visibility("default"))) void clfault_arm(int kind, long k, int error)
{
    if (kind < 0 || kind >= CLFAULT_KINDS || k < 1)
        return;
    atomic_store(&faultKind, -1);
    atomic_store(&faultTarget, atomic_load(&faultCalls[kind]) + k);
    atomic_store(&faultError, error);
    atomic_store(&faultKind, kind);
}

__attribute__((visibility("default"))) void clfault_disarm(void) { atomic_store(&faultKind, -1); }

__attribute__((visibility("default"))) long clfault_fired(void) { return atomic_load(&faultsFired); }

__attribute__((visibility("default"))) void clfault_reset(void)
{
    atomic_store(&faultKind, -1);
    for (int i = 0; i < CLFAULT_KINDS; ++i)
        atomic_store(&faultCalls[i], 0);
}

/* Counts a call of `kind` (when `lib`, the caller is libclFFT) and says whether it must fail:
 * 0, or the error to return. */
static cl_int faultFor(int lib, int kind)
{
    if (!lib)
        return CL_SUCCESS;
    const long n = atomic_fetch_add(&faultCalls[kind], 1) + 1;
    if (atomic_load(&faultKind) != kind || n != atomic_load(&faultTarget))
        return CL_SUCCESS;
    int expected = kind;
    if (!atomic_compare_exchange_strong(&faultKind, &expected, -1))
        return CL_SUCCESS; /* another thread took it */
    atomic_fetch_add(&faultsFired, 1);
    return atomic_load(&faultError);
}

/* In an object-creating function: fail with the armed error when this call is the one. */
#define FAULT_OBJECT(kind, lib, errcode)                                                                              \
    do {                                                                                                              \
        const cl_int injected = faultFor((lib), (kind));                                                              \
        if (injected != CL_SUCCESS) {                                                                                 \
            if (errcode)                                                                                              \
                *(errcode) = injected;                                                                                \
            return NULL;                                                                                              \
        }                                                                                                             \
    } while (0)

/* In a function that returns a status. */
#define FAULT_STATUS(kind, lib)                                                                                       \
    do {                                                                                                              \
        const cl_int injected = faultFor((lib), (kind));                                                              \
        if (injected != CL_SUCCESS)                                                                                   \
            return injected;                                                                                          \
    } while (0)

/* ---- creation ---- */
CL_API_ENTRY cl_context CL_API_CALL clCreateContext(const cl_context_properties* p, cl_uint n, const cl_device_id* d,
                                                    void(CL_CALLBACK* f)(const char*, const void*, size_t, void*),
                                                    void* u, cl_int* e)
{
    cl_context r = NEXT(clCreateContext)(p, n, d, f, u, e);
    if (r)
        count(fromLibrary(CALLER), T_CONTEXT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context c, cl_device_id d,
                                                               cl_command_queue_properties p, cl_int* e)
{
    cl_command_queue r = NEXT(clCreateCommandQueue)(c, d, p, e);
    if (r)
        count(fromLibrary(CALLER), T_QUEUE, C_CREATED);
    return r;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context c, cl_mem_flags f, size_t s, void* h, cl_int* e)
{
    const int lib = fromLibrary(CALLER);
    FAULT_OBJECT(CLFAULT_CREATE_BUFFER, lib, e);
    cl_mem r = NEXT(clCreateBuffer)(c, f, s, h, e);
    if (r)
        count(lib, T_MEM, C_CREATED);
    if (r && lib)
        atomic_fetch_add(&libraryBufferBytes, (long)s);
    return r;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void* i,
                                                  cl_int* e)
{
    const int lib = fromLibrary(CALLER);
    FAULT_OBJECT(CLFAULT_CREATE_BUFFER, lib, e);
    cl_mem r = NEXT(clCreateSubBuffer)(b, f, t, i, e);
    if (r)
        count(lib, T_MEM, C_CREATED);
    return r;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context c, cl_uint n, const char** s,
                                                              const size_t* l, cl_int* e)
{
    const int lib = fromLibrary(CALLER);
    FAULT_OBJECT(CLFAULT_CREATE_PROGRAM_WITH_SOURCE, lib, e);
    cl_program r = NEXT(clCreateProgramWithSource)(c, n, s, l, e);
    if (r)
        count(lib, T_PROGRAM, C_CREATED);
    return r;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(cl_context c, cl_uint n, const cl_device_id* d,
                                                              const size_t* l, const unsigned char** b, cl_int* s,
                                                              cl_int* e)
{
    const int lib = fromLibrary(CALLER);
    FAULT_OBJECT(CLFAULT_CREATE_PROGRAM_WITH_BINARY, lib, e);
    cl_program r = NEXT(clCreateProgramWithBinary)(c, n, d, l, b, s, e);
    if (r)
        count(lib, T_PROGRAM, C_CREATED);
    return r;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program p, const char* n, cl_int* e)
{
    const int lib = fromLibrary(CALLER);
    FAULT_OBJECT(CLFAULT_CREATE_KERNEL, lib, e);
    cl_kernel r = NEXT(clCreateKernel)(p, n, e);
    if (r)
        count(lib, T_KERNEL, C_CREATED);
    return r;
}

/* Neither creates nor releases anything; interposed for fault injection only. */
CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint n, const cl_device_id* d, const char* o,
                                               void(CL_CALLBACK* f)(cl_program, void*), void* u)
{
    FAULT_STATUS(CLFAULT_BUILD_PROGRAM, fromLibrary(CALLER));
    return NEXT(clBuildProgram)(p, n, d, o, f, u);
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel k, cl_uint i, size_t s, const void* v)
{
    FAULT_STATUS(CLFAULT_SET_KERNEL_ARG, fromLibrary(CALLER));
    return NEXT(clSetKernelArg)(k, i, s, v);
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program p, cl_uint n, cl_kernel* k, cl_uint* ret)
{
    cl_uint made = 0;
    cl_int r = NEXT(clCreateKernelsInProgram)(p, n, k, &made);
    if (ret)
        *ret = made;
    if (r == CL_SUCCESS && k && fromLibrary(CALLER))
        atomic_fetch_add(&counters[T_KERNEL][C_CREATED], (long)made);
    return r;
}

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context c, cl_int* e)
{
    cl_event r = NEXT(clCreateUserEvent)(c, e);
    if (r)
        count(fromLibrary(CALLER), T_EVENT, C_CREATED);
    return r;
}

/* Enqueues that return an event create one. */
CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint d, const size_t* o,
                                                       const size_t* g, const size_t* l, cl_uint n,
                                                       const cl_event* w, cl_event* ev)
{
    const int lib = fromLibrary(CALLER);
    FAULT_STATUS(CLFAULT_ENQUEUE_NDRANGE_KERNEL, lib);
    cl_int r = NEXT(clEnqueueNDRangeKernel)(q, k, d, o, g, l, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(lib, T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue q, cl_mem s, cl_mem d, size_t so, size_t dof,
                                                    size_t sz, cl_uint n, const cl_event* w, cl_event* ev)
{
    const int lib = fromLibrary(CALLER);
    FAULT_STATUS(CLFAULT_ENQUEUE_COPY_BUFFER, lib);
    cl_int r = NEXT(clEnqueueCopyBuffer)(q, s, d, so, dof, sz, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(lib, T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue q, cl_mem b, cl_bool bl, size_t o, size_t s,
                                                     const void* p, cl_uint n, const cl_event* w, cl_event* ev)
{
    const int lib = fromLibrary(CALLER);
    FAULT_STATUS(CLFAULT_ENQUEUE_WRITE_BUFFER, lib);
    cl_int r = NEXT(clEnqueueWriteBuffer)(q, b, bl, o, s, p, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(lib, T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue q, cl_mem b, cl_bool bl, size_t o, size_t s,
                                                    void* p, cl_uint n, const cl_event* w, cl_event* ev)
{
    const int lib = fromLibrary(CALLER);
    FAULT_STATUS(CLFAULT_ENQUEUE_READ_BUFFER, lib);
    cl_int r = NEXT(clEnqueueReadBuffer)(q, b, bl, o, s, p, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(lib, T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue q, cl_mem b, const void* p, size_t ps,
                                                    size_t o, size_t s, cl_uint n, const cl_event* w, cl_event* ev)
{
    const int lib = fromLibrary(CALLER);
    FAULT_STATUS(CLFAULT_ENQUEUE_FILL_BUFFER, lib);
    cl_int r = NEXT(clEnqueueFillBuffer)(q, b, p, ps, o, s, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(lib, T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n, const cl_event* w,
                                                            cl_event* ev)
{
    cl_int r = NEXT(clEnqueueMarkerWithWaitList)(q, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(fromLibrary(CALLER), T_EVENT, C_CREATED);
    return r;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n, const cl_event* w,
                                                             cl_event* ev)
{
    cl_int r = NEXT(clEnqueueBarrierWithWaitList)(q, n, w, ev);
    if (r == CL_SUCCESS && ev)
        count(fromLibrary(CALLER), T_EVENT, C_CREATED);
    return r;
}

/* ---- retain / release ---- */
#define RETAIN_RELEASE(Type, Name, T)                                                                                 \
    CL_API_ENTRY cl_int CL_API_CALL clRetain##Name(Type o)                                                           \
    {                                                                                                                 \
        cl_int r = NEXT(clRetain##Name)(o);                                                                           \
        if (r == CL_SUCCESS)                                                                                          \
            count(fromLibrary(CALLER), T, C_RETAINED);                                                                \
        return r;                                                                                                     \
    }                                                                                                                 \
    CL_API_ENTRY cl_int CL_API_CALL clRelease##Name(Type o)                                                          \
    {                                                                                                                 \
        const int lib = fromLibrary(CALLER);                                                                          \
        cl_int r = NEXT(clRelease##Name)(o);                                                                          \
        if (r == CL_SUCCESS)                                                                                          \
            count(lib, T, C_RELEASED);                                                                                \
        return r;                                                                                                     \
    }

RETAIN_RELEASE(cl_context, Context, T_CONTEXT)
RETAIN_RELEASE(cl_command_queue, CommandQueue, T_QUEUE)
RETAIN_RELEASE(cl_mem, MemObject, T_MEM)
RETAIN_RELEASE(cl_program, Program, T_PROGRAM)
RETAIN_RELEASE(cl_kernel, Kernel, T_KERNEL)
RETAIN_RELEASE(cl_event, Event, T_EVENT)
