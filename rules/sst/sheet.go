package sst

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fray/model"
)

// Sheet is one sst combatant's record. Every field is text-settable under
// the key its accessor lists in fields; see Keys.
type Sheet struct {
	AD    int   // action dice rolled at each refresh, before extras
	Fixed []int // fixed faces of a minor NPC, instead of rolling
	Dice  []int // the action dice held now, highest first
	Carry int   // face of the die set aside at a refresh (rolled anew with the next pool); 0 none

	Phys, Ment   int // real ranks (the Heroic level included)
	BPhys, BMent int // bonus ranks: thresholds only, never absorb
	LPhys, LMent int // ranks marked lost directly (not by cross-over)
	Group        string

	Weapon  string // light, medium, heavy, large, huge, massive, or fists
	Dropped string // the weight of a weapon dropped InClose, to take up again
	Size    int    // 1 for man-sized; InClose, three times every foe's keeps one standing
	Attack  int    // attack pool dice
	Armour  int    // each point cancels one success against it
	Dodge   int    // defence skill dice (0: no such defence)
	Block   int
	Parry   int
	Shield  int // armour of the blocking shield, added to a working Block

	DPool, BPool int    // dodge and block defence pools
	Cast         string // the pooled action under way ("" none)
	APool        int    // dice accumulated in it

	Body, Mind, Spirit int // dice of the characteristic rolls

	Exposed int    // exposures (1s) left beside it until its next action
	Stance  string // allout (no defence) or double (Dodge only) until its next action

	Burn  int      // action dice turned to 1s at every refresh
	Bleed []string // bleeding locations
	Cover string   // cover it occupies: see coverDice (its zone is the shared Combatant.Zone)

	Afraid string // a fear level it has failed and not yet passed

	Fly     string // a flyer's SPEED/TURN/DIVE ("2/2/3"); "" for none
	Chariot string // light or heavy: the combatant is a chariot's team
	Team    int    // a chariot's horses: 2 or 4
	Drive   int    // dice of its driving rolls

	// The flags, together: a bool between wider fields takes 8 bytes, and
	// a fight holds a sheet twice a combatant (its own and undo's).
	PC        bool // a player character: Heroic, and first on ties
	Heroic    bool // an NPC rated Heroic (ranks down to −3)
	Stateless bool // a minor NPC that never takes a State
	Effort    bool // a 1 was spent on Effort: +1 die on the next roll
	Plus      bool // a 1 was spent on +1 to a die of a later roll
	Reach     bool // a reach weapon: it strikes from Alone, not InContact
	Fumbled   bool // attackers get +1 SL against it until its next action
	FearStun  bool // it takes a Stun rather than a rank to Fearsome fear
	Flying    bool // in the air
}

var _ model.Sheet = (*Sheet)(nil)

// NewSheet returns the defaults: 4 action dice, ranks 3/3, a Medium weapon
// with a 4-dice attack, characteristic rolls of 4 dice.
func NewSheet() *Sheet {
	return &Sheet{AD: 4, Phys: 3, Ment: 3, Weapon: "medium", Attack: 4, Body: 4, Mind: 4, Spirit: 4, Size: 1}
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
	valid   func(string) error // checks a text field's value
}

// Clone implements model.Sheet.
func (s *Sheet) Clone() model.Sheet {
	n := *s
	n.Fixed = slices.Clone(s.Fixed)
	n.Dice = slices.Clone(s.Dice)
	n.Bleed = slices.Clone(s.Bleed)
	return &n
}

