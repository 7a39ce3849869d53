#!/usr/bin/python3
"""Helper of ufo_test.sh: makes the input images and compares ufo-filters outputs.

  ufo_compare.py gen DIR
      writes DIR/<name>.raw (float32, frames x height x width) for the inputs listed in INPUTS
      and prints one line "name frames height width" for each.

  ufo_compare.py check KIND INPUT.raw FRAMES HEIGHT WIDTH CLFFT_OUT.raw OURS_OUT.raw
      KIND says what the pipeline computed (see expected()); prints one line of numbers,
      `key=value ...`, and exits 0 when every criterion holds, 1 otherwise (2: unreadable output).

  ufo_compare.py checklist LIST
      the same for every line "TAG KIND INPUT FRAMES HEIGHT WIDTH CLFFT_OUT OURS_OUT" of LIST;
      writes the numbers to TAG.cmp and the status to TAG.rc next to OURS_OUT.

Criteria (TOL = 1e-5):
  diff  = ||ours - clfft||_2 / ||clfft||_2            <= TOL
  maxd  = max|ours - clfft| / max|clfft|              <= TOL   (max abs, relative to the peak)
  rt_c, rt_o   round trips (pipelines ending in ifft that should give the input back):
         ||out - expected||_2 / ||expected||_2 and max|out - expected| / max|expected|, both
         libraries, <= TOL
  ref_c, ref_o forward spectra against numpy's float64 FFT, relative L2; ours must be <= TOL
         (clFFT's is printed only).
Only numpy from Debian's python3-numpy is needed (/usr/bin/python3).
"""
import sys

import numpy as np

TOL = 1e-5

# name: (frames, height, width, kind of data)
INPUTS = {
    "sq256": (2, 256, 256, "noise"),
    "r100x60": (3, 60, 100, "noise"),
    "r1000x7": (2, 7, 1000, "noise"),
    "sino300x90": (1, 90, 300, "sinogram"),
}


def make(name):
    frames, h, w, kind = INPUTS[name]
    rng = np.random.default_rng(sum(map(ord, name)))  # deterministic per input
    if kind == "noise":
        # smooth part plus noise, so that spectra have a range of magnitudes
        y, x = np.mgrid[0:h, 0:w]
        base = np.cos(2 * np.pi * 3 * x / w) + 0.5 * np.sin(2 * np.pi * 2 * y / h)
        data = [base + 0.3 * rng.standard_normal((h, w)) + f for f in range(frames)]
        return np.asarray(data, dtype=np.float32)
    # sinogram of a few discs (parallel beam, angles over 180 degrees): row = angle, column = ray
    angles = np.linspace(0, np.pi, h, endpoint=False)
    s = np.arange(w) - (w - 1) / 2.0
    sino = np.zeros((h, w))
    for cx, cy, r, v in ((0, 0, 0.4 * w, 1.0), (0.15 * w, 0.05 * w, 0.1 * w, 0.5),
                         (-0.1 * w, -0.12 * w, 0.06 * w, -0.3)):
        for i, t in enumerate(angles):
            d = s - (cx * np.cos(t) + cy * np.sin(t))
            sino[i] += v * 2 * np.sqrt(np.clip(r * r - d * d, 0, None))
    sino /= sino.max()
    sino += 0.01 * rng.standard_normal((h, w))
    return np.asarray([sino] * frames, dtype=np.float32)


def p2(n):
    return 1 << (int(n) - 1).bit_length()


def complex_view(raw, frames, h, w2):
    """raw float32 interleaved complex, frames x h x w2 complex."""
    v = raw.reshape(frames, h, w2, 2).astype(np.float64)
    return v[..., 0] + 1j * v[..., 1]


