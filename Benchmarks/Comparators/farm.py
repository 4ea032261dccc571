#!/usr/bin/env python3
"""The whole work of a sharded render against a render in one process (issue 24, Docs/RenderFarm.md),
and the wall time of a video render on a farm (issue 47).

    python3 Benchmarks/Comparators/farm.py [path/to/cadence] [--shards 16] [--seconds 60] [--formats png,mp4]
    python3 Benchmarks/Comparators/farm.py [path/to/cadence] --wall [--shards 8] [--seconds 60] [--formats mp4,webm]

With --wall (six shadowed cards moving), for each video format: the render in one process (every core, then one core: `taskset
-c 0 --jobs 1`), each shard alone on the machine (as on a machine of its own) and the join, in wall
time; the farm's time is the slowest shard plus the join. The size is compared with one
continuous encode (one segment as long as the render, the same encoder settings).

A 60-second 1920 x 1080 30 fps scene (eight moving rounded rectangles, a path with a blurred
shadow) is rendered once in one process, then as N shards one after the other plus the join. The
work is CPU time (user + system) of cadence and the programs it waits for (ffmpeg), from
getrusage(RUSAGE_CHILDREN); every process draws on one core (--jobs 1), so the figures are
work, not wall time. The joined output is compared byte for byte with the single render. The
first and last shards' CPU times show that a shard costs O(its frames) wherever it starts.
"""
import filecmp, glob, json, os, resource, shutil, subprocess, sys, tempfile, time


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command):
    before, start = children_cpu(), time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return children_cpu() - before, time.perf_counter() - start


def same(a, b):
    if os.path.isdir(a):
        names = sorted(os.listdir(a))
        return names == sorted(os.listdir(b)) and all(filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False) for n in names)
    return filecmp.cmp(a, b, shallow=False)


def wall(cadence, work, scene, formats, shards, frames):
    """Wall times of a video render in one process and on a farm of `shards` machines like this one."""
    print(f"{frames} frames at 1920 x 1080, {shards} shards, each alone on this machine ({os.cpu_count()} cores); wall time")
    for format in formats:
        base = ["render", scene, "--format", format, "--size", "1920x1080"]
        single = os.path.join(work, f"single.{format}")
        _, single_wall = timed([cadence, *base, "--out", single])
        _, one_core_wall = timed(["taskset", "-c", "0", cadence, *base, "--jobs", "1", "--out", single + ".one-core"])
        continuous = os.path.join(work, f"continuous.{format}")
        timed([cadence, *base, "--segment-seconds", "86400", "--out", continuous])
        out = os.path.join(work, f"out.{format}")
        shard_walls, shard_bytes = [], []
        for index in range(shards):
            _, seconds = timed([cadence, *base, "--out", out, "--shard", f"{index}/{shards}"])
            shard_walls.append(seconds)
            folder = out + f".shard-{index}-of-{shards}" if shards <= 10 else glob.glob(out + f".shard-*{index}-of-{shards}")[0]
            shard_bytes.append(sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder)))
        joined = os.path.join(work, f"joined.{format}")
        _, join_wall = timed([cadence, "join", *sorted(glob.glob(out + f".shard-*-of-{shards}")), "--out", joined])
        farm = max(shard_walls) + join_wall
        size, continuous_size = os.path.getsize(single), os.path.getsize(continuous)
        print(f"{format:<4} one process {single_wall:6.2f} s (one core {one_core_wall:6.2f} s: {one_core_wall / single_wall:.2f}x from "
              f"{os.cpu_count()} cores); shards {min(shard_walls):.2f}-{max(shard_walls):.2f} s, "
              f"{min(shard_bytes) / 1e6:.2f}-{max(shard_bytes) / 1e6:.2f} MB; join {join_wall:.3f} s = "
              f"{100 * join_wall / single_wall:.1f} % of one process; farm {farm:.2f} s = {single_wall / farm:.2f}x faster; "
              f"joined {'identical' if same(single, joined) else 'DIFFERENT'}; {size / 1e6:.3f} MB against "
              f"{continuous_size / 1e6:.3f} MB continuous: {100 * (size / continuous_size - 1):+.1f} %", flush=True)
        for path in [single, single + ".one-core", continuous, joined]:
            os.remove(path)
        for path in glob.glob(out + ".shard-*"):
            shutil.rmtree(path)


