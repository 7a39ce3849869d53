#!/usr/bin/python3
"""Differential test: the same seeded sequence of clFFT API calls on clFFT 2.12 and on clfft-ng.

For each seed, diff_driver runs twice in separate processes: once with clFFT 2.12 first on
LD_LIBRARY_PATH (Debian's /usr/lib/x86_64-linux-gnu), once with our build directory first.
The outputs are compared line by line:
  - call lines "K name args -> STATUS values": the text must be identical;
  - "K result n=.. v v .." lines: numerically, |a-b| <= rtol * max|value| of the line;
  - "K plan ..." lines (the plan as the library's getters describe it before an enqueue) are
    informational: a difference is shown with the next divergence but is not one by itself.
If clFFT crashes (signal, abort) or hangs (timeout) on a sequence, the seed is "clFFT crashed at
call K": ours must not crash there and must return a status; lines are compared up to K.
A divergence that matches a row of allowed_divergences.txt ends the comparison of that seed
(the two runs may then take different paths) and counts as a pass.

usage: run_differential.py [--seeds 1-20,31] [--steps 40] [--timeout 120] [--ours DIR]
                           [--driver PATH] [--allow FILE] [--keep DIR] [-v]
Exit status: 0 when every seed passed, 1 otherwise, 77 when no OpenCL device was found.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REF_LIBDIR = "/usr/lib/x86_64-linux-gnu"
# What clFFT does where we differ: crashes, hangs, leaks, computes garbage, or (capability) refuses
# with an error status a plan that we compute correctly (checked against FFTW in our own suites),
# or (status) both refuse the call and clFFT's status comes from a failure of its own.
REASONS = {"crashed", "hung", "leaked", "garbage", "capability", "status"}


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            a, b = part.split("-", 1)
            seeds.extend(range(int(a), int(b) + 1))
        else:
            seeds.append(int(part))
    return seeds


def load_allow(path):
    """Rows: CALL_REGEX | CLFFT_STATUS | OURS_STATUS | REASON | explanation (fields separated by " | ").
    CALL_REGEX is searched in the call text ("name args", followed for an enqueue or bake by
    " {clfft: <plan line>} {ours: <plan line>}"); the statuses are regexes matched in full
    against the status names (SUCCESS, INVALID_ARG_VALUE, ..., RESULT for a result mismatch,
    CRASH / HANG for what a library did instead of returning). REASON is one of crashed, hung,
    leaked, garbage, capability, status (what clFFT does there)."""
    rows = []
    if not path or not os.path.exists(path):
        return rows
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) < 5 or parts[3] not in REASONS:
                sys.exit("%s:%d: bad row (want CALL | CLFFT | OURS | %s | why)" % (path, n, "/".join(sorted(REASONS))))
            rows.append((re.compile(parts[0]), re.compile(parts[1]), re.compile(parts[2]), parts[3], parts[4], n))
    return rows


def run_driver(driver, seed, steps, libdir, timeout):
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = libdir + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    env.setdefault("CLFFT_QUIET", "1")
    t0 = time.time()
    p = subprocess.Popen([driver, str(seed), str(steps)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        how = "ok" if p.returncode == 0 else ("skip" if p.returncode == 77 else
                                              ("crash" if p.returncode < 0 or p.returncode > 128 else "exit"))
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        how = "hang"
    return {"how": how, "rc": p.returncode, "out": out.decode("utf-8", "replace"),
            "err": err.decode("utf-8", "replace"), "secs": time.time() - t0}


class Line:
    def __init__(self, text, complete):
        self.text = text
        self.complete = complete
        tok = text.split(" ", 2)
        self.num = tok[0]
        self.kind = tok[1] if len(tok) > 1 else ""
        if self.kind == "result":
            self.call, self.status = text, "RESULT"
        elif " -> " in text:
            self.call, rest = text.split(" -> ", 1)
            self.status = rest
        else:
            self.call, self.status = text, None

    def status_name(self):
        if self.status is None:
            return None
        return re.sub(r"\(.*", "", self.status.split(" ")[0])


def split_lines(out):
    """call and result lines, plus the plan lines indexed by call number"""
    raw = out.split("\n")
    complete_last = out.endswith("\n")
    lines, plans = [], {}
    for i, t in enumerate(raw):
        if t == "" and i == len(raw) - 1:
            continue
        complete = i < len(raw) - 1 or complete_last
        if not t or not t[0].isdigit():
            continue
        ln = Line(t, complete)
        if ln.kind == "plan":
            plans[ln.num] = t.split(" ", 1)[1]
            continue
        lines.append(ln)
    return lines, plans


NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf)$", re.I)


def results_agree(a, b, rtol):
    ta, tb = a.split(), b.split()
    if len(ta) != len(tb) or ta[:3] != tb[:3]:
        return False, "different counts"
    va, vb = ta[3:], tb[3:]
    mx = 0.0
    for x in va + vb:
        if NUM.match(x):
            v = abs(float(x))
            if v == v and v != float("inf"):
                mx = max(mx, v)
    tol = rtol * mx + 1e-30
    worst, where = 0.0, -1
    for k, (x, y) in enumerate(zip(va, vb)):
        if x == y:
            continue
        if not (NUM.match(x) and NUM.match(y)):
            return False, "value %d: %s vs %s" % (k, x, y)
        fx, fy = float(x), float(y)
        if fx != fx or fy != fy:
            return False, "value %d: %s vs %s" % (k, x, y)
        d = abs(fx - fy)
        if d > worst:
            worst, where = d, k
    if worst > tol:
        return False, "value %d: %s vs %s (max |diff| %.3g, %.3g of the largest value %.4g)" % (
            where, va[where], vb[where], worst, worst / mx if mx else 0, mx)
    return True, ""


def shorten(s, n=300):
    return s if len(s) <= n else s[:n] + " ..."


def allowed(rows, call_text, ref_status, our_status):
    for rx, rs, os_, reason, why, n in rows:
        if rx.search(call_text) and rs.fullmatch(ref_status or "") and os_.fullmatch(our_status or ""):
            return (reason, why, n)
    return None


def compare(seed, ref, ours, rows, rtol):
    """returns (passed, message, divergence-record-or-None)"""
    if ref["how"] == "skip" or ours["how"] == "skip":
        return None, "SKIP (no OpenCL device)", None
    rl, rplans = split_lines(ref["out"])
    ol, oplans = split_lines(ours["out"])
    ref_broke = ref["how"] in ("crash", "hang")
    crash_at = None
    if ref_broke and rl and not rl[-1].complete:
        crash_at = rl[-1]
    elif ref_broke and rl:
        # died after a complete line (while reading results, or at exit)
        crash_at = None
    n = len(rl) - (1 if crash_at is not None else 0)
    for k in range(min(n, len(ol))):
        a, b = rl[k], ol[k]
        if a.kind == "result" and b.kind == "result":
            ok, why = results_agree(a.text, b.text, rtol)
            if ok:
                continue
            status_a, status_b = "RESULT", "RESULT"
        elif a.text == b.text:
            continue
        else:
            why = ""
            status_a, status_b = a.status_name() or "CRASH", b.status_name() or "CRASH"
        # the call this line belongs to
        call = a.call if a.kind != "result" else (rl[k - 1].call if k else a.call)
        num = a.num
        ctx = ""
        if rplans.get(num) or oplans.get(num) or re.match(r"\d+ clfft(BakePlan|EnqueueTransform) ", call):
            ctx = " {clfft: %s} {ours: %s}" % (rplans.get(num, "-"), oplans.get(num, "-"))
        call_text = call.split(" ", 1)[1] + ctx
        rec = {"seed": seed, "call": call_text, "ref": status_a, "ours": status_b,
               "ref_line": a.text, "our_line": b.text, "why": why}
        hit = allowed(rows, call_text, status_a, status_b)
        if a.call != b.call and a.kind != "result":
            msg = "call %s differs: clFFT '%s' vs ours '%s'" % (num, shorten(a.text), shorten(b.text))
        elif status_a == "RESULT":
            msg = "call %s %s: results differ: %s" % (num, shorten(call_text), why)
        else:
            msg = "call %s %s: clFFT %s vs ours %s" % (num, shorten(call_text), shorten(a.status or "?"),
                                                     shorten(b.status or "(no status)"))
        if hit:
            return True, "allowed (row %d, clFFT %s): %s" % (hit[2], hit[0], msg), rec
        return False, msg, rec
    # all common lines agree
    if crash_at is not None:
        # what did ours return at that call?
        k = n
        if k < len(ol):
            b = ol[k]
            if b.call != crash_at.call:
                return False, "clFFT %s at call %s (%s) but ours made call '%s'" % (
                    "crashed" if ref["how"] == "crash" else "hung", crash_at.num, shorten(crash_at.call),
                    shorten(b.text)), None
            if b.status is None:
                return False, "both crashed at call %s: %s" % (crash_at.num, shorten(crash_at.call)), {
                    "seed": seed, "call": crash_at.call.split(" ", 1)[1], "ref": "CRASH", "ours": "CRASH"}
            word = "crashed" if ref["how"] == "crash" else "hung"
            rec = {"seed": seed, "call": crash_at.call.split(" ", 1)[1],
                   "ref": "CRASH" if word == "crashed" else "HANG", "ours": b.status_name(), "crash": True}
            return True, "clFFT %s at call %s: %s; ours -> %s" % (word, crash_at.num, shorten(crash_at.call),
                                                                 b.status), rec
        return False, "clFFT broke at call %s and ours stopped before it (%s)" % (crash_at.num, ours["how"]), None
    if ref_broke:
        if ours["how"] != "ok":
            return False, "both runs failed after all lines agreed (clFFT %s, ours %s)" % (ref["how"], ours["how"]), None
        last = [l for l in rl if l.kind != "result"]
        last = last[-1].call if last else "(start)"
        return True, "clFFT %s after call %s, in its kernels or at exit (rc %s); ours finished" % (
            "crashed" if ref["how"] == "crash" else "hung", shorten(last), ref["rc"]), {
            "seed": seed, "call": last.split(" ", 1)[-1] + " (after)", "ref": ref["how"].upper(), "ours": "ok",
            "crash": True}
    if ours["how"] != "ok":
        last = ol[len(rl)].text if len(ol) > len(rl) else (ol[-1].text if ol else "")
        return False, "ours %s (rc %s) where clFFT did not: %s" % (ours["how"], ours["rc"], shorten(last)), {
            "seed": seed, "call": last, "ref": "ok", "ours": ours["how"].upper()}
    if len(rl) != len(ol):
        return False, "different number of lines (clFFT %d, ours %d)" % (len(rl), len(ol)), None
    return True, "", None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--rtol", type=float, default=1e-4)
    ap.add_argument("--ours", default=os.path.join(HERE, "..", "..", "..", "build", "src"),
                    help="directory holding our libclFFT.so.2")
    ap.add_argument("--ref", default=REF_LIBDIR, help="directory holding clFFT 2.12's libclFFT.so.2")
    ap.add_argument("--driver", default=None)
    ap.add_argument("--allow", default=os.path.join(HERE, "allowed_divergences.txt"))
    ap.add_argument("--keep", default=None, help="write each run's output to this directory")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    driver = a.driver
    if not driver:
        for c in (os.path.join(HERE, "..", "..", "..", "build", "tests", "diff_driver"),
                  os.path.join(HERE, "..", "..", "..", "build-diff", "diff_driver")):
            if os.path.exists(c):
                driver = c
                break
    if not driver or not os.path.exists(driver):
        sys.exit("diff_driver not found (--driver PATH)")
    ours = os.path.abspath(a.ours)
    if not os.path.exists(os.path.join(ours, "libclFFT.so.2")):
        sys.exit("no libclFFT.so.2 in %s" % ours)
    if not os.path.exists(os.path.join(a.ref, "libclFFT.so.2")):
        print("clFFT 2.12 (libclfft2) not installed in %s: skipped" % a.ref)
        return 77
    rows = load_allow(a.allow)
    seeds = parse_seeds(a.seeds)
    passed = failed = skipped = 0
    t0 = time.time()
    divergences = []
    for seed in seeds:
        ref = run_driver(driver, seed, a.steps, a.ref, a.timeout)
        our = run_driver(driver, seed, a.steps, ours, a.timeout)
        if a.keep:
            os.makedirs(a.keep, exist_ok=True)
            for tag, r in (("clfft", ref), ("ours", our)):
                with open(os.path.join(a.keep, "%d.%s.out" % (seed, tag)), "w") as f:
                    f.write(r["out"])
                with open(os.path.join(a.keep, "%d.%s.err" % (seed, tag)), "w") as f:
                    f.write(r["err"])
        ok, msg, rec = compare(seed, ref, our, rows, a.rtol)
        if rec:
            divergences.append(rec)
        timing = " [%.1fs + %.1fs]" % (ref["secs"], our["secs"]) if a.verbose else ""
        if ok is None:
            skipped += 1
            print("seed %d: %s" % (seed, msg))
        elif ok:
            passed += 1
            print("seed %d: PASS%s%s" % (seed, (" (" + msg + ")") if msg else "", timing))
        else:
            failed += 1
            print("seed %d: FAIL %s%s" % (seed, msg, timing))
        sys.stdout.flush()
    if skipped == len(seeds) and seeds:
        print("no OpenCL device: skipped")
        return 77
    print("%d passed, %d failed%s (%.0f s)" % (passed, failed, (", %d skipped" % skipped) if skipped else "",
                                                 time.time() - t0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
