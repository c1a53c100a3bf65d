package osr

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules/dice"
)

// Weapon is one weapon on a sheet: its damage dice, whether it is a
// missile weapon (DEX to hit, no STR to damage), what kind of missile or
// pole it is, and its magic bonus to hit.
type Weapon struct {
	Name    string
	Damage  string // dice notation, e.g. 1d8 or 1d6+1
	Missile bool
	Bow     bool // a bow (not a crossbow): two shots a round standing still; a missile
	Thrown  bool // thrown by hand: STR to damage at short range; a missile
	Reach   bool // a spear or polearm: fends off one not yet at arm's reach
	Pike    bool // a long spear or pike: useless once the foe is at arm's reach
	Magic   int
}

// weaponTags are the words after a weapon's dice that say what it is.
var weaponTags = []string{"missile", "bow", "thrown", "reach", "pike"}

func (w *Weapon) tag(t string) bool {
	switch t {
	case "missile":
		w.Missile = true
	case "bow":
		w.Bow, w.Missile = true, true
	case "thrown":
		w.Thrown, w.Missile = true, true
	case "reach":
		w.Reach = true
	case "pike":
		w.Pike, w.Reach = true, true
	default:
		return false
	}
	return true
}

// String renders a weapon as the weapons key writes it: "bow 1d6 missile +1".
func (w Weapon) String() string {
	s := w.Name + " " + w.Damage
	switch {
	case w.Bow:
		s += " bow"
	case w.Thrown:
		s += " thrown"
	case w.Missile:
		s += " missile"
	}
	switch {
	case w.Pike:
		s += " pike"
	case w.Reach:
		s += " reach"
	}
	if w.Magic != 0 {
		s += fmt.Sprintf(" %+d", w.Magic)
	}
	return s
}

// Sheet is an osr combatant's record; every field is text-settable under
// the key Keys lists.
type Sheet struct {
	PC                 bool
	HP, MaxHP, Subdual int
	AC, BCB            int
	// Split is the BCB split chosen with the split command; when HasSplit
	// is false all of the BCB goes to attack.
	Off, Def    int
	HasSplit    bool
	Dex         int // DEX score: chooses the initiative die
	StrMod      int // to hit and damage in melee
	DexMod      int // to hit with missiles
	Save        int // saving throw target: d20 + modifiers must reach it
	Con         int
	ConLoss     int // CON lost to Mighty Blows
	Weapons     []Weapon
	InitDie     int // sides of the initiative die; 0 chooses it by DEX
	SurpriseDie int // sides of the surprise die
	Attacks     int // attacks a round (0 or 1: one)
	SurpriseMod int // to the surprise roll: wisdom, keen or dull senses
	// Caster is what kind of spell-caster it is, for armour: "" (none,
	// or a caster armour does not hinder), "mu" (a magic-user: no
	// armour), "fm" (a fighter-mage: magical armour only).
	Caster string
	// Armour is the armour worn, for casting: "" (none; magical bracers
	// count as none), "plain", or a magical armour's quality (1 for +1).
	Armour  string
	Charges string // wand charges left, or "" when not counted
}

// hasBow reports whether the sheet lists a bow.
func (s *Sheet) hasBow() bool {
	for _, w := range s.Weapons {
		if w.Bow {
			return true
		}
	}
	return false
}

var _ model.Sheet = (*Sheet)(nil)

// NewSheet returns a blank sheet with the defaults: AC 10, DEX 10, save
// 15, CON 10, a d6 surprise die.
func NewSheet() *Sheet {
	return &Sheet{AC: 10, Dex: 10, Save: 15, Con: 10, SurpriseDie: 6}
}

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet {
	n := *s
	n.Weapons = slices.Clone(s.Weapons)
	return &n
}

