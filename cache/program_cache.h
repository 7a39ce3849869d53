// ProgramCache: source + build options + device -> built cl_program.
//
// Level 1 (this file): an in-process map, one build per (context, device, options, source),
// shared by every plan and released at clfftTeardown. Concurrent requests for the same key
// build it once: the second caller waits on the entry's lock and finds it built. Requests for
// different keys build in parallel.
#pragma once

#include "cl_object.h"

#include <cstddef>
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

    Result get(cl_context context, cl_device_id device, const std::string& source, const std::string& options);

    // Drops every program (the plans keep their own references while alive).
    void clear();

    // How many clBuildProgram calls this cache has made (for tests of cache behaviour).
    std::size_t buildCount() const;

private:
    struct Entry {
        std::mutex mutex;
        bool done = false;
        cl_int status = CL_SUCCESS;
        ProgramRef program;
        std::string buildLog;
    };
    using Key = std::tuple<cl_context, cl_device_id, std::string, std::string>;

    mutable std::mutex mutex_;
    std::map<Key, std::shared_ptr<Entry>> entries_;
    std::size_t builds_ = 0;
};

} // namespace clfft_ng
