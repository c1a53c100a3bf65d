package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules/systems"
)

// Format 1 kept an sst zone in the sheet and arm5 engagements in the turn
// table; format 2 reads both into the shared position model.
func TestMigratePositions(t *testing.T) {
	sst := `version = 1
system = "sst"
[[combatant]]
id = 1
name = "Roland"
[combatant.sheet]
zone = "gate"
phys = 3
`
	e, _, err := Decode("old.toml", []byte(sst), systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	if e.Combatants[0].Zone != "gate" {
		t.Fatalf("zone %q", e.Combatants[0].Zone)
	}
	arm5 := `version = 1
system = "arm5"
[turn]
"eng:1" = "2,3"
"eng:2" = 1
"eng:3" = "1"
"did:1" = 1
[[combatant]]
id = 1
name = "Paul"
[[combatant]]
id = 2
name = "Alan"
[[combatant]]
id = 3
name = "Bruce"
`
	e, _, err = Decode("old.toml", []byte(arm5), systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	p, a, b := e.Combatants[0], e.Combatants[1], e.Combatants[2]
	if !p.EngagedWith(a.ID) || !p.EngagedWith(b.ID) || !a.EngagedWith(p.ID) || a.EngagedWith(b.ID) {
		t.Fatalf("engaged %v %v %v", p.Engaged, a.Engaged, b.Engaged)
	}
	if _, ok := e.Turn["eng:1"]; ok || e.Combatants[0].TurnText("did") != "1" {
		t.Fatalf("turn %v", e.Turn)
	}
	out := string(encode(t, e))
	if !strings.Contains(out, fmt.Sprint("version = ", FormatVersion)) || !strings.Contains(out, `engaged = ["Alan", "Bruce"]`) {
		t.Fatalf("saved:\n%s", out)
	}
}

func TestBadEngaged(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"version = 2\nsystem = \"osr\"\n[[combatant]]\nname = \"A\"\nengaged = [\"Zed\"]\n", "f.toml:5: A is engaged with \"Zed\", but no combatant has that name"},
		{"version = 2\nsystem = \"osr\"\n[[combatant]]\nname = \"A\"\nengaged = [\"a\"]\n", "f.toml:5: A cannot be engaged with itself"},
		{"version = 2\nsystem = \"osr\"\n[[combatant]]\nname = \"A\"\nengaged = \"B\"\n", "A: engaged must be a list"},
		{"version = 2\nsystem = \"osr\"\n[[combatant]]\nname = \"A\"\nzone = \"a=b\"\n", "f.toml:5: A: a zone cannot contain ="},
	} {
		_, _, err := Decode("f.toml", []byte(tc.file), systems.Default())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.file, err, tc.want)
		}
	}
}

// format2 writes an encounter as format 2 did: the fight's state among
// the top keys, the log last.
func format2(t *testing.T, e *model.Encounter) string {
	t.Helper()
	v3 := string(encode(t, e))
	i, j := strings.Index(v3, "\n[[log]]\n"), strings.Index(v3, "\n[fight]\n")
	if j < 0 {
		t.Fatal("no [fight] table")
	}
	if i < 0 || i > j {
		i = j // no log
	}
	k := j + 1 + strings.Index(v3[j+1:], "\n[")
	if k <= j {
		k = len(v3)
	}
	head := strings.Replace(v3[:i], fmt.Sprint("version = ", FormatVersion), "version = 2", 1)
	rootEnd := strings.Index(head, "\n[options]\n")
	if rootEnd < 0 {
		rootEnd = len(head)
	}
	return head[:rootEnd] + "\n" + v3[j+len("\n[fight]\n"):k] + head[rootEnd:] + v3[k:] + v3[i:j]
}

// Format 2 had the fight's state at the top and the log last; format 3
// puts the log first and the state in [fight] after it. A format-2 file
// reads as the same encounter, is listed alike, and is written anew in
// format 3.
func TestFightAfterLog(t *testing.T) {
	e := fight(t)
	e.Clock.Fight = 65 * time.Second
	e.Ended = true
	old := format2(t, e)
	if strings.Contains(old, "\n[fight]\n") || strings.Index(old, "\nround = ") > strings.Index(old, "[[combatant]]") {
		t.Fatalf("not format 2:\n%s", old)
	}
	got := decode(t, []byte(old))
	sameEncounter(t, decode(t, encode(t, e)), got)
	if out := string(encode(t, got)); !strings.Contains(out, fmt.Sprint("version = ", FormatVersion)) || strings.Index(out, "[[log]]") > strings.Index(out, "\n[fight]\n") {
		t.Fatalf("not written anew in the current format:\n%s", out)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"old.toml": old, "new.toml": string(encode(t, e))} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s := Summarize(path, testReg(t))
		if s.Err != nil || s.Round != e.Round || !s.Ended || s.Alive() != "players 2/2 · foes 2/2" {
			t.Fatalf("%s summed up as round %d, ended %v, %q, %v", name, s.Round, s.Ended, s.Alive(), s.Err)
		}
	}
	// A [fight] key at the top of a format-3 file says where it goes.
	bad := strings.Replace(string(encode(t, e)), "title = \"\"\n", "title = \"\"\nround = 2\n", 1)
	if _, _, err := Decode("f.toml", []byte(bad), testReg(t)); err == nil || !strings.Contains(err.Error(), "f.toml:6: round belongs in the [fight] table, after the log") {
		t.Fatalf("round at the top: %v", err)
	}
}
