float2 identityLoad(__global void* inputRe, __global void* inputIm, uint inoffset, __global void* userdata)
{
    return (float2)(((__global float*)inputRe)[inoffset], ((__global float*)inputIm)[inoffset]);
}
