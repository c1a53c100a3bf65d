package saves

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// tSheet is the test system's sheet: a number, a choice and a count.
type tSheet struct {
	Might  int
	Armor  string
	Wounds int
}

func (s *tSheet) Clone() model.Sheet { n := *s; return &n }
func (s *tSheet) Keys() []string     { return []string{"might", "armor", "wounds"} }

func (s *tSheet) Get(k string) (string, bool) {
	switch k {
	case "might":
		return strconv.Itoa(s.Might), true
	case "armor":
		return s.Armor, true
	case "wounds":
		return strconv.Itoa(s.Wounds), true
	}
	return "", false
}

func (s *tSheet) Set(k, v string) error {
	switch strings.ToLower(k) {
	case "might":
		n, err := rules.Int("might", v)
		if err != nil {
			return err
		}
		s.Might = n
	case "armor":
		switch v {
		case "none", "light", "heavy":
			s.Armor = v
		default:
			return fmt.Errorf("armor is none, light or heavy, not %q", v)
		}
	case "wounds":
		n, err := rules.Int("wounds", v)
		if err != nil {
			return err
		}
		if n < 0 {
			return fmt.Errorf("wounds cannot be negative")
		}
		s.Wounds = n
	default:
		return fmt.Errorf("no field %q (fields: might, armor, wounds)", k)
	}
	return nil
}

// tSys is a minimal system: initiative order from rules.InitOrder, a d10
// for initiative, two options.
type tSys struct{ rules.InitOrder }

func (tSys) ID() string                                                { return "test" }
func (tSys) Name() string                                              { return "Test System" }
func (tSys) NewSheet() model.Sheet                                     { return &tSheet{Armor: "none"} }
func (tSys) Verbs() []rules.Verb                                       { return nil }
func (tSys) Demos() []rules.Demo                                       { return nil }
func (tSys) Added(*rules.Ctx, *model.Combatant) error                  { return nil }
func (tSys) Order(*model.Encounter) rules.OrderView                    { return rules.OrderView{} }
func (tSys) Harm(*model.Encounter, *model.Combatant) rules.Harm        { return rules.Harm{} }
func (tSys) Describe(*model.Encounter, *model.Combatant) []rules.Field { return nil }
func (tSys) Options() []rules.Option {
	return []rules.Option{
		{Key: "botch", Default: "on", Values: []string{"on", "off"}},
		{Key: "bonus", Default: "0"},
	}
}

func (s tSys) RollInit(c *rules.Ctx, cb *model.Combatant) error {
	f, err := c.Dice.Face(10, cb.Name, "initiative")
	if err != nil {
		return err
	}
	c.Dice.Emit(diceRoll(cb.Name, f))
	return s.SetInit(c, cb, f)
}

func (s tSys) SetInit(c *rules.Ctx, cb *model.Combatant, score int) error {
	cb.Init, cb.HasInit = score, true
	s.Sort(c.E)
	return nil
}

func diceRoll(who string, f int) dice.Roll {
	return dice.Roll{Who: who, Why: "initiative", Expr: "d10", Faces: []int{f}, Total: f}
}

var _ rules.System = tSys{}
var _ rules.Delayer = tSys{}

func testReg(t testing.TB) *rules.Registry {
	t.Helper()
	r := &rules.Registry{}
	if err := r.Register(tSys{}); err != nil {
		t.Fatal(err)
	}
	return r
}

// script runs commands through a Tracker, failing the test on any error.
func script(t testing.TB, lines ...string) *model.Encounter {
	t.Helper()
	tr := rules.NewTracker(model.New("test", 42), tSys{})
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr.E
}

