#include "butterfly.h"
#include "factorize.h"
#include "unit_roots.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace clfft_ng {

namespace {


int smallestPrimeFactor(int n)
{
    for (int p = 2; p * p <= n; ++p)
        if (n % p == 0)
            return p;
    return n;
}

// Forward DFT of x (names in natural order) with builder b; returns the names holding
// X[0..n-1]. The builder supplies add, sub, twiddle (by the constant exp(-2 pi i m / n)) and
// oddPrime; the decomposition is the same for every builder.
template <typename Builder>
std::vector<std::string> buildDft(Builder& b, const std::vector<std::string>& x)
{
    const int n = static_cast<int>(x.size());
    if (n == 1)
        return x;
    if (n == 2)
        return {b.add(x[0], x[1]), b.sub(x[0], x[1])};
    const int p = smallestPrimeFactor(n);
    if (p == n)
        return b.oddPrime(x);
    // Cooley-Tukey split n = n1 * n2 with n1 the largest divisor <= sqrt(n): balanced
    // splits keep the number of non-trivial internal twiddles small (16 = 4 x 4).
    int n1 = 1;
    for (int d = 2; d * d <= n; ++d)
        if (n % d == 0)
            n1 = d;
    const int n2 = n / n1;
    // y[k1][n2] = sum_{n1} x[n2 + n2count*n1] W_{n1}^{n1 k1}, then * W_n^{n2 k1}.
    std::vector<std::vector<std::string>> y(n1, std::vector<std::string>(n2));
    for (int j2 = 0; j2 < n2; ++j2) {
        std::vector<std::string> column(n1);
        for (int j1 = 0; j1 < n1; ++j1)
            column[j1] = x[j2 + n2 * j1];
        std::vector<std::string> r = buildDft(b, column);
        for (int k1 = 0; k1 < n1; ++k1)
            y[k1][j2] = b.twiddle(r[k1], static_cast<long long>(j2) * k1, n);
    }
    std::vector<std::string> out(n);
    for (int k1 = 0; k1 < n1; ++k1) {
        std::vector<std::string> r = buildDft(b, y[k1]);
        for (int k2 = 0; k2 < n2; ++k2)
            out[k1 + n1 * k2] = r[k2];
    }
    return out;
}

// Builds straight-line code for one codelet. Values are complex (real2_t) SSA temporaries.
class CodeletBuilder {
public:
    explicit CodeletBuilder(Precision p) : precision_(p) {}

    std::string def(const std::string& expr)
    {
        std::string name = "t" + std::to_string(next_++);
        body_ << "    const real2_t " << name << " = " << expr << ";\n";
        return name;
    }

    std::string lit(long double v) const { return realLiteral(v, precision_); }

    // Multiplies v by the constant exp(-2 pi i m / n).
    std::string twiddle(const std::string& v, long long m, long long n)
    {
        m %= n;
        if (m == 0)
            return v;
        if ((4 * m) % n == 0) {
            switch ((4 * m) / n) {
            case 1: return def("(real2_t)(" + v + ".y, -" + v + ".x)");   // * -i
            case 2: return def("-" + v);                                   // * -1
            default: return def("(real2_t)(-" + v + ".y, " + v + ".x)"); // * i
            }
        }
        if ((8 * m) % n == 0) {
            const std::string c = lit(std::sqrt(0.5L));
            const std::string a = v + ".x", b = v + ".y";
            switch ((8 * m) / n) {
            case 1: return def(c + " * (real2_t)(" + a + " + " + b + ", " + b + " - " + a + ")");
            case 3: return def(c + " * (real2_t)(" + b + " - " + a + ", -" + a + " - " + b + ")");
            case 5: return def(c + " * (real2_t)(-" + a + " - " + b + ", " + a + " - " + b + ")");
            default: return def(c + " * (real2_t)(" + a + " - " + b + ", " + a + " + " + b + ")");
            }
        }
        const long double angle = -2.0L * kPi * static_cast<long double>(m) / static_cast<long double>(n);
        const std::string c = lit(std::cos(angle)), s = lit(std::sin(angle));
        return def("(real2_t)(" + c + " * " + v + ".x - " + s + " * " + v + ".y, " + c + " * " + v + ".y + " + s +
                   " * " + v + ".x)");
    }

    std::string add(const std::string& a, const std::string& b) { return def(a + " + " + b); }
    std::string sub(const std::string& a, const std::string& b) { return def(a + " - " + b); }

    std::string body() const { return body_.str(); }

