package sst

// Hits returns the damage a weapon of a weight deals with s successes:
// Light 1+2d, Medium 1+1d, Heavy 2+1d, Large 3+1d, Huge 4+1d. No success
// is no damage. Massive is not a number (see Massive).
func Hits(weight string, s int) int {
	if s < 1 {
		return 0
	}
	switch weight {
	case "light", fists:
		return 1 + (s-1)/2
	case "heavy":
		return s + 1
	case "large":
		return s + 2
	case "huge":
		return s + 3
	}
	return s
}

// Massive reports whether a weapon weight kills with any hit.
func Massive(weight string) bool { return weight == "massive" }

// weightCodes names each weapon weight's damage code for the sheet.
var weightCodes = map[string]string{
	"fists": "1+2d", "light": "1+2d", "medium": "1+1d", "heavy": "2+1d", "large": "3+1d", "huge": "4+1d", "massive": "massive",
}

// weightHits says in words what each weapon weight makes of the attack's
// successes, for the sheet.
var weightHits = map[string]string{
	"fists":   "1 hit + 1 per 2 more successes (no SL InClose)",
	"light":   "1 hit + 1 per 2 more successes",
	"medium":  "1 hit per success",
	"heavy":   "1 hit per success + 1",
	"large":   "1 hit per success + 2",
	"huge":    "1 hit per success + 3",
	"massive": "any hit kills",
}

func weightNames() []string {
	return []string{"fists", "light", "medium", "heavy", "large", "huge", "massive"}
}

// GroupStats is what fighting as one body gives a band of NPCs.
type GroupStats struct {
	Name        string
	Size        string
	Phys, Ment  int // extra real ranks
	Dice        int // extra action dice
	Attacks     int // separate targets one attack action may strike
	Description string
}

// Groups lists the group kinds from smallest to largest.
var Groups = []GroupStats{
	{Name: "mob", Size: "3–4", Phys: 1, Ment: 0, Dice: 1, Attacks: 2},
	{Name: "crowd", Size: "8", Phys: 1, Ment: 1, Dice: 2, Attacks: 3},
	{Name: "horde", Size: "16", Phys: 2, Ment: 1, Dice: 3, Attacks: 4},
	{Name: "company", Size: "32", Phys: 3, Ment: 2, Dice: 4, Attacks: 4},
	{Name: "unit", Size: "64", Phys: 4, Ment: 2, Dice: 4, Attacks: 6},
}

func groupNames() []string {
	out := []string{"none"}
	for _, g := range Groups {
		out = append(out, g.Name)
	}
	return out
}

// GroupOf returns a group kind's numbers; a lone combatant has Attacks 1.
func GroupOf(name string) GroupStats {
	if g := groupOf(name); g != nil {
		return *g
	}
	return GroupStats{Attacks: 1}
}

// groupOf is the group kind of that name, or nil; it copies nothing (a
// rank is read several times a row of the order view).
func groupOf(name string) *GroupStats {
	if name == "" {
		return nil
	}
	for i := range Groups {
		if Groups[i].Name == name {
			return &Groups[i]
		}
	}
	return nil
}

// coverDice is the dice an attack loses against a target in cover.
var coverDice = map[string]int{
	"hard-light": 1, "hard-heavy": 2, "soft-light": 1, "soft-medium": 2, "soft-heavy": 3,
}

func coverNames() []string {
	return []string{"none", "hard-light", "hard-heavy", "soft-light", "soft-medium", "soft-heavy"}
}

// CoverDice returns the attack dice lost to a kind of cover (0 for none).
func CoverDice(kind string) int { return coverDice[kind] }

// Fear levels, mildest first.
var fearLevels = []string{"scary", "fearsome", "dread", "terror", "fell"}

// Injury effects.
const (
	eStun     = "stun"
	eUncon    = "unconscious"
	eSenses   = "sight or sound"
	eFracture = "fracture"
	eBalance  = "balance"
	eBleeder  = "bleeder"
	eKill     = "kill"
	eFlesh    = "flesh wound"
	eParalyse = "paralysed"
	eWind     = "wind"
	ePuncture = "puncture"
	eBroken   = "broken"
	eFoot     = "foot"
	eHand     = "hand"
	eSever    = "sever/maim"
	eMaim     = "maim"
)

// injuryTable lists each location's effects for effect rolls 1 to 7+.
var injuryTable = map[string][7]string{
	Head:     {eStun, eUncon, eSenses, eFracture, eBalance, eBleeder, eKill},
	Neck:     {eBleeder, eBleeder, eFlesh, eFlesh, eParalyse, eParalyse, eKill},
	Chest:    {eStun, eWind, eBleeder, eFlesh, eFracture, ePuncture, eKill},
	Groin:    {eBleeder, eBleeder, eFlesh, eFlesh, eMaim, eMaim, eKill},
	LeftArm:  {eBleeder, eFlesh, eBleeder, eHand, eFracture, eBroken, eSever},
	RightArm: {eBleeder, eFlesh, eBleeder, eHand, eFracture, eBroken, eSever},
	LeftLeg:  {eBleeder, eBalance, eFracture, eBroken, eFoot, eBroken, eSever},
	RightLeg: {eBleeder, eBalance, eFracture, eBroken, eFoot, eBroken, eSever},
}

// InjuryEffect returns the effect of an effect roll (1 to 7+) at a
// location.
func InjuryEffect(loc string, roll int) string {
	t, ok := injuryTable[loc]
	if !ok {
		return ""
	}
	return t[min(max(roll, 1), 7)-1]
}

// bleedPenalty is the dice a bleeder's BODY roll loses at a location: the
// neck and groin bleed worse (−2d).
func bleedPenalty(loc string) int {
	if loc == Neck || loc == Groin {
		return 2
	}
	return 0
}
