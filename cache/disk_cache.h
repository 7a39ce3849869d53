// Level 2 of the program cache: compiled program binaries on disk, one file per key.
//
// Pure C++ and POSIX, no OpenCL calls, so every failure path can be tested without a device.
// See docs/cache.md for the design: key, entry format, locations, eviction, concurrency.
#pragma once

#include "sha256.h"
#include "trusted_files.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <string>
#include <vector>

namespace clfft_ng {

// The release of the library that writes entries (CLFFT_NG_RELEASE); part of every key.
const char* libraryRelease();

// The device a binary was built for, as the OpenCL runtime names it; part of every key.
struct DeviceIdentity {
    std::string platformName;
    std::string platformVersion;
    std::string deviceName;
    std::string deviceVendor;
    std::string deviceVersion;
    std::string driverVersion;

    // One line for listings, stored in each entry (informational only: the key decides).
    std::string describe() const;
};

using CacheKey = Sha256Digest;

// SHA-256 over a length-prefixed record of: a domain tag, the library release, the device
// identity, the build options and the full program source.
CacheKey makeCacheKey(const std::string& source, const std::string& options, const DeviceIdentity& device,
                      const std::string& release = libraryRelease());

// ---- Entry files ---------------------------------------------------------------------------

// Why a file was or was not accepted.
enum class EntryCheck {
    Ok,
    Missing,      // no such file
    Unreadable,   // cannot be opened or read, or is not a regular file
    Empty,        // zero bytes
    Truncated,    // shorter than its header or than the sizes it declares
    SizeMismatch, // longer than the sizes it declares
    TooLarge,     // larger than any entry we would write (not read)
    BadMagic,
    BadVersion,   // another format version
    KeyMismatch,  // a valid entry, but for another key (file renamed or copied)
    BadChecksum,
    Untrusted,    // a symbolic link, or a file of another owner than the cache's trust allows
};
const char* describe(EntryCheck check);

constexpr char entryMagic[8] = {'C', 'L', 'F', 'N', 'G', 'B', 'I', 'N'};
constexpr std::uint32_t entryFormatVersion = 1;
constexpr std::size_t entryHeaderSize = 88;
constexpr const char* entrySuffix = ".clbin";

struct Entry {
    CacheKey key{};
    std::uint32_t formatVersion = 0;
    std::string info;                 // DeviceIdentity::describe() of the writer
    std::vector<std::uint8_t> binary; // what clGetProgramInfo(CL_PROGRAM_BINARIES) gave
};

std::vector<std::uint8_t> encodeEntry(const CacheKey& key, const std::string& info,
                                      const std::vector<std::uint8_t>& binary);
// `expected` (optional) is the key the caller looked up; another key is KeyMismatch.
EntryCheck decodeEntry(const std::uint8_t* data, std::size_t size, const CacheKey* expected, Entry* out);
// Who may own an entry (or its directory) that is loaded (trusted_files.h): a cached binary is
// code the library runs. Any: no owner check (listing tools).
EntryCheck readEntryFile(const std::string& path, const CacheKey* expected, Entry* out, Trust trust = Trust::Any);

std::string entryFileName(const CacheKey& key); // "<64 hex digits>.clbin"
bool isEntryFileName(const std::string& name);

// ---- Configuration -------------------------------------------------------------------------

struct DiskCacheConfig {
    bool enabled = false;      // false: no disk reads or writes at all
    std::string userDir;       // read-write, created when missing
    std::string systemDir;     // read-only, consulted after userDir; empty: none
    std::uint64_t maxBytes = defaultMaxBytes;
    bool verbose = false;      // warnings on stderr
    // Folders 0755 and entries 0644 rather than 0700 / 0600: a system cache written by
    // clfft-bake is read by every user (CLFFT_CACHE_SHARED=1).
    bool sharedFiles = false;

    static constexpr std::uint64_t defaultMaxBytes = 256ull << 20;

