// Wisdom records: the plan a measurement chose (src/wisdom.h says how the library keys and uses
// them), as text, in memory and on disk. A record names the winning candidate (its variant and
// a hash of its printed plan), never a binary: kernels still come from the program cache. Pure
// C++ and POSIX, like the rest of the disk cache, so clfft-bake lists and writes them too.
#pragma once

#include "disk_cache.h"

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clfft_ng {

struct WisdomRecord {
    std::string key;        // wisdomKey(), 64 hex digits
    std::string variant;    // Candidate::variant of the winner
    std::string planHash;   // planFingerprint() of the winner's printed plan
    double milliseconds = 0; // the winner's median time
    std::size_t measured = 0;   // candidates timed
    std::size_t candidates = 0; // candidates the planner offered
    std::string problem;    // informational: the problem and device the record is for
    std::string device;
};

// One record as text, checksummed; decoding keeps the valid records of a text and skips the
// rest (a corrupt or truncated record is not an error, only a miss).
std::string encodeWisdom(const WisdomRecord& record);
std::vector<WisdomRecord> decodeWisdom(const std::string& text, std::size_t* rejected = nullptr);

// The process's wisdom. Thread-safe.
class WisdomStore {
public:
    // Memory first, then the user directory, then the system directory (a disk hit is kept in
    // memory). `config` says where the directories are (disabled: memory only).
    std::optional<WisdomRecord> lookup(const std::string& key, const DiskCacheConfig& config);
    // Kept in memory and, when the disk cache is enabled, written to the user directory.
    void remember(const WisdomRecord& record, const DiskCacheConfig& config);
    // The records in memory, as text (export); sorted by key.
    std::string exportText() const;
    // Adds the valid records of `text` to memory; returns how many.
    std::size_t importText(const std::string& text);
    void forget();
    std::size_t size() const;

private:
    mutable std::mutex mutex_;
    std::map<std::string, WisdomRecord> records_;
};

// "<cache directory>/wisdom": where a directory's records live, one file per key.
std::string wisdomDirectory(const std::string& cacheDir);
constexpr const char* wisdomSuffix = ".wisdom";
// Removes the record files of a cache directory; how many (-1: unreadable directory).
long clearWisdom(const std::string& cacheDir);
// The valid records of a cache directory.
std::vector<WisdomRecord> listWisdom(const std::string& cacheDir);

} // namespace clfft_ng
