#include "r2r_stages.h"

#include "storage.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace clfft_ng {

namespace {

bool pre(const R2RStageSpec& s)
{
    return !s.post;
}

// The kinds computed from the reversed input with (-1)^k on the output
// (DST-III, DST-IV).
bool reversedInput(R2RKind k)
{
    return k == R2RKind::RODFT01 || k == R2RKind::RODFT11;
}

// e^{i pi num / den}, exact in long double.
std::complex<long double> rootPi(long double num, long double den)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    return {std::cos(pi * num / den), std::sin(pi * num / den)};
}

int userdataCount(const CallbackCode& cb)
{
    return cb.present ? (cb.userdataCount > 1 ? cb.userdataCount : 1) : 0;
}

std::string userdataArgs(const CallbackCode& cb, const char* prefix)
{
    std::string s;
    for (int i = 0; i < userdataCount(cb); ++i)
        s += std::string(", ") + prefix + "Userdata" + std::to_string(i);
    if (cb.present && cb.localMemBytes > 0)
        s += std::string(", (__local void*)") + prefix + "Local";
    return s;
}

} // namespace

const char* r2rKindName(R2RKind kind)
{
    static const char* const names[] = {"r2hc",    "hc2r",    "dht",     "redft00", "redft01", "redft10",
                                        "redft11", "rodft00", "rodft01", "rodft10", "rodft11"};
    return names[static_cast<int>(kind)];
}

bool r2rLengthValid(R2RKind kind, std::size_t n)
{
    return kind == R2RKind::REDFT00 ? n >= 2 : n >= 1;
}

R2RInner r2rInner(R2RKind kind, std::size_t n)
{
    R2RInner in;
    switch (kind) {
    case R2RKind::HC2R:
    case R2RKind::REDFT01:
    case R2RKind::RODFT01:
        in.kind = R2RInner::Kind::ComplexToReal;
        in.length = n;
        break;
    case R2RKind::REDFT11:
    case R2RKind::RODFT11: // even n: a complex FFT of n/2; odd: DCT-IV(x)[k] = DCT-II(x, 0...0)[2k+1]
        if (n % 2 == 0) {
            in.kind = R2RInner::Kind::ComplexToComplex;
            in.length = n / 2;
        } else {
            in.length = 2 * n;
        }
        break;
    case R2RKind::REDFT00: in.length = 2 * (n - 1); break;
    case R2RKind::RODFT00: in.length = 2 * (n + 1); break;
    default: in.length = n; break;
    }
    const std::size_t m = in.length, half = m / 2 + 1;
    switch (in.kind) {
    case R2RInner::Kind::RealToComplex:
        in.aElems = m;
        in.bElems = half;
        in.bComplex = true;
        break;
    case R2RInner::Kind::ComplexToReal:
        in.aElems = half;
        in.aComplex = true;
        in.bElems = m;
        break;
    case R2RInner::Kind::ComplexToComplex:
        in.aElems = in.bElems = m;
        in.aComplex = in.bComplex = true;
        break;
    }
    return in;
}

bool R2RStageSpec::hasTable() const
{
    switch (kind) {
    case R2RKind::REDFT01:
    case R2RKind::RODFT01: return pre(*this);
    case R2RKind::REDFT10:
    case R2RKind::RODFT10: return post;
    case R2RKind::REDFT11:
    case R2RKind::RODFT11: return post || n % 2 == 0;
    default: return false;
    }
}

std::string R2RStageSpec::kernelName() const
{
    // The length is an argument: one program serves every length of a kind (DCT-IV/DST-IV by
    // parity, whose algorithms differ).
    std::ostringstream os;
    os << "clfft_ng_r2r_" << r2rKindName(kind) << (post ? "_post" : "_pre");
    if (kind == R2RKind::REDFT11 || kind == R2RKind::RODFT11)
        os << (n % 2 == 0 ? "_even" : "_odd");
    os << "_" << (precision == Precision::Double ? "d" : "s") << "_r" << rowDims << (index64 ? "_i64" : "")
       << (columns ? "_col" : "") << (cpuForm ? "_cpu" : "") << (callback.present ? "_cb" : "")
       << (storage == Storage::Half ? "_h" : storage == Storage::BFloat16 ? "_b" : "");
    return os.str();
}

