// The device buffers of one side of a transform and one transform run on them, as the numerical
// suites do it: upload, enqueue, wait, read back, and the checks every out-of-place run makes
// (the input left alone, no output padding written).
#pragma once

#include <clFFT.h>

#include <boost/test/unit_test.hpp>

#include "host_sides.h"
#include "test_env.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace clfft_test {

// The buffer(s) of one side: one buffer, or two for a planar layout. Transfers move at most
// `bytes` per buffer, so a host array may be longer than its buffer (or shorter: a prefix).
struct DeviceSide {
    cl_mem mem[2] = {nullptr, nullptr};
    std::size_t count = 0; // buffers in use (1 or 2)
    std::size_t bytes = 0; // bytes per buffer
    DeviceSide() = default;
    DeviceSide(const DeviceSide&) = delete;
    DeviceSide& operator=(const DeviceSide&) = delete;
    ~DeviceSide()
    {
        for (cl_mem m : mem)
            if (m)
                clReleaseMemObject(m);
    }
    // Uninitialised buffers.
    void create(std::size_t buffers, std::size_t bytesEach)
    {
        count = buffers;
        bytes = bytesEach;
        for (std::size_t k = 0; k < count; ++k)
            mem[k] = ClEnv::get().buffer(bytes);
    }
    // Buffers holding a copy of h.
    template <class T> void create(const HostSide<T>& h)
    {
        count = h.arrays();
        bytes = h.a.size() * sizeof(T);
        for (std::size_t k = 0; k < count; ++k)
            mem[k] = ClEnv::get().buffer(bytes, h.array(k).data());
    }
    // In place: per array one buffer large enough for either side, holding `input`.
    template <class T> void createInPlace(const HostSide<T>& input, const HostSide<T>& output)
    {
        std::size_t largest = 0;
        for (std::size_t k = 0; k < input.arrays(); ++k)
            largest = std::max({largest, input.array(k).size(), output.array(k).size()});
        create(input.arrays(), largest * sizeof(T));
        upload(input);
    }
    template <class T> void upload(const HostSide<T>& h) const
    {
        for (std::size_t k = 0; k < count; ++k)
            ClEnv::get().write(mem[k], std::min(bytes, h.array(k).size() * sizeof(T)), h.array(k).data());
    }
    template <class T> void download(HostSide<T>& h) const
    {
        for (std::size_t k = 0; k < count; ++k)
            ClEnv::get().read(mem[k], std::min(bytes, h.array(k).size() * sizeof(T)), h.array(k).data());
    }
    // Every byte of every buffer set to `value` (cheaper than an upload for large sides).
    template <class T> void fill(T value) const
    {
        for (std::size_t k = 0; k < count; ++k) {
            const cl_int e = clEnqueueFillBuffer(ClEnv::get().queue, mem[k], &value, sizeof value, 0, bytes, 0,
                                                 nullptr, nullptr);
            if (e != CL_SUCCESS)
                throw std::runtime_error("clEnqueueFillBuffer failed: " + std::to_string(e));
        }
        if (clFinish(ClEnv::get().queue) != CL_SUCCESS)
            throw std::runtime_error("clFinish failed");
    }
};

// Waits for a transform's event (when there is one) and for the queue.
inline void waitForTransform(cl_event ev)
{
    if (ev) {
        BOOST_CHECK_EQUAL(clWaitForEvents(1, &ev), CL_SUCCESS);
        clReleaseEvent(ev);
    }
    BOOST_REQUIRE_EQUAL(clFinish(ClEnv::get().queue), CL_SUCCESS);
}

// Enqueues one transform on the test queue and waits for it; the plan must return an event.
inline void enqueueAndWait(clfftPlanHandle plan, clfftDirection dir, cl_mem* in, cl_mem* out, cl_mem tmp,
                           const std::string& what)
{
    cl_event ev = nullptr;
    const clfftStatus st = clfftEnqueueTransform(plan, dir, 1, &ClEnv::get().queue, 0, nullptr, &ev, in, out, tmp);
    BOOST_REQUIRE_MESSAGE(st == CLFFT_SUCCESS, what << ": clfftEnqueueTransform returned " << int(st));
    BOOST_CHECK_MESSAGE(ev != nullptr, what << ": clfftEnqueueTransform returned no event");
    waitForTransform(ev);
}

// Out of place: the input buffer(s) still hold `input`, bit for bit.
template <class T> void checkInputKept(const DeviceSide& inBuf, const HostSide<T>& input, const std::string& what)
{
    HostSide<T> after = input; // past a buffer's end (a longer host array) it stays equal
    inBuf.download(after);
    BOOST_CHECK_MESSAGE(sameBits(after, input), what << ": out-of-place transform modified its input buffer");
}

// One transform of a baked plan on buffers of its own: uploads `input`, runs `dir`, returns the
// side outD. In place one buffer per array holds the larger side; out of place the output starts
// as the sentinel, and the input and the output padding are checked afterwards.
template <class T>
HostSide<T> transformOnce(clfftPlanHandle plan, bool inPlace, clfftDirection dir, const HostSide<T>& input,
                          const SideDesc& outD, cl_mem tmp, const std::string& what)
{
    const HostSide<T> outInit(outD, sentinel<T>());
    DeviceSide in, out;
    if (inPlace) {
        in.createInPlace(input, outInit);
    } else {
        in.create(input);
        out.create(outInit);
    }
    enqueueAndWait(plan, dir, in.mem, inPlace ? nullptr : out.mem, tmp, what);
    HostSide<T> y(outD);
    (inPlace ? in : out).download(y);
    if (!inPlace) {
        checkInputKept(in, input, what);
        checkPaddingKept(y, paddingMask(outD), what);
    }
    return y;
}

} // namespace clfft_test
