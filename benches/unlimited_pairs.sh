#!/usr/bin/env bash
# Boards per pair of piece types (issue 31, docs/measurements.md): every pair
# `sat2chess pairs` marks built, compiled with and without --certify. Pairs of §3.1
# (Hamiltonian Path) on three instances of examples/ham/ (each a grid graph of maximum
# degree 3 with start and end of degree 1; Theorems 3.1 and 3.7 get it without its
# `end` line); pairs of §3.2 (Theorem 3.9, planar monotone 3-SAT, "built from a CNF") on
# three small satisfiable CNFs (x1; (x1 ∨ x2) ∧ (¬x1 ∨ x3) ∧ (¬x2 ∨ ¬x3);
# examples/cnf/messy.cnf). Prints a Markdown table: pieces, result, instance,
# rows x cols, pieces, compile and compile --certify wall time (the better of three
# runs, seconds).
#
#   cargo build --release && benches/unlimited_pairs.sh [target/release/sat2chess]
set -euo pipefail
bin=${1:-target/release/sat2chess}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
graphs=(examples/ham/ladder.ham examples/ham/strip-8.ham examples/ham/strip-16.ham)
printf 'p cnf 1 1\n1 0\n' >"$work/unit.cnf"
printf 'p cnf 3 3\n1 2 0\n-1 3 0\n-2 -3 0\n' >"$work/small.cnf"
formulas=("$work/unit.cnf" "$work/small.cnf" examples/cnf/messy.cnf)

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

# One row: compiles $3 with --pieces $1 (result $2), then times it.
row() {
    local pieces=$1 result=$2 input=$3 name=$4
    local board=$work/board.json stats size count compile certify
    stats=$("$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board" --stats 2>&1)
    size=$(echo "$stats" | grep -o '[0-9]*x[0-9]* board' | sed 's/ board//; s/x/ × /')
    count=$(echo "$stats" | grep -o '[0-9]* pieces' | sed 's/ pieces//')
    compile=$(best "$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board")
    certify=$(best "$bin" compile "$input" --unlimited --pieces "$pieces" -o "$board" \
        --certify --moves-out "$work/moves.json")
    echo "| $pieces | $result | $name | $size | $count | $compile | $certify |"
}

echo "| pieces | result | instance | rows × cols | pieces on board | compile (s) | compile --certify (s) |"
echo "|---|---|---|---|---|---|---|"
# Columns of the table: pieces, result, special among others, source, status.
"$bin" pairs --format markdown |
    awk -F' [|] ' '$5 ~ /^built/ { sub(/ [|]$/, "", $5); print $2 "\t" $3 "\t" $5 }' |
    while IFS=$'\t' read -r result among status; do
        case $status in
        "built (--pieces "*)
            pieces=${status#built (--pieces }
            pieces=${pieces%)}
            for instance in "${graphs[@]}"; do
                input=$instance
                case $result in
                "Theorem 3.1" | "Theorem 3.7")
                    input=$work/$(basename "$instance" .ham)-start.ham
                    grep -v '^end ' "$instance" >"$input"
                    ;;
                esac
                row "$pieces" "$result" "$input" "$(basename "$instance")"
            done
            ;;
        "built from a CNF"*)
            # "king among knights" -> king,knight
            read -r special _ others <<<"$among"
            pieces=$special,${others%s}
            for formula in "${formulas[@]}"; do
                row "$pieces" "$result" "$formula" "$(basename "$formula")"
            done
            ;;
        esac
    done
