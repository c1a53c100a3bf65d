package osr_test

import (
	"strings"
	"testing"
)

// A combatant added with no hit points would fall at its first hit; the
// log says so as it joins, with the command that fixes it.
func TestAddWithoutHPSaysSo(t *testing.T) {
	tr := newTracker(t)
	from := tr.E.Log.Len()
	run(t, tr, `add "Old Zed"`, "add Ann hp=6", "add Bo maxhp=4")
	hasEvent(t, tr, from, `Old Zed has no hit points yet: set "Old Zed" hp=N`)
	for _, e := range events(tr, from) {
		if strings.HasPrefix(e, "Ann has no") || strings.HasPrefix(e, "Bo has no") {
			t.Errorf("unexpected %q", e)
		}
	}
}
