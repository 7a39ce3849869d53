// SHA-256 (FIPS 180-4), written for the kernel binary cache's keys and entry checksums.
// Incremental: update() any number of times, then digest() once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace clfft_ng {

using Sha256Digest = std::array<std::uint8_t, 32>;

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    void update(const std::string& text) { update(text.data(), text.size()); }
    // Pads and returns the hash; the object must not be updated afterwards.
    Sha256Digest digest();

    static Sha256Digest of(const void* data, std::size_t size);
    static Sha256Digest of(const std::string& text) { return of(text.data(), text.size()); }

private:
    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> pending_{};
    std::size_t pendingSize_ = 0;
    std::uint64_t totalBytes_ = 0;
};

// The compression function over `count` 64-byte blocks: with the CPU's SHA extensions where
// `extensions` and the CPU has them (x86-64), else portable code. Exposed so that tests compare
// the two.
void sha256Compress(std::uint32_t* state, const std::uint8_t* blocks, std::size_t count, bool extensions = true);
bool sha256HasExtensions();

// Lower-case hexadecimal, two digits a byte.
std::string toHex(const std::uint8_t* bytes, std::size_t size);
inline std::string toHex(const Sha256Digest& d) { return toHex(d.data(), d.size()); }

} // namespace clfft_ng
