#!/usr/bin/env bash
# Screenshots of rendered figures in headless Chromium, to look at glyphs, budgets and arrows.
#
# Usage: scripts/screenshot.sh [OUT_DIR]    (default: target/screenshots)
# Needs: a release build (cargo build --release) and Chromium
#        (Debian: apt-get update && apt-get install -y chromium).
# Renders the examples in examples/render/ to SVG and HTML, then writes one PNG per figure.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/target/screenshots"}
bin="$root/target/release/sat2chess"
examples="$root/examples/render"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -x "$bin" ] || { echo "error: $bin missing; run cargo build --release" >&2; exit 2; }
[ -n "$browser" ] || { echo "error: no chromium found; apt-get install -y chromium" >&2; exit 2; }
mkdir -p "$out"

render() { "$bin" render "$@"; }
render "$examples/mixed.json" --legend -o "$out/mixed.svg"
render "$examples/mixed.json" --moves "$examples/mixed-moves.json" --legend -o "$out/mixed-moves.svg"
render "$examples/mixed.json" --moves "$examples/mixed-moves.json" --step 3 -o "$out/mixed-step3.svg"
render "$examples/one-test.json" --gadgets --legend --moves "$examples/one-test-moves.json" \
  --step 6 -o "$out/one-test.svg"
render "$examples/one-test.json" --gadgets --moves "$examples/one-test-moves.json" \
  --animate --step 4 -o "$out/one-test.html"

shoot() { # file png width height
  local profile
  profile=$(mktemp -d)
  "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$profile" --screenshot="$2" --window-size="$3,$4" "file://$1" \
    >/dev/null 2>&1
  rm -rf "$profile"
  echo "$2"
}
for figure in mixed mixed-moves mixed-step3 one-test; do
  shoot "$out/$figure.svg" "$out/$figure.png" 560 520
done
shoot "$out/one-test.html" "$out/one-test-html.png" 900 700
