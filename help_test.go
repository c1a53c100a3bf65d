package main

import (
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
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
	got := rules.WrapHanging("aaa bbb ccc ddddddddddddd e", 12, "  ", "    ")
	want := "  aaa bbb\n    ccc\n    ddddddddddddd\n    e"
	if got != want {
		t.Errorf("WrapHanging = %q, want %q", got, want)
	}
	// A word too long for any line breaks after a |.
	got = rules.WrapHanging("attack A [one|two|three|four] x", 14, "  ", "    ")
	want = "  attack A\n    [one|two|\n    three|\n    four] x"
	if got != want {
		t.Errorf("WrapHanging of a long | list = %q, want %q", got, want)
	}
	if got := rules.WrapHanging("short", 80, "  ", "    "); got != "  short" {
		t.Errorf("WrapHanging short = %q", got)
	}
}

// Nothing fray prints on the command line runs past 80 columns: the
// usage, each system's reference (a long list of options breaks after a
// |), the list of systems and their demos, and every mistake's message.
// A terminal of 80 columns would otherwise cut a word in two.
func TestCommandLineFitsEightyColumns(t *testing.T) {
	home(t)
	runs := [][]string{{"--help"}, {"help"}, {"new", "--help"}, {"systems"}, {"--bogus"}, {"frob"},
		{"shwo", "x.toml"}, {"show"}, {"help", "nope"}, {"new", "--system", "nope", "x.toml"},
		{"--fresh", "x.toml"}, {"--system", "arm5"}, {"run", "x.toml"}, {"nosuch/dir/x"}}
	for _, s := range systems.Default().All() {
		runs = append(runs, []string{"help", s.ID()})
	}
	runs = append(runs, showDemos(t)...)
	for _, args := range runs {
		r := fray(t, "", args...)
		for _, l := range strings.Split(r.stdout+r.errLines, "\n") {
			if n := len([]rune(l)); n > 80 {
				t.Errorf("fray %s: a line of %d columns:\n%s", strings.Join(args, " "), n, l)
			}
		}
	}
}

// showDemos saves every demo a few turns into its fight (the horde's
// with a melee, a stun and a fumble, whose order marks run long) and
// returns the show command of each. (The log --log adds is left as it
// was written: its commands are kept whole to be copied.)
func showDemos(t *testing.T) [][]string {
	t.Helper()
	fights := map[string][]string{
		"horde": {"dice 6 5 5 2", `force attack "Goblin horde" Roland`, "dice 1 1 1 1 1", `force attack "Grathak the Maw" Mira`,
			"engage Brannoc \"Goblin archers\"", "cond Roland stunned", "damage Mira 4 noinjury"},
	}
	var runs [][]string
	for _, s := range systems.Default().All() {
		for _, d := range s.Demos() {
			e, err := rules.BuildDemo(s, d.Name, 1)
			if err != nil {
				t.Fatal(err)
			}
			tr := rules.NewTracker(e, s)
			for _, line := range append([]string{"next"}, fights[d.Name]...) {
				if _, err := tr.Apply(line); err != nil {
					t.Fatalf("%s: %s: %v", d.Name, line, err)
				}
			}
			path := filepath.Join(t.TempDir(), d.Name+".toml")
			if err := saves.Save(path, tr.E); err != nil {
				t.Fatal(err)
			}
			runs = append(runs, []string{"show", path})
		}
	}
	return runs
}
