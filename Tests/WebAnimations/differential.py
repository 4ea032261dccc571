#!/usr/bin/env python3
"""Differential test: Cadence's document timing against Chromium's Web Animations API.

Generates random timeline documents (seeded RNG), renders each with `cadence render DOC --format
jsonl`, evaluates the same animations in headless Chromium (generated pages, read back with
--dump-dom) and compares every frame of every track. Python 3 standard library only.

The mapping, one Cadence number track -> one Web Animation on its own element:

  Cadence track                           Web Animations: el.animate(keyframes, timing)
  keyframe i at time t_i (T = last t_i)   keyframe {offset: t_i / T, '--p': value_i}
  "curve" on keyframe i+1 (it shapes      easing on keyframe i (the one that starts the segment);
    the segment arriving at i+1)            the last keyframe's easing is unused
  speed s (default 1)                     duration = T / s * 1000 ms
  repeat r (default 1), autoreverse a     iterations = r * (a ? 2 : 1), direction = a ? alternate : normal
  delay d (not scaled by speed)           delay = d * 1000 ms
  fill (default both)                     fill, the same keyword; composite replace
  "base" (else the first value)           initialValue of the registered property '--p', which
                                          shows wherever the effect is not in effect
  frame i, at i / fps s                   anim.pause(); anim.currentTime = i * 1000 / fps ms

Cadence applies fill, then autoreverse (the clip plays forwards then backwards, twice as long),
then repeat (of that clip), then speed (dividing every duration), then delay: the Web Animations
timing model with the numbers above. Values are read with el.computedStyleMap().get('--p').value,
a full double (getComputedStyle prints six significant digits).

Chromium caches an effect's last sample by (iteration, progress) and ignores the before flag when
comparing, so the frame at the very start of the active interval, read right after a frame of the
delay (both at progress 0), returns the delay's value. Every sample is therefore preceded by a
reset sample at an unused progress, read back too, so each sample is evaluated afresh.

Every sample is also placed exactly, in fractions of the document's decimal numbers: phase,
iteration, direction, before flag, segment, and whether it is exactly on a boundary or within
Blink's 1 µs time tolerance of one. An exact reference (Web Animations Level 1 and CSS Easing 2
in rational arithmetic; Bézier curves by exact bisection) then says which engine is off and why.
See README.md for the classes, the tolerances and the measurements behind them.
"""

import argparse
import concurrent.futures
import html
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

# |Δ| / range allowed per curve family; "base" is an unfilled sample, which must match exactly.
TOLERANCE = {"linear": 1e-12, "steps": 1e-12, "linear()": 1e-11, "bezier": 1e-6, "base": 0.0}
BEZIER_EPSILON = Fraction(1, 10**7)  # Chromium's solver stops once |x(t) - x| < 1e-7
MICROSECOND = Fraction(1, 10**6)     # Blink's TimeTolerance()
RESET_PROGRESS = 0.371234            # where the reset sample sits, as a fraction of the active interval
BEZIER_KEYWORDS = {"ease": (0.25, 0.1, 0.25, 1), "ease-in": (0.42, 0, 1, 1), "ease-out": (0, 0, 0.58, 1),
                   "ease-in-out": (0.42, 0, 0.58, 1)}
STEP_KEYWORDS = {"step-start": (1, "jump-start"), "step-end": (1, "jump-end")}

# ---------------------------------------------------------------- generation


def num(x, digits=3):
    """A short decimal, so that the text in the document is exactly the number the model uses."""
    x = round(x, digits)
    return int(x) if x == int(x) else x


def exact(x):
    return Fraction(repr(x)) if isinstance(x, float) else Fraction(x)


