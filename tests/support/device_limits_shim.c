/* LD_PRELOAD shim: makes the OpenCL device look smaller than it is, to run the test suites as
 * they would run on a device with less memory, smaller work-groups or no fp64.
 *
 *   CLFFT_FAKE_DEVICE="max_alloc=268435456,global_mem=1073741824,local_mem=32768,max_wg=256,fp64=0"
 *   LD_PRELOAD=build/tests/libdevice_limits_shim.so ctest ...
 *
 * Keys (every one optional; sizes in bytes, with an optional K, M or G suffix, powers of 1024):
 *   max_alloc    CL_DEVICE_MAX_MEM_ALLOC_SIZE
 *   global_mem   CL_DEVICE_GLOBAL_MEM_SIZE (max_alloc is never reported above it)
 *   local_mem    CL_DEVICE_LOCAL_MEM_SIZE
 *   max_wg       CL_DEVICE_MAX_WORK_GROUP_SIZE, each of CL_DEVICE_MAX_WORK_ITEM_SIZES and
 *                CL_KERNEL_WORK_GROUP_SIZE
 *   fp64=0       CL_DEVICE_DOUBLE_FP_CONFIG 0, cl_khr_fp64 removed from CL_DEVICE_EXTENSIONS,
 *                double vector widths 0
 *   address_bits CL_DEVICE_ADDRESS_BITS
 *   local_overhead  bytes added to every kernel's CL_KERNEL_LOCAL_MEM_SIZE, as a compiler that
 *                keeps data of its own in local memory reports (NVIDIA's: 4-32 bytes beyond the
 *                kernel's arrays on an H200)
 *   local_slack  bytes a kernel's CL_KERNEL_LOCAL_MEM_SIZE may exceed local_mem and still run,
 *                as on NVIDIA's driver (libclFFT allows 64 there)
 * A value only ever lowers what the device reports (the real device cannot do more than it
 * does). Everything else is forwarded to the next definition (the ICD loader) through
 * dlsym(RTLD_NEXT), so the test programs and libclFFT, which both call the loader, see the same
 * device.
 *
 * The limits are also enforced, as a device that small would: clCreateBuffer above max_alloc
 * fails with CL_INVALID_BUFFER_SIZE; clEnqueueNDRangeKernel fails with CL_INVALID_WORK_GROUP_SIZE
 * when the work-group is larger than max_wg and with CL_OUT_OF_RESOURCES when the kernel's
 * CL_KERNEL_LOCAL_MEM_SIZE exceeds local_mem. Each such refusal is printed on stderr
 * ("device_limits_shim: ..."), so a library that ignores a limit shows up in the test's log.
 * With CLFFT_FAKE_DEVICE unset or empty the shim changes nothing. A malformed value is reported
 * and the process exits with status 2 (a profile that silently did nothing would prove nothing). */
