#!/usr/bin/python3
"""Filtering an image on the OpenCL device with clfft_ng, notebook style (run it as a script).

A Gaussian low-pass filter in the frequency domain: rfft2 of the image, times a Gaussian
transfer function, irfft2 back, on pyopencl arrays (no host trip between the steps), checked
against numpy.fft in float64. Exits non-zero when the device result differs from numpy's.

    PYTHONPATH=python CLFFT_NG_LIBRARY=build/src/libclFFT.so.2 /usr/bin/python3 samples/python_fft.py
"""
import sys
import time

import numpy as np
import pyopencl.array as cla

import clfft_ng

# %% A synthetic test image: discs and a bar on a gradient, plus white noise.
H, W = 480, 640
y, x = np.mgrid[0:H, 0:W].astype(np.float64)
clean = 0.2 + 0.3 * x / W
for cy, cx, r in ((120, 160, 60), (300, 420, 90), (380, 120, 40)):
    clean += ((y - cy) ** 2 + (x - cx) ** 2 < r * r) * 0.5
clean += (abs(y - 240) < 8) * (abs(x - 320) < 250) * 0.4
rng = np.random.default_rng(61)
noisy = clean + rng.normal(0.0, 0.25, clean.shape)
image = noisy.astype(np.float32)

# %% The transfer function: exp(-|f|^2 / (2 sigma^2)) on rfft2's half spectrum (W//2+1 columns).
sigma = 0.04  # cycles per pixel
fy = np.fft.fftfreq(H)[:, None]
fx = np.fft.rfftfreq(W)[None, :]
gain = np.exp(-(fy ** 2 + fx ** 2) / (2 * sigma ** 2))

# %% On the device: upload once, transform, filter, transform back, download once.
queue = clfft_ng.default_queue()
print("device:", queue.device.name.strip())
d_image = cla.to_device(queue, image)
d_gain = cla.to_device(queue, gain.astype(np.float32))
clfft_ng.irfft2(clfft_ng.rfft2(d_image) * d_gain, s=image.shape)  # plans made (and kernels compiled)
queue.finish()
start = time.perf_counter()
spectrum = clfft_ng.rfft2(d_image)          # complex64, shape (H, W//2+1), stays on the device
d_filtered = clfft_ng.irfft2(spectrum * d_gain, s=image.shape)
queue.finish()
took = time.perf_counter() - start
filtered = d_filtered.get()
print("filtered %dx%d on the device in %.2f ms (rfft2, multiply, irfft2)" % (H, W, took * 1e3))

# %% The reference: the same filter with numpy.fft in float64.
reference = np.fft.irfft2(np.fft.rfft2(image.astype(np.float64)) * gain, s=image.shape)
err = np.linalg.norm(filtered - reference) / np.linalg.norm(reference)
print("relative L2 difference from numpy.fft (float64): %.2e" % err)

# %% What the filter did: the noise is mostly high frequencies, so the result is nearer the clean image.
rms = lambda a: float(np.sqrt(np.mean(a * a)))  # noqa: E731
before, after = rms(noisy - clean), rms(filtered - clean)
print("RMS distance to the clean image: noisy %.3f, filtered %.3f" % (before, after))

ok = True
if not err <= 1e-5:
    print("FAIL: the device result differs from numpy's by %.2e (bound 1e-5)" % err)
    ok = False
if not (isinstance(d_filtered, cla.Array) and d_filtered.dtype == np.float32 and d_filtered.shape == (H, W)):
    print("FAIL: expected a float32 pyopencl array of shape %s, got %r" % ((H, W), d_filtered))
    ok = False
if not after < 0.5 * before:
    print("FAIL: the low-pass filter did not remove the noise (%.3f -> %.3f)" % (before, after))
    ok = False
print("OK" if ok else "FAILED")
sys.exit(0 if ok else 1)