// fight is an encounter with every kind of state: removed combatants (so
// IDs have gaps), a delay, conditions, statuses, options, queued dice,
// rolls and awkward text.
func fight(t testing.TB) *model.Encounter {
	return script(t,
		`add Paul side=players might=3 armor=light`,
		`add "Brother Marcus" side=players note="wears a \"hair shirt\"\\ and\tsandals"`,
		`add Ghost side=foes`,
		`add Goblin side=foes might=-1`,
		`add "Ærlig Ørn" side=foes armor=heavy`,
		`remove Ghost`,
		`option botch off`,
		`option bonus 2`,
		`dice 7 3 0 5 6 2 4`,
		`next`,
		`cond Paul prone 3`,
		`cond Goblin "on fire"`,
		`roll 2d6+3 sneaky "attack"`,
		`note line one\nstill one # not a comment`,
		`delay Goblin`,
		`next`,
		`set Paul wounds=2 status=unconscious`,
		`set Ærlig note=ünïcødé☃`,
		`next`,
	)
}

// bigFight is n combatants with a log of logLen entries, built directly
// (fast) rather than through commands.
func bigFight(n, logLen int) *model.Encounter {
	e := model.New("test", 0x9e3779b97f4a7c15)
	e.Title = "Siege of the keep"
	e.Options["botch"] = "off"
	for i := range n {
		c := &model.Combatant{Init: i % 17, HasInit: true, Profile: (&model.Profile{Tie: i % 5, Name: fmt.Sprintf("Soldier %d", i+1), Side: []string{"keep", "host"}[i%2]}).WithSheet(&tSheet{Might: i % 7, Armor: "light", Wounds: i % 3})}
		if i%10 == 0 {
			c.Conds = []model.Condition{{Label: "prone", Expires: 4}, {Label: "stunned"}}
		}
		if err := e.Add(c); err != nil {
			panic(err)
		}
	}
	e.Round, e.Current = 3, 1
	for i := range logLen {
		switch i % 3 {
		case 0:
			e.Append(model.Entry{Kind: model.KindCommand, Text: fmt.Sprintf("attack \"Soldier %d\" Soldier 2", i%n+1)})
		case 1:
			e.Append(model.Entry{Kind: model.KindRoll, Who: "Soldier 2", Why: "attack", Expr: "stress+12",
				Faces: []int{1, 7}, Special: "doubled", Total: 26})
		default:
			e.Append(model.Entry{Kind: model.KindEvent, Text: "Soldier 2 takes a light wound"})
		}
	}
	return e
}

func encode(t testing.TB, e *model.Encounter) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func decode(t testing.TB, data []byte) *model.Encounter {
	t.Helper()
	e, sys, err := Decode("test.toml", data, testReg(t))
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if sys.ID() != "test" {
		t.Fatalf("system %q", sys.ID())
	}
	return e
}

// sameEncounter fails unless a and b hold the same state. Empty and nil
// slices count as equal; everything else must match exactly.
func sameEncounter(t testing.TB, a, b *model.Encounter) {
	t.Helper()
	a, b = normal(a), normal(b)
	if !reflect.DeepEqual(a, b) {
		ja, jb := fmt.Sprintf("%+v", *a), fmt.Sprintf("%+v", *b)
		t.Fatalf("encounters differ:\n%s\n%s", ja, jb)
	}
	for i := range a.Combatants {
		if !reflect.DeepEqual(a.Combatants[i], b.Combatants[i]) {
			t.Fatalf("combatant %d differs:\n%+v\n%+v", i, a.Combatants[i], b.Combatants[i])
		}
	}
}

func normal(e *model.Encounter) *model.Encounter {
	n := e.Clone()
	log := slices.Clone(e.Log.From(0))
	for i := range log {
		if len(log[i].Faces) == 0 {
			log[i].Faces = nil
		}
	}
	n.Log = model.LogOf(log)
	if len(n.Order) == 0 {
		n.Order = nil
	}
	if len(n.Queue) == 0 {
		n.Queue = nil
	}
	for _, c := range n.Combatants {
		if len(c.Conds) == 0 {
			c.Conds = nil
		}
	}
	return n
}