def is_decimal(x):
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def gen_curve(rng):
    kind = rng.choices(["linear", "keyword", "bezier", "steps", "linear()"], [20, 12, 20, 28, 20])[0]
    if kind == "linear":
        return rng.choice([None, "linear"])  # None: the key is left out
    if kind == "keyword":
        return rng.choice(list(BEZIER_KEYWORDS))
    if kind == "bezier":  # x in [0, 1], sometimes exactly 0 or 1 (vertical tangents); y in -0.5 ... 1.5
        xs = [rng.choice([0, 1]) if rng.random() < 0.15 else num(rng.random(), 2) for _ in range(2)]
        ys = [num(rng.uniform(-0.5, 1.5), 2) for _ in range(2)]
        return "cubic-bezier(%s, %s, %s, %s)" % (xs[0], ys[0], xs[1], ys[1])
    if kind == "steps":
        if rng.random() < 0.15:
            return rng.choice(list(STEP_KEYWORDS))
        position = rng.choice([None, "jump-start", "jump-end", "jump-none", "jump-both", "start", "end"])
        n = rng.randint(2 if position == "jump-none" else 1, 6)
        return "steps(%d)" % n if position is None else "steps(%d, %s)" % (n, position)
    count = rng.randint(2, 5)
    inputs, stops = sorted(rng.randint(0, 100) for _ in range(count)), []
    for i in range(count):
        stop, roll = str(num(rng.uniform(-0.5, 1.5), 2)), rng.random()
        if roll < 0.35:
            stop += " %d%%" % inputs[i]
        elif roll < 0.45:
            stop += " %d%% %d%%" % (inputs[i], min(100, inputs[i] + rng.randint(0, 30)))
        elif roll < 0.5:
            stop += " %d%%" % rng.randint(0, 100)  # maybe below an earlier input, which raises it
        stops.append(stop)
    return "linear(%s)" % ", ".join(stops)


def active_duration(track):
    iterations = exact(track.get("repeat", 1)) * (2 if track.get("autoreverse") else 1)
    return iterations * exact(track["keyframes"][-1]["time"]) / exact(track.get("speed", 1))


def gen_track(rng, index, fps, use_base, near_boundary):
    # Mostly on a grid of whole frames that are also short decimals, so that frames land exactly
    # on keyframes, iteration ends and the ends of delays; otherwise anywhere.
    unit = next(Fraction(m, fps) for m in range(1, 100) if is_decimal(Fraction(m, fps)))
    step, aligned = unit * rng.randint(1, 3), rng.random() < 0.75
    value = (lambda: rng.randint(-50, 50)) if rng.random() < 0.5 else (lambda: num(rng.uniform(-100, 100)))
    keyframes, t = [{"time": 0, "value": value()}], Fraction(0)
    for _ in range(rng.randint(1, 4)):
        t += step * rng.randint(1, 4) if aligned else exact(num(rng.uniform(0.05, 0.6)))
        keyframe = {"time": num(float(t), 6), "value": value()}
        curve = gen_curve(rng)
        if curve is not None:
            keyframe["curve"] = curve
        keyframes.append(keyframe)
    track = {"name": "t%d" % index, "keyframes": keyframes}
    if use_base and rng.random() < 0.5:
        track["base"] = value()
    if rng.random() < 0.5:
        track["delay"] = num(float(step * rng.randint(1, 4))) if aligned else num(rng.uniform(0, 0.8))
    if rng.random() < 0.35:
        track["speed"] = rng.choice([2, 0.5, 0.25, 4, 1.25, 0.8, 1.5, 3])
    if rng.random() < 0.5:
        track["repeat"] = rng.choice([1, 2, 3, 0.5, 1.5, 2.5, 0.25, 0.75, 1.3, 4])
    if rng.random() < 0.4:
        track["autoreverse"] = True
    if rng.random() < 0.65:
        track["fill"] = rng.choice(["none", "forwards", "backwards", "both"])
    if near_boundary:  # move the active interval so that a frame falls within 1 µs of its start or end
        d = exact(track.get("delay", 0)) + Fraction(rng.choice([-7, -5, 3, 5, 8]), 10**7)
        if rng.random() < 0.5:
            d += Fraction(math.ceil(active_duration(track) * fps), fps) - active_duration(track)
        track["delay"] = float(d) if d > 0 else 0
    return track


