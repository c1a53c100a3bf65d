package factions

import "testing"

func TestPossessive(t *testing.T) {
	for in, want := range map[string]string{"Sybilla": "Sybilla's", "Goblin archers": "Goblin archers'", "BOSS": "BOSS'"} {
		if got := possessive(in); got != want {
			t.Errorf("possessive(%q) = %q, want %q", in, got, want)
		}
	}
}
