#include "row_vectors.h"

#include "butterfly.h"
#include "kernel_prelude.h"
#include "kernel_skeleton.h"
#include "storage.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace clfft_ng {

namespace {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// The steps of a row: its odd prime factors (3, 5, 7, 11, 13; largest first), then radix 2 down
// to one point; empty where the length has another prime factor or exceeds 256 points (straight
// code of that many points spills; the profile's ranges end below).
std::vector<std::size_t> rowVectorSteps(std::size_t length)
{
    std::vector<std::size_t> steps;
    std::size_t rest = length;
    for (std::size_t p : {13u, 11u, 7u, 5u, 3u})
        while (rest % p == 0) {
            steps.push_back(p);
            rest /= p;
        }
    if (length < 2 || (rest & (rest - 1)) != 0 || length > 256)
        return {};
    for (; rest > 1; rest /= 2)
        steps.push_back(2);
    return steps;
}

} // namespace

std::vector<int> rowVectorRadices(std::size_t length)
{
    const std::vector<std::size_t> steps = rowVectorSteps(length);
    return std::vector<int>(steps.begin(), steps.end());
}

std::size_t rowVectorReals(std::size_t length)
{
    const std::vector<std::size_t> steps = rowVectorSteps(length);
    if (steps.empty())
        return 0;
    const std::size_t twos = static_cast<std::size_t>(std::count(steps.begin(), steps.end(), std::size_t{2}));
    return std::min<std::size_t>(std::size_t{2} << twos, 16);
}

namespace {

// Decimation in frequency over the row x[0..n) held as P vectors of C points each (2 C interleaved
// reals; with K rows stacked, K such runs side by side, V = 2 C K reals, every step the same on
// each). A step of radix r over blocks of L points takes point j1 + j2 L/r (j2 < r) of each
// block, and its sub-block k1 keeps the r-point DFT's output k1 times w_L^(j1 k1). The odd radices
// come first, over whole vectors (each sub-block is whole vectors: no permutes); then radix 2:
// the step of half h pairs point j with j ^ h, over whole vectors where h is at least C, else
// within each vector (a permute and a multiply-add). Afterwards the point at position p is X[f(p)]
// (f the mixed-radix digit reversal), and the stores gather the row in order.
class RowVectorKernel : public detail::KernelSkeleton {
public:
    explicit RowVectorKernel(const KernelSpec& k)
        : KernelSkeleton(k), N(k.length), K(std::max<std::size_t>(1, k.rowVector.stack)), V(rowVectorReals(k.length) * K),
          C(rowVectorReals(k.length) / 2), P(N / C), steps(rowVectorSteps(k.length)), inT(storageRealType(k.inStorage)),
          outT(storageRealType(k.outStorage))
    {
    }

private:
    // K rows side by side in each vector of V reals, C points of each row (V = 2 C K); P vectors.
    const std::size_t N, K, V, C, P;
    const std::vector<std::size_t> steps;
    const std::string inT, outT; // the element types of the two sides (storage.h)