def gen_document(rng, use_base):
    while True:
        fps, near = rng.choice([10, 12, 20, 24, 25, 30, 40, 50, 60]), rng.random() < 0.06
        tracks = [gen_track(rng, k, fps, use_base, near and k == 0) for k in range(rng.randint(1, 4))]
        end = max(exact(track.get("delay", 0)) + active_duration(track) for track in tracks)
        frames = math.ceil((end + Fraction(rng.randint(2, 12), fps)) * fps)  # into the after phase
        if frames <= 360:
            return {"cadence": 1, "fps": fps, "duration": num(frames / fps, 6), "tracks": tracks}

# ---------------------------------------------------------------- the exact reference


def family(curve):
    if curve is None:
        return "base"
    if curve.startswith("step"):
        return "steps"
    return "linear()" if curve.startswith("linear(") else "linear" if curve == "linear" else "bezier"


def arguments(curve):
    return [a.strip() for a in curve[curve.index("(") + 1:-1].split(",")]


def linear_points(curve):
    """CSS Easing 2 linear(): stops to points, inputs made non-decreasing, missing inputs filled in."""
    points = []
    for stop in arguments(curve):
        words = stop.split()
        output = Fraction(next(w for w in words if not w.endswith("%")))
        points += [[output, Fraction(w[:-1]) / 100] for w in words if w.endswith("%")] or [[output, None]]
    if points[0][1] is None:
        points[0][1] = Fraction(0)
    if points[-1][1] is None:
        points[-1][1] = max([Fraction(1)] + [x for _, x in points if x is not None])
    largest = points[0][1]
    for point in points:
        if point[1] is not None:
            largest = point[1] = max(largest, point[1])
    known = [i for i, (_, x) in enumerate(points) if x is not None]
    for a, b in zip(known, known[1:]):  # runs without inputs: spread evenly between their neighbours
        for k in range(a + 1, b):
            points[k][1] = points[a][1] + (points[b][1] - points[a][1]) * (k - a) / (b - a)
    return points


def ease(curve, x, before_flag=False):
    """A curve at input progress x, exactly (Bézier curves: the parameter to 2^-64)."""
    if curve == "linear":
        return x
    if curve in STEP_KEYWORDS or curve.startswith("steps("):
        n, position = STEP_KEYWORDS.get(curve) or (int(arguments(curve)[0]), (arguments(curve) + ["end"])[1])
        position = {"start": "jump-start", "end": "jump-end"}.get(position, position)
        step = math.floor(x * n) + (1 if position in ("jump-start", "jump-both") else 0)
        if before_flag and (x * n).denominator == 1:
            step -= 1
        jumps = n + {"jump-none": -1, "jump-both": 1}.get(position, 0)
        step = max(step, 0) if x >= 0 else step
        return Fraction(min(step, jumps) if x <= 1 else step, jumps)
    if curve.startswith("linear("):
        points = linear_points(curve)
        a = min(max([i for i, (_, xi) in enumerate(points) if xi <= x] or [0]), len(points) - 2)
        (ya, xa), (yb, xb) = points[a], points[a + 1]
        return yb if xa == xb else ya + (yb - ya) * (x - xa) / (xb - xa)
    x1, y1, x2, y2 = [exact(v) for v in BEZIER_KEYWORDS.get(curve) or [float(a) for a in arguments(curve)]]
    cubic = lambda p1, p2, t: 3 * p1 * (1 - t) ** 2 * t + 3 * p2 * (1 - t) * t ** 2 + t ** 3
    lo, hi = Fraction(0), Fraction(1)
    for _ in range(64):  # x(t) increases monotonically for x1, x2 in [0, 1]
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cubic(x1, x2, mid) < x else (lo, mid)
    return cubic(y1, y2, (lo + hi) / 2)


