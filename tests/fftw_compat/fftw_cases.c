/* Small FFTW programs, one per case, built four times from this one source: with FFTW's own
 * fftw3.h linked to libfftw3 / libfftw3f (the reference), and with our clfftw3.h linked to
 * libclfftw3 / libclfftw3f. Every case fills its arrays the same way, plans, executes, and writes
 * the arrays it cares about to the result file (case name, count, values as doubles);
 * fftw_compare.c then compares the two result files case by case (relative L2).
 *
 *   fftw_cases OUTFILE [CASE-SUBSTRING]
 *
 * Built with CLFFTW_OURS, a few checks of our own behaviour run too (NULL plans for what we do
 * not support, WISDOM_ONLY after a wisdom round trip); they fail the program (exit 1).
 * A NULL plan for a case that both libraries must plan is an error (exit 1): nothing is skipped. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef CLFFTW_OURS
#include <clfftw3.h>
#else
#include <fftw3.h>
#endif

#ifdef CASES_SINGLE
#define X(name) fftwf_##name
typedef float R;
#else
#define X(name) fftw_##name
typedef double R;
#endif
typedef X(complex) C;
typedef X(plan) P;
typedef X(iodim) IO;
typedef X(iodim64) IO64;

static FILE* g_out;
static const char* g_filter;
static int g_failures;
static unsigned long long g_seed;

static void fail(const char* what, const char* detail)
{
    fprintf(stderr, "FAIL %s: %s\n", what, detail);
    ++g_failures;
}

static R rnd(void)
{
    g_seed = g_seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (R)((double)(g_seed >> 11) / (double)(1ULL << 53) * 2.0 - 1.0);
}

/* Fills n reals with values that depend only on seed. */
static void fill(R* p, size_t n, unsigned seed)
{
    g_seed = seed * 2654435761ULL + 1;
    for (size_t i = 0; i < n; ++i)
        p[i] = rnd();
}

static void emit(const char* name, const R* p, size_t n)
{
    char label[96] = {0};
    uint64_t count = n;
    snprintf(label, sizeof label, "%s", name);
    fwrite(label, 1, sizeof label, g_out);
    fwrite(&count, sizeof count, 1, g_out);
    for (size_t i = 0; i < n; ++i) {
        double v = (double)p[i];
        fwrite(&v, sizeof v, 1, g_out);
    }
}

static int wanted(const char* name) { return !g_filter || strstr(name, g_filter) != NULL; }

static int need(P p, const char* name)
{
    if (!p) {
        fail(name, "the planner returned NULL");
        return 0;
    }
    return 1;
}

/* ---- basic interface ------------------------------------------------------------------------ */

static void case_dft_1d(const char* name, int n, int sign, int inPlace, unsigned flags)
{
    if (!wanted(name))
        return;
    C* a = X(alloc_complex)(n);
    C* b = inPlace ? a : X(alloc_complex)(n);
    P p = X(plan_dft_1d)(n, a, b, sign, flags);
    if (need(p, name)) {
        fill((R*)a, 2 * (size_t)n, 1);
        X(execute)(p);
        emit(name, (R*)b, 2 * (size_t)n);
        /* the plan reads the arrays again at every execution */
        fill((R*)a, 2 * (size_t)n, 2);
        X(execute)(p);
        emit(name, (R*)b, 2 * (size_t)n);
        X(destroy_plan)(p);
    }
    if (b != a)
        X(free)(b);
    X(free)(a);
}

static void case_dft_nd(const char* name, int rank, const int* n, int sign, int inPlace)
{
    if (!wanted(name))
        return;
    size_t total = 1;
    for (int i = 0; i < rank; ++i)
        total *= (size_t)n[i];
    C* a = X(alloc_complex)(total);
    C* b = inPlace ? a : X(alloc_complex)(total);
    P p = rank == 2   ? X(plan_dft_2d)(n[0], n[1], a, b, sign, FFTW_ESTIMATE)
          : rank == 3 ? X(plan_dft_3d)(n[0], n[1], n[2], a, b, sign, FFTW_ESTIMATE)
                      : X(plan_dft)(rank, n, a, b, sign, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill((R*)a, 2 * total, 3);
        X(execute)(p);
        emit(name, (R*)b, 2 * total);
        X(destroy_plan)(p);
    }
    if (b != a)
        X(free)(b);
    X(free)(a);
}

/* r2c then c2r of the result (basic interface), in or out of place. */
static void case_real_nd(const char* name, int rank, const int* n, int inPlace, unsigned c2rFlags)
{
    if (!wanted(name))
        return;
    size_t rows = 1;
    for (int i = 0; i + 1 < rank; ++i)
        rows *= (size_t)n[i];
    const size_t last = (size_t)n[rank - 1], half = last / 2 + 1;
    const size_t realRow = inPlace ? 2 * half : last;
    R* r = X(alloc_real)(rows * (inPlace ? 2 * half : last));
    C* c = inPlace ? (C*)r : X(alloc_complex)(rows * half);
    R* back = inPlace ? r : X(alloc_real)(rows * last);
    P f = X(plan_dft_r2c)(rank, n, r, c, FFTW_ESTIMATE);
    P b = X(plan_dft_c2r)(rank, n, c, back, FFTW_ESTIMATE | c2rFlags);
    if (need(f, name) && need(b, name)) {
        for (size_t i = 0; i < rows; ++i)
            fill(r + i * realRow, last, 10 + (unsigned)i);
        X(execute)(f);
        emit(name, (R*)c, 2 * rows * half);
        X(execute)(b);
        /* only the logical elements of the real array (the padding of in-place rows is scratch) */
        R* logical = (R*)malloc(sizeof(R) * rows * last);
        for (size_t i = 0; i < rows; ++i)
            memcpy(logical + i * last, back + i * realRow, sizeof(R) * last);
        emit(name, logical, rows * last);
        free(logical);
        if (!inPlace && (c2rFlags & FFTW_PRESERVE_INPUT))
            emit(name, (R*)c, 2 * rows * half); /* the c2r input, preserved */
    }
    if (f)
        X(destroy_plan)(f);
    if (b)
        X(destroy_plan)(b);
    if (!inPlace) {
        X(free)(c);
        X(free)(back);
    }
    X(free)(r);
}

/* ---- advanced interface ---------------------------------------------------------------------- */

/* howmany transforms of n points, elements istride apart, transforms idist apart, into a padded
 * output (onembed) with its own stride and distance. */
