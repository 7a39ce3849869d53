void identityStore(__global void* outputRe, __global void* outputIm, uint outoffset, __global void* userdata,
                   double re, double im)
{
    ((__global double*)outputRe)[outoffset] = re;
    ((__global double*)outputIm)[outoffset] = im;
}
