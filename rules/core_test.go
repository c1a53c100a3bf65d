package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/model"
	"fray/rules/dice"
)

// testSys is the smallest System that exercises the engine: a sheet of hit
// points, initiative from a d20, highest first, one turn each a round. Its
// verbs "spoil" and "boom" change everything they can and then fail or
// panic, to prove that the tracker restores the encounter.
type testSys struct{}

type hpSheet struct{ HP int }

func (s *hpSheet) Clone() model.Sheet { n := *s; return &n }

// Lendable: the test system changes a sheet only through OwnSheet, so
// the tracker lends its sheets and profiles as it lends the shipped
// systems', and these tests run under model.CheckLending with them lent.
func (*hpSheet) Lendable()        {}
func (s *hpSheet) Keys() []string { return []string{"hp"} }

func (s *hpSheet) Get(key string) (string, bool) {
	if key == "hp" {
		return strconv.Itoa(s.HP), true
	}
	return "", false
}

func (s *hpSheet) Set(key, value string) error {
	if key != "hp" {
		return fmt.Errorf("unknown field %q", key)
	}
	n, err := Int("hp", value)
	if err != nil {
		return err
	}
	s.HP = n
	return nil
}

func (testSys) ID() string                             { return "test" }
func (testSys) Name() string                           { return "Test rules" }
func (testSys) NewSheet() model.Sheet                  { return &hpSheet{HP: 10} }
func (testSys) Demos() []Demo                          { return nil }
func (testSys) Added(c *Ctx, _ *model.Combatant) error { sortByInit(c.E); return nil }

func (testSys) Options() []Option {
	return []Option{{Key: "mode", Default: "calm", Values: []string{"calm", "grim"}}, {Key: "bonus", Default: "0"}}
}

func (testSys) Verbs() []Verb {
	return []Verb{
		{Name: "spoil", Usage: "spoil", Summary: "change everything, then fail", Run: func(c *Ctx, _ []string) error {
			if err := wreck(c); err != nil {
				return err
			}
			return errors.New("spoiled on purpose")
		}},
		{Name: "boom", Usage: "boom", Summary: "change everything, then panic", Run: func(c *Ctx, _ []string) error {
			_ = wreck(c)
			var m map[string]int
			m["x"] = 1 // a nil-map write: a real runtime panic
			return nil
		}},
	}
}

// wreck changes every part of the encounter a command could touch.
func wreck(c *Ctx) error {
	e := c.E
	e.Round += 5
	e.Current = 99
	e.Phase = "wrecked"
	e.Count = 42
	e.Turn["k"] = "v"
	e.Options["mode"] = "grim"
	e.Title = "ruin"
	for _, cb := range e.Combatants {
		cb.OwnProfile().Name += "!"
		cb.Init = -7
		cb.Status = model.Dead
		cb.SetCond("ruined", 3)
		_ = cb.OwnSheet().Set("hp", "-5")
	}
	slices.Reverse(e.Order)
	if len(e.Combatants) > 0 {
		e.Remove(e.Combatants[0].ID)
	}
	_ = e.Add(&model.Combatant{Profile: (&model.Profile{Name: "Intruder"}).WithSheet(&hpSheet{})})
	e.Queue = append(e.Queue, 4)
	c.Event("the wreck is logged")
	_, err := c.Dice.Roll("GM", "wreck", dice.Expr{Text: "3d6", Terms: []dice.Term{{Sign: 1, Count: 3, Sides: 6}}})
	return err
}

func sortByInit(e *model.Encounter) {
	e.SortOrder(func(a, b *model.Combatant) bool {
		if a.HasInit != b.HasInit {
			return a.HasInit
		}
		return a.Init > b.Init
	})
}

func (testSys) RollInit(c *Ctx, cb *model.Combatant) error {
	f, err := c.Dice.Face(20, cb.Name, "initiative")
	if err != nil {
		return err
	}
	c.Dice.Emit(dice.Roll{Who: cb.Name, Why: "initiative", Expr: "d20", Faces: []int{f}, Total: f})
	return testSys{}.SetInit(c, cb, f)
}

func (testSys) SetInit(c *Ctx, cb *model.Combatant, score int) error {
	cb.Init, cb.HasInit = score, true
	sortByInit(c.E)
	c.Event("%s has initiative %d", cb.Name, score)
	return nil
}

