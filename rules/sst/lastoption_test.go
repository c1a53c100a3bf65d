package sst

import (
	"strconv"
	"strings"
	"testing"

	"fray/model"
)

// The refresh's line names everyone with a last option, in order, and
// costs the one string it is: at 1000 combatants it is some 20 KB, and
// gathering the names in a list, joining and formatting them made it
// three times over.
func TestLastOptionLineIsWrittenOnce(t *testing.T) {
	e := &model.Encounter{}
	for i := 1; i <= 1000; i++ {
		s := NewSheet()
		if i%10 != 0 { // every tenth has no dice left
			s.Dice = []int{4}
		}
		cb := &model.Combatant{Profile: (&model.Profile{ID: i, Name: "Goblin " + strconv.Itoa(i)}).WithSheet(s), Status: model.Active}
		cb.Acted = i == 3 // has had its last option
		e.Combatants = append(e.Combatants, cb)
		e.Order = append(e.Order, 1001-i)
	}
	line := lastOptionLine(e)
	if !strings.HasPrefix(line, "last option (act, carry a die, or pass) for: Goblin 999, Goblin 998, ") ||
		!strings.HasSuffix(line, ", Goblin 4, Goblin 2, Goblin 1") || strings.Contains(line, "Goblin 990,") {
		t.Errorf("line %.120q…%q", line, line[len(line)-40:])
	}
	if got := testing.AllocsPerRun(10, func() { lastOptionLine(e) }); got != 1 {
		t.Errorf("%v allocations, want the line's one", got)
	}
	if lastOptionLine(&model.Encounter{}) != "" {
		t.Error("a line for nobody")
	}
}
