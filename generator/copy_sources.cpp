// The copy kernels' OpenCL C (copy_sources.h).
#include "copy_sources.h"

#include <sstream>

namespace clfft_ng {

std::string multiDeviceCopySource(int replica, int unitBytes)
{
    std::ostringstream src;
    if (replica > 0)
        src << "#define CLFFT_NG_REPLICA " << replica << "\n";
    // Rows copied as 32-bit words (16-bit units for 16-bit plans), 16 at a time (the runtime's
    // copy is a memcpy per row).
    const char* t = unitBytes == 2 ? "ushort" : "uint";
    src << "__kernel void clfft_ng_copy_rect(__global const " << t << "* src, ulong so, ulong sr, ulong ss,"
        << " __global " << t << "* dst, ulong d0, ulong dr, ulong ds, ulong n)\n{\n"
        << "    const ulong y = get_global_id(0), z = get_global_id(1);\n"
        << "    __global const " << t << "* a = src + so + y * sr + z * ss;\n"
        << "    __global " << t << "* b = dst + d0 + y * dr + z * ds;\n"
        << "    ulong x = 0;\n"
        << "    for (; x + 16 <= n; x += 16)\n        vstore16(vload16(0, a + x), 0, b + x);\n"
        << "    for (; x < n; ++x)\n        b[x] = a[x];\n}\n";
    return src.str();
}

namespace {

// A strided copy of 3-index blocks with a contiguous innermost index (COPY3), and one with every
// index strided (COPYS).
const char* kCopySource = R"CLC(
#define COPY3(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s1, ulong s2, \
                   ulong doff, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c] = src[soff + a * s2 + b * s1 + c]; \
}
COPY3(clfft_mpi_copy8, uint2)
COPY3(clfft_mpi_copy16, ulong2)
#define COPYS(NAME, T) \
__kernel void NAME(__global const T* src, __global T* dst, ulong soff, ulong s0, ulong s1, ulong s2, \
                   ulong doff, ulong d0, ulong d1, ulong d2) \
{ \
	const ulong c = get_global_id(0), b = get_global_id(1), a = get_global_id(2); \
	dst[doff + a * d2 + b * d1 + c * d0] = src[soff + a * s2 + b * s1 + c * s0]; \
}
COPYS(clfft_mpi_scopy4, uint)
COPYS(clfft_mpi_scopy8, uint2)
COPYS(clfft_mpi_scopy16, ulong2)
)CLC";

} // namespace

const char* mpiCopySource() { return kCopySource; }

namespace {

const char* typeName(HelperElement e)
{
    if (e.isComplex)
        return e.isDouble ? "double2" : "float2";
    return e.isDouble ? "double" : "float";
}

const char* fp64Pragma(bool isDouble) { return isDouble ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : ""; }

} // namespace

std::string helperCopySource(HelperElement src, HelperElement dst)
{
    const std::string s = typeName(src), d = typeName(dst);
    const std::string real = dst.isDouble ? "double" : "float";
    // The source element in dst's type.
    std::string value;
    if (src.isComplex == dst.isComplex)
        value = s == d ? "src[so]" : (dst.isComplex ? "convert_" + d + "(src[so])" : "(" + d + ")(src[so])");
    else if (dst.isComplex)
        value = "(" + d + ")((" + real + ")src[so], 0)";
    else
        value = "(" + d + ")(src[so].s0)";
    std::ostringstream k;
    k << fp64Pragma(src.isDouble || dst.isDouble)
      << "__kernel void clfft_ng_copy_nd(__global " << d << "* dst, long doff, __global const " << s
      << "* src, long soff,\n    __global const long* meta, int nd, long total, " << real << " scale)\n{\n"
      << "    const long i = get_global_id(0);\n"
      << "    if (i >= total)\n        return;\n"
      << "    long rem = i, so = soff, dd = doff;\n"
      << "    int inside = 1;\n"
      // Row-major digits of i: the last dimension varies fastest.
      << "    for (int a = nd - 1; a >= 0; --a) {\n"
      << "        const long n = meta[a], idx = rem % n;\n"
      << "        rem /= n;\n"
      << "        dd += idx * meta[nd + a];\n"
      << "        inside &= idx < meta[2 * nd + a];\n"
      << "        so += idx * meta[3 * nd + a];\n"
      << "    }\n"
      // Outside src's shape so may point past src: read only inside.
      << "    " << d << " v = (" << d << ")(0);\n"
      << "    if (inside)\n        v = " << value << " * scale;\n"
      << "    dst[dd] = v;\n}\n";
    return k.str();
}

std::string helperScalePlaneSource(bool isDouble)
{
    const char* t = isDouble ? "double" : "float";
    std::ostringstream k;
    k << fp64Pragma(isDouble) << "__kernel void clfft_ng_scale_plane(__global " << t
      << "* buf, long off, __global const long* meta, int nd, long total, " << t << " f)\n{\n"
      << "    const long i = get_global_id(0);\n"
      << "    if (i >= total)\n        return;\n"
      << "    long rem = i, o = off;\n"
      << "    for (int a = nd - 1; a >= 0; --a) {\n"
      << "        const long n = meta[a];\n"
      << "        o += (rem % n) * meta[nd + a];\n"
      << "        rem /= n;\n"
      << "    }\n"
      << "    buf[o] *= f;\n}\n";
    return k.str();
}

} // namespace clfft_ng
