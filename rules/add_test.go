package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/model"
)

// memLib is a Library in memory, for tests.
type memLib struct {
	ts      []Template
	broken  error
	parties map[string]Party
	saved   []Template
}

func (l *memLib) Templates(system string) ([]Template, error) { return l.ts, l.broken }

func (l *memLib) SaveTemplate(system string, t Template) (string, error) {
	l.saved = append(l.saved, t)
	return "mem/" + system + "/" + t.Name, nil
}

func (l *memLib) Party(name string, _ System) (Party, error) {
	p, ok := l.parties[strings.ToLower(name)]
	if !ok {
		return Party{}, fmt.Errorf("no party called %q", name)
	}
	return p, nil
}

func (l *memLib) Parties() ([]string, error) {
	var out []string
	for _, p := range l.parties {
		out = append(out, p.Name)
	}
	slices.Sort(out)
	return out, nil
}

func (l *memLib) SaveParty(p Party) (string, error) {
	if l.parties == nil {
		l.parties = map[string]Party{}
	}
	l.parties[strings.ToLower(p.Name)] = p
	return "mem/" + p.Name, nil
}

func libTracker(t testing.TB) (*Tracker, *memLib) {
	t.Helper()
	lib := &memLib{ts: []Template{
		{Name: "Goblin", Fields: []KV{{"side", "goblins"}, {"hp", "1d6+1"}}, File: "goblins.toml", Line: 3},
		{Name: "Goblin boss", Fields: []KV{{"side", "goblins"}, {"hp", "9"}}},
		{Name: "Cave bear", Fields: []KV{{"side", "beasts"}, {"hp", "3d8"}}},
		{Name: "Orc", Fields: []KV{{"side", "orcs"}, {"hp", "8"}}},
	}}
	tr := NewTracker(model.New("test", 1), testSys{})
	tr.SetLibrary(lib)
	return tr, lib
}

func allNames(tr *Tracker) string {
	var out []string
	for _, cb := range tr.E.Combatants {
		out = append(out, cb.Name)
	}
	return strings.Join(out, ", ")
}

func TestAddCountRollsEachCopy(t *testing.T) {
	tr, _ := libTracker(t)
	mustApply(t, tr, "dice 1 2 3 4 5 6")
	res := mustApply(t, tr, "add 6 goblin")
	if got := allNames(tr); got != "Goblin 1, Goblin 2, Goblin 3, Goblin 4, Goblin 5, Goblin 6" {
		t.Fatalf("names %s", got)
	}
	for i := 1; i <= 6; i++ {
		n := fmt.Sprintf("Goblin %d", i)
		if got := hp(t, tr, n); got != fmt.Sprint(i+1) {
			t.Errorf("%s hp %s, want %d (1d6+1 with face %d)", n, got, i+1, i)
		}
		if cb := find(t, tr, n); cb.Side != "goblins" {
			t.Errorf("%s side %q", n, cb.Side)
		}
	}
	rolls := 0
	for _, en := range res.Entries {
		if en.Kind == model.KindRoll && en.Why == "hp" && strings.HasPrefix(en.Who, "Goblin ") {
			rolls++
		}
	}
	if rolls != 6 {
		t.Errorf("%d hp rolls logged, want 6", rolls)
	}
	if !strings.Contains(logText(res), "from the template Goblin (goblins.toml): Goblin 1 … Goblin 6 (6)") {
		t.Errorf("log: %s", logText(res))
	}
	mustApply(t, tr, "undo")
	if len(tr.E.Combatants) != 0 {
		t.Errorf("one undo left %s", allNames(tr))
	}
}

