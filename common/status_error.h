// The library's one exception type, shared by every part (the planner, which makes no OpenCL
// calls, included).
#pragma once

namespace clfft_ng {

// Thrown inside the library to carry a clfftStatus / cl_int to the API boundary, where it is
// turned back into a return value. Never crosses the C boundary.
struct StatusError {
    int status;
};

} // namespace clfft_ng