// Equal implements model.SheetEqualer.
func (s *Sheet) Equal(o model.Sheet) bool {
	p, ok := o.(*Sheet)
	return ok && s.PC == p.PC && s.HP == p.HP && s.MaxHP == p.MaxHP && s.Subdual == p.Subdual &&
		s.AC == p.AC && s.BCB == p.BCB && s.Off == p.Off && s.Def == p.Def && s.HasSplit == p.HasSplit &&
		s.Dex == p.Dex && s.StrMod == p.StrMod && s.DexMod == p.DexMod && s.Save == p.Save &&
		s.Con == p.Con && s.ConLoss == p.ConLoss && s.Attacks == p.Attacks && s.InitDie == p.InitDie && s.SurpriseDie == p.SurpriseDie &&
		s.SurpriseMod == p.SurpriseMod && s.Caster == p.Caster && s.Armour == p.Armour && s.Charges == p.Charges &&
		model.SameSlice(s.Weapons, p.Weapons)
}

var sheetKeys = []string{"pc", "hp", "maxhp", "subdual", "ac", "bcb", "split", "dex", "strmod", "dexmod",
	"save", "con", "conloss", "weapons", "initdie", "surprise", "attacks", "surprisemod", "caster", "armour", "charges"}

// Keys implements model.Sheet.
func (s *Sheet) Keys() []string { return slices.Clone(sheetKeys) }

// SharedKeys implements model.KeysSharer.
func (s *Sheet) SharedKeys() []string { return sheetKeys }

// The place of each key in sheetKeys: the switches that read and set a
// field go by it, and the loader sets a file's fields by it (SetIndex).
const (
	fPc = iota
	fHp
	fMaxhp
	fSubdual
	fAc
	fBcb
	fSplit
	fDex
	fStrmod
	fDexmod
	fSave
	fCon
	fConloss
	fWeapons
	fInitdie
	fSurprise
	fAttacks
	fSurprisemod
	fCaster
	fArmour
	fCharges
)

// keyIndex is the place of each key in sheetKeys.
var keyIndex = model.NewKeyPlaces(sheetKeys)

const statMax = 1000

func (s *Sheet) num(i int) (p *int, lo, hi int) {
	switch i {
	case fHp:
		return &s.HP, -statMax, statMax
	case fMaxhp:
		return &s.MaxHP, 0, statMax
	case fSubdual:
		return &s.Subdual, 0, statMax
	case fAc:
		return &s.AC, -statMax, statMax
	case fBcb:
		return &s.BCB, 0, statMax
	case fDex:
		return &s.Dex, 0, statMax
	case fStrmod:
		return &s.StrMod, -statMax, statMax
	case fDexmod:
		return &s.DexMod, -statMax, statMax
	case fSave:
		return &s.Save, -statMax, statMax
	case fCon:
		return &s.Con, 0, statMax
	case fConloss:
		return &s.ConLoss, 0, statMax
	case fAttacks:
		return &s.Attacks, 0, 20
	case fSurprisemod:
		return &s.SurpriseMod, -20, 20
	}
	return nil, 0, 0
}

// Get implements model.Sheet.
func (s *Sheet) Get(key string) (string, bool) {
	i, ok := keyIndex.Find(key)
	if !ok {
		return "", false
	}
	if p, _, _ := s.num(i); p != nil {
		return strconv.Itoa(*p), true
	}
	switch i {
	case fPc:
		if s.PC {
			return "yes", true
		}
		return "no", true
	case fSplit:
		if !s.HasSplit {
			return "", true
		}
		return fmt.Sprintf("%d/%d", s.Off, s.Def), true
	case fWeapons:
		parts := make([]string, len(s.Weapons))
		for i, w := range s.Weapons {
			parts[i] = w.String()
		}
		return strings.Join(parts, ", "), true
	case fInitdie:
		if s.InitDie == 0 {
			return "dex", true
		}
		return "d" + strconv.Itoa(s.InitDie), true
	case fSurprise:
		return "d" + strconv.Itoa(s.SurpriseDie), true
	case fCaster:
		if s.Caster == "" {
			return "none", true
		}
		return s.Caster, true
	case fArmour:
		switch s.Armour {
		case "":
			return "none", true
		case "plain":
			return "plain", true
		}
		return "+" + s.Armour, true
	case fCharges:
		return s.Charges, true
	}
	return "", false
}

