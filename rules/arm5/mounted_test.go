package arm5_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/arm5"
)

const (
	addRider = `add Knight side=knight dex=1 str=2 sta=2 pre=1 abilityname="Single Weapon" ability=5 ride=2 weapon=lance shield="heater shield" init=9`
	addHorse = `add Charger side=knight qik=1 str=4 sta=3 size=3 abilityname=Brawl ability=3 weapon=kick init=2`
	addFoot  = `add Footman side=foes str=1 sta=1 abilityname="Single Weapon" ability=3 weapon=spear init=5`
)

func TestHorseActsOnRidersTurn(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=canter", "next", "next")
	from := tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Charger acts on Knight's turn")
	if tr.E.Round != 2 || current(tr) != "Knight" {
		t.Fatalf("round %d, %s's turn; want round 2, Knight", tr.E.Round, current(tr))
	}
	// The mounted bonus (Ride 2) counts on Defense and on the lance.
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4", "force attack Footman Knight")
	hasEvent(t, tr, from, "Knight: Defense Single Weapon 5 + shield 3 + mounted 2 + stress 4 = 14")
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 4", "attack Knight Footman")
	hasEvent(t, tr, from, "Knight: Attack Dex 1 + Single Weapon 5 + weapon 4 + mounted 2 + stress 4 = 16")
	unchanged(t, tr, "mount Footman Charger", "already carries Knight")
}

func TestHorseWoundsAndPanic(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=gallop", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5", "wound Charger medium")
	hasEvent(t, tr, from, "Knight: keep the horse in hand Pre 1 + Ride 2 + stress 5 = 8 vs 9: fails")
	hasEvent(t, tr, from, "Charger panics: it tries to bolt from the fight (control Knight)")
	unchanged(t, tr, "attack Knight Footman", "is panicked")
	// Control: 6 less the horse's −3 = 9.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6", "control Knight")
	hasEvent(t, tr, from, "Knight: control the horse Pre 1 + Ride 2 + stress 6 = 9 vs 9: succeeds")
	// Heavy: the gallop drops to a trot; Dex + Ride vs 9 keeps the saddle.
	from = tr.E.Log.Len()
	run(t, tr, "dice 6 7", "wound Charger heavy")
	hasEvent(t, tr, from, "Charger stops short: no faster than a trot, and any charge is over")
	hasEvent(t, tr, from, "Knight: stay in the saddle Dex 1 + Ride 2 + stress 6 = 9 vs 9: succeeds")
	unchanged(t, tr, "gait Knight gallop", "no faster than a trot")
	// Falling from a trotting horse of Size 3: 3 + 2 + stress 4 = 9 − Soak 2.
	from = tr.E.Log.Len()
	run(t, tr, "dice 4 5", "fall Knight")
	hasEvent(t, tr, from, "Knight falls from the saddle: Damage horse Size + trot 5 + stress 4 = 9; 9 − Soak 2 = 7 → Medium wound")
	if !comb(t, tr, "Knight").HasCond("prone") || comb(t, tr, "Knight").HasCond("mounted") {
		t.Error("the Knight should be prone and unhorsed")
	}
	run(t, tr, "undo")
	if comb(t, tr, "Knight").HasCond("prone") {
		t.Error("undo left the Knight prone")
	}
}

func TestHorseGoesDown(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger", "next")
	// Leap: Dex 1 + stress 3 = 4 vs 9 fails; fall: 3 + 0 + 2 = 5 − 2 → no
	// wound; roll clear: 0 + 2 + stress 2 = 4 vs 6 fails; the horse lands
	// on him: 3 + 6 + 5 = 14 − 2 = 12 → Heavy.
	from := tr.E.Log.Len()
	run(t, tr, "dice 3 2 2 5 4", "wound Charger incap")
	hasEvent(t, tr, from, "Charger goes down under Knight")
	hasEvent(t, tr, from, "Charger lands on Knight: Damage horse Size 3 + weight 6 + stress 5 = 14; 14 − Soak 2 = 12 → Heavy wound")
	if !comb(t, tr, "Knight").HasCond("under the horse") {
		t.Error("the Knight is not pinned under the horse")
	}
}

