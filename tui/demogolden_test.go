package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"fray/rules"
	"fray/rules/systems"
)

// demoFights are a few turns of every demo, with attacks (queued dice, so
// every golden is the same on every run) and some harm, so the screens
// show hurt, badly hurt and down combatants.
var demoFights = []struct {
	demo  string
	lines []string
}{
	{"brawl", []string{"next", "dice 5 2", "attack Marla Alan", "next", "dice 7 8", "attack Paul Bruce", "next", "fatigue Ignatio +2"}},
	{"highwaymen", []string{"next", "next", "dice 6 3", "attack Captain Victor", "next", "next", "wound Brigand incap"}},
	{"goblins", []string{"next", "next", "next", "dice 18 7", `attack Brannoc "Goblin boss"`, "dice 15 3", `attack "Goblin boss" Brannoc`,
		"next", "cond Wren stunned 2", `damage "Goblin 3" 20`}},
	{"horde", []string{"next", "dice 6 5 5 2", `attack "Goblin horde" Roland`, "next", "damage Mira 4 noinjury"}},
	{"skirmish", []string{"next", "dice 6 5 2 2 5 5 1 1", "attack Jot Mung", "next", "dice 6 6 6 5 3 3", "attack Archer Jot", "next"}},
	{"battle", []string{"next", "next", "dice 4 4 3 3 5 5", "battle Knights Horde", "next"}},
	{"bandits", []string{"next", "first Players", "activate Theobald", "dice 5", "attack Theobald Bandit3", "next",
		"activate Bandit1", "dice 6", "attack Bandit1 Sybilla with=axe", "next"}},
}

// The sizes a GM's terminal opens at, from a small window to a wide one.
var demoSizes = [][2]int{{60, 18}, {80, 24}, {100, 30}, {160, 48}}

// TestDemoGolden draws every demo at every size after a few turns of its
// fight, as a GM would see it.
func TestDemoGolden(t *testing.T) {
	for _, f := range demoFights {
		for _, s := range demoSizes {
			t.Run(fmt.Sprintf("%s-%dx%d", f.demo, s[0], s[1]), func(t *testing.T) {
				tr := demoFight(t, f.demo, f.lines)
				tm := teatest.NewTestModel(t, New(tr, Options{}), teatest.WithInitialTermSize(s[0], s[1]))
				teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("Round 1")) },
					teatest.WithDuration(10*time.Second))
				if err := tm.Quit(); err != nil {
					t.Fatal(err)
				}
				fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
				teatest.RequireEqualOutput(t, []byte(fm.(tea.Model).View()))
			})
		}
	}
}

// demoFight sets a demo up on a fixed seed and plays its lines.
func demoFight(t testing.TB, demo string, lines []string) *rules.Tracker {
	t.Helper()
	sys, _, err := rules.FindDemo(systems.Default(), demo)
	if err != nil {
		t.Fatal(err)
	}
	return playDemo(t, sys, demo, 42, lines)
}

// orderTitleWhole checks that the order pane's title is not cut: a
// faction's "passes 0/2" cut to "passes…" said nothing.
func orderTitleWhole(t *testing.T, demo string, m *Model) {
	t.Helper()
	if top := ansi.Strip(m.order.View(false)[0]); !strings.Contains(top, m.order.title()) {
		t.Errorf("%s at %dx%d: the order's title %q is cut: %q", demo, m.scr.W, m.scr.H, m.order.title(), top)
	}
}

// Where there is room the order pane is as wide as its title: the
// header of a faction's turn is longer than its rows.
func TestOrderTitleWhole(t *testing.T) {
	tr := demoFight(t, "bandits", []string{"remove Balthasar", `remove "Bandit leader"`, "next", "first Players", "activate Sybilla", "main Sybilla"})
	for _, w := range []int{100, 160} {
		orderTitleWhole(t, "bandits", sized(tr, Options{}, w, 30))
	}
}

// At 80x24 every demo shows the order, the sheet and at least three of
// the newest log lines at once; at 160x48 no order row is cut.
func TestDemoSizesShowEnough(t *testing.T) {
	for _, f := range demoFights {
		tr := demoFight(t, f.demo, f.lines)
		m := sized(tr, Options{}, 80, 24)
		v := plainView(m)
		sel := m.selected()
		if m.scr.Arr != stacked || m.scr.Log.H-2 < 3 || sel == nil || !strings.Contains(v, "─ "+sel.Name+" ─") {
			t.Errorf("%s at 80x24: not order, sheet and log together:\n%s", f.demo, v)
		}
		shown := 0
		for _, l := range m.log.View(false) {
			if strings.Trim(ansi.Strip(l), "│ ") != "" && !strings.ContainsAny(ansi.Strip(l), "╭╰") {
				shown++
			}
		}
		if shown < 3 {
			t.Errorf("%s at 80x24: %d log lines:\n%s", f.demo, shown, v)
		}
		m = sized(tr, Options{}, 160, 48)
		for _, l := range m.order.View(false) {
			if l = ansi.Strip(l); strings.Contains(l, "…") {
				t.Errorf("%s at 160x48: an order row is cut: %q", f.demo, l)
			}
		}
		orderTitleWhole(t, f.demo, m)
	}
}
