#include "tables.h"
#include "r2r_stages.h"
#include "real_split.h"

#include "stockham.h"
#include "unit_roots.h"
#include "vector_passes.h"

#include <algorithm>
#include <stdexcept>

namespace clfft_ng {

// Stage twiddles exp(-2 pi i e / M), e < M, come from two tables (unit_roots.h).
std::size_t stageSplit(const KernelSpec& spec) { return twoLevelSplit(spec.stageTwiddleLength); }

namespace {
void hostFft(std::vector<std::complex<long double>>& a);
} // namespace

std::size_t primitiveRoot(std::size_t p)
{
    for (std::size_t d = 2; d * d <= p; ++d)
        if (p % d == 0)
            return 0; // not a prime
    // g is a primitive root when g^((p-1)/q) != 1 for every prime q dividing p - 1.
    std::vector<std::size_t> primes;
    std::size_t r = p - 1;
    for (std::size_t q = 2; q <= r; ++q)
        if (r % q == 0) {
            primes.push_back(q);
            while (r % q == 0)
                r /= q;
        }
    auto power = [p](std::size_t b, std::size_t e) {
        unsigned long long result = 1, base = b % p;
        for (; e; e >>= 1, base = base * base % p)
            if (e & 1)
                result = result * base % p;
        return static_cast<std::size_t>(result);
    };
    for (std::size_t g = 2; g < p; ++g) {
        bool primitive = true;
        for (std::size_t q : primes)
            primitive = primitive && power(g, (p - 1) / q) != 1;
        if (primitive)
            return g;
    }
    return 0;
}

std::vector<std::complex<long double>> raderTables(std::size_t p)
{
    // [0, L): g^q mod p (input order), [L, 2L): g^-m mod p (output order), as exact small
    // integers in the real part; [2L, 3L): DFT_L(b) / L with b[q] = exp(-2 pi i g^-q / p).
    const std::size_t L = p - 1, g = primitiveRoot(p);
    std::vector<std::size_t> gp(L);
    gp[0] = 1;
    for (std::size_t q = 1; q < L; ++q)
        gp[q] = gp[q - 1] * g % p;
    std::vector<std::complex<long double>> table(3 * L);
    std::vector<std::complex<long double>> b(L);
    for (std::size_t q = 0; q < L; ++q) {
        const std::size_t inverse = gp[(L - q) % L]; // g^-q
        table[q] = static_cast<long double>(gp[q]);
        table[L + q] = static_cast<long double>(inverse);
        b[q] = unitRoot(inverse, p);
    }
    hostFft(b);
    for (std::size_t q = 0; q < L; ++q)
        table[2 * L + q] = b[q] / static_cast<long double>(L);
    return table;
}

std::vector<std::complex<long double>> bluesteinChirp(std::size_t n)
{
    // conj(b[k]) = exp(-pi i k^2 / N); k^2 reduced modulo 2N exactly in integers first.
    std::vector<std::complex<long double>> chirp(n);
    const TwoLevelRoots root(2 * n);
    for (std::size_t k = 0; k < n; ++k) {
        const unsigned long long e = (static_cast<unsigned long long>(k) * k) % (2ULL * n);
        chirp[k] = root(static_cast<std::size_t>(e));
    }
    return chirp;
}

namespace {

// Mixed-radix FFT in long double on the host (forward), for the Bluestein kernel's spectrum:
// recursive decimation in time over the smallest prime factor. The roots of unity come from
// one table of the top-level length (`roots[j] = exp(-2 pi i j / N)`), so each level costs no
// trigonometry; a sub-transform of length n uses every (N/n)-th root. `scratch` holds n values;
// the parts are gathered there and each part's recursion uses its own stretch of `a`.
using Complex = std::complex<long double>;

void hostFft(Complex* a, std::size_t n, const Complex* roots, std::size_t rootCount, Complex* scratch)
{
    if (n <= 1)
        return;
    std::size_t p = 2;
    while (n % p != 0)
        ++p;
    const std::size_t m = n / p, step = rootCount / n;
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t r = 0; r < p; ++r)
            scratch[r * m + i] = a[i * p + r];
    for (std::size_t r = 0; r < p; ++r)
        hostFft(scratch + r * m, m, roots, rootCount, a + r * m);
    if (p == 2) {
        // Outputs k and k + m share their product: w^(k+m) = -w^k.
        for (std::size_t k = 0; k < m; ++k) {
            const Complex s = scratch[k], x = scratch[m + k], w = roots[k * step];
            const long double re = x.real() * w.real() - x.imag() * w.imag();
            const long double im = x.real() * w.imag() + x.imag() * w.real();
            a[k] = Complex(s.real() + re, s.imag() + im);
            a[k + m] = Complex(s.real() - re, s.imag() - im);
        }
        return;
    }
    for (std::size_t k = 0; k < n; ++k) {
        // Written out: std::complex's operator* on long double calls __mulxc3 (its inf/NaN
        // recovery), which made this loop most of a warm Bluestein bake; the root's index r k
        // mod n advances by k without a division. Same values for finite inputs.
        const std::size_t i = k % m;
        long double re = scratch[i].real(), im = scratch[i].imag();
        std::size_t rk = 0;
        for (std::size_t r = 1; r < p; ++r) {
            rk += k;
            if (rk >= n)
                rk -= n;
            const Complex x = scratch[r * m + i], w = roots[rk * step];
            re += x.real() * w.real() - x.imag() * w.imag();
            im += x.real() * w.imag() + x.imag() * w.real();
        }
        a[k] = Complex(re, im);
    }
}

void hostFft(std::vector<std::complex<long double>>& a)
{
    const std::size_t n = a.size();
    std::vector<std::complex<long double>> roots(n);
    const TwoLevelRoots root(n);
    for (std::size_t j = 0; j <= n / 2; ++j)
        roots[j] = root(j);
    for (std::size_t j = n / 2 + 1; j < n; ++j)
        roots[j] = std::conj(roots[n - j]);
    std::vector<std::complex<long double>> scratch(a.size());
    hostFft(a.data(), a.size(), roots.data(), roots.size(), scratch.data());
}

} // namespace