static void case_many_dft(const char* name, int rank, const int* n, int howmany, const int* inembed, int istride,
                          int idist, const int* onembed, int ostride, int odist, int sign)
{
    if (!wanted(name))
        return;
    size_t inSpan = 1, outSpan = 1;
    for (int i = 0; i < rank; ++i) {
        inSpan *= (size_t)(inembed ? inembed[i] : n[i]);
        outSpan *= (size_t)(onembed ? onembed[i] : n[i]);
    }
    const size_t inTotal = (size_t)istride * inSpan + (size_t)idist * (size_t)howmany + 8;
    const size_t outTotal = (size_t)ostride * outSpan + (size_t)odist * (size_t)howmany + 8;
    C* a = X(alloc_complex)(inTotal);
    C* b = X(alloc_complex)(outTotal);
    P p = X(plan_many_dft)(rank, n, howmany, a, inembed, istride, idist, b, onembed, ostride, odist, sign,
                           FFTW_ESTIMATE);
    if (need(p, name)) {
        fill((R*)a, 2 * inTotal, 4);
        fill((R*)b, 2 * outTotal, 5); /* elements the plan does not address stay as they are */
        X(execute)(p);
        emit(name, (R*)b, 2 * outTotal);
        X(destroy_plan)(p);
    }
    X(free)(a);
    X(free)(b);
}

static void case_many_real(const char* name, int n, int howmany, int stride, int inPlace)
{
    if (!wanted(name))
        return;
    /* r2c over howmany rows of n reals, rows 'dist' apart, elements 'stride' apart; then c2r */
    const int half = n / 2 + 1;
    const int rdist = stride * (inPlace ? 2 * half : n) + 4 * stride;
    const int cdist = inPlace ? rdist / 2 : stride * half + 1;
    const size_t reals = (size_t)rdist * (size_t)howmany + 16;
    R* r = X(alloc_real)(reals);
    C* c = inPlace ? (C*)r : X(alloc_complex)((size_t)cdist * (size_t)howmany + 8);
    R* back = inPlace ? r : X(alloc_real)(reals);
    const int cstride = stride;
    int nn[1] = {n};
    P f = X(plan_many_dft_r2c)(1, nn, howmany, r, NULL, stride, rdist, c, NULL, cstride, cdist, FFTW_ESTIMATE);
    P b = X(plan_many_dft_c2r)(1, nn, howmany, c, NULL, cstride, cdist, back, NULL, stride, rdist, FFTW_ESTIMATE);
    if (need(f, name) && need(b, name)) {
        fill(r, reals, 6);
        if (!inPlace)
            fill((R*)c, 2 * ((size_t)cdist * (size_t)howmany + 8), 7);
        X(execute)(f);
        /* the complex results */
        for (int k = 0; k < howmany; ++k)
            for (int j = 0; j < half; ++j) {
                const C* z = c + (size_t)k * cdist + (size_t)j * cstride;
                emit(name, (const R*)z, 2);
            }
        X(execute)(b);
        for (int k = 0; k < howmany; ++k)
            for (int j = 0; j < n; ++j)
                emit(name, back + (size_t)k * rdist + (size_t)j * stride, 1);
    }
    if (f)
        X(destroy_plan)(f);
    if (b)
        X(destroy_plan)(b);
    if (!inPlace) {
        X(free)(c);
        X(free)(back);
    }
    X(free)(r);
}

/* ---- guru interface ----------------------------------------------------------------------------- */

/* A complex transform through the guru interface; strides may be negative: the arrays start in
 * the middle of a buffer large enough for every offset. */
static void case_guru_dft(const char* name, int rank, const IO* dims, int hrank, const IO* hdims, int sign,
                          int split, int use64, int inPlace)
{
    if (!wanted(name))
        return;
    long long spanIn = 1, spanOut = 1;
    for (int i = 0; i < rank; ++i) {
        spanIn += (long long)llabs(dims[i].is) * dims[i].n;
        spanOut += (long long)llabs(dims[i].os) * dims[i].n;
    }
    for (int i = 0; i < hrank; ++i) {
        spanIn += (long long)llabs(hdims[i].is) * hdims[i].n;
        spanOut += (long long)llabs(hdims[i].os) * hdims[i].n;
    }
    const long long span = (spanIn > spanOut ? spanIn : spanOut);
    const size_t size = (size_t)(2 * span + 1) * (split ? 1 : 2);
    R* bufIn = X(alloc_real)(size);
    R* bufOut = inPlace ? bufIn : X(alloc_real)(size);
    R* bufIm = NULL;
    R* bufOutIm = NULL;
    const size_t mid = (size_t)span * (split ? 1 : 2);
    P p = NULL;
    IO64 d64[8], h64[8];
    for (int i = 0; i < rank; ++i) {
        d64[i].n = dims[i].n;
        d64[i].is = dims[i].is;
        d64[i].os = dims[i].os;
    }
    for (int i = 0; i < hrank; ++i) {
        h64[i].n = hdims[i].n;
        h64[i].is = hdims[i].is;
        h64[i].os = hdims[i].os;
    }
    if (split) {
        bufIm = X(alloc_real)(size);
        bufOutIm = inPlace ? bufIm : X(alloc_real)(size);
        R *ri = bufIn + mid, *ii = bufIm + mid, *ro = bufOut + mid, *io = bufOutIm + mid;
        if (sign == FFTW_BACKWARD) { /* split transforms are forward: backward swaps re and im */
            R* t = ri;
            ri = ii;
            ii = t;
            t = ro;
            ro = io;
            io = t;
        }
        p = use64 ? X(plan_guru64_split_dft)(rank, d64, hrank, h64, ri, ii, ro, io, FFTW_ESTIMATE)
                  : X(plan_guru_split_dft)(rank, dims, hrank, hdims, ri, ii, ro, io, FFTW_ESTIMATE);
    } else {
        C* in = (C*)(bufIn + mid);
        C* out = (C*)(bufOut + mid);
        p = use64 ? X(plan_guru64_dft)(rank, d64, hrank, h64, in, out, sign, FFTW_ESTIMATE)
                  : X(plan_guru_dft)(rank, dims, hrank, hdims, in, out, sign, FFTW_ESTIMATE);
    }
    if (need(p, name)) {
        fill(bufIn, size, 8);
        if (!inPlace)
            fill(bufOut, size, 9);
        if (split) {
            fill(bufIm, size, 18);
            if (!inPlace)
                fill(bufOutIm, size, 19);
        }
        X(execute)(p);
        emit(name, bufOut, size);
        if (split)
            emit(name, bufOutIm, size);
        X(destroy_plan)(p);
    }
    if (split) {
        if (!inPlace)
            X(free)(bufOutIm);
        X(free)(bufIm);
    }
    if (!inPlace)
        X(free)(bufOut);
    X(free)(bufIn);
}

