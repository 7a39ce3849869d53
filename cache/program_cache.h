// ProgramCache: source + build options + device -> built cl_program.
//
// Level 1: an in-process map, one build per (context, device, options, source), shared by every
// plan and released at clfftTeardown. Concurrent requests for the same key build it once: the
// second caller waits on the entry's lock and finds it built. Requests for different keys build
// in parallel.
// Level 2 (disk_cache.h): before compiling, the binary is looked up on disk (user cache, then
// the read-only system cache) and loaded with clCreateProgramWithBinary; after compiling from
// source, the binary is saved. The disk cache never fails a request: any problem with it falls
// back to compiling from source.
// The disk configuration comes from the environment, read at the first request after the
// cache is created or cleared (so clfftTeardown + clfftSetup picks up a changed environment).
#pragma once

#include "cl_object.h"
#include "disk_cache.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

namespace clfft_ng {

class ProgramCache {
public:
    struct Result {
        cl_int status = CL_SUCCESS; // CL_SUCCESS or the build's error
        ProgramRef program;         // a reference owned by the caller
        std::string buildLog;       // the compiler's log when the build failed
    };

    // persist = false: a program built from source is not saved on disk until a later get()
    // with persist = true asks for it (measured planning compiles candidates that mostly lose;
    // on PoCL taking a program's binary costs a second code generation of every kernel).
    Result get(cl_context context, cl_device_id device, const std::string& source, const std::string& options,
               bool persist = true);

    // Whether get() would find the program built in memory or its binary on disk, without
    // building or loading anything (AUTO tiering asks before it sets up the generic tier).
    bool available(cl_context context, cl_device_id device, const std::string& source, const std::string& options);

    // Drops every program (the plans keep their own references while alive) and forgets the
    // disk configuration, which the next get() reads again from the environment.
    void clear();

    // How many programs this cache has compiled from source (for tests of cache behaviour).
    std::size_t buildCount() const;

    // Counters since the process started or since resetCounters(); clear() keeps them.
    const CacheCounters& counters() const { return counters_; }
    void resetCounters() { counters_.reset(); }

    // The disk configuration in effect (read from the environment when not read yet).
    DiskCacheConfig diskConfig();

private:
    struct Entry {
        std::mutex mutex;
        bool done = false;
        cl_int status = CL_SUCCESS;
        ProgramRef program;
        std::string buildLog;
        bool unsaved = false; // built from source with persist = false, not on disk yet
    };
    using Key = std::tuple<cl_context, cl_device_id, std::string, std::string>;

    std::shared_ptr<DiskCache> disk();
    std::shared_ptr<const DeviceIdentity> identity(cl_device_id device);
    void build(Entry& entry, cl_context context, cl_device_id device, const std::string& source,
               const std::string& options, bool persist);
    void save(Entry& entry, cl_device_id device, const std::string& source, const std::string& options);

    mutable std::mutex mutex_;
    std::map<Key, std::shared_ptr<Entry>> entries_;
    std::shared_ptr<DiskCache> disk_; // null until read from the environment
    std::map<cl_device_id, std::shared_ptr<const DeviceIdentity>> identities_;
    CacheCounters counters_;
};

// The identity of `device` as the key needs it; false when the runtime does not answer.
bool queryDeviceIdentity(cl_device_id device, DeviceIdentity* out);

// The binary of `program` for `device` (empty when the runtime gives none).
std::vector<std::uint8_t> programBinary(cl_program program, cl_device_id device);

// clCreateProgramWithBinary + clBuildProgram; a null program when either fails.
ProgramRef programFromBinary(cl_context context, cl_device_id device, const std::vector<std::uint8_t>& binary,
                             const std::string& options, cl_int* error);

} // namespace clfft_ng
