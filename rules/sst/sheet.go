package sst

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
)

// Sheet is one sst combatant's record. Every field is text-settable under
// the key its accessor lists in fields; see Keys.
type Sheet struct {
	PC        bool  // a player character: Heroic, and first on ties
	Heroic    bool  // an NPC rated Heroic (ranks down to −3)
	Stateless bool  // a minor NPC that never takes a State
	AD        int   // action dice rolled at each refresh, before extras
	Fixed     []int // fixed faces of a minor NPC, instead of rolling
	Dice      []int // the action dice held now, highest first
	Carry     int   // face of the die set aside at a refresh (rolled anew with the next pool); 0 none
	Effort    bool  // a 1 was spent on Effort: +1 die on the next roll
	Plus      bool  // a 1 was spent on +1 to a die of a later roll

	Phys, Ment   int // real ranks (the Heroic level included)
	BPhys, BMent int // bonus ranks: thresholds only, never absorb
	LPhys, LMent int // ranks marked lost directly (not by cross-over)
	Group        string

	Weapon string // light, medium, heavy, large, huge or massive
	Attack int    // attack pool dice
	Armour int    // each point cancels one success against it
	Dodge  int    // defence skill dice (0: no such defence)
	Block  int
	Parry  int
	Shield int // armour of the blocking shield, added to a working Block

	DPool, BPool int    // dodge and block defence pools
	Cast         string // the pooled action under way ("" none)
	APool        int    // dice accumulated in it

	Body, Mind, Spirit int // dice of the characteristic rolls

	Exposed int  // exposures (1s) left beside it until its next action
	Fumbled bool // attackers get +1 SL against it until its next action

	Burn  int      // action dice turned to 1s at every refresh
	Bleed []string // bleeding locations
	Zone  string
	Cover string // cover it occupies: see coverDice

	Afraid   string // a fear level it has failed and not yet passed
	FearStun bool   // it takes a Stun rather than a rank to Fearsome fear
}

var _ model.Sheet = (*Sheet)(nil)

// NewSheet returns the defaults: 4 action dice, ranks 3/3, a Medium weapon
// with a 4-dice attack, characteristic rolls of 4 dice.
func NewSheet() *Sheet {
	return &Sheet{AD: 4, Phys: 3, Ment: 3, Weapon: "medium", Attack: 4, Body: 4, Mind: 4, Spirit: 4}
}

type kind int

const (
	kNum kind = iota
	kFlag
	kText
	kFaces
	kList
	kChoice
)

type field struct {
	key     string
	k       kind
	num     *int
	lo, hi  int
	flag    *bool
	text    *string
	faces   *[]int
	list    *[]string
	choices []string
}

// fields lists every settable field with pointers into s, in display and
// save order; field (below) must name the same keys, as a test checks.
func (s *Sheet) fields() []field { return s.fieldsInto(make([]field, 0, 64)) }

func (s *Sheet) fieldsInto(fs []field) []field {
	n := func(k string, p *int, lo, hi int) field { return field{key: k, k: kNum, num: p, lo: lo, hi: hi} }
	f := func(k string, p *bool) field { return field{key: k, k: kFlag, flag: p} }
	return append(fs, []field{
		f("pc", &s.PC), f("heroic", &s.Heroic), f("stateless", &s.Stateless),
		n("ad", &s.AD, -6, 12),
		{key: "fixed", k: kFaces, faces: &s.Fixed},
		{key: "dice", k: kFaces, faces: &s.Dice},
		n("carry", &s.Carry, 0, 6), f("effort", &s.Effort), f("plus", &s.Plus),
		n("phys", &s.Phys, 0, 9), n("ment", &s.Ment, 0, 9),
		n("bphys", &s.BPhys, 0, 9), n("bment", &s.BMent, 0, 9),
		n("lphys", &s.LPhys, 0, 30), n("lment", &s.LMent, 0, 30),
		{key: "group", k: kChoice, text: &s.Group, choices: groupNames()},
		{key: "weapon", k: kChoice, text: &s.Weapon, choices: weightNames()},
		n("attack", &s.Attack, 0, 30), n("armour", &s.Armour, 0, 30),
		n("dodge", &s.Dodge, 0, 30), n("block", &s.Block, 0, 30), n("parry", &s.Parry, 0, 30),
		n("shield", &s.Shield, 0, 30),
		n("dpool", &s.DPool, 0, 60), n("bpool", &s.BPool, 0, 60),
		{key: "cast", k: kText, text: &s.Cast}, n("apool", &s.APool, 0, 60),
		n("body", &s.Body, 0, 30), n("mind", &s.Mind, 0, 30), n("spirit", &s.Spirit, 0, 30),
		n("exposed", &s.Exposed, 0, 60), f("fumbled", &s.Fumbled),
		n("burn", &s.Burn, 0, 30),
		{key: "bleed", k: kList, list: &s.Bleed},
		{key: "zone", k: kText, text: &s.Zone},
		{key: "cover", k: kChoice, text: &s.Cover, choices: coverNames()},
		{key: "afraid", k: kChoice, text: &s.Afraid, choices: append([]string{"none"}, fearLevels...)},
		f("fearstun", &s.FearStun),
	}...)
}