/* r2c and c2r through the guru interface (interleaved or split complex side), out of place. */
static void case_guru_real(const char* name, int rank, const IO* dims, int hrank, const IO* hdims, int split,
                           int use64)
{
    if (!wanted(name))
        return;
    /* dims[].is: real strides; dims[].os: complex strides (elements); offsets from the middle */
    long long spanR = 1, spanC = 1;
    for (int i = 0; i < rank; ++i) {
        spanR += (long long)llabs(dims[i].is) * dims[i].n;
        spanC += (long long)llabs(dims[i].os) * dims[i].n;
    }
    for (int i = 0; i < hrank; ++i) {
        spanR += (long long)llabs(hdims[i].is) * hdims[i].n;
        spanC += (long long)llabs(hdims[i].os) * hdims[i].n;
    }
    const size_t sizeR = (size_t)(2 * spanR + 1), sizeC = (size_t)(2 * spanC + 1) * (split ? 1 : 2);
    R* real = X(alloc_real)(sizeR);
    R* back = X(alloc_real)(sizeR);
    R* cre = X(alloc_real)(sizeC);
    R* cim = split ? X(alloc_real)(sizeC) : NULL;
    R* rmid = real + spanR;
    R* bmid = back + spanR;
    R* cmid = cre + (size_t)spanC * (split ? 1 : 2);
    R* imid = split ? cim + spanC : NULL;
    IO64 d64[8], h64[8];
    IO bd[8];
    for (int i = 0; i < rank; ++i) {
        d64[i].n = dims[i].n;
        d64[i].is = dims[i].is;
        d64[i].os = dims[i].os;
        bd[i].n = dims[i].n; /* the c2r plan: complex in, real out */
        bd[i].is = dims[i].os;
        bd[i].os = dims[i].is;
    }
    IO hb[8];
    for (int i = 0; i < hrank; ++i) {
        h64[i].n = hdims[i].n;
        h64[i].is = hdims[i].is;
        h64[i].os = hdims[i].os;
        hb[i].n = hdims[i].n;
        hb[i].is = hdims[i].os;
        hb[i].os = hdims[i].is;
    }
    /* FFTW preserves the input of rank-1 c2r on request; for rank > 1 it cannot (NULL plan) */
    const unsigned keep = rank == 1 ? FFTW_PRESERVE_INPUT : 0;
    P f, b;
    if (split) {
        f = use64 ? X(plan_guru64_split_dft_r2c)(rank, d64, hrank, h64, rmid, cmid, imid, FFTW_ESTIMATE)
                  : X(plan_guru_split_dft_r2c)(rank, dims, hrank, hdims, rmid, cmid, imid, FFTW_ESTIMATE);
        b = X(plan_guru_split_dft_c2r)(rank, bd, hrank, hb, cmid, imid, bmid, FFTW_ESTIMATE | keep);
    } else {
        f = use64 ? X(plan_guru64_dft_r2c)(rank, d64, hrank, h64, rmid, (C*)cmid, FFTW_ESTIMATE)
                  : X(plan_guru_dft_r2c)(rank, dims, hrank, hdims, rmid, (C*)cmid, FFTW_ESTIMATE);
        b = X(plan_guru_dft_c2r)(rank, bd, hrank, hb, (C*)cmid, bmid, FFTW_ESTIMATE | keep);
    }
    if (need(f, name) && need(b, name)) {
        fill(real, sizeR, 11);
        fill(back, sizeR, 12);
        fill(cre, sizeC, 13);
        if (split)
            fill(cim, sizeC, 14);
        X(execute)(f);
        emit(name, cre, sizeC);
        if (split)
            emit(name, cim, sizeC);
        X(execute)(b);
        emit(name, back, sizeR);
        if (keep) {
            emit(name, cre, sizeC);
            if (split)
                emit(name, cim, sizeC);
        }
    }
    if (f)
        X(destroy_plan)(f);
    if (b)
        X(destroy_plan)(b);
    if (split)
        X(free)(cim);
    X(free)(cre);
    X(free)(back);
    X(free)(real);
}

/* ---- rank above 3 ------------------------------------------------------------------------------- */

/* A complex DFT of rank above 3 through plan_dft, then back (unnormalised), out of place or in
 * place. */