    // Odd prime p: pair x[k] with x[p-k]; the cosine part multiplies the sums, the sine part
    // the differences. Since sum_k cos(2 pi k m / p) = -1/2 for every m != 0, the cosine part
    // x0 + sum_k c_km a_k is computed as (x0 - a_1 / 2) + sum_{k>=2} c_km (a_k - a_1): the same
    // value, one product fewer, and exact zeros where the input is constant (a constant input
    // gives a clean spike, as clients such as clFFT-client check).
    std::vector<std::string> oddPrime(const std::vector<std::string>& x)
    {
        const int p = static_cast<int>(x.size());
        const int h = (p - 1) / 2;
        std::vector<std::string> a(h + 1), b(h + 1), d(h + 1);
        for (int k = 1; k <= h; ++k) {
            a[k] = def(x[k] + " + " + x[p - k]);
            b[k] = def(x[k] + " - " + x[p - k]);
        }
        std::string sum = x[0];
        for (int k = 1; k <= h; ++k)
            sum += " + " + a[k];
        std::vector<std::string> out(p);
        out[0] = def(sum);
        const std::string base = def(x[0] + " - " + lit(0.5L) + " * " + a[1]);
        for (int k = 2; k <= h; ++k)
            d[k] = def(a[k] + " - " + a[1]);
        for (int m = 1; m <= h; ++m) {
            std::string re = base, im;
            for (int k = 1; k <= h; ++k) {
                const long double angle = 2.0L * kPi * static_cast<long double>((k * m) % p) / p;
                if (k >= 2)
                    re += " + " + lit(std::cos(angle)) + " * " + d[k];
                im += (k > 1 ? " + " : "") + lit(std::sin(angle)) + " * " + b[k];
            }
            const std::string r = h >= 2 ? def(re) : base, s = def(im);
            out[m] = def("(real2_t)(" + r + ".x + " + s + ".y, " + r + ".y - " + s + ".x)");
            out[p - m] = def("(real2_t)(" + r + ".x - " + s + ".y, " + r + ".y + " + s + ".x)");
        }
        return out;
    }

private:
    Precision precision_;
    std::ostringstream body_;
    int next_ = 0;
};

// The same decompositions over separate real and imaginary scalar temporaries: complex value
// `t5` is the pair t5r, t5i. Kernels that keep every value in scalar registers let a CPU
// compiler vectorize across work-items (PoCL's work-group loops), which it cannot do with
// operations on real2_t vectors.
class ScalarCodeletBuilder {
public:
    ScalarCodeletBuilder(Precision p, std::string type) : precision_(p), type_(std::move(type)) {}

    // Defines a complex temporary from its two component expressions.
    std::string def(const std::string& re, const std::string& im)
    {
        std::string name = "t" + std::to_string(next_++);
        body_ << "    const " << type_ << " " << name << "r = " << re << ", " << name << "i = " << im << ";\n";
        return name;
    }
    // A complex temporary from an expression that is linear in complex values written {name}:
    // the same expression holds for each component.
    std::string lin(const std::string& tmpl) { return def(component(tmpl, 'r'), component(tmpl, 'i')); }

    std::string lit(long double v) const { return realLiteral(v, precision_); }

    std::string twiddle(const std::string& v, long long m, long long n)
    {
        m %= n;
        if (m == 0)
            return v;
        const std::string a = v + "r", b = v + "i";
        if ((4 * m) % n == 0) {
            switch ((4 * m) / n) {
            case 1: return def(b, "-" + a);       // * -i
            case 2: return def("-" + a, "-" + b); // * -1
            default: return def("-" + b, a);      // * i
            }
        }
        if ((8 * m) % n == 0) {
            const std::string c = lit(std::sqrt(0.5L));
            switch ((8 * m) / n) {
            case 1: return def(c + " * (" + a + " + " + b + ")", c + " * (" + b + " - " + a + ")");
            case 3: return def(c + " * (" + b + " - " + a + ")", c + " * (-" + a + " - " + b + ")");
            case 5: return def(c + " * (-" + a + " - " + b + ")", c + " * (" + a + " - " + b + ")");
            default: return def(c + " * (" + a + " - " + b + ")", c + " * (" + a + " + " + b + ")");
            }
        }
        const long double angle = -2.0L * kPi * static_cast<long double>(m) / static_cast<long double>(n);
        const std::string c = lit(std::cos(angle)), s = lit(std::sin(angle));
        return def(c + " * " + a + " - " + s + " * " + b, c + " * " + b + " + " + s + " * " + a);
    }

    std::string add(const std::string& a, const std::string& b) { return lin("{" + a + "} + {" + b + "}"); }
    std::string sub(const std::string& a, const std::string& b) { return lin("{" + a + "} - {" + b + "}"); }

