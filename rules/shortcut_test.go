package rules

import "testing"

func TestShortcutFill(t *testing.T) {
	for _, c := range []struct {
		line, sel, cur string
		want           string
		prefill        bool
		needSel        bool
		needCur        bool
	}{
		{"activate {sel}", "Bruce", "Paul", "activate Bruce", false, true, false},
		{"attack {cur} {sel}", "Cloaked man", "Paul", `attack Paul "Cloaked man"`, false, true, true},
		{"declare {sel} spell ", "Gob shaman", "", `declare "Gob shaman" spell `, true, true, false},
		{"pass", "", "", "pass", false, false, false},
		{"first ", "", "", "first ", true, false, false},
	} {
		s := Shortcut{Key: "x", Help: "h", Line: c.line}
		got, pre := s.Fill(c.sel, c.cur)
		if got != c.want || pre != c.prefill {
			t.Errorf("Fill(%q) = %q, %v; want %q, %v", c.line, got, pre, c.want, c.prefill)
		}
		if s.NeedsSelected() != c.needSel || s.NeedsCurrent() != c.needCur {
			t.Errorf("%q: needs sel %v cur %v", c.line, s.NeedsSelected(), s.NeedsCurrent())
		}
	}
}
