package systems_test

import (
	"slices"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// What every system's Harm must keep to: a status set by hand is never
// graded milder than it is; a condition such as stunned or prone is a
// marker, never harm; no marker says dead or out.
func TestHarmCommonGround(t *testing.T) {
	for _, s := range systems.Default().All() {
		t.Run(s.ID(), func(t *testing.T) {
			tr := rules.NewTracker(model.New(s.ID(), 7), s)
			apply := func(line string) {
				t.Helper()
				if _, err := tr.Apply(line); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
			}
			apply("add Ann side=heroes")
			cb, _ := tr.E.Find("Ann")
			if h := s.Harm(tr.E, cb); h.Severity != rules.Unhurt || len(h.Markers) != 0 {
				t.Errorf("fresh: %+v", h)
			}
			apply("cond Ann stunned 2")
			apply("cond Ann prone")
			h := s.Harm(tr.E, cb)
			if h.Severity.Down() || !slices.Contains(h.Markers, "prone") || !slices.ContainsFunc(h.Markers, func(m string) bool { return strings.HasPrefix(m, "stunned") }) {
				t.Errorf("stunned and prone: %+v", h)
			}
			for _, c := range []struct {
				status string
				want   rules.Severity
			}{{"unconscious", rules.OutOfFight}, {"incapacitated", rules.OutOfFight}, {"dead", rules.Dead}} {
				apply("set Ann status=" + c.status)
				h := s.Harm(tr.E, cb)
				if h.Severity < c.want {
					t.Errorf("%s: graded %s", c.status, h.Severity)
				}
				for _, m := range h.Markers {
					if l := strings.ToLower(m); strings.Contains(l, "dead") || strings.Contains(l, "out of") || l == c.status {
						t.Errorf("%s: marker %q says what the severity says", c.status, m)
					}
				}
			}
		})
	}
}

// The scale reads in words from unhurt to dead, and its helpers grade as
// documented.
func TestSeverityScale(t *testing.T) {
	var names []string
	for _, s := range rules.Severities() {
		names = append(names, s.String())
	}
	if got := strings.Join(names, ", "); got != "unhurt, hurt, badly hurt, out of the fight, dying, dead" {
		t.Errorf("scale %q", got)
	}
	for _, c := range []struct {
		left, full int
		want       rules.Severity
	}{{8, 8, rules.Unhurt}, {9, 8, rules.Unhurt}, {7, 8, rules.Hurt}, {5, 8, rules.Hurt}, {4, 8, rules.BadlyHurt},
		{0, 8, rules.BadlyHurt}, {-3, 8, rules.BadlyHurt}, {0, 0, rules.Unhurt}, {3, 5, rules.Hurt}, {2, 5, rules.BadlyHurt}} {
		if got := rules.ByShare(c.left, c.full); got != c.want {
			t.Errorf("ByShare(%d, %d) = %s, want %s", c.left, c.full, got, c.want)
		}
	}
	if rules.ByStatus(model.Unconscious) != rules.OutOfFight || rules.ByStatus(model.Dead) != rules.Dead || rules.ByStatus(model.Active) != rules.Unhurt {
		t.Error("ByStatus")
	}
	if rules.Worst() != rules.Unhurt || rules.Worst(rules.Hurt, rules.Dying, rules.OutOfFight) != rules.Dying {
		t.Error("Worst")
	}
	if rules.Hurt.Down() || !rules.OutOfFight.Down() || rules.Severity(99).String() != "unknown harm" {
		t.Error("Down or String")
	}
}

// Each system's Doc states its scale for the GM: every grade it names is
// a grade of the shared scale, worse as it goes, with its meaning; hurt,
// badly hurt, out of the fight and dead are always there.
func TestScaleDocumented(t *testing.T) {
	grade := map[string]rules.Severity{}
	for _, s := range rules.Severities() {
		grade[s.String()] = s
	}
	for _, s := range systems.Default().All() {
		doc := rules.DocOf(s)
		last := rules.Unhurt
		seen := map[rules.Severity]bool{}
		for _, a := range doc.Scale {
			g, ok := grade[a.Short]
			if !ok || g <= last || a.Means == "" {
				t.Errorf("%s: scale entry %+v is not the next grade of the shared scale", s.ID(), a)
			}
			last, seen[g] = g, true
		}
		for _, g := range []rules.Severity{rules.Hurt, rules.BadlyHurt, rules.OutOfFight, rules.Dead} {
			if !seen[g] {
				t.Errorf("%s: the scale does not say what %s means", s.ID(), g)
			}
		}
	}
}