std::vector<std::complex<long double>> bluesteinKernel(std::size_t n, std::size_t m)
{
    // DFT_M of b~ (b[j] at j and at M-j), divided by M so the kernel's inverse needs no scaling.
    std::vector<std::complex<long double>> b(m, 0.0L);
    const std::vector<std::complex<long double>> chirp = bluesteinChirp(n);
    for (std::size_t j = 0; j < n; ++j) {
        b[j] = std::conj(chirp[j]);
        if (j > 0)
            b[m - j] = std::conj(chirp[j]);
    }
    hostFft(b);
    for (auto& v : b)
        v /= static_cast<long double>(m);
    return b;
}

TableLayout tableLayout(const KernelSpec& spec)
{
    TableLayout t;
    if (spec.kind == PassKind::RealMerge || spec.kind == PassKind::RealSplit) {
        const std::size_t count = spec.length / 2 + 1, L = splitMergeTableSplit(spec);
        t.end = L + (count + L - 1) / L;
        return t;
    }
    if (spec.rowVector.rowsPerGroup) // its twiddles are constants of the source (one entry is bound)
        return t;
    if (spec.row.width) {
        const std::size_t W = spec.row.width, A = spec.length / W;
        t.laneTable = vectorPassTwiddleEnd(vectorPasses(spec.radices, A));
        t.realFactors = t.laneTable + A * W;
        t.stageTables = t.steps = t.end =
            t.realFactors + (spec.halfLengthReal() && !spec.row.pairs ? spec.length : 0);
        if (spec.kind == PassKind::Bluestein) // the chirp, then the kernel's spectrum
            t.end += spec.transformLength + spec.length;
        t.r2r = t.end;
        t.end += r2rFusedTableLength(spec.r2rIn, false) + r2rFusedTableLength(spec.r2rOut, true);
        return t;
    }
    t.realFactors = t.passTwiddles + passTwiddleCount(spec);
    t.stageTables = t.realFactors + (spec.halfLengthReal() ? spec.length / 2 + 1 : 0);
    t.steps = t.stageTables;
    if (spec.stageTwiddleLength) {
        const std::size_t L = stageSplit(spec);
        t.steps += L + (spec.stageTwiddleLength + L - 1) / L;
    }
    t.end = t.steps;
    if (spec.kind == PassKind::Bluestein)
        t.end += spec.transformLength + spec.length;
    if (spec.kind == PassKind::Rader)
        t.end += 3 * spec.length;
    if (spec.fusedStep == FusedStep::Load || spec.fusedStep == FusedStep::Store)
        t.end += spec.transformLength;
    if (spec.fusedStep == FusedStep::Multiply)
        t.end += spec.bluesteinPadded;
    t.r2r = t.end;
    t.end += r2rFusedTableLength(spec.r2rIn, false) + r2rFusedTableLength(spec.r2rOut, true);
    // A chirp's table is read W entries past its end by the lanes of a partial vector.
    const bool chirp = spec.fusedStep == FusedStep::Load || spec.fusedStep == FusedStep::Store;
    t.laneTable = std::max<std::size_t>(t.end, 1) + (chirp ? spec.lane.width : 0);
    return t;
}

