#!/usr/bin/env python3
"""Benchmark harness: clfft-ng vs clFFT 2.12 (Debian libclfft2) vs FFTW, side by side.

    python3 bench/run_bench.py [--build DIR] [--quick] [--rounds N] [--iters K] [--out DIR] [--docs]

For every case of the suite it runs, in separate processes:
  ours        BUILD/samples/clfft-client with LD_LIBRARY_PATH=BUILD/src
  measured    the same with CLFFT_NG_RIGOR=measure: the cold run times the candidate plans and
              writes wisdom into the case's own cache directory, the warm runs take the wisdom
              (so their bake time is that of a wisdom hit)
  clFFT 2.12  the same clfft-client binary with LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu (both
              libraries export the same symbols; the client is linked with a RUNPATH, so the
              variable decides, and the client reports which file it loaded, which is checked)
  FFTW        BUILD/bench/fftw-bench (2 threads, FFTW_MEASURE)
First a cold run of each (fresh, empty POCL_CACHE_DIR, CLFFT_CACHE_PATH and CUDA_CACHE_PATH directories; it also
checks the result against FFTW with --verify), then N rounds in which the three take turns
(the order rotates every round), each run the median of K transforms (enqueue + clFinish) after
a warm-up. The table shows the median over the rounds. A case a library cannot run shows as
"n/a" with the clfftStatus it returned. In every round, each r2c case runs right after its c2c
partner (same lengths and precision), library by library.

The R2C/C2C time ratio per transform (the real-data goal: <= 0.6) is reported twice: from those
two client processes (cross-process; noisy, process-to-process noise on a shared VM reaches
1.5-2x), and from BUILD/bench/real-ratio, which bakes both plans in one process on one queue and
alternates them (same-process), run for ours and clFFT 2.12 after the cases of every round.

It also measures the device's copy bandwidth (clEnqueueCopyBuffer of 256 MiB, bytes read +
written per second) and gives each case's fraction of the memory-bound limit: the time to read
the input and write the output once at that bandwidth over the measured time.

Writes OUT/runs.csv (every run), OUT/summary.csv, OUT/summary.json, OUT/results.md and
OUT/performance.svg; with --docs also docs/performance.md and docs/performance.svg (--render DIR redraws them from
DIR/summary.json without running anything). Python 3 standard library only.
"""

import argparse
import csv
import datetime
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBS = ["ours", "measured", "clfft", "fftw"]
# "measured": our library with CLFFT_NG_RIGOR=measure (its cold run measures and writes wisdom
# into the case's own cache; the warm runs take the wisdom).
OURS = ("ours", "measured")
LIB_NAMES = {"ours": "clfft-ng (ours)", "measured": "clfft-ng measured (ours)", "clfft": "clFFT 2.12",
             "fftw": "FFTW 3 (2 threads)"}
LIB_COLORS = {"ours": "#2166ac", "measured": "#67a9cf", "clfft": "#e08214", "fftw": "#4d9221"}


def case(kind, lengths, precision="single"):
    name = "%s %s %s" % (kind, precision, "x".join(str(n) for n in lengths))
    return {"name": name, "kind": kind, "lengths": lengths, "precision": precision}


DEFAULT_SUITE = [
    case("c2c", [256]),
    case("c2c", [1000]),
    case("c2c", [2187]),
    case("c2c", [4096]),
    case("c2c", [65536]),
    case("c2c", [1 << 20]),
    case("c2c", [1024, 1024]),
    case("c2c", [128, 128, 128]),
    case("r2c", [4096]),
    case("c2c", [4096], "double"),
    case("c2c", [1009]),
    case("c2c", [4099]),
]
QUICK_SUITE = [case("c2c", [1024]), case("r2c", [4096]), case("c2c", [1009])]
# Every case the issues set speed goals on (large transforms, real data, any length).
FULL_SUITE = DEFAULT_SUITE + [
    case("c2c", [1 << 22]),
    case("c2c", [3 ** 12]),
    case("c2c", [512, 512, 512]),
    case("r2c", [1024, 1024]),
    case("c2c", [10007]),
]

# Issue 19's sweep (--sweep): 50 batched 1D c2c lengths from 2 to 8192, smooth and not (powers of
# 2, 3, 5, 7, 11, mixed, primes), single and double, 32 MiB batches; the goal is >= 0.8x FFTW.
SWEEP_LENGTHS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 16, 17, 24, 27, 31, 32, 48, 60, 64, 81, 97, 100,
                 125, 128, 192, 210, 243, 256, 300, 343, 384, 500, 512, 625, 768, 1000, 1024, 1331,
                 1536, 2000, 2048, 2187, 2401, 3000, 4096, 5000, 6561, 7919, 8192]
SWEEP_SUITE = [case("c2c", [n], p) for p in ("single", "double") for n in SWEEP_LENGTHS]
SWEEP_GOAL = 0.8


# ---- Helpers ----------------------------------------------------------------------------------

def log(msg):
    print(msg, file=sys.stderr, flush=True)


