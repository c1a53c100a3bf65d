package swords

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fray/model"
)

// Health is the level the largest single hit a combatant has taken gives.
type Health int

// Health levels, from unharmed to dead.
const (
	OK Health = iota
	Hurt
	Wounded
	Crippled
	Dead
)

var healthNames = []string{"OK", "Hurt", "Wounded", "Crippled", "Dead"}

// String returns the level's name.
func (h Health) String() string {
	if h < 0 || int(h) >= len(healthNames) {
		return fmt.Sprintf("Health(%d)", int(h))
	}
	return healthNames[h]
}

// HealthOf returns the Health level of a largest single hit: one level
// per five points (0–4 OK, 5–9 Hurt, 10–14 Wounded, 15–19 Crippled, 20 and
// more Dead).
func HealthOf(largest int) Health {
	return Health(min(max(largest, 0)/5, int(Dead)))
}

// Weapon kinds: they decide the damage roll and the default attack skill.
const (
	Unarmed    = "unarmed"
	Melee      = "melee"
	Thrown     = "thrown"
	Bow        = "bow"
	Mechanical = "mechanical"
)

var weaponKinds = []string{Unarmed, Melee, Thrown, Bow, Mechanical}

// Sheet kinds: a person (any single fighter, animals and monsters
// included) or an army in tactical combat.
const (
	Person = "person"
	Army   = "army"
)

// PCStamina is the Stamina of a new sheet: what player characters have.
// ArmyHits is what every army has.
const (
	PCStamina = 10
	ArmyHits  = 100
)

// Sheet is a swords combatant's record; every field is text-settable
// under the key listed by Keys.
type Sheet struct {
	Kind string // Person or Army

	Str, Dex, Int int
	// Skills.
	Striking, Archery, Grappling, Defense, Riding, Tactics int

	Weapon string
	WKind  string // one of the weapon kinds
	WDam   int    // the weapon's damage value
	Armor  int
	Mass   int // any unit, the same for everyone; 0 means unknown
	// Mounted is true while the combatant is in the saddle.
	Mounted bool
	// Shield: it carries one, and so can block thrown weapons and
	// missiles (without, it must dodge them).
	Shield bool
	// Disarmed: its weapon was knocked or wrenched away; it fights
	// bare-handed until it picks the weapon up.
	Disarmed bool

	MaxStamina, Stamina int
	// Largest is the largest single hit (after endurance) taken.
	Largest int

	// Army fields.
	Size       int    // soldiers
	Quality    int    // the GM's power adjustment for training, gear, morale
	General    string // name of the combatant who leads the army
	Tacticians string // further advisers, names separated by commas
}

var _ model.Sheet = (*Sheet)(nil)

// newSheet is a blank person with the PCs' 10 Stamina, unarmed.
func newSheet() *Sheet {
	return &Sheet{Kind: Person, WKind: Unarmed, MaxStamina: PCStamina, Stamina: PCStamina}
}

const statMax = 1_000_000

type field struct {
	key    string
	text   *string
	num    *int
	flag   *bool
	lo, hi int
	set    func(*Sheet, string) error // special parsing (a method expression: no closure made per field)
}

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet { c := *s; return &c }

// Equal implements model.SheetEqualer.
func (s *Sheet) Equal(o model.Sheet) bool {
	p, ok := o.(*Sheet)
	return ok && *s == *p
}

// Keys implements model.Sheet: the fields in display and save order. kind
// and maxstamina come before stamina so that a saved sheet loads back.
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

// Get implements model.Sheet.
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
		default:
			return strconv.Itoa(*f.num), true
		}
	}
	return "", false
}

// Set implements model.Sheet. It changes nothing on error.
func (s *Sheet) Set(key, value string) error {
	return model.SetByName(s, "swords", key, value)
}

// SetIndex implements model.IndexedSheet.
func (s *Sheet) SetIndex(i int, value string) error {
	f, ok := s.fieldAt(i)
	if !ok {
		return fmt.Errorf("swords has no field %d", i)
	}
	return s.set(f, value)
}

// set stores value in f as Set does for f's key.
func (s *Sheet) set(f field, value string) error {
	key := f.key
	value = strings.TrimSpace(value)
	switch {
	case f.set != nil:
		return f.set(s, value)
	case f.text != nil:
		*f.text = value
		return nil
	case f.flag != nil:
		b, err := parseYes(key, value)
		if err == nil {
			*f.flag = b
		}
		return err
	}
	v, err := number(key, value, f.lo, f.hi)
	if err == nil {
		*f.num = v
	}
	return err
}

func number(key, value string, lo, hi int) (int, error) {
	v, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
	if err != nil {
		return 0, fmt.Errorf("%s must be a whole number, not %q", key, value)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s must be from %d to %d, not %d", key, lo, hi, v)
	}
	return v, nil
}

func parseYes(key, value string) (bool, error) {
	switch strings.ToLower(value) {
	case "yes", "y", "true", "1", "on":
		return true, nil
	case "no", "n", "false", "0", "off":
		return false, nil
	}
	return false, fmt.Errorf("%s takes yes or no, not %q", key, value)
}

