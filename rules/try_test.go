package rules

import "testing"

// Try reports whether a line would work without changing anything.
func TestTry(t *testing.T) {
	tr := setUp(t)
	want, ver := frozen(tr.E), tr.Version()
	for line, ok := range map[string]bool{"set alan hp=3": true, "roll 2d6": true, "set Nobody hp=3": false,
		"nosuch": false, "": false, "next": true, "undo": true} {
		if err := tr.Try(line); (err == nil) != ok {
			t.Errorf("Try(%q) = %v", line, err)
		}
	}
	sameEncounter(t, "try", want, tr.E)
	if tr.Version() != ver || !tr.CanUndo() || tr.CanRedo() {
		t.Fatal("try changed the tracker")
	}
}

// TestTryAgreesOnEnded: once the fight has ended, Try refuses what Apply
// refuses (the turn cannot move) and takes what Apply takes.
func TestTryAgreesOnEnded(t *testing.T) {
	tr := setUp(t)
	mustApply(t, tr, "end")
	for _, line := range []string{"next", "prev", "delay bruce", "set alan hp=2", "resume"} {
		tryErr := tr.Try(line)
		res, applyErr := tr.Apply(line)
		if (tryErr == nil) != (applyErr == nil) {
			t.Errorf("%s: Try says %v, Apply says %v", line, tryErr, applyErr)
		}
		if applyErr == nil && len(res.Entries) > 0 {
			mustApply(t, tr, "undo")
		}
	}
}
