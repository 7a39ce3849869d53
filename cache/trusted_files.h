// Files the library trusts: the kernel cache's binaries (code it runs) and the wisdom records
// (plans it takes). One set of rules for both: private folders (0700 unless shared), folders and
// files owned by the user (or root, for a system cache) that nobody else can write, no symbolic
// link at the file (O_NOFOLLOW), and writes that land whole (a temporary file, then rename).
// Pure POSIX, no OpenCL.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace clfft_ng {

// Who may own what is loaded. Any: no owner check and links followed (listing tools, where the
// user names the folder).
enum class Trust { Any, User, UserOrRoot };
bool ownerTrusted(uid_t owner, Trust trust);

// A folder files may be loaded from: owned as `trust` allows, writable by neither its group nor
// others, and (followLink false) not itself a symbolic link. False with the reason otherwise.
bool trustedDirectory(const std::string& dir, Trust trust, std::string* why, bool followLink = true);

// Creates `path` and its missing parents (like mkdir -p), 0700 unless `shared` (0755).
bool makeDirectories(const std::string& path, bool shared);

// Reading one file whole.
enum class FileRead {
    Ok,
    Missing,    // no such file
    Untrusted,  // a symbolic link, or owned by someone `trust` does not allow
    Unreadable, // cannot be opened or read, or not a regular file
    Empty,
    TooLarge,   // above maxBytes (not read)
    Truncated,  // shrank while read
};
FileRead readTrustedFile(const std::string& path, std::size_t maxBytes, Trust trust, std::vector<std::uint8_t>* bytes);

// Writes `dir`/`name` whole: a temporary ".tmp-<tag>-<unique>" created exclusively (no link
// followed), then renamed over the name; readers see the old file or the new one. False, with
// errno set and nothing left behind, when it cannot.
bool writeFileAtomically(const std::string& dir, const std::string& name, const std::uint8_t* data, std::size_t size,
                         bool shared, const std::string& tag = "w");

// Regular files (no links) of `dir` whose names pass `accept`; false when `dir` cannot be read.
struct DirFile {
    std::string name;
    std::uint64_t size;
    struct timespec mtime;
};
bool scanDirectory(const std::string& dir, const std::function<bool(const std::string&)>& accept,
                   std::vector<DirFile>* files);

bool isTempFileName(const std::string& name); // ".tmp-..." left by a writer

} // namespace clfft_ng
