package rules

import (
	"strings"
	"testing"
)

// A failed line whose words spell a name with spaces, unquoted, says how
// to type the name; the encounter is unchanged as for any error.
func TestNameWithSpacesHint(t *testing.T) {
	tr := newTracker(t, "Black Knight", "Wren", "Goblin 2")
	const hint = `(names with spaces need quotes: "Black Knight")`
	for _, line := range []string{"cond Black Knight prone 2", "set Black Knight hp=3"} {
		ver := tr.Version()
		_, err := tr.Apply(line)
		if err == nil || !strings.HasSuffix(err.Error(), hint) {
			t.Errorf("%s: error %v, want it to end with %s", line, err, hint)
		}
		if tr.Version() != ver {
			t.Errorf("%s changed the encounter", line)
		}
	}
	if _, err := tr.Apply("cond wren Goblin 2 prone"); err == nil ||
		!strings.HasSuffix(err.Error(), `(names with spaces need quotes: "Goblin 2")`) {
		t.Errorf("goblin: %v", err)
	}
	// Quoted correctly, the name is one word: no hint for another mistake.
	if _, err := tr.Apply(`cond "Black Knight" black knight`); err == nil || strings.Contains(err.Error(), "need quotes") {
		t.Errorf("quoted: %v", err)
	}
	// Words that spell no name give the error alone.
	if _, err := tr.Apply("cond Black Prince prone 2"); err == nil || strings.Contains(err.Error(), "need quotes") {
		t.Errorf("no such name: %v", err)
	}
	mustApply(t, tr, `cond "Black Knight" prone 2`)
}