    // Reads CLFFT_CACHE_DISABLE, CLFFT_CACHE_PATH, XDG_CACHE_HOME, HOME, CLFFT_CACHE_MAX_BYTES,
    // CLFFT_SYSTEM_CACHE_PATH and CLFFT_VERBOSE (see docs/cache.md).
    static DiskCacheConfig fromEnvironment();
};

// "<directory holding the library or executable that contains this code>/clfft-cache".
std::string defaultSystemCacheDir();
// Parses "123", "64K", "256M", "2G" (binary units); false when malformed.
bool parseByteSize(const char* text, std::uint64_t* bytes);

// ---- The cache -----------------------------------------------------------------------------

// Counters shared with ProgramCache; monotonic until reset.
struct CacheCounters {
    std::atomic<std::uint64_t> sourceBuilds{0};
    std::atomic<std::uint64_t> binaryLoads{0};
    std::atomic<std::uint64_t> binaryLoadFailures{0};
    std::atomic<std::uint64_t> memoryHits{0};
    std::atomic<std::uint64_t> diskHits{0};
    std::atomic<std::uint64_t> systemHits{0};
    std::atomic<std::uint64_t> diskMisses{0};
    std::atomic<std::uint64_t> diskWrites{0};
    std::atomic<std::uint64_t> diskWriteFailures{0};
    std::atomic<std::uint64_t> bytesWritten{0};
    std::atomic<std::uint64_t> corruptEntries{0};
    std::atomic<std::uint64_t> evictions{0};

    void reset();
};

class DiskCache {
public:
    DiskCache(DiskCacheConfig config, CacheCounters& counters);

    const DiskCacheConfig& config() const { return config_; }

    enum class Origin { None, User, System };
    struct Hit {
        Origin origin = Origin::None;
        std::vector<std::uint8_t> binary;
    };
    // User directory first (a hit there refreshes the entry's mtime), then the system one.
    // Anything but a valid entry for `key` is a miss; rejected files are counted.
    Hit load(const CacheKey& key);

    // Whether an entry file for `key` exists in a trusted user or system directory (not read,
    // not counted: load() may still reject it).
    bool has(const CacheKey& key);

    // Writes atomically (temporary file + rename) into the user directory, then evicts the
    // least recently used entries beyond maxBytes. False when nothing was written.
    bool store(const CacheKey& key, const std::string& info, const std::vector<std::uint8_t>& binary);

    // Removes least recently used entries until the directory holds at most maxBytes, never
    // `keep`; also removes temporary files older than an hour (from writers that died).
    void evict(const CacheKey* keep);

private:
    // A directory a lookup reads, with the trust its entries need.
    struct ReadDir {
        Origin origin;
        const std::string* dir;
        Trust trust;
    };
    // The directories load() and has() read, the user's first: those set and trusted (an
    // untrusted one that exists is warned about when `warnUntrusted`).
    std::vector<ReadDir> readDirs(bool warnUntrusted);
    void warn(const std::string& message);
    bool ensureUserDir();

    DiskCacheConfig config_;
    CacheCounters& counters_;
    std::mutex warnMutex_;
    std::vector<std::string> warned_;
};

// ---- Directory tools (clfft-bake) ------------------------------------------------------------

struct ListedEntry {
    std::string fileName;
    std::uint64_t fileSize = 0;
    std::time_t mtime = 0;
    EntryCheck check = EntryCheck::Missing;
    std::uint64_t binarySize = 0; // of a valid entry
    Entry entry;                  // binary kept only when asked
};
// Every entry file of `dir`, oldest first; the key expected of each is the one its name gives.
std::vector<ListedEntry> listEntries(const std::string& dir, bool keepBinaries);
// Removes entry and temporary files (nothing else); returns how many; -1 when `dir` cannot be read.
long clearEntries(const std::string& dir);

} // namespace clfft_ng
