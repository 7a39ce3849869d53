/* Compares two result files of fftw_cases (the reference built on FFTW, ours on clfftw3), case
 * by case: the relative L2 error of ours against the reference must stay below the bound
 * (1e-12 double, 1e-5 single by default). Every case of the reference must be in ours, in the
 * same order, with the same number of values.
 *
 *   fftw_compare REFERENCE OURS BOUND */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
    char name[96];
    uint64_t count;
    double* v;
};

static int read_record(FILE* f, struct record* r)
{
    if (fread(r->name, 1, sizeof r->name, f) != sizeof r->name)
        return 0;
    r->name[sizeof r->name - 1] = 0;
    if (fread(&r->count, sizeof r->count, 1, f) != 1 || r->count > (1ULL << 32))
        return -1;
    r->v = (double*)malloc(sizeof(double) * (r->count ? r->count : 1));
    if (!r->v || fread(r->v, sizeof(double), r->count, f) != r->count)
        return -1;
    return 1;
}

int main(int argc, char** argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s REFERENCE OURS BOUND\n", argv[0]);
        return 2;
    }
    FILE* a = fopen(argv[1], "rb");
    FILE* b = fopen(argv[2], "rb");
    const double bound = atof(argv[3]);
    if (!a || !b) {
        fprintf(stderr, "cannot open %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    /* records of one case name are pooled: the error is that of the whole case */
    char current[96] = "";
    double num = 0, den = 0;
    int failures = 0, cases = 0;
    double worst = 0;
    for (;;) {
        struct record ra, rb;
        const int ga = read_record(a, &ra);
        const int gb = read_record(b, &rb);
        int flush = ga != 1 || gb != 1 || strcmp(ra.name, current) != 0;
        if (flush && current[0]) {
            const double err = den > 0 ? sqrt(num / den) : sqrt(num);
            const int bad = !(err <= bound);
            printf("%-40s rel. L2 %.3e %s\n", current, err, bad ? "FAIL" : "ok");
            failures += bad;
            ++cases;
            if (err > worst)
                worst = err;
            num = den = 0;
            current[0] = 0;
        }
        if (ga == 0 && gb == 0)
            break;
        if (ga != 1 || gb != 1) {
            fprintf(stderr, "FAIL: the result files differ in length or are damaged (%d, %d)\n", ga, gb);
            return 1;
        }
        if (strcmp(ra.name, rb.name) != 0 || ra.count != rb.count) {
            fprintf(stderr, "FAIL: case %s (%llu values) in the reference, %s (%llu values) in ours\n", ra.name,
                    (unsigned long long)ra.count, rb.name, (unsigned long long)rb.count);
            return 1;
        }
        snprintf(current, sizeof current, "%s", ra.name);
        for (uint64_t i = 0; i < ra.count; ++i) {
            const double d = rb.v[i] - ra.v[i];
            num += d * d;
            den += ra.v[i] * ra.v[i];
        }
        free(ra.v);
        free(rb.v);
    }
    printf("%d cases, %d failed, worst rel. L2 %.3e (bound %.1e)\n", cases, failures, worst, bound);
    if (cases == 0) {
        fprintf(stderr, "FAIL: no case compared\n");
        return 1;
    }
    return failures ? 1 : 0;
}
