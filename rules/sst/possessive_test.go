package sst

import "testing"

func TestPossessive(t *testing.T) {
	for name, want := range map[string]string{
		"Roland":          "Roland's",
		"Goblin archers":  "Goblin archers'",
		"Grathak the Maw": "Grathak the Maw's",
		"BOSS":            "BOSS'",
		"":                "",
	} {
		if got := possessive(name); got != want {
			t.Errorf("possessive(%q) = %q, want %q", name, got, want)
		}
	}
}
