package rules_test

import (
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
	"fray/rules/dice"
)

func ioCtx(e *model.Encounter) *rules.Ctx {
	return &rules.Ctx{E: e, Sys: arm5.New(), Dice: dice.New(&e.RNG, &e.Queue, nil)}
}

func ioAdd(t *testing.T, e *model.Encounter, name string, init int, st model.Status) *model.Combatant {
	t.Helper()
	cb := &model.Combatant{Init: init, HasInit: init > 0, Status: st, Profile: (&model.Profile{Name: name}).WithSheet(&arm5.Sheet{})}
	if err := e.Add(cb); err != nil {
		t.Fatal(err)
	}
	return cb
}

func ioNames(e *model.Encounter) string {
	var ns []string
	for _, id := range e.Order {
		ns = append(ns, e.ByID(id).Name)
	}
	return strings.Join(ns, " ")
}

func TestInitOrderSortAndTies(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "none", 0, model.Active)
	a := ioAdd(t, e, "a", 5, model.Active)
	b := ioAdd(t, e, "b", 5, model.Active)
	ioAdd(t, e, "c", 9, model.Active)
	a.Tie, b.Tie = 2, 6
	o := rules.InitOrder{}
	o.Sort(e)
	if got := ioNames(e); got != "c b a none" {
		t.Fatalf("order %q", got)
	}
	// A custom tie rule wins over Tie; equal keys keep add order.
	o = rules.InitOrder{Before: func(x, y *model.Combatant) bool { return false }}
	o.Sort(e)
	if got := ioNames(e); got != "c a b none" {
		t.Fatalf("stable order %q", got)
	}
}

func TestInitOrderNextSkipsAndWraps(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "p", 10, model.Active)
	ioAdd(t, e, "dead", 9, model.Dead)
	ioAdd(t, e, "q", 8, model.Active)
	ioAdd(t, e, "out", 7, model.Unconscious)
	c := ioCtx(e)
	o := rules.InitOrder{}
	o.Sort(e)
	step := func(want string, round int) {
		t.Helper()
		if err := o.Next(c); err != nil {
			t.Fatal(err)
		}
		if e.ByID(e.Current).Name != want || e.Round != round {
			t.Fatalf("%s round %d, want %s round %d", e.ByID(e.Current).Name, e.Round, want, round)
		}
	}
	step("p", 1)
	step("q", 1)
	if !e.ByID(1).Acted {
		t.Error("p not marked as having acted")
	}
	step("p", 2)
	if e.ByID(1).Acted || e.ByID(3).Acted {
		t.Error("Acted survived the round change")
	}
	var log []string
	for _, en := range e.Log.All() {
		log = append(log, en.Text)
	}
	all := strings.Join(log, "\n")
	for _, w := range []string{"Round 1 begins", "p's turn", "dead is skipped (dead)", "out is skipped (unconscious)", "Round 2 begins"} {
		if !strings.Contains(all, w) {
			t.Errorf("log lacks %q:\n%s", w, all)
		}
	}
	if err := o.Prev(c); err != nil || e.ByID(e.Current).Name != "q" || e.Round != 1 {
		t.Fatalf("prev: %v, %d", err, e.Round)
	}
	e.ByID(1).Status, e.ByID(3).Status = model.Dead, model.Incapacitated
	if err := o.Next(c); err == nil {
		t.Error("next with nobody able to act")
	}
}

func TestInitOrderDelay(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "hi", 10, model.Active)
	ioAdd(t, e, "mid", 8, model.Active)
	ioAdd(t, e, "lo", 7, model.Active)
	c := ioCtx(e)
	o := rules.InitOrder{}
	o.Sort(e)
	if err := o.Next(c); err != nil {
		t.Fatal(err)
	}
	if err := o.Delay(c, e.ByID(1)); err != nil || e.ByID(e.Current).Name != "mid" {
		t.Fatalf("delay: %v, now %s", err, e.ByID(e.Current).Name)
	}
	if err := o.Delay(c, e.ByID(2)); err != nil {
		t.Fatal(err)
	}
	if d := o.Delayed(e); len(d) != 2 || d[0].Name != "hi" || d[1].Name != "mid" {
		t.Fatalf("delayed %v", d)
	}
	if err := o.Act(c, e.ByID(2)); err != nil || e.ByID(2).Delaying || !e.ByID(2).Acted {
		t.Fatal("act")
	}
	// mid acts now, breaking into lo's turn; next hands the turn back.
	if e.Current != 2 || o.Interrupted(e) != e.ByID(3) {
		t.Fatalf("acting: current %d, interrupted %v", e.Current, o.Interrupted(e))
	}
	if err := o.Act(c, e.ByID(3)); err == nil {
		t.Error("act without a delay")
	}
	if err := o.Delay(c, e.ByID(3)); err == nil {
		t.Error("delay of a turn that waits on a delayed action")
	}
	if err := o.Next(c); err != nil || e.Current != 3 || e.Round != 1 || o.Interrupted(e) != nil {
		t.Fatalf("next after the delayed action: %v, current %d round %d", err, e.Current, e.Round)
	}
	// hi never acts: its delay lapses when its turn comes again.
	if err := o.Next(c); err != nil {
		t.Fatal(err)
	}
	if e.Round != 2 || e.ByID(e.Current).Name != "hi" || e.ByID(1).Delaying {
		t.Fatalf("round %d, %s, delaying %v", e.Round, e.ByID(e.Current).Name, e.ByID(1).Delaying)
	}
	if _, ok := e.ByID(1).TurnItem("delay"); ok {
		t.Error("lapsed delay left turn state behind")
	}
}

