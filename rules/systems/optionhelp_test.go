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

// FormVerbs names every verb a combatant of a demo fights with
// (AttackVerbs.FightVerbs is complete), so TestOptionHelp checks each
// form the attack key can open.
func TestFormVerbsCoverFighters(t *testing.T) {
	for _, s := range systems.Default().All() {
		form := map[string]bool{}
		for _, v := range rules.FormVerbs(s) {
			form[v] = true
		}
		for _, d := range s.Demos() {
			tr := rules.NewTracker(model.New(s.ID(), 7), s)
			for _, line := range d.Script {
				if _, err := tr.Apply(line); err != nil {
					t.Fatalf("%s demo %s: %s: %v", s.ID(), d.Name, line, err)
				}
			}
			for _, cb := range tr.E.Combatants {
				if v := rules.AttackVerb(s, tr.E, cb); !form[v] {
					t.Errorf("%s demo %s: %s fights with %s, which FormVerbs leaves out", s.ID(), d.Name, cb.Name, v)
				}
			}
		}
	}
}
