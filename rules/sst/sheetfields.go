package sst

import "fray/model"

// The sheet's key table: every settable field with a pointer into the
// sheet, once as the full list (display and save order) and once as a
// switch that builds only the field a key names.

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
		{key: "group", k: kChoice, text: &s.Group, choices: groupChoices},
		{key: "weapon", k: kChoice, text: &s.Weapon, choices: weightChoices},
		{key: "dropped", k: kChoice, text: &s.Dropped, choices: droppedChoices},
		f("reach", &s.Reach), n("size", &s.Size, 1, 100),
		n("attack", &s.Attack, 0, 30), n("armour", &s.Armour, 0, 30),
		n("dodge", &s.Dodge, 0, 30), n("block", &s.Block, 0, 30), n("parry", &s.Parry, 0, 30),
		n("shield", &s.Shield, 0, 30),
		n("dpool", &s.DPool, 0, 60), n("bpool", &s.BPool, 0, 60),
		{key: "cast", k: kText, text: &s.Cast}, n("apool", &s.APool, 0, 60),
		n("body", &s.Body, 0, 30), n("mind", &s.Mind, 0, 30), n("spirit", &s.Spirit, 0, 30),
		n("exposed", &s.Exposed, 0, 60), f("fumbled", &s.Fumbled),
		{key: "stance", k: kChoice, text: &s.Stance, choices: stanceNames},
		n("burn", &s.Burn, 0, 30),
		{key: "bleed", k: kList, list: &s.Bleed},
		{key: "cover", k: kChoice, text: &s.Cover, choices: coverChoices},
		{key: "afraid", k: kChoice, text: &s.Afraid, choices: afraidChoices},
		f("fearstun", &s.FearStun),
		{key: "fly", k: kText, text: &s.Fly, valid: validFlight}, f("flying", &s.Flying),
		{key: "chariot", k: kChoice, text: &s.Chariot, choices: chariotNames},
		{key: "team", k: kNum, num: &s.Team, lo: 0, hi: 4, valid: validTeam},
		n("drive", &s.Drive, 0, 30),
	}...)
}

// field builds the one field a key names: Get and Set need no more, and

// The values the choice fields take, made once: a big fight's load sets
// each field of every sheet.
var (
	groupChoices   = groupNames()
	weightChoices  = weightNames()
	droppedChoices = append([]string{"none"}, weightNames()...)
	coverChoices   = coverNames()
	afraidChoices  = append([]string{"none"}, fearLevels...)
)

// loading a big encounter calls them for every key of every sheet.
func (s *Sheet) fieldAt(i int) (field, bool) {
	n := func(k string, p *int, lo, hi int) field { return field{key: k, k: kNum, num: p, lo: lo, hi: hi} }
	f := func(k string, p *bool) field { return field{key: k, k: kFlag, flag: p} }
	switch i {
	case 0: // pc
		return f("pc", &s.PC), true
	case 1: // heroic
		return f("heroic", &s.Heroic), true
	case 2: // stateless
		return f("stateless", &s.Stateless), true
	case 3: // ad
		return n("ad", &s.AD, -6, 12), true
	case 4: // fixed
		return field{key: "fixed", k: kFaces, faces: &s.Fixed}, true
	case 5: // dice
		return field{key: "dice", k: kFaces, faces: &s.Dice}, true
	case 6: // carry
		return n("carry", &s.Carry, 0, 6), true
	case 7: // effort
		return f("effort", &s.Effort), true
	case 8: // plus
		return f("plus", &s.Plus), true
	case 9: // phys
		return n("phys", &s.Phys, 0, 9), true
	case 10: // ment
		return n("ment", &s.Ment, 0, 9), true
	case 11: // bphys
		return n("bphys", &s.BPhys, 0, 9), true
	case 12: // bment
		return n("bment", &s.BMent, 0, 9), true
	case 13: // lphys
		return n("lphys", &s.LPhys, 0, 30), true
	case 14: // lment
		return n("lment", &s.LMent, 0, 30), true
	case 15: // group
		return field{key: "group", k: kChoice, text: &s.Group, choices: groupChoices}, true
	case 16: // weapon
		return field{key: "weapon", k: kChoice, text: &s.Weapon, choices: weightChoices}, true
	case 17: // dropped
		return field{key: "dropped", k: kChoice, text: &s.Dropped, choices: droppedChoices}, true
	case 18: // reach
		return f("reach", &s.Reach), true
	case 19: // size
		return n("size", &s.Size, 1, 100), true
	case 20: // attack
		return n("attack", &s.Attack, 0, 30), true
	case 21: // armour
		return n("armour", &s.Armour, 0, 30), true
	case 22: // dodge
		return n("dodge", &s.Dodge, 0, 30), true
	case 23: // block
		return n("block", &s.Block, 0, 30), true
	case 24: // parry
		return n("parry", &s.Parry, 0, 30), true
	case 25: // shield
		return n("shield", &s.Shield, 0, 30), true
	case 26: // dpool
		return n("dpool", &s.DPool, 0, 60), true
	case 27: // bpool
		return n("bpool", &s.BPool, 0, 60), true
	case 28: // cast
		return field{key: "cast", k: kText, text: &s.Cast}, true
	case 29: // apool
		return n("apool", &s.APool, 0, 60), true
	case 30: // body
		return n("body", &s.Body, 0, 30), true
	case 31: // mind
		return n("mind", &s.Mind, 0, 30), true
	case 32: // spirit
		return n("spirit", &s.Spirit, 0, 30), true
	case 33: // exposed
		return n("exposed", &s.Exposed, 0, 60), true
	case 34: // fumbled
		return f("fumbled", &s.Fumbled), true
	case 35: // stance
		return field{key: "stance", k: kChoice, text: &s.Stance, choices: stanceNames}, true
	case 36: // burn
		return n("burn", &s.Burn, 0, 30), true
	case 37: // bleed
		return field{key: "bleed", k: kList, list: &s.Bleed}, true
	case 38: // cover
		return field{key: "cover", k: kChoice, text: &s.Cover, choices: coverChoices}, true
	case 39: // afraid
		return field{key: "afraid", k: kChoice, text: &s.Afraid, choices: afraidChoices}, true
	case 40: // fearstun
		return f("fearstun", &s.FearStun), true
	case 41: // fly
		return field{key: "fly", k: kText, text: &s.Fly, valid: validFlight}, true
	case 42: // flying
		return f("flying", &s.Flying), true
	case 43: // chariot
		return field{key: "chariot", k: kChoice, text: &s.Chariot, choices: chariotNames}, true
	case 44: // team
		return field{key: "team", k: kNum, num: &s.Team, lo: 0, hi: 4, valid: validTeam}, true
	case 45: // drive
		return n("drive", &s.Drive, 0, 30), true
	}
	return field{}, false
}

// fieldIndex is the place of each key in fields.
var fieldIndex = model.NewKeyPlaces(new(Sheet).Keys())

// FieldIndex implements model.IndexedSheet.
func (s *Sheet) FieldIndex(key string) (int, bool) { return fieldIndex.Find(key) }

// one is the field a key names as a list of zero or one, for the loops
// of Get and Set; buf lives on the caller's stack.
func (s *Sheet) one(key string, buf *[1]field) []field {
	if i, ok := fieldIndex.Find(key); ok {
		buf[0], _ = s.fieldAt(i)
		return buf[:]
	}
	return nil
}
