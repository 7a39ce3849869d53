#include <clFFT.h>
#include <stdio.h>
int main(void) { cl_uint a, b, c; clfftGetVersion(&a, &b, &c); printf("%u.%u.%u\n", a, b, c); return a == 2 ? 0 : 1; }