// field builds the one field a key names: Get and Set need no more, and
// loading a big encounter calls them for every key of every sheet.
func (s *Sheet) field(key string) (field, bool) {
	n := func(k string, p *int, lo, hi int) field { return field{key: k, k: kNum, num: p, lo: lo, hi: hi} }
	f := func(k string, p *bool) field { return field{key: k, k: kFlag, flag: p} }
	switch key {
	case "pc":
		return f("pc", &s.PC), true
	case "heroic":
		return f("heroic", &s.Heroic), true
	case "stateless":
		return f("stateless", &s.Stateless), true
	case "ad":
		return n("ad", &s.AD, -6, 12), true
	case "fixed":
		return field{key: "fixed", k: kFaces, faces: &s.Fixed}, true
	case "dice":
		return field{key: "dice", k: kFaces, faces: &s.Dice}, true
	case "carry":
		return n("carry", &s.Carry, 0, 6), true
	case "effort":
		return f("effort", &s.Effort), true
	case "plus":
		return f("plus", &s.Plus), true
	case "phys":
		return n("phys", &s.Phys, 0, 9), true
	case "ment":
		return n("ment", &s.Ment, 0, 9), true
	case "bphys":
		return n("bphys", &s.BPhys, 0, 9), true
	case "bment":
		return n("bment", &s.BMent, 0, 9), true
	case "lphys":
		return n("lphys", &s.LPhys, 0, 30), true
	case "lment":
		return n("lment", &s.LMent, 0, 30), true
	case "group":
		return field{key: "group", k: kChoice, text: &s.Group, choices: groupNames()}, true
	case "weapon":
		return field{key: "weapon", k: kChoice, text: &s.Weapon, choices: weightNames()}, true
	case "attack":
		return n("attack", &s.Attack, 0, 30), true
	case "armour":
		return n("armour", &s.Armour, 0, 30), true
	case "dodge":
		return n("dodge", &s.Dodge, 0, 30), true
	case "block":
		return n("block", &s.Block, 0, 30), true
	case "parry":
		return n("parry", &s.Parry, 0, 30), true
	case "shield":
		return n("shield", &s.Shield, 0, 30), true
	case "dpool":
		return n("dpool", &s.DPool, 0, 60), true
	case "bpool":
		return n("bpool", &s.BPool, 0, 60), true
	case "cast":
		return field{key: "cast", k: kText, text: &s.Cast}, true
	case "apool":
		return n("apool", &s.APool, 0, 60), true
	case "body":
		return n("body", &s.Body, 0, 30), true
	case "mind":
		return n("mind", &s.Mind, 0, 30), true
	case "spirit":
		return n("spirit", &s.Spirit, 0, 30), true
	case "exposed":
		return n("exposed", &s.Exposed, 0, 60), true
	case "fumbled":
		return f("fumbled", &s.Fumbled), true
	case "burn":
		return n("burn", &s.Burn, 0, 30), true
	case "bleed":
		return field{key: "bleed", k: kList, list: &s.Bleed}, true
	case "zone":
		return field{key: "zone", k: kText, text: &s.Zone}, true
	case "cover":
		return field{key: "cover", k: kChoice, text: &s.Cover, choices: coverNames()}, true
	case "afraid":
		return field{key: "afraid", k: kChoice, text: &s.Afraid, choices: append([]string{"none"}, fearLevels...)}, true
	case "fearstun":
		return f("fearstun", &s.FearStun), true
	}
	return field{}, false
}

// one is the field a key names as a list of zero or one, for the loops
// of Get and Set; buf lives on the caller's stack.
func (s *Sheet) one(key string, buf *[1]field) []field {
	if f, ok := s.field(strings.ToLower(key)); ok {
		buf[0] = f
		return buf[:]
	}
	return nil
}

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet {
	n := *s
	n.Fixed = slices.Clone(s.Fixed)
	n.Dice = slices.Clone(s.Dice)
	n.Bleed = slices.Clone(s.Bleed)
	return &n
}

// Keys implements model.Sheet: the settable fields in display order.
func (s *Sheet) Keys() []string {
	fs := s.fields()
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.key
	}
	return out
}

