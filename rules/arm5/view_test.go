package arm5_test

import (
	"strings"
	"testing"

	"fray/rules/arm5"
)

func TestSheetAbilitiesOnce(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "add Hob abilityname=brawl ability=3 brawl=1 leadership=2")
	for name, want := range map[string]string{
		"Bruce": "Brawl 4 · Ride 0",
		"Paul":  "Single Weapon 5 · Brawl 3 · Ride 0",
		"Hob":   "brawl 3 (brawl 1 for Evasion) · Ride 0 · Leadership 2",
	} {
		if got := strings.ReplaceAll(field(t, tr, name, "Abilities"), "\u00a0", " "); got != want {
			t.Errorf("%s: Abilities %q, want %q", name, got, want)
		}
	}
}

func TestFatigueRecoveryShown(t *testing.T) {
	want := []string{
		"Fresh (0)",
		"Winded (0) · 2 min of rest to Fresh",
		"Weary (−1) · 10 min of rest to Winded",
		"Tired (−3) · 30 min of rest to Weary",
		"Dazed (−5) · 60 min of rest to Tired",
		"Unconscious (cannot act) · 2 h of rest to Dazed",
	}
	tr := newTracker(t, addBruce)
	for lvl, w := range want {
		run(t, tr, "set Bruce fatigue="+arm5.FatigueName(lvl))
		if got := field(t, tr, "Bruce", "Fatigue"); got != w {
			t.Errorf("level %d: %q, want %q", lvl, got, w)
		}
	}
	from := tr.E.Log.Len()
	run(t, tr, "recover Bruce fatigue")
	hasEvent(t, tr, from, "Bruce: fatigue Unconscious → Dazed (rested 2 h)")
	hasEvent(t, tr, from, "Bruce can act again")
	if arm5.FatigueRecovery(0) != "" || arm5.FatigueRecovery(3) != "30 min" {
		t.Error("FatigueRecovery")
	}
}

// Negative numbers use a true minus sign everywhere in the log and sheet.
func TestMinusSign(t *testing.T) {
	tr := newTracker(t, "add Slow qik=-3 sta=-2 init=-2", "add Slower qik=-4")
	hasEvent(t, tr, 0, "Slow: Initiative −2")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2", "init Slower roll")
	hasEvent(t, tr, from, "Slower: Initiative Qik −4 + stress 2 = −2")
	from = tr.E.Log.Len()
	run(t, tr, "damage Slow -1")
	hasEvent(t, tr, from, "Slow: Damage −1 − Soak −2 = 1 → Light wound")
	if got := field(t, tr, "Slow", "Initiative"); got != "−2" {
		t.Errorf("sheet Initiative %q", got)
	}
	if got := field(t, tr, "Slow", "Soak"); got != "−2" {
		t.Errorf("sheet Soak %q", got)
	}
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Score != "−2" {
			t.Errorf("%s's order score %q", r.Name, r.Score)
		}
	}
	for _, e := range events(tr, 0) {
		for _, f := range strings.Fields(e) {
			if len(f) > 1 && f[0] == '-' && f[1] >= '0' && f[1] <= '9' {
				t.Errorf("hyphen-minus in %q", e)
			}
		}
	}
}

func TestBotchHints(t *testing.T) {
	h1, h2, h3 := arm5.BotchHint(1, false), arm5.BotchHint(2, false), arm5.BotchHint(5, true)
	if !strings.HasPrefix(h1, "pick a mild mishap: ") || strings.Contains(h1, "horse") {
		t.Errorf("one zero, on foot: %q", h1)
	}
	if !strings.Contains(h2, "goes down prone") || strings.Contains(h2, "stumbles") {
		t.Errorf("two zeros: %q", h2)
	}
	if !strings.HasPrefix(h3, "pick a grave mishap: ") || !strings.Contains(h3, "falls out of the saddle") {
		t.Errorf("five zeros, mounted: %q", h3)
	}
	n := 0
	for _, b := range arm5.BotchEffects {
		if b.Severity < 1 || b.Severity > 3 {
			t.Errorf("%q has severity %d", b.Text, b.Severity)
		}
		n++
	}
	if n != 13 {
		t.Errorf("%d effects, want the source's 13", n)
	}
	tr := newTracker(t, addPaul, addBruce, "dice 0 0 0 7", "cond Paul mounted")
	from := tr.E.Log.Len()
	run(t, tr, "attack Paul Bruce botch=2")
	hasEvent(t, tr, from, "Paul: Attack BOTCH ×2: Attack Total 0; the attack on Bruce fails ("+arm5.BotchHint(2, true)+")")
}

// The order tells the TUI which rows form a group, so it can fold them.
func TestOrderRowsNameTheirGroup(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "add Hob ability=3")
	run(t, tr, "group Louts Bruce Hob")
	got := map[string]string{}
	for _, r := range tr.Sys.Order(tr.E).Rows {
		got[r.Name] = r.Group
	}
	want := map[string]string{"Paul": "", "Bruce": "Louts", "Hob": "Louts"}
	for name, g := range want {
		if got[name] != g {
			t.Errorf("%s: group %q, want %q (rows %v)", name, got[name], g, got)
		}
	}
	run(t, tr, "ungroup Louts")
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.Group != "" {
			t.Errorf("%s still in group %q after ungroup", r.Name, r.Group)
		}
	}
}
