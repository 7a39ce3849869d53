/* Uses both precisions of the installed FFTW interface: the DFT of an impulse is all ones. */
#include <clfftw3.h>
#include <math.h>
#include <stdio.h>

int main(void)
{
    enum { N = 16 };
    fftw_complex* a = fftw_alloc_complex(N);
    fftw_complex* b = fftw_alloc_complex(N);
    float* r = fftwf_alloc_real(N);
    fftwf_complex* c = fftwf_alloc_complex(N / 2 + 1);
    fftw_plan p = fftw_plan_dft_1d(N, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
    fftwf_plan q = fftwf_plan_dft_r2c_1d(N, r, c, FFTW_ESTIMATE);
    if (!p || !q) {
        printf("FAIL: NULL plan\n");
        return 1;
    }
    for (int i = 0; i < N; ++i) {
        a[i][0] = a[i][1] = 0;
        r[i] = 0;
    }
    a[0][0] = 1;
    r[0] = 1;
    fftw_execute(p);
    fftwf_execute(q);
    double err = 0;
    for (int i = 0; i < N; ++i)
        err += fabs(b[i][0] - 1) + fabs(b[i][1]);
    for (int i = 0; i <= N / 2; ++i)
        err += fabs(c[i][0] - 1) + fabs(c[i][1]);
    fftw_destroy_plan(p);
    fftwf_destroy_plan(q);
    fftw_free(a);
    fftw_free(b);
    fftwf_free(r);
    fftwf_free(c);
    printf("%s %g\n", err < 1e-5 ? "ok" : "FAIL", err);
    return err < 1e-5 ? 0 : 1;
}