class Model:
    """One track as Web Animations Level 1 evaluates it, in exact fractions of seconds."""

    def __init__(self, track):
        self.delay = exact(track.get("delay", 0))
        self.base = exact(track.get("base", track["keyframes"][0]["value"]))
        self.alternate = bool(track.get("autoreverse"))
        self.iterations = exact(track.get("repeat", 1)) * (2 if self.alternate else 1)
        times = [exact(k["time"]) for k in track["keyframes"]]
        self.offsets = [t / times[-1] for t in times]
        self.values = [exact(k["value"]) for k in track["keyframes"]]
        self.scale = float(max(1, max(self.values + [self.base]) - min(self.values + [self.base])))
        self.duration = times[-1] / exact(track.get("speed", 1))
        self.active = self.iterations * self.duration
        self.fill = track.get("fill", "both")
        self.curves = [k.get("curve", "linear") for k in track["keyframes"][1:]]  # curves[i]: segment i

    def place(self, t):
        """Phase, iteration, direction, progress, segment and before flag at t seconds (section 4.8)."""
        local = t - self.delay
        phase = "before" if local < 0 else "after" if local >= self.active else "active"
        p = {"phase": phase, "at": None, "near": None}
        for name, edge in (("start", 0), ("end", self.active)):
            if local == edge:
                p["at"] = name
            elif abs(local - edge) <= MICROSECOND:
                p["near"], p["edge_distance"] = name, local - edge
        p["filled"] = not ((phase == "before" and self.fill in ("none", "forwards")) or
                           (phase == "after" and self.fill in ("none", "backwards")))
        if not p["filled"]:
            p["family"] = "base"
            return p
        active_time = {"before": Fraction(0), "after": self.active}.get(phase, local)
        overall = active_time / self.duration
        simple = overall - math.floor(overall)
        if simple == 0 and phase != "before" and active_time == self.active:
            simple = Fraction(1)
        iteration = math.floor(overall) - (1 if simple == 1 else 0)
        forwards = not self.alternate or iteration % 2 == 0
        x = simple if forwards else 1 - simple
        segment = self.segment(x)
        if p["at"] is None and phase == "active":
            p["at"] = "iteration" if overall.denominator == 1 else "keyframe" if x in self.offsets else None
        p.update(iteration=iteration, forwards=forwards, progress=x, segment=segment, curve=self.curves[segment],
                 before_flag=(phase == "before") if forwards else (phase == "after"))
        # The tolerance on a boundary is the loosest of the segments meeting there: rounding may
        # put either engine on either side.
        touching = {segment, max(0, self.offsets.index(x) - 1) if x in self.offsets else segment}
        if p["at"] in ("iteration", "end") or phase == "after":
            touching |= {0, len(self.curves) - 1}
        p["family"] = max((family(self.curves[i]) for i in touching), key=TOLERANCE.get)
        return p

    def segment(self, x):
        return max([i for i in range(len(self.offsets) - 1) if self.offsets[i] <= x] or [0])

    def value(self, x, before_flag=False, segment=None):
        """The effect value at iteration progress x: the start keyframe's easing, then interpolation."""
        i = self.segment(x) if segment is None else segment
        distance = (x - self.offsets[i]) / (self.offsets[i + 1] - self.offsets[i])
        return self.values[i] + (self.values[i + 1] - self.values[i]) * ease(self.curves[i], distance, before_flag)

    def reference(self, t):
        p = self.place(t)
        return self.value(p["progress"], p["before_flag"]) if p["filled"] else self.base

    def neighbours(self, t):
        """What a hair's breadth of rounding could show instead: one-sided limits in time and in
        progress, the segment ending at a keyframe at its very end, both ends of an iteration."""
        delta, p = Fraction(1, 10**10), self.place(t)
        values = [self.reference(t - delta), self.reference(t + delta)]
        if p["filled"]:
            values += [self.value(max(0, p["progress"] - delta)), self.value(min(1, p["progress"] + delta))]
            if p["progress"] in self.offsets[1:-1]:
                values.append(self.value(p["progress"], segment=self.offsets.index(p["progress"]) - 1))
        if p["at"] in ("iteration", "end"):
            values += [self.value(Fraction(0)), self.value(Fraction(1))]
        return values

    def extra_iteration(self, p):
        """The value at the start of one iteration more than there are, where Chromium's after phase
        lands when the active duration divided by the duration rounds a few ulps above the count."""
        forwards = not self.alternate or (p["iteration"] + 1) % 2 == 0
        return self.value(Fraction(0) if forwards else Fraction(1))

    def solver_band(self, p):
        """|Δ|/range Chromium's Bézier solver may be off by: its result lies between the curve's values
        at x - 1e-7 and x + 1e-7, which is far more than 1e-7 where the curve is steep."""
        i = p["segment"]
        if family(self.curves[i]) != "bezier":
            return 0.0
        d = (p["progress"] - self.offsets[i]) / (self.offsets[i + 1] - self.offsets[i])
        here = ease(self.curves[i], d)
        spread = max(abs(ease(self.curves[i], min(max(d + e, 0), 1)) - here) for e in (-BEZIER_EPSILON, BEZIER_EPSILON))
        return float(spread * abs(self.values[i + 1] - self.values[i])) / self.scale

