#include "program_cache.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace clfft_ng {

namespace {

std::string buildLogOf(cl_program program, cl_device_id device)
{
    std::size_t size = 0;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return {};
    std::vector<char> log(size + 1, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    return std::string(log.data());
}

// CLFFT_NG_KERNEL_WARNINGS set (not "0"): a compile whose log holds a warning prints the log to
// stderr under a fixed prefix, which the quick tier's tests fail on (tests/CMakeLists.txt), so
// that generated kernels stay as free of warnings as the C++ that emits them.
void reportWarnings(cl_program program, cl_device_id device, const std::string& source)
{
    static const bool on = [] {
        const char* v = std::getenv("CLFFT_NG_KERNEL_WARNINGS");
        return v && *v && std::string(v) != "0";
    }();
    if (!on)
        return;
    const std::string log = buildLogOf(program, device);
    if (log.find("warning") == std::string::npos)
        return;
    const std::string firstLine = source.substr(0, source.find('\n'));
    std::fprintf(stderr, "clfft-ng: kernel build warnings (%s):\n%s\n", firstLine.c_str(), log.c_str());
}

template <typename Get>
bool infoString(Get get, std::string* out)
{
    std::size_t size = 0;
    if (get(0, nullptr, &size) != CL_SUCCESS)
        return false;
    std::vector<char> text(size + 1, '\0');
    if (size > 0 && get(size, text.data(), nullptr) != CL_SUCCESS)
        return false;
    *out = text.data();
    return true;
}

bool deviceString(cl_device_id device, cl_device_info what, std::string* out)
{
    return infoString([&](std::size_t n, void* v, std::size_t* r) { return clGetDeviceInfo(device, what, n, v, r); },
                      out);
}

bool platformString(cl_platform_id platform, cl_platform_info what, std::string* out)
{
    return infoString(
        [&](std::size_t n, void* v, std::size_t* r) { return clGetPlatformInfo(platform, what, n, v, r); }, out);
}

} // namespace

bool queryDeviceIdentity(cl_device_id device, DeviceIdentity* out)
{
    cl_platform_id platform = nullptr;
    return clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) == CL_SUCCESS &&
           platformString(platform, CL_PLATFORM_NAME, &out->platformName) &&
           platformString(platform, CL_PLATFORM_VERSION, &out->platformVersion) &&
           deviceString(device, CL_DEVICE_NAME, &out->deviceName) &&
           deviceString(device, CL_DEVICE_VENDOR, &out->deviceVendor) &&
           deviceString(device, CL_DEVICE_VERSION, &out->deviceVersion) &&
           deviceString(device, CL_DRIVER_VERSION, &out->driverVersion);
}

std::vector<std::uint8_t> programBinary(cl_program program, cl_device_id device)
{
    cl_uint count = 0;
    if (clGetProgramInfo(program, CL_PROGRAM_NUM_DEVICES, sizeof count, &count, nullptr) != CL_SUCCESS || count == 0)
        return {};
    std::vector<cl_device_id> devices(count);
    std::vector<std::size_t> sizes(count);
    if (clGetProgramInfo(program, CL_PROGRAM_DEVICES, count * sizeof(cl_device_id), devices.data(), nullptr) !=
            CL_SUCCESS ||
        clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, count * sizeof(std::size_t), sizes.data(), nullptr) !=
            CL_SUCCESS)
        return {};
    std::vector<std::vector<std::uint8_t>> binaries(count);
    std::vector<unsigned char*> pointers(count, nullptr);
    std::size_t index = count;
    for (cl_uint i = 0; i < count; ++i) {
        binaries[i].resize(sizes[i]);
        pointers[i] = sizes[i] ? binaries[i].data() : nullptr;
        if (devices[i] == device)
            index = i;
    }
    if (index == count || sizes[index] == 0)
        return {};
    if (clGetProgramInfo(program, CL_PROGRAM_BINARIES, count * sizeof(unsigned char*), pointers.data(), nullptr) !=
        CL_SUCCESS)
        return {};
    return std::move(binaries[index]);
}

ProgramRef programFromBinary(cl_context context, cl_device_id device, const std::vector<std::uint8_t>& binary,
                             const std::string& options, cl_int* error)
{
    const std::size_t size = binary.size();
    const unsigned char* data = binary.data();
    cl_int binaryStatus = CL_SUCCESS;
    cl_int err = CL_SUCCESS;
    ProgramRef program(clCreateProgramWithBinary(context, 1, &device, &size, &data, &binaryStatus, &err));
    if (err == CL_SUCCESS && binaryStatus != CL_SUCCESS)
        err = binaryStatus;
    if (err == CL_SUCCESS)
        err = clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr);
    if (error)
        *error = err;
    return err == CL_SUCCESS ? program : ProgramRef();
}

