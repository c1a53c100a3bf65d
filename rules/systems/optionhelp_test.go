package systems_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// Every option of every verb says what it does, in one line: the forms
// (attack, damage, battle…) show it under the focused field, help VERB
// and the reference list it, the command line names the option just
// typed. An option added to a usage without a line fails here, as does a
// line for an option the usage does not offer. The verbs with forms must
// be verbs.
func TestOptionHelp(t *testing.T) {
	for _, s := range systems.Default().All() {
		tr := rules.NewTracker(model.New(s.ID(), 1), s)
		for _, name := range rules.FormVerbs(s) {
			if _, ok := tr.Verb(name); !ok {
				t.Errorf("%s: form verb %q is no verb", s.ID(), name)
			}
		}
		for _, v := range tr.Verbs() {
			for _, p := range rules.CheckOptionHelp(v) {
				t.Errorf("%s %s", s.ID(), p)
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