// Next gives the turn to the next combatant able to act, starting a new
// round after the last.
func (testSys) Next(c *Ctx) error {
	e := c.E
	start := 0
	if e.Round == 0 {
		e.StartRound(1)
	} else {
		start = e.OrderIndex(e.Current) + 1
	}
	for pass := 0; pass < 2; pass++ {
		for i := start; i < len(e.Order); i++ {
			if cb := e.ByID(e.Order[i]); cb.Status.CanAct() {
				e.Current = cb.ID
				c.Event("round %d: %s's turn", e.Round, cb.Name)
				return nil
			}
		}
		e.StartRound(e.Round + 1)
		start = 0
	}
	return errors.New("nobody can act")
}

func (testSys) Prev(c *Ctx) error {
	i := c.E.OrderIndex(c.E.Current)
	if i <= 0 {
		return errors.New("already at the top of the order")
	}
	c.E.Current = c.E.Order[i-1]
	return nil
}

func (testSys) Order(e *model.Encounter) OrderView {
	v := OrderView{Header: fmt.Sprintf("Round %d", e.Round)}
	for _, id := range e.Order {
		cb := e.ByID(id)
		v.Rows = append(v.Rows, OrderRow{ID: id, Name: cb.Name, Score: strconv.Itoa(cb.Init), Current: id == e.Current})
	}
	return v
}

func (testSys) Describe(_ *model.Encounter, cb *model.Combatant) []Field {
	hp, _ := cb.Sheet().Get("hp")
	return []Field{{Label: "HP", Value: hp}}
}

func (testSys) Harm(*model.Encounter, *model.Combatant) Harm { return Harm{} }

// newTracker starts a test encounter (seed 1) and adds the names given.
func newTracker(t testing.TB, names ...string) *Tracker {
	t.Helper()
	tr := NewTracker(model.New("test", 1), testSys{})
	for _, n := range names {
		mustApply(t, tr, "add "+Quote(n))
	}
	return tr
}