func TestAddNumbersOnAndNames(t *testing.T) {
	tr, _ := libTracker(t)
	mustApply(t, tr, "add goblin")   // the template's own name
	mustApply(t, tr, "add 2 goblin") // exact wins over Goblin boss; on from the bare Goblin
	mustApply(t, tr, "add goblin")   // taken: numbered on
	mustApply(t, tr, `add 2 "cave b"`)
	mustApply(t, tr, "add 2 Raider from=or")
	mustApply(t, tr, "add Snaga from=orc hp=5")
	mustApply(t, tr, "add Orc from=")
	want := "Goblin, Goblin 2, Goblin 3, Goblin 4, Cave bear 1, Cave bear 2, Raider 1, Raider 2, Snaga, Orc"
	if got := allNames(tr); got != want {
		t.Fatalf("names\n got %s\nwant %s", got, want)
	}
	if hp(t, tr, "Snaga") != "5" || find(t, tr, "Snaga").Side != "orcs" {
		t.Errorf("Snaga hp %s side %q", hp(t, tr, "Snaga"), find(t, tr, "Snaga").Side)
	}
	if o := find(t, tr, "Orc"); o.Side != "" || hp(t, tr, "Orc") != "10" {
		t.Errorf("from= gave a template: side %q hp %s", o.Side, hp(t, tr, "Orc"))
	}
}

