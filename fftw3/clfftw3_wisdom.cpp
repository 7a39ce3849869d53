// Wisdom: the set of problems planned so far, as keys (kind, dimensions with their r2r kinds,
// loops, placement), and the FFTW calls that export, import and forget it. Plans here need no
// wisdom; it exists so that FFTW_WISDOM_ONLY answers as FFTW would, and FFTW's own wisdom is
// accepted and ignored.

#include "clfftw3_internal.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace clfftw {

std::set<std::string> g_wisdom;

std::string problem_key(const Problem& pb, const Arrays& a)
{
    static const char* const kinds[] = {"c2c", "r2c", "c2r", "r2r"};
    std::string k = kinds[(int)pb.kind];
    k += pb.kind == Kind::c2c ? (pb.sign < 0 ? "-f" : "-b") : "";
    k += " d";
    // r2r dimensions carry their kind (FFTW's number) after a slash
    for (const Dim& d : pb.dims)
        k += " " + std::to_string(d.n) + ":" + std::to_string(d.is) + ":" + std::to_string(d.os) +
             (pb.kind == Kind::r2r ? "/" + std::to_string(d.r2r) : "");
    k += " v";
    for (const Dim& d : pb.loops)
        k += " " + std::to_string(d.n) + ":" + std::to_string(d.is) + ":" + std::to_string(d.os);
    const bool inPlace = a.inRe == a.outRe;
    k += inPlace ? " ip" : " op";
    const bool splitIn = a.inIm && a.inIm != a.inRe + 1;
    const bool splitOut = a.outIm && a.outIm != a.outRe + 1;
    k += (splitIn || splitOut) ? " split" : "";
    return k;
}

namespace {

const char* const kWisdomHead = "(clfftw3-wisdom-1";

std::string wisdom_text()
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    std::string s = std::string(kWisdomHead) + " " + kPrefix + "\n";
    for (const std::string& k : g_wisdom)
        s += "  (" + k + ")\n";
    s += ")\n";
    return s;
}

// Reads one parenthesised text (balanced), as FFTW does, from a character source.
template <class Next> bool read_balanced(Next next, std::string* out)
{
    int c;
    do {
        c = next();
    } while (c != EOF && std::isspace(c));
    if (c != '(')
        return false;
    int depth = 0;
    for (; c != EOF; c = next()) {
        out->push_back((char)c);
        if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return true;
        if (out->size() > (64u << 20))
            return false;
    }
    return false;
}

int import_text(const std::string& s)
{
    // our own wisdom: problems planned before; FFTW's own wisdom ("(fftw-3..." ) is accepted and
    // ignored, since plans here need no wisdom
    if (s.compare(0, 6, "(fftw-") == 0)
        return 1;
    const std::string head = std::string(kWisdomHead) + " " + kPrefix;
    if (s.compare(0, head.size(), head) != 0)
        return 0;
    std::vector<std::string> keys;
    size_t i = head.size();
    for (;;) {
        while (i < s.size() && std::isspace((unsigned char)s[i]))
            ++i;
        if (i >= s.size())
            return 0;
        if (s[i] == ')')
            break;
        if (s[i] != '(')
            return 0;
        size_t j = s.find(')', i);
        if (j == std::string::npos)
            return 0;
        keys.push_back(s.substr(i + 1, j - i - 1));
        i = j + 1;
    }
    std::lock_guard<std::mutex> lock(g_planMutex);
    for (const std::string& k : keys)
        g_wisdom.insert(k);
    return 1;
}

} // namespace

} // namespace clfftw

using namespace clfftw;

extern "C" {

void API(forget_wisdom)(void)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    g_wisdom.clear();
}

void API(export_wisdom)(API(write_char_func) write_char, void* data)
{
    if (!write_char)
        return;
    try {
        for (char c : wisdom_text())
            write_char(c, data);
    } catch (...) {
    }
}

char* API(export_wisdom_to_string)(void)
{
    try {
        return malloc_copy(wisdom_text());
    } catch (...) {
        return nullptr;
    }
}

void API(export_wisdom_to_file)(FILE* f)
{
    if (!f)
        return;
    try {
        const std::string s = wisdom_text();
        std::fwrite(s.data(), 1, s.size(), f);
    } catch (...) {
    }
}

int API(export_wisdom_to_filename)(const char* filename)
{
    if (!filename)
        return 0;
    FILE* f = std::fopen(filename, "w");
    if (!f)
        return 0;
    API(export_wisdom_to_file)(f);
    const bool ok = !std::ferror(f);
    return (std::fclose(f) == 0 && ok) ? 1 : 0;
}

int API(import_wisdom)(API(read_char_func) read_char, void* data)
{
    if (!read_char)
        return 0;
    try {
        std::string s;
        if (!read_balanced([&] { return read_char(data); }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_string)(const char* input)
{
    if (!input)
        return 0;
    try {
        const char* c = input;
        std::string s;
        if (!read_balanced([&]() -> int { return *c ? (unsigned char)*c++ : EOF; }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_file)(FILE* f)
{
    if (!f)
        return 0;
    try {
        std::string s;
        if (!read_balanced([&] { return std::fgetc(f); }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_filename)(const char* filename)
{
    if (!filename)
        return 0;
    FILE* f = std::fopen(filename, "r");
    if (!f)
        return 0;
    const int r = API(import_wisdom_from_file)(f);
    std::fclose(f);
    return r;
}

int API(import_system_wisdom)(void) { return 0; }

} // extern "C"
