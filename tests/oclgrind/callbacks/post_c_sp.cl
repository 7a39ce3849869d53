void identityStore(__global void* output, uint outoffset, __global void* userdata, float2 fftoutput)
{
    ((__global float2*)output)[outoffset] = fftoutput;
}
