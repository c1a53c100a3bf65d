package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"fray/model"
	"fray/rules/dice"
)

// plainSheet is a sheet with one number, hp, for the tests of this package.
type plainSheet struct{ hp int }

func (p *plainSheet) Clone() model.Sheet { n := *p; return &n }
func (p *plainSheet) Keys() []string     { return []string{"hp"} }
func (p *plainSheet) Get(k string) (string, bool) {
	if k != "hp" {
		return "", false
	}
	return strconv.Itoa(p.hp), true
}
func (p *plainSheet) Set(k, v string) error {
	if k != "hp" {
		return fmt.Errorf("unknown field %q", k)
	}
	n, err := Int("hp", v)
	if err != nil {
		return err
	}
	p.hp = n
	return nil
}

// plainSys is the smallest working system: highest initiative first, a d20
// roll for initiative, hp on the sheet. Tests in this package use it so they
// need no real rule system.
type plainSys struct{ demos []Demo }

func (plainSys) ID() string                         { return "plain" }
func (plainSys) Name() string                       { return "Plain" }
func (plainSys) NewSheet() model.Sheet              { return &plainSheet{hp: 10} }
func (plainSys) Options() []Option                  { return nil }
func (plainSys) Verbs() []Verb                      { return nil }
func (p plainSys) Demos() []Demo                    { return p.demos }
func (plainSys) Added(*Ctx, *model.Combatant) error { return nil }
func (p plainSys) RollInit(c *Ctx, cb *model.Combatant) error {
	r, err := c.Dice.Face(20, cb.Name, "initiative")
	if err != nil {
		return err
	}
	c.Dice.Emit(dice.Roll{Who: cb.Name, Why: "initiative", Expr: "d20", Faces: []int{r}, Total: r})
	return p.SetInit(c, cb, r)
}
func (plainSys) SetInit(c *Ctx, cb *model.Combatant, n int) error {
	cb.Init, cb.HasInit = n, true
	c.E.SortOrder(func(a, b *model.Combatant) bool { return a.Init > b.Init })
	return nil
}
func (plainSys) Next(c *Ctx) error {
	if len(c.E.Order) == 0 {
		return errors.New("nobody to act")
	}
	i := c.E.OrderIndex(c.E.Current)
	if i < 0 || i == len(c.E.Order)-1 {
		c.E.StartRound(c.E.Round + 1)
		i = -1
	}
	c.E.Current = c.E.Order[i+1]
	c.Event("%s's turn", c.E.ByID(c.E.Current).Name)
	return nil
}
func (plainSys) Prev(*Ctx) error { return errors.New("no prev here") }
func (plainSys) Order(e *model.Encounter) OrderView {
	v := OrderView{Header: fmt.Sprintf("Round %d", e.Round)}
	for _, id := range e.Order {
		cb := e.ByID(id)
		v.Rows = append(v.Rows, OrderRow{ID: id, Score: strconv.Itoa(cb.Init), Name: cb.Name,
			Side: cb.Side, Current: id == e.Current, Out: !cb.Status.CanAct()})
	}
	return v
}
func (plainSys) Describe(e *model.Encounter, cb *model.Combatant) []Field {
	hp := cb.Sheet().(*plainSheet).hp
	return []Field{{Label: "hp", Value: strconv.Itoa(hp), Alert: hp <= 0}}
}
func (plainSys) Harm(e *model.Encounter, cb *model.Combatant) Harm {
	if cb.Sheet().(*plainSheet).hp <= 0 {
		return Harm{Severity: OutOfFight, Gauge: "down"}
	}
	return Harm{}
}

var _ System = plainSys{}

var skirmish = Demo{Name: "skirmish", Title: "A small skirmish", Script: []string{
	"# two against one",
	"add Ann side=heroes hp=12",
	"add Bob side=heroes",
	"",
	"add Cutthroat side=foes hp=0",
	"dice 5 17 9",
	"init all roll",
}}

func TestBuildDemo(t *testing.T) {
	s := plainSys{demos: []Demo{skirmish}}
	e, err := BuildDemo(s, "SKIRMISH", 42)
	if err != nil {
		t.Fatal(err)
	}
	if e.Title != "A small skirmish" || e.System != "plain" {
		t.Errorf("title %q system %q", e.Title, e.System)
	}
	var names []string
	for _, id := range e.Order {
		names = append(names, e.ByID(id).Name)
	}
	if got := strings.Join(names, " "); got != "Bob Cutthroat Ann" {
		t.Errorf("order %q, want Bob Cutthroat Ann", got)
	}
	if len(e.Queue) != 0 {
		t.Errorf("queue left: %v", e.Queue)
	}
	if e.RNG != 42 {
		t.Errorf("RNG moved to %d though every face was queued", e.RNG)
	}
	// The newest log line tells a newcomer what to press.
	if last := e.Log.At(e.Log.Len() - 1); !strings.Contains(last.Text, "A small skirmish is set up: next (n) starts the fight") {
		t.Errorf("last log line %q", last.Text)
	}
	// Building is repeatable.
	e2, err := BuildDemo(s, "skirmish", 42)
	if err != nil || LogText(e2.Log.From(0)) != LogText(e.Log.From(0)) {
		t.Errorf("second build differs: %v", err)
	}
}

func TestBuildDemoErrors(t *testing.T) {
	bad := Demo{Name: "bad", Title: "Broken", Script: []string{"add Ann", "# fine", "add Ann"}}
	s := plainSys{demos: []Demo{skirmish, bad}}
	_, err := BuildDemo(s, "bad", 1)
	if err == nil || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "add Ann") {
		t.Errorf("error %v should name line 3 and its text", err)
	}
	_, err = BuildDemo(s, "nope", 1)
	if err == nil || !strings.Contains(err.Error(), "skirmish, bad") {
		t.Errorf("error %v should list the demos", err)
	}
}

func TestFindDemo(t *testing.T) {
	var reg Registry
	if err := reg.Register(plainSys{demos: []Demo{skirmish}}); err != nil {
		t.Fatal(err)
	}
	s, d, err := FindDemo(&reg, "Skirmish")
	if err != nil || s.ID() != "plain" || d.Title != skirmish.Title {
		t.Fatalf("FindDemo: %v %v %v", s, d, err)
	}
	_, _, err = FindDemo(&reg, "brawl")
	if err == nil || !strings.Contains(err.Error(), "skirmish (plain)") {
		t.Errorf("error %v should list skirmish (plain)", err)
	}
	// One slip from a demo's name ("--demo goblin" for goblins) says which.
	_, _, err = FindDemo(&reg, "skirmsh")
	if err == nil || !strings.Contains(err.Error(), `no demo "skirmsh": did you mean skirmish? (known: skirmish (plain))`) {
		t.Errorf("a slip: %v", err)
	}
	_, _, err = FindDemo(&Registry{}, "brawl")
	if err == nil {
		t.Error("empty registry: want an error")
	}
}
