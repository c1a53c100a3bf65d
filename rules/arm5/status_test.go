package arm5_test

import (
	"testing"

	"fray/model"
)

// Wound counts set by hand move the status as the harm calls for.
func TestSetDerivesStatus(t *testing.T) {
	cases := []struct {
		set  string
		want model.Status
		ev   string
	}{
		{"set Bruce heavy=1", model.Active, ""},
		{"set Bruce incap=1", model.Incapacitated, "Bruce is incapacitated"},
		{"set Bruce fatal=1", model.Dead, "Bruce is dead"},
		{"set Bruce fatigue=5", model.Unconscious, "Bruce is unconscious"},
		{"set Bruce fatigue=unconscious", model.Unconscious, "Bruce is unconscious"},
		{"set Bruce bincap=1", model.Unconscious, "Bruce is unconscious"},
		{"set Bruce incap=1 status=active", model.Active, ""},
		{"set Bruce status=active incap=1", model.Active, ""},
		{"set Bruce status=dead", model.Dead, ""},
	}
	for _, c := range cases {
		t.Run(c.set, func(t *testing.T) {
			tr := newTracker(t, addPaul, addBruce)
			from := tr.E.Log.Len()
			run(t, tr, c.set)
			if got := comb(t, tr, "Bruce").Status; got != c.want {
				t.Fatalf("status %s, want %s", got, c.want)
			}
			if c.ev != "" {
				hasEvent(t, tr, from, c.ev)
			}
			out := false
			for _, r := range tr.Sys.Order(tr.E).Rows {
				if r.Name == "Bruce" {
					out = r.Out
				}
			}
			if out != (c.want != model.Active) {
				t.Errorf("order row out = %v with status %s", out, c.want)
			}
			run(t, tr, "undo")
			if comb(t, tr, "Bruce").Status != model.Active || sheet(t, tr, "Bruce").Harmed() != model.Active {
				t.Fatal("undo did not restore Bruce")
			}
		})
	}
}

func TestSetStatusByHandSurvives(t *testing.T) {
	tr := newTracker(t, addBruce, "set Bruce incap=1")
	from := tr.E.Log.Len()
	run(t, tr, "set Bruce incap=0")
	hasEvent(t, tr, from, "Bruce can act again")
	// A status set by hand stays through edits that do not change what
	// the harm calls for, and through worse harm that is not as bad.
	run(t, tr, "set Bruce status=dead", "set Bruce light=2 side=x", "set Bruce incap=1", "set Bruce incap=0")
	if comb(t, tr, "Bruce").Status != model.Dead {
		t.Fatalf("status %s, want dead (set by hand)", comb(t, tr, "Bruce").Status)
	}
	run(t, tr, "add Zed incap=1", "add Yan fatigue=dazed")
	if comb(t, tr, "Zed").Status != model.Incapacitated || comb(t, tr, "Yan").Status != model.Active {
		t.Fatal("add did not derive the status")
	}
	run(t, tr, "add Xia incap=1 status=active")
	if comb(t, tr, "Xia").Status != model.Active {
		t.Fatal("add overrode an explicit status")
	}
}
