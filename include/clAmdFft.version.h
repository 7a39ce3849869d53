/* Legacy clAmdFft version macros, mapped onto the clFFT 2.x ones. */
#ifndef CLFFT_NG_CLAMDFFT_VERSION_H
#define CLFFT_NG_CLAMDFFT_VERSION_H
#include "clFFT.version.h"
#define clAmdFftVersionMajor clfftVersionMajor
#define clAmdFftVersionMinor clfftVersionMinor
#define clAmdFftVersionPatch clfftVersionPatch
#endif