def expected(kind, a):
    """(shape of the output as float32 array, is_complex, numpy reference or None, round trip?)."""
    f, h, w = a.shape
    ad = a.astype(np.float64)
    cz = ad[..., 0::2] + 1j * ad[..., 1::2]  # auto-zeropadding=false: input is complex interleaved
    if kind == "fft1":  # fft dimensions=1 (pads rows to a power of two)
        return (f, h, p2(w) * 2), True, np.fft.fft(ad, n=p2(w), axis=-1), False
    if kind == "fft1nz":  # fft dimensions=1 auto-zeropadding=false
        return (f, h, w), True, np.fft.fft(cz, axis=-1), False
    if kind == "fft2":  # fft dimensions=2 (pads both to powers of two)
        return (f, p2(h), p2(w) * 2), True, np.fft.fft2(ad, s=(p2(h), p2(w))), False
    if kind == "fft2nz":
        return (f, h, w), True, np.fft.fft2(cz), False
    # fft ! ifft [crop]: the input again, divided by the ifft plan's size N. UFO's ifft scales
    # its output by 1/N after the backward transform, which clFFT already scales by 1/N (the
    # default backward scale), so ufo-filters returns input/N, on clFFT 2.12 as on ours.
    if kind == "rt1":
        return (f, h, w), False, ad / p2(w), True
    if kind == "rt2":
        return (f, h, w), False, ad / (p2(w) * p2(h)), True
    # no padding: ifft's output is the real part of the complex input (w/2 points a row)
    if kind == "rt1nz":
        return (f, h, w // 2), False, cz.real / (w // 2), True
    if kind == "rt2nz":
        return (f, h, w // 2), False, cz.real / (w // 2 * h), True
    if kind.startswith("filter:"):  # fft dimensions=1 ! filter filter=F ! ifft crop-width=w
        n = p2(w)
        coeff = filter_coefficients(kind[7:], 2 * n)
        if kind == "filter:ramp-fromreal":  # the task FFTs its real-space ramp (complex view)
            spec = np.fft.fft(coeff[0::2].astype(np.float64) + 1j * coeff[1::2])
            coeff = np.stack([spec.real, spec.imag], axis=-1).reshape(-1)
        coeff = coeff.astype(np.float64)
        x = np.fft.fft(ad, n=n, axis=-1)
        # filter.cl multiplies each float of the interleaved spectrum by its own coefficient
        y = x.real * coeff[0::2] + 1j * x.imag * coeff[1::2]
        return (f, h, w), False, (np.fft.ifft(y, axis=-1).real / n)[..., :w], False
    raise SystemExit("unknown kind " + kind)


def filter_coefficients(name, width):
    """float32 coefficients of ufo-filters' filter task (0.16, ufo-filter-task.c), one per float
    of a row of width/2 interleaved complex points, default properties (cutoff 0.5, order 4,
    scale 1)."""
    c = np.zeros(width)
    c[0] = c[1] = 0.5 / width
    step = 2.0 / width
    cutoff, order = 0.5, 4.0
    if name == "ramp":
        for k in range(1, width // 4 + 1):
            c[2 * k] = c[2 * k + 1] = k * step
    elif name == "ramp-fromreal":
        c[0] = c[1] = 0.25
        for k in range(1, width // 4 + 1):
            c[2 * k] = c[2 * k + 1] = -1.0 / (k * k * np.pi * np.pi) if k % 2 else 0.0
    elif name == "butterworth":
        for k in range(0, width // 4 + 1):
            fr = k * step
            c[2 * k] = c[2 * k + 1] = fr / (1.0 + (fr / cutoff) ** (2.0 * order))
    elif name == "hamming":
        for k in range(0, width // 4 + 1):
            fr = k * step
            c[2 * k] = c[2 * k + 1] = (fr * (0.54 + 0.46 * np.cos(np.pi * fr / cutoff))
                                       if fr < cutoff else 0.0)
    else:
        raise SystemExit("no coefficients for filter " + name)
    for k in range(width // 2 + 2, width, 2):  # mirror_coefficients
        c[k] = c[width - k]
        c[k + 1] = c[width - k + 1]
    return c.astype(np.float32)


def rel(x, ref):
    n = np.linalg.norm(ref)
    return float(np.linalg.norm(x - ref) / n) if n else float(np.linalg.norm(x))


def relmax(x, ref):
    m = np.max(np.abs(ref))
    return float(np.max(np.abs(x - ref)) / m) if m else float(np.max(np.abs(x)))


def check(kind, inp, frames, h, w, out_c, out_o):
    a = np.fromfile(inp, dtype=np.float32).reshape(frames, h, w)
    shape, is_complex, ref, round_trip = expected(kind, a)
    outs = []
    for path in (out_c, out_o):
        try:
            raw = np.fromfile(path, dtype=np.float32)
        except OSError as e:
            print("error=cannot-read:%s" % e)
            return 2
        if raw.size != int(np.prod(shape)):
            print("error=size(%s)=%d floats, expected %d" % (path, raw.size, int(np.prod(shape))))
            return 2
        raw = raw.reshape(shape)
        outs.append(complex_view(raw, *shape[:2], shape[2] // 2) if is_complex
                    else raw.astype(np.float64))
    c, o = outs
    res = {"diff": rel(o, c), "maxd": relmax(o, c)}
    ok = res["diff"] <= TOL and res["maxd"] <= TOL and np.all(np.isfinite(o))
    if ref is not None and round_trip:
        res["rt_c"] = max(rel(c, ref), relmax(c, ref))
        res["rt_o"] = max(rel(o, ref), relmax(o, ref))
        ok = ok and res["rt_c"] <= TOL and res["rt_o"] <= TOL
    elif ref is not None:
        res["ref_c"] = rel(c, ref)
        res["ref_o"] = rel(o, ref)
        ok = ok and res["ref_o"] <= TOL
    print(" ".join("%s=%.2e" % kv for kv in res.items()))
    return 0 if ok else 1


def main(argv):
    if len(argv) >= 2 and argv[0] == "gen":
        for name in INPUTS:
            make(name).tofile("%s/%s.raw" % (argv[1], name))
            print(name, *INPUTS[name][:3])
        return 0
    if len(argv) == 8 and argv[0] == "check":
        return check(argv[1], argv[2], int(argv[3]), int(argv[4]), int(argv[5]), argv[6], argv[7])
    if len(argv) == 2 and argv[0] == "checklist":
        # one line per pipeline: TAG KIND INPUT FRAMES HEIGHT WIDTH CLFFT_OUT OURS_OUT;
        # writes TAG's numbers to <dir of OURS_OUT>/TAG.cmp and its status to TAG.rc
        import contextlib
        import os
        for line in open(argv[1]):
            f = line.split()
            base = os.path.join(os.path.dirname(f[7]), f[0])
            with open(base + ".cmp", "w") as out, contextlib.redirect_stdout(out):
                try:
                    rc = check(f[1], f[2], int(f[3]), int(f[4]), int(f[5]), f[6], f[7])
                except Exception as e:  # a broken output must not stop the others
                    print("error=%s" % e)
                    rc = 2
            with open(base + ".rc", "w") as out:
                out.write("%d\n" % rc)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