std::shared_ptr<DiskCache> ProgramCache::disk()
{
    std::lock_guard<std::mutex> lock(mutex_);
    if (!disk_)
        disk_ = std::make_shared<DiskCache>(DiskCacheConfig::fromEnvironment(), counters_);
    return disk_;
}

DiskCacheConfig ProgramCache::diskConfig() { return disk()->config(); }

std::shared_ptr<const DeviceIdentity> ProgramCache::identity(cl_device_id device)
{
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = identities_.find(device);
        if (it != identities_.end())
            return it->second;
    }
    auto id = std::make_shared<DeviceIdentity>();
    if (!queryDeviceIdentity(device, id.get()))
        return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    return identities_.emplace(device, std::move(id)).first->second;
}

void ProgramCache::build(Entry& entry, cl_context context, cl_device_id device, const std::string& source,
                         const std::string& options, bool persist)
{
    entry.buildLog.clear();
    std::shared_ptr<DiskCache> cache = disk();
    std::shared_ptr<const DeviceIdentity> id = cache->config().enabled ? identity(device) : nullptr;
    CacheKey key{};
    if (id) {
        key = makeCacheKey(source, options, *id);
        const DiskCache::Hit hit = cache->load(key);
        if (hit.origin != DiskCache::Origin::None) {
            cl_int err = CL_SUCCESS;
            ProgramRef program = programFromBinary(context, device, hit.binary, options, &err);
            if (program) {
                ++counters_.binaryLoads;
                entry.status = CL_SUCCESS;
                entry.program = std::move(program);
                return;
            }
            // The runtime refused the binary (e.g. its compiler changed without its version):
            // compile from source and replace the entry.
            ++counters_.binaryLoadFailures;
        }
    }

    const char* text = source.c_str();
    const std::size_t length = source.size();
    cl_int err = CL_SUCCESS;
    ProgramRef program(clCreateProgramWithSource(context, 1, &text, &length, &err));
    if (err == CL_SUCCESS) {
        ++counters_.sourceBuilds;
        err = clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr);
        if (err != CL_SUCCESS)
            entry.buildLog = buildLogOf(program.get(), device);
        else
            reportWarnings(program.get(), device, source);
    }
    entry.status = err;
    entry.program = err == CL_SUCCESS ? program : ProgramRef();
    entry.unsaved = err == CL_SUCCESS && id;
    if (persist)
        save(entry, device, source, options);
}

void ProgramCache::save(Entry& entry, cl_device_id device, const std::string& source, const std::string& options)
{
    if (!entry.unsaved)
        return;
    entry.unsaved = false;
    std::shared_ptr<DiskCache> cache = disk();
    std::shared_ptr<const DeviceIdentity> id = cache->config().enabled ? identity(device) : nullptr;
    if (id)
        cache->store(makeCacheKey(source, options, *id), id->describe(), programBinary(entry.program.get(), device));
}

ProgramCache::Result ProgramCache::get(cl_context context, cl_device_id device, const std::string& source,
                                       const std::string& options, bool persist)
{
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto& slot = entries_[Key(context, device, options, source)];
        if (!slot)
            slot = std::make_shared<Entry>();
        entry = slot;
    }
    std::lock_guard<std::mutex> lock(entry->mutex);
    if (!entry->done || entry->status != CL_SUCCESS) {
        build(*entry, context, device, source, options, persist);
        entry->done = true;
    } else {
        ++counters_.memoryHits;
        if (persist)
            save(*entry, device, source, options);
    }
    Result r;
    r.status = entry->status;
    r.program = entry->program;
    r.buildLog = entry->buildLog;
    return r;
}

bool ProgramCache::available(cl_context context, cl_device_id device, const std::string& source,
                             const std::string& options)
{
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = entries_.find(Key(context, device, options, source));
        if (it != entries_.end())
            entry = it->second;
    }
    if (entry) {
        std::unique_lock<std::mutex> lock(entry->mutex, std::try_to_lock);
        if (lock.owns_lock() && entry->done && entry->status == CL_SUCCESS)
            return true; // a build in flight counts as not there yet
    }
    std::shared_ptr<DiskCache> cache = disk();
    if (!cache->config().enabled)
        return false;
    std::shared_ptr<const DeviceIdentity> id = identity(device);
    return id && cache->has(makeCacheKey(source, options, *id));
}

void ProgramCache::clear()
{
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.clear();
    identities_.clear();
    disk_.reset();
}

std::size_t ProgramCache::buildCount() const { return static_cast<std::size_t>(counters_.sourceBuilds.load()); }

} // namespace clfft_ng
