#include "sha256.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace clfft_ng {

namespace {

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4, 4.2.2).
constexpr std::uint32_t roundConstants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

// First 32 bits of the fractional parts of the square roots of the first 8 primes (5.3.3).
constexpr std::uint32_t initialState[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                           0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

inline std::uint32_t rotr(std::uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

} // namespace

Sha256::Sha256()
{
    for (int i = 0; i < 8; ++i)
        state_[i] = initialState[i];
}

namespace {

void compressPortable(std::uint32_t* state, const std::uint8_t* block)
{
    std::uint32_t w[64];
    for (int t = 0; t < 16; ++t)
        w[t] = (std::uint32_t(block[4 * t]) << 24) | (std::uint32_t(block[4 * t + 1]) << 16) |
               (std::uint32_t(block[4 * t + 2]) << 8) | std::uint32_t(block[4 * t + 3]);
    for (int t = 16; t < 64; ++t) {
        const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int t = 0; t < 64; ++t) {
        const std::uint32_t bigSigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const std::uint32_t choose = (e & f) ^ (~e & g);
        const std::uint32_t t1 = h + bigSigma1 + choose + roundConstants[t] + w[t];
        const std::uint32_t bigSigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const std::uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        const std::uint32_t t2 = bigSigma0 + majority;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CLFFT_NG_SHA_EXTENSIONS 1
// The x86 SHA extensions (Intel since Ice Lake and Goldmont, AMD since Zen): a 150 KB kernel
// binary's checksum at each cache hit takes 0.5 ms in portable code, several times less here.
// The state is held as ABEF and CDGH, the order sha256rnds2 takes.
__attribute__((target("sha,sse4.1,ssse3"))) void compressExtensions(std::uint32_t* state, const std::uint8_t* blocks,
                                                                    std::size_t count)
{
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
    __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
    dcba = _mm_shuffle_epi32(dcba, 0xB1);          // dwords b a d c
    hgfe = _mm_shuffle_epi32(hgfe, 0x1B);          // dwords h g f e
    __m128i abef = _mm_alignr_epi8(dcba, hgfe, 8); // dwords f e b a
    __m128i cdgh = _mm_blend_epi16(hgfe, dcba, 0xF0); // dwords h g d c
    for (; count > 0; --count, blocks += 64) {
        const __m128i abefStart = abef, cdghStart = cdgh;
        __m128i w[4];
        for (int i = 0; i < 16; ++i) {
            __m128i& m = w[i % 4];
            if (i < 4)
                m = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(blocks + 16 * i)), byteSwap);
            else // W[t..t+3] from W[t-16..t-1] (4.2.2's message schedule)
                m = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(m, w[(i + 1) % 4]),
                                                       _mm_alignr_epi8(w[(i + 3) % 4], w[(i + 2) % 4], 4)),
                                         w[(i + 3) % 4]);
            __m128i k = _mm_add_epi32(m, _mm_loadu_si128(reinterpret_cast<const __m128i*>(roundConstants + 4 * i)));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, k); // two rounds: the new ABEF
            k = _mm_shuffle_epi32(k, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, k); // two more (the old ABEF served as CDGH)
        }
        abef = _mm_add_epi32(abef, abefStart);
        cdgh = _mm_add_epi32(cdgh, cdghStart);
    }
    const __m128i abfe = _mm_shuffle_epi32(abef, 0x1B); // dwords a b e f
    const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xB1); // dwords g h c d
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(abfe, ghcd, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(ghcd, abfe, 8));
}

bool cpuHasShaExtensions()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSE4_1) || !(c & bit_SSSE3))
        return false;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}
#endif

} // namespace

bool sha256HasExtensions()
{
#ifdef CLFFT_NG_SHA_EXTENSIONS
    static const bool has = cpuHasShaExtensions();
    return has;
#else
    return false;
#endif
}

void sha256Compress(std::uint32_t* state, const std::uint8_t* blocks, std::size_t count, bool extensions)
{
#ifdef CLFFT_NG_SHA_EXTENSIONS
    if (extensions && sha256HasExtensions()) {
        compressExtensions(state, blocks, count);
        return;
    }
#else
    (void)extensions;
#endif
    for (; count > 0; --count, blocks += 64)
        compressPortable(state, blocks);
}

void Sha256::update(const void* data, std::size_t size)
{
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    totalBytes_ += size;
    if (pendingSize_ > 0) {
        const std::size_t take = std::min<std::size_t>(size, 64 - pendingSize_);
        std::memcpy(pending_.data() + pendingSize_, bytes, take);
        pendingSize_ += take;
        bytes += take;
        size -= take;
        if (pendingSize_ < 64)
            return;
        sha256Compress(state_.data(), pending_.data(), 1);
        pendingSize_ = 0;
    }
    sha256Compress(state_.data(), bytes, size / 64);
    bytes += size / 64 * 64;
    size %= 64;
    if (size > 0) {
        std::memcpy(pending_.data(), bytes, size);
        pendingSize_ = size;
    }
}

Sha256Digest Sha256::digest()
{
    // Padding (5.1.1): a one bit, zeros up to 56 mod 64 bytes, then the bit length big-endian.
    const std::uint64_t bitLength = totalBytes_ * 8;
    const std::uint8_t one = 0x80;
    update(&one, 1);
    const std::uint8_t zero = 0;
    while (pendingSize_ != 56)
        update(&zero, 1);
    std::uint8_t length[8];
    for (int i = 0; i < 8; ++i)
        length[i] = static_cast<std::uint8_t>(bitLength >> (56 - 8 * i));
    update(length, 8);
    Sha256Digest out;
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j)
            out[4 * i + j] = static_cast<std::uint8_t>(state_[i] >> (24 - 8 * j));
    return out;
}

Sha256Digest Sha256::of(const void* data, std::size_t size)
{
    Sha256 h;
    h.update(data, size);
    return h.digest();
}

std::string toHex(const std::uint8_t* bytes, std::size_t size)
{
    static const char digits[] = "0123456789abcdef";
    std::string s(2 * size, '0');
    for (std::size_t i = 0; i < size; ++i) {
        s[2 * i] = digits[bytes[i] >> 4];
        s[2 * i + 1] = digits[bytes[i] & 15];
    }
    return s;
}

} // namespace clfft_ng
