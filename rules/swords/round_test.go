package swords_test

import (
	"strings"
	"testing"

	"fray/model"
)

// Initiative is 2d6 + Dex; equal scores go to the higher Dex.
func TestInitiative(t *testing.T) {
	tr := newTracker(t, "add Slow dex=0", "add Quick dex=2")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 4 3 2", "init Slow roll", "init Quick roll")
	hasEvent(t, tr, from, "Slow: Initiative 2d6 9")
	hasEvent(t, tr, from, "Quick: Initiative 2d6 5 + Dex 2 = 7")
	run(t, tr, "init Slow 7")
	if got := tr.Sys.Order(tr.E).Rows[0].Name; got != "Quick" {
		t.Fatalf("tie at 7: %s first, want Quick (higher Dex)", got)
	}
	run(t, tr, "next", "dice 6 6", "add Late dex=1")
	if tr.E.Order[0] != comb(t, tr, "Late").ID {
		t.Fatal("a late arrival is rolled into the order")
	}
}

// The action penalty and the no-defense rule last one round; undo brings
// them back across the round change.
func TestRoundReset(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next")
	from := tr.E.Log.Len()
	run(t, tr, "action Jot runs", "action Jot jumps")
	hasEvent(t, tr, from, "Jot: jumps (action 2 this round, skill rolls −2)")
	if got := marks(t, tr, "Jot"); got != "2 actions · next −4, no defense" {
		t.Fatalf("marks %q", got)
	}
	run(t, tr, "next", "next") // Mung, then round 2
	if tr.E.Round != 2 {
		t.Fatalf("round %d", tr.E.Round)
	}
	if got := tally(t, tr, "Jot"); got.Actions != 0 || !got.CanDefend() {
		t.Fatalf("round 2 starts with %+v", got)
	}
	if got := marks(t, tr, "Jot"); got != "" {
		t.Errorf("marks in round 2: %q", got)
	}
	for k := range tr.E.Turn {
		if strings.HasPrefix(k, "actions:") {
			t.Errorf("stale round state %s=%s kept", k, tr.E.Turn[k])
		}
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 1 3 3", "force attack Mung Jot")
	hasEvent(t, tr, from, "Jot: Defense 2d6 6 + Dex 3 + Defense 4 = 13")

	run(t, tr, "undo", "undo", "undo") // the attack, the dice, the round change
	if tr.E.Round != 1 {
		t.Fatalf("undo: round %d", tr.E.Round)
	}
	if got := tally(t, tr, "Jot"); got.Actions != 2 || got.CanDefend() {
		t.Fatalf("undo did not restore round 1's actions: %+v", got)
	}
	fails(t, tr, "defend Jot", "cannot defend")
	run(t, tr, "redo")
	if got := tally(t, tr, "Jot"); tr.E.Round != 2 || got.Actions != 0 {
		t.Fatalf("redo: round %d, %+v", tr.E.Round, got)
	}
}

func TestDefendAndSkillVerbs(t *testing.T) {
	tr := newTracker(t, addJot, `add Rider dex=1 riding=3 int=2 tactics=4`, "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 2 3", "defend Jot", "defend Jot def=4 mod=1")
	hasEvent(t, tr, from, "Jot: Defense 2d6 5 + Dex 3 + Defense 4 = 12")
	hasEvent(t, tr, from, "Jot: Defense 4 (entered)")
	if got := tally(t, tr, "Jot"); got.Actions != 2 || got.Defenses != 2 || !got.CanDefend() {
		t.Fatalf("two defenses: %+v", got)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4 1 2", "skill Rider riding vs=12", "skill Rider tactics vs=8 mod=-1")
	hasEvent(t, tr, from, "Rider: Riding 2d6 8 + Dex 1 + Riding 3 = 12 against 12: failure")
	hasEvent(t, tr, from, "Rider: Tactics 2d6 3 + Int 2 + Tactics 4 − mod 1 = 8 against 8: failure")
	if tally(t, tr, "Rider").Actions != 0 {
		t.Fatal("a skill roll counted as an action")
	}
	run(t, tr, "dice 6 6", "skill Jot defense")
	hasEvent(t, tr, from, "Jot: Defense 2d6 12 + Dex 3 + Defense 4 − actions 2 = 17")
	for _, c := range []struct{ line, want string }{
		{"skill Jot", "a name and a skill"},
		{"skill Jot cooking", "unknown skill"},
		{"skill Jot riding at=3", "unknown option"},
		{"defend", "one name"},
		{"action", "a name"},
		{"action Nobody", "no combatant"},
	} {
		fails(t, tr, c.line, c.want)
	}
	run(t, tr, "set Jot status=unconscious")
	fails(t, tr, "action Jot", "Jot is unconscious")
}

// Delayed actions work as in the shared engine.
func TestDelay(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next", "delay Jot")
	if cur := tr.E.ByID(tr.E.Current); cur == nil || cur.Name != "Mung" {
		t.Fatal("delay passes the turn")
	}
	run(t, tr, "act Jot")
	if comb(t, tr, "Jot").Delaying {
		t.Fatal("act ends the delay")
	}
}

// The row tells the Health level by name and the action penalty once,
// beside the number of actions: no number after Hurt to mistake for a
// wound penalty.
func TestRowShowsPenaltyOnce(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next", "set Jot stamina=1 largest=6")
	run(t, tr, "action Jot runs")
	if got := marks(t, tr, "Jot"); got != "1 action · next −2, no defense" {
		t.Errorf("marks %q after one action", got)
	}
	run(t, tr, "action Jot jumps")
	if got := tr.Sys.Harm(tr.E, comb(t, tr, "Jot")).Gauge; got != "St 1/10 Hurt" {
		t.Errorf("summary %q", got)
	}
	if got := marks(t, tr, "Jot"); got != "2 actions · next −4, no defense" {
		t.Errorf("marks %q", got)
	}
}

// The sheet and the row tell the penalty the next action's roll will
// take, not the last one's: after one action the next roll is at −2, and
// the roll that follows logs exactly that.
func TestPenaltyShownIsTheNextRolls(t *testing.T) {
	tr := newTracker(t, addJot, addMung, "next")
	if got := field(t, tr, "Jot", "This round"); got != "no action yet · next roll 0 · may defend" {
		t.Errorf("sheet before acting %q", got)
	}
	run(t, tr, "action Jot runs")
	if got := field(t, tr, "Jot", "This round"); got != "1 action so far · next action roll −2, other skill rolls 0 · cannot defend (acted without defending)" {
		t.Errorf("sheet after one action %q", got)
	}
	if got := marks(t, tr, "Jot"); got != "1 action · next −2, no defense" {
		t.Errorf("marks after one action %q", got)
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 3 1 1", "attack Jot Mung")
	hasEvent(t, tr, from, "Jot: Striking 2d6 6 + Dex 3 + Striking 4 − actions 2 = 11")
	if got := marks(t, tr, "Jot"); got != "2 actions · next −4, no defense" {
		t.Errorf("marks after two actions %q", got)
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 3 3 1 1", "attack Jot Mung")
	hasEvent(t, tr, from, "Jot: Striking 2d6 6 + Dex 3 + Striking 4 − actions 4 = 9")
}

// A dead combatant reads "dead" once in the order: as its status mark,
// not again in the summary.
func TestDeadSaidOnce(t *testing.T) {
	tr := newTracker(t, "add G maxstamina=40")
	run(t, tr, "damage G 20")
	cb := comb(t, tr, "G")
	if cb.Status != model.Dead {
		t.Fatalf("status %s, want dead", cb.Status)
	}
	line := strings.ToLower(tr.Sys.Harm(tr.E, cb).Gauge)
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.ID == cb.ID {
			line += " " + strings.Join(r.Marks, " ")
		}
	}
	if n := strings.Count(line, "dead"); n != 1 {
		t.Fatalf("%q says dead %d times, want once", line, n)
	}
}
