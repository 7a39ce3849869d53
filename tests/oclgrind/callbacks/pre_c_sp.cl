float2 identityLoad(__global void* input, uint inoffset, __global void* userdata)
{
    return ((__global float2*)input)[inoffset];
}