    static char digit(std::size_t i) { return "0123456789abcdef"[i]; }
    // The permute taking real r of the result from real from(r) of the operand.
    template <typename F> std::string swizzle(F from) const
    {
        std::string s = ".s";
        for (std::size_t r = 0; r < V; ++r)
            s += digit(from(r));
        return s;
    }
    // (cos and sin of quarter turns come out ~1e-20 in long double: 0)
    std::string lit(long double v) const { return realLiteral(std::fabs(v) < 1e-18L ? 0.0L : v, spec.precision); }
    std::string vectorLiteral(const std::vector<long double>& values) const
    {
        std::string t = "(vreal_t)(";
        for (std::size_t i = 0; i < values.size(); ++i)
            t += (i ? ", " : "") + lit(values[i]);
        return t + ")";
    }
    std::string x(std::size_t p) const { return "x" + std::to_string(p); }
    std::string swapped(const std::string& v) const
    {
        return v + swizzle([](std::size_t r) { return r ^ 1; });
    }
    // The step of half 2 within a vector: the upper points of odd j take -i (forward), the rest 1.
    static bool turned(std::size_t q) { return (q & 2) != 0 && (q & 1) != 0; }
    // The point of its row that real r of a vector holds (0..C).
    std::size_t point(std::size_t r) const { return r / 2 % C; }
    // Constants of v * wr + swapped(v) * wi: point q of the vector times w_L^(e(q)) (1 where not upper).
    void twiddleConstants(const std::string& name, std::size_t L, const std::function<std::size_t(std::size_t)>& exponent)
    {
        std::vector<long double> wr(V), wi(V);
        for (std::size_t r = 0; r < V; ++r) {
            const long double angle = -2 * kPi * static_cast<long double>(exponent(point(r)) % L) / static_cast<long double>(L);
            const long double c = std::cos(angle), s = std::sin(angle);
            wr[r] = c;
            wi[r] = r % 2 == 0 ? -s : s; // re: a c - b s; im: b c + a s (the operand's parts swapped)
        }
        os << "    const vreal_t wr" << name << " = " << vectorLiteral(wr) << ";\n    const vreal_t wi" << name
           << " = dirSign * " << vectorLiteral(wi) << ";\n";
    }
    // Vectors of one point (odd lengths): the first of each sub-block has twiddle 1.
    bool onePointOne(std::size_t v) const { return C == 1 && v == 0; }
    std::string twiddled(const std::string& v, const std::string& name) const
    {
        return "fma(" + v + ", wr" + name + ", " + swapped(v) + " * wi" + name + ")";
    }
    // Position p's output index (the digit reversal of the steps).
    std::size_t frequency(std::size_t p) const
    {
        std::size_t L = N, f = 0, mult = 1;
        for (std::size_t r : steps) {
            const std::size_t S = L / r;
            f += mult * (p / S);
            p %= S;
            mult *= r;
            L = S;
        }
        return f;
    }