// A delayed action that breaks into a turn already used up: next moves on
// past that turn instead of handing it back.
func TestInitOrderActAfterSpentTurn(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "hi", 10, model.Active)
	ioAdd(t, e, "mid", 8, model.Active)
	ioAdd(t, e, "lo", 7, model.Active)
	c := ioCtx(e)
	done := map[int]bool{}
	o := rules.InitOrder{Spent: func(_ *model.Encounter, cb *model.Combatant) bool { return done[cb.ID] }}
	o.Sort(e)
	if err := o.Next(c); err != nil {
		t.Fatal(err)
	}
	if err := o.Delay(c, e.ByID(1)); err != nil || e.Current != 2 {
		t.Fatalf("delay: %v", err)
	}
	done[2] = true
	if err := o.Act(c, e.ByID(1)); err != nil || e.Current != 1 {
		t.Fatalf("act: %v, current %d", err, e.Current)
	}
	if err := o.Delay(c, e.ByID(1)); err == nil {
		t.Error("delay in the middle of a delayed action")
	}
	if err := o.Next(c); err != nil || e.Current != 3 || e.Round != 1 || !e.ByID(2).Acted {
		t.Fatalf("next: %v, current %d, round %d", err, e.Current, e.Round)
	}
	// Prev during a delayed action goes back to the waiting turn.
	if err := o.Delay(c, e.ByID(3)); err != nil {
		t.Fatal(err)
	}
	if e.Round != 2 || e.Current != 1 {
		t.Fatalf("round %d current %d", e.Round, e.Current)
	}
	if err := o.Act(c, e.ByID(3)); err != nil || e.Current != 3 {
		t.Fatal("act lo")
	}
	if err := o.Prev(c); err != nil || e.Current != 1 || o.Interrupted(e) != nil {
		t.Fatalf("prev: %v, current %d", err, e.Current)
	}
}

// Return after a delayed action that took the interrupted combatant out:
// the turn passes on, as Next would, instead of going back to it.
func TestInitOrderReturnPassesOn(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "hi", 10, model.Active)
	ioAdd(t, e, "mid", 8, model.Active)
	ioAdd(t, e, "lo", 7, model.Active)
	c := ioCtx(e)
	o := rules.InitOrder{}
	o.Sort(e)
	if err := o.Next(c); err != nil {
		t.Fatal(err)
	}
	if err := o.Delay(c, e.ByID(1)); err != nil || e.Current != 2 {
		t.Fatalf("delay: %v", err)
	}
	if err := o.Act(c, e.ByID(1)); err != nil || e.Current != 1 {
		t.Fatalf("act: %v", err)
	}
	e.ByID(2).Status = model.Unconscious
	from := e.Log.Len()
	if ok, err := o.Return(c); !ok || err != nil {
		t.Fatalf("return: %v %v", ok, err)
	}
	if e.Current != 3 || o.Interrupted(e) != nil {
		t.Fatalf("current %d, interrupted %v", e.Current, o.Interrupted(e))
	}
	var got []string
	for _, l := range e.Log.From(from) {
		got = append(got, l.Text)
	}
	if want := "mid cannot act (unconscious): the turn passes on|lo's turn"; strings.Join(got, "|") != want {
		t.Errorf("log %q, want %q", strings.Join(got, "|"), want)
	}
	if ok, err := o.Return(c); ok || err != nil {
		t.Errorf("return with no delayed action: %v %v", ok, err)
	}
}

// PassBy leaves a combatant out of the turns without announcing its turn.
func TestInitOrderPassBy(t *testing.T) {
	e := model.New("arm5", 1)
	ioAdd(t, e, "hi", 10, model.Active)
	ioAdd(t, e, "mid", 8, model.Active)
	c := ioCtx(e)
	o := rules.InitOrder{PassBy: func(c *rules.Ctx, cb *model.Combatant) bool {
		if cb.Name != "hi" {
			return false
		}
		c.Event("hi rides along")
		return true
	}}
	o.Sort(e)
	if err := o.Next(c); err != nil || e.Current != 2 || !e.ByID(1).Acted {
		t.Fatalf("next: %v, current %d", err, e.Current)
	}
	for _, l := range e.Log.All() {
		if l.Text == "hi's turn" {
			t.Error("announced the turn of one passed by")
		}
	}
}