// Set implements model.Sheet. Setting hp while maxhp is still 0 sets
// maxhp too, so `add Orc hp=6` is an orc at full health.
func (s *Sheet) Set(key, value string) error {
	return model.SetByName(s, "osr", key, value)
}

// FieldIndex implements model.IndexedSheet.
func (s *Sheet) FieldIndex(key string) (int, bool) { return keyIndex.Find(key) }

// SetIndex implements model.IndexedSheet.
func (s *Sheet) SetIndex(i int, value string) error {
	if i < 0 || i >= len(sheetKeys) {
		return fmt.Errorf("osr has no field %d", i)
	}
	key := sheetKeys[i]
	value = strings.TrimSpace(value)
	if p, lo, hi := s.num(i); p != nil {
		v, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
		if err != nil {
			return fmt.Errorf("%s must be a whole number, not %q", key, value)
		}
		if v < lo || v > hi {
			return fmt.Errorf("%s must be from %s to %d, not %s", key, num(lo), hi, num(v))
		}
		*p = v
		if i == fHp && s.MaxHP == 0 && v > 0 {
			s.MaxHP = v
		}
		return nil
	}
	switch i {
	case fPc:
		b, err := yesNo(key, value)
		if err != nil {
			return err
		}
		s.PC = b
	case fSplit:
		return s.setSplit(value)
	case fWeapons:
		ws, err := ParseWeapons(value)
		if err != nil {
			return err
		}
		s.Weapons = ws
	case fInitdie:
		if strings.EqualFold(value, "dex") || value == "" || value == "0" {
			s.InitDie = 0
			return nil
		}
		n, err := parseDie(key, value)
		if err != nil {
			return err
		}
		s.InitDie = n
	case fSurprise:
		n, err := parseDie(key, value)
		if err != nil {
			return err
		}
		s.SurpriseDie = n
	case fCaster:
		switch v := strings.ToLower(value); v {
		case "none", "", "no":
			s.Caster = ""
		case "mu", "fm":
			s.Caster = v
		default:
			return fmt.Errorf("caster is none, mu (a magic-user) or fm (a fighter-mage), not %q", value)
		}
	case fArmour:
		switch v := strings.ToLower(value); v {
		case "none", "", "bracers":
			s.Armour = ""
		case "plain":
			s.Armour = "plain"
		default:
			n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
			if err != nil || n < 1 || n > 20 {
				return fmt.Errorf("armour is none (bracers count as none), plain, or a magical armour's quality such as +2, not %q", value)
			}
			s.Armour = strconv.Itoa(n)
		}
	case fCharges:
		if value == "" {
			s.Charges = ""
			return nil
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > statMax {
			return fmt.Errorf("charges is a number, 0 or more (empty: not counted), not %q", value)
		}
		s.Charges = strconv.Itoa(n)
	}
	return nil
}

func (s *Sheet) setSplit(value string) error {
	if value == "" {
		s.Off, s.Def, s.HasSplit = 0, 0, false
		return nil
	}
	a, b, ok := strings.Cut(value, "/")
	off, err1 := strconv.Atoi(strings.TrimSpace(a))
	def, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || off < 0 || def < 0 || off > statMax || def > statMax {
		return fmt.Errorf("split takes OFFENCE/DEFENCE, two numbers 0 or more (2/1), not %q", value)
	}
	s.Off, s.Def, s.HasSplit = off, def, true
	return nil
}

func yesNo(key, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "yes", "y", "true", "1", "on":
		return true, nil
	case "no", "n", "false", "0", "off":
		return false, nil
	}
	return false, fmt.Errorf("%s takes yes or no, not %q", key, v)
}

