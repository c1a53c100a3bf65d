package swords_test

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/swords"
)

// FuzzCommands runs arbitrary lines against both demos: no rule code may
// panic (the tracker would report it as an internal error), and Stamina
// and hits stay within their track.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"attack Jot Mung augment=2", "attack Mung Jot skill=grappling harm defskill=grappling",
		"attack Archer Sir range=4 assist=Jot", "damage Mung 99 endure", "battle Knights Horde pick=Captain",
		"set Jot mass=1000000", "set Mung maxstamina=1", "skill Jot tactics vs=-5", "action Jot x",
		"set Horde size=1000000", "set Knights size=1", "defend Jot def=1000000", "next",
		"attack Mung Jot skill=grappling", "escape Jot", "control Jot Mung", "slam Mung Jot 8 corner=4", "pickup Jot",
		"attack Jot Mung disarm", "attack Archer Sir dive", "attack Archer Sir defskill=riding", "area Archer Jot Mung yards=3 Mung=0",
	} {
		f.Add(s, "battle Knights Horde")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, demo := range []string{"skirmish", "battle"} {
			sys := swords.New()
			e, err := rules.BuildDemo(sys, demo, 5)
			if err != nil {
				t.Fatal(err)
			}
			tr := rules.NewTracker(e, sys)
			for _, line := range []string{a, b, a} {
				if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "internal error") {
					t.Fatalf("%q: %v", line, err)
				}
			}
			for _, cb := range tr.E.Combatants {
				sh := cb.Sheet().(*swords.Sheet)
				if sh.Stamina < 0 || sh.Stamina > sh.MaxStamina || sh.Largest < 0 {
					t.Fatalf("%s: Stamina %d/%d, largest %d", cb.Name, sh.Stamina, sh.MaxStamina, sh.Largest)
				}
			}
		}
	})
}