# ---------------------------------------------------------------- the two engines


def run_cadence(cadence, doc, path):
    with open(path, "w") as f:
        json.dump(doc, f)
    run = subprocess.run([cadence, "render", path, "--format", "jsonl"], capture_output=True, text=True)
    if run.returncode != 0:
        return None, (run.stderr or run.stdout).strip()
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()], None


PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>webanimations-check</title></head><body>
<div id="stage"></div><pre id="results">not run</pre>
<script type="application/json" id="cases">%s</script>
<script>
// Runs synchronously while the page is parsed, so it is done before the load event and --dump-dom.
const cases = JSON.parse(document.getElementById("cases").textContent);
const stage = document.getElementById("stage");
const results = cases.map((c, ci) => {
  try {
    const tracks = c.tracks.map((tr, k) => {
      const name = "--c" + ci + "t" + k;
      CSS.registerProperty({name, syntax: "<number>", inherits: false, initialValue: String(tr.base)});
      const el = stage.appendChild(document.createElement("div"));
      const frames = tr.keyframes.map(kf => ({[name]: kf.value, offset: kf.offset, easing: kf.easing}));
      const anim = el.animate(frames, Object.assign({composite: "replace"}, tr.timing));
      anim.pause();
      return {name, el, anim, reset: tr.reset, values: []};
    });
    const read = tr => tr.el.computedStyleMap().get(tr.name).value;
    for (const ms of c.times) {
      for (const tr of tracks) tr.anim.currentTime = tr.reset;
      for (const tr of tracks) read(tr);  // replaces Chromium's cached (iteration, progress) sample
      for (const tr of tracks) tr.anim.currentTime = ms;
      for (const tr of tracks) tr.values.push(read(tr));
    }
    for (const tr of tracks) { tr.anim.cancel(); tr.el.remove(); }
    return {values: tracks.map(tr => tr.values)};
  } catch (error) {
    return {error: String(error)};
  }
});
document.getElementById("results").textContent = "RESULTS" + JSON.stringify(results) + "END";
</script></body></html>
"""


def page_case(doc, times_ms):
    """One document for the page: the mapping of the module docstring. After the frames' times
    come two probes per track, the start and end of its active interval as Chromium computes them."""
    tracks, probes = [], []
    for track in doc["tracks"]:
        keyframes, T = track["keyframes"], track["keyframes"][-1]["time"]
        iterations = track.get("repeat", 1) * (2 if track.get("autoreverse") else 1)
        timing = {"duration": T / track.get("speed", 1) * 1000, "iterations": iterations,
                  "direction": "alternate" if track.get("autoreverse") else "normal",
                  "delay": track.get("delay", 0) * 1000, "fill": track.get("fill", "both")}
        tracks.append({"base": track.get("base", keyframes[0]["value"]), "timing": timing,
                       "reset": timing["delay"] + RESET_PROGRESS * timing["duration"] * iterations,
                       "keyframes": [{"offset": k["time"] / T, "value": k["value"],
                                      "easing": (keyframes[i + 1:] or [{}])[0].get("curve", "linear")}
                                     for i, k in enumerate(keyframes)]})
        probes += [timing["delay"], timing["delay"] + timing["duration"] * iterations]
    return {"tracks": tracks, "times": times_ms + probes}


def run_chromium(browser, cases, workdir, jobs, per_page=80):
    """Evaluates the cases on pages of per_page documents, jobs browsers at a time. Chromium's
    style work grows with the number of registered properties, so small pages keep runs linear."""
    def run(index):
        chunk = cases[index * per_page:(index + 1) * per_page]
        page = os.path.join(workdir, "page%03d.html" % index)
        with open(page, "w") as f:
            f.write(PAGE % json.dumps(chunk).replace("</", "<\\/"))
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                   "--no-first-run", "--hide-scrollbars", "--user-data-dir=%s/profile%03d" % (workdir, index),
                   "--dump-dom", "file://" + page]
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
        match = re.search(r"RESULTS(.*?)END", run.stdout, re.S)
        if not match:
            sys.exit("webanimations-check: FAIL: no results from chromium for %s (status %d)\n%s"
                     % (page, run.returncode, run.stderr[-3000:]))
        results = json.loads(html.unescape(match.group(1)))
        assert len(results) == len(chunk), "chromium returned %d results for %d cases" % (len(results), len(chunk))
        return results
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return [r for page in pool.map(run, range((len(cases) + per_page - 1) // per_page)) for r in page]

# ---------------------------------------------------------------- comparison


def classify(p, model, cadence, chromium, reference, neighbours, probe, tolerance):
    """Names a disagreement: each engine's value against the exact reference, and if it is off, the
    likeliest reason from the one-sided limits (neighbours) and the sample's placement."""
    close = lambda a, b, tol=tolerance: abs(a - float(b)) <= tol * model.scale
    near_limit = lambda v: any(close(v, n, 1e-6) for n in neighbours)
    where = p["at"] or ("fill" if p["phase"] != "active" else "step")
    cadence_off = chromium_off = None
    if not close(cadence, reference):
        if not p["filled"]:
            cadence_off = "unfilled-not-base"
        elif p["before_flag"] and family(p["curve"]) == "steps":
            cadence_off = "steps-before-flag-" + ("in-delay" if p["phase"] == "before" else "after-backwards-end")
        elif p["progress"] == 1 and close(cadence, model.values[-1], 1e-12):
            cadence_off = "last-keyframe-value-not-curve-end"
        else:
            cadence_off = "rounding-at-" + where if near_limit(cadence) else "%s-value" % family(p["curve"])
    if not close(chromium, reference):
        if p["near"] is not None and chromium == probe:
            chromium_off = "time-tolerance"  # exactly what Chromium shows on the boundary itself
        elif p["phase"] == "after" and p["filled"] and close(chromium, model.extra_iteration(p), 1e-6):
            chromium_off = "extra-iteration-after-end"
        else:
            chromium_off = "rounding-at-" + where if near_limit(chromium) else "differs-from-reference"
    if cadence_off and chromium_off:
        return "cadence-%s+chromium-%s" % (cadence_off, chromium_off)
    return "cadence-" + cadence_off if cadence_off else "chromium-" + (chromium_off or "within-tolerance")


