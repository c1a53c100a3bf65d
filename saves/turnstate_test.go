package saves

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
)

// Each combatant's turn state (what its turn used, the reaction it spent
// it on, whose activation it took it in, its health when the round
// began, the round it began to delay in) must outlive a save: a fight
// saved mid-round and opened again goes on exactly as it would have,
// whether the file is written now or by an older fray, which kept that
// state as keys of [turn] ("use:ID", "react:ID", "party:ID", "hp:ID",
// "health", "delay:ID"). The files in testdata/turnstate were written by
// such a fray from the setups below.

type turnCase struct {
	name, sys, demo string
	setup, then     []string
	moved           []string // the [turn] keys, by prefix, now on the combatants
	written         string   // a line the state is saved as now
}

var turnCases = []turnCase{
	{name: "factions", sys: "factions", demo: "bandits",
		setup: []string{
			`add Bess side=Players health=12 speed=4 weapons="hooves d6"`, "set Balthasar on=Bess",
			"add Drake side=Beasts health=12 wit=10", "option morale manual",
			"next", "first Players", "activate Balthasar",
			"dice 5 2", "attack Balthasar Bandit1", "damage Drake 7 direct",
			"next", "activate Bandit1", "dice 9 5", "attack Bandit1 Sybilla dodge",
		},
		then: []string{
			"attack Balthasar Bandit2", "move Bess 1", "activate Sybilla", "activate Bess",
			"move Bandit1 1", "attack Bandit1 Theobald", "undo", "redo",
			"next", "activate Theobald", "attack Theobald Bandit2 dodge", "next",
			"pass", "pass", "pass", "pass", "pass", "pass",
			"first Players", "activate Sybilla", "move Sybilla 1",
		},
		moved:   []string{"use:", "react:", "party:", "hp:", "health"},
		written: "\nturn = { react = \"dodge\", round_health = 8 }\n"},
	{name: "arm5", sys: "arm5", demo: "brawl",
		setup: []string{"next", "delay Paul", "delay Bruce"},
		then: []string{
			"act Bruce", "act Paul", "next", "next", "act Bruce", "next", "next", "next", "next",
			"next", "next", "next", "next", "delay Paul", "undo", "redo", "next", "next",
		},
		moved: []string{"delay:"}, written: "\nturn = { delay = 1 }\n"},
	{name: "swords", sys: "swords", demo: "skirmish",
		setup: []string{"next", "delay " + "Jot"},
		then:  []string{"next", "act Jot", "next", "next", "next", "next", "next", "next", "next", "next"},
		moved: []string{"delay:"}, written: "\nturn = { delay = 1 }\n"},
}

// playOn runs lines on tr and returns what each did: its error, or the
// entries it logged.
func playOn(tr *rules.Tracker, lines []string) []string {
	var out []string
	for _, l := range lines {
		from := len(tr.E.Log)
		if _, err := tr.Apply(l); err != nil {
			out = append(out, l+" → error: "+err.Error())
			continue
		}
		out = append(out, l+" →")
		for _, en := range tr.E.Log[min(from, len(tr.E.Log)):] {
			out = append(out, "  "+en.Text)
		}
	}
	return out
}

func turnSetup(t *testing.T, c turnCase) *rules.Tracker {
	t.Helper()
	sys, err := systems.Default().Lookup(c.sys)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rules.BuildDemo(sys, c.demo, 7)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	for _, l := range c.setup {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

func loadTracker(t *testing.T, name string, data []byte) *rules.Tracker {
	t.Helper()
	e, sys, err := Decode(name, data, systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}

func sameGoing(t *testing.T, what string, want, got []string) {
	t.Helper()
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("%s goes on otherwise:\n--- in one go:\n%s\n--- from the file:\n%s", what, strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
}

func TestTurnStateOutlivesASave(t *testing.T) {
	for _, c := range turnCases {
		t.Run(c.name, func(t *testing.T) {
			tr := turnSetup(t, c)
			data := encode(t, tr.E)
			loaded := loadTracker(t, "now.toml", data)
			want := playOn(tr, c.then)
			sameGoing(t, "a fight saved now", want, playOn(loaded, c.then))
			if testing.Verbose() && os.Getenv("FRAY_SHOW") != "" {
				t.Logf("%s", strings.Join(want, "\n"))
			}
		})
	}
}

// Files an older fray wrote, with the turn state in [turn], go on as the
// fight would have.
func TestTurnStateOldFiles(t *testing.T) {
	for _, c := range turnCases {
		files := []string{c.name}
		if c.sys == "factions" {
			files = append(files, c.name+"-hp") // older still: the round's health a key per combatant
		}
		for _, f := range files {
			t.Run(f, func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join("testdata", "turnstate", f+".toml"))
				if err != nil {
					t.Fatal(err)
				}
				old := loadTracker(t, f+".toml", data)
				for k := range old.E.Turn {
					for _, p := range c.moved {
						if strings.HasPrefix(k, p) {
							t.Errorf("[turn] %q was left where it was", k)
						}
					}
				}
				if out := string(encode(t, old.E)); !strings.Contains(out, c.written) {
					t.Errorf("saved without %q:\n%s", c.written, out)
				}
				sameGoing(t, f+".toml", playOn(turnSetup(t, c), c.then), playOn(old, c.then))
			})
		}
	}
}
