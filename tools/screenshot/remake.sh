#!/bin/sh
# Remakes docs/screen.png, the README's picture of the screen, from the
# program itself: main.go draws one frame of a demo fight in colour, and
# freeze (pinned in this module's go.mod) turns the ANSI text into a PNG.
# Run it from anywhere after a change to the screen, then look at the
# picture before committing it.
set -eu
cd "$(dirname "$0")"
go run . "$@" | go tool freeze --language ansi --window --padding 20 \
	--font.size 10 --output ../../docs/screen.png
