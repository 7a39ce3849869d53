// Scales one plane of a real array in place (_engine.scale_plane: the per-point factors of
// scipy's orthogonalized DCT/DST). A template for Python's string formatting: _engine.scale_plane
// fills the named placeholders per dtype, and a doubled percent sign is the remainder operator.
%(pragma)s
__kernel void scale_plane(__global %(t)s *buf, long off, __global const long *meta, int nd, long total,
                          %(t)s f)
{
    long i = get_global_id(0);
    if (i >= total) return;
    long rem = i, o = off;
    for (int d = nd - 1; d >= 0; --d) {
        long n = meta[d];
        o += (rem %% n) * meta[nd + d];
        rem /= n;
    }
    buf[o] *= f;
}
