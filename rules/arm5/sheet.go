package arm5

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fray/model"
)

// Wound and Bruise levels, from least to most severe. Index 0 is unused.
const (
	Light = iota + 1
	Medium
	Heavy
	Incap
	Fatal
)

var levelNames = []string{"", "Light", "Medium", "Heavy", "Incapacitating", "Fatal"}

// LevelName returns the name of a wound or Bruise level (1–5).
func LevelName(l int) string {
	if l < 1 || l > Fatal {
		return "none"
	}
	return levelNames[l]
}

// ParseLevel reads a wound level: light, medium, heavy, incap
// (incapacitating) or fatal, or a number 1–5.
func ParseLevel(s string) (int, error) {
	s = strings.ToLower(s)
	switch s {
	case "light", "l", "1":
		return Light, nil
	case "medium", "m", "2":
		return Medium, nil
	case "heavy", "h", "3":
		return Heavy, nil
	case "incap", "incapacitating", "i", "4":
		return Incap, nil
	case "fatal", "f", "dead", "5":
		return Fatal, nil
	}
	return 0, fmt.Errorf("unknown wound level %q (want light, medium, heavy, incap or fatal)", s)
}

// Fatigue levels.
var fatigueNames = []string{"Fresh", "Winded", "Weary", "Tired", "Dazed", "Unconscious"}

// Unconscious is the last fatigue level.
const Unconscious = 5

// FatigueName returns the name of a fatigue level (0–5).
func FatigueName(l int) string {
	if l < 0 || l >= len(fatigueNames) {
		return strconv.Itoa(l)
	}
	return fatigueNames[l]
}

// fatigueRest is the rest it takes to leave each fatigue level for the
// next better one.
var fatigueRest = []string{"", "2 min", "10 min", "30 min", "60 min", "2 h"}

// FatigueRecovery returns how long a combatant must rest to leave a fatigue
// level for the next better one: 2 min from Winded, 10 min from Weary,
// 30 min from Tired, 60 min from Dazed, 2 h from Unconscious; "" from
// Fresh.
func FatigueRecovery(l int) string {
	if l < 1 || l > Unconscious {
		return ""
	}
	return fatigueRest[l]
}

// FatiguePenalty is the penalty of a fatigue level: 0, 0, −1, −3, −5; the
// last level (Unconscious) has no number since the combatant cannot act.
func FatiguePenalty(l int) int {
	return []int{0, 0, -1, -3, -5, 0}[max(0, min(l, Unconscious))]
}

// LevelPenalty is the penalty of one wound or Bruise of a level: −1, −3, −5;
// Incapacitating and Fatal put the combatant out of the fight instead.
func LevelPenalty(l int) int {
	switch l {
	case Light:
		return -1
	case Medium:
		return -3
	case Heavy:
		return -5
	}
	return 0
}

// Sheet is an arm5 combatant's record. Every field is text-settable under
// the key named in its tag; see Keys.
type Sheet struct {
	Qik, Dex, Str, Sta, Pre, Size int
	AbilityName                   string
	Ability, Brawl, Ride          int
	Leadership                    int // the leader's score caps a trained group's bonus
	// Athletics, Finesse and Concentration serve Action Priority, Fast
	// Casting and extended actions.
	Athletics, Finesse, Concentration int
	Weapon                            string
	WInit, WAtk, WDfn, WDam           int
	Bladed                            bool
	Shield                            string
	SInit, SAtk, SDfn, SDam           int
	Armor                             string
	Prot, Load                        int
	// WLost counts the damage levels the weapon has lost in clashes.
	WLost int
	// Wounds counts wounds by level (index Light…Fatal).
	Wounds [6]int
	// Bruises counts Bruises by level (index Light…Fatal).
	Bruises [6]int
	// BHeavyDone and BIncapDone count the Heavy and Incapacitating Bruises
	// that have already left their residual wound (they were worse once).
	BHeavyDone, BIncapDone int
	Fatigue                int
	Botch                  int // extra botch dice on every stress roll in combat
}

var _ model.Sheet = (*Sheet)(nil)

type field struct {
	key  string
	text *string
	num  *int
	flag *bool
	lo   int
	hi   int
}

const statMax = 1000

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet { n := *s; return &n }

// Equal implements model.SheetEqualer.
func (s *Sheet) Equal(o model.Sheet) bool {
	p, ok := o.(*Sheet)
	return ok && *s == *p
}

// Keys implements model.Sheet: the settable fields in display order.
func (s *Sheet) Keys() []string { return slices.Clone(sheetKeys()) }

// SharedKeys implements model.KeysSharer: every sheet has the same fields.
func (s *Sheet) SharedKeys() []string { return sheetKeys() }

// sheetKeys lists the fields' keys, once.
var sheetKeys = sync.OnceValue(func() []string {
	fs := new(Sheet).fields()
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.key
	}
	return out
})

// Get implements model.Sheet. Fatigue reads as its level name.
func (s *Sheet) Get(key string) (string, bool) {
	var buf [1]field
	for _, f := range s.one(key, &buf) {
		if f.key != strings.ToLower(key) {
			continue
		}
		switch {
		case f.text != nil:
			return *f.text, true
		case f.flag != nil:
			if *f.flag {
				return "yes", true
			}
			return "no", true
		case f.key == "fatigue":
			return strings.ToLower(FatigueName(*f.num)), true
		default:
			return strconv.Itoa(*f.num), true
		}
	}
	return "", false
}

