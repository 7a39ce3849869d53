/* clfft-ng: version of the clFFT 2.x interface this library implements. */
#ifndef CLFFT_NG_VERSION_H
#define CLFFT_NG_VERSION_H

#define clfftVersionMajor 2
#define clfftVersionMinor 12
#define clfftVersionPatch 2

#endif