def main():
    arguments = sys.argv[1:]
    wall_mode = "--wall" in arguments
    if wall_mode:
        arguments.remove("--wall")
    def option(name, default):
        if name in arguments:
            value = arguments[arguments.index(name) + 1]
            del arguments[arguments.index(name):arguments.index(name) + 2]
            return value
        return default
    shards = int(option("--shards", "8" if wall_mode else "16"))
    seconds = float(option("--seconds", "60"))
    formats = option("--formats", "mp4,webm" if wall_mode else "png,mp4").split(",")
    cadence = os.path.abspath(arguments[0] if arguments else ".build/release/cadence")
    work = tempfile.mkdtemp(prefix="cadence-farm-")
    try:
        scene = os.path.join(work, "scene.json")
        tracks = [{"name": f"x{i}", "keyframes": [{"time": 0, "value": 40 * i}, {"time": seconds, "value": 40 * i + 600, "curve": "ease-in-out"}]}
                  for i in range(8)]
        layers = [{"name": f"card{i}", "shape": "rect", "frame": [40 * i, 60 + 70 * i, 300, 60], "cornerRadius": 14,
                   "fill": "#%02X6699" % (30 * i), "opacity": 0.9, "bind": {"x": f"x{i}"}} for i in range(8)]
        layers.append({"name": "blob", "shape": "path", "frame": [900, 300, 200, 200],
                       "path": "M900 300 C1100 250 1150 500 1000 520 C850 540 800 350 900 300 Z", "fill": "#E11D48",
                       "shadow": {"color": "#000000", "opacity": 0.4, "radius": 16, "offset": [0, 8]}})
        json.dump({"cadence": 1, "fps": 30, "duration": seconds, "tracks": tracks,
                   "scene": {"size": [1280, 720], "background": "#F4F4F5", "layers": layers}}, open(scene, "w"))
        if wall_mode:
            # The document: six shadowed cards moving, across and down.
            tracks = [{"name": f"{axis}{i}", "keyframes": [{"time": 0, "value": start}, {"time": seconds, "value": end, "curve": "ease-in-out"}]}
                      for i in range(6) for axis, start, end in [("x", 60 + 30 * i, 900 - 40 * i), ("y", 40 + 100 * i, 560 - 90 * i)]]
            layers = [{"name": f"card{i}", "shape": "rect", "frame": [0, 0, 280, 120], "cornerRadius": 18,
                       "fill": ["#2563EB", "#F97316", "#16A34A", "#DB2777", "#7C3AED", "#0891B2"][i],
                       "shadow": {"color": "#000000", "opacity": 0.35, "radius": 14, "offset": [0, 6]},
                       "bind": {"x": f"x{i}", "y": f"y{i}"}} for i in range(6)]
            json.dump({"cadence": 1, "fps": 30, "duration": seconds, "tracks": tracks,
                       "scene": {"size": [1280, 720], "background": "#F4F4F5", "layers": layers}}, open(scene, "w"))
        frames = int(seconds * 30) + 1
        if wall_mode:
            wall(cadence, work, scene, formats, shards, frames)
            return
        print(f"{frames} frames at 1920 x 1080, {shards} shards, one core per process")
        for format in formats:
            folder = format == "png"
            suffix = "/" if folder else "." + format
            base = ["render", scene, "--format", format, "--size", "1920x1080", "--jobs", "1"]
            single_out, out, joined = (os.path.join(work, f"{n}-{format}") + suffix for n in ("single", "out", "joined"))
            single_cpu, single_wall = timed([cadence, *base, "--out", single_out])
            shard_cpu = []
            for index in range(shards):
                cpu, _ = timed([cadence, *base, "--out", out, "--shard", f"{index}/{shards}"])
                shard_cpu.append(cpu)
            stem = out.rstrip("/")
            join_cpu, join_wall = timed([cadence, "join", *sorted(glob.glob(stem + f".shard-*-of-{shards}")), "--out", joined])
            total = sum(shard_cpu) + join_cpu
            identical = same(single_out.rstrip("/"), joined.rstrip("/"))
            print(f"{format:<4} single process: {single_cpu:7.1f} s CPU ({single_wall:.1f} s wall); "
                  f"{shards} shards: {sum(shard_cpu):7.1f} s CPU (first {shard_cpu[0]:.2f} s, last {shard_cpu[-1]:.2f} s); "
                  f"join: {join_cpu:6.1f} s CPU ({join_wall:.1f} s wall); whole work {total:7.1f} s = {total / single_cpu:.2f}x; "
                  f"joined {'identical' if identical else 'DIFFERENT'}", flush=True)
            for path in [single_out, joined] + glob.glob(stem + ".shard-*"):
                path = path.rstrip("/")
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