// Set implements model.Sheet. Setting weapon or shield to a name in the
// built-in catalogue also fills its modifiers, and armor an outfit from it
// fills Prot and Load (keys set after it override them); fatigue takes a level number 0–5 or its name.
func (s *Sheet) Set(key, value string) error {
	return model.SetByName(s, "arm5", key, value)
}

// SetIndex implements model.IndexedSheet.
func (s *Sheet) SetIndex(i int, value string) error {
	f, ok := s.fieldAt(i)
	if !ok {
		return fmt.Errorf("arm5 has no field %d", i)
	}
	return s.set(f, value)
}

// set stores value in f as Set does for f's key.
func (s *Sheet) set(f field, value string) error {
	key := f.key
	switch {
	case f.text != nil:
		if key == "weapon" {
			s.fillWeapon(value)
		}
		if key == "shield" {
			s.fillShield(value)
		}
		*f.text = value
		if key == "armor" {
			s.fillArmor(value)
		}
		return nil
	case f.flag != nil:
		switch strings.ToLower(value) {
		case "yes", "y", "true", "1", "on":
			*f.flag = true
		case "no", "n", "false", "0", "off":
			*f.flag = false
		default:
			return fmt.Errorf("%s takes yes or no, not %q", key, value)
		}
		return nil
	}
	if key == "fatigue" {
		for i, name := range fatigueNames {
			if strings.EqualFold(value, name) {
				*f.num = i
				return nil
			}
		}
	}
	v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(value), "+"))
	if err != nil {
		if key == "fatigue" {
			return fmt.Errorf("fatigue takes 0–5 or a level name (fresh, winded, weary, tired, dazed, unconscious), not %q", value)
		}
		return fmt.Errorf("%s must be a whole number, not %q", key, value)
	}
	if v < f.lo || v > f.hi {
		return fmt.Errorf("%s must be from %d to %d, not %d", key, f.lo, f.hi, v)
	}
	*f.num = v
	return nil
}

// Burden returns the Burden of a total Load: the largest n with
// n(n+1)/2 ≤ load (0→0, 1→1, 3→2, 6→3, 10→4 … 55→10 and on).
func Burden(load int) int {
	n := 0
	for (n+1)*(n+2)/2 <= load {
		n++
	}
	return n
}

// Encumbrance is Burden less Strength when Strength is positive (never
// below 0), else the Burden itself.
func Encumbrance(load, str int) int {
	b := Burden(load)
	if str > 0 {
		return max(0, b-str)
	}
	return b
}

// WoundLevel returns the wound (or Bruise) level that an excess of
// Damage over Soak gives a target of a Size: bands 5+Size wide (at least
// 1), up to Fatal. Zero or less is no wound (0).
func WoundLevel(excess, size int) int {
	if excess <= 0 {
		return 0
	}
	w := max(1, 5+size)
	return min(Fatal, (excess+w-1)/w)
}

// Enc returns the sheet's Encumbrance.
func (s *Sheet) Enc() int { return Encumbrance(s.Load, s.Str) }

// Soak is Stamina plus armor Protection.
func (s *Sheet) Soak() int { return s.Sta + s.Prot }

// WoundPenalty, BruisePenalty and Penalty are the summed penalties (≤ 0).
func (s *Sheet) WoundPenalty() int { return levelsPenalty(s.Wounds) }

// BruisePenalty is the sum of all Bruise penalties.
func (s *Sheet) BruisePenalty() int { return levelsPenalty(s.Bruises) }

// Penalty is the total of wound, Bruise and fatigue penalties.
func (s *Sheet) Penalty() int {
	return s.WoundPenalty() + s.BruisePenalty() + FatiguePenalty(s.Fatigue)
}

func levelsPenalty(c [6]int) int {
	p := 0
	for l := Light; l <= Heavy; l++ {
		p += c[l] * LevelPenalty(l)
	}
	return p
}

// InitBase is Quickness + weapon and shield Init − Encumbrance.
func (s *Sheet) InitBase() int { return s.Qik + s.WInit + s.SInit - s.Enc() }

// AtkBase is Dexterity + Ability + weapon and shield Atk + penalties.
func (s *Sheet) AtkBase() int { return s.Dex + s.Ability + s.WAtk + s.SAtk + s.Penalty() }

// DfnBase is Quickness + Ability + weapon and shield Dfn + penalties.
func (s *Sheet) DfnBase() int { return s.Qik + s.Ability + s.WDfn + s.SDfn + s.Penalty() }

// DamBase is Strength + weapon and shield Dam.
func (s *Sheet) DamBase() int { return s.Str + s.WDam + s.SDam }

// EvasionBase is Quickness + Brawl − Size − Encumbrance + shield Dfn +
// penalties.
func (s *Sheet) EvasionBase() int {
	return s.Qik + s.Brawl - s.Size - s.Enc() + s.SDfn + s.Penalty()
}

// Harmed reports the status the sheet's harm calls for: Fatal wound →
// dead, Incapacitating wound → incapacitated, Unconscious fatigue or an
// Incapacitating or Fatal Bruise → unconscious.
func (s *Sheet) Harmed() model.Status {
	switch {
	case s.Wounds[Fatal] > 0:
		return model.Dead
	case s.Wounds[Incap] > 0:
		return model.Incapacitated
	case s.Fatigue >= Unconscious || s.Bruises[Incap] > 0 || s.Bruises[Fatal] > 0:
		return model.Unconscious
	}
	return model.Active
}

// WorstBruise returns the level of the most severe Bruise, or 0.
func (s *Sheet) WorstBruise() int {
	for l := Fatal; l >= Light; l-- {
		if s.Bruises[l] > 0 {
			return l
		}
	}
	return 0
}
