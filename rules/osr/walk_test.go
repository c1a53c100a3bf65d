package osr_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/osr"
)

// TestRandomWalk applies thousands of random commands to the demo and
// checks that none reaches an internal error (a panic caught by the
// tracker) and that undo always restores the shown state.
func TestRandomWalk(t *testing.T) {
	e, err := rules.BuildDemo(osr.New(), "goblins", 5)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, osr.New())
	names := []string{"Brannoc", `"Sister Ilse"`, "Wren", "Odo", `"Goblin 1"`, `"Goblin boss"`, `"Goblin shaman"`, "party", "goblins"}
	verbs := []string{"next", "next", "next", "prev", "attack %s %s", "attack %s %s subdual", "attack %s %s unarmed",
		"attack %s %s two behind", "attack %s %s parry cover=2", "damage %s 7", "damage %s 3 subdual", "heal %s 4",
		"save %s", "hold %s", "act %s", "declare %s spell fire", "declare %s charge", "declare %s none",
		"split %s 1 1", "defend %s", "flee %s", "surrender %s", "surprise roll", "surprise %s 2", "surprise clear",
		"option initiative side", "option initiative dex", "init %s 4", "init all roll", "undo", "redo",
		"add Extra%d hp=4", "remove %s", "set %s status=active", "set %s hp=9", "uncond %s stunned"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1500; i++ {
		v := verbs[r.IntN(len(verbs))]
		var line string
		switch strings.Count(v, "%") {
		case 0:
			line = v
		case 1:
			if strings.Contains(v, "%d") {
				line = strings.Replace(v, "%d", string(rune('A'+r.IntN(26))), 1)
			} else {
				line = strings.Replace(v, "%s", names[r.IntN(len(names))], 1)
			}
		default:
			line = strings.Replace(v, "%s", names[r.IntN(len(names))], 1)
			line = strings.Replace(line, "%s", names[r.IntN(len(names))], 1)
		}
		before := rules.Text(tr.E, tr.Sys)
		_, err := tr.Apply(line)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%s: %v", line, err)
			}
			if after := rules.Text(tr.E, tr.Sys); after != before && line != "undo" && line != "redo" {
				t.Fatalf("%s failed but changed the encounter", line)
			}
		}
	}
}
