void identityStore(__global void* output, uint outoffset, __global void* userdata, float fftoutput)
{
    ((__global float*)output)[outoffset] = fftoutput;
}
