#!/usr/bin/env python3
"""Simulated-GPU suite: every plan of corpus.txt through `clfft-client --verify` under Oclgrind,
in several device shapes (local memory, work-group size) and in both kernel-form sets (the GPU
forms and the CPU forms, chosen with CLFFT_NG_FORMS). A run passes when the client verifies its
result against FFTW and Oclgrind wrote no diagnostic (invalid access, data race, barrier
divergence, uninitialised value, API error). Exit 0 only if every run passes.

A corpus line may end in "@ L:W,...": that plan runs in those shapes only (the heavier ones);
"% FORM,..." before it names the form sets of that plan instead of the runner's (cpu-intel: the
Intel CPU profile's forms, e.g. lane passes in registers); "! NAME=VALUE ..." before that adds
to the plan's environment (CLFFT_NG_CACHE_BYTES=1: stores past the caches).

usage: run_oclgrind.py CLIENT [--jobs N] [--only NAME_REGEX] [--shapes L:W,...] [--forms gpu,cpu]
"""
import argparse
import os
import re
import shutil
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
# (local memory bytes, maximum work-group size): a common GPU, a large one, a small one.
SHAPES = [(32768, 256), (65536, 1024), (16384, 128)]
FORMS = ["gpu", "cpu"]


# Kernel forms the corpus must reach (kernel-name patterns, see KernelSpec::kernelName): a
# planner change that moves a plan to another form must not leave a form unchecked.
REQUIRED_FORMS = [
    ("Stockham, work-items over rows", r"_b\d+t\d+r_"),
    ("Stockham, work-items over columns", r"_b\d+t\d+c_"),
    ("lane kernels (vectors across transforms)", r"_v\d+l"),
    ("lane kernels moving rows by chunks, in and out", r"_v\d+l\d\w*ck"),
    ("lane kernels moving rows as blocks, in and out", r"_v\d+l\d\w*qz"),
    ("lane kernels with several sets of lanes per group", r"_v\d+l\d\w*x\d+t"),
    ("lane kernels with their passes in registers", r"_v\d+l\d\w*rt1_"),
    ("row-lane kernels", r"_w\d+b"),
    ("row-lane real pairs", r"_w\d+pb"),
    ("row-lane kernels with two rows per vector", r"_w4hb"),
    ("row-lane kernels reading their rows from every device's pencils", r"_w\d+b\d+t\d+s\d+x\d+o\d+_"),
    ("multi-pass sub-passes (stage twiddles)", r"_tw\d+"),
    ("split exchange (one component at a time in local memory)", r"_sx"),
    ("Rader", r"_rader_"),
    ("Bluestein in one kernel", r"_bluestein_"),
    ("multi-kernel Bluestein", r"_bsload"),
    ("multi-kernel Bluestein on real data", r"_bsload.*r$|_bsload.*h$|_bsstore.*[rh]$"),
    ("long real rows: merge step", r"fft_r2c_merge_"),
    ("long real rows: split step", r"fft_c2r_split_"),
    ("long real rows: split/merge with pairs as vectors", r"_(merge|split)_n\d+_r1_[sd]p_ii_b1t1rv\d+_"),
    ("real rows as complex FFTs of all points", r"_rload|_rstore"),
    ("even real rows (half length)", r"fft_r2c_n\d*[02468]_"),
    ("odd real rows", r"fft_r2c_n\d*[13579]_"),
    ("planar sides", r"_sp_p|_dp_p|_sp_.p|_dp_.p"),
    ("double precision", r"_dp_"),
    ("in-place passes", r"_ip"),
    ("stores past the caches (non-temporal)", r"_nt"),
    ("pre-callbacks", r"_pre"),
    ("post-callbacks", r"_post"),
    ("convolution passes (the spectrum between two rounds)", r"_x(conv|corr)$"),
]


def read_corpus(path):
    plans = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            shapes = forms = None
            if "@" in line:  # "@ L:W,L:W": only these device shapes (the heavier plans)
                line, only = line.split("@", 1)
                shapes = [tuple(int(v) for v in s.split(":")) for s in only.split(",")]
            if "%" in line:  # "% FORM,FORM": these kernel-form sets instead of the runner's
                line, own = line.split("%", 1)
                forms = [f.strip() for f in own.split(",")]
            env = {}
            if "!" in line:  # "! NAME=VALUE ...": the run's environment has these too
                line, own = line.split("!", 1)
                env = dict(v.split("=", 1) for v in shlex.split(own))
            name, args = line.split(":", 1)
            args = [os.path.join(HERE, a) if a.endswith(".cl") else a for a in args.split()]
            plans.append((name.strip(), args, shapes, forms, env))
    return plans