func mustApply(t testing.TB, tr *Tracker, line string) Result {
	t.Helper()
	res, err := tr.Apply(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return res
}

func hp(t *testing.T, tr *Tracker, name string) string {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := cb.Sheet().Get("hp")
	return v
}

func TestAdd(t *testing.T) {
	tr := newTracker(t)
	mustApply(t, tr, `add "Brother Marcus" side=monks note="old and wise" hp=7 init=12`)
	cb, err := tr.E.Find("brother")
	if err != nil {
		t.Fatal(err)
	}
	if cb.Side != "monks" || cb.Note != "old and wise" || hp(t, tr, "brother") != "7" || cb.Init != 12 || !cb.HasInit {
		t.Fatalf("added %+v", cb)
	}
	mustApply(t, tr, "add Alan init=15")
	if got := tr.E.Order; !slices.Equal(got, []int{2, 1}) {
		t.Fatalf("order %v, want Alan first", got)
	}
	for _, bad := range []string{"add", "add a b", "add alan", "add Zed hp=lots", "add Zed status=sleepy",
		"add Zed init=x", `add " "`, "add Zed colour=red"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if len(tr.E.Combatants) != 2 {
		t.Fatalf("failed adds left %d combatants", len(tr.E.Combatants))
	}
}

func TestRemoveAndSet(t *testing.T) {
	tr := newTracker(t, "Alan", "Bruce", "Carl")
	mustApply(t, tr, "next")
	mustApply(t, tr, "next")
	mustApply(t, tr, "remove bruce")
	if cur := tr.E.ByID(tr.E.Current); cur == nil || cur.Name != "Carl" {
		t.Fatalf("after removing the current combatant the turn is %v", cur)
	}
	mustApply(t, tr, "remove carl")
	if cur := tr.E.ByID(tr.E.Current); cur == nil || cur.Name != "Alan" {
		t.Fatalf("after removing the last in order the turn is %v", cur)
	}
	mustApply(t, tr, "set alan name=Alanna hp=3 side=red status=unconscious")
	cb, _ := tr.E.Find("alanna")
	if cb == nil || cb.Side != "red" || cb.Status != model.Unconscious || hp(t, tr, "alanna") != "3" {
		t.Fatalf("set gave %+v", cb)
	}
	mustApply(t, tr, "add Dora")
	for _, bad := range []string{"set alanna", "set hp=3", "set alanna name=dora", "set alanna name=a=b",
		`set alanna "name= "`, "remove", "remove nobody", "set alanna hp=2000000"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	mustApply(t, tr, `set dora "name=  Dora Grey  "`)
	if _, err := tr.E.Find("Dora Grey"); err != nil {
		t.Fatalf("a renamed combatant keeps spaces around its name: %v", err)
	}
}

// A face queued by mistake (dice 0, then a d20 is wanted) stopped every
// roll, also after reopening the file, where undo no longer reaches it:
// the refusal says how out, and dice clear drops what is queued.
func TestDiceClear(t *testing.T) {
	tr := newTracker(t, "Alan", "Bruce")
	mustApply(t, tr, "dice 25 0")
	_, err := tr.Apply("init all roll")
	if err == nil || !strings.Contains(err.Error(), "queued face 25 does not fit a d20: dice clear drops the queued faces") {
		t.Fatalf("a face that does not fit: %v", err)
	}
	res := mustApply(t, tr, "dice clear")
	if len(tr.E.Queue) != 0 || !strings.Contains(logText(res), "queued faces dropped: 25 0") {
		t.Fatalf("dice clear: queue %v, log %s", tr.E.Queue, logText(res))
	}
	mustApply(t, tr, "init all roll")
	if _, err := tr.Apply("dice clear"); err == nil || !strings.Contains(err.Error(), "no faces are queued") {
		t.Errorf("dice clear with nothing queued: %v", err)
	}
	if _, err := tr.Apply("dice clear 3"); err == nil {
		t.Error("dice clear 3 was taken")
	}
}

func TestInit(t *testing.T) {
	tr := newTracker(t, "Alan", "Bruce")
	mustApply(t, tr, "dice 4 19")
	mustApply(t, tr, "init all roll")
	a, _ := tr.E.Find("alan")
	b, _ := tr.E.Find("bruce")
	if a.Init != 4 || b.Init != 19 || !slices.Equal(tr.E.Order, []int{b.ID, a.ID}) {
		t.Fatalf("init all roll: %d %d order %v", a.Init, b.Init, tr.E.Order)
	}
	mustApply(t, tr, "init alan +25")
	if a, _ = tr.E.Find("alan"); a.Init != 25 || tr.E.Order[0] != a.ID {
		t.Fatalf("init alan 25: %d, order %v", a.Init, tr.E.Order)
	}
	for _, bad := range []string{"init", "init alan", "init all 5", "init alan x", "init zed 3"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	mustApply(t, tr, "add Allard")
	mustApply(t, tr, "init all 7")
	if c, _ := tr.E.Find("allard"); c.Init != 7 {
		t.Fatalf("init all 7 with Allard present set %d", c.Init)
	}
	empty := newTracker(t)
	if _, err := empty.Apply("init all roll"); err == nil {
		t.Error("init all roll with nobody: no error")
	}
}

func TestCondNoteRollDelay(t *testing.T) {
	tr := newTracker(t, "Alan")
	mustApply(t, tr, "cond alan Prone")
	if k, ok := tr.E.Combatants[0].Cond("prone"); !ok || k.Expires != 0 {
		t.Fatalf("cond: %+v %v", k, ok)
	}
	mustApply(t, tr, "uncond alan PRONE")
	if tr.E.Combatants[0].HasCond("prone") {
		t.Fatal("uncond left the condition")
	}
	res := mustApply(t, tr, "note the bridge burns")
	if res.Message != "note: the bridge burns" {
		t.Fatalf("note message %q", res.Message)
	}
	mustApply(t, tr, "dice 6 2")
	res = mustApply(t, tr, "roll 2d6+1 to jump")
	last := res.Entries[len(res.Entries)-1]
	if last.Kind != model.KindRoll || last.Total != 9 || last.Why != "to jump" || !slices.Equal(last.Faces, []int{6, 2}) {
		t.Fatalf("roll entry %+v", last)
	}
	for _, bad := range []string{"cond alan", `cond alan ""`, "cond alan x 0", "cond alan x y", "uncond alan prone",
		"uncond alan", "note", "roll", "roll 2x", "dice", "dice 1001", "dice -1", "dice x",
		"delay alan", "act alan", "option", "option mode", "option mode wild", "option bonus x", "option speed 3"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	mustApply(t, tr, "option MODE Grim")
	mustApply(t, tr, "option bonus -2")
	c := newCtx(tr.E, tr.Sys)
	if c.Option("mode") != "grim" || c.Option("bonus") != "-2" || c.Option("nothing") != "" {
		t.Fatalf("options %v", tr.E.Options)
	}
	if c2 := newCtx(model.New("test", 1), testSys{}); c2.Option("mode") != "calm" {
		t.Fatalf("default option %q", c2.Option("mode"))
	}
}

func TestHelpAndRegistry(t *testing.T) {
	tr := newTracker(t)
	help := tr.Help()
	for _, v := range []string{"add [COUNT] NAME", "dice N", "undo", "redo", "spoil", "next"} {
		if !strings.Contains(help, v) {
			t.Errorf("help lacks %q", v)
		}
	}
	vs := tr.Verbs()
	if !slices.IsSortedFunc(vs, func(a, b Verb) int { return strings.Compare(a.Name, b.Name) }) {
		t.Error("verbs not sorted")
	}
	var r Registry
	if err := r.Register(testSys{}); err != nil {
		t.Fatal(err)
	}
	if err := r.Register(testSys{}); err == nil {
		t.Error("registered test twice")
	}
	if s, err := r.Lookup("TEST"); err != nil || s.ID() != "test" {
		t.Errorf("Lookup: %v %v", s, err)
	}
	if _, err := r.Lookup("gurps"); err == nil || !strings.Contains(err.Error(), "test") {
		t.Errorf("Lookup of an unknown system: %v", err)
	}
	// A slip of an id ("swordz") says which it is one letter from.
	if _, err := r.Lookup("tets"); err == nil || err.Error() != `unknown system "tets": did you mean test? (known: test)` {
		t.Errorf("Lookup of a slip: %v", err)
	}
	if len(r.All()) != 1 {
		t.Error("All")
	}
}

// cond and uncond take a comma list of labels, as they take one of
// names: each label given (for the rounds or until= given), one log line
// naming them all; a label listed twice or an empty one is refused and
// changes nothing; uncond of several drops each, refusing one that is
// not there (unless several combatants were named).
func TestCondLabelList(t *testing.T) {
	tr := newTracker(t, "Alan", "Bea")
	res := mustApply(t, tr, "cond alan prone,Blinded,deafened 2")
	alan := find(t, tr, "Alan")
	for _, l := range []string{"prone", "blinded", "deafened"} {
		if k, ok := alan.Cond(l); !ok || k.Expires != 3 {
			t.Errorf("cond list: %s = %+v %v", l, k, ok)
		}
	}
	if msg := res.Message; msg != "Alan is prone, blinded and deafened for 2 rounds" {
		t.Errorf("message %q", msg)
	}
	mustApply(t, tr, `cond "alan,bea" "stunned, shaken"`)
	for _, n := range []string{"Alan", "Bea"} {
		if c := find(t, tr, n); !c.HasCond("stunned") || !c.HasCond("shaken") {
			t.Errorf("%s lacks stunned or shaken: %v", n, c.Conds)
		}
	}
	for _, bad := range []string{"cond alan prone,", "cond alan ,prone", "cond alan prone,,x", "cond alan x,X", "uncond alan prone,nothing"} {
		before := len(find(t, tr, "Alan").Conds)
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
		if after := len(find(t, tr, "Alan").Conds); after != before {
			t.Errorf("%q changed the conditions: %d to %d", bad, before, after)
		}
	}
	res = mustApply(t, tr, "uncond alan PRONE,blinded")
	if alan = find(t, tr, "Alan"); alan.HasCond("prone") || alan.HasCond("blinded") || !alan.HasCond("deafened") {
		t.Errorf("uncond list left %v", alan.Conds)
	}
	if msg := res.Message; msg != "Alan is no longer prone and blinded" {
		t.Errorf("message %q", msg)
	}
	mustApply(t, tr, "uncond alan,bea stunned,deafened") // Bea is not deafened: one of several
	if find(t, tr, "Bea").HasCond("stunned") || find(t, tr, "Alan").HasCond("deafened") {
		t.Error("uncond of several names and labels left some")
	}
}