    std::string body() const { return body_.str(); }

private:
    static std::string component(const std::string& tmpl, char c)
    {
        std::string out;
        for (std::size_t i = 0; i < tmpl.size(); ++i) {
            if (tmpl[i] != '{') {
                out += tmpl[i];
                continue;
            }
            const std::size_t close = tmpl.find('}', i);
            out += tmpl.substr(i + 1, close - i - 1) + c;
            i = close;
        }
        return out;
    }

public:
    // The odd-prime form of CodeletBuilder::oddPrime, component by component.
    std::vector<std::string> oddPrime(const std::vector<std::string>& x)
    {
        const int p = static_cast<int>(x.size());
        const int h = (p - 1) / 2;
        std::vector<std::string> a(h + 1), b(h + 1), d(h + 1);
        for (int k = 1; k <= h; ++k) {
            a[k] = lin("{" + x[k] + "} + {" + x[p - k] + "}");
            b[k] = lin("{" + x[k] + "} - {" + x[p - k] + "}");
        }
        std::string sum = "{" + x[0] + "}";
        for (int k = 1; k <= h; ++k)
            sum += " + {" + a[k] + "}";
        std::vector<std::string> out(p);
        out[0] = lin(sum);
        const std::string base = lin("{" + x[0] + "} - " + lit(0.5L) + " * {" + a[1] + "}");
        for (int k = 2; k <= h; ++k)
            d[k] = lin("{" + a[k] + "} - {" + a[1] + "}");
        for (int m = 1; m <= h; ++m) {
            std::string re = "{" + base + "}", im;
            for (int k = 1; k <= h; ++k) {
                const long double angle = 2.0L * kPi * static_cast<long double>((k * m) % p) / p;
                if (k >= 2)
                    re += " + " + lit(std::cos(angle)) + " * {" + d[k] + "}";
                im += (k > 1 ? " + " : "") + lit(std::sin(angle)) + " * {" + b[k] + "}";
            }
            const std::string r = h >= 2 ? lin(re) : base, s = lin(im);
            out[m] = def(r + "r + " + s + "i", r + "i - " + s + "r");
            out[p - m] = def(r + "r - " + s + "i", r + "i + " + s + "r");
        }
        return out;
    }

private:
    Precision precision_;
    std::string type_;
    std::ostringstream body_;
    int next_ = 0;
};

} // namespace

std::string realLiteral(long double value, Precision precision)
{
    char buf[64];
    if (precision == Precision::Single)
        std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(static_cast<float>(value)));
    else
        std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(value));
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos)
        s += ".0";
    if (precision == Precision::Single)
        s += "f";
    // A leading minus binds to the literal; wrap it so "a - -0.5f" never appears.
    return s[0] == '-' ? "(" + s + ")" : s;
}

bool isCodeletRadix(int radix)
{
    if (isPrimeRadix(radix))
        return true;
    if (radix < 2 || radix > 32)
        return false;
    int r = radix;
    for (int p : {2, 3, 5, 7, 11, 13})
        while (r % p == 0)
            r /= p;
    return r == 1;
}

std::string emitCodelet(int radix, Precision precision)
{
    if (!isCodeletRadix(radix))
        throw std::invalid_argument("unsupported codelet radix " + std::to_string(radix));
    CodeletBuilder b(precision);
    std::vector<std::string> in(radix);
    std::ostringstream os;
    os << "// Forward DFT of " << radix << " points, in place, natural order.\n";
    os << "static inline void dft" << radix << "(real2_t* x)\n{\n";
    for (int i = 0; i < radix; ++i) {
        in[i] = "x" + std::to_string(i);
        os << "    const real2_t " << in[i] << " = x[" << i << "];\n";
    }
    std::vector<std::string> out = buildDft(b, in);
    os << b.body();
    for (int i = 0; i < radix; ++i)
        os << "    x[" << i << "] = " << out[i] << ";\n";
    os << "}\n";
    return os.str();
}

} // namespace clfft_ng

namespace clfft_ng {

std::string emitScalarCodelet(int radix, Precision precision, const std::string& type)
{
    if (!isCodeletRadix(radix))
        throw std::invalid_argument("unsupported codelet radix " + std::to_string(radix));
    ScalarCodeletBuilder b(precision, type);
    std::vector<std::string> in(radix);
    std::ostringstream os;
    os << "// Forward DFT of " << radix << " points over separate components, in place, natural order.\n";
    os << "static inline void dft" << radix << "s(" << type << "* xr, " << type << "* xi)\n{\n";
    for (int i = 0; i < radix; ++i) {
        in[i] = "x" + std::to_string(i);
        os << "    const " << type << " " << in[i] << "r = xr[" << i << "], " << in[i] << "i = xi[" << i << "];\n";
    }
    std::vector<std::string> out = buildDft(b, in);
    os << b.body();
    for (int i = 0; i < radix; ++i)
        os << "    xr[" << i << "] = " << out[i] << "r; xi[" << i << "] = " << out[i] << "i;\n";
    os << "}\n";
    return os.str();
}

} // namespace clfft_ng