def run_one(client, cache, name, args, shape, form, timeout, extra_env):
    local, wg = shape
    with tempfile.NamedTemporaryFile(prefix="oclgrind-", suffix=".log", delete=False) as log:
        log_path = log.name
    # Unoptimised: the checks then see the source's own loads and stores. Oclgrind 21.10 reports
    # the vector shuffles LLVM's vectoriser makes of (v.x * s, v.y * t) as uninitialised values.
    # Uninitialised values are checked in the GPU forms only: on the CPU forms' 16-wide vectors
    # Oclgrind 21.10 marks the upper half of any shuffle (z.hi of a float16) uninitialised, and
    # crashes in some kernels.
    checks = ["--data-races", "--check-api"] + (["--uninitialized"] if form.startswith("gpu") else [])
    cmd = ["oclgrind"] + checks + ["--build-options", "-cl-opt-disable", "--log", log_path,
           "--local-mem-size", str(local), "--max-wgsize", str(wg), client] + args + ["--verify"]
    env = dict(os.environ, CLFFT_NG_FORMS=form, CLFFT_CACHE_PATH=cache, **extra_env)
    start = time.monotonic()
    work = tempfile.mkdtemp(prefix="oclgrind-run-")  # --dumpKernels writes the kernels here
    try:
        p = subprocess.run(cmd + ["--dumpKernels"], cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, text=True)
        rc, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        rc, out = "timeout", (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
    seconds = time.monotonic() - start
    kernels = sorted(f[:-3] for f in os.listdir(work) if f.endswith(".cl"))
    shutil.rmtree(work, ignore_errors=True)
    with open(log_path, errors="replace") as f:
        diagnostics = f.read()
    os.unlink(log_path)
    verified = re.search(r"^verify:.*PASS", out, re.M) is not None
    ok = rc == 0 and verified and not diagnostics.strip()
    return dict(name=name, shape=shape, form=form, env=extra_env, ok=ok, rc=rc, verified=verified, out=out,
                diagnostics=diagnostics, seconds=seconds, cmd=cmd, kernels=kernels)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("client")
    ap.add_argument("--corpus", default=os.path.join(HERE, "corpus.txt"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", default="")
    ap.add_argument("--shapes", default="")
    ap.add_argument("--forms", default=",".join(FORMS))
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--cache", default="", help="library disk cache folder (default: a fresh one)")
    a = ap.parse_args()
    if shutil.which("oclgrind") is None:
        print("oclgrind is not installed (apt-get install oclgrind; scripts/setup.sh does)", file=sys.stderr)
        return 2
    client = os.path.abspath(a.client)
    shapes = SHAPES if not a.shapes else [tuple(int(v) for v in s.split(":")) for s in a.shapes.split(",")]
    forms = a.forms.split(",")
    plans = [p for p in read_corpus(a.corpus) if re.search(a.only, p[0])]
    if not plans:
        print("no plan matches", file=sys.stderr)
        return 2
    cache = a.cache or tempfile.mkdtemp(prefix="clfft-oclgrind-cache-")
    # A line's own shapes run even where the runner's default list lacks them (a CPU-sized local
    # memory); with --shapes, only those named there.
    runs = [(n, args, s, f, env) for n, args, only, own, env in plans
            for s in (shapes if only is None else [x for x in only if x in shapes or not a.shapes])
            for f in (own or forms)]
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        results = list(pool.map(lambda r: run_one(client, cache, *r[:4], a.timeout, r[4]), runs))
    failed = [r for r in results if not r["ok"]]
    for r in results:
        status = "ok  " if r["ok"] else "FAIL"
        print(f"{status} {r['name']:34s} local {r['shape'][0]:6d} wg {r['shape'][1]:5d} {r['form']}  {r['seconds']:6.1f} s")
    for r in failed:
        print("\n==== FAIL", r["name"], r["shape"], r["form"], "exit", r["rc"], "verified" if r["verified"] else "not verified")
        print("command: CLFFT_NG_FORMS=%s %s%s" % (r["form"], "".join(k + "=" + v + " " for k, v in r["env"].items()),
                                                  " ".join(r["cmd"])))
        print(r["out"][-3000:])
        if r["diagnostics"].strip():
            print("oclgrind diagnostics (first 4000 characters):")
            print(r["diagnostics"][:4000])
    seen = sorted({k for r in results for k in r["kernels"]})
    missing = [what for what, pattern in REQUIRED_FORMS if not any(re.search(pattern, k) for k in seen)]
    if not a.only and not a.shapes:
        for what in missing:
            print(f"MISSING kernel form: {what} (no corpus plan reached it)")
    else:
        missing = []
    print(f"{len(seen)} distinct kernels")
    print(f"\n{len(results) - len(failed)}/{len(results)} runs passed ({len(plans)} plans, {len(shapes)} device shapes, "
          f"{len({r[3] for r in runs})} form sets) in {time.monotonic() - start:.0f} s")
    if not a.cache:
        shutil.rmtree(cache, ignore_errors=True)
    return 0 if not failed and not missing else 1


if __name__ == "__main__":
    sys.exit(main())
