package main

import (
	"strings"
	"testing"

	"fray/rules/systems"
)

// fray help ID wraps its lines at 80 columns: a longer line is a single
// word that cannot be broken, after its indent.
func TestHelpSystemWraps(t *testing.T) {
	for _, s := range systems.Default().All() {
		r := fray(t, "", "help", s.ID())
		if r.code != 0 {
			t.Fatalf("help %s: %+v", s.ID(), r)
		}
		for _, l := range strings.Split(r.stdout, "\n") {
			if n := len([]rune(l)); n > 80 && len(strings.Fields(l)) > 1 {
				t.Errorf("help %s: a line of %d columns:\n%s", s.ID(), n, l)
			}
		}
	}
	// Words stay whole and a wrapped usage hangs under its first line.
	r := fray(t, "", "help", "arm5")
	if !strings.Contains(r.stdout, "\n  attack ATTACKER TARGET") {
		t.Errorf("help arm5 lost the attack usage:\n%s", r.stdout)
	}
}

func TestWrapHanging(t *testing.T) {
	got := wrapHanging("aaa bbb ccc ddddddddddddd e", 12, "  ", "    ")
	want := "  aaa bbb\n    ccc\n    ddddddddddddd\n    e"
	if got != want {
		t.Errorf("wrapHanging = %q, want %q", got, want)
	}
	if got := wrapHanging("short", 80, "  ", "    "); got != "  short" {
		t.Errorf("wrapHanging short = %q", got)
	}
}