// Get implements model.Sheet. Dice read as faces separated by spaces.
func (s *Sheet) Get(key string) (string, bool) {
	key = strings.ToLower(key)
	var buf [1]field
	for _, f := range s.one(key, &buf) {
		if f.key != key {
			continue
		}
		switch f.k {
		case kNum:
			return strconv.Itoa(*f.num), true
		case kFlag:
			if *f.flag {
				return "yes", true
			}
			return "no", true
		case kFaces:
			return facesText(*f.faces), true
		case kList:
			return strings.Join(*f.list, ","), true
		default:
			return *f.text, true
		}
	}
	return "", false
}

// Set implements model.Sheet. Faces are written "6 5 3" or "6,5,3"
// ("" or none for no dice); bleed is a comma-separated list of locations.
func (s *Sheet) Set(key, value string) error {
	key = strings.ToLower(key)
	value = strings.TrimSpace(value)
	var buf [1]field
	for _, f := range s.one(key, &buf) {
		if f.key != key {
			continue
		}
		switch f.k {
		case kNum:
			v, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
			if err != nil {
				return fmt.Errorf("%s must be a whole number, not %q", key, value)
			}
			if v < f.lo || v > f.hi {
				return fmt.Errorf("%s must be from %d to %d, not %d", key, f.lo, f.hi, v)
			}
			*f.num = v
		case kFlag:
			switch strings.ToLower(value) {
			case "yes", "y", "true", "1", "on":
				*f.flag = true
			case "no", "n", "false", "0", "off", "":
				*f.flag = false
			default:
				return fmt.Errorf("%s takes yes or no, not %q", key, value)
			}
		case kFaces:
			fs, err := ParseFaces(value)
			if err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
			if len(fs) > 30 {
				return fmt.Errorf("%s: at most 30 dice, not %d", key, len(fs))
			}
			*f.faces = fs
		case kList:
			var out []string
			for _, w := range strings.Split(value, ",") {
				if strings.TrimSpace(w) == "" {
					continue
				}
				loc, err := ParseLocation(w)
				if err != nil {
					return fmt.Errorf("%s: %w", key, err)
				}
				if !slices.Contains(out, loc) {
					out = append(out, loc)
				}
			}
			*f.list = out
		case kChoice:
			v := strings.ToLower(value)
			if v == "" && key != "weapon" {
				v = "none"
			}
			if !slices.Contains(f.choices, v) {
				return fmt.Errorf("%s takes %s, not %q", key, strings.Join(f.choices, ", "), value)
			}
			if v == "none" {
				v = ""
			}
			*f.text = v
		default:
			*f.text = value
		}
		return nil
	}
	return fmt.Errorf("unknown field %q (sst fields: %s)", key, strings.Join(s.Keys(), " "))
}

// ParseFaces reads d6 faces written "6 5 3", "6,5,3" or "none", and
// returns them highest first.
func ParseFaces(s string) ([]int, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "-" {
		return nil, nil
	}
	var out []int
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 6 {
			return nil, fmt.Errorf("a die face is 1 to 6, not %q", w)
		}
		out = append(out, v)
	}
	sortFaces(out)
	return out, nil
}

// sortFaces orders faces highest first.
func sortFaces(fs []int) { slices.SortFunc(fs, func(a, b int) int { return b - a }) }

// facesText writes faces as "6 5 3 1"; no dice is "".
func facesText(fs []int) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = strconv.Itoa(f)
	}
	return strings.Join(parts, " ")
}

func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet.(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no sst sheet", cb.Name)
}

// IsHeroic reports whether the combatant may go down to −3 ranks.
func (s *Sheet) IsHeroic() bool { return s.PC || s.Heroic }

// Usable reports whether the pool holds a die that can pay for an action
// (anything but a 1).
func (s *Sheet) Usable() bool {
	return len(s.Dice) > 0 && s.Dice[0] > 1
}

// Ones counts the 1s held.
func (s *Sheet) Ones() int {
	n := 0
	for _, f := range s.Dice {
		if f == 1 {
			n++
		}
	}
	return n
}

// removeFaces takes the given faces out of the pool; it fails, changing
// nothing, if one of them is not held.
func (s *Sheet) removeFaces(fs []int) error {
	left := slices.Clone(s.Dice)
	for _, f := range fs {
		i := slices.Index(left, f)
		if i < 0 {
			return fmt.Errorf("no die showing %d in the pool (%s)", f, orNone(facesText(s.Dice)))
		}
		left = slices.Delete(left, i, i+1)
	}
	s.Dice = left
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "no dice"
	}
	return s
}