def loadavg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def last_json(text):
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def machine_info():
    info = {"cpu": "unknown", "cores": os.cpu_count(), "memory_gib": None,
            "kernel": platform.release(), "python": platform.python_version()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    info["memory_gib"] = round(int(line.split()[1]) / 1048576.0, 1)
    except OSError:
        pass
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    try:
        rev = subprocess.run(["git", "-C", REPO, "describe", "--always", "--dirty"], capture_output=True,
                             text=True, timeout=20).stdout.strip()
        info["commit"] = rev or "unknown"
    except (OSError, subprocess.SubprocessError):
        info["commit"] = "unknown"
    return info


def fmt(v, digits=2):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    return "%.*f" % (digits, v)


# ---- Running one case -------------------------------------------------------------------------

class Harness:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build)
        self.client = os.path.join(self.build, "samples", "clfft-client")
        self.fftw = os.path.join(self.build, "bench", "fftw-bench")
        self.copybw = os.path.join(self.build, "bench", "copy-bandwidth")
        self.ratio = os.path.join(self.build, "bench", "real-ratio")
        # CLFFT_TEST_DEVICE (P:D or part of a device name) chooses the device, as for the tests:
        # copy-bandwidth and real-ratio read it themselves, clfft-client gets its -p/-d.
        self.device_args = []
        if os.environ.get("CLFFT_TEST_DEVICE"):
            lister = os.path.join(self.build, "tests", "cl-devices")
            p = subprocess.run([lister, "--select"], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit("run_bench.py: %s" % (p.stderr.strip() or "cl-devices --select failed"))
            plat, dev = p.stdout.split()
            self.device_args = ["-p", plat, "-d", dev]
        # (real paths: the client reports the library it loaded with its links resolved)
        self.ourlib = os.path.realpath(os.path.join(self.build, "src"))
        self.syslib = os.path.realpath(args.system_lib)
        self.tmp = tempfile.mkdtemp(prefix="clfft-bench-")
        self.runs = []  # every run, for runs.csv; "tool" tells clfft-client, fftw-bench and real-ratio apart

    def check_binaries(self):
        missing = [p for p in (self.client, self.fftw, self.copybw, self.ratio) if not os.access(p, os.X_OK)]
        if missing:
            sys.exit("run_bench.py: %s not found; build first (bash scripts/setup.sh, or cmake --build %s)"
                     % (", ".join(missing), self.build))

    def batch_for(self, c):
        per = 1
        for n in c["lengths"]:
            per *= n
        elt = 8 if c["precision"] == "double" else 4
        per_bytes = per * elt * (1 if c["kind"] == "r2c" else 2)
        return max(1, int(self.args.mib * 1048576 // per_bytes))

    def library_stamp(self):
        """Size and modification time of our libclFFT.so.2 (its target), to notice a rebuild."""
        try:
            st = os.stat(os.path.join(self.ourlib, "libclFFT.so.2"))
            return (st.st_size, st.st_mtime_ns)
        except OSError:
            return None

    def cache_dirs(self, c, lib):
        d = os.path.join(self.tmp, "%s-%s" % (lib, c["name"].replace(" ", "_")))
        pocl, clfft = os.path.join(d, "pocl"), os.path.join(d, "clfft")
        return pocl, clfft

    def run_process(self, cmd, env):
        try:
            p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=self.args.timeout)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            return 124, "", "timed out after %d s" % self.args.timeout

    def lib_env(self, c, lib, cold=False):
        """The environment of an OpenCL process of case c on library lib: the library's directory
        first on LD_LIBRARY_PATH, and the case's own PoCL and clFFT kernel caches (emptied first
        for a cold run)."""
        pocl, cache = self.cache_dirs(c, lib)
        if cold:
            shutil.rmtree(os.path.dirname(pocl), ignore_errors=True)
        os.makedirs(pocl, exist_ok=True)
        os.makedirs(cache, exist_ok=True)
        env = dict(os.environ)
        env["LD_LIBRARY_PATH"] = self.ourlib if lib in OURS else self.syslib
        if lib == "measured":
            env["CLFFT_NG_RIGOR"] = "measure"
        else:
            env.pop("CLFFT_NG_RIGOR", None)
        env["POCL_CACHE_DIR"] = pocl
        env["CLFFT_CACHE_PATH"] = cache
        # NVIDIA's driver keeps compiled kernels of its own: the case's, emptied with PoCL's.
        env["CUDA_CACHE_PATH"] = os.path.join(os.path.dirname(pocl), "nvidia")
        return env

    def run_clfft(self, c, lib, batch, cold, rnd):
        env = self.lib_env(c, lib, cold)
        cmd = [self.client, "-o", "-b", str(batch), "--json", "--profile", str(self.args.iters),
               "--warmup", str(self.args.warmup)] + self.device_args
        for flag, n in zip(("-x", "-y", "-z"), c["lengths"]):
            cmd += [flag, str(n)]
        if c["precision"] == "double":
            cmd.append("--double")
        if c["kind"] == "r2c":
            cmd += ["--inLayout", "real", "--outLayout", "hermitian-interleaved"]
        if cold:
            cmd.append("--verify")
        rc, out, err = self.run_process(cmd, env)
        choice = None
        if lib == "measured":  # the plan the measurement chose: the variant of its wisdom record
            wdir = os.path.join(env["CLFFT_CACHE_PATH"], "wisdom")
            for name in sorted(os.listdir(wdir)) if os.path.isdir(wdir) else []:
                with open(os.path.join(wdir, name)) as f:
                    for line in f:
                        if line.startswith("variant "):
                            choice = line[8:].strip()
        j = last_json(out) or {}
        r = {"tool": "clfft-client", "lib": lib, "case": c["name"], "round": rnd, "cold": cold, "batch": batch,
             "rc": rc, "library": j.get("library", ""), "plan_ms": j.get("bake_ms"), "rel_err": None,
             "median_ms": None, "min_ms": None, "gflops": None, "gbps": None, "bytes": j.get("bytes"),
             "choice": choice}
        if j.get("verify"):
            r["rel_err"] = j["verify"].get("rel_l2_error")
        if j.get("profile"):
            for k in ("median_ms", "min_ms", "gflops", "gbps"):
                r[k] = j["profile"].get(k)
        want = self.ourlib if lib in OURS else self.syslib
        if rc in (0, 1) and not r["library"].startswith(want + os.sep):
            r["status"] = "wronglib"
            log("  %s loaded %s, expected a library in %s" % (lib, r["library"], want))
        elif rc == 0:
            r["status"] = "ok"
        elif rc == 1:
            r["status"] = "wrong"  # ran, but --verify found an error above the bound
        elif j.get("status"):
            r["status"] = j["status"].replace("CLFFT_", "").replace("CL_", "CL_")
        else:
            r["status"] = "fail"
        if rc not in (0, 1):
            r["error"] = (j.get("error") or err.strip().splitlines()[-1:] or ["exit %d" % rc])
            if isinstance(r["error"], list):
                r["error"] = r["error"][0] if r["error"] else "exit %d" % rc
        return r

    def run_fftw(self, c, batch, cold, rnd):
        cmd = [self.fftw, "--len", "x".join(str(n) for n in c["lengths"]), "--batch", str(batch),
               "--threads", str(self.args.fftw_threads), "--iters", str(self.args.iters),
               "--warmup", str(self.args.warmup)]
        if c["precision"] == "double":
            cmd.append("--double")
        if c["kind"] == "r2c":
            cmd.append("--real")
        rc, out, err = self.run_process(cmd, dict(os.environ))
        j = last_json(out) or {}
        per = 1
        for n in c["lengths"]:
            per *= n
        elt = 8 if c["precision"] == "double" else 4
        half = per // c["lengths"][0] * (c["lengths"][0] // 2 + 1)
        nbytes = batch * elt * ((per + 2 * half) if c["kind"] == "r2c" else 4 * per)
        r = {"tool": "fftw-bench", "lib": "fftw", "case": c["name"], "round": rnd, "cold": cold, "batch": batch,
             "rc": rc, "library": j.get("version", ""), "plan_ms": j.get("plan_ms"), "rel_err": None,
             "median_ms": j.get("median_ms"), "min_ms": j.get("min_ms"), "gflops": j.get("gflops"),
             "gbps": j.get("gbps"), "bytes": nbytes, "status": "ok" if rc == 0 else "fail"}
        if rc != 0:
            r["error"] = (err.strip().splitlines() or ["exit %d" % rc])[-1]
        return r

    def run(self, c, lib, batch, cold, rnd):
        r = self.run_fftw(c, batch, cold, rnd) if lib == "fftw" else self.run_clfft(c, lib, batch, cold, rnd)
        self.runs.append(r)
        shown = ("%.2f GFLOP/s" % r["gflops"]) if r.get("gflops") else ""
        log("  %-5s %-22s %s %s %s" % (lib, c["name"], "cold " if cold else "round %d" % rnd, r["status"], shown))
        return r

    def run_real_ratio(self, c, partner, lib, rnd):
        """One real-ratio process for r2c case c and its c2c partner: both plans in one process,
        alternating, so that their R2C/C2C ratio does not carry process-to-process noise. The
        environment is that of run_clfft, with the r2c case's kernel cache directories."""
        env = self.lib_env(c, lib)
        cmd = [self.ratio, "--len", "x".join(str(n) for n in c["lengths"]), "--mib", "%g" % self.args.mib,
               "--iters", str(self.args.iters), "--warmup", str(self.args.warmup), "--json"]
        if c["precision"] == "double":
            cmd.append("--double")
        rc, out, err = self.run_process(cmd, env)
        j = last_json(out) or {}
        r = {"tool": "real-ratio", "lib": lib, "case": c["name"], "c2c_case": partner["name"], "round": rnd,
             "cold": False, "batch": j.get("r2c_batch"), "c2c_batch": j.get("c2c_batch"), "rc": rc,
             "library": j.get("library", ""), "median_ms": j.get("r2c_median_ms"),
             "c2c_median_ms": j.get("c2c_median_ms"), "ratio": j.get("ratio"),
             "ratio_iter_median": j.get("ratio_iter_median")}
        want = self.ourlib if lib == "ours" else self.syslib
        if rc in (0, 1) and not r["library"].startswith(want + os.sep):
            r["status"] = "wronglib"
            log("  %s loaded %s, expected a library in %s" % (lib, r["library"], want))
        elif rc == 0 and r["ratio"] is not None:
            r["status"] = "ok"
        elif rc == 1:
            r["status"] = "wrong"  # timed, but a checked bin was outside tolerance
        else:
            r["status"] = "fail"
        if r["status"] == "fail":
            lines = [l for l in err.strip().splitlines() if l.startswith("real-ratio")] or err.strip().splitlines()
            r["error"] = lines[-1] if lines else "exit %d" % rc
        self.runs.append(r)
        shown = ("ratio %.3f (pairs %.3f)" % (r["ratio"], r["ratio_iter_median"])
                 if r["status"] in ("ok", "wrong") and r["ratio"] is not None else r.get("error", ""))
        log("  %-5s %-22s round %d real-ratio %s %s" % (lib, c["name"], rnd, r["status"], shown))
        return r

    def copy_bandwidth(self):
        rc, out, err = self.run_process([self.copybw, "--mib", str(self.args.copy_mib)], dict(os.environ))
        j = last_json(out)
        if rc != 0 or not j:
            log("copy-bandwidth failed: %s" % err.strip())
            return {"copy_gbps": float("nan"), "device": "?", "driver": "?", "platform": "?"}
        return j

    # ---- The whole suite --------------------------------------------------------------------

    def run_suite(self, suite):
        libs = [l for l in LIBS if l in self.args.libs]
        batches = {c["name"]: self.batch_for(c) for c in suite}
        results = {(c["name"], l): [] for c in suite for l in libs}
        cold = {}
        log("cold runs (fresh kernel caches, with --verify):")
        for c in suite:
            for lib in libs:
                cold[(c["name"], lib)] = self.run(c, lib, batches[c["name"]], True, 0)
        # Each r2c case with a c2c partner (same lengths and precision) runs right after it, library
        # by library, so that the cross-process ratio compares runs made back to back; the other
        # cases keep the suite order (so does the table).
        by_name = {c["name"]: c for c in suite}
        partner = {c["name"]: by_name["c2c " + c["name"][4:]] for c in suite
                   if c["kind"] == "r2c" and "c2c " + c["name"][4:] in by_name}
        after = {p["name"]: by_name[r] for r, p in partner.items()}
        groups = []
        for c in suite:
            if c["name"] in partner:
                continue  # runs in its partner's group
            groups.append([c] + ([after[c["name"]]] if c["name"] in after else []))
        ratio_libs = [l for l in libs if l in ("ours", "clfft")]
        for rnd in range(1, self.args.rounds + 1):
            log("round %d/%d (load %.2f):" % (rnd, self.args.rounds, loadavg()))
            k = (rnd - 1) % len(libs)
            for group in groups:
                for lib in libs[k:] + libs[:k]:
                    for c in group:
                        if cold[(c["name"], lib)]["status"] not in ("ok", "wrong"):
                            continue  # n/a: it did not run cold, it will not run warm
                        results[(c["name"], lib)].append(self.run(c, lib, batches[c["name"]], False, rnd))
            # The same-process R2C/C2C ratio, once per round for every pair.
            k = (rnd - 1) % max(1, len(ratio_libs))
            for c in suite:
                if c["name"] not in partner:
                    continue
                for lib in ratio_libs[k:] + ratio_libs[:k]:
                    pair = (c["name"], partner[c["name"]]["name"])
                    if any(cold[(n, lib)]["status"] not in ("ok", "wrong") for n in pair):
                        continue  # the library cannot run one of the two plans
                    self.run_real_ratio(c, partner[c["name"]], lib, rnd)
        return batches, cold, results


def summarize(suite, libs, batches, cold, results, bandwidth_gbps):
    rows = []
    for c in suite:
        row = {"case": c["name"], "batch": batches[c["name"]]}
        for lib in libs:
            cr = cold[(c["name"], lib)]
            warm = [r for r in results[(c["name"], lib)] if r["status"] in ("ok", "wrong") and r.get("gflops")]
            s = {"status": cr["status"], "error": cr.get("error", ""), "rel_err": cr.get("rel_err"),
                 "plan_cold_ms": cr.get("plan_ms"), "runs": len(warm), "choice": cr.get("choice")}
            if warm:
                s["median_ms"] = statistics.median(r["median_ms"] for r in warm)
                s["gflops"] = statistics.median(r["gflops"] for r in warm)
                s["gbps"] = statistics.median(r["gbps"] for r in warm)
                plans = [r["plan_ms"] for r in warm if r.get("plan_ms") is not None]
                s["plan_warm_ms"] = statistics.median(plans) if plans else None
                nbytes = warm[0].get("bytes") or 0
                if bandwidth_gbps and bandwidth_gbps == bandwidth_gbps and s["median_ms"] > 0:
                    s["mem_fraction"] = (nbytes / (bandwidth_gbps * 1e9)) / (s["median_ms"] / 1e3)
            row[lib] = s
        rows.append(row)
    return rows


def real_vs_complex(rows, runs, libs):
    """R2C time / C2C time per transform for every r2c case with a c2c case of the same lengths and
    precision in the suite (the real-data issue's goal: <= 0.6), per library, measured two ways:
      median, rounds   cross-process: from the clfft-client runs of the two cases, round by round
                       (in each round the r2c run came right after the c2c run of the same library,
                       in a separate process), and the median of those per-round ratios;
      same_process     from real-ratio, which bakes both plans in one process and alternates them:
                       "rounds" holds each round's ratio of the median times per transform,
                       "iter_rounds" each round's median of the per-iteration ratios (one R2C run
                       and the C2C run right after it), "median" the median of "rounds".
    The same-process figure is the steadier one: process-to-process noise on a shared machine
    reaches 1.5-2x and goes straight into the cross-process ratio, while real-ratio's two plans
    share one process and the same stretch of time. Load that changes during a run still moves it,
    hence the median over the rounds."""
    out = []
    names = {r["case"] for r in rows}
    for r in rows:
        if not r["case"].startswith("r2c "):
            continue
        partner = "c2c " + r["case"][4:]
        if partner not in names:
            continue
        entry = {"r2c": r["case"], "c2c": partner}
        for lib in libs:
            if lib not in ("ours", "clfft"):
                continue
            per_round = {}
            same = {}
            for run in runs:
                if run["lib"] != lib or run["cold"] or run.get("status") not in ("ok", "wrong") or not run.get("median_ms"):
                    continue
                if run.get("tool") == "real-ratio":
                    if run["case"] == r["case"] and run.get("ratio") is not None:
                        same[run["round"]] = run
                elif run["case"] in (r["case"], partner):
                    per_round.setdefault(run["round"], {})[run["case"]] = run["median_ms"] / run["batch"]
            ratios = [v[r["case"]] / v[partner] for _, v in sorted(per_round.items()) if len(v) == 2]
            s = {}
            if ratios:
                s = {"median": statistics.median(ratios), "rounds": ratios}
            if same:
                rounds = [same[k]["ratio"] for k in sorted(same)]
                iters = [same[k].get("ratio_iter_median") for k in sorted(same)]
                s["same_process"] = {"median": statistics.median(rounds), "rounds": rounds,
                                     "iter_rounds": iters}
            if s:
                entry[lib] = s
        out.append(entry)
    return out


def real_vs_complex_text(entries, libs):
    if not entries:
        return ""
    shown = [l for l in libs if l in ("ours", "clfft")]

    def ratios(v):
        if not v:
            return "-"
        return "%.2f [%s]" % (v["median"], ", ".join("%.2f" % x for x in v["rounds"]))

    head, cols = ["r2c case"], 0
    for l in shown:
        name = LIB_NAMES[l].split(" (")[0]
        head += ["%s: same process" % name, "%s: separate processes" % name]
        cols += 2
    o = ["", "", "R2C time / C2C time per transform, same lengths and precision (the goal is <= 0.6). "
         "Same process: `real-ratio` bakes both plans on one queue and alternates them, R2C, C2C, R2C, ...; "
         "its ratio of the median times per transform, median over the rounds [each round]. Separate processes: "
         "the two clfft-client runs of the table, made one right after the other in each round; median over "
         "the rounds [each round]. Process-to-process noise on a shared machine reaches 1.5-2x and goes "
         "straight into the separate-process ratio, so the same-process one is the steadier figure.", "",
         "| " + " | ".join(head) + " |",
         "|---|" + "---:|" * cols]
    for e in entries:
        cells = []
        for l in shown:
            v = e.get(l) or {}
            cells.append(ratios(v.get("same_process")))
            cells.append(ratios(v if "median" in v else None))
        o.append("| %s | %s |" % (e["r2c"], " | ".join(cells)))
    return "\n".join(o) + "\n"


def cell(s):
    if s.get("gflops") is None:
        st = s.get("status", "fail")
        return "n/a (%s)" % st if st not in ("ok", "wrong") else "n/a"
    v = fmt(s["gflops"])
    return v + (" (wrong)" if s["status"] == "wrong" else "")


def ratio(a, b):
    if a.get("gflops") and b.get("gflops"):
        return "%.2f" % (a["gflops"] / b["gflops"])
    return "-"


def markdown(rows, libs, meta):
    out = []
    names = [LIB_NAMES[l] for l in libs]
    head = ["case", "batch"] + ["%s GFLOP/s" % n for n in names]
    if "ours" in libs and "clfft" in libs:
        head.append("ours / clFFT")
    if "ours" in libs and "fftw" in libs:
        head.append("ours / FFTW")
    if "ours" in libs and "measured" in libs:
        head += ["measured / ours", "measured chose"]
    head += ["%% of mem. bound: %s" % LIB_NAMES[l].split(" (")[0] for l in libs]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * 2 + "---:|" * (len(head) - 2))
    for row in rows:
        cells = [row["case"], str(row["batch"])] + [cell(row[l]) for l in libs]
        if "ours" in libs and "clfft" in libs:
            cells.append(ratio(row["ours"], row["clfft"]))
        if "ours" in libs and "fftw" in libs:
            cells.append(ratio(row["ours"], row["fftw"]))
        if "ours" in libs and "measured" in libs:
            cells.append(ratio(row["measured"], row["ours"]))
            cells.append(row["measured"].get("choice") or "-")
        for l in libs:
            f = row[l].get("mem_fraction")
            cells.append("-" if f is None else "%.0f%%" % (100 * f))
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append("Plan (bake) time, ms: cold = first run with empty PoCL and clFFT kernel caches; warm = median of "
               "the later runs (kernel binaries cached by PoCL and, where the library has one, its own cache). "
               "FFTW: FFTW_MEASURE planning, no wisdom, every run.")
    out.append("")
    ph = ["case"]
    for l in libs:
        if l == "fftw":
            ph.append("FFTW plan")
        else:
            ph += ["%s cold" % LIB_NAMES[l].split(" (")[0], "%s warm" % LIB_NAMES[l].split(" (")[0]]
    ph.append("rel. L2 error (ours / clFFT)")
    out.append("| " + " | ".join(ph) + " |")
    out.append("|---|" + "---:|" * (len(ph) - 1))
    for row in rows:
        cells = [row["case"]]
        for l in libs:
            s = row[l]
            if l == "fftw":
                cells.append(fmt(s.get("plan_cold_ms"), 1) if s.get("gflops") else "n/a")
            elif s.get("gflops") is None:
                cells += ["n/a", "n/a"]
            else:
                cells += [fmt(s.get("plan_cold_ms"), 1), fmt(s.get("plan_warm_ms"), 1)]
        errs = []
        for l in ("ours", "clfft"):
            if l in libs:
                e = row[l].get("rel_err")
                errs.append("%.1e" % e if e is not None else "-")
        cells.append(" / ".join(errs))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def sweep_text(rows):
    """--sweep: how many lengths reach the goal against FFTW, and the five furthest behind."""
    pairs = []
    for row in rows:
        a, b = row.get("ours", {}), row.get("fftw", {})
        if a.get("gflops") and b.get("gflops"):
            pairs.append((a["gflops"] / b["gflops"], row["case"], row["batch"]))
    if not pairs:
        return ""
    pairs.sort()
    met = sum(1 for r, _, _ in pairs if r >= SWEEP_GOAL)
    out = ["", "Sweep: %d of %d lengths at or above %.1fx FFTW (ours / FFTW GFLOP/s); median %.2f; "
           "the five furthest behind:" % (met, len(pairs), SWEEP_GOAL, statistics.median(r for r, _, _ in pairs)), ""]
    out += ["- %s (batch %d): %.2f" % (name, batch, r) for r, name, batch in pairs[:5]]
    return "\n".join(out) + "\n"


def machine_text(meta):
    m = meta["machine"]
    d = meta["device"]
    return ("- CPU: %s, %s cores, %s GiB memory; %s, Linux %s\n"
            "- OpenCL: %s, device `%s`, driver %s (%s compute units)\n"
            "- Device copy bandwidth (clEnqueueCopyBuffer, %s MiB, read + write): %.1f GB/s (the higher of the "
            "measurements before and after the suite: %s)\n"
            "- FFTW: %s, %d threads, FFTW_MEASURE\n"
            "- clFFT 2.12: `%s`; ours: commit %s\n"
            "- Load average (1 min): %.2f at the start, %.2f at the end; %s; %d rounds x %d runs per case "
            "(after %d warm-up); about %s MiB of input per batch\n"
            "- PoCL's worker threads: %s\n"
            % (m["cpu"], m["cores"], m["memory_gib"], m.get("os", "?"), m["kernel"], d.get("platform", "?"),
               d.get("device", "?"), d.get("driver", "?"), d.get("compute_units", "?"), d.get("copy_mib", "?"),
               d.get("copy_gbps", float("nan")), ", ".join("%.1f" % v for v in d.get("copy_gbps_samples", [])), meta.get("fftw_version", "?"), meta["fftw_threads"],
               meta["syslib"], m["commit"], meta["load_start"], meta["load_end"], meta["date"], meta["rounds"],
               meta["iters"], meta["warmup"], meta["mib"],
               "pinned (`POCL_AFFINITY=%s`)" % meta["pocl_affinity"] if meta.get("pocl_affinity", "") not in ("", "0")
               else "not pinned (PoCL's default; `POCL_AFFINITY=1` pins them, see docs/performance.md)")
            + ("- **Our library was rebuilt during the run: its rows mix two builds**\n"
               if meta.get("library_changed") else ""))


# ---- SVG chart ------------------------------------------------------------------------------

def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def nice_step(vmax):
    raw = vmax / 5.0
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def svg_chart(rows, libs, title, subtitle):
    bar_h, gap, group_pad = 13, 2, 14
    left, right, top = 190, 150, 92
    plot_w = 560
    group_h = len(libs) * (bar_h + gap) - gap + group_pad
    height = top + len(rows) * group_h + 46
    width = left + plot_w + right
    vmax = max([r[l]["gflops"] for r in rows for l in libs if r[l].get("gflops")] + [1.0])
    step = nice_step(vmax)
    axis_max = step * math.ceil(vmax / step)
    sx = plot_w / axis_max
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">' % (width, height, width, height),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>' % (left - 180, esc(title)),
         '<text x="%d" y="42" fill="#555">%s</text>' % (left - 180, esc(subtitle))]
    # Legend.
    lx = left
    for l in libs:
        o.append('<rect x="%d" y="56" width="14" height="14" fill="%s"/>' % (lx, LIB_COLORS[l]))
        o.append('<text x="%d" y="68">%s</text>' % (lx + 19, esc(LIB_NAMES[l])))
        lx += 30 + 7 * len(LIB_NAMES[l])
    # Grid and axis.
    bottom = top + len(rows) * group_h
    t = 0.0
    while t <= axis_max + 1e-9:
        x = left + t * sx
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (x, top - 6, x, bottom))
        o.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#444">%s</text>'
                 % (x, bottom + 16, ("%g" % t)))
        t += step
    o.append('<text x="%d" y="%d" text-anchor="middle" fill="#222">GFLOP/s (5 N log2 N per complex transform, '
             '2.5 N log2 N per real one; median time) - higher is better</text>' % (left + plot_w / 2, bottom + 34))
    # Bars.
    for i, r in enumerate(rows):
        y0 = top + i * group_h
        mid = y0 + (len(libs) * (bar_h + gap) - gap) / 2.0
        o.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle" font-weight="bold">%s</text>'
                 % (left - 10, mid - 6, esc(r["case"])))
        o.append('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#666">batch %d</text>'
                 % (left - 10, mid + 8, r["batch"]))
        for j, l in enumerate(libs):
            y = y0 + j * (bar_h + gap)
            s = r[l]
            if s.get("gflops"):
                w = max(1.0, s["gflops"] * sx)
                o.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.3f GFLOP/s</title>'
                         '</rect>' % (left, y, w, bar_h, LIB_COLORS[l], esc(LIB_NAMES[l]), s["gflops"]))
                label = fmt(s["gflops"]) + (" (wrong result)" if s["status"] == "wrong" else "")
                o.append('<text x="%.1f" y="%d" dominant-baseline="middle" font-size="11">%s</text>'
                         % (left + w + 4, y + bar_h / 2.0 + 1, esc(label)))
            else:
                o.append('<text x="%d" y="%d" dominant-baseline="middle" font-size="11" fill="%s">n/a (%s)</text>'
                         % (left + 4, y + bar_h / 2.0 + 1, LIB_COLORS[l], esc(s.get("status", "fail"))))
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>' % (left, top - 6, left, bottom))
    o.append("</svg>")
    return "\n".join(o) + "\n"


