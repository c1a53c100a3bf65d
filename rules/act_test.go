package rules

import (
	"errors"
	"strings"
	"testing"

	"fray/model"
)

// turnSys is testSys with who may act: the current combatant (CurrentMayAct),
// and a verb "hit NAME" that is an action.
type turnSys struct{ testSys }

func (turnSys) MayAct(e *model.Encounter, cb *model.Combatant, k ActKind) error {
	return CurrentMayAct(e, cb, k)
}

func (turnSys) Verbs() []Verb {
	return []Verb{{Name: "hit", Usage: "hit NAME [react]", Run: func(c *Ctx, args []string) error {
		if len(args) == 0 {
			return errors.New("hit whom?")
		}
		cb, err := c.Find(args[0])
		if err != nil {
			return err
		}
		kind := OnTurn
		if len(args) > 1 {
			kind = OutOfTurn
		}
		if err := c.MayAct(cb, kind); err != nil {
			return err
		}
		c.Event("%s hits", cb.Name)
		return nil
	}}}
}

func turnTracker(t *testing.T, lines ...string) *Tracker {
	t.Helper()
	tr := NewTracker(model.New("test", 1), turnSys{})
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

func TestWhoMayAct(t *testing.T) {
	tr := turnTracker(t, "add A", "add B", "add C", "init A 15", "init B 10", "init C 5", "set C status=dead")
	// Before combat there are no turns: anyone able may act.
	if _, err := tr.Apply("hit B"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ line, want string }{
		{"hit C", "C is dead — put force first to do it anyway"},
	} {
		if _, err := tr.Apply(tc.line); err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.line, err, tc.want)
		}
	}
	if _, err := tr.Apply("next"); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Apply("hit A"); err != nil {
		t.Fatal(err)
	}
	n := tr.E.Log.Len()
	_, err := tr.Apply("hit B")
	var r *Refusal
	if !errors.As(err, &r) || r.Reason != "it is A's turn, not B's" || tr.E.Log.Len() != n {
		t.Fatalf("out of turn: %v", err)
	}
	if _, err := tr.Apply("hit B react"); err != nil {
		t.Fatalf("a reaction out of turn: %v", err)
	}
	if _, err := tr.Apply("hit C react"); err == nil {
		t.Fatal("a dead combatant reacted")
	}
	// force pushes it through, and the log says what was forced.
	res, err := tr.Apply("force hit B")
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, en := range res.Entries {
		got = append(got, en.Text)
	}
	if strings.Join(got, "|") != "force hit B|forced: it is A's turn, not B's|B hits" {
		t.Fatalf("forced log %q", got)
	}
	for _, bad := range []string{"force", "force force hit B", "force undo", "force nosuch"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	// A forced command that fails for another reason still fails.
	if _, err := tr.Apply("force hit Zed"); err == nil {
		t.Error("force hit Zed: no error")
	}
	if names := actorNames(tr, OnTurn); names != "A" {
		t.Errorf("actors %q", names)
	}
	if names := actorNames(tr, OutOfTurn); names != "A B" {
		t.Errorf("reactors %q", names)
	}
}

func actorNames(tr *Tracker, k ActKind) string {
	var ns []string
	for _, cb := range Actors(tr.Sys, tr.E, k) {
		ns = append(ns, cb.Name)
	}
	return strings.Join(ns, " ")
}

// A system without rules of its own lets anyone able act.
func TestDefaultMayAct(t *testing.T) {
	tr := NewTracker(model.New("test", 1), testSys{})
	for _, l := range []string{"add A", "add B", "set B status=unconscious", "next"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatal(err)
		}
	}
	a, b := tr.E.Combatants[0], tr.E.Combatants[1]
	if MayAct(tr.Sys, tr.E, a, OnTurn) != nil || MayAct(tr.Sys, tr.E, b, OnTurn) == nil {
		t.Fatal("default who may act")
	}
	if got := MayAct(tr.Sys, tr.E, b, OnTurn).Error(); !strings.HasPrefix(got, "B is unconscious") {
		t.Fatal(got)
	}
}
