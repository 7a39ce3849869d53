#include "disk_cache.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <dirent.h>
#include <strings.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef CLFFT_NG_RELEASE
#error "CLFFT_NG_RELEASE must be defined by the build (cache/CMakeLists.txt)"
#endif

namespace clfft_ng {

const char* libraryRelease() { return CLFFT_NG_RELEASE; }

std::string DeviceIdentity::describe() const
{
    return deviceName + " (" + deviceVendor + ", " + deviceVersion + ", driver " + driverVersion + ") on " +
           platformName + " (" + platformVersion + ")";
}

namespace {

void putU32(std::uint8_t* p, std::uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

void putU64(std::uint8_t* p, std::uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t getU32(const std::uint8_t* p)
{
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

std::uint64_t getU64(const std::uint8_t* p)
{
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// A field of the key record: its length (8 bytes, little-endian) then its bytes, so that no two
// different records hash the same text.
void hashField(Sha256& h, const std::string& field)
{
    std::uint8_t length[8];
    putU64(length, field.size());
    h.update(length, sizeof length);
    h.update(field);
}

// The largest entry we ever read: far above any program binary, below what would hurt to read.
constexpr std::uint64_t maxEntryFileSize = 1ull << 30;

// Offsets in the header.
constexpr std::size_t offVersion = 8, offInfoSize = 12, offKey = 16, offBinarySize = 48, offChecksum = 56;

Sha256Digest entryChecksum(const std::uint8_t* header, const std::uint8_t* info, std::size_t infoSize,
                           const std::uint8_t* binary, std::size_t binarySize)
{
    Sha256 h;
    h.update(header, offChecksum);
    h.update(info, infoSize);
    h.update(binary, binarySize);
    return h.digest();
}

bool envSet(const char* name)
{
    const char* v = std::getenv(name);
    return v && *v && std::strcmp(v, "0") != 0;
}

bool isOffWord(const char* v)
{
    return v && (strcasecmp(v, "off") == 0 || strcasecmp(v, "none") == 0 || strcasecmp(v, "disabled") == 0);
}

bool olderThan(const DirFile& a, const DirFile& b)
{
    if (a.mtime.tv_sec != b.mtime.tv_sec)
        return a.mtime.tv_sec < b.mtime.tv_sec;
    if (a.mtime.tv_nsec != b.mtime.tv_nsec)
        return a.mtime.tv_nsec < b.mtime.tv_nsec;
    return a.name < b.name;
}

bool hexToKey(const std::string& hex, CacheKey* key)
{
    if (hex.size() != 64)
        return false;
    for (std::size_t i = 0; i < 32; ++i) {
        unsigned v = 0;
        for (int j = 0; j < 2; ++j) {
            const char c = hex[2 * i + j];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= unsigned(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= unsigned(c - 'a' + 10);
            else
                return false;
        }
        (*key)[i] = static_cast<std::uint8_t>(v);
    }
    return true;
}

} // namespace

CacheKey makeCacheKey(const std::string& source, const std::string& options, const DeviceIdentity& device,
                      const std::string& release)
{
    Sha256 h;
    hashField(h, "clfft-ng program cache key v1");
    hashField(h, release);
    hashField(h, device.platformName);
    hashField(h, device.platformVersion);
    hashField(h, device.deviceName);
    hashField(h, device.deviceVendor);
    hashField(h, device.deviceVersion);
    hashField(h, device.driverVersion);
    hashField(h, options);
    hashField(h, source);
    return h.digest();
}

const char* describe(EntryCheck check)
{
    switch (check) {
    case EntryCheck::Ok: return "ok";
    case EntryCheck::Missing: return "missing";
    case EntryCheck::Unreadable: return "unreadable";
    case EntryCheck::Empty: return "empty file";
    case EntryCheck::Truncated: return "truncated";
    case EntryCheck::SizeMismatch: return "trailing bytes";
    case EntryCheck::TooLarge: return "too large";
    case EntryCheck::BadMagic: return "bad magic";
    case EntryCheck::BadVersion: return "other format version";
    case EntryCheck::KeyMismatch: return "key mismatch";
    case EntryCheck::BadChecksum: return "bad checksum";
    case EntryCheck::Untrusted: return "a symbolic link or another user's file";
    }
    return "?";
}

std::vector<std::uint8_t> encodeEntry(const CacheKey& key, const std::string& info,
                                      const std::vector<std::uint8_t>& binary)
{
    // Header fields at fixed offsets, then the info text and the binary.
    std::vector<std::uint8_t> out(entryHeaderSize + info.size() + binary.size());
    std::uint8_t* p = out.data();
    std::memcpy(p, entryMagic, sizeof entryMagic);
    putU32(p + offVersion, entryFormatVersion);
    putU32(p + offInfoSize, static_cast<std::uint32_t>(info.size()));
    std::memcpy(p + offKey, key.data(), key.size());
    putU64(p + offBinarySize, binary.size());
    if (!info.empty())
        std::memcpy(p + entryHeaderSize, info.data(), info.size());
    if (!binary.empty())
        std::memcpy(p + entryHeaderSize + info.size(), binary.data(), binary.size());
    const Sha256Digest sum =
        entryChecksum(p, p + entryHeaderSize, info.size(), p + entryHeaderSize + info.size(), binary.size());
    std::memcpy(p + offChecksum, sum.data(), sum.size());
    return out;
}

namespace {

// The checks of decodeEntry; on Ok, where the entry's parts lie.
struct EntryParts {
    CacheKey key{};
    std::uint32_t version = 0;
    std::size_t infoSize = 0;
    std::size_t binarySize = 0;
};

EntryCheck checkEntry(const std::uint8_t* data, std::size_t size, const CacheKey* expected, EntryParts* parts)
{
    if (size == 0)
        return EntryCheck::Empty;
    if (size < sizeof entryMagic)
        return EntryCheck::Truncated;
    if (std::memcmp(data, entryMagic, sizeof entryMagic) != 0)
        return EntryCheck::BadMagic;
    if (size < entryHeaderSize)
        return EntryCheck::Truncated;
    const std::uint32_t version = getU32(data + offVersion);
    if (version != entryFormatVersion)
        return EntryCheck::BadVersion;
    CacheKey key;
    std::memcpy(key.data(), data + offKey, key.size());
    if (expected && key != *expected)
        return EntryCheck::KeyMismatch;
    const std::uint64_t infoSize = getU32(data + offInfoSize);
    const std::uint64_t binarySize = getU64(data + offBinarySize);
    const std::uint64_t available = size - entryHeaderSize;
    if (infoSize > available || binarySize > available - infoSize)
        return EntryCheck::Truncated;
    if (infoSize + binarySize != available)
        return EntryCheck::SizeMismatch;
    const std::uint8_t* info = data + entryHeaderSize;
    const std::uint8_t* binary = info + infoSize;
    const Sha256Digest sum = entryChecksum(data, info, infoSize, binary, binarySize);
    if (std::memcmp(sum.data(), data + offChecksum, sum.size()) != 0)
        return EntryCheck::BadChecksum;
    parts->key = key;
    parts->version = version;
    parts->infoSize = static_cast<std::size_t>(infoSize);
    parts->binarySize = static_cast<std::size_t>(binarySize);
    return EntryCheck::Ok;
}

// All of a checked entry but its binary.
void setEntryHeader(const std::uint8_t* data, const EntryParts& parts, Entry* out)
{
    out->key = parts.key;
    out->formatVersion = parts.version;
    out->info.assign(reinterpret_cast<const char*>(data + entryHeaderSize), parts.infoSize);
}

} // namespace

EntryCheck decodeEntry(const std::uint8_t* data, std::size_t size, const CacheKey* expected, Entry* out)
{
    EntryParts parts;
    const EntryCheck check = checkEntry(data, size, expected, &parts);
    if (check == EntryCheck::Ok && out) {
        setEntryHeader(data, parts, out);
        const std::uint8_t* binary = data + size - parts.binarySize;
        out->binary.assign(binary, binary + parts.binarySize);
    }
    return check;
}

EntryCheck readEntryFile(const std::string& path, const CacheKey* expected, Entry* out, Trust trust)
{
    std::vector<std::uint8_t> bytes;
    switch (readTrustedFile(path, maxEntryFileSize, trust, &bytes)) {
    case FileRead::Ok: break;
    case FileRead::Missing: return EntryCheck::Missing;
    case FileRead::Untrusted: return EntryCheck::Untrusted;
    case FileRead::Unreadable: return EntryCheck::Unreadable;
    case FileRead::Empty: return EntryCheck::Empty;
    case FileRead::TooLarge: return EntryCheck::TooLarge;
    case FileRead::Truncated: return EntryCheck::Truncated; // a file that shrank while read
    }
    EntryParts parts;
    const EntryCheck result = checkEntry(bytes.data(), bytes.size(), expected, &parts);
    // The binary keeps the buffer it was read into: a copy's fresh pages cost a warm bake about
    // a millisecond for a 300 KB PoCL binary (page faults).
    if (result == EntryCheck::Ok && out) {
        setEntryHeader(bytes.data(), parts, out);
        bytes.erase(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(bytes.size() - parts.binarySize));
        out->binary = std::move(bytes);
    }
    return result;
}

std::string entryFileName(const CacheKey& key) { return toHex(key) + entrySuffix; }

bool isEntryFileName(const std::string& name)
{
    const std::size_t suffix = std::strlen(entrySuffix);
    CacheKey ignored;
    return name.size() == 64 + suffix && name.compare(64, suffix, entrySuffix) == 0 &&
           hexToKey(name.substr(0, 64), &ignored);
}

bool parseByteSize(const char* text, std::uint64_t* bytes)
{
    if (!text || !*text)
        return false;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (errno != 0 || end == text || text[0] == '-')
        return false;
    unsigned shift = 0;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': shift = 10; ++end; break;
    case 'm': case 'M': shift = 20; ++end; break;
    case 'g': case 'G': shift = 30; ++end; break;
    default: return false;
    }
    if (*end == 'i' || *end == 'I')
        ++end;
    if ((*end == 'b' || *end == 'B') && shift != 0)
        ++end;
    if (*end != '\0' || (shift != 0 && v > (~0ull >> shift)))
        return false;
    *bytes = static_cast<std::uint64_t>(v) << shift;
    return true;
}

std::string defaultSystemCacheDir()
{
    Dl_info info;
    if (::dladdr(reinterpret_cast<void*>(&defaultSystemCacheDir), &info) == 0 || !info.dli_fname ||
        !*info.dli_fname)
        return {};
    std::string path = info.dli_fname;
    const std::size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
    return dir + "/clfft-cache";
}

DiskCacheConfig DiskCacheConfig::fromEnvironment()
{
    DiskCacheConfig c;
    c.verbose = envSet("CLFFT_VERBOSE");
    c.sharedFiles = envSet("CLFFT_CACHE_SHARED");
    const char* path = std::getenv("CLFFT_CACHE_PATH");
    if (envSet("CLFFT_CACHE_DISABLE") || isOffWord(path))
        return c; // disabled
    if (path && *path) {
        c.userDir = path;
    } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && xdg[0] == '/') {
        c.userDir = std::string(xdg) + "/clfft";
    } else if (const char* home = std::getenv("HOME"); home && *home) {
        c.userDir = std::string(home) + "/.cache/clfft";
    }
    while (c.userDir.size() > 1 && c.userDir.back() == '/')
        c.userDir.pop_back();
    const char* maxBytes = std::getenv("CLFFT_CACHE_MAX_BYTES");
    if (maxBytes && *maxBytes && !parseByteSize(maxBytes, &c.maxBytes)) {
        c.maxBytes = defaultMaxBytes;
        if (c.verbose)
            std::fprintf(stderr, "clfft-ng: cache: ignoring CLFFT_CACHE_MAX_BYTES=%s (not a size)\n", maxBytes);
    }
    const char* system = std::getenv("CLFFT_SYSTEM_CACHE_PATH");
    if (system && *system)
        c.systemDir = isOffWord(system) ? std::string() : std::string(system);
    else
        c.systemDir = defaultSystemCacheDir();
    c.enabled = !c.userDir.empty() || !c.systemDir.empty();
    return c;
}

void CacheCounters::reset()
{
    for (auto* c : {&sourceBuilds, &binaryLoads, &binaryLoadFailures, &memoryHits, &diskHits, &systemHits,
                    &diskMisses, &diskWrites, &diskWriteFailures, &bytesWritten, &corruptEntries, &evictions})
        c->store(0);
}

DiskCache::DiskCache(DiskCacheConfig config, CacheCounters& counters) : config_(std::move(config)), counters_(counters)
{
}

void DiskCache::warn(const std::string& message)
{
    if (!config_.verbose)
        return;
    std::lock_guard<std::mutex> lock(warnMutex_);
    if (std::find(warned_.begin(), warned_.end(), message) != warned_.end())
        return; // once per message per configuration
    warned_.push_back(message);
    std::fprintf(stderr, "clfft-ng: cache: %s\n", message.c_str());
}

std::vector<DiskCache::ReadDir> DiskCache::readDirs(bool warnUntrusted)
{
    std::vector<ReadDir> dirs;
    for (const Origin origin : {Origin::User, Origin::System}) {
        const std::string& dir = origin == Origin::User ? config_.userDir : config_.systemDir;
        if (dir.empty())
            continue;
        const Trust trust = origin == Origin::User ? Trust::User : Trust::UserOrRoot;
        std::string why;
        if (trustedDirectory(dir, trust, &why))
            dirs.push_back({origin, &dir, trust});
        else if (warnUntrusted && ::access(dir.c_str(), F_OK) == 0)
            warn("not using " + dir + " (" + why + "); kernels are built from source");
    }
    return dirs;
}

DiskCache::Hit DiskCache::load(const CacheKey& key)
{
    Hit hit;
    if (!config_.enabled)
        return hit;
    const std::string name = entryFileName(key);
    for (const ReadDir& d : readDirs(true)) {
        const std::string path = *d.dir + "/" + name;
        Entry entry;
        const EntryCheck check = readEntryFile(path, &key, &entry, d.trust);
        if (check == EntryCheck::Ok) {
            if (d.origin == Origin::User) {
                ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); // least recently used order; may fail
                ++counters_.diskHits;
            } else {
                ++counters_.systemHits;
            }
            hit.origin = d.origin;
            hit.binary = std::move(entry.binary);
            return hit;
        }
        if (check != EntryCheck::Missing) {
            ++counters_.corruptEntries;
            warn("rejected " + path + ": " + describe(check));
        }
    }
    ++counters_.diskMisses;
    return hit;
}

bool DiskCache::has(const CacheKey& key)
{
    if (!config_.enabled)
        return false;
    const std::string name = entryFileName(key);
    for (const ReadDir& d : readDirs(false))
        if (::access((*d.dir + "/" + name).c_str(), R_OK) == 0)
            return true;
    return false;
}

bool DiskCache::ensureUserDir()
{
    std::string why;
    if (makeDirectories(config_.userDir, config_.sharedFiles)) {
        if (trustedDirectory(config_.userDir, Trust::User, &why))
            return true;
        warn("not using " + config_.userDir + " (" + why + "); binaries are not saved");
        errno = EPERM;
        return false;
    }
    warn("cannot use " + config_.userDir + " as a cache directory (" + std::strerror(errno) +
         "); binaries are not saved");
    return false;
}

bool DiskCache::store(const CacheKey& key, const std::string& info, const std::vector<std::uint8_t>& binary)
{
    if (!config_.enabled || config_.userDir.empty() || binary.empty())
        return false;
    const std::vector<std::uint8_t> bytes = encodeEntry(key, info, binary);
    if (bytes.size() > config_.maxBytes) {
        warn("an entry of " + std::to_string(bytes.size()) + " bytes exceeds CLFFT_CACHE_MAX_BYTES; not saved");
        return false;
    }
    // A write past the process's file size limit (`ulimit -f`) raises SIGXFSZ, whose default
    // action kills the process: an entry that does not fit is not written.
    struct rlimit fileLimit;
    if (::getrlimit(RLIMIT_FSIZE, &fileLimit) == 0 && fileLimit.rlim_cur != RLIM_INFINITY &&
        bytes.size() > fileLimit.rlim_cur) {
        warn("an entry of " + std::to_string(bytes.size()) + " bytes exceeds the file size limit (" +
             std::to_string(fileLimit.rlim_cur) + " bytes); not saved");
        ++counters_.diskWriteFailures;
        return false;
    }
    if (!ensureUserDir()) {
        ++counters_.diskWriteFailures;
        return false;
    }
    const std::string finalPath = config_.userDir + "/" + entryFileName(key);
    // rename() replaces any older or corrupt entry in one step: readers see the old file or
    // the new one, never a part.
    if (writeFileAtomically(config_.userDir, entryFileName(key), bytes.data(), bytes.size(), config_.sharedFiles,
                            toHex(key.data(), 8))) {
        ++counters_.diskWrites;
        counters_.bytesWritten += bytes.size();
        evict(&key);
        return true;
    }
    warn("writing " + finalPath + " failed (" + std::strerror(errno) + "); binaries are not saved");
    ++counters_.diskWriteFailures;
    return false;
}

void DiskCache::evict(const CacheKey* keep)
{
    if (!config_.enabled || config_.userDir.empty())
        return;
    std::vector<DirFile> files;
    if (!scanDirectory(
            config_.userDir, [](const std::string& n) { return isEntryFileName(n) || isTempFileName(n); }, &files))
        return;
    const std::string kept = keep ? entryFileName(*keep) : std::string();
    const std::time_t staleBefore = std::time(nullptr) - 3600;
    std::uint64_t total = 0;
    std::vector<DirFile> entries;
    for (const DirFile& f : files) {
        if (isTempFileName(f.name)) {
            if (f.mtime.tv_sec < staleBefore)
                ::unlink((config_.userDir + "/" + f.name).c_str());
            continue;
        }
        total += f.size;
        if (f.name != kept)
            entries.push_back(f);
    }
    if (total <= config_.maxBytes)
        return;
    std::sort(entries.begin(), entries.end(), olderThan);
    for (const DirFile& f : entries) {
        if (total <= config_.maxBytes)
            break;
        // Another process may have evicted or replaced it already; either way it is gone.
        if (::unlink((config_.userDir + "/" + f.name).c_str()) == 0)
            ++counters_.evictions;
        total -= f.size;
    }
}

std::vector<ListedEntry> listEntries(const std::string& dir, bool keepBinaries)
{
    std::vector<DirFile> files;
    scanDirectory(dir, isEntryFileName, &files);
    std::sort(files.begin(), files.end(), olderThan);
    std::vector<ListedEntry> out;
    for (const DirFile& f : files) {
        ListedEntry e;
        e.fileName = f.name;
        e.fileSize = f.size;
        e.mtime = f.mtime.tv_sec;
        CacheKey expected{};
        hexToKey(f.name.substr(0, 64), &expected);
        e.check = readEntryFile(dir + "/" + f.name, &expected, &e.entry);
        if (e.check != EntryCheck::Ok)
            e.entry.key = expected;
        e.binarySize = e.entry.binary.size();
        if (!keepBinaries)
            std::vector<std::uint8_t>().swap(e.entry.binary);
        out.push_back(std::move(e));
    }
    return out;
}

long clearEntries(const std::string& dir)
{
    std::vector<DirFile> files;
    if (!scanDirectory(
            dir, [](const std::string& n) { return isEntryFileName(n) || isTempFileName(n); }, &files))
        return -1;
    long removed = 0;
    for (const DirFile& f : files)
        if (::unlink((dir + "/" + f.name).c_str()) == 0)
            ++removed;
    return removed;
}

} // namespace clfft_ng
