float identityLoad(__global void* input, uint inoffset, __global void* userdata)
{
    return ((__global float*)input)[inoffset];
}
