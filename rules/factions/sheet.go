package factions

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"fray/model"
	"fray/rules/dice"
)

// Sizes, smallest first. Medium is a human.
var sizeNames = []string{"tiny", "small", "medium", "large", "huge", "massive"}

// Size categories by number.
const (
	Medium  = 2
	Massive = 5
)

// SizeName names a size category (0 tiny … 5 massive).
func SizeName(n int) string {
	if n < 0 || n >= len(sizeNames) {
		return strconv.Itoa(n)
	}
	return sizeNames[n]
}

// Weapon is one entry of a sheet's weapon list.
type Weapon struct {
	Name     string
	Damage   string // dice expression: d6, 2d8
	Range    int    // 0 for a melee weapon
	Blast    bool
	Impaired bool // always deals impaired damage (unarmed)
	Great    bool // a great weapon: two hands (a grabber using it lets go)
	Damaged  bool // breaks on a 1 on its damage die
	// Improvised is an everyday thing used as a weapon: handled as
	// already damaged.
	Improvised bool
}

// Fragile reports whether a 1 on the damage die breaks the weapon.
func (w Weapon) Fragile() bool { return w.Damaged || w.Improvised }

// Unarmed is the attack everyone has: d4, impaired.
var Unarmed = Weapon{Name: "unarmed", Damage: "d4", Impaired: true}

// String writes a weapon as it is typed in the weapons list.
func (w Weapon) String() string {
	s := w.Name + " " + w.Damage
	if w.Range > 0 {
		s += fmt.Sprintf(" r%d", w.Range)
	}
	if w.Blast {
		s += " blast"
	}
	if w.Impaired {
		s += " impaired"
	}
	if w.Great {
		s += " great"
	}
	if w.Improvised {
		s += " improvised"
	} else if w.Damaged {
		s += " damaged"
	}
	return s
}