static void case_dft_rank(const char* name, int rank, const int* n, int inPlace)
{
    if (!wanted(name))
        return;
    size_t total = 1;
    for (int i = 0; i < rank; ++i)
        total *= (size_t)n[i];
    C* a = X(alloc_complex)(total);
    C* b = inPlace ? a : X(alloc_complex)(total);
    P f = X(plan_dft)(rank, n, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    P g = X(plan_dft)(rank, n, b, a, FFTW_BACKWARD, FFTW_ESTIMATE);
    if (need(f, name) && need(g, name)) {
        fill((R*)a, 2 * total, 70);
        X(execute)(f);
        emit(name, (R*)b, 2 * total);
        X(execute)(g);
        emit(name, (R*)a, 2 * total);
    }
    if (f)
        X(destroy_plan)(f);
    if (g)
        X(destroy_plan)(g);
    if (b != a)
        X(free)(b);
    X(free)(a);
}

/* r2c of rank 4 (basic interface) and c2r of its result; in place: FFTW's padded rows. (FFTW
 * cannot keep the input of a multi-dimensional c2r: PRESERVE_INPUT is checked on ours only.) */
static void case_real_rank4(const char* name, const int* n, int inPlace)
{
    case_real_nd(name, 4, n, inPlace, 0);
}

/* ---- real-to-real ------------------------------------------------------------------------------- */

static const char* const kind_names[11] = {"r2hc", "hc2r", "dht", "redft00", "redft01", "redft10",
                                           "redft11", "rodft00", "rodft01", "rodft10", "rodft11"};

/* 1D r2r of the kinds listed (-1 ends the list), out of place or in place. */
static void case_r2r_1d(int n, const int* kinds, int inPlace)
{
    for (int i = 0; kinds[i] >= 0; ++i) {
        const int k = kinds[i];
        char name[96];
        snprintf(name, sizeof name, "r2r_1d_%d_%s%s", n, kind_names[k], inPlace ? "_inplace" : "");
        if (!wanted(name))
            continue;
        R* a = X(alloc_real)((size_t)n);
        R* b = inPlace ? a : X(alloc_real)((size_t)n);
        P p = X(plan_r2r_1d)(n, a, b, (X(r2r_kind))k, FFTW_ESTIMATE);
        if (need(p, name)) {
            fill(a, (size_t)n, 80 + (unsigned)k);
            X(execute)(p);
            emit(name, b, (size_t)n);
            X(destroy_plan)(p);
        }
        if (b != a)
            X(free)(b);
        X(free)(a);
    }
}

/* 2D and 3D r2r with mixed kinds through the basic interface. */
static void case_r2r_nd(const char* name, int rank, const int* n, const X(r2r_kind) * kinds, int inPlace)
{
    if (!wanted(name))
        return;
    size_t total = 1;
    for (int i = 0; i < rank; ++i)
        total *= (size_t)n[i];
    R* a = X(alloc_real)(total);
    R* b = inPlace ? a : X(alloc_real)(total);
    P p = rank == 2   ? X(plan_r2r_2d)(n[0], n[1], a, b, kinds[0], kinds[1], FFTW_ESTIMATE)
          : rank == 3 ? X(plan_r2r_3d)(n[0], n[1], n[2], a, b, kinds[0], kinds[1], kinds[2], FFTW_ESTIMATE)
                      : X(plan_r2r)(rank, n, a, b, kinds, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill(a, total, 90);
        X(execute)(p);
        emit(name, b, total);
        /* the new-array form on other arrays of the same layout */
        R* c = X(alloc_real)(total);
        R* d = inPlace ? c : X(alloc_real)(total);
        fill(c, total, 91);
        X(execute_r2r)(p, c, d);
        emit(name, d, total);
        if (d != c)
            X(free)(d);
        X(free)(c);
        X(destroy_plan)(p);
    }
    if (b != a)
        X(free)(b);
    X(free)(a);
}

/* howmany r2r transforms through plan_many_r2r: elements 'stride' apart, transforms 'dist'
 * apart, in a padded output; in place with equal layouts. */
static void case_many_r2r(const char* name, int rank, const int* n, int howmany, const X(r2r_kind) * kinds,
                          const int* embed, int stride, int dist, int inPlace)
{
    if (!wanted(name))
        return;
    const size_t total = (size_t)stride * (size_t)dist * (size_t)howmany + 16;
    R* a = X(alloc_real)(total);
    R* b = inPlace ? a : X(alloc_real)(total);
    const int ostride = inPlace ? stride : 1, odist = inPlace ? dist : dist + 3;
    P p = X(plan_many_r2r)(rank, n, howmany, a, embed, stride, dist, b, embed, ostride, odist, kinds, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill(a, total, 92);
        if (!inPlace)
            fill(b, total, 93);
        X(execute)(p);
        emit(name, b, total);
        X(destroy_plan)(p);
    }
    if (b != a)
        X(free)(b);
    X(free)(a);
}

/* r2r through the guru interface: any strides (negative ones from the middle of the buffers),
 * loops, size-1 dimensions. */
static void case_guru_r2r(const char* name, int rank, const IO* dims, int hrank, const IO* hdims,
                          const X(r2r_kind) * kinds, int use64, int inPlace)
{
    if (!wanted(name))
        return;
    long long span = 1;
    for (int i = 0; i < rank; ++i)
        span += (long long)(llabs(dims[i].is) + llabs(dims[i].os)) * dims[i].n;
    for (int i = 0; i < hrank; ++i)
        span += (long long)(llabs(hdims[i].is) + llabs(hdims[i].os)) * hdims[i].n;
    const size_t size = (size_t)(2 * span + 1);
    R* bufIn = X(alloc_real)(size);
    R* bufOut = inPlace ? bufIn : X(alloc_real)(size);
    IO64 d64[8], h64[8];
    for (int i = 0; i < rank; ++i) {
        d64[i].n = dims[i].n;
        d64[i].is = dims[i].is;
        d64[i].os = dims[i].os;
    }
    for (int i = 0; i < hrank; ++i) {
        h64[i].n = hdims[i].n;
        h64[i].is = hdims[i].is;
        h64[i].os = hdims[i].os;
    }
    P p = use64 ? X(plan_guru64_r2r)(rank, d64, hrank, h64, bufIn + span, bufOut + span, kinds, FFTW_ESTIMATE)
                : X(plan_guru_r2r)(rank, dims, hrank, hdims, bufIn + span, bufOut + span, kinds, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill(bufIn, size, 94);
        if (!inPlace)
            fill(bufOut, size, 95);
        X(execute)(p);
        emit(name, bufOut, size);
        X(destroy_plan)(p);
    }
    if (!inPlace)
        X(free)(bufOut);
    X(free)(bufIn);
}

/* ---- new-array execution ------------------------------------------------------------------------ */

static void case_new_arrays(void)
{
    const char* name = "new_array_execute";
    if (!wanted(name))
        return;
    const int n0 = 16, n1 = 12, howmany = 3;
    const int n[2] = {n0, n1};
    const size_t total = (size_t)n0 * n1 * howmany;
    C *a = X(alloc_complex)(total), *b = X(alloc_complex)(total);
    C *c = X(alloc_complex)(total), *d = X(alloc_complex)(total);
    P p = X(plan_many_dft)(2, n, howmany, a, NULL, 1, n0 * n1, b, NULL, 1, n0 * n1, FFTW_FORWARD, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill((R*)c, 2 * total, 21);
        X(execute_dft)(p, c, d);
        emit("new_array_execute/c2c", (R*)d, 2 * total);
        /* in place through a plan made out of place is not allowed by FFTW: not tested */
        X(destroy_plan)(p);
    }
    /* planned on NULL arrays (an in-place plan, as in == out), executed in place on real ones */
    p = X(plan_dft_1d)(64, NULL, NULL, FFTW_BACKWARD, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill((R*)c, 128, 26);
        X(execute_dft)(p, c, c);
        emit("new_array_execute/null_planned", (R*)c, 128);
        fill((R*)d, 128, 27);
        X(execute_dft)(p, d, d);
        emit("new_array_execute/null_planned", (R*)d, 128);
        X(destroy_plan)(p);
    }
    /* split arrays */
    IO dim = {64, 1, 1}, loop = {4, 64, 64};
    /* FFTW's rule for split arrays: ii - ri and io - ro are those of the planning arrays */
    R *in1 = X(alloc_real)(512), *out1 = X(alloc_real)(512), *in2 = X(alloc_real)(512), *out2 = X(alloc_real)(512);
    R *ri = in1, *ii = in1 + 256, *ro = out1, *io = out1 + 256;
    R *ri2 = in2, *ii2 = in2 + 256, *ro2 = out2, *io2 = out2 + 256;
    p = X(plan_guru_split_dft)(1, &dim, 1, &loop, ri, ii, ro, io, FFTW_ESTIMATE);
    if (need(p, name)) {
        fill(ri2, 256, 22);
        fill(ii2, 256, 23);
        X(execute_split_dft)(p, ri2, ii2, ro2, io2);
        emit("new_array_execute/split", ro2, 256);
        emit("new_array_execute/split", io2, 256);
        X(destroy_plan)(p);
    }
    /* real, interleaved and split */
    const int m = 32;
    R *r1 = X(alloc_real)(m * 2), *r2 = X(alloc_real)(m * 2);
    C *z1 = X(alloc_complex)((m / 2 + 1) * 2), *z2 = X(alloc_complex)((m / 2 + 1) * 2);
    int mm[1] = {m};
    P f = X(plan_many_dft_r2c)(1, mm, 2, r1, NULL, 1, m, z1, NULL, 1, m / 2 + 1, FFTW_ESTIMATE);
    P g = X(plan_many_dft_c2r)(1, mm, 2, z1, NULL, 1, m / 2 + 1, r1, NULL, 1, m, FFTW_ESTIMATE);
    if (need(f, name) && need(g, name)) {
        fill(r2, 2 * m, 24);
        X(execute_dft_r2c)(f, r2, z2);
        emit("new_array_execute/r2c", (R*)z2, 2 * (m / 2 + 1) * 2);
        X(execute_dft_c2r)(g, z2, r2);
        emit("new_array_execute/c2r", r2, 2 * m);
    }
    if (f)
        X(destroy_plan)(f);
    if (g)
        X(destroy_plan)(g);
    IO rd = {m, 1, 1};
    f = X(plan_guru_split_dft_r2c)(1, &rd, 0, NULL, r1, ro, io, FFTW_ESTIMATE);
    g = X(plan_guru_split_dft_c2r)(1, &rd, 0, NULL, ro, io, r1, FFTW_ESTIMATE);
    if (need(f, name) && need(g, name)) {
        fill(r2, m, 25);
        X(execute_split_dft_r2c)(f, r2, ro2, io2);
        emit("new_array_execute/split_r2c", ro2, m / 2 + 1);
        emit("new_array_execute/split_r2c", io2, m / 2 + 1);
        X(execute_split_dft_c2r)(g, ro2, io2, r2);
        emit("new_array_execute/split_c2r", r2, m);
    }
    if (f)
        X(destroy_plan)(f);
    if (g)
        X(destroy_plan)(g);
    X(free)(r1);
    X(free)(r2);
    X(free)(z1);
    X(free)(z2);
    X(free)(in1);
    X(free)(out1);
    X(free)(in2);
    X(free)(out2);
    X(free)(a);
    X(free)(b);
    X(free)(c);
    X(free)(d);
}

/* ---- edge cases ------------------------------------------------------------------------------------ */

static void case_edges(void)
{
    const char* name = "edges";
    if (!wanted(name))
        return;
    C* a = X(alloc_complex)(64);
    C* b = X(alloc_complex)(64);
    /* rank 0: a copy of each of the howmany elements */
    IO loop = {5, 3, 2};
    P p = X(plan_guru_dft)(0, NULL, 1, &loop, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    if (need(p, "edges/rank0")) {
        fill((R*)a, 128, 30);
        fill((R*)b, 128, 31);
        X(execute)(p);
        emit(name, (R*)b, 128);
        X(destroy_plan)(p);
    }
    /* howmany of size 0: nothing happens */
    IO dim = {8, 1, 1}, none = {0, 8, 8};
    p = X(plan_guru_dft)(1, &dim, 1, &none, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    if (need(p, "edges/howmany0")) {
        fill((R*)b, 128, 32);
        X(execute)(p);
        emit(name, (R*)b, 128);
        X(destroy_plan)(p);
    }
    /* dimensions of size 1 and a length-1 transform */
    int n113[3] = {1, 16, 1};
    p = X(plan_dft)(3, n113, a, b, FFTW_BACKWARD, FFTW_ESTIMATE);
    if (need(p, "edges/size1dims")) {
        fill((R*)a, 32, 33);
        X(execute)(p);
        emit(name, (R*)b, 32);
        X(destroy_plan)(p);
    }
    p = X(plan_dft_1d)(1, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    if (need(p, "edges/n1")) {
        fill((R*)a, 2, 34);
        X(execute)(p);
        emit(name, (R*)b, 2);
        X(destroy_plan)(p);
    }
    /* unnormalised round trip: forward then backward gives n times the input */
    P f = X(plan_dft_1d)(16, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    P g = X(plan_dft_1d)(16, b, a, FFTW_BACKWARD, FFTW_ESTIMATE);
    if (need(f, "edges/roundtrip") && need(g, "edges/roundtrip")) {
        fill((R*)a, 32, 35);
        X(execute)(f);
        X(execute)(g);
        emit(name, (R*)a, 32);
    }
    if (f)
        X(destroy_plan)(f);
    if (g)
        X(destroy_plan)(g);
    X(free)(a);
    X(free)(b);
}

/* ---- threads: different plans executed at the same time ------------------------------------------ */

struct job {
    P plan;
};

static void* run_job(void* arg)
{
    struct job* j = (struct job*)arg;
    for (int k = 0; k < 4; ++k)
        X(execute)(j->plan);
    return NULL;
}

static void case_threads(void)
{
    const char* name = "threads";
    if (!wanted(name))
        return;
    enum { T = 3, N = 64, B = 32 };
    C* in[T];
    C* out[T];
    struct job jobs[T];
    pthread_t th[T];
    int n[1] = {N};
    int ok = 1;
    for (int t = 0; t < T; ++t) {
        in[t] = X(alloc_complex)(N * B);
        out[t] = X(alloc_complex)(N * B);
        jobs[t].plan = X(plan_many_dft)(1, n, B, in[t], NULL, 1, N, out[t], NULL, 1, N,
                                        t % 2 ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
        ok &= need(jobs[t].plan, name);
        fill((R*)in[t], 2 * N * B, 40 + t);
    }
    if (ok) {
        for (int t = 0; t < T; ++t)
            pthread_create(&th[t], NULL, run_job, &jobs[t]);
        for (int t = 0; t < T; ++t)
            pthread_join(th[t], NULL);
        for (int t = 0; t < T; ++t)
            emit(name, (R*)out[t], 2 * N * B);
    }
    for (int t = 0; t < T; ++t) {
        if (jobs[t].plan)
            X(destroy_plan)(jobs[t].plan);
        X(free)(in[t]);
        X(free)(out[t]);
    }
}

/* ---- wisdom, and what only our library checks ------------------------------------------------------- */

static void case_wisdom(void)
{
    const char* name = "wisdom";
    if (!wanted(name))
        return;
    C* a = X(alloc_complex)(128);
    C* b = X(alloc_complex)(128);
    P p = X(plan_dft_1d)(32, a, b, FFTW_FORWARD, FFTW_MEASURE);
    if (!need(p, name))
        return;
    X(destroy_plan)(p);
    char* text = X(export_wisdom_to_string)();
    if (!text) {
        fail(name, "export_wisdom_to_string returned NULL");
        return;
    }
    X(forget_wisdom)();
    if (!X(import_wisdom_from_string)(text))
        fail(name, "import_wisdom_from_string refused our own export");
    /* the same through a file */
    char path[] = "/tmp/clfftw-wisdom-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        FILE* f = fdopen(fd, "w");
        X(export_wisdom_to_file)(f);
        fclose(f);
        X(forget_wisdom)();
        if (!X(import_wisdom_from_filename)(path))
            fail(name, "import_wisdom_from_filename refused our own export");
        remove(path);
    }
    if (X(import_wisdom_from_string)("this is not wisdom"))
        fail(name, "import_wisdom_from_string accepted garbage");
    free(text);
    /* the wisdom planned above makes a WISDOM_ONLY plan of that problem possible */
    p = X(plan_dft_1d)(32, a, b, FFTW_FORWARD, FFTW_MEASURE | FFTW_WISDOM_ONLY);
    if (!p)
        fail(name, "WISDOM_ONLY plan NULL after importing the wisdom of that problem");
    else {
        fill((R*)a, 64, 50);
        X(execute)(p);
        emit(name, (R*)b, 64);
        X(destroy_plan)(p);
    }
#ifdef CLFFTW_OURS
    /* ... and not of another one (FFTW may answer from other wisdom, so checked on ours only) */
    X(forget_wisdom)();
    p = X(plan_dft_1d)(32, a, b, FFTW_FORWARD, FFTW_ESTIMATE | FFTW_WISDOM_ONLY);
    if (p) {
        fail(name, "WISDOM_ONLY plan made without wisdom");
        X(destroy_plan)(p);
    }
#endif
    X(free)(a);
    X(free)(b);
}

#ifdef CLFFTW_OURS
/* Our planner may be called from several threads at once (FFTW's needs
 * fftw_make_planner_thread_safe): each thread plans, executes and destroys its own plans. */
struct planner_job {
    int n;
    R* out;
};

static void* planner_thread(void* arg)
{
    struct planner_job* j = (struct planner_job*)arg;
    for (int k = 0; k < 3; ++k) {
        C* in = X(alloc_complex)((size_t)j->n);
        P p = X(plan_dft_1d)(j->n, in, (C*)j->out, FFTW_FORWARD, FFTW_ESTIMATE);
        if (!p) {
            X(free)(in);
            return (void*)1;
        }
        for (int i = 0; i < j->n; ++i) {
            in[i][0] = (R)(i % 7);
            in[i][1] = (R)(i % 3);
        }
        X(execute)(p);
        X(destroy_plan)(p);
        X(free)(in);
    }
    return NULL;
}

static void case_concurrent_planning(void)
{
    const char* name = "ours_concurrent_planning";
    if (!wanted(name))
        return;
    enum { T = 4 };
    struct planner_job jobs[T];
    pthread_t th[T];
    for (int t = 0; t < T; ++t) {
        jobs[t].n = t % 2 ? 64 : 15;
        jobs[t].out = X(alloc_real)(2 * 64);
        pthread_create(&th[t], NULL, planner_thread, &jobs[t]);
    }
    int bad = 0;
    for (int t = 0; t < T; ++t) {
        void* r = NULL;
        pthread_join(th[t], &r);
        bad |= r != NULL;
    }
    if (bad)
        fail(name, "a planner call in a thread returned NULL");
    /* every thread's result matches the direct sum */
    for (int t = 0; t < T && !bad; ++t) {
        const int n = jobs[t].n;
        double err = 0, ref = 0;
        for (int k = 0; k < n; ++k) {
            double re = 0, im = 0;
            for (int i = 0; i < n; ++i) {
                const double a = -2.0 * 3.14159265358979323846 * (double)i * k / n;
                re += (i % 7) * cos(a) - (i % 3) * sin(a);
                im += (i % 7) * sin(a) + (i % 3) * cos(a);
            }
            err += pow(jobs[t].out[2 * k] - re, 2) + pow(jobs[t].out[2 * k + 1] - im, 2);
            ref += re * re + im * im;
        }
        if (!(sqrt(err / ref) < 1e-5))
            fail(name, "a thread's transform is wrong");
    }
    for (int t = 0; t < T; ++t)
        X(free)(jobs[t].out);
}

static void case_unsupported(void)
{
    const char* name = "unsupported";
    if (!wanted(name))
        return;
    R* r = X(alloc_real)(64);
    C* a = X(alloc_complex)(64);
    P p;
    /* FFTW has no REDFT00 of one point (its definition divides by n - 1) */
    if ((p = X(plan_r2r_1d)(1, r, r, FFTW_REDFT00, FFTW_ESTIMATE)) != NULL) {
        fail(name, "REDFT00 of size 1 planned");
        X(destroy_plan)(p);
    }
    X(r2r_kind) badKind = (X(r2r_kind))11;
    if ((p = X(plan_r2r_1d)(16, r, r, badKind, FFTW_ESTIMATE)) != NULL) {
        fail(name, "r2r kind 11 planned");
        X(destroy_plan)(p);
    }
    int bad[1] = {0};
    if ((p = X(plan_dft)(1, bad, a, a, FFTW_FORWARD, FFTW_ESTIMATE)) != NULL) {
        fail(name, "n = 0 planned");
        X(destroy_plan)(p);
    }
    if ((p = X(plan_dft_1d)(16, a, a, 3, FFTW_ESTIMATE)) != NULL) {
        fail(name, "sign 3 planned");
        X(destroy_plan)(p);
    }
    if ((p = X(plan_many_dft)(1, NULL, 1, a, NULL, 1, 1, a, NULL, 1, 1, FFTW_FORWARD, FFTW_ESTIMATE)) != NULL) {
        fail(name, "n = NULL planned");
        X(destroy_plan)(p);
    }
    if ((p = X(plan_dft_2d)(1 << 30, 1 << 30, a, a, FFTW_FORWARD, FFTW_ESTIMATE)) != NULL) {
        fail(name, "2^60 points planned");
        X(destroy_plan)(p);
    }
    /* NULL arrays given to a new-array execute: nothing happens */
    if ((p = X(plan_dft_1d)(16, a, a, FFTW_FORWARD, FFTW_ESTIMATE)) != NULL) {
        X(execute_dft)(p, NULL, NULL);
        X(execute_split_dft)(p, (R*)a, NULL, (R*)a, NULL);
        X(destroy_plan)(p);
    }
    /* NULL plans are harmless everywhere */
    X(execute)(NULL);
    X(destroy_plan)(NULL);
    X(execute_dft)(NULL, a, a);
    X(print_plan)(NULL);
    if (X(sprint_plan)(NULL) != NULL)
        fail(name, "sprint_plan(NULL) not NULL");
    X(free)(r);
    X(free)(a);
    /* sprint_plan and flops of a real plan */
    C* z = X(alloc_complex)(64);
    p = X(plan_dft_1d)(64, z, z, FFTW_FORWARD, FFTW_ESTIMATE);
    if (need(p, name)) {
        char* s = X(sprint_plan)(p);
        double add = 0, mul = 0, fma = 0;
        X(flops)(p, &add, &mul, &fma);
        if (!s || !*s || add + mul <= 0)
            fail(name, "sprint_plan / flops");
        free(s);
        X(destroy_plan)(p);
    }
    X(free)(z);
    /* c2r of rank 2 keeps its input here, FFTW_PRESERVE_INPUT or not (docs/fftw-compat.md) */
    {
        int n2[2] = {12, 16};
        C* in = X(alloc_complex)(12 * 9);
        C* copy = X(alloc_complex)(12 * 9);
        R* out = X(alloc_real)(12 * 16);
        P q = X(plan_dft_c2r_2d)(12, 16, in, out, FFTW_ESTIMATE);
        P q2 = X(plan_dft_c2r)(2, n2, in, out, FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
        if (need(q, name) && need(q2, name)) {
            fill((R*)in, 2 * 108, 60);
            memcpy(copy, in, sizeof(C) * 108);
            X(execute)(q);
            X(execute)(q2);
            if (memcmp(copy, in, sizeof(C) * 108) != 0)
                fail(name, "c2r 2D changed its input");
        }
        if (q)
            X(destroy_plan)(q);
        if (q2)
            X(destroy_plan)(q2);
        X(free)(in);
        X(free)(copy);
        X(free)(out);
    }
    /* c2r of rank 4 keeps its input with FFTW_PRESERVE_INPUT (FFTW itself has no such plan) */
    {
        int n4[4] = {6, 12, 15, 16};
        const size_t cn = 6 * 12 * 15 * 9;
        C* in = X(alloc_complex)(cn);
        C* copy = X(alloc_complex)(cn);
        R* out = X(alloc_real)(6 * 12 * 15 * 16);
        P q = X(plan_dft_c2r)(4, n4, in, out, FFTW_ESTIMATE | FFTW_PRESERVE_INPUT);
        if (need(q, name)) {
            fill((R*)in, 2 * cn, 61);
            memcpy(copy, in, sizeof(C) * cn);
            X(execute)(q);
            if (memcmp(copy, in, sizeof(C) * cn) != 0)
                fail(name, "c2r 4D with FFTW_PRESERVE_INPUT changed its input");
            X(destroy_plan)(q);
        }
        X(free)(in);
        X(free)(copy);
        X(free)(out);
    }
    void* small = X(malloc)(3);
    if (X(alignment_of)((R*)small) != 0)
        fail(name, "fftw_malloc not aligned");
    X(free)(small);
}
#endif

int main(int argc, char** argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUTFILE [CASE-SUBSTRING]\n", argv[0]);
        return 2;
    }
    g_out = fopen(argv[1], "wb");
    if (!g_out) {
        perror(argv[1]);
        return 2;
    }
    g_filter = argc > 2 ? argv[2] : NULL;

    /* basic */
    case_dft_1d("dft_1d_64_fwd", 64, FFTW_FORWARD, 0, FFTW_ESTIMATE);
    case_dft_1d("dft_1d_15_bwd_inplace", 15, FFTW_BACKWARD, 1, FFTW_ESTIMATE);
    case_dft_1d("dft_1d_17_measure", 17, FFTW_FORWARD, 0, FFTW_MEASURE);
    case_dft_1d("dft_1d_32_patient", 32, FFTW_BACKWARD, 0, FFTW_PATIENT);
    const int n2[2] = {32, 16}, n3[3] = {12, 15, 16}, n2odd[2] = {15, 17};
    case_dft_nd("dft_2d_32x16_fwd", 2, n2, FFTW_FORWARD, 0);
    case_dft_nd("dft_2d_15x17_bwd_inplace", 2, n2odd, FFTW_BACKWARD, 1);
    case_dft_nd("dft_3d_12x15x16_bwd", 3, n3, FFTW_BACKWARD, 0);
    case_dft_nd("dft_3d_12x15x16_fwd_inplace", 3, n3, FFTW_FORWARD, 1);
    const int r1[1] = {64}, r1odd[1] = {15}, r2[2] = {32, 16}, r2odd[2] = {17, 15}, r3[3] = {12, 15, 16};
    case_real_nd("real_1d_64", 1, r1, 0, 0);
    case_real_nd("real_1d_15_inplace", 1, r1odd, 1, 0);
    case_real_nd("real_1d_64_preserve", 1, r1, 0, FFTW_PRESERVE_INPUT);
    case_real_nd("real_2d_32x16", 2, r2, 0, 0);
    case_real_nd("real_2d_17x15_inplace", 2, r2odd, 1, 0);
    case_real_nd("real_3d_12x15x16", 3, r3, 0, 0);
    case_real_nd("real_3d_12x15x16_inplace", 3, r3, 1, 0);

    /* advanced */
    const int m1[1] = {64}, m2[2] = {16, 12}, emb2[2] = {18, 14};
    case_many_dft("many_dft_64x5_contiguous", 1, m1, 5, NULL, 1, 64, NULL, 1, 64, FFTW_FORWARD);
    case_many_dft("many_dft_64x3_interleaved_batch", 1, m1, 3, NULL, 3, 1, NULL, 3, 1, FFTW_BACKWARD);
    case_many_dft("many_dft_16x12x4_embedded", 2, m2, 4, emb2, 1, 18 * 14, emb2, 2, 2 * 18 * 14 + 5, FFTW_FORWARD);
    case_many_real("many_real_64x4", 64, 4, 1, 0);
    case_many_real("many_real_32x3_strided", 32, 3, 2, 0);
    case_many_real("many_real_16x3_inplace", 16, 3, 1, 1);

    /* guru: strides of every kind */
    IO g1[1] = {{64, 1, 1}}, g1neg[1] = {{64, -1, -2}}, gl1[1] = {{6, 64, 70}}, gl1ip[1] = {{6, 64, 64}};
    IO g2t[2] = {{12, 1, 16}, {16, 12, 1}}; /* transposed in -> out */
    IO g2[2] = {{15, 20, 20}, {16, 1, 1}}, gl2[2] = {{3, 2 * 300, 2 * 300}, {2, 300, 300}};
    IO g3[3] = {{12, 15 * 16, 1}, {15, 16, 12}, {16, 1, 12 * 15}};
    IO gz[1] = {{3, 0, 256}}; /* a zero input stride in the loop */
    case_guru_dft("guru_dft_1d_batch", 1, g1, 1, gl1, FFTW_FORWARD, 0, 0, 0);
    case_guru_dft("guru_dft_negative_strides", 1, g1neg, 1, gz, FFTW_BACKWARD, 0, 0, 0);
    case_guru_dft("guru_dft_2d_transposed", 2, g2t, 0, NULL, FFTW_FORWARD, 0, 0, 0);
    case_guru_dft("guru_dft_2d_two_loops", 2, g2, 2, gl2, FFTW_BACKWARD, 0, 0, 0);
    IO gl2s[2] = {{2, 300, 300}, {3, 600, 600}};  /* the same loops, inner one first */
    IO gl2x[2] = {{2, 300, 300}, {3, 1000, 1000}}; /* loops that do not merge */
    case_guru_dft("guru_dft_2d_loops_inner_first", 2, g2, 2, gl2s, FFTW_FORWARD, 0, 0, 0);
    case_guru_dft("guru_dft_2d_loops_unmerged", 2, g2, 2, gl2x, FFTW_BACKWARD, 0, 0, 0);
    case_guru_dft("guru_dft_3d_permuted", 3, g3, 0, NULL, FFTW_FORWARD, 0, 0, 0);
    case_guru_dft("guru_dft_2d_two_loops_inplace", 2, g2, 2, gl2, FFTW_FORWARD, 0, 0, 1);
    case_guru_dft("guru_split_dft_1d_batch", 1, g1, 1, gl1, FFTW_FORWARD, 1, 0, 0);
    case_guru_dft("guru_split_dft_2d_backward", 2, g2t, 0, NULL, FFTW_BACKWARD, 1, 0, 0);
    case_guru_dft("guru_split_dft_inplace", 1, g1, 1, gl1ip, FFTW_FORWARD, 1, 0, 1);
    case_guru_dft("guru64_dft_2d_two_loops", 2, g2, 2, gl2, FFTW_FORWARD, 0, 1, 0);
    case_guru_dft("guru64_split_dft_negative", 1, g1neg, 0, NULL, FFTW_FORWARD, 1, 1, 0);
    IO gr1[1] = {{32, 1, 1}}, grl1[1] = {{3, 32, 17}};
    IO gr2[2] = {{12, 1, 9}, {16, 12, 1}}; /* real columns -> complex rows transposed */
    IO grneg[1] = {{16, -2, -1}};
    case_guru_real("guru_real_1d_batch", 1, gr1, 1, grl1, 0, 0);
    case_guru_real("guru_real_2d_transposed", 2, gr2, 0, NULL, 0, 0);
    case_guru_real("guru_real_negative", 1, grneg, 0, NULL, 0, 0);
    case_guru_real("guru_split_real_1d_batch", 1, gr1, 1, grl1, 1, 0);
    case_guru_real("guru64_real_2d", 2, gr2, 0, NULL, 0, 1);
    case_guru_real("guru64_split_real_negative", 1, grneg, 0, NULL, 1, 1);

    /* rank above 3: passes of clFFT plans of rank <= 3 */
    /* lengths 12, 15 and 16 only: their kernels are those of the 3D cases above */
    const int n4[4] = {16, 12, 15, 16}, rn4[4] = {12, 12, 15, 16};
    case_dft_rank("dft_4d_16x12x15x16", 4, n4, 0);
    case_dft_rank("dft_4d_16x12x15x16_inplace", 4, n4, 1);
    case_real_rank4("real_4d_12x12x15x16", rn4, 0);
    case_real_rank4("real_4d_12x12x15x16_inplace", rn4, 1);

    /* real-to-real: every kind in 1D, mixed kinds in 2D and 3D, advanced and guru layouts. Length
     * 16 throughout, and few layouts: each distinct r2r plan costs PoCL a few compiles. */
    {
        const int all[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1}, some[4] = {FFTW_DHT, FFTW_REDFT00, FFTW_RODFT11, -1};
        case_r2r_1d(16, all, 0);
        case_r2r_1d(16, some, 1);
        const int q2[2] = {16, 16}, q3[3] = {16, 16, 16};
        const X(r2r_kind) k2[2] = {FFTW_REDFT10, FFTW_RODFT01};
        const X(r2r_kind) k3[3] = {FFTW_DHT, FFTW_REDFT11, FFTW_RODFT00};
        case_r2r_nd("r2r_2d_16x16_e10_o01", 2, q2, k2, 0);
        case_r2r_nd("r2r_3d_16x16x16_dht_e11_o00_inplace", 3, q3, k3, 1);
        const int m16[1] = {16};
        const X(r2r_kind) ke10[1] = {FFTW_REDFT10};
        case_many_r2r("many_r2r_16x5_strided", 1, m16, 5, ke10, NULL, 2, 40, 0);
        /* odd strides and a loop (direct); negative strides and two loops (packed); size-1
         * dimensions (a scale of 2; an odd sqrt 2 kept as a dimension; rank 0 on the host) */
        IO ga[1] = {{16, 3, 5}}, gla[1] = {{4, 61, 83}};
        IO gneg[1] = {{16, -1, -3}}, glneg[2] = {{2, 40, -60}, {3, 100, 130}};
        IO gone[2] = {{1, 7, 9}, {16, 1, 1}}, gone1[1] = {{1, 1, 1}}, glone[1] = {{5, 2, 3}};
        const X(r2r_kind) ka[1] = {FFTW_RODFT00}, kn[1] = {FFTW_HC2R};
        const X(r2r_kind) kone[2] = {FFTW_REDFT10, FFTW_DHT}, kroot[2] = {FFTW_RODFT11, FFTW_REDFT11};
        const X(r2r_kind) kroot1[1] = {FFTW_REDFT11};
        case_guru_r2r("guru_r2r_odd_strides_loop", 1, ga, 1, gla, ka, 0, 0);
        case_guru_r2r("guru64_r2r_negative_two_loops", 1, gneg, 2, glneg, kn, 1, 0);
        case_guru_r2r("guru_r2r_size1_e10", 2, gone, 0, NULL, kone, 0, 0);
        case_guru_r2r("guru_r2r_size1_e11", 2, gone, 0, NULL, kroot, 0, 0);
        case_guru_r2r("guru_r2r_rank0_e11", 1, gone1, 1, glone, kroot1, 1, 0);
    }

    case_new_arrays();
    case_edges();
    case_threads();
    case_wisdom();
#ifdef CLFFTW_OURS
    case_unsupported();
    case_concurrent_planning();
#endif
    X(cleanup)();
    fclose(g_out);
    if (g_failures)
        fprintf(stderr, "%d failure(s)\n", g_failures);
    return g_failures ? 1 : 0;
}
