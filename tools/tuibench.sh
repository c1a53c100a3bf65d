#!/usr/bin/env bash
# Times fray in a terminal with the tuibench harness: the 6-combatant arm5
# demo and a 1000-combatant arm5 fight with a 10,000-entry log, one after
# the other in the same run, 100 presses of n each (see docs/performance.md).
#
#   tools/tuibench.sh [FRAY_BINARY] [OUT_DIR]
#
# Needs tmux and /usr/bin/time; builds tuibench from ../shared/tools/tuibench
# when TUIBENCH is not set.
set -euo pipefail
cd "$(dirname "$0")/.."
fray="${1:-}"
out="${2:-$(mktemp -d)}"
mkdir -p "$out"
if [ -z "$fray" ]; then
	fray="$out/fray"
	go build -o "$fray" .
fi
fray="$(realpath "$fray")"
tuibench="${TUIBENCH:-}"
if [ -z "$tuibench" ]; then
	tuibench="$out/tuibench"
	src=../shared/tools/tuibench
	[ -d "$src" ] || src=../../shared/tools/tuibench # from a worktree in /work/wt
	(cd "$src" && go build -o "$tuibench" .)
fi
presses="${PRESSES:-100}"

home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
big="$home/big.toml"
# BIG names a fight to use instead (an older fray needs a file in its format).
if [ -n "${BIG:-}" ]; then
	cp "$BIG" "$home/big-orig.toml"
else
	go run ./tools/bigfight -system arm5 -n 1000 -log 10000 "$home/big-orig.toml"
fi

run() { # label, then the command after --
	local label="$1"
	shift
	"$tuibench" -label "$label" -n "$presses" -key n -quit q -ready 'Paul' \
		-json "$out/$label.json" -- "$@"
}
# The first launch builds the demo in the data folder; the others load it.
run demo env FRAY_HOME="$home" "$fray" --demo brawl
cp "$home/big-orig.toml" "$big"
run big1000 env FRAY_HOME="$home" "$fray" "$big"
echo "results in $out"
