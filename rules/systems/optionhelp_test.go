package systems_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// Every option a form offers says what it does: the verbs with forms
// (attack, damage, battle…) describe each flag and key of their usage in
// OptionHelp, so an option added to a usage without a line fails here.
// Any other verb that describes its options describes all of them, and
// nothing its usage does not offer.
func TestOptionHelp(t *testing.T) {
	for _, s := range systems.Default().All() {
		tr := rules.NewTracker(model.New(s.ID(), 1), s)
		form := map[string]bool{}
		for _, name := range rules.FormVerbs(s) {
			v, ok := tr.Verb(name)
			if !ok {
				t.Errorf("%s: form verb %q is no verb", s.ID(), name)
				continue
			}
			form[v.Name] = true
			for _, p := range rules.CheckOptionHelp(v, true) {
				t.Errorf("%s %s", s.ID(), p)
			}
		}
		for _, v := range tr.Verbs() {
			if !form[v.Name] {
				for _, p := range rules.CheckOptionHelp(v, false) {
					t.Errorf("%s %s", s.ID(), p)
				}
			}
		}
	}
}
