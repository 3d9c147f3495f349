#!/usr/bin/env bash
# Boards per pair of piece types (issue 31, docs/measurements.md): every pair
# `sat2chess pairs` marks built, compiled on three instances of examples/ham/ (each a
# grid graph of maximum degree 3 with start and end of degree 1; Theorems 3.1 and 3.7
# get it without its `end` line), with and without --certify. Prints a Markdown table:
# pieces, result, instance, rows x cols, pieces, compile and compile --certify wall time
# (the better of three runs, seconds).
#
#   cargo build --release && benches/unlimited_pairs.sh [target/release/sat2chess]
set -euo pipefail
bin=${1:-target/release/sat2chess}
instances=(examples/ham/ladder.ham examples/ham/strip-8.ham examples/ham/strip-16.ham)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Best wall time of three runs of "$@", in seconds (3 decimals).
best() {
    local best=
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s.%N)
        best=$(echo "$end $start ${best:-1e9}" | awk '{d = $1 - $2; print (d < $3 ? d : $3)}')
    done
    printf '%.3f' "$best"
}

echo "| pieces | result | instance | rows × cols | pieces on board | compile (s) | compile --certify (s) |"
echo "|---|---|---|---|---|---|---|"
"$bin" pairs --format markdown |
    awk -F' [|] ' '$5 ~ /^built/ { sub(/^built [(]--pieces /, "", $5); sub(/[)] [|]$/, "", $5); print $2 "\t" $5 }' |
    while IFS=$'\t' read -r result pieces; do
        for instance in "${instances[@]}"; do
            input=$instance
            case $result in
            "Theorem 3.1" | "Theorem 3.7")
                input=$work/$(basename "$instance" .ham)-start.ham
                grep -v '^end ' "$instance" >"$input"
                ;;
            esac
            board=$work/board.json
            stats=$("$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board" --stats 2>&1)
            size=$(echo "$stats" | grep -o '[0-9]*x[0-9]* board' | sed 's/ board//; s/x/ × /')
            count=$(echo "$stats" | grep -o '[0-9]* pieces' | sed 's/ pieces//')
            compile=$(best "$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board")
            certify=$(best "$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board" \
                --certify --moves-out "$work/moves.json")
            echo "| $pieces | $result | $(basename "$instance") | $size | $count | $compile | $certify |"
        done
    done