# ---- Output ---------------------------------------------------------------------------------

# For real-ratio runs, case/batch/median_ms are those of the R2C plan and c2c_* those of its partner.
RUN_FIELDS = ["lib", "case", "round", "cold", "batch", "status", "rc", "plan_ms", "median_ms", "min_ms", "gflops",
              "gbps", "bytes", "rel_err", "library", "error", "tool", "c2c_case", "c2c_batch", "c2c_median_ms",
              "ratio", "ratio_iter_median"]


def write_outputs(args, suite, libs, rows, runs, meta):
    os.makedirs(args.out, exist_ok=True)
    if runs:
        with open(os.path.join(args.out, "runs.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=RUN_FIELDS, extrasaction="ignore")
            w.writeheader()
            for r in runs:
                w.writerow(r)
    with open(os.path.join(args.out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["case", "batch", "lib", "status", "gflops", "median_ms", "gbps", "mem_bound_fraction",
                    "plan_cold_ms", "plan_warm_ms", "rel_err", "runs", "error"])
        for row in rows:
            for l in libs:
                s = row[l]
                w.writerow([row["case"], row["batch"], l, s["status"], s.get("gflops", ""), s.get("median_ms", ""),
                            s.get("gbps", ""), s.get("mem_fraction", ""), s.get("plan_cold_ms", ""),
                            s.get("plan_warm_ms", ""), s.get("rel_err", ""), s["runs"], s.get("error", "")])
    if runs:
        meta["real_vs_complex"] = real_vs_complex(rows, runs, libs)
        meta["real_ratio_runs"] = [r for r in runs if r.get("tool") == "real-ratio"]
    table = markdown(rows, libs, meta) + real_vs_complex_text(meta.get("real_vs_complex", []), libs)
    if meta.get("sweep"):
        table += sweep_text(rows)
    machine = machine_text(meta)
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write("# Benchmark results\n\n" + machine + "\n" + table + "\n")
    title = "FFT throughput: clfft-ng vs clFFT 2.12 vs FFTW"
    subtitle = "%s | %s | %s" % (meta["device"].get("device", "?"), meta["date"],
                                 "quick run" if args.quick else ("sweep" if meta.get("sweep") else "default suite"))
    svg = svg_chart(rows, libs, title, subtitle)
    with open(os.path.join(args.out, "performance.svg"), "w") as f:
        f.write(svg)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"meta": meta, "libs": libs, "rows": rows, "quick": bool(args.quick)}, f, indent=1)
    if args.docs:
        with open(os.path.join(REPO, "docs", "performance.svg"), "w") as f:
            f.write(svg)
        path = os.path.join(REPO, "docs", "performance.md")
        kept = kept_sections(path)
        with open(path, "w") as f:
            f.write(docs_text(machine, table, meta, kept))
    return table


GENERATED_SECTIONS = ("## Machine", "## Results", "## Reproducing")


def kept_sections(path):
    """The sections of the existing page that this script does not write (measurements of other
    issues, added by hand), so that --docs keeps them."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return ""
    kept, keep = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            keep = not line.startswith(GENERATED_SECTIONS)
        if keep:
            kept.append(line)
    return "".join(kept)


def docs_text(machine, table, meta, kept=""):
    busy = ""
    if max(meta["load_start"], meta["load_end"]) > 1.0:
        busy = ("\nThe machine was shared and busy during this run (load average above 1, see below): the "
                "absolute numbers are noisy and on the low side. The libraries ran in alternating turns, so "
                "their ratios are steadier than the absolute values.\n")
    return """# Performance

Throughput of clfft-ng against clFFT 2.12 (Debian's `libclfft2`, the library we replace) and FFTW
on the same machine. The Machine and Results sections are generated by `bench/run_bench.py
--docs`, which keeps the other sections (measurements of single issues, written by hand).

![GFLOP/s per case and library](performance.svg)
%s
## Machine

%s
## Results

GFLOP/s counts 5 N log2 N flops per complex transform of N points (2.5 N log2 N per real one),
over the median time of one batched transform (enqueue + `clFinish` for the OpenCL libraries,
`fftw_execute` for FFTW), median over the rounds. All transforms are forward and out of place;
single precision, complex interleaved unless the case says otherwise; the batch gives about
%s MiB of input. "n/a" means the library could not run the plan and names the status it
returned. "%% of mem. bound" is the time that reading the input once and writing the output once
takes at the device's copy bandwidth, over the measured time (100%% would be memory-bound).
The relative L2 error is that of the cold run against FFTW in double precision.

%s

%s## Reproducing

```sh
bash scripts/setup.sh                      # build in ./build (once)
python3 bench/run_bench.py --docs          # about 10 minutes; rewrites this page and performance.svg
```

Run it on a quiet machine: `uptime` should show a load average well below 1 (the harness
prints the load before and after; `--wait-load 1` waits for it). `--sweep` runs issue 19's length sweep instead of the suite
(ours and FFTW; about 15 minutes for 2 rounds) and lists the five lengths furthest behind FFTW
(it does not rewrite this page). `--quick` runs three small
cases in under a minute; `--out DIR` (default `build/bench-results`) receives `runs.csv`
(every run), `summary.csv`, `results.md` and `performance.svg` without touching `docs/`.
""" % (busy, machine, meta["mib"], table, kept)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"), help="build directory (default ./build)")
    ap.add_argument("--quick", action="store_true", help="smoke run: 3 small cases, 1 round, few iterations")
    ap.add_argument("--full", action="store_true", help="the default suite plus every case an issue sets a goal on")
    ap.add_argument("--rounds", type=int, help="rounds per case (default 3; --quick 1)")
    ap.add_argument("--iters", type=int, help="timed transforms per run (default 20; --quick 5)")
    ap.add_argument("--warmup", type=int, default=3, help="untimed transforms before them (default 3)")
    ap.add_argument("--mib", type=float, help="input size per batch in MiB (default 32; --quick 4)")
    ap.add_argument("--sweep", action="store_true",
                    help="issue 19's sweep instead of the suite: 50 lengths 2..8192, single and double "
                    "(default --libs ours,fftw; about 20 minutes a round on 2 cores)")
    ap.add_argument("--libs", help="comma-separated subset of ours,measured,clfft,fftw "
                    "(default all four; --sweep: ours,fftw)")
    ap.add_argument("--only", help="comma-separated case names of the suite to run, e.g. "
                    "\"r2c single 4096,c2c single 4096\"")
    ap.add_argument("--fftw-threads", type=int, default=2, help="FFTW threads (default 2)")
    ap.add_argument("--system-lib", default="/usr/lib/x86_64-linux-gnu",
                    help="directory of the reference libclFFT.so.2 (default Debian's)")
    ap.add_argument("--copy-mib", type=int, help="buffer size of the bandwidth measurement (default 256)")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per process (default 900)")
    ap.add_argument("--wait-load", type=float, help="first wait (up to --wait-max minutes) for the 1-min load "
                    "average to drop below this")
    ap.add_argument("--wait-max", type=float, default=15, help="minutes --wait-load waits at most (default 15)")
    ap.add_argument("--commit", help="what to call our build in the report (default: git describe of this tree)")
    ap.add_argument("--out", help="output directory (default BUILD/bench-results)")
    ap.add_argument("--docs", action="store_true", help="also write docs/performance.md and docs/performance.svg")
    ap.add_argument("--render", metavar="DIR", help="run nothing: rewrite the tables and the chart from "
                    "DIR/summary.json of an earlier run (into --out, default DIR)")
    args = ap.parse_args()
    if args.render:
        with open(os.path.join(args.render, "summary.json")) as f:
            saved = json.load(f)
        args.out = args.out or args.render
        args.quick = saved["quick"]
        table = write_outputs(args, None, saved["libs"], saved["rows"], [], saved["meta"])
        print(machine_text(saved["meta"]))
        print(table)
        return 0
    if args.libs is None:
        args.libs = "ours,fftw" if args.sweep else ",".join(LIBS)
    args.libs = [l.strip() for l in args.libs.split(",") if l.strip()]
    bad = [l for l in args.libs if l not in LIBS]
    if bad or not args.libs:
        ap.error("--libs takes ours, measured, clfft, fftw; got %s" % ",".join(bad))
    args.rounds = args.rounds or (1 if args.quick else 3)
    args.iters = args.iters or (5 if args.quick else 20)
    args.mib = args.mib or (4 if args.quick else 32)
    args.copy_mib = args.copy_mib or (64 if args.quick else 256)
    args.out = args.out or os.path.join(os.path.abspath(args.build), "bench-results")
    if args.rounds < 1 or args.iters < 1 or args.warmup < 0 or args.mib <= 0:
        ap.error("--rounds and --iters must be positive, --warmup non-negative, --mib positive")

    h = Harness(args)
    h.check_binaries()
    if args.wait_load is not None:
        deadline = time.time() + 60 * args.wait_max
        while loadavg() >= args.wait_load and time.time() < deadline:
            log("waiting for the load average (%.2f) to drop below %.2f" % (loadavg(), args.wait_load))
            time.sleep(20)
    load_start = loadavg()
    if load_start > 1.0:
        log("warning: load average %.2f; timings will be noisy" % load_start)
    suite = QUICK_SUITE if args.quick else (FULL_SUITE if getattr(args, "full", False) else DEFAULT_SUITE)
    if args.sweep:
        if args.docs:
            ap.error("--sweep writes its own results only (not docs/performance.md)")
        suite = SWEEP_SUITE
    if args.only:
        names = [n.strip() for n in args.only.split(",") if n.strip()]
        suite = [c for c in suite if c["name"] in names]
        if not suite:
            sys.exit("run_bench.py: --only matches no case of the suite")
    started = datetime.datetime.now()
    stamp_start = h.library_stamp()
    log("measuring the device copy bandwidth ...")
    device = h.copy_bandwidth()
    log("  %s: %.2f GB/s" % (device.get("device", "?"), device.get("copy_gbps", float("nan"))))
    try:
        batches, cold, results = h.run_suite(suite)
    finally:
        shutil.rmtree(h.tmp, ignore_errors=True)
    # Once more at the end: other load only ever lowers the figure, so the higher one is kept.
    log("measuring the device copy bandwidth again ...")
    again = h.copy_bandwidth()
    samples = [d.get("copy_gbps", float("nan")) for d in (device, again)]
    samples = [v for v in samples if v == v]
    device["copy_gbps_samples"] = samples
    if samples:
        device["copy_gbps"] = max(samples)
    log("  %.2f GB/s; using %.2f" % (again.get("copy_gbps", float("nan")), device.get("copy_gbps", float("nan"))))
    # A rebuild during the run mixes two builds in our rows (a measured case's wisdom may then
    # name a plan the new planner does not make, and be measured again).
    library_changed = h.library_stamp() != stamp_start
    if library_changed:
        log("warning: our library changed during the run; its rows mix two builds")
    fftw_version = next((r["library"] for r in h.runs if r["lib"] == "fftw" and r["library"]), "?")
    machine = machine_info()
    if args.commit:
        machine["commit"] = args.commit
    meta = {"machine": machine, "device": device, "syslib": args.system_lib, "fftw_version": fftw_version,
            "fftw_threads": args.fftw_threads, "load_start": load_start, "load_end": loadavg(),
            "date": started.strftime("%Y-%m-%d %H:%M"), "rounds": args.rounds, "iters": args.iters,
            "warmup": args.warmup, "mib": ("%g" % args.mib), "sweep": bool(args.sweep),
            "pocl_affinity": os.environ.get("POCL_AFFINITY", ""), "library_changed": library_changed}
    rows = summarize(suite, args.libs, batches, cold, results, device.get("copy_gbps"))
    table = write_outputs(args, suite, args.libs, rows, h.runs, meta)
    print(machine_text(meta))
    print(table)
    print("\nwritten: %s/{runs.csv,summary.csv,results.md,performance.svg}%s"
          % (args.out, " and docs/performance.{md,svg}" if args.docs else ""))
    took = (datetime.datetime.now() - started).total_seconds()
    log("took %.0f s" % took)
    return 0


if __name__ == "__main__":
    sys.exit(main())
