#include "trusted_files.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clfft_ng {

namespace {

// read() or write() until `size` bytes have moved; false on an error or end of file.
template <typename Byte, typename Call> bool moveAll(Call call, int fd, Byte* data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = call(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool readAll(int fd, std::uint8_t* data, std::size_t size) { return moveAll(::read, fd, data, size); }
bool writeAll(int fd, const std::uint8_t* data, std::size_t size) { return moveAll(::write, fd, data, size); }

// Unique among the processes and threads writing one folder.
std::string uniqueSuffix()
{
    static std::atomic<std::uint64_t> counter{0};
    static const std::uint64_t salt = [] {
        std::random_device rd;
        return (std::uint64_t(rd()) << 32) ^ rd();
    }();
    char text[64];
    std::snprintf(text, sizeof text, "%ld-%llx-%llu", static_cast<long>(::getpid()),
                  static_cast<unsigned long long>(salt), static_cast<unsigned long long>(counter++));
    return text;
}

} // namespace

bool ownerTrusted(uid_t owner, Trust trust)
{
    return trust == Trust::Any || owner == ::geteuid() || (trust == Trust::UserOrRoot && owner == 0);
}

bool trustedDirectory(const std::string& dir, Trust trust, std::string* why, bool followLink)
{
    struct stat st;
    if ((followLink ? ::stat(dir.c_str(), &st) : ::lstat(dir.c_str(), &st)) != 0) {
        *why = std::strerror(errno);
        return false;
    }
    if (S_ISLNK(st.st_mode)) {
        *why = "a symbolic link";
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        *why = "not a directory";
        return false;
    }
    if (!ownerTrusted(st.st_uid, trust)) {
        *why = "owned by uid " + std::to_string(st.st_uid) + ", not by this user";
        return false;
    }
    if (st.st_mode & (S_IWGRP | S_IWOTH)) {
        *why = "writable by its group or by others";
        return false;
    }
    return true;
}

bool makeDirectories(const std::string& path, bool shared)
{
    struct stat st;
    if (::stat(path.c_str(), &st) == 0) {
        errno = S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
        return S_ISDIR(st.st_mode);
    }
    const std::size_t slash = path.find_last_of('/');
    if (slash != std::string::npos && slash > 0 && !makeDirectories(path.substr(0, slash), shared))
        return false;
    if (::mkdir(path.c_str(), shared ? 0755 : 0700) == 0 || errno == EEXIST) // it holds code we run
        return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    return false;
}

FileRead readTrustedFile(const std::string& path, std::size_t maxBytes, Trust trust, std::vector<std::uint8_t>* bytes)
{
    // O_NOFOLLOW: a file planted as a link to one elsewhere is refused (ELOOP).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | (trust == Trust::Any ? 0 : O_NOFOLLOW));
    if (fd < 0)
        return errno == ENOENT || errno == ENOTDIR ? FileRead::Missing
               : errno == ELOOP                   ? FileRead::Untrusted
                                                  : FileRead::Unreadable;
    struct stat st;
    FileRead result = FileRead::Unreadable;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        const std::uint64_t size = static_cast<std::uint64_t>(st.st_size);
        if (!ownerTrusted(st.st_uid, trust) || (trust != Trust::Any && (st.st_mode & (S_IWGRP | S_IWOTH))))
            result = FileRead::Untrusted;
        else if (size == 0)
            result = FileRead::Empty;
        else if (size > maxBytes)
            result = FileRead::TooLarge;
        else {
            bytes->resize(static_cast<std::size_t>(size));
            result = readAll(fd, bytes->data(), bytes->size()) ? FileRead::Ok : FileRead::Truncated;
        }
    }
    ::close(fd);
    return result;
}

bool writeFileAtomically(const std::string& dir, const std::string& name, const std::uint8_t* data, std::size_t size,
                         bool shared, const std::string& tag)
{
    const std::string temp = dir + "/.tmp-" + tag + "-" + uniqueSuffix();
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, shared ? 0644 : 0600);
    if (fd < 0)
        return false;
    bool ok = writeAll(fd, data, size);
    int err = errno;
    if (::close(fd) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok && ::rename(temp.c_str(), (dir + "/" + name).c_str()) == 0)
        return true;
    if (ok)
        err = errno;
    ::unlink(temp.c_str());
    errno = err;
    return false;
}

bool scanDirectory(const std::string& dir, const std::function<bool(const std::string&)>& accept,
                   std::vector<DirFile>* files)
{
    DIR* d = ::opendir(dir.c_str());
    if (!d)
        return false;
    while (const struct dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (!accept(name))
            continue;
        struct stat st;
        if (::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        files->push_back({name, static_cast<std::uint64_t>(st.st_size), st.st_mtim});
    }
    ::closedir(d);
    return true;
}

bool isTempFileName(const std::string& name) { return name.rfind(".tmp-", 0) == 0; }

} // namespace clfft_ng
