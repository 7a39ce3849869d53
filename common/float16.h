// IEEE binary16 and bfloat16 on the host (docs/precision.md): widening is exact, narrowing
// rounds to nearest even, a NaN stays a NaN. The reference the device's conversions are tested
// against (tests/precision) and what clfft-client stores and reads for 16-bit plans.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace clfft_ng {

inline float bitsToFloat(std::uint32_t u)
{
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

inline std::uint32_t floatToBits(float f)
{
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline float halfToFloat(std::uint16_t h)
{
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
    if (exp == 0x1f) // infinity, NaN (payload kept)
        return bitsToFloat(sign | 0x7f800000u | (mant << 13));
    if (exp != 0)
        return bitsToFloat(sign | ((exp + 112) << 23) | (mant << 13));
    const float f = std::ldexp(static_cast<float>(mant), -24); // zero and subnormals: mant * 2^-24
    return sign ? -f : f;
}

inline std::uint16_t floatToHalf(float f)
{
    const std::uint32_t u = floatToBits(f), a = u & 0x7fffffffu;
    const std::uint16_t sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
    if (a > 0x7f800000u) // NaN: quiet, the payload's upper bits kept
        return static_cast<std::uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
    if (a >= 0x477ff000u) // from 65520 (halfway above 65504, ties to the even infinity) up
        return static_cast<std::uint16_t>(sign | 0x7c00u);
    if (a >= 0x38800000u) { // normal: rebias the exponent, round the 13 dropped bits to even
        const std::uint32_t v = a - (112u << 23);
        return static_cast<std::uint16_t>(sign | ((v + 0xfffu + ((v >> 13) & 1u)) >> 13));
    }
    // subnormal or zero: units of 2^-24, rounded to even (scaling by 2^24 is exact)
    const float units = std::nearbyint(bitsToFloat(a) * 16777216.0f);
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(units));
}

inline float bf16ToFloat(std::uint16_t b) { return bitsToFloat(std::uint32_t(b) << 16); }

inline std::uint16_t floatToBf16(float f)
{
    const std::uint32_t u = floatToBits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return static_cast<std::uint16_t>((u >> 16) | 0x40u);
    return static_cast<std::uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

} // namespace clfft_ng
