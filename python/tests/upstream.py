"""Runs numpy's and scipy's own FFT test files, as Debian installs them, against clfft_ng.

    /usr/bin/python3 python/tests/upstream.py SUITE [--tier quick|sweep|full] [--min-served N] [pytest args]

SUITE is one of
  numpy        numpy/fft/tests/test_pocketfft.py with numpy.fft's functions replaced by ours
  scipy-numpy  scipy/fft/tests/test_numpy.py with clfft_ng.scipy_backend as scipy.fft's global
               backend (scipy's own registered behind it, for what ours declines)
  scipy-real   scipy/fft/tests/test_real_transforms.py, the same way

The test files are imported from where numpy and scipy are installed; nothing of them is copied
here. Every call that reaches our functions is counted: `served` (ours returned a result),
`raised` (ours raised; numpy's error tests expect some) and, for scipy, `declined` (our backend
returned NotImplemented, so scipy's own implementation ran). The run fails when pytest fails,
or when fewer calls than --min-served (default: the suite's tier's bound in MIN_SERVED, a bit
under what a run here served) were served, so a backend that silently declines is caught.

`--tier quick` (the README's test command) runs SELECTION: a few tests per file, one call of
each function and each kind of check (norms, axes, orders, dtypes, errors, threads) with few
distinct plans: about a minute in all with empty kernel caches.
`--tier sweep` (label sweep, .ci/run) runs the rest but HEAVY; with CLFFT_TEST_SHARE=k/n only the
tests whose index among them is k modulo n.
`--tier full` (label python-full) runs the whole file, HEAVY included: numpy's and scipy's
test_identity make about 1,500 plans each (every length 1-511, c2c, r2c and c2r), tens of
minutes of kernel compiles on PoCL with empty caches.
The few tests deselected in every tier are in DESELECT, each with its reason.
"""
import argparse
import functools
import os
import sys
import time

import numpy as np
import pytest

SUITES = {
    "numpy": ("numpy", "fft/tests/test_pocketfft.py"),
    "scipy-numpy": ("scipy", "fft/tests/test_numpy.py"),
    "scipy-real": ("scipy", "fft/tests/test_real_transforms.py"),
}

# Tests of an internal detail we do not meet, or of a bug of this scipy version that the package
# does not copy; each deselection is a substring of the test id, with its reason.
DESELECT = {
    "scipy-numpy": {
        # In a child forked after OpenCL was set up our backend declines (OpenCL does not
        # survive fork) and scipy's own irfft runs there; the test compares it with the parent's
        # result (ours) at atol=0, and scipy leaves -3.6e-17 where ours gives exact zeros.
        "test_multiprocess[irfft]": "compares scipy's own irfft (in the forked child) with ours at atol=0",
    },
    "scipy-real": {
        # scipy 1.10 scales point 0 of the orthogonalized DST-II/III (scipy issue 18452, fixed
        # in 1.11 by PR 18613, which also changed these tests); we scale point N-1 as documented.
        "test_orthogonalize_dcst2[dst-": "asserts scipy 1.10's DST-II orthogonalization bug (gh-18452)",
        "test_orthogonalize_dcst3[dst-": "asserts scipy 1.10's DST-III orthogonalization bug (gh-18452)",
        "test_fftpack_equivalience[ortho-2-dst]": "fftpack 1.10 has the DST-II ortho bug (gh-18452)",
        "test_fftpack_equivalience[ortho-3-dst]": "fftpack 1.10 has the DST-III ortho bug (gh-18452)",
        "test_fftpack_equivalience[ortho-2-dstn]": "fftpack 1.10 has the DST-II ortho bug (gh-18452)",
        "test_fftpack_equivalience[ortho-3-dstn]": "fftpack 1.10 has the DST-III ortho bug (gh-18452)",
    },
}

