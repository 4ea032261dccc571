import Timeline
import TimelinePlugins
import CadenceGolden
import CadenceHostCore

extension CadenceTool {
    /// The help text of a command.
    static func help(for command: String) -> String {
        switch command {
        case "render", "play":
            return """
                USAGE: cadence \(command) FILE|- [--format FORMAT] [--fps N] [--frames A..B] [--out FILE] [--header|--no-header]
                       [--scale S | --size WxH] [--alpha straight|premultiplied] [--jobs N] [--shard I/N|auto/N]
                       [--segment-seconds S] [--expressions static|refuse]

                \(command == "render" ? "Evaluates a timeline document as fast as possible and streams its frames." : "Evaluates a timeline document in real time, paced to the frame rate; late frames are dropped and counted.")
                Frame i is at time i / fps; frames 0 ... ceil(duration * fps) unless --frames gives a slice.
                Slices concatenated equal the whole render, byte for byte (JSON Lines and CSV, whose
                header row is written only on a slice that starts at frame 0).

                OPTIONS:
                  --format   jsonl (default), csv, svg (a contact sheet) or html (a playable preview);
                             pictures of the scene: png or svg-frames (a file per frame into --out DIR/),
                             rgba (raw frames), mp4, webm, gif, apng or mkv (video through ffmpeg, --out FILE)
                  --scale    pictures: the scene's size times S (default 1)
                  --size     pictures: WxH pixels, the scene fitted and centred
                  --alpha    rgba: straight (default) or premultiplied
                  --jobs     pictures: frames drawn at once, or video segments encoded at once
                             (default: the number of processors, fewer when their pictures would not
                             fit in memory)
                  --segment-seconds
                             mp4, webm, mkv: the length of the independently encoded segments (default 2;
                             each starts with a keyframe; shards split on them). Guide: Docs/RenderFarm.md
                  --fps      frames per second (default: the document's fps, else 60)
                  --frames   A..B, the frames to write (inclusive)
                  --out      write to FILE instead of standard output
                  --header, --no-header
                             CSV: write the header row, or leave it out, whatever the slice
                  --shard    I/N: render the I-th of N near-equal parts (from 0) into the folder
                             OUT.shard-I-of-N, for 'cadence join'; auto/N reads I from the scheduler
                             (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX).
                             Guide: Docs/RenderFarm.md
                  --expressions
                             Lottie files: static draws a property that has an expression with its static
                             value (a warning each); refuse (default) refuses the file

                """
        case "join":
            return """
                USAGE: cadence join SHARD-FOLDER... --out FINAL

                Joins the shards of a render made with --shard (render or preset) into the whole render:
                checks that the folders are every shard of one render (same source and settings), none
                missing, repeated or damaged (each file's length and CRC-32 against its manifest), then
                writes FINAL. Text, raw frames and picture folders are the same bytes as a render in one
                process; so are MP4, WebM and MKV, whose shards hold encoded segments that the join
                concatenates without re-encoding (ffmpeg muxes them); GIF and APNG shards hold
                lossless chunks of their frames, decoded in order and encoded once into the final
                format. Folders of shards that did not finish (.partial-XXXXXX) are skipped.
                Guide: Docs/RenderFarm.md

                """
        case "preset":
            return """
                USAGE: cadence preset NAME [--operation push|pop] [--size WxH] [--format ...] [--fps N] [--frames A..B] [--out FILE]
                       [--shard I/N|auto/N] [parameters]
                       cadence preset --list
                       cadence preset --describe NAME

                Renders one of the reference transitions: \(PresetCatalog.names.joined(separator: ", ")).
                Each preset's own parameters are listed by --describe.

                """
        case "curve":
            return """
                USAGE: cadence curve CURVE [--samples N] [--format csv|svg]

                Samples a timing curve at N evenly spaced progress values from 0 to 1 inclusive (default 101)
                and prints CSV 'progress,value', or an SVG plot.
                Curves: \(TimingCurve.acceptedNames.joined(separator: ", ")),
                  cubic-bezier(x1, y1, x2, y2), steps(n, jump-start|jump-end|jump-none|jump-both), linear(...).

                """
        case "spring":
            return """
                USAGE: cadence spring [PARAMETERS] [--from A] [--to B] [--velocity V] [--threshold T] [--fps N] [--format csv|svg]

                Prints CSV 'time,value,velocity' at --fps (default 60) from time 0 until the spring settles:
                until it stays within T of the distance |B - A| (default 0.001, 0.1 %).
                PARAMETERS, one of:
                  --response R [--damping-ratio Z]          SwiftUI's response and damping ratio (Z defaults to 1)
                  --duration D [--bounce B]                 SwiftUI's perceptual duration and bounce (B defaults to 0)
                  --mass M --stiffness K --damping C        Core Animation's physical parameters
                  --settling-duration S [--damping-ratio Z] settles within T at S seconds (Z defaults to 1)
                  --damping-ratio Z --duration D [--relative-velocity V]
                                                            UIKit's form: settles within T at D; V is relative
                                                            to the distance (distances per second;
                                                            --initial-velocity is its older name)
                --velocity is an absolute initial velocity (value units per second).

                """
        case "morph":
            return """
                USAGE: cadence morph --from PATHDATA --to PATHDATA [--samples N] [--curve CURVE]

                Morphs between two SVG paths (element and sub-path counts may differ) and prints JSON Lines
                {"progress":p,"path":"..."} for N evenly spaced progress values from 0 to 1 (default 11).

                """
        case "gesture":
            return """
                USAGE: cadence gesture decay [--from X] [--velocity V] [--rate R | --time-constant T [--power P]]
                                             [--threshold D] [--fps N] [--format csv|svg] [--plot value|velocity]
                       cadence gesture inertia [same options] [--min A] [--max B]
                       cadence gesture rubber-band [--dimension D] [--constant C] [--to X] [--samples N] [--format csv|svg]

                decay: a flick from X at V units per second (default 0 at 1000) coasting to rest, the velocity
                kept at the rate R each millisecond (default 0.998, UIKit's normal; 0.99 is fast), or with a
                time constant T seconds and power P (Motion's inertia: rests at X + P·V). Prints CSV
                'time,value,velocity' at --fps (default 60) until within D (default 0.5) of rest, or an SVG plot
                of the value or the velocity.
                inertia: the same within bounds A...B: past a bound, a spring (stiffness 500, damping 10) takes
                over with the same position and velocity.
                rubber-band: the offset shown for a finger 0...X past an edge (default X = D): (1 − 1/(x·C/D + 1))·D,
                C default 0.55, D default 844. Guide: Docs/Gestures.md

                """
        case "lottie":
            return """
                USAGE: cadence lottie values FILE... [--frames A,B,...] [--step S] [--compat lottie-web] [--expressions static]
                       cadence lottie import FILE [--out DOC.json] [--name NAME] [--expressions static]

                Reads Lottie (Bodymovin) files and prints every layer's transform per frame as JSON Lines, in
                the shape of the lottie-web oracle: file, frame, layer (its position path, 3/0 inside a
                precomposition), and values (nm, ind, ty, parent, a, p, s, r, o and the others a layer has,
                matrix, world, opacity, in_range, active, comp_frame) in lottie-web's units. Frames: ip,
                ip + S, ... up to op (S default 0.5), or the list given, in that order.
                --compat lottie-web: the numbers lottie-web 5.13 shows (its easing solver, 150-point spatial
                curves, Float32 storage, and its memory of the frames shown before); exact otherwise.
                Files with expressions are refused with the JSON path of the first; --expressions static
                (values, import, render, play) keeps each such property's static value, with a warning each.
                import: the file as a timeline document (to standard output, or DOC.json): each layer's world
                matrix and opacity and what its fills and strokes draw (path, opacity, colour), baked at every
                frame of the file, layers placed in time, markers as labels, and a scene. render and play draw a
                Lottie file (--format png, svg-frames, rgba, video formats, svg, html) from its curves at every
                frame shown. What is not drawn (masks, mattes, gradients, ...) is a warning with its JSON path.
                Guide: Docs/Lottie.md

                """
        case "validate":
            return """
                USAGE: cadence validate FILE|-

                Prints every error in a timeline document, each with the file, the JSON path and what is
                wrong, and exits with status 2; prints nothing and exits with status 0 for a valid document.

                """
        case "golden":
            return """
                USAGE: cadence golden record|check [FILE...] [--preset NAME[,NAME...]|all] [--dir DIR] [--every N]
                       [--no-pictures] [--scale S] [--frames A..B | --shard I/N] [--jobs N] [--artifacts DIR] [--complete]

                Golden tests at tolerance zero. 'record' renders each document and each preset (in each of its
                operations) and writes DIR/document-NAME.golden or DIR/preset-NAME-OPERATION.golden: a text
                file with the kept frames' values, hashes of the values and pixels, and every event. 'check'
                renders them again and compares: on a difference it names the first differing frame, the
                channels that changed and by how much, the differing pixels (count, box, largest channel
                difference), and writes expected, actual and difference PNGs to --artifacts.
                'check' writes nothing unless CADENCE_RECORD is all, missing or failed.
                Exit status: 0 when every check passes, 1 when one differs or a golden is missing (or, with
                --complete, when DIR holds goldens this run does not check), 2 for bad usage or input.

                OPTIONS:
                  --preset    presets to check, or all
                  --dir       the goldens' folder (default goldens)
                  --every     keep every Nth frame, besides the first, the quarters and the last (default 10)
                  --no-pictures
                              keep values only
                  --scale     pictures at the scene's size times S (default 1)
                  --frames    check: render and compare only frames A..B (events are then not compared)
                  --shard     check: render and compare only the I-th of N parts
                  --jobs      pictures drawn at once, each on its own thread (default 1; the same bits either way)
                  --artifacts where the images of a difference go (default: CADENCE_GOLDEN_ARTIFACTS, else none)
                  --complete  this run checks every golden in DIR: list the others, an error for 'check'
                Guide: Docs/GoldenTests.md

                """
        case "bench":
            return """
                USAGE: cadence bench [--quick] [--filter NAME] [--json FILE]
                       cadence bench FILE... [--preset NAME[,NAME...]] [options]

                Alone: runs Cadence's own benchmark suite (--filter A|B: the cases whose name contains A or B;
                a trailing $ anchors the end). With documents or presets: measures them frame by
                frame through the same path as 'cadence render' (to a null sink), compares, and gates CI.
                Build with -c release: swift run -c release cadence bench ...  Guide: Docs/BenchmarkingYourWork.md

                MEASURING:
                  --preset NAMES       also measure presets (default parameters), comma-separated
                  --fps N, --frames A..B   as for render
                  --batches N          measured batches per workload (default 30; --quick: 10); a batch is
                                       whole passes over every frame, about 20 ms; workloads run interleaved
                                       in a new random order every round
                  --warmup N           unmeasured passes first, at least 2 (default: at least 2 and 0.1 s)
                  --seed N             the random order's seed (printed with the results)
                COMPARING:
                  --compare OTHER.json compare FILE with OTHER, interleaved in the same run
                  --baseline NAME      compare with a stored baseline
                  --save-baseline NAME store this run: .cadence-bench/NAME.json (versioned JSON)
                  --baseline-dir DIR   where baselines live (default .cadence-bench)
                  --strict-machine     a baseline from another machine is an error, not a warning
                  --alpha A            significance level of the Mann-Whitney U test (default 0.01)
                  --threshold LIST     e.g. p50=3%,p99=10%,p99=2us,allocations=0.5,rss=1MiB,bytes=off
                  --thresholds FILE    {"version": 1, "thresholds": {"p50": {"percent": 3, "nanoseconds": 200}}}
                                       metrics: p50 p90 p99 (ns per frame), cpu (CPU ns per frame), instructions, allocations,
                                       bytes (per frame), rss (bytes); a change must exceed every limit set
                  --check              gate: exit 0 within the thresholds, 2 on a regression, 4 on
                                       improvements only, 1 on ANY error (bad document, bad option,
                                       missing or corrupt baseline). Without --check, errors exit 2 for
                                       bad input and 1 otherwise, and regressions do not change the status.
                OUTPUT:
                  --format F           table (default), json, csv or markdown, on standard output
                  --json FILE          also write the JSON report to FILE
                  --export-hyperfine FILE   hyperfine-compatible JSON (one run = one pass, in seconds)

                """
        case "soak":
            return """
                USAGE: cadence soak [--hours H] [--fps N]

                Runs the host loop offline for H simulated hours (default 24) at N frames per second
                (default 120), starting, ending and releasing animators, adding and removing observers
                and tick handlers, and building tracks, all the time. Prints the frames, the run time,
                the completions and the resident set after the first simulated minute and at the end;
                exits with status 1 if a completion was lost or repeated or the resident set grew by
                more than 8 MB. Build with -c release: 24 h is 10,368,000 frames.

                """
        default:
            return overview
        }
    }
}
