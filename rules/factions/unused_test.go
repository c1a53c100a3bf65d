package factions_test

import (
	"strings"
	"testing"

	"fray/rules"
)

// init and prev are of no use in factions: help leaves them out, yet
// typed by hand they are still known and refused with the reason.
func TestUnusedCoreVerbs(t *testing.T) {
	tr := demo(t)
	if !rules.IsUnused(tr.Sys, "init") || !rules.IsUnused(tr.Sys, "PREV") || rules.IsUnused(tr.Sys, "next") {
		t.Error("IsUnused does not list init and prev (and only those)")
	}
	for _, v := range tr.Verbs() {
		if v.Name == "init" || v.Name == "prev" {
			t.Errorf("Verbs lists %q", v.Name)
		}
	}
	help := tr.Help()
	for _, line := range strings.Split(help, "\n") {
		if strings.HasPrefix(line, "init ") || strings.HasPrefix(line, "prev ") {
			t.Errorf("help lists %q", line)
		}
	}
	if !strings.Contains(help, "next") || !strings.Contains(help, "undo") {
		t.Errorf("help lost the verbs in use:\n%s", help)
	}
	if _, ok := tr.Verb("init"); !ok {
		t.Error("init is no longer a known verb")
	}
	name := tr.E.Combatants[0].Name
	fails(t, tr, "init "+rules.Quote(name)+" 5", "factions has no initiative scores")
	fails(t, tr, "prev", "factions cannot step a turn back")
	fails(t, tr, "add Newcomer init=3", "factions has no initiative scores")
}

// factions holds no delayed actions, so delay and act leave help too.
func TestNoDelayVerbsInHelp(t *testing.T) {
	tr := demo(t)
	for _, v := range tr.Verbs() {
		if v.Name == "delay" || v.Name == "act" {
			t.Errorf("Verbs lists %q, which factions has no use for", v.Name)
		}
	}
	fails(t, tr, "delay "+rules.Quote(tr.E.Combatants[0].Name), "no delayed actions")
}