std::size_t stockhamTwiddleCount(const KernelSpec& spec) { return std::max<std::size_t>(tableLayout(spec).end, 1); }

std::vector<std::complex<long double>> stockhamTwiddles(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table;
    table.reserve(stockhamTwiddleCount(spec));
    // Reduce each exponent modulo n before scaling, so the argument stays in [0, 2 pi).
    auto root = unitRoot;
    for (const PassShape& s : passShapes(spec)) {
        if (s.span == 1)
            continue;
        const std::size_t n = s.span * static_cast<std::size_t>(s.radix);
        for (std::size_t k = 0; k < s.span; ++k)
            for (int r = 1; r < s.radix; ++r)
                table.push_back(root(k * static_cast<std::size_t>(r), n));
    }
    // Split/merge factors of even real transforms: exp(-2 pi i k / N), k = 0..M/2.
    if (spec.halfLengthReal())
        for (std::size_t k = 0; k <= spec.length / 2; ++k)
            table.push_back(root(k, spec.realLength));
    if (spec.stageTwiddleLength) {
        appendTwoLevelRoots(table, spec.stageTwiddleLength, spec.stageTwiddleLength);
    }
    if (spec.kind == PassKind::Rader) {
        if (spec.transformLength < 3 || spec.length + 1 != spec.transformLength || spec.stockham.splitExchange ||
            primitiveRoot(spec.transformLength) == 0)
            throw std::invalid_argument("KernelSpec: Rader needs a prime p and L = p - 1, in local memory");
    } else if (spec.kind == PassKind::Bluestein) {
        const std::vector<std::complex<long double>> chirp = bluesteinChirp(spec.transformLength);
        table.insert(table.end(), chirp.begin(), chirp.end());
        const std::vector<std::complex<long double>> kernel = bluesteinKernel(spec.transformLength, spec.length);
        table.insert(table.end(), kernel.begin(), kernel.end());
    }
    if (spec.kind == PassKind::Rader) {
        const std::vector<std::complex<long double>> rader = raderTables(spec.transformLength);
        table.insert(table.end(), rader.begin(), rader.end());
    }
    if (spec.fusedStep == FusedStep::Load || spec.fusedStep == FusedStep::Store) {
        const std::vector<std::complex<long double>> chirp = bluesteinChirp(spec.transformLength);
        table.insert(table.end(), chirp.begin(), chirp.end());
    }
    if (spec.fusedStep == FusedStep::Multiply) {
        const std::vector<std::complex<long double>> kernel = bluesteinKernel(spec.transformLength, spec.bluesteinPadded);
        table.insert(table.end(), kernel.begin(), kernel.end());
    }
    for (bool out : {false, true}) { // tableLayout's r2r
        const auto t = r2rFusedTable(out ? spec.r2rOut : spec.r2rIn, out);
        table.insert(table.end(), t.begin(), t.end());
    }
    if (table.empty())
        table.emplace_back(1.0L, 0.0L);
    return table;
}

} // namespace clfft_ng
