#!/usr/bin/env bash
# Times fray in a terminal with the tuibench harness: the 6-combatant arm5
# demo, then a 1000-combatant fight with a 10,000-entry log for each system
# in SYSTEMS (default arm5), one after the other in the same run, 100
# presses each of the system's turn key (n; P in sst; in factions P, with
# an untimed enter before each; see docs/performance.md).
#
#   tools/tuibench.sh [FRAY_BINARY] [OUT_DIR]
#   SYSTEMS="arm5 osr sst swords factions" tools/tuibench.sh "" /tmp/tb1
#
# Each fight's results go to OUT_DIR/LABEL.json: demo.json, big1000.json for
# arm5 (the name earlier runs used) and big1000-ID.json for the others.
# Without FRAY_BINARY it builds fray as the README installs it (static,
# CGO_ENABLED=0). Needs tmux and /usr/bin/time; builds tuibench from
# ../shared/tools/tuibench when TUIBENCH is not set.
set -euo pipefail
cd "$(dirname "$0")/.."
fray="${1:-}"
out="${2:-$(mktemp -d)}"
mkdir -p "$out"
if [ -z "$fray" ]; then
	fray="$out/fray"
	CGO_ENABLED=0 go build -o "$fray" . # as the README installs it
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
systems="${SYSTEMS:-arm5}"

home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT

run() { # label, turn key, ready regex, then the command after --
	local label="$1" key="$2" ready="$3"
	shift 3
	"$tuibench" -label "$label" -n "$presses" -key "$key" ${pre:+-pre "$pre"} -quit q -ready "$ready" \
		-json "$out/$label.json" -- "$@"
}
pre=""
# The first launch builds the demo in the data folder; the others load it.
run demo n Paul env FRAY_HOME="$home" "$fray" --demo brawl
for sys in $systems; do
	label=big1000-$sys
	[ "$sys" = arm5 ] && label=big1000
	# BIG names an arm5 fight to use instead (an older fray needs a file in
	# its format).
	if [ "$sys" = arm5 ] && [ -n "${BIG:-}" ]; then
		cp "$BIG" "$home/$sys-orig.toml"
	elif [ ! -e "$home/$sys-orig.toml" ]; then
		go run ./tools/bigfight -system "$sys" -n 1000 -log 10000 "$home/$sys-orig.toml"
	fi
	cp "$home/$sys-orig.toml" "$home/big-$sys.toml"
	# Ready when the first combatant's name shows: the demo's first name.
	first="$(sed -n '/^name = "/{s/^name = "\(.*\)"$/\1/p;q}' "$home/$sys-orig.toml")"
	# The GM's turn keys, as BenchmarkNextTurn presses them (tui's
	# turnPlay): n passes the turn in arm5, osr and swords; in sst n is
	# refused while the one with the most dice has not paid for an action,
	# and P passes the selected, whom the selection follows (the one with
	# the turn); in factions enter (sent untimed before each timed key)
	# activates the selected when its faction is to choose, and P, timed,
	# ends the activation and the next faction passes.
	key=n pre=""
	case "$sys" in
	sst) key=P ;;
	factions) key=P pre=Enter ;;
	esac
	run "$label" "$key" "$first" env FRAY_HOME="$home" "$fray" "$home/big-$sys.toml"
	pre=""
done
echo "results in $out"
