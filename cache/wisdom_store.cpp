#include "wisdom_store.h"

#include "sha256.h"
#include "trusted_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <dirent.h>
#include <unistd.h>

namespace clfft_ng {

namespace {

constexpr const char* kMagic = "clfft-ng wisdom 1";
constexpr std::size_t kMaxRecordFile = 1 << 16; // a record is a few hundred bytes

std::string oneLine(std::string text)
{
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

bool isHex64(const std::string& s)
{
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

std::string recordBody(const WisdomRecord& r)
{
    char ms[64];
    std::snprintf(ms, sizeof ms, "%.6f", r.milliseconds);
    std::string body = std::string(kMagic) + "\n";
    body += "key " + r.key + "\n";
    body += "variant " + oneLine(r.variant) + "\n";
    body += "plan " + r.planHash + "\n";
    body += std::string("ms ") + ms + "\n";
    body += "measured " + std::to_string(r.measured) + "\n";
    body += "candidates " + std::to_string(r.candidates) + "\n";
    body += "problem " + oneLine(r.problem) + "\n";
    body += "device " + oneLine(r.device) + "\n";
    return body;
}

// A record file, read only as trusted_files.h allows (links and other owners refused for
// `trust` other than Any): a planted record would choose the plan the library runs.
bool readRecordFile(const std::string& path, Trust trust, std::string* out)
{
    std::vector<std::uint8_t> bytes;
    if (readTrustedFile(path, kMaxRecordFile, trust, &bytes) != FileRead::Ok)
        return false;
    out->assign(bytes.begin(), bytes.end());
    return true;
}

// A cache's wisdom folder records may be taken from: the cache folder trusted, and the wisdom
// folder inside it trusted and no link.
bool trustedWisdomDirectory(const std::string& cacheDir, Trust trust)
{
    std::string why;
    return trustedDirectory(cacheDir, trust, &why) && trustedDirectory(wisdomDirectory(cacheDir), trust, &why, false);
}

template <typename F>
long forEachRecordFile(const std::string& cacheDir, F&& f)
{
    const std::string dir = wisdomDirectory(cacheDir);
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        return -1;
    long n = 0;
    std::vector<std::string> names;
    while (dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        const std::size_t s = std::strlen(wisdomSuffix);
        if (name.size() > s && name.compare(name.size() - s, s, wisdomSuffix) == 0)
            names.push_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const std::string& name : names)
        if (f(dir + "/" + name))
            ++n;
    return n;
}

} // namespace

std::string encodeWisdom(const WisdomRecord& record)
{
    const std::string body = recordBody(record);
    return body + "sum " + toHex(Sha256::of(body)) + "\n";
}

std::vector<WisdomRecord> decodeWisdom(const std::string& text, std::size_t* rejected)
{
    std::vector<WisdomRecord> out;
    std::size_t bad = 0;
    std::istringstream in(text);
    std::string line;
    bool inRecord = false;
    std::string body;
    WisdomRecord r;
    bool ok = true;
    while (std::getline(in, line)) {
        if (line == kMagic) {
            if (inRecord)
                ++bad; // a record cut short by the next one
            inRecord = true;
            body = line + "\n";
            r = WisdomRecord{};
            ok = true;
            continue;
        }
        if (!inRecord)
            continue;
        const std::size_t space = line.find(' ');
        const std::string name = line.substr(0, space);
        const std::string value = space == std::string::npos ? std::string() : line.substr(space + 1);
        if (name == "sum") {
            inRecord = false;
            if (ok && value == toHex(Sha256::of(body)) && isHex64(r.key) && isHex64(r.planHash) && !r.variant.empty())
                out.push_back(r);
            else
                ++bad;
            continue;
        }
        body += line + "\n";
        char* end = nullptr;
        if (name == "key") r.key = value;
        else if (name == "variant") r.variant = value;
        else if (name == "plan") r.planHash = value;
        else if (name == "ms") { r.milliseconds = std::strtod(value.c_str(), &end); ok = ok && end && *end == '\0'; }
        else if (name == "measured") r.measured = std::strtoull(value.c_str(), nullptr, 10);
        else if (name == "candidates") r.candidates = std::strtoull(value.c_str(), nullptr, 10);
        else if (name == "problem") r.problem = value;
        else if (name == "device") r.device = value;
        else ok = false; // a line this version does not write
    }
    if (inRecord)
        ++bad;
    if (rejected)
        *rejected = bad;
    return out;
}

std::string wisdomDirectory(const std::string& cacheDir) { return cacheDir + "/wisdom"; }

std::optional<WisdomRecord> WisdomStore::lookup(const std::string& key, const DiskCacheConfig& config)
{
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (auto it = records_.find(key); it != records_.end())
            return it->second;
    }
    if (!config.enabled)
        return std::nullopt;
    for (const std::string* dir : {&config.userDir, &config.systemDir}) {
        const Trust trust = dir == &config.userDir ? Trust::User : Trust::UserOrRoot;
        if (dir->empty() || !trustedWisdomDirectory(*dir, trust))
            continue;
        std::string text;
        if (!readRecordFile(wisdomDirectory(*dir) + "/" + key + wisdomSuffix, trust, &text))
            continue;
        for (const WisdomRecord& r : decodeWisdom(text)) {
            if (r.key != key) // a file renamed or copied under another key
                continue;
            std::lock_guard<std::mutex> lock(mutex_);
            records_[key] = r;
            return r;
        }
    }
    return std::nullopt;
}

void WisdomStore::remember(const WisdomRecord& record, const DiskCacheConfig& config)
{
    {
        std::lock_guard<std::mutex> lock(mutex_);
        records_[record.key] = record;
    }
    // Best effort, as for binaries: a directory that cannot be written leaves the wisdom in memory.
    if (!config.enabled || config.userDir.empty() ||
        !makeDirectories(wisdomDirectory(config.userDir), config.sharedFiles) ||
        !trustedWisdomDirectory(config.userDir, Trust::User))
        return;
    const std::string text = encodeWisdom(record);
    writeFileAtomically(wisdomDirectory(config.userDir), record.key + wisdomSuffix,
                        reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), config.sharedFiles);
}

std::string WisdomStore::exportText() const
{
    std::lock_guard<std::mutex> lock(mutex_);
    std::string text;
    for (const auto& [key, record] : records_)
        text += encodeWisdom(record);
    return text;
}

std::size_t WisdomStore::importText(const std::string& text)
{
    const std::vector<WisdomRecord> records = decodeWisdom(text);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const WisdomRecord& r : records)
        records_[r.key] = r;
    return records.size();
}

void WisdomStore::forget()
{
    std::lock_guard<std::mutex> lock(mutex_);
    records_.clear();
}

std::size_t WisdomStore::size() const
{
    std::lock_guard<std::mutex> lock(mutex_);
    return records_.size();
}

long clearWisdom(const std::string& cacheDir)
{
    return forEachRecordFile(cacheDir, [](const std::string& path) { return ::unlink(path.c_str()) == 0; });
}

std::vector<WisdomRecord> listWisdom(const std::string& cacheDir)
{
    std::vector<WisdomRecord> out;
    forEachRecordFile(cacheDir, [&](const std::string& path) {
        std::string text;
        if (!readRecordFile(path, Trust::Any, &text))
            return false;
        for (const WisdomRecord& r : decodeWisdom(text))
            out.push_back(r);
        return true;
    });
    return out;
}

} // namespace clfft_ng