    void prelude() override
    {
        os << kernelHeaderComment(spec, {"Each row whole in " + std::string(P == 1 ? "one vector" : std::to_string(P) + " vectors") +
                                             " of interleaved reals: DFT steps (decimation in frequency)",
                                         "as adds, permutes and multiply-adds, one row after another."})
           << precisionTypes(spec, {{"vreal_t", std::to_string(V)}}) << streamStoreFunctions(spec, {V});
    }
    std::size_t groupSize() const override { return 1; }
    void ownership() override
    {
        // Signs and twiddles of every step, the twiddles' imaginary parts turned by the direction.
        std::size_t L = N;
        bool turnAll = false;
        for (std::size_t step = 0; step < steps.size(); L /= steps[step], ++step) {
            const std::string k = std::to_string(step);
            const std::size_t r = steps[step], S = L / r;
            if (r != 2) { // odd radix over whole vectors: each output sub-block's twiddles
                turnAll = true;
                for (std::size_t k1 = 1; k1 < r; ++k1)
                    for (std::size_t v = 0; v < S / C; ++v)
                        if (!onePointOne(v))
                            twiddleConstants(k + "_" + std::to_string(k1) + "_" + std::to_string(v), L,
                                             [&](std::size_t q) { return (v * C + q) * k1; });
                continue;
            }
            const std::size_t h = S;
            if (h >= C) { // radix 2 between vectors: the upper vectors' twiddles within a block
                for (std::size_t v = 0; v < h / C; ++v)
                    twiddleConstants(k + "_" + std::to_string(v), L, [&](std::size_t q) { return v * C + q; });
                continue;
            }
            std::vector<long double> sign(V);
            for (std::size_t r2 = 0; r2 < V; ++r2)
                sign[r2] = (point(r2) & h) ? -1 : 1;
            os << "    const vreal_t sign" << k << " = " << vectorLiteral(sign) << ";\n";
            if (h > 2)
                twiddleConstants(k, L, [&](std::size_t q) { return (q & h) ? (q & (h - 1)) : 0; });
            else if (h == 2)
                // twiddles 1 and -i (forward) / +i (backward): the turned points' parts swapped, signed
                os << "    const vreal_t turn" << k << " = (vreal_t)(" << [&] {
                    std::string t;
                    for (std::size_t r2 = 0; r2 < V; ++r2)
                        t += std::string(r2 ? ", " : "") + (!turned(point(r2)) ? lit(1) : r2 % 2 == 0 ? "dirSign" : "-dirSign");
                    return t;
                }() << ");\n";
        }
        if (turnAll) { // times -i (forward) / +i (backward): parts swapped, signed
            std::string t;
            for (std::size_t r2 = 0; r2 < V; ++r2)
                t += std::string(r2 ? ", " : "") + (r2 % 2 == 0 ? "dirSign" : "-dirSign");
            os << "    const vreal_t turn = (vreal_t)(" << t << ");\n";
        }
        const std::string rows = std::to_string(spec.rowVector.rowsPerGroup);
        os << "    const idx_t first = (idx_t)get_group_id(0) * " << rows << "u, last = min(first + " << rows
           << "u, nTransforms);\n";
        if (K == 1) {
            os << "    for (idx_t row = first; row < last; ++row) {\n"
               << "        idx_t rest = row, ioff = 0, ooff = 0;\n"
               << batchOffsets(spec, "        ", "ioff", "ooff") << "\n"
               << "        __global const " << inT << "* src = (__global const " << inT << "*)in + 2u * ioff;\n";
            for (std::size_t p = 0; p < P; ++p)
                os << "        vreal_t " << x(p) << " = " << loadVectorIndexed(spec.inStorage, V, std::to_string(p), "src") << ";\n";
            return;
        }
        // K rows at a time; past the group's last row the loads repeat it and the stores skip.
        os << "    for (idx_t row = first; row < last; row += " << K << "u) {\n";
        for (std::size_t j = 0; j < K; ++j) {
            const std::string J = std::to_string(j);
            os << "        __global const " << inT << "* src" << J << "; __global " << outT << "* dst" << J << ";\n"
               << "        { idx_t rest = " << (j ? "min(row + " + J + "u, last - 1u)" : "row") << ", ioff = 0, ooff = 0;\n"
               << batchOffsets(spec, "          ", "ioff", "ooff") << "\n"
               << "          src" << J << " = (__global const " << inT << "*)in + 2u * ioff; dst" << J << " = (__global " << outT
               << "*)out + 2u * ooff; }\n";
        }
        for (std::size_t p = 0; p < P; ++p) {
            os << "        vreal_t " << x(p) << " = (vreal_t)(";
            for (std::size_t j = 0; j < K; ++j)
                os << (j ? ", " : "") << loadVectorIndexed(spec.inStorage, 2 * C, std::to_string(p), "src" + std::to_string(j));
            os << ");\n";
        }
    }
    // The r-point DFT (r odd) of vectors idx[0..r), in place: the symmetric form, y_k and y_(r-k)
    // from the sums a_j and differences b_j of x_j and x_(r-j). As in the codelets (butterfly.cpp),
    // the cosine part is (x_0 - a_1 / 2) + sum_(j>=2) c_jk (a_j - a_1): the same value, and exact
    // zeros where the input is constant (clFFT-client checks a constant input's spike exactly).
    void oddDft(std::size_t r, const std::vector<std::size_t>& idx)
    {
        const std::size_t half = (r - 1) / 2;
        os << "        {\n            const vreal_t z0 = " << x(idx[0]) << ";\n";
        std::string sum = "z0";
        for (std::size_t j = 1; j <= half; ++j) {
            const std::string J = std::to_string(j);
            os << "            const vreal_t a" << J << " = " << x(idx[j]) << " + " << x(idx[r - j]) << ", b" << J << " = "
               << x(idx[j]) << " - " << x(idx[r - j]) << ";\n";
            sum += " + a" + J;
        }
        os << "            const vreal_t base = fma(a1, (vreal_t)" << lit(-0.5L) << ", z0);\n";
        for (std::size_t j = 2; j <= half; ++j)
            os << "            const vreal_t d" << j << " = a" << j << " - a1;\n";
        os << "            " << x(idx[0]) << " = " << sum << ";\n";
        for (std::size_t k = 1; k <= half; ++k) {
            std::string t = "base", u;
            for (std::size_t j = 1; j <= half; ++j) {
                const long double angle = 2 * kPi * static_cast<long double>(j * k % r) / static_cast<long double>(r);
                const std::string J = std::to_string(j);
                if (j >= 2)
                    t = "fma(d" + J + ", (vreal_t)" + lit(std::cos(angle)) + ", " + t + ")";
                u = u.empty() ? "b" + J + " * " + lit(std::sin(angle)) : "fma(b" + J + ", (vreal_t)" + lit(std::sin(angle)) + ", " + u + ")";
            }
            os << "            { const vreal_t t = " << t << ", u = " << u << ", v = " << swapped("u") << " * turn; "
               << x(idx[k]) << " = t + v; " << x(idx[r - k]) << " = t - v; }\n";
        }
        os << "        }\n";
    }
    void passes() override
    {
        std::size_t L = N;
        for (std::size_t step = 0; step < steps.size(); L /= steps[step], ++step) {
            const std::string k = std::to_string(step);
            const std::size_t r = steps[step], S = L / r;
            if (r != 2) {
                for (std::size_t b = 0; b < N / L; ++b)
                    for (std::size_t v = 0; v < S / C; ++v) {
                        std::vector<std::size_t> idx(r);
                        for (std::size_t j = 0; j < r; ++j)
                            idx[j] = (b * L + j * S) / C + v;
                        oddDft(r, idx);
                        for (std::size_t k1 = 1; k1 < r && !onePointOne(v); ++k1)
                            os << "        " << x(idx[k1]) << " = "
                               << twiddled(x(idx[k1]), k + "_" + std::to_string(k1) + "_" + std::to_string(v)) << ";\n";
                    }
                continue;
            }
            const std::size_t h = S;
            if (h >= C) {
                for (std::size_t b = 0; b < N / L; ++b)
                    for (std::size_t v = 0; v < h / C; ++v) {
                        const std::size_t lo = (b * L) / C + v, up = lo + h / C;
                        os << "        { const vreal_t a = " << x(lo) << ", d = a - " << x(up) << "; " << x(lo) << " = a + "
                           << x(up) << "; " << x(up) << " = " << twiddled("d", k + "_" + std::to_string(v)) << "; }\n";
                    }
                continue;
            }
            const std::string partner = swizzle([&](std::size_t r2) { return ((r2 / 2) ^ h) * 2 + r2 % 2; });
            for (std::size_t p = 0; p < P; ++p) {
                os << "        " << x(p) << " = fma(" << x(p) << ", sign" << k << ", " << x(p) << partner << ");\n";
                if (h > 2)
                    os << "        " << x(p) << " = " << twiddled(x(p), k) << ";\n";
                else if (h == 2)
                    os << "        " << x(p) << " = " << x(p) << swizzle([&](std::size_t r2) { return turned(point(r2)) ? r2 ^ 1 : r2; })
                       << " * turn" << k << ";\n";
            }
        }
        std::vector<std::size_t> from(N); // output point k comes from position from[k]
        for (std::size_t p = 0; p < N; ++p)
            from[frequency(p)] = p;
        if (K == 1)
            os << "        __global " << outT << "* dst = (__global " << outT << "*)out + 2u * ooff;\n";
        // Real r of output vector o: point o C + q of row j (r = 2 (j C + q) + re/im).
        const auto source = [&](std::size_t o, std::size_t r2) { return from[o * C + point(r2)]; };
        const auto real = [&](std::size_t o, std::size_t r2) { return (r2 / (2 * C)) * 2 * C + (source(o, r2) % C) * 2 + r2 % 2; };
        for (std::size_t o = 0; o < P; ++o) {
            std::string value;
            bool oneVector = true;
            for (std::size_t q = 0; q < C; ++q)
                oneVector = oneVector && from[o * C + q] / C == from[o * C] / C;
            if (oneVector)
                value = x(from[o * C] / C) + swizzle([&](std::size_t r2) { return real(o, r2); });
            else { // points from several vectors: component by component
                value = "(vreal_t)(";
                for (std::size_t r2 = 0; r2 < V; ++r2)
                    value += std::string(r2 ? ", " : "") + x(source(o, r2) / C) + ".s" + digit(real(o, r2));
                value += ")";
            }
            if (K == 1) {
                os << "        { const vreal_t y = " << value << " * scale; "
                   << storeVectorAt(spec, spec.outStorage, V, "y", "dst", std::to_string(o * V) + "u") << " }\n";
                continue;
            }
            os << "        { const vreal_t y = " << value << " * scale;";
            for (std::size_t j = 0; j < K; ++j) {
                std::string part = ".s";
                for (std::size_t r2 = 0; r2 < 2 * C; ++r2)
                    part += digit(j * 2 * C + r2);
                os << (j ? " if (row + " + std::to_string(j) + "u < last) " : " ")
                   << storeVectorIndexed(spec.outStorage, 2 * C, "y" + part, "0",
                                         "dst" + std::to_string(j) + " + " + std::to_string(o * 2 * C) + "u");
            }
            os << " }\n";
        }
        os << "    }\n";
    }
};

} // namespace

std::string generateRowVectorSource(const KernelSpec& spec)
{
    RowVectorKernel kernel(spec);
    return kernel.source();
}

} // namespace clfft_ng