# The quick tier: test ids (substrings) kept. Chosen for one call of each function and each
# kind of check (norms, axes, orders, dtypes, errors, threads) with few distinct plans.
SELECTION = {
    "numpy": ["TestFFTShift", "test_fft ", "test_ifft[", "test_fft2", "test_fftn", "test_rfft ",
              "test_irfft ", "test_rfftn", "test_irfftn", "test_hfft", "test_ihfft", "test_axes[fftn]",
              "test_all_1d_norm_preserving", "test_dtypes", "test_fft_with_order[fft-F-complex64]",
              "test_fft_with_order[ifft2-non-contiguous-float64]", "TestFFTThreadSafe::test_rfft"],
    "scipy-numpy": ["TestFFTShift", "test_fft ", "test_ifft ", "test_fft2", "test_rfft2",
                    "test_irfft2", "test_hfft2", "test_ihfft2", "test_hfftn", "test_ihfftn",
                    "test_axes_subset_with_shape[fft2]", "test_axes_subset_with_shape[irfft2]",
                    "test_dtypes", "test_fft_with_order[fft-F-complex128]", "TestFFTThreadSafe::test_hfft",
                    "TestIRFFTN"],
    "scipy-real": ["test_identity_1d[True-ortho-0-5-", "test_identity_1d_overwrite[True-ortho-1-float32-",
                   "test_identity_nd[True-ortho-shape2-axes2-", "test_fftpack_equivalience[backward-2-",
                   "test_orthogonalize_default", "test_orthogonalize_noop",
                   "test_orthogonalize_dct1", "test_orthogonalize_dcst2[dct-", "test_orthogonalize_dcst3[dct-"],
}

# Left to the full tier: one test each, looping over every length 1-511 (about 1,500 plans).
HEAVY = {"numpy": ["TestFFT1D::test_identity"], "scipy-numpy": ["TestFFT1D::test_identity"],
         "scipy-real": []}

# Lower bounds on the served count, by (suite, tier, CLFFT_TEST_SHARE): a run here served the
# numbers in the comments; the bounds leave room for the random draws of a few tests, never for
# a backend that declines a family. Other shares: at least one call served per test that ran.
MIN_SERVED = {
    ("numpy", "quick", ""): 215,        # 238
    ("scipy-numpy", "quick", ""): 130,  # 145 (and 6 declined: the long double test)
    ("scipy-real", "quick", ""): 160,   # 176
    # .ci/run's shares of the sweep tier
    ("numpy", "sweep", "0/3"): 143, ("numpy", "sweep", "1/3"): 149, ("numpy", "sweep", "2/3"): 150,  # 159 166 167
    # scipy-numpy 0/3 also has 202 declined calls: test_fft_with_order's long double cases
    ("scipy-numpy", "sweep", "0/3"): 95, ("scipy-numpy", "sweep", "1/3"): 280,  # 106 312
    ("scipy-numpy", "sweep", "2/3"): 260,  # 289
    ("scipy-real", "sweep", "0/3"): 2175, ("scipy-real", "sweep", "1/3"): 2174,  # 2417 2416
    ("scipy-real", "sweep", "2/3"): 2173,  # 2415
    ("numpy", "full", ""): 2500,        # 2774
    ("scipy-numpy", "full", ""): 2600,  # 2896 (and 214 declined: long double)
    ("scipy-real", "full", ""): 6700,   # 7424
}

counts = {"served": {}, "raised": {}, "declined": {}}


def _bump(kind, name):
    counts[kind][name] = counts[kind].get(name, 0) + 1


def _counting(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            result = fn(*args, **kwargs)
        except BaseException:
            _bump("raised", fn.__name__)
            raise
        _bump("served", fn.__name__)
        return result
    return wrapper


class _CountingBackend:
    """clfft_ng.scipy_backend seen through a counter; what it declines goes to scipy's own."""
    __ua_domain__ = "numpy.scipy.fft"

    def __init__(self, inner):
        self.inner = inner

    def __ua_function__(self, method, args, kwargs):
        name = getattr(method, "__name__", str(method))
        try:
            result = self.inner.__ua_function__(method, args, kwargs)
        except BaseException:
            _bump("raised", name)
            raise
        _bump("declined" if result is NotImplemented else "served", name)
        return result


def _install(suite):
    import clfft_ng
    if suite == "numpy":
        for name in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2",
                     "irfft2", "rfftn", "irfftn", "hfft", "ihfft"):
            setattr(np.fft, name, _counting(getattr(clfft_ng, name)))
    else:
        import scipy.fft
        scipy.fft.set_global_backend(_CountingBackend(clfft_ng.scipy_backend))
        scipy.fft.register_backend("scipy")


