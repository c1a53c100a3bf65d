package osr

// InitDie returns the number of sides of the initiative die for a DEX
// score: d20 at 25 and up, d12 at 21–24, d10 at 18–20, d8 at 15–17, d6 at
// 9–14, d4 at 6–8, d3 at 4–5 and d2 at 3 or less.
func InitDie(dex int) int {
	switch {
	case dex >= 25:
		return 20
	case dex >= 21:
		return 12
	case dex >= 18:
		return 10
	case dex >= 15:
		return 8
	case dex >= 9:
		return 6
	case dex >= 6:
		return 4
	case dex >= 4:
		return 3
	}
	return 2
}

// ConAll is the CON loss of a blow that takes all of it.
const ConAll = -1

// Blow is one band of the Mighty Blows table: what a critical hit does.
type Blow struct {
	Name      string // short name for the log
	Flesh     bool   // a flesh wound: −2 attacks and saves
	Stun      int    // sides of the die giving the rounds stunned (0: none)
	SaveOrOut bool   // out of the fight unless the victim saves
	Out       bool   // out of the fight until healed
	SaveOrDie bool   // dead unless the victim saves
	Dead      bool
	Mangled   bool
	Con       int // CON lost (ConAll: all of it)
}

// MightyBlow returns the band of the Mighty Blows table for a result after
// the victim's save lowered it; ok is false when the save brought it to 0
// or below, negating the blow.
func MightyBlow(n int) (b Blow, ok bool) {
	switch {
	case n <= 0:
		return Blow{}, false
	case n <= 6:
		return Blow{Name: "flesh wound", Flesh: true, Con: 1}, true
	case n <= 14:
		return Blow{Name: "painful blow", Flesh: true, Stun: 3, Con: 2}, true
	case n <= 17:
		return Blow{Name: "crushing blow", Flesh: true, Stun: 6, SaveOrOut: true, Con: 4}, true
	case n <= 19:
		return Blow{Name: "incapacitating strike", Out: true, SaveOrDie: true, Con: 8}, true
	case n == 20:
		return Blow{Name: "deadly blow", Dead: true, Con: ConAll}, true
	}
	return Blow{Name: "mangled", Dead: true, Mangled: true, Con: ConAll}, true
}

// SaveLowering is how far a saving throw lowers a Mighty Blow: nothing on
// a failure, else the margin by which the save was made and at least 1. A
// total of 17 against a target of 10 lowers the blow by 7.
func SaveLowering(total, target int) int {
	if total < target {
		return 0
	}
	return max(1, total-target)
}

// Band is what hit points at 0 or below mean for a monster or NPC.
type Band int

// The death-save bands.
const (
	Standing   Band = iota // above 0 HP
	SaveOrDrop             // 0 to −5: a save keeps it up at −2, a failure drops it, a natural 1 kills
	DownSave               // −6 to −10: unconscious, dead on a failed save
	Slain                  // −11 or less: dead
)

// DeathBand returns the band of a hit-point total.
func DeathBand(hp int) Band {
	switch {
	case hp > 0:
		return Standing
	case hp >= -5:
		return SaveOrDrop
	case hp >= -10:
		return DownSave
	}
	return Slain
}
