#!/usr/bin/env python3
"""Same-machine comparators for the `raster` scenario (Docs/Benchmarks.md, scenario 9).

    python3 Benchmarks/Comparators/raster.py [--cadence .build/release/cadence] [--runs N]

Measures, in one run, medians of:
  1. tiny-skia's "Path AA" case through Skia itself (PyPI's `skia-python`, CPU raster surface):
     a 1000 x 1000 canvas cleared, then the even-odd path filled in rgba(50, 127, 150, 200), per
     draw, as Cadence's `raster/path-aa/1000x1000` case does;
  2. Cadence's own Path AA case (`cadence bench --filter raster/path-aa`), for the ratio;
  3. a PNG sequence of `card-expand` at 1080p: `cadence preset card-expand --format png --size
     1920x1080` against the Remotion way, headless Chromium screenshots of the same frames' SVG
     (`--format svg-frames`), per frame;
  4. raster -> pipe -> `ffmpeg -f null` at 1080p (frames per second), and a 60-second 1280x720
     30 fps scene to MP4 with libx264 superfast crf 20 (wall seconds).
Nothing here is part of the Swift package: benchmarks may use Python packages as comparators.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("--cadence", default=".build/release/cadence")
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--chromium-frames", type=int, default=20)
args = parser.parse_args()
cadence = args.cadence
work = tempfile.mkdtemp()

def median_seconds(function, runs):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)

results = {}

# 1. Skia.
try:
    import skia
    surface = skia.Surface(1000, 1000)
    canvas = surface.getCanvas()
    # M500,20 C650,320 770,650 800,980 L20,380 L200,980 C230,650 350,320 500,20 Z
    path = skia.Path()
    path.moveTo(500, 20)
    path.cubicTo(650, 320, 770, 650, 800, 980)
    path.lineTo(20, 380)
    path.lineTo(200, 980)
    path.cubicTo(230, 650, 350, 320, 500, 20)
    path.close()
    path.setFillType(skia.PathFillType.kEvenOdd)
    paint = skia.Paint(Color=skia.Color(50, 127, 150, 200), AntiAlias=True)
    draws = 200
    def skia_draws():
        for _ in range(draws):
            canvas.clear(skia.ColorTRANSPARENT)
            canvas.drawPath(path, paint)
        surface.flushAndSubmit()
    skia_draws()
    results["skia path-aa ms per draw"] = median_seconds(skia_draws, args.runs) / draws * 1e3
except ImportError:
    print("raster.py: skia-python is not installed (pip install skia-python); skipping Skia", file=sys.stderr)

# 2. Cadence's Path AA, from the suite.
report = os.path.join(work, "bench.json")
subprocess.run([cadence, "bench", "--filter", "raster/path-aa", "--json", report], check=True, stdout=subprocess.DEVNULL)
case = [c for c in json.load(open(report))["results"] if c["name"].startswith("raster/path-aa")][0]
results["cadence path-aa ms per draw"] = case["medianSeconds"] / case["framesPerRepetition"] * 1e3

# 3. A PNG sequence of card-expand at 1080p, against Chromium screenshots of the same frames.
def cadence_pngs():
    out = os.path.join(work, "png")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([cadence, "preset", "card-expand", "--format", "png", "--size", "1920x1080", "--out", out + "/"], check=True)
frames = 61
results["cadence png 1080p ms per frame (all cores)"] = median_seconds(cadence_pngs, 3) / frames * 1e3
def cadence_pngs_one_core():
    out = os.path.join(work, "png1")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([cadence, "preset", "card-expand", "--format", "png", "--size", "1920x1080", "--jobs", "1", "--out", out + "/"], check=True)
results["cadence png 1080p ms per frame (one core)"] = median_seconds(cadence_pngs_one_core, 3) / frames * 1e3
browser = shutil.which("chromium") or shutil.which("chromium-browser")
if browser:
    svgs = os.path.join(work, "svg")
    subprocess.run([cadence, "preset", "card-expand", "--format", "svg-frames", "--size", "1920x1080", "--out", svgs + "/"], check=True)
    names = sorted(os.listdir(svgs))[: args.chromium_frames]
    def screenshots():
        for name in names:
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1920,1080",
                            "--screenshot=" + os.path.join(work, name + ".png"), "file://" + os.path.join(svgs, name)],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results["chromium screenshot 1080p ms per frame"] = median_seconds(screenshots, 1) / len(names) * 1e3
    results["png sequence speed-up over chromium"] = results["chromium screenshot 1080p ms per frame"] / results["cadence png 1080p ms per frame (all cores)"]

# 4. Video.
if shutil.which("ffmpeg"):
    long_scene = os.path.join(work, "scene.json")
    tracks = [{"name": f"x{i}", "keyframes": [{"time": 0, "value": 40 * i}, {"time": 60, "value": 40 * i + 600, "curve": "ease-in-out"}]} for i in range(8)]
    layers = [{"name": f"card{i}", "shape": "rect", "frame": [40 * i, 60 + 70 * i, 300, 60], "cornerRadius": 14, "fill": "#%02X6699" % (30 * i),
               "opacity": 0.9, "bind": {"x": f"x{i}"}} for i in range(8)]
    layers.append({"name": "blob", "shape": "path", "frame": [900, 300, 200, 200], "path": "M900 300 C1100 250 1150 500 1000 520 C850 540 800 350 900 300 Z",
                   "fill": "#E11D48", "shadow": {"color": "#000000", "opacity": 0.4, "radius": 16, "offset": [0, 8]}})
    json.dump({"cadence": 1, "fps": 30, "duration": 60, "tracks": tracks,
               "scene": {"size": [1280, 720], "background": "#F4F4F5", "layers": layers}}, open(long_scene, "w"))
    start = time.perf_counter()
    subprocess.run([cadence, "render", long_scene, "--format", "mp4", "--out", os.path.join(work, "scene.mp4")], check=True)
    results["60 s 720p scene to mp4, wall seconds"] = time.perf_counter() - start
    def null_pipe():
        raw = subprocess.Popen([cadence, "preset", "card-expand", "--format", "rgba", "--size", "1920x1080", "--frames", "0..239"], stdout=subprocess.PIPE)
        subprocess.run(["ffmpeg", "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "1920x1080", "-i", "-", "-f", "null", "-"], stdin=raw.stdout, check=True)
        raw.wait()
    results["raster -> pipe -> ffmpeg null 1080p fps"] = 240 / median_seconds(null_pipe, 3)

for name, value in results.items():
    print(f"{name:<48} {value:10.3f}")
if "skia path-aa ms per draw" in results:
    print(f"{'cadence / skia path-aa':<48} {results['cadence path-aa ms per draw'] / results['skia path-aa ms per draw']:10.3f}")
shutil.rmtree(work, ignore_errors=True)