func TestShockOfTheCharge(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "set Footman prot=15", "mount Knight Charger", "option shock on", "next")
	// Attack 1 + 5 + 4 + charge 5 + mounted 2 + 5 = 22 vs 0 + 3 + 0 + 4 = 7:
	// Advantage 15, Damage 15 + 2 + 5 = 22. Footman: Str 1 + Size 0 +
	// Single Weapon 3 + stress 6 = 10 vs 22 + 3: knocked down.
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 4 6", "attack Knight Footman charge mounted")
	hasEvent(t, tr, from, "Charger: fatigue Fresh → Winded (carrying the charge)")
	hasEvent(t, tr, from, "Footman: resist the charge Str 1 + Single Weapon 3 + stress 6 = 10 vs 25: fails")
	if !comb(t, tr, "Footman").HasCond("prone") {
		t.Error("the Footman stands after the shock")
	}
}

// A rider on a horse combatant charges without the mounted word: the
// horse spends the fatigue level and the mounted bonus counts.
func TestMountedChargeTiresTheHorse(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=canter", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 4 9", "attack Knight Footman charge")
	hasEvent(t, tr, from, "Knight: Attack Dex 1 + Single Weapon 5 + weapon 4 + charge 5 + mounted 2 + stress 4 = 21")
	hasEvent(t, tr, from, "Charger: fatigue Fresh → Winded (carrying the charge)")
	if sheet(t, tr, "Knight").Fatigue != 0 || sheet(t, tr, "Charger").Fatigue != 1 {
		t.Fatalf("fatigue: Knight %d, Charger %d; want 0 and 1", sheet(t, tr, "Knight").Fatigue, sheet(t, tr, "Charger").Fatigue)
	}
}

// A rider on a horse of the fight is marked "riding Charger (canter)"
// once: the mounted condition beside it would say the same again.
func TestRiderMarkedOnce(t *testing.T) {
	tr := newTracker(t, addRider, addHorse, addFoot, "mount Knight Charger gait=canter")
	knight, _ := tr.E.Find("Knight")
	marks := tr.Sys.Harm(tr.E, knight).Markers
	for _, r := range tr.Sys.Order(tr.E).Rows {
		if r.ID == knight.ID {
			marks = append(marks, r.Marks...)
		}
	}
	riding := 0
	for _, m := range marks {
		if m == "mounted" {
			t.Errorf("marked mounted besides riding: %q", marks)
		}
		if m == "riding Charger (canter)" {
			riding++
		}
	}
	if riding != 2 { // once among the markers, once among the row's marks
		t.Errorf("marks %q, want riding Charger (canter) in each", marks)
	}
}

// CarriesIn, which lists the horses ridden once for many questions,
// answers as Carries does: on random turn states with riders who left
// the fight, horses nobody has, two riders on one horse, and broken
// records.
func TestCarriesInIsCarries(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 3))
	s := arm5.New()
	for i := range 2000 {
		e := model.New("arm5", 1)
		n := 1 + r.IntN(8)
		for id := 1; id <= n; id++ {
			if r.IntN(5) > 0 {
				e.Combatants = append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: id, Name: fmt.Sprint("c", id)}})
			}
		}
		for range r.IntN(6) {
			v := []string{fmt.Sprint(r.IntN(n+2), " ", r.IntN(3)), "x 1", "3", fmt.Sprint(r.IntN(n+2), " 1 untrained")}[r.IntN(4)]
			e.Turn[fmt.Sprint("horse:", r.IntN(n+2))] = v
		}
		carries := rules.CarriesIn(s, e)
		for _, cb := range append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: n + 1}}) {
			if want, got := rules.Carries(s, e, cb), carries(cb); want != got {
				t.Fatalf("fight %d, %d with %v: Carries says %v, CarriesIn %v", i, cb.ID, e.Turn, want, got)
			}
		}
	}
}