// ParseWeapons reads a weapon list: entries separated by commas, each a
// name followed by its damage dice and optionally rN (range in zones),
// blast, impaired, great (two-handed), damaged and improvised, as in
// "sword d6, bow d6 r8, fire bomb d6 r2 blast".
func ParseWeapons(s string) ([]Weapon, error) {
	var out []Weapon
	for _, entry := range strings.Split(s, ",") {
		words := strings.Fields(entry)
		if len(words) == 0 {
			continue
		}
		var w Weapon
		var name []string
		for _, word := range words {
			lw := strings.ToLower(word)
			switch {
			case lw == "blast":
				w.Blast = true
			case lw == "impaired":
				w.Impaired = true
			case lw == "great":
				w.Great = true
			case lw == "damaged":
				w.Damaged = true
			case lw == "improvised":
				w.Improvised = true
			case isDice(lw):
				if _, err := dice.Parse(lw); err != nil {
					return nil, err
				}
				w.Damage = lw
			case len(lw) > 1 && lw[0] == 'r' && isDigits(lw[1:]):
				n, err := strconv.Atoi(lw[1:])
				if err != nil || n > 1000 {
					return nil, fmt.Errorf("range %q is out of bounds", word)
				}
				w.Range = n
			default:
				name = append(name, word)
			}
		}
		if w.Damage == "" {
			return nil, fmt.Errorf("weapon %q has no damage dice (write it like: sword d6, bow d6 r8)", strings.TrimSpace(entry))
		}
		w.Name = strings.Join(name, " ")
		if w.Name == "" {
			w.Name = w.Damage
		}
		out = append(out, w)
	}
	return out, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isDice reports whether a word looks like NdM (with no other terms).
func isDice(s string) bool {
	i := strings.IndexByte(s, 'd')
	return i >= 0 && (i == 0 || isDigits(s[:i])) && isDigits(s[i+1:])
}

// Sheet is a factions combatant's record; every field is text-settable
// under the key Keys lists.
type Sheet struct {
	Health, MaxHealth int
	Armour            int // 0–3
	Str, Agi, Wit     int // saves: a d20 at or under the score passes
	Speed             int // zones at full speed (2 for most)
	Size              int // 0 tiny … 2 medium … 5 massive
	Weapons           string
	GrabbedBy         string // name of the grabbing character, "" if free
	Morale            string // "", "passed" or "failed"
	// On names the mount or vehicle the character rides or is carried
	// by: they take their turn together, on the rider's activation.
	On string
	// Shield is "" (none), "yes" or "damaged": a shield counts 1 in the
	// armour, and a damaged one breaks under a heavy blow.
	Shield string

	// The flags, together: a bool between wider fields takes 8 bytes, and
	// a fight holds a sheet twice a combatant (its own and undo's): 152
	// bytes, not 168.
	Cover         bool // standing in cover: armour +1, at most 3
	Concealed     bool
	Surrendered   bool
	Retreated     bool
	Fearless      bool // immune to fear, so to morale
	ArmourDamaged bool // its armour (not the shield) breaks under a heavy blow
}

var _ model.Sheet = (*Sheet)(nil)

// NewSheet is a blank medium-sized character with speed 2.
func NewSheet() *Sheet { return &Sheet{Speed: 2, Size: Medium} }

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet { n := *s; return &n }

// Equal implements model.SheetEqualer.
func (s *Sheet) Equal(o model.Sheet) bool {
	p, ok := o.(*Sheet)
	return ok && *s == *p
}

var keys = []string{"health", "maxhealth", "armour", "cover", "str", "agi", "wit", "speed", "size",
	"weapons", "grabbedby", "concealed", "surrendered", "retreated", "fearless", "morale", "on", "shield", "armourdamaged"}

// Keys implements model.Sheet.
func (s *Sheet) Keys() []string { return append([]string(nil), keys...) }

// SharedKeys implements model.KeysSharer.
func (s *Sheet) SharedKeys() []string { return keys }

// The place of each key in keys: the switches that read and set a field
// go by it, and the loader sets a file's fields by it (SetIndex).
const (
	fHealth = iota
	fMaxhealth
	fArmour
	fCover
	fStr
	fAgi
	fWit
	fSpeed
	fSize
	fWeapons
	fGrabbedby
	fConcealed
	fSurrendered
	fRetreated
	fFearless
	fMorale
	fOn
	fShield
	fArmourdamaged
)

// keyIndex is the place of each key in keys.
var keyIndex = model.NewKeyPlaces(keys)

// intAt is the number field at place i, nil for another kind.
func (s *Sheet) intAt(i int) *int {
	switch i {
	case fHealth:
		return &s.Health
	case fMaxhealth:
		return &s.MaxHealth
	case fArmour:
		return &s.Armour
	case fStr:
		return &s.Str
	case fAgi:
		return &s.Agi
	case fWit:
		return &s.Wit
	case fSpeed:
		return &s.Speed
	}
	return nil
}

// flagAt is the yes-or-no field at place i, nil for another kind.
func (s *Sheet) flagAt(i int) *bool {
	switch i {
	case fCover:
		return &s.Cover
	case fConcealed:
		return &s.Concealed
	case fSurrendered:
		return &s.Surrendered
	case fRetreated:
		return &s.Retreated
	case fFearless:
		return &s.Fearless
	case fArmourdamaged:
		return &s.ArmourDamaged
	}
	return nil
}

// Get implements model.Sheet.
func (s *Sheet) Get(key string) (string, bool) {
	i, ok := s.FieldIndex(key)
	if !ok {
		return "", false
	}
	if p := s.intAt(i); p != nil {
		return strconv.Itoa(*p), true
	}
	if p := s.flagAt(i); p != nil {
		if *p {
			return "yes", true
		}
		return "no", true
	}
	switch i {
	case fSize:
		return SizeName(s.Size), true
	case fWeapons:
		return s.Weapons, true
	case fGrabbedby:
		return s.GrabbedBy, true
	case fMorale:
		return s.Morale, true
	case fOn:
		return s.On, true
	case fShield:
		if s.Shield == "" {
			return "none", true
		}
		return s.Shield, true
	}
	return "", false
}

// canon maps the spellings a GM may type to the sheet's keys.
func canon(key string) string {
	key = strings.ToLower(strings.TrimSpace(key))
	switch key {
	case "hp":
		return "health"
	case "maxhp", "max":
		return "maxhealth"
	case "armor":
		return "armour"
	case "weapon":
		return "weapons"
	case "grabbed":
		return "grabbedby"
	}
	return key
}

// Set implements model.Sheet. Scores are whole numbers (armour 0–3, the
// rest 0–1000); flags take yes or no; size takes a name or 0–5; weapons
// takes a list as ParseWeapons reads it; morale takes passed, failed or
// none. Setting health alone on a blank sheet sets maxhealth too.
func (s *Sheet) Set(key, value string) error {
	return model.SetByName(s, "factions", key, value)
}

// FieldIndex implements model.IndexedSheet.
func (s *Sheet) FieldIndex(key string) (int, bool) {
	i, ok := keyIndex[canon(key)]
	return i, ok
}

// SetIndex implements model.IndexedSheet.
func (s *Sheet) SetIndex(i int, value string) error {
	if i < 0 || i >= len(keys) {
		return fmt.Errorf("factions has no field %d", i)
	}
	key := keys[i]
	value = strings.TrimSpace(value)
	if p := s.intAt(i); p != nil {
		n, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
		if err != nil {
			return fmt.Errorf("%s must be a whole number, not %q", key, value)
		}
		hi := 1000
		if i == fArmour {
			hi = 3
		}
		if n < 0 || n > hi {
			return fmt.Errorf("%s must be from 0 to %d, not %d", key, hi, n)
		}
		*p = n
		if i == fHealth && s.MaxHealth == 0 {
			s.MaxHealth = n
		}
		return nil
	}
	if p := s.flagAt(i); p != nil {
		switch strings.ToLower(value) {
		case "yes", "y", "true", "1", "on":
			*p = true
		case "no", "n", "false", "0", "off", "":
			*p = false
		default:
			return fmt.Errorf("%s takes yes or no, not %q", key, value)
		}
		return nil
	}
	switch i {
	case fSize:
		for j, n := range sizeNames {
			if strings.EqualFold(n, value) {
				s.Size = j
				return nil
			}
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n >= len(sizeNames) {
			return fmt.Errorf("size takes %s or 0–%d, not %q", strings.Join(sizeNames, ", "), len(sizeNames)-1, value)
		}
		s.Size = n
	case fWeapons:
		if _, err := weaponsOf(value); err != nil {
			return err
		}
		s.Weapons = value
	case fGrabbedby:
		s.GrabbedBy = value
	case fOn:
		if strings.EqualFold(value, "none") {
			value = ""
		}
		s.On = value
	case fShield:
		switch v := strings.ToLower(value); v {
		case "none", "", "no":
			s.Shield = ""
		case "yes", "damaged":
			s.Shield = v
		default:
			return fmt.Errorf("shield takes none, yes or damaged, not %q", value)
		}
	case fMorale:
		switch v := strings.ToLower(value); v {
		case "passed", "failed":
			s.Morale = v
		case "", "none", "-":
			s.Morale = ""
		default:
			return fmt.Errorf("morale takes passed, failed or none, not %q", value)
		}
	}
	return nil
}

// WeaponList returns the parsed weapons (none if the list does not parse,
// which Set prevents). The slice is shared: read it, do not change it.
func (s *Sheet) WeaponList() []Weapon {
	ws, _ := weaponsOf(s.Weapons)
	return ws
}

// weaponsOf is ParseWeapons remembered by the text: the order and the
// sheet read every character's weapons on every change, and a big fight
// has a few lists for many characters. The slices are shared.
func weaponsOf(text string) ([]Weapon, error) {
	if v, ok := weaponLists.Load(text); ok {
		p := v.(parsedWeapons)
		return p.ws, p.err
	}
	ws, err := ParseWeapons(text)
	if weaponListsKept.Add(1) <= 4096 { // past that, texts typed by hand: parse each time
		weaponLists.Store(text, parsedWeapons{ws, err})
	}
	return ws, err
}

type parsedWeapons struct {
	ws  []Weapon
	err error
}

var (
	weaponLists     sync.Map
	weaponListsKept atomic.Int32
)

// Weapon finds a weapon by name prefix; "" gives the first weapon (or
// unarmed if there is none), and "unarmed" is always there.
func (s *Sheet) Weapon(name string) (Weapon, error) {
	ws := s.WeaponList()
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		if len(ws) == 0 {
			return Unarmed, nil
		}
		return ws[0], nil
	}
	var found []Weapon
	for _, w := range ws {
		ln := strings.ToLower(w.Name)
		if ln == name {
			return w, nil
		}
		if strings.HasPrefix(ln, name) {
			found = append(found, w)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return Weapon{}, fmt.Errorf("weapon %q is ambiguous: type more of its name", name)
	case strings.HasPrefix("unarmed", name):
		return Unarmed, nil
	}
	var names []string
	for _, w := range ws {
		names = append(names, w.Name)
	}
	names = append(names, "unarmed")
	return Weapon{}, fmt.Errorf("no weapon %q (has: %s)", name, strings.Join(names, ", "))
}

// ArmourAgainst is the armour that counts against one attack: cover
// (standing or for this attack) adds 1 unless the attack pierces it, and
// the total never exceeds 3.
func (s *Sheet) ArmourAgainst(cover, pierce bool) int {
	a := s.Armour
	if (s.Cover || cover) && !pierce {
		a++
	}
	return min(a, 3)
}

// Out reports whether the character has left the fight by surrender or
// retreat.
func (s *Sheet) Out() bool { return s.Surrendered || s.Retreated }

// FightKeys implements rules.FightState: cover, a grab, concealment, a
// surrender or retreat and the morale checked belong to one fight.
func (*System) FightKeys() []string {
	return []string{"cover", "grabbedby", "concealed", "surrendered", "retreated", "morale"}
}