def _share():
    spec = os.environ.get("CLFFT_TEST_SHARE", "")
    if not spec:
        return 0, 1
    k, n = (int(v) for v in spec.split("/"))
    return k, n


class _Select:
    """pytest plugin: DESELECT (every tier), SELECTION (quick), HEAVY and the share (sweep);
    counts the tests that ran."""

    def __init__(self, suite, tier):
        self.suite, self.tier = suite, tier
        self.reasons = []
        self.ran = 0

    def pytest_collection_modifyitems(self, config, items):
        keep, drop = [], []
        k, n = _share()
        index = 0
        for item in items:
            nid = item.nodeid.split("::", 1)[1] if "::" in item.nodeid else item.nodeid
            plain = nid if "[" in nid else nid + " "
            why = next((r for s, r in DESELECT.get(self.suite, {}).items() if s in plain), None)
            quick = any(s in plain for s in SELECTION[self.suite])
            if why is not None:
                self.reasons.append("%s: %s" % (nid, why))
                drop.append(item)
            elif self.tier == "quick":
                (keep if quick else drop).append(item)
            elif self.tier == "sweep":
                if quick or any(plain.startswith(h) for h in HEAVY[self.suite]):
                    drop.append(item)
                else:
                    (keep if index % n == k else drop).append(item)
                    index += 1
            else:
                keep.append(item)
        items[:] = keep
        config.hook.pytest_deselected(items=drop)

    def pytest_runtest_logreport(self, report):
        if report.when == "call":
            self.ran += 1


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("suite", choices=sorted(SUITES))
    p.add_argument("--tier", choices=("quick", "sweep", "full"), default="quick")
    p.add_argument("--min-served", type=int, default=None)
    args, rest = p.parse_known_args(argv)
    package, rel = SUITES[args.suite]
    mod = __import__(package)
    path = os.path.join(os.path.dirname(mod.__file__), rel)
    if not os.path.exists(path):
        print("FAIL: %s is not installed (%s)" % (path, package))
        return 1
    _install(args.suite)
    sel = _Select(args.suite, args.tier)
    start = time.time()
    # --noconftest: numpy's and scipy's conftest.py set up their own test runs (hypothesis
    # profiles, FPU checks), not what these files need; -p no:cacheprovider: nothing written
    # beside the installed files.
    rc = pytest.main(["-q", "--noconftest", "-p", "no:cacheprovider", "-W", "ignore::DeprecationWarning",
                      path] + rest, plugins=[sel])
    took = time.time() - start
    for line in sel.reasons:
        print("deselected %s" % line)
    if not sel.ran:
        print("FAIL: no test ran")
        rc = rc or 1
    total = {k: sum(v.values()) for k, v in counts.items()}
    print("%s (%s tier): %.1f s; calls served by clfft_ng %d, raised %d, declined %d"
          % (args.suite, args.tier, took, total["served"], total["raised"], total["declined"]))
    for kind in ("served", "raised", "declined"):
        if counts[kind]:
            print("  %-8s %s" % (kind, ", ".join("%s %d" % kv for kv in sorted(counts[kind].items()))))
    share = os.environ.get("CLFFT_TEST_SHARE", "") if args.tier == "sweep" else ""
    bound = args.min_served
    if bound is None:
        bound = MIN_SERVED.get((args.suite, args.tier, share), sel.ran)
    print("  tests run %d; served bound %d" % (sel.ran, bound))
    failed = False
    if rc != 0:
        print("FAIL: pytest exit status %d" % rc)
        failed = True
    if total["served"] < bound:
        print("FAIL: clfft_ng served %d calls, fewer than the bound %d" % (total["served"], bound))
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