std::vector<std::complex<long double>> r2rStageTable(const R2RStageSpec& s)
{
    std::vector<std::complex<long double>> t;
    if (!s.hasTable())
        return t;
    const long double n = static_cast<long double>(s.n);
    switch (s.kind) {
    case R2RKind::REDFT01:
    case R2RKind::RODFT01: // V[e] = e^{i pi e / 2n} (x[e] - i x[n-e]), e <= n/2
        for (std::size_t e = 0; e <= s.n / 2; ++e)
            t.push_back(rootPi(static_cast<long double>(e), 2 * n));
        break;
    case R2RKind::REDFT10:
    case R2RKind::RODFT10: // (cos, sin) of pi k / 2n, k <= n/2
        for (std::size_t k = 0; k <= s.n / 2; ++k)
            t.push_back(rootPi(static_cast<long double>(k), 2 * n));
        break;
    default:
        if (s.n % 2 == 0) { // DCT-IV of even n: pre e^{-i pi (4e+1) / 4n}, post e^{-i pi q / n}, < n/2
            for (std::size_t e = 0; e < s.n / 2; ++e)
                t.push_back(std::conj(s.post ? rootPi(static_cast<long double>(e), n)
                                             : rootPi(static_cast<long double>(4 * e + 1), 4 * n)));
            break;
        }
        // DCT-IV through DCT-II of 2n: (cos, sin) of pi p / 4n, p <= n
        for (std::size_t p = 0; p <= s.n; ++p)
            t.push_back(rootPi(static_cast<long double>(p), 4 * n));
        break;
    }
    return t;
}

std::vector<std::complex<long double>> r2rFusedTable(const R2RFusion& f, bool out)
{
    if (!f.present())
        return {};
    R2RStageSpec s;
    s.kind = static_cast<R2RKind>(f.kind);
    s.n = f.n;
    s.post = out;
    return r2rStageTable(s);
}

std::size_t r2rFusedTableLength(const R2RFusion& f, bool out) { return r2rFusedTable(f, out).size(); }

std::size_t r2rStageLaunch(const R2RStageSpec& s, std::size_t rows, std::size_t global[2], std::size_t local[2])
{
    const R2RInner in = r2rInner(s.kind, s.n);
    const std::size_t points = s.post ? s.n : in.aElems;
    std::size_t per = 1, inner0 = s.columns ? rows : points, outer = s.columns ? points : rows;
    if (s.cpuForm) {
        // About 64 work-groups in all: PoCL's cost per group (microseconds) would dominate a
        // point per work-item. Rows: work-items on rows, each through a block of its points;
        // columns: work-items on points, each through a block of rows.
        const std::size_t across = s.columns ? points : rows, along = s.columns ? rows : points;
        const std::size_t groups = (across + 63) / 64;
        std::size_t blocks = std::max<std::size_t>(1, std::min(along, (64 + groups - 1) / groups));
        per = (along + blocks - 1) / blocks;
        blocks = (along + per - 1) / per;
        inner0 = across;
        outer = blocks;
    }
    std::size_t lx = 1;
    while (lx < 64 && lx < inner0)
        lx *= 2;
    local[0] = lx;
    local[1] = s.cpuForm ? 1 : 64 / lx;
    global[0] = (inner0 + local[0] - 1) / local[0] * local[0];
    global[1] = (outer + local[1] - 1) / local[1] * local[1];
    return per;
}

