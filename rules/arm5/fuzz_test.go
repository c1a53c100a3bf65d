package arm5_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
)

// FuzzGroups: any group command, by any name, either works or fails
// cleanly (no internal error), and whatever groups result survive a save.
func FuzzGroups(f *testing.F) {
	for _, s := range []string{
		"group Grogs Paul Marla", `group "Red Cloaks" Paul trained leader=Paul`, "group g Paul Marla Ignatio vanguard=M",
		"groupbonus Grogs defense", "ungroup Grogs", "attack Grogs Bruce", `group "a\"b" Paul`, "group ✓ Paul",
	} {
		f.Add(s, "attack Bruce Grogs")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		tr := turb(t)
		for _, line := range []string{a, "dice 5 5 5 5", b} {
			if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%q: %v", line, err)
			}
		}
		var buf bytes.Buffer
		if err := saves.Encode(&buf, tr.E); err != nil {
			t.Fatal(err)
		}
		e, _, err := saves.Decode("f.toml", buf.Bytes(), systems.Default())
		if err != nil {
			t.Fatalf("%q, %q: %v", a, b, err)
		}
		if !reflect.DeepEqual(e.Turn, tr.E.Turn) {
			t.Fatalf("turn %v after load, want %v", e.Turn, tr.E.Turn)
		}
		_ = rules.NewTracker(e, tr.Sys)
	})
}
