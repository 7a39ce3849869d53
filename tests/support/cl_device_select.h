/* The OpenCL device the tests run on, chosen the same way by every test program (C or C++),
 * by the device lister (tests/support/cl_devices.c, used by scripts/gpu-check.sh) and by the
 * benchmark programs. Header-only, C99 and C++.
 *
 *   CLFFT_TEST_DEVICE=P:D     platform index P, device index D among that platform's devices of
 *                             every type: the numbers `clfft-client -i` prints and its -p/-d take
 *   CLFFT_TEST_DEVICE=TEXT    the first device (in that order) whose "platform name / device
 *                             name" contains TEXT, ignoring case (e.g. "nvidia", "gfx90a", "pocl")
 *   unset or empty            the first platform that has a default device (CL_DEVICE_TYPE_DEFAULT),
 *                             and that device: what the tests always did
 *
 * clfft_select_device() returns 0 and fills its outputs, or returns -1 with a message in err
 * (a named device that does not exist is an error, never a silent fallback). */
#ifndef CLFFT_TEST_CL_DEVICE_SELECT_H
#define CLFFT_TEST_CL_DEVICE_SELECT_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLFFT_SELECT_MAX 64

/* 1 when `needle` occurs in `hay`, ignoring ASCII case. */
static inline int clfft_select_contains(const char* hay, const char* needle)
{
    size_t n = strlen(needle);
    if (n == 0)
        return 1;
    for (; *hay; ++hay) {
        size_t i = 0;
        while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            ++i;
        if (i == n)
            return 1;
    }
    return 0;
}

/* "platform name / device name" of device d of platform p, into out. */
static inline void clfft_select_describe(cl_platform_id p, cl_device_id d, char* out, size_t size)
{
    char pname[256] = {0}, dname[256] = {0};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
    clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dname - 1, dname, NULL);
    snprintf(out, size, "%s / %s", pname, dname);
}

static inline int clfft_select_device(cl_platform_id* platform, cl_device_id* device, unsigned* platformIndex,
                                      unsigned* deviceIndex, char* err, size_t errSize)
{
    cl_platform_id plats[CLFFT_SELECT_MAX];
    cl_uint np = 0;
    const char* want = getenv("CLFFT_TEST_DEVICE");
    if (clGetPlatformIDs(CLFFT_SELECT_MAX, plats, &np) != CL_SUCCESS || np == 0) {
        snprintf(err, errSize, "no OpenCL platform (install an OpenCL driver, e.g. pocl-opencl-icd)");
        return -1;
    }
    if (np > CLFFT_SELECT_MAX)
        np = CLFFT_SELECT_MAX;
    if (!want || !*want) {
        for (cl_uint p = 0; p < np; ++p) {
            cl_device_id d = NULL;
            cl_uint nd = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_DEFAULT, 1, &d, &nd) != CL_SUCCESS || nd == 0)
                continue;
            /* Its index among the platform's devices of every type, for the report. */
            cl_device_id all[CLFFT_SELECT_MAX];
            cl_uint na = 0;
            unsigned index = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, CLFFT_SELECT_MAX, all, &na) == CL_SUCCESS)
                for (cl_uint i = 0; i < na && i < CLFFT_SELECT_MAX; ++i)
                    if (all[i] == d)
                        index = i;
            *platform = plats[p];
            *device = d;
            if (platformIndex)
                *platformIndex = p;
            if (deviceIndex)
                *deviceIndex = index;
            return 0;
        }
        snprintf(err, errSize, "no OpenCL platform has a default device");
        return -1;
    }
    unsigned wantP = 0, wantD = 0;
    char tail = 0;
    const int byIndex = sscanf(want, "%u:%u%c", &wantP, &wantD, &tail) == 2;
    for (cl_uint p = 0; p < np; ++p) {
        cl_device_id devs[CLFFT_SELECT_MAX];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, CLFFT_SELECT_MAX, devs, &nd) != CL_SUCCESS)
            nd = 0;
        if (nd > CLFFT_SELECT_MAX)
            nd = CLFFT_SELECT_MAX;
        for (cl_uint d = 0; d < nd; ++d) {
            char text[600];
            clfft_select_describe(plats[p], devs[d], text, sizeof text);
            if (byIndex ? (p == wantP && d == wantD) : clfft_select_contains(text, want)) {
                *platform = plats[p];
                *device = devs[d];
                if (platformIndex)
                    *platformIndex = p;
                if (deviceIndex)
                    *deviceIndex = d;
                return 0;
            }
        }
    }
    snprintf(err, errSize,
             "CLFFT_TEST_DEVICE=%s matches no OpenCL device (give P:D, platform and device index, or part of "
             "the device name; scripts/gpu-check.sh --list shows them)",
             want);
    return -1;
}

#endif /* CLFFT_TEST_CL_DEVICE_SELECT_H */