# Cadence's documented choices and limits (Docs/TimingModel.md, "Where Cadence differs"): a
# keyframe's value at and after the last keyframe (not the last curve's end), and the floating-point
# side of an exact discontinuity inside a segment (a step or a keyframe), where the value is an
# exact one-sided limit. Boundaries of iterations, of the active interval and of fills are exact
# in Cadence and are never explained away.
CADENCE_EXPLAINED = {"last-keyframe-value-not-curve-end", "rounding-at-step", "rounding-at-keyframe"}


def explained(why):
    """Deviations from the exact model that the docs explain: Chromium's own (its time tolerance,
    its rounding, its extra iteration), and Cadence's documented choices and limits. Reported, not
    failures; a sample with both engines off is explained only if both parts are."""
    def part(name):
        if name.startswith("chromium-"):
            return name != "chromium-differs-from-reference"
        return name.startswith("cadence-") and name[len("cadence-"):] in CADENCE_EXPLAINED
    first, _, second = why.partition("+")
    return part(first) and (not second or part("chromium-" + second.split("chromium-", 1)[-1]))


def compare(doc, frames, chromium, measure=False):
    """One comparison per frame and track."""
    for k, track in enumerate(doc["tracks"]):
        model = Model(track)
        for i, frame in enumerate(frames):
            t = Fraction(frame["frame"], 1) / exact(doc["fps"])
            p = model.place(t)
            ours, theirs = frame["values"][track["name"]], chromium[k][i]
            rel, tolerance = abs(ours - theirs) / model.scale, TOLERANCE[p["family"]]
            if p["family"] == "bezier" and rel > tolerance:
                tolerance = max(tolerance, 1.01 * model.solver_band(p) + 1e-9)
            s = {"track": track["name"], "frame": frame["frame"], "time": frame["time"], "cadence": ours,
                 "chromium": theirs, "rel": rel, "place": p, "ok": rel <= tolerance,
                 "steep": TOLERANCE[p["family"]] < rel <= tolerance}
            if measure and p["filled"]:  # each engine against the reference, where the curve is continuous
                reference = model.reference(t)
                if all(abs(n - reference) <= Fraction(model.scale) / 10**9 for n in model.neighbours(t)):
                    s["errors"] = [abs(v - float(reference)) / model.scale for v in (ours, theirs)]
            if not s["ok"]:
                probe = chromium[k][len(frames) + 2 * k + (p["near"] == "end")] if p["near"] else None
                s["reference"] = float(model.reference(t))
                s["why"] = classify(p, model, ours, theirs, s["reference"], model.neighbours(t), probe,
                                    max(tolerance, 1e-12))
            yield s