func TestAddRefusals(t *testing.T) {
	tr, lib := libTracker(t)
	mustApply(t, tr, "add Odo")
	ver := tr.Version()
	for line, want := range map[string]string{
		"add 0 goblin":         "the count must be from 1 to 1000, not 0",
		"add 1001 goblin":      "the count must be from 1 to 1000, not 1001",
		"add 3 wyvern":         `no test template called "wyvern"`,
		"add 2 gob":            `"gob" matches the templates Goblin, Goblin boss`,
		"add Bob hp=2d0":       `nor dice to roll`,
		"add 2 goblin hp=lots": `hp must be a whole number, not "lots"`,
		"add 2 goblin group":   "each combatant takes its own turn",
		"add goblin group":     "group needs a count",
		"add Zed from=wyvern":  `no test template called "wyvern" (templates: Cave bear, Goblin, Goblin boss, Orc; templates lists them all)`,
		// "(templates: Orc; …)" read as if Orc were the only template.
		"add 2 ogre":               `no test template called "ogre" (templates that start with o: Orc; templates lists them all)`,
		"add 2 goblin extra":       "add takes one name",
		`add 2 "Go,blin" from=orc`: "cannot contain a comma",
	} {
		_, err := tr.Apply(line)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
	if tr.Version() != ver || len(tr.E.Combatants) != 1 {
		t.Errorf("a refused add changed the encounter: %s", allNames(tr))
	}
	// A broken file is named when the template may be in it.
	lib.broken = errors.New("goblins.toml:4: hp: hp must be a whole number")
	_, err := tr.Apply("add 2 wyvern")
	if err == nil || !strings.Contains(err.Error(), "goblins.toml:4") {
		t.Errorf("broken file not named: %v", err)
	}
	// Without a library, a count has nowhere to look.
	bare := newTracker(t)
	if _, err := bare.Apply("add 2 goblin"); err == nil || !strings.Contains(err.Error(), "data folder") {
		t.Errorf("no library: %v", err)
	}
	mustApply(t, bare, "add goblin") // a plain add still works
}

func TestAddThousand(t *testing.T) {
	tr, _ := libTracker(t)
	mustApply(t, tr, "add 1000 goblin")
	if n := len(tr.E.Combatants); n != 1000 {
		t.Fatalf("%d combatants", n)
	}
	if tr.E.Combatants[999].Name != "Goblin 1000" {
		t.Errorf("last is %s", tr.E.Combatants[999].Name)
	}
}

func TestAddDiceInPlainAdd(t *testing.T) {
	tr := newTracker(t)
	mustApply(t, tr, "dice 4 5")
	mustApply(t, tr, "add Ghoul hp=2d8")
	if hp(t, tr, "Ghoul") != "9" {
		t.Errorf("hp %s, want 9", hp(t, tr, "Ghoul"))
	}
	mustApply(t, tr, "dice 6")
	mustApply(t, tr, "set Ghoul hp=1d8")
	if hp(t, tr, "Ghoul") != "6" {
		t.Errorf("set rolled hp %s, want 6", hp(t, tr, "Ghoul"))
	}
}

// A template whose name has a space is found without quotes, as a GM
// types it: add goblin boss, add 2 cave bear group. Words that name no
// template are still refused, so add goblin 6 is not one "goblin 6".
func TestAddUnquotedTemplateName(t *testing.T) {
	tr, _ := libTracker(t)
	mustApply(t, tr, "add goblin boss")
	mustApply(t, tr, "add 2 CAVE BEAR side=bears")
	if got := allNames(tr); got != "Goblin boss, Cave bear 1, Cave bear 2" {
		t.Fatalf("names %s", got)
	}
	if hp(t, tr, "Goblin boss") != "9" || find(t, tr, "Cave bear 2").Side != "bears" {
		t.Errorf("template fields not taken: hp %s side %q", hp(t, tr, "Goblin boss"), find(t, tr, "Cave bear 2").Side)
	}
	ver := tr.Version()
	for _, line := range []string{"add goblin 6", "add cave bear extra", "add Odo Bruce"} {
		if _, err := tr.Apply(line); err == nil || !strings.Contains(err.Error(), "add takes one name") {
			t.Errorf("%s: %v", line, err)
		}
	}
	if tr.Version() != ver {
		t.Errorf("a refused add changed the encounter: %s", allNames(tr))
	}
}

// `add Grathak` where the starter set has "Grathak the Maw" made a blank
// NPC with nothing in the log to say a template was near: the GM found an
// empty sheet mid-fight. The add still makes the blank sheet it always
// did, and the log says which template starts so and how to take it.
func TestAddBlankSaysWhichTemplateStartsSo(t *testing.T) {
	tr, _ := libTracker(t)
	res := mustApply(t, tr, "add cave")
	if cb := find(t, tr, "cave"); cb.Side != "" || hp(t, tr, "cave") != "10" {
		t.Fatalf("add cave took a template: side %q hp %s", cb.Side, hp(t, tr, "cave"))
	}
	if want := `no template is called cave: a blank sheet (add "Cave bear" takes the template)`; !strings.Contains(logText(res), want) {
		t.Errorf("log lacks %q:\n%s", want, logText(res))
	}
	res = mustApply(t, tr, "add gob")
	if want := `no template is called gob: a blank sheet (templates that start so: Goblin, Goblin boss)`; !strings.Contains(logText(res), want) {
		t.Errorf("log lacks %q:\n%s", want, logText(res))
	}
	// A sheet typed on the line is a GM building one by hand: no hint.
	for _, line := range []string{"add Snaga", "add Or from=", "add goblin", "add G hp=4"} {
		if res := mustApply(t, tr, line); strings.Contains(logText(res), "no template is called") {
			t.Errorf("%s: %s", line, logText(res))
		}
	}
}

// party list names each party's rule system, saying which are not the
// fight's (party add refuses those), and who is in it.
func TestPartyListSaysEachSystem(t *testing.T) {
	tr, lib := libTracker(t)
	res, err := tr.Apply("party list")
	if err != nil || !strings.Contains(res.Entries[len(res.Entries)-1].Text, "no parties yet") {
		t.Fatalf("party list with none: %v %v", res.Entries, err)
	}
	member := func(name string) *model.Combatant { return &model.Combatant{Profile: &model.Profile{Name: name}} }
	lib.parties = map[string]Party{
		"crew":    {Name: "Crew", System: tr.Sys.ID(), Members: []*model.Combatant{member("Odo"), member("Wren")}},
		"knights": {Name: "Knights", System: "arm5", Members: []*model.Combatant{member("Alan")}},
	}
	res, err = tr.Apply("party list")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range res.Entries[1:] {
		got = append(got, en.Text)
	}
	want := []string{
		"party Crew (" + tr.Sys.ID() + "), 2 members: Odo, Wren",
		"party Knights (arm5, not this fight's system), 1 member: Alan",
	}
	if !slices.Equal(got, want) {
		t.Errorf("party list:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
