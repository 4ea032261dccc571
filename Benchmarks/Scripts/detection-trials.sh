#!/usr/bin/env bash
# How well does `cadence bench --check` separate a real slowdown from noise? Runs, each in its
# own process, as CI would:
#   - SLOW trials: a 1,000-track, 10-second document against the same document with 5 % more
#     tracks (the first 1,000 tracks identical), `bench more.json --compare base.json --check`;
#     exit status 2 (regression) is a detection.
#   - A/A trials: the document against itself, `bench base.json --compare base.json --check`;
#     exit status 2 is a false regression (4, a false improvement, is counted separately).
# Prints every trial's status and p50 change, then the rates. Never fails on the rates.
# With MODE=baseline, each trial compares with a baseline recorded once, in another process, from
# the 1,000-track document (`bench doc.json --baseline trials --check`): nothing is interleaved,
# so this measures the noise between processes.
#
# Usage: [MODE=baseline] Benchmarks/Scripts/detection-trials.sh [CADENCE [SLOW_TRIALS [AA_TRIALS [OPTIONS...]]]]
#   CADENCE defaults to .build/release/cadence (build it with swift build -c release);
#   OPTIONS are passed to every `cadence bench` run (for example --batches 40).
set -euo pipefail
cadence=$(cd "$(dirname "${1:-.build/release/cadence}")" && pwd)/$(basename "${1:-.build/release/cadence}")
mode=${MODE:-compare}
slow_trials=${2:-20}
aa_trials=${3:-100}
shift $(( $# < 3 ? $# : 3 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A document of N tracks (four keyframes over about 5 s, eased, spring, cubic, linear, hold and
# back segments; every tenth track a 2-D vector), staggered by 5 ms: 1,000 tracks last 10 s.
generate() {
    awk -v n="$1" 'BEGIN {
        srand(6)
        kinds[0] = "\"curve\": \"ease-in-out\""; kinds[1] = "\"spring\": {\"response\": 0.5, \"dampingRatio\": 0.7}"
        kinds[2] = "\"curve\": \"cubic\""; kinds[3] = "\"curve\": \"linear\""; kinds[4] = "\"curve\": \"hold\""
        kinds[5] = "\"curve\": \"ease-out-back\""
        printf "{\"cadence\": 1, \"name\": \"trials\", \"fps\": 60, \"tracks\": [\n"
        for (i = 0; i < n; i++) {
            vector = (i % 10 == 9)
            printf "%s{\"name\": \"t%d\", \"keyframes\": [{\"time\": 0, \"value\": %s}", (i ? ",\n" : ""), i, value(vector)
            for (step = 1; step <= 3; step++) {
                printf ", {\"time\": %.3f, \"value\": %s, %s}", step * 1.6 + rand() * 0.2, value(vector), kinds[(i + step) % 6]
            }
            printf "]}"
        }
        printf "],\n\"timeline\": [{\"stagger\": ["
        for (i = 0; i < n; i++) printf "%s{\"track\": \"t%d\"}", (i ? ", " : ""), i
        printf "], \"each\": 0.005}]}\n"
    }
    function value(vector,   x) {
        x = sprintf("%.3f", rand() * 1000 - 500)
        return vector ? sprintf("[%s, %.4f]", x, rand()) : x
    }'
}
generate 1000 > "$work/base.json"
generate 1050 > "$work/more.json"

if [ "$mode" = baseline ]; then
    cp "$work/base.json" "$work/doc.json"
    (cd "$work" && "$cadence" bench doc.json --save-baseline trials --format csv "$@" 2> /dev/null) |
        awk -F, '$2 == "p50" || $2 == "cpu" { printf "baseline %s: %.0f ns\n", $2, $4 }'
fi

# One trial of FILE against REFERENCE: prints "status p50-change-percent seconds flagged-metrics".
trial() {
    local start end status change
    start=$(date +%s.%N)
    set +e
    if [ "$mode" = baseline ]; then
        cp "$1" "$work/doc.json"
        (cd "$work" && "$cadence" bench doc.json --baseline trials --check --format csv --seed "$3" "${@:4}") \
            > "$work/out.csv" 2> "$work/err.txt"
    else
        "$cadence" bench "$1" --compare "$2" --check --format csv --seed "$3" "${@:4}" > "$work/out.csv" 2> "$work/err.txt"
    fi
    status=$?
    set -e
    end=$(date +%s.%N)
    change=$(awk -F, '$2 == "p50" && $5 != "" { print $6; exit }' "$work/out.csv")
    flagged=$(awk -F, '$9 == "regression" || $9 == "improvement" { printf "%s%s %s (%s %%, p %s)", sep, $2, $9, $6, $7; sep = "; " }' "$work/out.csv")
    if [ "$status" -eq 1 ]; then cat "$work/err.txt" >&2; fi
    echo "$status ${change:-n/a} $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') ${flagged}"
}

echo "cadence bench detection trials ($mode): $cadence, load $(cut -d' ' -f1 /proc/loadavg), options: ${*:-(defaults)}"
detected=0
for i in $(seq 1 "$slow_trials"); do
    read -r status change seconds flagged < <(trial "$work/more.json" "$work/base.json" "$i" "$@")
    [ "$status" -eq 2 ] && detected=$((detected + 1))
    echo "5% slower, trial $i: exit $status, p50 change ${change} %, ${seconds} s${flagged:+, flagged: $flagged}"
done
false_regressions=0
false_improvements=0
for i in $(seq 1 "$aa_trials"); do
    read -r status change seconds flagged < <(trial "$work/base.json" "$work/base.json" "$((1000 + i))" "$@")
    [ "$status" -eq 2 ] && false_regressions=$((false_regressions + 1))
    [ "$status" -eq 4 ] && false_improvements=$((false_improvements + 1))
    echo "A/A, trial $i: exit $status, p50 change ${change} %, ${seconds} s${flagged:+, flagged: $flagged}"
done
echo "detected: $detected of $slow_trials 5 % slowdowns (target: at least 95 %)"
echo "false regressions: $false_regressions of $aa_trials A/A comparisons (target: at most 1); false improvements: $false_improvements"
