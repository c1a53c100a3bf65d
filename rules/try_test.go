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
