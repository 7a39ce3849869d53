/* cl-devices: the OpenCL platforms and devices, numbered as CLFFT_TEST_DEVICE=P:D and
 * clfft-client -p P -d D count them, and the device CLFFT_TEST_DEVICE chooses (cl_device_select.h).
 *
 *   cl-devices              every device, one line each; '*' marks the chosen one
 *   cl-devices --select     "P D" of the chosen device (exit 1 with a message when there is none)
 *   cl-devices --markdown   a markdown table of what the chosen device reports
 *   cl-devices --name       the chosen device's name
 *   cl-devices --fp64       "yes" or "no": whether the chosen device has double precision
 * Used by scripts/gpu-check.sh. */
#include "cl_device_select.h"

#include <stdio.h>
#include <string.h>

static cl_ulong u64(cl_device_id d, cl_device_info what)
{
    cl_ulong v = 0;
    clGetDeviceInfo(d, what, sizeof v, &v, NULL);
    return v;
}

static cl_uint u32(cl_device_id d, cl_device_info what)
{
    cl_uint v = 0;
    clGetDeviceInfo(d, what, sizeof v, &v, NULL);
    return v;
}

static size_t usize(cl_device_id d, cl_device_info what)
{
    size_t v = 0;
    clGetDeviceInfo(d, what, sizeof v, &v, NULL);
    return v;
}

static const char* text(cl_device_id d, cl_device_info what, char* buf, size_t n)
{
    buf[0] = 0;
    clGetDeviceInfo(d, what, n - 1, buf, NULL);
    buf[n - 1] = 0;
    return buf;
}

static const char* typeName(cl_device_type t)
{
    if (t & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (t & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (t & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    return "other";
}

static int listAll(cl_device_id chosen)
{
    cl_platform_id plats[CLFFT_SELECT_MAX];
    cl_uint np = 0;
    if (clGetPlatformIDs(CLFFT_SELECT_MAX, plats, &np) != CL_SUCCESS || np == 0) {
        printf("no OpenCL platform\n");
        return 1;
    }
    for (cl_uint p = 0; p < np && p < CLFFT_SELECT_MAX; ++p) {
        char pname[256] = {0}, pver[256] = {0};
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL);
        clGetPlatformInfo(plats[p], CL_PLATFORM_VERSION, sizeof pver - 1, pver, NULL);
        printf("platform %u: %s (%s)\n", p, pname, pver);
        cl_device_id devs[CLFFT_SELECT_MAX];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, CLFFT_SELECT_MAX, devs, &nd) != CL_SUCCESS)
            nd = 0;
        for (cl_uint d = 0; d < nd && d < CLFFT_SELECT_MAX; ++d) {
            char name[256], buf[256];
            cl_device_type t = 0;
            clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof t, &t, NULL);
            printf("%c %u:%u  %s [%s], %u CUs, %.0f MiB global, %.0f MiB max alloc, %.0f KiB local, "
                   "work-group %zu, fp64 %s, %s\n",
                   devs[d] == chosen ? '*' : ' ', p, d, text(devs[d], CL_DEVICE_NAME, name, sizeof name), typeName(t),
                   u32(devs[d], CL_DEVICE_MAX_COMPUTE_UNITS), (double)u64(devs[d], CL_DEVICE_GLOBAL_MEM_SIZE) / 1048576.0,
                   (double)u64(devs[d], CL_DEVICE_MAX_MEM_ALLOC_SIZE) / 1048576.0,
                   (double)u64(devs[d], CL_DEVICE_LOCAL_MEM_SIZE) / 1024.0, usize(devs[d], CL_DEVICE_MAX_WORK_GROUP_SIZE),
                   u64(devs[d], CL_DEVICE_DOUBLE_FP_CONFIG) ? "yes" : "no", text(devs[d], CL_DEVICE_VERSION, buf, sizeof buf));
        }
    }
    return 0;
}

static void markdown(cl_platform_id p, cl_device_id d, unsigned pi, unsigned di)
{
    char buf[1024];
    cl_device_type t = 0;
    clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL);
    printf("| property | value |\n|---|---|\n");
    printf("| CLFFT_TEST_DEVICE | `%u:%u` |\n", pi, di);
    buf[0] = 0;
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof buf - 1, buf, NULL);
    printf("| platform | %s |\n", buf);
    buf[0] = 0;
    clGetPlatformInfo(p, CL_PLATFORM_VERSION, sizeof buf - 1, buf, NULL);
    printf("| platform version | %s |\n", buf);
    printf("| device | %s |\n", text(d, CL_DEVICE_NAME, buf, sizeof buf));
    printf("| type | %s |\n", typeName(t));
    printf("| vendor | %s |\n", text(d, CL_DEVICE_VENDOR, buf, sizeof buf));
    printf("| device version | %s |\n", text(d, CL_DEVICE_VERSION, buf, sizeof buf));
    printf("| driver | %s |\n", text(d, CL_DRIVER_VERSION, buf, sizeof buf));
    printf("| compute units | %u |\n", u32(d, CL_DEVICE_MAX_COMPUTE_UNITS));
    printf("| max clock | %u MHz |\n", u32(d, CL_DEVICE_MAX_CLOCK_FREQUENCY));
    printf("| global memory | %llu bytes (%.1f MiB) |\n", (unsigned long long)u64(d, CL_DEVICE_GLOBAL_MEM_SIZE),
           (double)u64(d, CL_DEVICE_GLOBAL_MEM_SIZE) / 1048576.0);
    printf("| max allocation | %llu bytes (%.1f MiB) |\n", (unsigned long long)u64(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE),
           (double)u64(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE) / 1048576.0);
    printf("| local memory | %llu bytes |\n", (unsigned long long)u64(d, CL_DEVICE_LOCAL_MEM_SIZE));
    printf("| max work-group size | %zu |\n", usize(d, CL_DEVICE_MAX_WORK_GROUP_SIZE));
    printf("| address bits | %u |\n", u32(d, CL_DEVICE_ADDRESS_BITS));
    printf("| fp64 | %s |\n", u64(d, CL_DEVICE_DOUBLE_FP_CONFIG) ? "yes" : "no");
}

int main(int argc, char** argv)
{
    const char* mode = argc > 1 ? argv[1] : "";
    cl_platform_id p = NULL;
    cl_device_id d = NULL;
    unsigned pi = 0, di = 0;
    char err[512] = {0};
    const int found = clfft_select_device(&p, &d, &pi, &di, err, sizeof err) == 0;
    if (!strcmp(mode, "") || !strcmp(mode, "--list")) {
        const int rc = listAll(found ? d : NULL);
        if (!found)
            fprintf(stderr, "cl-devices: %s\n", err);
        return rc != 0 || !found;
    }
    if (!found) {
        fprintf(stderr, "cl-devices: %s\n", err);
        return 1;
    }
    if (!strcmp(mode, "--select"))
        printf("%u %u\n", pi, di);
    else if (!strcmp(mode, "--markdown"))
        markdown(p, d, pi, di);
    else if (!strcmp(mode, "--fp64"))
        printf("%s\n", u64(d, CL_DEVICE_DOUBLE_FP_CONFIG) ? "yes" : "no");
    else if (!strcmp(mode, "--name")) {
        char buf[256];
        printf("%s\n", text(d, CL_DEVICE_NAME, buf, sizeof buf));
    } else {
        fprintf(stderr, "usage: cl-devices [--list | --select | --markdown | --name | --fp64]\n");
        return 2;
    }
    return 0;
}