#define _GNU_SOURCE
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next definition: the ICD loader, found after this library in the global scope; in a
 * process that loaded it with dlopen(RTLD_LOCAL) (Python's pyopencl), from libOpenCL.so.1. */
static void* nextSymbol(const char* name)
{
    void* p = dlsym(RTLD_NEXT, name);
    if (!p) {
        static void* loader;
        if (!loader)
            loader = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
        if (loader)
            p = dlsym(loader, name);
    }
    if (!p) {
        fprintf(stderr, "device_limits_shim: no OpenCL function %s to forward to\n", name);
        abort();
    }
    return p;
}

#define NEXT(name) ((__typeof__(&name))nextSymbol(#name))

struct Limits {
    int active;
    cl_ulong maxAlloc, globalMem, localMem; /* 0: not set */
    size_t maxWg;                          /* 0: not set */
    int noFp64;
    cl_uint addressBits; /* 0: not set */
    cl_ulong localOverhead, localSlack;
};

static struct Limits g_limits;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;

static void fail(const char* what, const char* text)
{
    fprintf(stderr, "device_limits_shim: CLFFT_FAKE_DEVICE: %s in \"%s\"\n", what, text);
    exit(2);
}

static cl_ulong parseSize(const char* key, const char* v)
{
    char* end = NULL;
    unsigned long long n = strtoull(v, &end, 0);
    if (end == v)
        fail("bad number", key);
    switch (*end) {
    case 'k': case 'K': n <<= 10; ++end; break;
    case 'm': case 'M': n <<= 20; ++end; break;
    case 'g': case 'G': n <<= 30; ++end; break;
    default: break;
    }
    if (*end == 'i' || *end == 'I') /* KiB, MiB, GiB */
        ++end;
    if (*end == 'b' || *end == 'B')
        ++end;
    if (*end != '\0')
        fail("bad size", key);
    return (cl_ulong)n;
}

static void parse(void)
{
    const char* env = getenv("CLFFT_FAKE_DEVICE");
    if (!env || !*env)
        return;
    char* text = strdup(env);
    if (!text)
        return;
    for (char* save = NULL, *item = strtok_r(text, ",; ", &save); item; item = strtok_r(NULL, ",; ", &save)) {
        char* eq = strchr(item, '=');
        if (!eq)
            fail("expected key=value", item);
        *eq = '\0';
        const char* value = eq + 1;
        if (!strcmp(item, "max_alloc"))
            g_limits.maxAlloc = parseSize(item, value);
        else if (!strcmp(item, "global_mem"))
            g_limits.globalMem = parseSize(item, value);
        else if (!strcmp(item, "local_mem"))
            g_limits.localMem = parseSize(item, value);
        else if (!strcmp(item, "max_wg"))
            g_limits.maxWg = (size_t)parseSize(item, value);
        else if (!strcmp(item, "fp64"))
            g_limits.noFp64 = parseSize(item, value) == 0;
        else if (!strcmp(item, "local_overhead"))
            g_limits.localOverhead = parseSize(item, value);
        else if (!strcmp(item, "local_slack"))
            g_limits.localSlack = parseSize(item, value);
        else if (!strcmp(item, "address_bits"))
            g_limits.addressBits = (cl_uint)parseSize(item, value);
        else
            fail("unknown key", item);
    }
    free(text);
    if (g_limits.globalMem && (!g_limits.maxAlloc || g_limits.maxAlloc > g_limits.globalMem))
        g_limits.maxAlloc = g_limits.globalMem;
    g_limits.active = 1;
}

static const struct Limits* limits(void)
{
    pthread_once(&g_once, parse);
    return &g_limits;
}

static cl_ulong lowerU64(cl_ulong real, cl_ulong fake) { return fake && fake < real ? fake : real; }
static size_t lowerSize(size_t real, size_t fake) { return fake && fake < real ? fake : real; }

/* Removes the token cl_khr_fp64 from a space-separated extension list, in place. */
static void stripFp64(char* s)
{
    const char* token = "cl_khr_fp64";
    const size_t n = strlen(token);
    for (char* p = s; (p = strstr(p, token)) != NULL;) {
        const int starts = p == s || p[-1] == ' ';
        const int ends = p[n] == '\0' || p[n] == ' ';
        if (!starts || !ends) {
            p += n;
            continue;
        }
        const char* rest = p[n] == ' ' ? p + n + 1 : p + n;
        memmove(p, rest, strlen(rest) + 1);
    }
    size_t len = strlen(s);
    while (len > 0 && s[len - 1] == ' ')
        s[--len] = '\0';
}

static cl_int extensions(cl_device_id d, size_t size, void* value, size_t* sizeRet)
{
    size_t realSize = 0;
    cl_int err = NEXT(clGetDeviceInfo)(d, CL_DEVICE_EXTENSIONS, 0, NULL, &realSize);
    if (err != CL_SUCCESS)
        return err;
    char* text = calloc(realSize + 1, 1);
    if (!text)
        return CL_OUT_OF_HOST_MEMORY;
    err = NEXT(clGetDeviceInfo)(d, CL_DEVICE_EXTENSIONS, realSize, text, NULL);
    if (err == CL_SUCCESS) {
        stripFp64(text);
        const size_t need = strlen(text) + 1;
        if (value && size < need)
            err = CL_INVALID_VALUE;
        else {
            if (value)
                memcpy(value, text, need);
            if (sizeRet)
                *sizeRet = need;
        }
    }
    free(text);
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id d, cl_device_info what, size_t size, void* value,
                                                size_t* sizeRet)
{
    const struct Limits* l = limits();
    if (l->active && l->noFp64 && what == CL_DEVICE_EXTENSIONS)
        return extensions(d, size, value, sizeRet);
    const cl_int err = NEXT(clGetDeviceInfo)(d, what, size, value, sizeRet);
    if (err != CL_SUCCESS || !l->active || !value)
        return err;
    switch (what) {
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
        if (size >= sizeof(cl_ulong))
            *(cl_ulong*)value = lowerU64(*(cl_ulong*)value, l->maxAlloc);
        break;
    case CL_DEVICE_GLOBAL_MEM_SIZE:
        if (size >= sizeof(cl_ulong))
            *(cl_ulong*)value = lowerU64(*(cl_ulong*)value, l->globalMem);
        break;
    case CL_DEVICE_LOCAL_MEM_SIZE:
        if (size >= sizeof(cl_ulong))
            *(cl_ulong*)value = lowerU64(*(cl_ulong*)value, l->localMem);
        break;
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
        if (size >= sizeof(size_t))
            *(size_t*)value = lowerSize(*(size_t*)value, l->maxWg);
        break;
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
        for (size_t i = 0; i + 1 <= size / sizeof(size_t); ++i)
            ((size_t*)value)[i] = lowerSize(((size_t*)value)[i], l->maxWg);
        break;
    case CL_DEVICE_ADDRESS_BITS:
        if (size >= sizeof(cl_uint) && l->addressBits && l->addressBits < *(cl_uint*)value)
            *(cl_uint*)value = l->addressBits;
        break;
    case CL_DEVICE_DOUBLE_FP_CONFIG:
        if (l->noFp64 && size >= sizeof(cl_device_fp_config))
            *(cl_device_fp_config*)value = 0;
        break;
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
        if (l->noFp64 && size >= sizeof(cl_uint))
            *(cl_uint*)value = 0;
        break;
    default:
        break;
    }
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel k, cl_device_id d, cl_kernel_work_group_info what,
                                                         size_t size, void* value, size_t* sizeRet)
{
    const struct Limits* l = limits();
    const cl_int err = NEXT(clGetKernelWorkGroupInfo)(k, d, what, size, value, sizeRet);
    if (err == CL_SUCCESS && l->active && value && what == CL_KERNEL_WORK_GROUP_SIZE && size >= sizeof(size_t))
        *(size_t*)value = lowerSize(*(size_t*)value, l->maxWg);
    if (err == CL_SUCCESS && l->active && value && what == CL_KERNEL_LOCAL_MEM_SIZE && size >= sizeof(cl_ulong))
        *(cl_ulong*)value += l->localOverhead;
    return err;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context c, cl_mem_flags f, size_t bytes, void* host, cl_int* e)
{
    const struct Limits* l = limits();
    if (l->active && l->maxAlloc && bytes > l->maxAlloc) {
        fprintf(stderr, "device_limits_shim: clCreateBuffer of %zu bytes refused (max_alloc %llu)\n", bytes,
                (unsigned long long)l->maxAlloc);
        if (e)
            *e = CL_INVALID_BUFFER_SIZE;
        return NULL;
    }
    return NEXT(clCreateBuffer)(c, f, bytes, host, e);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dims,
                                                       const size_t* offset, const size_t* global, const size_t* local,
                                                       cl_uint nEvents, const cl_event* events, cl_event* event)
{
    const struct Limits* l = limits();
    if (l->active && (l->maxWg || l->localMem)) {
        char name[256] = "?";
        NEXT(clGetKernelInfo)(k, CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, NULL);
        if (l->maxWg && local) {
            size_t items = 1;
            for (cl_uint i = 0; i < dims; ++i)
                items *= local[i];
            if (items > l->maxWg) {
                fprintf(stderr, "device_limits_shim: kernel %s enqueued with %zu work-items per group (max_wg %zu)\n",
                        name, items, l->maxWg);
                return CL_INVALID_WORK_GROUP_SIZE;
            }
        }
        cl_device_id d = NULL;
        cl_ulong localBytes = 0;
        if (l->localMem &&
            NEXT(clGetCommandQueueInfo)(q, CL_QUEUE_DEVICE, sizeof d, &d, NULL) == CL_SUCCESS &&
            NEXT(clGetKernelWorkGroupInfo)(k, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes, &localBytes, NULL) ==
                CL_SUCCESS &&
            localBytes + l->localOverhead > l->localMem + l->localSlack) {
            localBytes += l->localOverhead;
            fprintf(stderr, "device_limits_shim: kernel %s uses %llu bytes of local memory (local_mem %llu)\n", name,
                    (unsigned long long)localBytes, (unsigned long long)l->localMem);
            return CL_OUT_OF_RESOURCES;
        }
    }
    return NEXT(clEnqueueNDRangeKernel)(q, k, dims, offset, global, local, nEvents, events, event);
}
