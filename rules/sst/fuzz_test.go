package sst_test

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/sst"
)

// FuzzCommands runs arbitrary lines against the horde demo, started: no
// rule code may panic (the tracker reports it as an internal error), the
// order and every sheet draw, and ranks lost never go negative.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"close Roland Goblin", "withdraw Roland", "attack Roland Goblin hold", "hold Roland damage", "hold Goblin break",
		"hold Goblin reverse", "hold Roland subdue", "knockdown Roland Grathak", "attack Mira Goblin special=stun,away,die",
		"attack Brannoc Grathak allout", "attack Brannoc Grathak double", "move Roland 3", "set Grathak fly=2/2/3 flying=yes",
		"move Grathak 9 dive", "set Goblin chariot=heavy team=4", "board Roland Goblin", "drive Roland rough turn",
		"damage Grathak 30 bane", "set Roland phys=9", "attack Roland Goblin rear special=pool",
	} {
		f.Add(s, "next")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		sys := sst.New()
		e, err := rules.BuildDemo(sys, "horde", 5)
		if err != nil {
			t.Fatal(err)
		}
		tr := rules.NewTracker(e, sys)
		for _, line := range []string{"next", a, b, a, "force " + b} {
			if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%q: %v", line, err)
			}
			_ = tr.Sys.Order(tr.E)
			for _, cb := range tr.E.Combatants {
				_ = tr.Sys.Describe(tr.E, cb)
				if s := cb.Sheet().(*sst.Sheet); s.LPhys < 0 || s.LMent < 0 {
					t.Fatalf("%s: lost ranks %d/%d", cb.Name, s.LPhys, s.LMent)
				}
			}
		}
	})
}
