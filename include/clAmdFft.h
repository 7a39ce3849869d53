/* Legacy clAmdFft names, mapped onto the clFFT 2.x interface. */
#ifndef CLFFT_NG_CLAMDFFT_H
#define CLFFT_NG_CLAMDFFT_H
#include "clFFT.h"
#include "clAmdFft.version.h"

#define clAmdFftStatus            clfftStatus
#define clAmdFftDim               clfftDim
#define clAmdFftLayout            clfftLayout
#define clAmdFftPrecision         clfftPrecision
#define clAmdFftDirection         clfftDirection
#define clAmdFftResultLocation    clfftResultLocation
#define clAmdFftResultTransposed  clfftResultTransposed
#define clAmdFftSetupData         clfftSetupData
#define clAmdFftSetupData_        clfftSetupData_
#define clAmdFftPlanHandle        clfftPlanHandle

#define clAmdFftInitSetupData        clfftInitSetupData
#define clAmdFftSetup                clfftSetup
#define clAmdFftTeardown             clfftTeardown
#define clAmdFftGetVersion           clfftGetVersion
#define clAmdFftCreateDefaultPlan    clfftCreateDefaultPlan
#define clAmdFftCopyPlan             clfftCopyPlan
#define clAmdFftBakePlan             clfftBakePlan
#define clAmdFftDestroyPlan          clfftDestroyPlan
#define clAmdFftGetPlanContext       clfftGetPlanContext
#define clAmdFftGetPlanPrecision     clfftGetPlanPrecision
#define clAmdFftSetPlanPrecision     clfftSetPlanPrecision
#define clAmdFftGetPlanScale         clfftGetPlanScale
#define clAmdFftSetPlanScale         clfftSetPlanScale
#define clAmdFftGetPlanBatchSize     clfftGetPlanBatchSize
#define clAmdFftSetPlanBatchSize     clfftSetPlanBatchSize
#define clAmdFftGetPlanDim           clfftGetPlanDim
#define clAmdFftSetPlanDim           clfftSetPlanDim
#define clAmdFftGetPlanLength        clfftGetPlanLength
#define clAmdFftSetPlanLength        clfftSetPlanLength
#define clAmdFftGetPlanInStride      clfftGetPlanInStride
#define clAmdFftSetPlanInStride      clfftSetPlanInStride
#define clAmdFftGetPlanOutStride     clfftGetPlanOutStride
#define clAmdFftSetPlanOutStride     clfftSetPlanOutStride
#define clAmdFftGetPlanDistance      clfftGetPlanDistance
#define clAmdFftSetPlanDistance      clfftSetPlanDistance
#define clAmdFftGetLayout            clfftGetLayout
#define clAmdFftSetLayout            clfftSetLayout
#define clAmdFftGetResultLocation    clfftGetResultLocation
#define clAmdFftSetResultLocation    clfftSetResultLocation
#define clAmdFftGetPlanTransposeResult clfftGetPlanTransposeResult
#define clAmdFftSetPlanTransposeResult clfftSetPlanTransposeResult
#define clAmdFftGetTmpBufSize        clfftGetTmpBufSize
#define clAmdFftEnqueueTransform     clfftEnqueueTransform

#endif
