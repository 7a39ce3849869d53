// The package's copy kernel (_engine.copy): crop, zero-pad, reorder, convert real<->complex,
// scale. A template for Python's string formatting: _engine._copy_kernel fills the named
// placeholders per pair of dtypes, and a doubled percent sign is the remainder operator.
%(pragma)s
__kernel void copy(__global %(dst)s *dst, long doff, __global const %(src)s *src, long soff,
                   __global const long *meta, int nd, long total, %(rs)s scale)
{
    long i = get_global_id(0);
    if (i >= total) return;
    long rem = i, so = soff, dd = doff;
    int inside = 1;
    for (int d = nd - 1; d >= 0; --d) {
        long n = meta[d];
        long idx = rem %% n;
        rem /= n;
        dd += idx * meta[nd + d];
        if (idx >= meta[2 * nd + d]) inside = 0;
        so += idx * meta[3 * nd + d];
    }
    %(dst)s v = (%(dst)s)(0);
    if (inside) v = %(conv)s * scale;
    dst[dd] = v;
}
