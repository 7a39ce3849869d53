// The on-disk level of the program cache (cache/disk_cache.h) without OpenCL: keys, the entry
// format, every way an entry file can be bad, unusable directories, eviction, the system
// cache, concurrent writers and readers, and the configuration read from the environment.
#define BOOST_TEST_MODULE disk_cache
#include <boost/test/unit_test.hpp>

#include "cache_test_util.h"
#include "disk_cache.h"

#include <set>
#include <thread>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

using namespace clfft_ng;
using cache_test::EnvVar;
using cache_test::ScratchDir;

namespace {

DeviceIdentity someDevice()
{
    DeviceIdentity d;
    d.platformName = "Portable Computing Language";
    d.platformVersion = "OpenCL 3.0 PoCL 3.1";
    d.deviceName = "cpu-haswell-AMD EPYC";
    d.deviceVendor = "AuthenticAMD";
    d.deviceVersion = "OpenCL 3.0 PoCL HSTR: cpu-x86_64";
    d.driverVersion = "3.1";
    return d;
}

CacheKey keyOf(const std::string& source) { return makeCacheKey(source, "", someDevice()); }

std::vector<std::uint8_t> payload(std::size_t size, std::uint8_t seed)
{
    std::vector<std::uint8_t> b(size);
    for (std::size_t i = 0; i < size; ++i)
        b[i] = static_cast<std::uint8_t>(seed + i * 31);
    return b;
}

DiskCacheConfig configFor(const std::string& dir, std::uint64_t maxBytes = DiskCacheConfig::defaultMaxBytes)
{
    DiskCacheConfig c;
    c.enabled = true;
    c.userDir = dir;
    c.maxBytes = maxBytes;
    return c;
}

void setMtime(const std::string& path, std::time_t when)
{
    const struct timespec times[2] = {{when, 0}, {when, 0}};
    BOOST_REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

std::time_t mtimeOf(const std::string& path)
{
    struct stat st;
    BOOST_REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mtime;
}

std::size_t filesIn(const std::string& dir)
{
    std::size_t n = 0;
    if (DIR* d = ::opendir(dir.c_str())) {
        while (const struct dirent* e = ::readdir(d))
            if (e->d_name[0] != '.' || std::string(e->d_name).rfind(".tmp-", 0) == 0)
                ++n;
        ::closedir(d);
    }
    return n;
}

} // namespace

BOOST_AUTO_TEST_SUITE(keys)

BOOST_AUTO_TEST_CASE(deterministic_and_sensitive_to_every_field)
{
    const DeviceIdentity d = someDevice();
    const CacheKey base = makeCacheKey("kernel source", "-cl-fast", d, "0.1.0");
    BOOST_TEST(toHex(base) == toHex(makeCacheKey("kernel source", "-cl-fast", d, "0.1.0")));
    std::set<std::string> keys{toHex(base)};
    keys.insert(toHex(makeCacheKey("kernel source with callback text", "-cl-fast", d, "0.1.0")));
    keys.insert(toHex(makeCacheKey("kernel source", "", d, "0.1.0")));
    keys.insert(toHex(makeCacheKey("kernel source", "-cl-fast", d, "0.1.1")));
    for (std::string DeviceIdentity::*field :
         {&DeviceIdentity::platformName, &DeviceIdentity::platformVersion, &DeviceIdentity::deviceName,
          &DeviceIdentity::deviceVendor, &DeviceIdentity::deviceVersion, &DeviceIdentity::driverVersion}) {
        DeviceIdentity other = d;
        other.*field += "x";
        keys.insert(toHex(makeCacheKey("kernel source", "-cl-fast", other, "0.1.0")));
    }
    BOOST_TEST(keys.size() == 10u); // the base and 9 variations, all different
}

BOOST_AUTO_TEST_CASE(fields_are_length_prefixed)
{
    const DeviceIdentity d = someDevice();
    BOOST_TEST(toHex(makeCacheKey("ab", "c", d)) != toHex(makeCacheKey("abc", "", d)));
    BOOST_TEST(toHex(makeCacheKey("b", "a", d)) != toHex(makeCacheKey("", "ab", d)));
}

BOOST_AUTO_TEST_CASE(release_is_the_build_definition)
{
    BOOST_TEST(std::string(libraryRelease()).size() > 0u);
    BOOST_TEST(toHex(makeCacheKey("s", "", someDevice())) == toHex(makeCacheKey("s", "", someDevice(), libraryRelease())));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(entry_format)

BOOST_AUTO_TEST_CASE(round_trip)
{
    const CacheKey key = keyOf("round trip");
    const auto binary = payload(1000, 7);
    const auto bytes = encodeEntry(key, "device text", binary);
    BOOST_TEST(bytes.size() == entryHeaderSize + 11 + 1000);
    BOOST_TEST(std::string(bytes.begin(), bytes.begin() + 8) == "CLFNGBIN");
    Entry e;
    BOOST_TEST(decodeEntry(bytes.data(), bytes.size(), &key, &e) == EntryCheck::Ok);
    BOOST_TEST(e.info == "device text");
    BOOST_TEST(e.binary == binary);
    BOOST_TEST(e.formatVersion == entryFormatVersion);
    BOOST_TEST(toHex(e.key) == toHex(key));
}

BOOST_AUTO_TEST_CASE(every_byte_is_protected)
{
    // Flipping any single byte of the entry makes it invalid, whatever the field.
    const CacheKey key = keyOf("flips");
    const auto good = encodeEntry(key, "info", payload(64, 1));
    for (std::size_t i = 0; i < good.size(); ++i) {
        auto bad = good;
        bad[i] ^= 0x5a;
        BOOST_TEST((decodeEntry(bad.data(), bad.size(), &key, nullptr) != EntryCheck::Ok), "byte " << i);
    }
}

BOOST_AUTO_TEST_CASE(file_names)
{
    const CacheKey key = keyOf("names");
    BOOST_TEST(entryFileName(key) == toHex(key) + ".clbin");
    BOOST_TEST(isEntryFileName(entryFileName(key)));
    BOOST_TEST(!isEntryFileName("readme.txt"));
    BOOST_TEST(!isEntryFileName(toHex(key) + ".bin"));
    BOOST_TEST(isTempFileName(".tmp-0011-123"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(bad_entries)

// Writes `bytes` where the entry for `key` belongs; load() must miss and count one rejection;
// then store() replaces the file and load() hits.
void checkRejected(const std::vector<std::uint8_t>& bytes, EntryCheck expected, const char* what)
{
    BOOST_TEST_CONTEXT(what)
    {
        ScratchDir dir;
        CacheCounters counters;
        DiskCache cache(configFor(dir.path()), counters);
        const CacheKey key = keyOf("bad entries");
        const std::string path = dir / entryFileName(key);
        cache_test::writeBytes(path, bytes);
        BOOST_TEST(readEntryFile(path, &key, nullptr) == expected, describe(readEntryFile(path, &key, nullptr)));
        BOOST_TEST((cache.load(key).origin == DiskCache::Origin::None));
        BOOST_TEST(counters.corruptEntries.load() == 1u);
        BOOST_TEST(counters.diskMisses.load() == 1u);
        BOOST_TEST(cache.store(key, "info", payload(300, 3)));
        const DiskCache::Hit hit = cache.load(key);
        BOOST_TEST((hit.origin == DiskCache::Origin::User));
        BOOST_TEST((hit.binary == payload(300, 3)));
        BOOST_TEST(counters.corruptEntries.load() == 1u);
    }
}

const CacheKey theKey = keyOf("bad entries");
const std::vector<std::uint8_t> goodEntry = encodeEntry(theKey, "info", payload(500, 9));

BOOST_AUTO_TEST_CASE(zero_length) { checkRejected({}, EntryCheck::Empty, "zero length"); }

BOOST_AUTO_TEST_CASE(truncated)
{
    checkRejected({goodEntry.begin(), goodEntry.begin() + 5}, EntryCheck::Truncated, "inside the magic");
    checkRejected({goodEntry.begin(), goodEntry.begin() + 40}, EntryCheck::Truncated, "inside the header");
    checkRejected({goodEntry.begin(), goodEntry.end() - 1}, EntryCheck::Truncated, "one byte short");
    checkRejected({goodEntry.begin(), goodEntry.begin() + goodEntry.size() / 2}, EntryCheck::Truncated, "half");
}

BOOST_AUTO_TEST_CASE(trailing_bytes)
{
    auto bytes = goodEntry;
    bytes.push_back(0);
    checkRejected(bytes, EntryCheck::SizeMismatch, "one byte more");
}

BOOST_AUTO_TEST_CASE(flipped_bytes)
{
    for (std::size_t at : {std::size_t(60), entryHeaderSize + 1, goodEntry.size() - 1}) {
        auto bytes = goodEntry;
        bytes[at] ^= 1;
        checkRejected(bytes, EntryCheck::BadChecksum, "flipped bit");
    }
}

BOOST_AUTO_TEST_CASE(wrong_magic)
{
    auto bytes = goodEntry;
    bytes[0] = 'X';
    checkRejected(bytes, EntryCheck::BadMagic, "magic");
    checkRejected(std::vector<std::uint8_t>(200, 0xff), EntryCheck::BadMagic, "garbage");
}

BOOST_AUTO_TEST_CASE(other_format_version)
{
    auto bytes = goodEntry;
    bytes[8] = static_cast<std::uint8_t>(entryFormatVersion + 1);
    checkRejected(bytes, EntryCheck::BadVersion, "version");
}

BOOST_AUTO_TEST_CASE(entry_for_another_key)
{
    // A valid entry of another device (so another key) under this key's name.
    DeviceIdentity other = someDevice();
    other.deviceName = "another GPU";
    checkRejected(encodeEntry(makeCacheKey("bad entries", "", other), "info", payload(500, 9)),
                  EntryCheck::KeyMismatch, "other device");
}

BOOST_AUTO_TEST_CASE(entry_path_is_a_directory)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCache cache(configFor(dir.path()), counters);
    const std::string path = dir / entryFileName(theKey);
    BOOST_REQUIRE(::mkdir(path.c_str(), 0755) == 0);
    BOOST_TEST(readEntryFile(path, &theKey, nullptr) == EntryCheck::Unreadable);
    BOOST_TEST((cache.load(theKey).origin == DiskCache::Origin::None));
    BOOST_TEST(counters.corruptEntries.load() == 1u);
    BOOST_TEST(!cache.store(theKey, "info", payload(10, 1))); // rename cannot replace a directory
    BOOST_TEST(filesIn(dir.path()) == 1u);                    // and no temporary file is left
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(directories)

BOOST_AUTO_TEST_CASE(store_creates_missing_directories_and_leaves_no_temporary)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCache cache(configFor(dir / "a/b/c"), counters);
    const CacheKey key = keyOf("mkdir");
    BOOST_TEST((cache.load(key).origin == DiskCache::Origin::None));
    BOOST_TEST(cache.store(key, "info", payload(100, 2)));
    BOOST_TEST(cache_test::exists(dir / ("a/b/c/" + entryFileName(key))));
    BOOST_TEST(filesIn(dir / "a/b/c") == 1u);
    BOOST_TEST(counters.diskWrites.load() == 1u);
    BOOST_TEST(counters.bytesWritten.load() == entryHeaderSize + 4 + 100);
}

BOOST_AUTO_TEST_CASE(directory_is_a_file)
{
    ScratchDir dir;
    cache_test::writeBytes(dir / "file", {1, 2, 3});
    CacheCounters counters;
    DiskCache cache(configFor(dir / "file"), counters);
    const CacheKey key = keyOf("dir is a file");
    BOOST_TEST((cache.load(key).origin == DiskCache::Origin::None));
    BOOST_TEST(!cache.store(key, "info", payload(100, 2)));
    BOOST_TEST(counters.corruptEntries.load() == 0u);
    BOOST_TEST(counters.diskWriteFailures.load() == 1u);
    BOOST_TEST((cache_test::readBytes(dir / "file") == std::vector<std::uint8_t>{1, 2, 3}));
}

BOOST_AUTO_TEST_CASE(directory_cannot_be_created)
{
    CacheCounters counters;
    DiskCache cache(configFor("/proc/clfft-ng-no-such-dir/cache"), counters);
    const CacheKey key = keyOf("cannot create");
    BOOST_TEST((cache.load(key).origin == DiskCache::Origin::None));
    BOOST_TEST(!cache.store(key, "info", payload(100, 2)));
    BOOST_TEST(counters.diskWriteFailures.load() == 1u);
}

BOOST_AUTO_TEST_CASE(unwritable_directory)
{
    // /proc/self is a directory nobody can create files in, root included.
    CacheCounters counters;
    DiskCache cache(configFor("/proc/self"), counters);
    const CacheKey key = keyOf("unwritable");
    BOOST_TEST(!cache.store(key, "info", payload(100, 2)));
    BOOST_TEST(counters.diskWriteFailures.load() == 1u);
    // A read-only directory with a valid entry still serves it (when permissions apply to us).
    if (::geteuid() != 0) {
        ScratchDir dir;
        CacheCounters c2;
        DiskCache writable(configFor(dir.path()), c2);
        BOOST_REQUIRE(writable.store(key, "info", payload(100, 2)));
        BOOST_REQUIRE(::chmod(dir.path().c_str(), 0555) == 0);
        DiskCache readOnly(configFor(dir.path()), c2);
        BOOST_TEST((readOnly.load(key).origin == DiskCache::Origin::User));
        BOOST_TEST(!readOnly.store(keyOf("other"), "info", payload(100, 2)));
    }
}

BOOST_AUTO_TEST_CASE(disabled_cache_touches_nothing)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCacheConfig c = configFor(dir / "sub");
    c.enabled = false;
    DiskCache cache(c, counters);
    BOOST_TEST(!cache.store(keyOf("x"), "info", payload(10, 1)));
    BOOST_TEST((cache.load(keyOf("x")).origin == DiskCache::Origin::None));
    BOOST_TEST(!cache_test::exists(dir / "sub"));
    BOOST_TEST(counters.diskMisses.load() == 0u);
}

BOOST_AUTO_TEST_CASE(system_cache_after_user_cache_and_never_written)
{
    ScratchDir user, system;
    CacheCounters counters;
    const CacheKey onlySystem = keyOf("system only"), both = keyOf("both");
    {
        DiskCache writer(configFor(system.path()), counters);
        BOOST_REQUIRE(writer.store(onlySystem, "info", payload(50, 1)));
        BOOST_REQUIRE(writer.store(both, "info", payload(50, 2)));
    }
    DiskCacheConfig c = configFor(user.path());
    c.systemDir = system.path();
    DiskCache cache(c, counters);
    BOOST_REQUIRE(cache.store(both, "info", payload(50, 3)));
    counters.reset();
    DiskCache::Hit hit = cache.load(onlySystem);
    BOOST_TEST((hit.origin == DiskCache::Origin::System));
    BOOST_TEST((hit.binary == payload(50, 1)));
    hit = cache.load(both);
    BOOST_TEST((hit.origin == DiskCache::Origin::User));
    BOOST_TEST((hit.binary == payload(50, 3)));
    BOOST_TEST(counters.systemHits.load() == 1u);
    BOOST_TEST(counters.diskHits.load() == 1u);
    BOOST_TEST(cache.store(keyOf("new"), "info", payload(50, 4)));
    BOOST_TEST(filesIn(system.path()) == 2u);
    BOOST_TEST(filesIn(user.path()) == 2u);
    // A corrupt system entry is a miss too.
    cache_test::writeBytes(system / entryFileName(onlySystem), {1, 2, 3});
    BOOST_TEST((cache.load(onlySystem).origin == DiskCache::Origin::None));
    BOOST_TEST(counters.corruptEntries.load() == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

// A cached binary is code the library runs (native code on a CPU device): only directories and
// entries the current user owns, that nobody else can write, are used (docs/cache.md).
BOOST_AUTO_TEST_SUITE(trust)

const CacheKey theKey = keyOf("trusted entry");

BOOST_AUTO_TEST_CASE(created_private)
{
    ScratchDir dir;
    CacheCounters counters;
    const std::string sub = dir / "a/b";
    DiskCache cache(configFor(sub), counters);
    BOOST_REQUIRE(cache.store(theKey, "info", payload(40, 1)));
    struct stat st;
    BOOST_REQUIRE(::stat(sub.c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0700u);
    BOOST_REQUIRE(::stat((sub + "/" + entryFileName(theKey)).c_str(), &st) == 0);
    BOOST_TEST((st.st_mode & 0777) == 0600u);
}

BOOST_AUTO_TEST_CASE(group_or_world_writable_directory_is_not_used)
{
    for (mode_t mode : {mode_t(0770), mode_t(0707), mode_t(01777)}) {
        BOOST_TEST_CONTEXT("mode " << std::oct << mode)
        {
            ScratchDir dir;
            CacheCounters counters;
            {
                DiskCache writer(configFor(dir.path()), counters);
                BOOST_REQUIRE(writer.store(theKey, "info", payload(40, 2))); // a valid entry, planted
            }
            BOOST_REQUIRE(::chmod(dir.path().c_str(), mode) == 0);
            DiskCache cache(configFor(dir.path()), counters);
            BOOST_TEST((cache.load(theKey).origin == DiskCache::Origin::None));
            BOOST_TEST(!cache.store(keyOf("other"), "info", payload(40, 3)));
            BOOST_TEST(filesIn(dir.path()) == 1u);
            // Nor as the system cache.
            DiskCacheConfig c = configFor("");
            c.userDir.clear();
            c.systemDir = dir.path();
            c.enabled = true;
            DiskCache system(c, counters);
            BOOST_TEST((system.load(theKey).origin == DiskCache::Origin::None));
            ::chmod(dir.path().c_str(), 0700);
        }
    }
}

BOOST_AUTO_TEST_CASE(symlinked_entry_is_rejected)
{
    ScratchDir dir, elsewhere;
    CacheCounters counters;
    {
        DiskCache writer(configFor(elsewhere.path()), counters);
        BOOST_REQUIRE(writer.store(theKey, "info", payload(40, 4)));
    }
    const std::string target = elsewhere / entryFileName(theKey);
    const std::string link = dir / entryFileName(theKey);
    BOOST_REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
    DiskCache cache(configFor(dir.path()), counters);
    counters.reset();
    BOOST_TEST(readEntryFile(link, &theKey, nullptr, Trust::User) == EntryCheck::Untrusted);
    BOOST_TEST((cache.load(theKey).origin == DiskCache::Origin::None));
    BOOST_TEST(counters.corruptEntries.load() == 1u);
}

// Ownership by another uid needs root to arrange (CI runs as root); as another user the test
// says so and checks what it can.
BOOST_AUTO_TEST_CASE(other_owners)
{
    const uid_t other = 65534; // nobody
    if (::geteuid() != 0) {
        BOOST_TEST_MESSAGE("not root: cannot give files to another uid; ownership cases not run");
        std::string why;
        BOOST_TEST(!trustedDirectory("/", Trust::User, &why)); // root's, not this user's
        BOOST_TEST(trustedDirectory("/", Trust::UserOrRoot, &why));
        return;
    }
    {
        // An entry written by another uid, in our own directory.
        ScratchDir dir;
        CacheCounters counters;
        DiskCache cache(configFor(dir.path()), counters);
        BOOST_REQUIRE(cache.store(theKey, "info", payload(40, 5)));
        const std::string path = dir / entryFileName(theKey);
        BOOST_REQUIRE(::chown(path.c_str(), other, other) == 0);
        counters.reset();
        BOOST_TEST(readEntryFile(path, &theKey, nullptr, Trust::User) == EntryCheck::Untrusted);
        BOOST_TEST(readEntryFile(path, &theKey, nullptr, Trust::Any) == EntryCheck::Ok); // listing tools
        BOOST_TEST((cache.load(theKey).origin == DiskCache::Origin::None));
        BOOST_TEST(counters.corruptEntries.load() == 1u);
    }
    {
        // A directory owned by someone else: neither read nor written.
        ScratchDir dir;
        CacheCounters counters;
        {
            DiskCache writer(configFor(dir.path()), counters);
            BOOST_REQUIRE(writer.store(theKey, "info", payload(40, 6)));
        }
        BOOST_REQUIRE(::chown(dir.path().c_str(), other, other) == 0);
        std::string why;
        BOOST_TEST(!trustedDirectory(dir.path(), Trust::User, &why));
        BOOST_TEST(why.find("owned by uid") != std::string::npos);
        DiskCache cache(configFor(dir.path()), counters);
        BOOST_TEST((cache.load(theKey).origin == DiskCache::Origin::None));
        BOOST_TEST(!cache.store(keyOf("other"), "info", payload(40, 7)));
        BOOST_TEST(filesIn(dir.path()) == 1u);
        ::chown(dir.path().c_str(), 0, 0);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(eviction)

BOOST_AUTO_TEST_CASE(least_recently_used_goes_first)
{
    ScratchDir dir;
    CacheCounters counters;
    const std::size_t entrySize = entryHeaderSize + 4 + 1000;
    DiskCache cache(configFor(dir.path(), 3 * entrySize + 100), counters);
    const CacheKey a = keyOf("a"), b = keyOf("b"), c = keyOf("c"), d = keyOf("d");
    const std::time_t now = std::time(nullptr);
    for (const CacheKey* k : {&a, &b, &c})
        BOOST_REQUIRE(cache.store(*k, "info", payload(1000, 1)));
    setMtime(dir / entryFileName(a), now - 300); // oldest
    setMtime(dir / entryFileName(b), now - 200);
    setMtime(dir / entryFileName(c), now - 100);
    BOOST_TEST(counters.evictions.load() == 0u);

    // A hit refreshes a's time: b becomes the least recently used.
    BOOST_TEST((cache.load(a).origin == DiskCache::Origin::User));
    BOOST_TEST(mtimeOf(dir / entryFileName(a)) >= now);
    BOOST_REQUIRE(cache.store(d, "info", payload(1000, 1)));
    BOOST_TEST(counters.evictions.load() == 1u);
    BOOST_TEST(cache_test::exists(dir / entryFileName(a)));
    BOOST_TEST(!cache_test::exists(dir / entryFileName(b)));
    BOOST_TEST(cache_test::exists(dir / entryFileName(c)));
    BOOST_TEST(cache_test::exists(dir / entryFileName(d)));
}

BOOST_AUTO_TEST_CASE(new_entry_is_kept_and_oversized_entries_are_not_written)
{
    ScratchDir dir;
    CacheCounters counters;
    const std::size_t entrySize = entryHeaderSize + 4 + 1000;
    DiskCache cache(configFor(dir.path(), entrySize), counters);
    BOOST_REQUIRE(cache.store(keyOf("1"), "info", payload(1000, 1)));
    setMtime(dir / entryFileName(keyOf("1")), std::time(nullptr) + 1000); // newer than the next one
    BOOST_REQUIRE(cache.store(keyOf("2"), "info", payload(1000, 1)));
    BOOST_TEST(!cache_test::exists(dir / entryFileName(keyOf("1"))));
    BOOST_TEST(cache_test::exists(dir / entryFileName(keyOf("2"))));
    BOOST_TEST(!cache.store(keyOf("3"), "info", payload(1001, 1)));
    BOOST_TEST(cache_test::exists(dir / entryFileName(keyOf("2"))));
}

BOOST_AUTO_TEST_CASE(stale_temporary_files_are_removed)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCache cache(configFor(dir.path()), counters);
    cache_test::writeBytes(dir / ".tmp-dead-1", {1});
    cache_test::writeBytes(dir / ".tmp-live-2", {1});
    cache_test::writeBytes(dir / "unrelated.txt", {1});
    setMtime(dir / ".tmp-dead-1", std::time(nullptr) - 7200);
    BOOST_REQUIRE(cache.store(keyOf("x"), "info", payload(10, 1)));
    BOOST_TEST(!cache_test::exists(dir / ".tmp-dead-1"));
    BOOST_TEST(cache_test::exists(dir / ".tmp-live-2"));   // may belong to a writer at work
    BOOST_TEST(cache_test::exists(dir / "unrelated.txt")); // not ours
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(concurrent_writers_and_readers_never_see_a_partial_entry)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCache cache(configFor(dir.path()), counters);
    const CacheKey key = keyOf("contended");
    const auto first = payload(200000, 1), second = payload(150000, 2);
    BOOST_REQUIRE(cache.store(key, "info", first));
    std::atomic<int> bad{0}, hits{0}, writersLeft{2};
    std::vector<std::thread> threads;
    for (int w = 0; w < 2; ++w)
        threads.emplace_back([&, w] {
            for (int i = 0; i < 40; ++i)
                cache.store(key, "info", w ? second : first);
            --writersLeft;
        });
    for (int r = 0; r < 2; ++r)
        threads.emplace_back([&] {
            for (int i = 0; i < 20 || writersLeft.load() > 0; ++i) {
                const DiskCache::Hit hit = cache.load(key);
                if (hit.origin == DiskCache::Origin::User) {
                    ++hits;
                    if (hit.binary != first && hit.binary != second)
                        ++bad;
                }
            }
        });
    for (auto& t : threads)
        t.join();
    BOOST_TEST(bad.load() == 0);
    BOOST_TEST(counters.corruptEntries.load() == 0u);
    BOOST_TEST(hits.load() > 0);
    BOOST_TEST(filesIn(dir.path()) == 1u);
}

BOOST_AUTO_TEST_SUITE(configuration)

BOOST_AUTO_TEST_CASE(byte_sizes)
{
    std::uint64_t v = 0;
    BOOST_TEST((parseByteSize("123", &v) && v == 123u));
    BOOST_TEST((parseByteSize("64K", &v) && v == 65536u));
    BOOST_TEST((parseByteSize("256M", &v) && v == (256ull << 20)));
    BOOST_TEST((parseByteSize("2GiB", &v) && v == (2ull << 30)));
    BOOST_TEST(!parseByteSize("", &v));
    BOOST_TEST(!parseByteSize("-5", &v));
    BOOST_TEST(!parseByteSize("12Q", &v));
    BOOST_TEST(!parseByteSize("lots", &v));
}

BOOST_AUTO_TEST_CASE(from_environment)
{
    EnvVar noDisable("CLFFT_CACHE_DISABLE", nullptr), noMax("CLFFT_CACHE_MAX_BYTES", nullptr),
        noSystem("CLFFT_SYSTEM_CACHE_PATH", nullptr), noVerbose("CLFFT_VERBOSE", nullptr);
    {
        EnvVar path("CLFFT_CACHE_PATH", "/somewhere/cache/");
        const DiskCacheConfig c = DiskCacheConfig::fromEnvironment();
        BOOST_TEST(c.enabled);
        BOOST_TEST(c.userDir == "/somewhere/cache");
        BOOST_TEST(c.maxBytes == DiskCacheConfig::defaultMaxBytes);
        BOOST_TEST(c.systemDir == defaultSystemCacheDir());
        BOOST_TEST(c.systemDir.size() > std::string("/clfft-cache").size());
        BOOST_TEST(!c.verbose);
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", nullptr), xdg("XDG_CACHE_HOME", "/xdg"), home("HOME", "/home/u");
        BOOST_TEST(DiskCacheConfig::fromEnvironment().userDir == "/xdg/clfft");
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", ""), xdg("XDG_CACHE_HOME", nullptr), home("HOME", "/home/u");
        BOOST_TEST(DiskCacheConfig::fromEnvironment().userDir == "/home/u/.cache/clfft");
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", "off");
        BOOST_TEST(!DiskCacheConfig::fromEnvironment().enabled);
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", "/x"), disable("CLFFT_CACHE_DISABLE", "1");
        BOOST_TEST(!DiskCacheConfig::fromEnvironment().enabled);
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", "/x"), disable("CLFFT_CACHE_DISABLE", "0"), max("CLFFT_CACHE_MAX_BYTES", "1M"),
            system("CLFFT_SYSTEM_CACHE_PATH", "/opt/app/clfft-cache"), verbose("CLFFT_VERBOSE", "1");
        const DiskCacheConfig c = DiskCacheConfig::fromEnvironment();
        BOOST_TEST(c.enabled);
        BOOST_TEST(c.maxBytes == (1u << 20));
        BOOST_TEST(c.systemDir == "/opt/app/clfft-cache");
        BOOST_TEST(c.verbose);
    }
    {
        EnvVar path("CLFFT_CACHE_PATH", "/x"), max("CLFFT_CACHE_MAX_BYTES", "bogus"), system("CLFFT_SYSTEM_CACHE_PATH", "off");
        const DiskCacheConfig c = DiskCacheConfig::fromEnvironment();
        BOOST_TEST(c.maxBytes == DiskCacheConfig::defaultMaxBytes);
        BOOST_TEST(c.systemDir.empty());
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_CASE(listing_and_clearing)
{
    ScratchDir dir;
    CacheCounters counters;
    DiskCache cache(configFor(dir.path()), counters);
    BOOST_REQUIRE(cache.store(keyOf("1"), "dev one", payload(100, 1)));
    BOOST_REQUIRE(cache.store(keyOf("2"), "dev two", payload(200, 1)));
    cache_test::writeBytes(dir / entryFileName(keyOf("3")), {1, 2, 3});
    cache_test::writeBytes(dir / "keep.txt", {1});
    const auto list = listEntries(dir.path(), false);
    BOOST_REQUIRE(list.size() == 3u);
    int ok = 0;
    for (const ListedEntry& e : list) {
        if (e.check == EntryCheck::Ok) {
            ++ok;
            BOOST_TEST((e.entry.info == "dev one" || e.entry.info == "dev two"));
            BOOST_TEST(e.entry.binary.empty());
            BOOST_TEST((e.binarySize == 100u || e.binarySize == 200u));
        } else {
            BOOST_TEST(e.check == EntryCheck::Truncated);
        }
    }
    BOOST_TEST(ok == 2);
    BOOST_TEST(clearEntries(dir.path()) == 3);
    BOOST_TEST(filesIn(dir.path()) == 1u);
    BOOST_TEST(clearEntries(dir / "missing") == -1);
}
