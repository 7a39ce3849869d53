// clfft-ng's own entry points (include/clFFT-ng.h): program cache counters and location, wisdom
// files, the helper kernels' source.
#include "copy_sources.h"
#include "library.h"

#include <clFFT-ng.h>

#include <cstring>
#include <fstream>
#include <sstream>

using clfft_ng::CacheCounters;
using clfft_ng::Library;

extern "C" {

CLFFTAPI clfftStatus clfftNgGetCacheStats(clfftNgCacheStats* stats)
{
    if (!stats)
        return CLFFT_INVALID_HOST_PTR;
    const CacheCounters& c = Library::get().programs().counters();
    stats->sourceBuilds = c.sourceBuilds.load();
    stats->binaryLoads = c.binaryLoads.load();
    stats->binaryLoadFailures = c.binaryLoadFailures.load();
    stats->memoryHits = c.memoryHits.load();
    stats->diskHits = c.diskHits.load();
    stats->systemHits = c.systemHits.load();
    stats->diskMisses = c.diskMisses.load();
    stats->diskWrites = c.diskWrites.load();
    stats->diskWriteFailures = c.diskWriteFailures.load();
    stats->bytesWritten = c.bytesWritten.load();
    stats->corruptEntries = c.corruptEntries.load();
    stats->evictions = c.evictions.load();
    return CLFFT_SUCCESS;
}

CLFFTAPI clfftStatus clfftNgResetCacheStats(void)
{
    Library::get().programs().resetCounters();
    return CLFFT_SUCCESS;
}

CLFFTAPI clfftStatus clfftNgGetCachePath(char* path, size_t size, size_t* needed)
{
    if (!path && size > 0)
        return CLFFT_INVALID_HOST_PTR;
    try {
        const clfft_ng::DiskCacheConfig config = Library::get().programs().diskConfig();
        return clfft_ng::copyTextOut(config.enabled ? config.userDir : std::string(), path, size, needed);
    } catch (...) {
        return CLFFT_OUT_OF_HOST_MEMORY;
    }
}

CLFFTAPI clfftStatus clfftNgGetHelperKernelSource(clfftNgHelperKernel kernel, clfftPrecision srcPrecision,
                                                  clfftLayout srcLayout, clfftPrecision dstPrecision,
                                                  clfftLayout dstLayout, char* text, size_t size, size_t* needed)
{
    if (!text && size > 0)
        return CLFFT_INVALID_HOST_PTR;
    auto element = [](clfftPrecision p, clfftLayout l, clfft_ng::HelperElement* e) {
        if ((p != CLFFT_SINGLE && p != CLFFT_DOUBLE) || (l != CLFFT_REAL && l != CLFFT_COMPLEX_INTERLEAVED))
            return false;
        e->isDouble = p == CLFFT_DOUBLE;
        e->isComplex = l == CLFFT_COMPLEX_INTERLEAVED;
        return true;
    };
    clfft_ng::HelperElement src, dst;
    if (!element(srcPrecision, srcLayout, &src) || !element(dstPrecision, dstLayout, &dst))
        return CLFFT_INVALID_ARG_VALUE;
    try {
        switch (kernel) {
        case CLFFT_NG_HELPER_COPY:
            return clfft_ng::copyTextOut(clfft_ng::helperCopySource(src, dst), text, size, needed);
        case CLFFT_NG_HELPER_SCALE_PLANE:
            if (src.isComplex || dst.isComplex || src.isDouble != dst.isDouble)
                return CLFFT_INVALID_ARG_VALUE;
            return clfft_ng::copyTextOut(clfft_ng::helperScalePlaneSource(src.isDouble), text, size, needed);
        }
        return CLFFT_INVALID_ARG_VALUE;
    } catch (...) {
        return CLFFT_OUT_OF_HOST_MEMORY;
    }
}

CLFFTAPI clfftStatus clfftNgExportWisdom(const char* path, size_t* records)
{
    if (!path)
        return CLFFT_INVALID_HOST_PTR;
    try {
        clfft_ng::WisdomStore& store = Library::get().wisdom();
        const std::string text = store.exportText();
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        if (!f || !(f << text) || !f.flush())
            return CLFFT_FILE_CREATE_FAILURE;
        if (records)
            *records = clfft_ng::decodeWisdom(text).size();
        return CLFFT_SUCCESS;
    } catch (...) {
        return CLFFT_OUT_OF_HOST_MEMORY;
    }
}

CLFFTAPI clfftStatus clfftNgImportWisdom(const char* path, size_t* records)
{
    if (!path)
        return CLFFT_INVALID_HOST_PTR;
    try {
        std::ifstream f(path, std::ios::binary);
        if (!f)
            return CLFFT_FILE_NOT_FOUND;
        std::ostringstream text;
        text << f.rdbuf();
        const std::size_t n = Library::get().wisdom().importText(text.str());
        if (records)
            *records = n;
        return CLFFT_SUCCESS;
    } catch (...) {
        return CLFFT_OUT_OF_HOST_MEMORY;
    }
}

CLFFTAPI clfftStatus clfftNgForgetWisdom(void)
{
    Library::get().wisdom().forget();
    return CLFFT_SUCCESS;
}

} // extern "C"
