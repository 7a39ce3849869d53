// SHA-256 against the FIPS 180-4 examples and NIST's SHA-256 test vectors (no OpenCL needed).
#define BOOST_TEST_MODULE sha256
#include <boost/test/unit_test.hpp>

#include "sha256.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using clfft_ng::Sha256;
using clfft_ng::toHex;

namespace {

std::string hashHex(const std::string& text) { return toHex(Sha256::of(text)); }

const std::string message448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string message896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

} // namespace

BOOST_AUTO_TEST_CASE(empty_message)
{
    BOOST_TEST(hashHex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

BOOST_AUTO_TEST_CASE(abc)
{
    BOOST_TEST(hashHex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

BOOST_AUTO_TEST_CASE(two_block_448_bit_message)
{
    BOOST_TEST(message448.size() == 56u);
    BOOST_TEST(hashHex(message448) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

BOOST_AUTO_TEST_CASE(two_block_896_bit_message)
{
    BOOST_TEST(message896.size() == 112u);
    BOOST_TEST(hashHex(message896) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

BOOST_AUTO_TEST_CASE(one_million_a)
{
    const std::string block(1000, 'a');
    Sha256 h;
    for (int i = 0; i < 1000; ++i)
        h.update(block);
    BOOST_TEST(toHex(h.digest()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    BOOST_TEST(hashHex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_CASE(split_updates_match_one_update)
{
    // Every split point of messages around the block and padding boundaries (55, 56, 63, 64, 65 bytes).
    for (std::size_t size : {0u, 1u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 128u, 200u}) {
        std::string text;
        for (std::size_t i = 0; i < size; ++i)
            text.push_back(static_cast<char>('a' + (i * 7) % 26));
        const std::string whole = hashHex(text);
        for (std::size_t cut = 0; cut <= size; ++cut) {
            Sha256 h;
            h.update(text.substr(0, cut));
            h.update(text.substr(cut));
            BOOST_TEST(toHex(h.digest()) == whole, "size " << size << " cut " << cut);
        }
        // Byte at a time.
        Sha256 h;
        for (char c : text)
            h.update(&c, 1);
        BOOST_TEST(toHex(h.digest()) == whole);
    }
}

BOOST_AUTO_TEST_CASE(padding_boundaries)
{
    // NIST byte-oriented vectors: one byte 0xbd, four bytes c98c8e55, 55 and 56 zero bytes.
    const std::uint8_t bd = 0xbd;
    BOOST_TEST(toHex(Sha256::of(&bd, 1)) == "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b");
    const std::uint8_t four[4] = {0xc9, 0x8c, 0x8e, 0x55};
    BOOST_TEST(toHex(Sha256::of(four, 4)) == "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504");
    const std::vector<std::uint8_t> zeros55(55, 0), zeros56(56, 0);
    BOOST_TEST(toHex(Sha256::of(zeros55.data(), zeros55.size())) ==
               "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7");
    BOOST_TEST(toHex(Sha256::of(zeros56.data(), zeros56.size())) ==
               "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb");
}

BOOST_AUTO_TEST_CASE(cpu_extensions_and_portable_code_compress_alike)
{
    // Where the CPU has SHA extensions every hash above went through them; the portable code
    // must give the same state for any blocks (and the other way round on CPUs without them).
    std::vector<std::uint8_t> data(64 * 37);
    std::uint32_t x = 12345;
    for (auto& byte : data) {
        x = x * 1103515245u + 12345u;
        byte = static_cast<std::uint8_t>(x >> 24);
    }
    for (std::size_t blocks : {1u, 2u, 5u, 37u}) {
        std::uint32_t a[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
        std::uint32_t b[8];
        std::copy(a, a + 8, b);
        clfft_ng::sha256Compress(a, data.data(), blocks, true);
        clfft_ng::sha256Compress(b, data.data(), blocks, false);
        BOOST_TEST(std::vector<std::uint32_t>(a, a + 8) == std::vector<std::uint32_t>(b, b + 8), boost::test_tools::per_element());
    }
    BOOST_TEST_MESSAGE("SHA extensions in use: " << (clfft_ng::sha256HasExtensions() ? "yes" : "no"));
}
