double2 identityLoad(__global void* input, uint inoffset, __global void* userdata)
{
    return ((__global double2*)input)[inoffset];
}
