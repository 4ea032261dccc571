#!/usr/bin/env bash
# Remakes every picture in the guides with the cadence command:
#   Docs/Transitions/images/*.svg   contact sheets of the reference transitions (cadence preset --format svg)
#   Docs/images/curve-*.svg         timing curves (cadence curve NAME --format svg), for Docs/Easing.md
#   Docs/images/spring-*.svg        springs (cadence spring ... --format svg), for Docs/Springs.md
#   Docs/images/gesture-*.svg       decay, inertia, rubber band (cadence gesture ... --format svg), for Docs/Gestures.md
#   Docs/images/pixels/*/*.png      frames drawn by Cadence (cadence preset ... --format png), for Docs/Pixels.md
#   Docs/images/lottie/*.png        a Lottie file drawn by Cadence (cadence render FILE --format png), for Docs/Lottie.md
#
#   Docs/Transitions/make-images.sh [path/to/cadence]   (default: .build/debug/cadence, built if missing)
#
# The pictures are deterministic: running this again on the same architecture changes no bytes.
set -euo pipefail
cd "$(dirname "$0")/../.."

cadence="${1:-.build/debug/cadence}"
if [[ ! -x "$cadence" ]]; then
    swift build --product cadence
fi

transitions=Docs/Transitions/images
plots=Docs/images
mkdir -p "$transitions" "$plots"

# preset NAME FILE [OPTIONS...]: a contact sheet of a reference transition.
preset() {
    local name="$1" file="$2"
    shift 2
    echo "cadence preset $name $* --format svg --out $transitions/$file.svg"
    "$cadence" preset "$name" "$@" --format svg --out "$transitions/$file.svg"
}

preset expanding-view expanding-view
preset expanding-view expanding-view-demo --expand-duration 0.4 --fade-duration 0.1
preset circular-reveal circular-reveal
preset punch-out punch-out-push --operation push
preset punch-out punch-out-pop --operation pop
preset flip flip-push --operation push
preset cross-dissolve cross-dissolve
preset overlay-present overlay-present
preset overlay-dismiss overlay-dismiss
preset card-expand card-expand-push --operation push
preset card-expand card-expand-pop --operation pop
preset interactive interactive-finish --release-progress 0.6
preset interactive interactive-cancel --release-progress 0.3

# curve CURVE FILE: a timing curve.
curve() {
    echo "cadence curve '$1' --format svg > $plots/curve-$2.svg"
    "$cadence" curve "$1" --format svg >"$plots/curve-$2.svg"
}

for name in linear ease ease-in ease-out ease-in-out step-start step-end \
    ca-default ca-ease-in ca-ease-out ca-ease-in-ease-out; do
    curve "$name" "$name"
done
for family in quad cubic quart quint sine expo circ back elastic bounce; do
    for kind in in out in-out; do
        curve "ease-$kind-$family" "ease-$kind-$family"
    done
done
curve "cubic-bezier(0.2, 0.8, 0.2, 1)" cubic-bezier-0.2-0.8-0.2-1
curve "steps(4, jump-start)" steps-4-jump-start
curve "steps(4, jump-none)" steps-4-jump-none
curve "linear(0, 0.25 75%, 1)" linear-0-0.25-75-1

# spring FILE OPTIONS...: a spring's motion until it settles.
spring() {
    local file="$1"
    shift
    echo "cadence spring $* --format svg > $plots/spring-$file.svg"
    "$cadence" spring "$@" --format svg >"$plots/spring-$file.svg"
}

spring response-0.5-damping-ratio-0.7 --response 0.5 --damping-ratio 0.7
spring response-0.5-damping-ratio-0.3 --response 0.5 --damping-ratio 0.3
spring response-0.5-damping-ratio-1 --response 0.5 --damping-ratio 1
spring duration-0.5-bounce-0.3 --duration 0.5 --bounce 0.3
spring duration-0.5-bounce-minus-0.5 --duration 0.5 --bounce -0.5
spring mass-1-stiffness-100-damping-10 --mass 1 --stiffness 100 --damping 10
spring overlay-present --damping-ratio 0.55 --duration 0.5 --initial-velocity 1.8181818181818181 --from 0.3 --to 1
spring overlay-dismiss --damping-ratio 1 --duration 1 --initial-velocity -15 --from 1 --to 0.3
spring card-expand-position --damping-ratio 0.7 --duration 1

# gesture FILE OPTIONS...: a gesture motion (Docs/Gestures.md).
gesture() {
    local file="$1"
    shift
    echo "cadence gesture $* --format svg > $plots/gesture-$file.svg"
    "$cadence" gesture "$@" --format svg >"$plots/gesture-$file.svg"
}

gesture decay-normal decay --velocity 1000
gesture decay-normal-velocity decay --velocity 1000 --plot velocity
gesture decay-fast decay --velocity 1000 --rate 0.99
gesture decay-time-constant decay --velocity 1000 --time-constant 0.325
gesture inertia-bound inertia --from 1800 --velocity 3000 --min 0 --max 2000
gesture inertia-bound-velocity inertia --from 1800 --velocity 3000 --min 0 --max 2000 --plot velocity
gesture rubber-band rubber-band --dimension 844

# The gesture presets, as contact sheets.
preset bottom-sheet bottom-sheet
preset swipe-dismiss swipe-dismiss

# The example document of Docs/Scenes.md, read from the guide itself.
echo "cadence render - --format svg > $plots/scene-dot.svg   (the first JSON example of Docs/Scenes.md)"
awk '/^```json$/ { if (++blocks == 1) { inside = 1; next } } inside && /^```$/ { exit } inside' Docs/Scenes.md | "$cadence" render - --format svg >"$plots/scene-dot.svg"

# The path morph of Docs/Paths.md.
echo "cadence render Docs/examples/morph.json --format svg --out $plots/path-morph.svg"
"$cadence" render Docs/examples/morph.json --format svg --out "$plots/path-morph.svg"

# The pictures of Docs/Pixels.md, drawn by Cadence's own rasteriser.
echo "cadence preset card-expand --format png --frames 30..30 --scale 0.5 --out $plots/pixels/card-expand/"
"$cadence" preset card-expand --format png --frames 30..30 --scale 0.5 --out "$plots/pixels/card-expand/"
echo "cadence preset punch-out --format png --frames 20..20 --scale 0.5 --out $plots/pixels/punch-out/"
"$cadence" preset punch-out --format png --frames 20..20 --scale 0.5 --out "$plots/pixels/punch-out/"

# A Lottie file drawn through its import, for Docs/Lottie.md.
echo "cadence render Docs/examples/lottie/badge.json --format png --frames 15..15 --out $plots/lottie/"
"$cadence" render Docs/examples/lottie/badge.json --format png --frames 15..15 --out "$plots/lottie/"