// setKind switches between person and army; a fresh army (its track still
// full at the PCs' 10) gets its 100 hits.
func (s *Sheet) setKind(v string) error {
	v = strings.ToLower(v)
	if v != Person && v != Army {
		return fmt.Errorf("kind takes person or army, not %q", v)
	}
	if v == Army && s.Kind != Army && s.MaxStamina == PCStamina && s.Stamina == PCStamina {
		s.MaxStamina, s.Stamina = ArmyHits, ArmyHits
	}
	s.Kind = v
	return nil
}

// setWeapon names the weapon: naming one while unarmed makes it a melee
// weapon, and no name (or "none") means bare hands.
func (s *Sheet) setWeapon(v string) error {
	if strings.EqualFold(v, "none") {
		v = ""
	}
	switch {
	case v == "":
		s.WKind = Unarmed
	case s.WKind == Unarmed:
		s.WKind = Melee
	}
	s.Weapon = v
	return nil
}

func (s *Sheet) setWKind(v string) error {
	v = strings.ToLower(v)
	for _, k := range weaponKinds {
		if k == v {
			s.WKind = v
			return nil
		}
	}
	return fmt.Errorf("wkind takes %s, not %q", strings.Join(weaponKinds, ", "), v)
}

// setMax changes the most hits; a full track stays full.
func (s *Sheet) setMax(v string) error {
	m, err := number("maxstamina", v, 1, statMax)
	if err != nil {
		return err
	}
	if s.Stamina == s.MaxStamina || s.Stamina > m {
		s.Stamina = m
	}
	s.MaxStamina = m
	return nil
}

func (s *Sheet) setStamina(v string) error {
	n, err := number("stamina", v, 0, statMax)
	if err != nil {
		return err
	}
	// Above the most hits is refused once the whole command is in (see
	// Refresh), so "stamina=40 maxstamina=40" works in either order.
	s.Stamina = n
	return nil
}

// Health is the level the largest single hit gives.
func (s *Sheet) Health() Health { return HealthOf(s.Largest) }

// IsArmy reports whether the sheet is an army's.
func (s *Sheet) IsArmy() bool { return s.Kind == Army }

// Skill returns a skill's rating by name, and whether the name is known.
func (s *Sheet) Skill(name string) (int, bool) {
	switch name {
	case "striking":
		return s.Striking, true
	case "archery":
		return s.Archery, true
	case "grappling":
		return s.Grappling, true
	case "defense":
		return s.Defense, true
	case "riding":
		return s.Riding, true
	case "tactics":
		return s.Tactics, true
	}
	return 0, false
}

// AttackSkill is the skill an attack uses by default: Archery for bows and
// mechanical weapons, Striking for everything else.
func (s *Sheet) AttackSkill() string {
	if k := s.InHand(); k == Bow || k == Mechanical {
		return "archery"
	}
	return "striking"
}

// InHand is the kind of weapon the combatant fights with now: its
// weapon's, or bare hands while disarmed.
func (s *Sheet) InHand() string {
	if s.Disarmed {
		return Unarmed
	}
	return s.WKind
}

// damageTerms adds to a damage roll what the weapon in hand adds (see
// DamageBase), term by term for the log; bare adds Strength alone, as a
// grab's harm without a small weapon.
func (s *Sheet) damageTerms(t *total, bare bool) {
	switch k := s.InHand(); {
	case bare, k == Unarmed:
		t.Add("Str", s.Str)
	case k == Mechanical:
		t.Add("weapon", s.WDam)
	default:
		t.Add("Str", s.Str)
		t.Add("weapon", s.WDam)
	}
}

// DamageBase is what the weapon kind adds to the 2d6 damage roll: Strength
// bare-handed, Strength + weapon for melee, thrown and bows, the weapon
// alone for mechanical ones.
func (s *Sheet) DamageBase() int {
	switch s.InHand() {
	case Unarmed:
		return s.Str
	case Mechanical:
		return s.WDam
	}
	return s.Str + s.WDam
}

// EnduranceBase is Strength + armor, added to the 2d6 endurance roll.
func (s *Sheet) EnduranceBase() int { return s.Str + s.Armor }

// TacticsBase is Intelligence + Tactics.
func (s *Sheet) TacticsBase() int { return s.Int + s.Tactics }

// Doublings measures how much bigger the larger of two amounts is: +2 for
// each doubling and +1 more when the ratio is at least halfway (on the
// doubling scale, a factor √2) to the next. Army power and the grappling
// mass bonus both use it. An amount of 0 or less gives 0.
func Doublings(a, b int) int {
	big, small := max(a, b), min(a, b)
	if small <= 0 {
		return 0
	}
	d, base := 0, small
	for base*2 <= big {
		base *= 2
		d++
	}
	out := 2 * d
	// big/base ≥ √2  ⇔  big² ≥ 2·base²; both below 2^42 here.
	if big*big >= 2*base*base {
		out++
	}
	return out
}
