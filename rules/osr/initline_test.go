package osr

import (
	"testing"

	"fray/model"
)

// The round's line of initiative rolls is made in the room grow finds
// for it: every die, a band's once, with no more to spare than a byte for
// each face under 10 on a die of 10 or more sides.
func TestInitLineRoomFitsTheLine(t *testing.T) {
	e := &model.Encounter{}
	add := func(name, band string, sides int, st model.Status, has bool) {
		sh := NewSheet()
		sh.InitDie = sides
		cb := &model.Combatant{Status: st, HasInit: has, Profile: (&model.Profile{Name: name, Band: band}).WithSheet(sh)}
		e.Combatants = append(e.Combatants, cb)
	}
	add("Ara", "", 8, model.Active, false)
	add("Goblin 1", "Goblins", 6, model.Active, false)
	add("Goblin 2", "Goblins", 6, model.Active, false)
	add("Odo", "", 12, model.Active, false)
	add("Wren", "", 10, model.Active, false)
	add("Sister Ilse", "", 20, model.Active, false)
	add("Rolled", "", 6, model.Active, true)
	add("Fallen", "", 6, model.Dead, false)
	rolls := []struct {
		who         string
		sides, face int
	}{{"Ara", 8, 8}, {"Goblins", 6, 1}, {"Odo", 12, 3}, {"Wren", 10, 10}, {"Sister Ilse", 20, 5}}
	var l initLine
	room := lineRoom(e)
	l.grow(e)
	had := l.b.Cap()
	spare := 0
	for _, r := range rolls {
		l.add(r.who, r.sides, r.face)
		if r.sides >= 10 && r.face < 10 {
			spare++
		}
	}
	want := "Initiative: Ara d8 [8], Goblins d6 [1], Odo d12 [3], Wren d10 [10], Sister Ilse d20 [5]"
	if got := l.b.String(); got != want {
		t.Fatalf("line %q, want %q", got, want)
	}
	if room < len(want) || room > len(want)+spare || l.b.Cap() != had {
		t.Errorf("room %d (a buffer of %d, then %d) for a line of %d bytes, %d to spare", room, had, l.b.Cap(), len(want), spare)
	}
}
