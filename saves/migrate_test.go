package saves

import (
	"strings"
	"testing"

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
	if _, ok := e.Turn["eng:1"]; ok || e.Turn["did:1"] != "1" {
		t.Fatalf("turn %v", e.Turn)
	}
	out := string(encode(t, e))
	if !strings.Contains(out, "version = 2") || !strings.Contains(out, `engaged = ["Alan", "Bruce"]`) {
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
