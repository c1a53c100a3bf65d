package tui

import (
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/factions"
	"fray/rules/systems/bigfight"
)

// The turn key as a GM presses it: the keys of each system's usual turn,
// sent through Update one at a time with a frame drawn after each, so
// that a benchmark or a test of the turn key measures the path a key
// takes (the shortcut's line filled in with the selected name, the
// command, the status line and the keys' help), not the command alone.
//
//   - arm5, osr, swords: n.
//   - sst: P, which passes the selected; the selection follows the
//     turn, so each P passes whoever holds it (tools/tuibench.sh presses
//     P too).
//   - sstspend: sst as bigfight.Turn plays it, in keys: the one with the
//     turn pays for an action (S opens `spend NAME `, the die's face is
//     typed, enter), or passes (P) when its best die is a 1; then n hands
//     the turn on.
//   - factions: enter activates the selected when its faction is to
//     choose and it is ready (the selection moves to the first who may
//     when a faction is to choose); P otherwise: it ends an open
//     activation and the next faction passes, or a faction with nobody
//     ready passes. tools/tuibench.sh presses enter (untimed) before
//     each P it times.

// turnPlay is the keys of one system's turn, pressed one at a time.
type turnPlay struct {
	sys     string // the fight's system
	spend   bool   // sst: pay for actions (sstspend)
	pending []string
	last    string // the key pressed last
}

// turnPlays are the plays the turn key's benchmark and test measure,
// named as their sub-benchmarks are.
func turnPlays(ids []string) []turnPlay {
	var out []turnPlay
	for _, id := range ids {
		out = append(out, turnPlay{sys: id})
		if id == "sst" {
			out = append(out, turnPlay{sys: id, spend: true})
		}
	}
	return out
}

func (p *turnPlay) name() string {
	if p.spend {
		return p.sys + "spend"
	}
	return p.sys
}

// keys returns the keys of the GM's next step in m's fight, checking
// that the selection is whom the step is for, as a GM sees it.
func (p *turnPlay) keys(tb testing.TB, m *Model) []string {
	tb.Helper()
	line := bigfight.Turn(m.t)
	switch {
	case p.sys == "sst":
		if line == "next" {
			// The one with the turn has acted (n hands it on), or a
			// refresh is under way (n: the one with the turn carries
			// its best die; P: it passes, the selection following).
			if p.spend {
				return []string{"n"}
			}
			return []string{"P"}
		}
		verb, rest, _ := strings.Cut(line, " ")
		w, err := rules.Split(rest)
		if err != nil || len(w) == 0 {
			tb.Fatalf("%s: %v", line, err)
		}
		if sel := m.selected(); sel == nil || sel.Name != w[0] {
			tb.Fatalf("%s, but %v is selected", line, sel)
		}
		if verb == "spend" && p.spend {
			return append([]string{"S"}, strings.Split(w[1], "")...)
		}
		return []string{"P"}
	case line == "next":
		return []string{"n"}
	case p.sys == "factions":
		e := m.t.E
		sel := m.selected()
		side, choosing := factions.Active(e)
		if !choosing && e.Phase == factions.PhaseChoose {
			side, choosing = factions.Holder(e)
		}
		if factions.Acting(e) == nil && choosing && sel != nil && sel.Side == side && factions.Ready(e, sel) {
			return []string{"enter"}
		}
		return []string{"P"}
	}
	tb.Fatalf("%s: no key for %q", p.sys, line)
	return nil
}

// press presses the next key of the play and draws the frame; saved
// says whether the key started a save. A key the screen answers with an
// error fails tb.
func (p *turnPlay) press(tb testing.TB, m *Model) (_ *Model, saved bool) {
	if len(p.pending) == 0 {
		p.pending = p.keys(tb, m)
		if p.pending[0] == "S" {
			p.pending = append(p.pending, "enter")
		}
	}
	k := p.pending[0]
	p.pending = p.pending[1:]
	p.last = k
	m = send(m, keyMsg(k))
	if m.statusErr {
		tb.Fatalf("%s: %s", k, m.status)
	}
	saved = m.saver.saving
	m.saver.saving, m.saver.syncing = false, false // as if both had reported back
	_ = m.View()
	return m, saved
}

// ends reports whether the key just pressed ended a step (a command was
// applied), not the middle of typing one.
func (p *turnPlay) ends() bool { return len(p.pending) == 0 }

// TestTurnPlaysPressKeys checks the plays on a small fight: every key
// they press does what its step says (a command each step, applied
// through the shortcut or n, no error), across a couple of rounds.
func TestTurnPlaysPressKeys(t *testing.T) {
	for _, p := range turnPlays([]string{"arm5", "sst", "factions"}) {
		t.Run(p.name(), func(t *testing.T) {
			m := benchModel(t, p.sys, 10, Options{})
			round := m.t.E.Round
			seen := map[string]bool{}
			for i := 0; i < 200; i++ {
				v := m.t.Version()
				m, _ = p.press(t, m)
				seen[p.last] = true
				if p.ends() && m.t.Version() == v {
					t.Fatalf("press %d (%s) applied nothing: %s", i, p.last, m.status)
				}
			}
			if m.t.E.Round < round+2 {
				t.Errorf("200 presses went from round %d to %d", round, m.t.E.Round)
			}
			want := map[string][]string{"arm5": {"n"}, "sst": {"P"}, "sstspend": {"S", "enter", "P", "n"}, "factions": {"enter", "P"}}[p.name()]
			for _, k := range want {
				if !seen[k] {
					t.Errorf("%s never pressed %s: %v", p.name(), k, seen)
				}
			}
		})
	}
}