// Equal implements model.SheetEqualer.
func (s *Sheet) Equal(o model.Sheet) bool {
	p, ok := o.(*Sheet)
	return ok && s.PC == p.PC && s.Heroic == p.Heroic && s.Stateless == p.Stateless && s.AD == p.AD &&
		s.Carry == p.Carry && s.Effort == p.Effort && s.Plus == p.Plus &&
		s.Phys == p.Phys && s.Ment == p.Ment && s.BPhys == p.BPhys && s.BMent == p.BMent &&
		s.LPhys == p.LPhys && s.LMent == p.LMent && s.Group == p.Group &&
		s.Weapon == p.Weapon && s.Dropped == p.Dropped && s.Reach == p.Reach && s.Size == p.Size && s.Attack == p.Attack && s.Armour == p.Armour && s.Dodge == p.Dodge &&
		s.Block == p.Block && s.Parry == p.Parry && s.Shield == p.Shield &&
		s.DPool == p.DPool && s.BPool == p.BPool && s.Cast == p.Cast && s.APool == p.APool &&
		s.Body == p.Body && s.Mind == p.Mind && s.Spirit == p.Spirit &&
		s.Exposed == p.Exposed && s.Fumbled == p.Fumbled && s.Stance == p.Stance && s.Burn == p.Burn &&
		s.Cover == p.Cover && s.Afraid == p.Afraid && s.FearStun == p.FearStun &&
		s.Fly == p.Fly && s.Flying == p.Flying && s.Chariot == p.Chariot && s.Team == p.Team && s.Drive == p.Drive &&
		model.SameSlice(s.Fixed, p.Fixed) && model.SameSlice(s.Dice, p.Dice) && model.SameSlice(s.Bleed, p.Bleed)
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
	return model.SetByName(s, "sst", key, value)
}

// SetIndex implements model.IndexedSheet.
func (s *Sheet) SetIndex(i int, value string) error {
	f, ok := s.fieldAt(i)
	if !ok {
		return fmt.Errorf("sst has no field %d", i)
	}
	return s.set(f, value)
}

// set stores value in f as Set does for f's key.
func (s *Sheet) set(f field, value string) error {
	key := f.key
	value = strings.TrimSpace(value)
	if f.valid != nil {
		if err := f.valid(value); err != nil {
			return err
		}
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

// ParseFaces reads d6 faces written "6 5 3", "6,5,3" or "none", and
// returns them highest first.
func ParseFaces(s string) ([]int, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" || s == "none" || s == "-" {
		return nil, nil
	}
	sep := func(r rune) bool { return r == ',' || r == ' ' }
	n := 0
	for range strings.FieldsFuncSeq(s, sep) {
		n++
	}
	var out []int
	if n > 0 {
		out = make([]int, 0, n) // one allocation: a big fight's load reads thousands
	}
	for w := range strings.FieldsFuncSeq(s, sep) {
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

// facesText writes faces as "6 5 5 2".
func facesText(fs []int) string {
	var buf [64]byte
	return string(appendFaces(buf[:0], fs))
}

// appendFaces writes faces separated by spaces ("6 5 5 2").
func appendFaces(b []byte, fs []int) []byte {
	for i, f := range fs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(f), 10)
	}
	return b
}

// sheetOf returns the combatant's sheet for reading. The tracker lends
// sst's sheets (Lendable): what changes one takes it with ownSheet, and
// the tests (model.CheckLending) catch a change made any other way.
func sheetOf(cb *model.Combatant) (*Sheet, error) {
	if s, ok := cb.Sheet().(*Sheet); ok && s != nil {
		return s, nil
	}
	return nil, fmt.Errorf("%s has no sst sheet", cb.Name)
}

// ownSheet returns the combatant's sheet for changing (model's OwnSheet).
func ownSheet(cb *model.Combatant) (*Sheet, error) {
	if _, err := sheetOf(cb); err != nil {
		return nil, err
	}
	return cb.OwnSheet().(*Sheet), nil
}

// Lendable implements model.Lendable: sst changes a sheet only through
// ownSheet.
func (*Sheet) Lendable() {}

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

// FightKeys implements rules.FightState: the dice in hand and set aside,
// the 1s waiting to be spent, the pools and pooled action held, the
// exposures and fumble left on it, the fear not yet shaken off and the
// cover it stands in belong to the fight, not to the combatant.
func (*System) FightKeys() []string {
	return []string{"dice", "carry", "effort", "plus", "dpool", "bpool", "cast", "apool", "exposed", "fumbled", "afraid", "cover"}
}