// parseDie reads a die as d6 or 6 (2 to 1000 sides).
func parseDie(key, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToLower(v), "d"))
	if err != nil || n < 2 || n > dice.MaxSides {
		return 0, fmt.Errorf("%s takes a die such as d6 (2 to %d sides), not %q", key, dice.MaxSides, v)
	}
	return n, nil
}

// ParseWeapons reads the weapons key: entries separated by commas, each a
// name, damage dice, then optionally what it is (missile, bow, thrown;
// reach, pike) and a magic bonus to hit
// ("longsword 1d8, short bow 1d6 missile +1"). An empty text means none.
func ParseWeapons(text string) ([]Weapon, error) {
	var out []Weapon
	for _, entry := range strings.Split(text, ",") {
		f := strings.Fields(entry)
		if len(f) == 0 {
			continue
		}
		at := -1
		for i, tok := range f {
			if isDamage(tok) {
				at = i
				break
			}
		}
		if at < 0 {
			return nil, fmt.Errorf("weapon %q needs damage dice such as 1d8", strings.TrimSpace(entry))
		}
		e, _ := dice.Parse(f[at])
		w := Weapon{Name: strings.Join(f[:at], " "), Damage: e.Text}
		if w.Name == "" {
			w.Name = "weapon"
		}
		for _, tok := range f[at+1:] {
			if w.tag(strings.ToLower(tok)) {
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(tok, "+"))
			if err != nil || (tok[0] != '+' && tok[0] != '-') || n < -statMax || n > statMax {
				return nil, fmt.Errorf("weapon %q: after the dice only %s and a magic bonus such as +1 may follow, not %q", w.Name, strings.Join(weaponTags, ", "), tok)
			}
			w.Magic = n
		}
		out = append(out, w)
	}
	return out, nil
}

// isDamage reports whether a word is damage dice: plain dice and numbers
// with at least one die.
func isDamage(tok string) bool {
	if !strings.ContainsAny(tok, "0123456789") {
		return false // a word of the name: no dice to parse (nor a refusal to write)
	}
	e, err := dice.Parse(tok)
	if err != nil {
		return false
	}
	hasDie := false
	for _, t := range e.Terms {
		if t.Stress || t.Simple {
			return false
		}
		if t.Sides > 0 {
			hasDie = true
		}
	}
	return hasDie
}

// Weapon finds a weapon by name prefix (ignoring case); an empty name is
// the first weapon.
func (s *Sheet) Weapon(name string) (Weapon, error) {
	if name == "" {
		if len(s.Weapons) == 0 {
			return Weapon{}, fmt.Errorf("no weapon on the sheet: set weapons=\"sword 1d8\", or attack with dmg= or unarmed")
		}
		return s.Weapons[0], nil
	}
	for _, w := range s.Weapons {
		if strings.HasPrefix(strings.ToLower(w.Name), strings.ToLower(name)) {
			return w, nil
		}
	}
	return Weapon{}, fmt.Errorf("no weapon %q on the sheet", name)
}

// Split returns the BCB going to attack and to AC: the chosen split, held
// within the BCB, or all of it to attack.
func (s *Sheet) Split() (off, def int) {
	if !s.HasSplit {
		return s.BCB, 0
	}
	def = min(s.Def, s.BCB)
	return min(s.Off, s.BCB-def), def
}

// InitSides returns the sides of the initiative die: the sheet's own, or
// the one DEX gives.
func (s *Sheet) InitSides() int {
	if s.InitDie > 0 {
		return s.InitDie
	}
	return InitDie(s.Dex)
}

// ConNow is CON after the losses to Mighty Blows.
func (s *Sheet) ConNow() int { return max(0, s.Con-s.ConLoss) }

// FightKeys implements rules.FightState: the split of the BCB is chosen
// round by round.
func (*System) FightKeys() []string { return []string{"split"} }