def describe(s):
    p = s["place"]
    text = "%s phase" % p["phase"]
    if p["filled"]:
        text += ", iteration %d %s, progress %s in segment %d (%s)%s" % (
            p["iteration"], "forwards" if p["forwards"] else "backwards", p["progress"], p["segment"],
            p["curve"], ", before flag" if p["before_flag"] else "")
    else:
        text += ", not filled"
    text += ", exactly at the %s boundary" % p["at"] if p["at"] else ""
    if p["near"]:
        text += ", %+.2g µs from the %s of the active interval" % (float(p["edge_distance"]) * 1e6, p["near"])
    return text + "; exact value %r" % s["reference"]


def report(docs, index, results, args):
    """Prints every failing document and sample and the classes; returns the failure count and a summary."""
    samples, worst, classes, examples, measured, failures, steep = 0, {}, {}, {}, {}, 0, 0
    for (i, doc, frames), result in zip(index, results):
        text = json.dumps(doc, separators=(",", ":"))
        if "error" in result:
            failures += 1
            print("FAIL: chromium could not evaluate document %d: %s\n  %s" % (i, result["error"], text))
            continue
        bad = []
        for s in compare(doc, frames, result["values"], args.measure):
            samples += 1
            family = s["place"]["family"]
            if s["ok"]:
                worst[family], steep = max(worst.get(family, 0.0), s["rel"]), steep + s["steep"]
                for engine, error in enumerate(s.get("errors", [])):
                    measured[family, engine] = max(measured.get((family, engine), 0.0), error)
                continue
            bad.append(s)
            classes[s["why"]] = classes.get(s["why"], 0) + 1
            if s["why"] not in examples or len(text) < len(examples[s["why"]][0]):
                examples[s["why"]] = (text, s)
        if bad:
            real = any(not explained(s["why"]) for s in bad)
            failures += real
            print("%s: document %d, %d samples disagree:\n  %s" % ("FAIL" if real else "EXPLAINED", i, len(bad), text))
            for s in bad[:args.show]:
                print("  %s at frame %d, t=%r s: cadence %r, chromium %r (|Δ|/range %.3g) [%s: %s]" % (
                    s["track"], s["frame"], s["time"], s["cadence"], s["chromium"], s["rel"], s["why"], describe(s)))
            if len(bad) > args.show:
                print("  ... and %d more" % (len(bad) - args.show))
    if classes:
        print("\nwebanimations-check: disagreements by class, each with its shortest document:")
        for why in sorted(classes):
            text, s = examples[why]
            print("  %s: %d samples%s; e.g. %s at t=%r s: cadence %r, chromium %r\n    %s" % (
                why, classes[why], " (explained, not a failure)" if explained(why) else "",
                s["track"], s["time"], s["cadence"], s["chromium"], text))
    for family in sorted({f for f, _ in measured}):
        print("webanimations-check: %s, against the exact reference: Cadence max |error|/range %.2g, Chromium %.2g"
              % (family, measured.get((family, 0), 0), measured.get((family, 1), 0)))
    if steep:
        print("webanimations-check: %d Bézier samples beyond 1e-6 of the range, within the solver's band" % steep)
    excused = sum(n for why, n in classes.items() if explained(why))
    g = lambda family: "%.2g" % worst[family] if worst.get(family) else "0"
    summary = "%d documents, %s samples, %s disagreements%s (max |Δ|/range %s on Bézier curves, %s on linear, " \
              "%s on steps, %s on linear(); seed %d, base %s" % (
                  len(docs), format(samples, ","), format(sum(classes.values()) - excused, ","),
                  ", %s explained" % format(excused, ",") if excused else "",
                  g("bezier"), g("linear"), g("steps"), g("linear()"), args.seed, "on" if args.base else "off")
    return failures, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cadence", default=".build/debug/cadence")
    parser.add_argument("--browser", default="chromium")
    parser.add_argument("--cases", type=int, default=400, help="documents to generate (default 400)")
    parser.add_argument("--seed", default="1", help="an integer (default 1) or 'random'")
    parser.add_argument("--base", dest="base", action="store_true", help="give half the tracks a \"base\" (default)")
    parser.add_argument("--no-base", dest="base", action="store_false", help="never write \"base\" (for builds without it)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="processes at a time")
    parser.add_argument("--show", type=int, default=8, help="disagreeing samples printed per document")
    parser.add_argument("--keep", metavar="DIR", help="keep the documents, pages and results in DIR")
    parser.add_argument("--measure", action="store_true",
                        help="also measure each engine against the exact reference (slow: minutes)")
    parser.set_defaults(base=True)
    args = parser.parse_args()
    args.seed = random.randrange(10**9) if args.seed == "random" else int(args.seed)
    started, rng = time.monotonic(), random.Random(args.seed)
    docs = [gen_document(rng, args.base) for _ in range(args.cases)]
    with tempfile.TemporaryDirectory(prefix="webanimations-") as scratch:
        workdir = args.keep or scratch
        os.makedirs(workdir, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            rendered = list(pool.map(lambda i: run_cadence(args.cadence, docs[i], "%s/doc%04d.json" % (workdir, i)),
                                     range(len(docs))))
        cases, index, rejected = [], [], 0
        for i, (doc, (frames, error)) in enumerate(zip(docs, rendered)):
            if error is not None:
                rejected += 1
                print("FAIL: cadence rejected document %d: %s\n  %s" % (i, error, json.dumps(doc)))
                continue
            cases.append(page_case(doc, [f["frame"] * 1000 / doc["fps"] for f in frames]))
            index.append((i, doc, frames))
        results = run_chromium(args.browser, cases, workdir, args.jobs)
        if args.keep:
            with open(os.path.join(workdir, "results.json"), "w") as f:
                json.dump(results, f)
    failures, summary = report(docs, index, results, args)
    failures += rejected
    print("webanimations-check: %s: %s, %.0f s)" % ("FAILED (%d documents)" % failures if failures else "OK",
                                                   summary, time.monotonic() - started))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
