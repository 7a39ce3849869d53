// What every launch of a generated kernel needs from the host, shared by the executor, the bake
// and the r2r plans: arguments set in order in the kernel's index and real types, and constant
// tables rounded once to the kernel's precision.
#pragma once

#include "cl_object.h"
#include "status_error.h"

#include <complex>
#include <cstddef>
#include <vector>

namespace clfft_ng {

// Sets a kernel's arguments in order; a failure throws StatusError.
class ArgBinder {
public:
    ArgBinder(cl_kernel k, bool index64, bool dbl) : kernel_(k), index64_(index64), double_(dbl) {}

    void mem(cl_mem m) { set(sizeof m, &m); }
    void index(std::size_t v)
    {
        if (index64_) {
            const cl_ulong x = v;
            set(sizeof x, &x);
        } else {
            const cl_uint x = static_cast<cl_uint>(v);
            set(sizeof x, &x);
        }
    }
    void real(double v)
    {
        if (double_) {
            const cl_double x = v;
            set(sizeof x, &x);
        } else {
            const cl_float x = static_cast<cl_float>(v);
            set(sizeof x, &x);
        }
    }

private:
    void set(std::size_t size, const void* value)
    {
        const cl_int err = clSetKernelArg(kernel_, next_++, size, value);
        if (err != CL_SUCCESS)
            throw StatusError{err};
    }
    cl_kernel kernel_;
    bool index64_, double_;
    cl_uint next_ = 0;
};

// The table rounded to the kernel's precision, in one allocation handed straight to the
// runtime: a Bluestein spectrum is hundreds of KB, and each fresh copy costs its page faults.
template <typename Real>
MemRef uploadTable(cl_context context, const std::vector<std::complex<long double>>& table)
{
    std::vector<Real> v(2 * table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        v[2 * i] = static_cast<Real>(table[i].real());
        v[2 * i + 1] = static_cast<Real>(table[i].imag());
    }
    cl_int err = CL_SUCCESS;
    MemRef mem(clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, v.size() * sizeof(Real), v.data(), &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    return mem;
}

} // namespace clfft_ng
