package osr_test

import (
	"strings"
	"testing"
)

// The attack usage lists its options in brackets, and every one of them
// is one the parser takes (the attack form is built from the usage).
func TestAttackUsageListsOptions(t *testing.T) {
	tr := newTracker(t, addAra, addGob)
	v, ok := tr.Verb("attack")
	if !ok {
		t.Fatal("no attack verb")
	}
	want := "attack ATTACKER TARGET [behind|invisible|missile|melee|two|parry|subdual|unarmed|free|long|flank|fend|passing|assassinate] " +
		"[attackers=N cover=N with=WEAPON magic=N dmg=DICE mod=±N dmod=±N mb=±N rank=N]"
	if v.Usage != want {
		t.Fatalf("usage %q, want %q", v.Usage, want)
	}
	for _, opt := range []string{"behind", "invisible", "missile", "melee", "two", "parry", "subdual", "unarmed",
		"attackers=2", "cover=1", "with=bow", "magic=1", "dmg=1d4", "mod=+1", "dmod=-1", "mb=1", "passing", "rank=2"} {
		if _, err := tr.Apply("attack Ara Gob " + opt); err != nil && strings.Contains(err.Error(), "unknown option") {
			t.Errorf("%s: %v", opt, err)
		}
	}
	fails(t, tr, "attack Ara Gob sneaky", `unknown option "sneaky"`)
	fails(t, tr, "attack Ara Gob sneak=1", `unknown option "sneak"`)
}

// Negative hit points are written with a real minus, and a name ending
// in s takes a bare apostrophe.
func TestNegativeHPAndPossessive(t *testing.T) {
	tr := newTracker(t, addAra, addGob, "dice 20")
	from := tr.E.Log.Len()
	run(t, tr, "damage Gob 6")
	hasEvent(t, tr, from, "Gob takes 6 damage: HP −1/5")
	if s := tr.Sys.Harm(tr.E, comb(t, tr, "Gob")).Gauge; !strings.Contains(s, "HP −1/5") {
		t.Errorf("summary %q", s)
	}
	for _, f := range tr.Sys.Describe(tr.E, comb(t, tr, "Gob")) {
		if f.Label == "HP" && !strings.HasPrefix(f.Value, "−1/5") {
			t.Errorf("sheet HP %q", f.Value)
		}
	}
	tr = newTracker(t, addAra, strings.Replace(addGob, "add Gob", `add "Goblin archers"`, 1),
		`declare "Goblin archers" spell sleep`, "next", "dice 6 3", "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 15 1", `attack Ara "Goblin archers"`)
	hasEvent(t, tr, from, "Goblin archers' spell (sleep) is lost: hit before it was cast")
}

// An unquoted name with spaces gets a hint rather than a puzzle.
func TestUnquotedNameHint(t *testing.T) {
	tr := newTracker(t, addAra, strings.Replace(addGob, "add Gob", `add "Goblin 2"`, 1))
	fails(t, tr, "attack ara Goblin 2", `names with spaces need quotes: attack ara "Goblin 2"`)
	fails(t, tr, "damage goblin 2 3", `names with spaces need quotes: damage "Goblin 2" 3`)
}