std::string r2rStageSource(const R2RStageSpec& s)
{
    const R2RInner inner = r2rInner(s.kind, s.n);
    const std::size_t n = s.n;
    const bool dbl = s.precision == Precision::Double;
    std::ostringstream os;
    // Nothing of the length but its parity (DCT-IV/DST-IV) reaches the source: one program serves
    // every length of a kind.
    os << "// clfft-ng generated kernel: " << s.kernelName() << "\n// the " << (s.post ? "post" : "pre") << "-stage of "
       << r2rKindName(s.kind) << ", the length an argument\n";
    if (dbl)
        os << "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    os << "typedef " << (dbl ? "double" : "float") << " real_t;\ntypedef " << (dbl ? "double2" : "float2")
       << " real2_t;\ntypedef " << (s.index64 ? "ulong" : "uint") << " idx_t;\n\n"
       << "static inline real2_t cmul(real2_t a, real2_t b)\n{\n"
          "    return (real2_t)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);\n}\n\n"
       << storageFunctions(s.storage, Storage::Native);
    if (s.callback.present)
        os << "// ---- " << (s.post ? "post" : "pre") << "-callback (client code)\n"
           << s.callback.source << "\n// ---- end of callback\n\n";

    const char* cbPrefix = s.post ? "post" : "pre";
    os << "__kernel void " << s.kernelName() << "(\n";
    if (pre(s))
        os << "    __global " << storageRealType(s.storage) << "* in, __global "
           << (inner.aComplex ? "real2_t" : "real_t") << "* a,\n";
    else
        os << "    __global const " << (inner.bComplex ? "real2_t" : "real_t") << "* b, __global "
           << storageRealType(s.storage) << "* out,\n";
    if (s.hasTable())
        os << "    __global const real2_t* table,\n";
    os << "    idx_t stride, idx_t rows, idx_t per, idx_t n, idx_t points, idx_t rowElems";
    for (int d = 0; d + 1 < s.rowDims; ++d)
        os << ", idx_t count" << d << ", idx_t rowStride" << d;
    os << ", idx_t rowStride" << s.rowDims - 1;
    if (s.post)
        os << ", real_t scale";
    for (int i = 0; i < userdataCount(s.callback); ++i)
        os << ", __global void* " << cbPrefix << "Userdata" << i;
    os << ")\n{\n";
    if (s.callback.present && s.callback.localMemBytes > 0)
        os << "    __local ulong " << cbPrefix << "Local[" << (s.callback.localMemBytes + 7) / 8 << "];\n";
    // Which work-item takes which points: in the GPU form one point each, adjacent work-items on
    // adjacent points of a row, or on adjacent rows where those are adjacent in memory
    // (columns). In the CPU form each work-item streams through `per` points that are adjacent
    // in memory: of its row (rows), or one point of consecutive rows (columns).
    std::string decode = "idx_t rest = r, base = 0;\n";
    for (int d = 0; d + 1 < s.rowDims; ++d)
        decode += "    { const idx_t c = rest % count" + std::to_string(d) + "; rest /= count" + std::to_string(d) +
                  "; base += c * rowStride" + std::to_string(d) + "; }\n";
    decode += "    base += rest * rowStride" + std::to_string(s.rowDims - 1) + ";\n";
    std::string open;
    std::string close = "    }\n";
    if (s.cpuForm && s.columns) {
        // The row's offset is decoded once and then advanced with carries: a division per
        // point by a count known only at run time cost more than the point's memory traffic.
        open = "    const idx_t e = (idx_t)get_global_id(0), blk = (idx_t)get_global_id(1);\n"
               "    if (e >= points)\n        return;\n"
               "    const idx_t r0 = blk * per, r1 = min(r0 + per, rows);\n"
               "    idx_t rest = r0, base = 0;\n";
        for (int d = 0; d + 1 < s.rowDims; ++d)
            open += "    idx_t c" + std::to_string(d) + " = rest % count" + std::to_string(d) + "; rest /= count" +
                    std::to_string(d) + "; base += c" + std::to_string(d) + " * rowStride" + std::to_string(d) + ";\n";
        open += "    base += rest * rowStride" + std::to_string(s.rowDims - 1) + ";\n";
        open += "    for (idx_t r = r0; r < r1; ++r) {\n";
        std::string advance = "        base += rowStride0;\n";
        std::string indent = "        ";
        for (int d = 0; d + 1 < s.rowDims; ++d) {
            const std::string k = std::to_string(d), next = std::to_string(d + 1);
            advance += indent + "if (++c" + k + " == count" + k + ") {\n" + indent + "    c" + k + " = 0;\n" + indent +
                       "    base += rowStride" + next + " - count" + k + " * rowStride" + k + ";\n";
            indent += "    ";
        }
        for (int d = s.rowDims - 2; d >= 0; --d) {
            indent.resize(indent.size() - 4);
            advance += indent + "}\n";
        }
        close = advance + "    }\n";
    } else if (s.cpuForm) {
        // Work-items on rows, each through a block of its points.
        open = "    const idx_t r = (idx_t)get_global_id(0), blk = (idx_t)get_global_id(1);\n"
               "    if (r >= rows)\n        return;\n    " +
               decode + "    const idx_t e1 = min((blk + 1u) * per, points" +
               ");\n    for (idx_t e = blk * per; e < e1; ++e) {\n";
    } else {
        // One point per work-item (`per` is 1).
        open = std::string(s.columns ? "    const idx_t r = (idx_t)get_global_id(0), e = (idx_t)get_global_id(1);\n"
                                     : "    const idx_t e = (idx_t)get_global_id(0), r = (idx_t)get_global_id(1);\n") +
               "    if (r >= rows || e >= points)\n        return;\n    " + decode + "    {\n";
    }

    if (pre(s)) {
        // X(j): the client's point j of this row (reversed for DST-III/IV), through
        // the callback.
        const std::string j = reversedInput(s.kind) ? std::string("(n - 1u - (idx_t)(j))") : std::string("(idx_t)(j)");
        const std::string at = "base + " + j + " * stride";
        if (s.callback.present)
            os << "#define X(j) " << s.callback.functionName << "((__global void*)in, (uint)(" << at << ")"
               << userdataArgs(s.callback, "pre") << ")\n";
        else
            os << "#define X(j) " << loadRealAt(s.storage, "in", at) << "\n";
        os << open;
        const std::string dst = s.columns ? "a[e * rows + r]" : "a[r * rowElems + e]";
        switch (s.kind) {
        case R2RKind::R2HC:
        case R2RKind::DHT: os << "    " << dst << " = X(e);\n"; break;
        case R2RKind::REDFT10: // Makhoul: even points ascending, then odd points
                               // descending
            os << "    " << dst << " = X(e < " << "((n + 1u) >> 1)" << " ? 2u * e : 2u * (" << "(n - 1u)"
               << " - e) + 1u);\n";
            break;
        case R2RKind::RODFT10: // DST-II(x)[k] = DCT-II((-1)^j x_j)[n-1-k]
            os << "    const idx_t j = e < " << "((n + 1u) >> 1)" << " ? 2u * e : 2u * (" << "(n - 1u)" << " - e) + 1u;\n"
               << "    const real_t v = X(j);\n    " << dst << " = (j & 1u) ? -v : v;\n";
            break;
        case R2RKind::REDFT00: // the even extension of length 2(n-1)
            os << "    " << dst << " = X(e < " << "n" << " ? e : " << "(2u * (n - 1u))" << " - e);\n";
            break;
        case R2RKind::RODFT00: // the odd extension of length 2(n+1): 0, x, 0,
                               // -reversed x
            os << "    real_t v = 0;\n    if (e >= 1u && e <= " << "n" << ")\n        v = X(e - 1u);\n"
               << "    else if (e > " << "(n + 1u)" << ")\n        v = -X(" << "(2u * n + 1u)" << " - e);\n"
               << "    " << dst << " = v;\n";
            break;
        case R2RKind::HC2R: // halfcomplex: r_e at e, i_e at n - e
            os << "    " << dst << " = (real2_t)(X(e), (e == 0u || 2u * e == " << "n" << ") ? (real_t)0 : X(" << "n"
               << " - e));\n";
            break;
        case R2RKind::REDFT01:
        case R2RKind::RODFT01: // V[e] = w^-e (x[e] - i x[n-e]), x[n] = 0
            os << "    const real_t p = X(e), q = e == 0u ? (real_t)0 : -X(" << "n" << " - e);\n"
               << "    const real2_t w = table[e];\n"
               << "    " << dst << " = (real2_t)(w.x * p - w.y * q, w.x * q + w.y * p);\n";
            break;
        case R2RKind::REDFT11:
        case R2RKind::RODFT11: // even: (x[2e] + i x[n-1-2e]) e^{-i pi (4e+1) / 4n}
            if (n % 2 == 0) {
                os << "    " << dst << " = cmul((real2_t)(X(2u * e), X(" << "(n - 1u)" << " - 2u * e)), table[e]);\n";
                break;
            } // odd: Makhoul's order of x zero-padded to 2n
            os << "    const idx_t j = e < " << "n" << " ? 2u * e : 2u * (" << "(2u * n - 1u)" << " - e) + 1u;\n"
               << "    " << dst << " = j < " << "n" << " ? X(j) : (real_t)0;\n";
            break;
        }
        os << close << "#undef X\n}\n";
        return os.str();
    }

    // Post-stage: Y(k) from the FFT's output row B.
    // Rows: point q of row r at r * bElems + q; columns: at q * rows + r.
    const std::string row = s.columns ? "b + r" : "b + r * rowElems";
    os << (s.columns ? "#define BV(q) B[(idx_t)(q) * rows]\n" : "#define BV(q) B[q]\n") << open << "    __global const "
       << (inner.bComplex ? "real2_t" : "real_t") << "* B = " << row << ";\n"
       << "    const idx_t k = e;\n    real_t y;\n";
    switch (s.kind) {
    case R2RKind::R2HC: os << "    y = k <= " << "(n >> 1)" << " ? BV(k).x : BV(" << "n" << " - k).y;\n"; break;
    case R2RKind::DHT: // H[k] = Re X[k] - Im X[k]; past n/2 from the conjugate
        os << "    if (k <= " << "(n >> 1)" << ") { const real2_t z = BV(k); y = z.x - z.y; }\n"
           << "    else { const real2_t z = BV(" << "n" << " - k); y = z.x + z.y; }\n";
        break;
    case R2RKind::REDFT10:
    case R2RKind::RODFT10: {
        // DCT-II: Y[k] = 2 Re(w^k V[k]), Y[n-k] = -2 Im(w^k V[k]), w = e^{-i pi /
        // 2n}.
        const std::string q = s.kind == R2RKind::RODFT10 ? "(n - 1u - k)" : "k";
        os << "    const idx_t q = " << q << ";\n"
           << "    if (q <= " << "(n >> 1)"
           << ") { const real2_t z = BV(q), w = table[q]; y = 2 * (w.x * z.x + w.y "
              "* z.y); }\n"
           << "    else { const idx_t p = " << "n" << " - q; const real2_t z = BV(p), w = table[p];"
           << " y = 2 * (w.y * z.x - w.x * z.y); }\n";
        break;
    }
    case R2RKind::REDFT00: os << "    y = BV(k).x;\n"; break;
    case R2RKind::RODFT00: os << "    y = -BV(k + 1u).y;\n"; break;
    case R2RKind::HC2R: os << "    y = BV(k);\n"; break;
    case R2RKind::REDFT01:
    case R2RKind::RODFT01: // undo Makhoul's order
        os << "    y = BV((k & 1u) ? " << "(n - 1u)" << " - (k >> 1) : (k >> 1));\n";
        break;
    case R2RKind::REDFT11:
    case R2RKind::RODFT11:
        if (n % 2 == 0) { // u = T[q] e^{-i pi q / n}: y[2q] = 2 Re u, y[n-1-2q] = -2 Im u
            os << "    const idx_t q = (k & 1u) ? (" << "(n - 1u)" << " - k) >> 1 : k >> 1;\n"
               << "    const real2_t v = cmul(BV(q), table[q]);\n    y = (k & 1u) ? -2 * v.y : 2 * v.x;\n";
            break;
        } // odd: point 2k+1 of the DCT-II of 2n (as for REDFT10 above)
        os << "    const idx_t q = 2u * k + 1u;\n"
           << "    if (q <= " << "n"
           << ") { const real2_t z = BV(q), w = table[q]; y = 2 * (w.x * z.x + w.y "
              "* z.y); }\n"
           << "    else { const idx_t p = " << "(2u * n)" << " - q; const real2_t z = BV(p), w = table[p];"
           << " y = 2 * (w.y * z.x - w.x * z.y); }\n";
        break;
    }
    if (reversedInput(s.kind))
        os << "    if (k & 1u)\n        y = -y;\n";
    os << "    y *= scale;\n";
    const std::string at = "base + k * stride";
    if (s.callback.present)
        os << "    " << s.callback.functionName << "((__global void*)out, (uint)(" << at << ")" <<
            [&] {
                std::string a;
                for (int i = 0; i < userdataCount(s.callback); ++i)
                    a += ", postUserdata" + std::to_string(i);
                return a;
            }()
           << ", y" << (s.callback.localMemBytes > 0 ? ", (__local void*)postLocal" : "") << ");\n";
    else
        os << "    " << storeRealAt(s.storage, "out", at, "y") << "\n";
    os << close << "#undef BV\n}\n";
    return os.str();
}

bool r2rPaired(const KernelSpec& spec)
{
    return spec.r2rIn.pairedColumns() || spec.r2rOut.pairedColumns();
}

bool r2rPairedForward(const KernelSpec& spec)
{
    const R2RKind k = static_cast<R2RKind>(spec.r2rIn.present() ? spec.r2rIn.kind : spec.r2rOut.kind);
    return !(k == R2RKind::HC2R || k == R2RKind::REDFT01 || k == R2RKind::RODFT01);
}

} // namespace clfft_ng
