package factions_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/factions"
)

// A group that falls to half its starting numbers in a round checks
// morale at its end: each able member makes a WIT save.
func TestGroupMorale(t *testing.T) {
	tr := demo(t, "next", "first Players", "damage Bandit1 8 direct", "damage Bandit2 8 direct", "pass")
	checks := factions.DueMorale(tr.E)
	if len(checks) != 1 || checks[0].Side != "GM" || len(checks[0].Takers) != 2 {
		t.Fatalf("due %+v", checks)
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 15", "pass")
	hasEvent(t, tr, from, "morale check: GM down to 2 of 4")
	hasEvent(t, tr, from, "Bandit leader holds firm: no more morale checks this fight")
	hasEvent(t, tr, from, "Bandit3 breaks and surrenders")
	if got := sheet(t, tr, "Bandit leader").Morale; got != "passed" {
		t.Errorf("leader morale %q", got)
	}
	if !sheet(t, tr, "Bandit3").Surrendered || factions.Ready(tr.E, comb(t, tr, "Bandit3")) {
		t.Error("Bandit3 should be out")
	}
	// The drop happened last round: no new check.
	from = tr.E.Log.Len()
	run(t, tr, "first GM", "pass", "pass")
	noEvent(t, tr, from, "morale")
}

// Immune characters skip morale; a group above half does not check.
func TestMoraleImmune(t *testing.T) {
	tr := demo(t, "set Bandit3 fearless=yes", "next", "first Players", "damage Bandit1 8 direct", "pass")
	if len(factions.DueMorale(tr.E)) != 0 {
		t.Error("3 of 4 is above half")
	}
	run(t, tr, "damage Bandit2 8 direct")
	ck := factions.DueMorale(tr.E)
	if len(ck) != 1 || len(ck[0].Takers) != 1 || ck[0].Takers[0].Name != "Bandit leader" {
		t.Fatalf("due %+v", ck)
	}
}

// A lone fighter that drops to half health in a round checks morale;
// option rout makes a failure a retreat; manual mode waits for `morale`.
func TestLoneMorale(t *testing.T) {
	setup := []string{"add Wyrm side=Monster health=20 wit=10", "add Ann side=Folk health=5", "add Bob side=Folk health=5", "initiative Folk", "next", "first Folk"}
	tr := blank(t, append(setup, "option rout retreat", "damage Wyrm 10 direct", "pass", "dice 15")...)
	from := tr.E.Log.Len()
	run(t, tr, "pass")
	hasEvent(t, tr, from, "morale check: Wyrm fights alone, down to 10 of 20 health")
	hasEvent(t, tr, from, "Wyrm breaks and retreats")

	tr = blank(t, append(setup, "option morale manual", "damage Wyrm 11 direct", "pass")...)
	from = tr.E.Log.Len()
	run(t, tr, "pass")
	hasEvent(t, tr, from, "morale check due: Wyrm fights alone, down to 9 of 20 health (Wyrm): roll with `morale`")
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "morale")
	hasEvent(t, tr, from, "Wyrm holds firm: no more morale checks this fight")
	fails(t, tr, "morale", "no morale check is due")
	fails(t, tr, "morale Wyrm", "nobody there must check")
	run(t, tr, "morale Folk fail")
	if !sheet(t, tr, "Ann").Surrendered || !sheet(t, tr, "Bob").Surrendered {
		t.Error("taken failures not marked")
	}
}

// The order pane: a heading per faction, its characters marked, the
// current one flagged.
func TestOrderView(t *testing.T) {
	tr := demo(t, "next", "first Players", "activate Sybilla", "move Sybilla 1")
	v := tr.Sys.Order(tr.E)
	var got []string
	for _, r := range v.Rows {
		line := r.Name
		if r.Heading {
			line = "# " + line
		}
		if r.Current {
			line = "> " + line
		}
		if len(r.Marks) > 0 {
			line += " [" + strings.Join(r.Marks, "; ") + "]"
		}
		got = append(got, line)
	}
	want := []string{
		"# Players (acting, 2 ready)",
		"> Sybilla [acting: 1 zone; @1]",
		"Balthasar [ready]",
		"Theobald [ready]",
		"# GM (initiative, 4 ready)",
		"Bandit leader [ready]",
		"Bandit1 [ready]",
		"Bandit2 [ready]",
		"Bandit3 [ready]",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	text := rules.Text(tr.E, tr.Sys)
	for _, w := range []string{"Faction turns · Round 1 · Players: Sybilla's turn · passes 0/2", "Weapons:", "musket d8 r8; dagger d4"} {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q:\n%s", w, text)
		}
	}
}

// In physical-dice mode the round's end asks for the morale dice and
// runs again, whole, once they are typed.
func TestPhysicalMorale(t *testing.T) {
	tr := demo(t, "next", "first Players", "damage Bandit1 8 direct", "damage Bandit2 8 direct", "pass")
	tr.SetPhysical(true)
	_, err := tr.Apply("pass")
	if err == nil || !strings.Contains(err.Error(), "WIT save") {
		t.Fatalf("want a request for a face, got %v", err)
	}
	if tr.E.Round != 1 {
		t.Fatal("a half-done round end was kept")
	}
	tr.Supply(4)
	tr.Supply(19)
	run(t, tr, "pass")
	if tr.E.Round != 2 || !sheet(t, tr, "Bandit3").Surrendered {
		t.Fatalf("round %d", tr.E.Round)
	}
}
