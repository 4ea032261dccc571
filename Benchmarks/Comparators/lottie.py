#!/usr/bin/env python3
"""Same-machine comparators for drawing Lottie files (Docs/Lottie.md, "Speed"; issue 48).

    python3 Benchmarks/Comparators/lottie.py [--cadence .build/release/cadence] [--frames N]
        [--runs R] [FILE.json ...]

For each file (by default sixteen corpus files from ../shared/lottie), one thread each, the CPU
time of one frame after loading (CPU time, so that a busy machine does not lengthen it),
premultiplied pixels as each player gives them, at the file's own size:
  1. Cadence: `cadence render FILE --format rgba --alpha premultiplied --jobs 1 --out /dev/null` of N frames,
     less the same command for one frame (loading, compiling and writing one frame), per frame;
  2. rlottie (PyPI's `rlottie-python`): `lottie_animation_render` frame after frame;
  3. ThorVG (PyPI's `thorvg-python`, its software canvas, no worker threads): `set_frame`,
     `update`, `draw`, `sync` frame after frame.
Each figure is the median of R runs; the table gives Cadence's speed as the faster comparator's
time over Cadence's (above 1: Cadence is faster), and the median of those ratios. The Python
packages are comparators only, installed when missing; nothing here is part of the Swift package.
"""
import argparse, os, resource, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("--cadence", default=".build/release/cadence")
parser.add_argument("--frames", type=int, default=60)
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("files", nargs="*")
args = parser.parse_args()

try:
    import rlottie_python, thorvg_python  # noqa: F401
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "rlottie-python", "thorvg-python"], check=True)
from rlottie_python import LottieAnimation
import thorvg_python as tvg

corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "lottie", "corpus")
# Twelve files Cadence draws in full, picked at random (seed 48) from the corpus, and four more
# of images, text and a 1080p composition.
DEFAULT = [
    "rlottie__4479-fireworks.json", "lottie-ios__issue_1505.json", "lottie-ios__FirstText.json", "lottie-ios__pr_1698.json",
    "lottie-ios__issue_2545.json", "lottie-ios__issue_1169_shadow_effect_animated.json", "lottie-android__spinner_loading.json",
    "lottie-docs__stroke.json", "lottie-android__dna_loader.json", "lottie-android__RGB.json", "lottie-android__LayerBlend_0.json",
    "lottie-android__chinese.json", "thorvg__starburst.json", "lottie-ios__Text_Glyph.json", "lottie-android__android_fingerprint.json",
    "lottie-web__bm_ronda.json",
]
files = args.files or [os.path.join(corpus, name) for name in DEFAULT if os.path.exists(os.path.join(corpus, name))]
if not files:
    sys.exit("lottie comparators: no files (give some, or put ../shared/lottie beside the repository)")
work = tempfile.mkdtemp()

def size_and_frames(path):
    import json
    data = json.load(open(path))
    return int(round(float(data["w"]))), int(round(float(data["h"]))), max(1, int(float(data["op"]) - float(data["ip"])))

def cadence_per_frame(path, frames):
    def run(count):
        # CPU time (user and system) of the child: a shared, busy machine does not lengthen it.
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([args.cadence, "render", path, "--format", "rgba", "--alpha", "premultiplied", "--jobs", "1",
                        "--frames", f"0..{count - 1}", "--out", os.devnull], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (run(frames) - run(1)) / (frames - 1)

def rlottie_per_frame(path, frames, width, height):
    animation = LottieAnimation.from_file(path)
    start = time.process_time()
    for index in range(frames):
        animation.lottie_animation_render(frame_num=index, width=width, height=height)
    return (time.process_time() - start) / frames

def thorvg_per_frame(path, frames, width, height):
    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    canvas.add(picture)
    start = time.process_time()
    for index in range(frames):
        animation.set_frame(index)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
    return (time.process_time() - start) / frames

rows = []
print(f"| file | size | Cadence ms/frame | rlottie | ThorVG | Cadence's speed / the faster's |")
print("|---|---|---|---|---|---|")
for path in files:
    width, height, total = size_and_frames(path)
    frames = max(2, min(args.frames, total))
    ours = statistics.median(cadence_per_frame(path, frames) for _ in range(args.runs))
    rl = statistics.median(rlottie_per_frame(path, frames, width, height) for _ in range(args.runs))
    tv = statistics.median(thorvg_per_frame(path, frames, width, height) for _ in range(args.runs))
    ratio = min(rl, tv) / ours if ours > 0 else float("inf")
    rows.append(ratio)
    print(f"| `{os.path.basename(path)}` | {width} × {height} | {ours * 1000:.3f} | {rl * 1000:.3f} | {tv * 1000:.3f} | {ratio:.2f}× |", flush=True)
print(f"\nmedian ratio {statistics.median(rows):.2f}× (lowest {min(rows):.2f}×, highest {max(rows):.2f}×) over {len(rows)} files, "
      f"{args.frames} frames, median of {args.runs} runs")
