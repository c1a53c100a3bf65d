package sst

import "strings"

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
		return field{key: "group", k: kChoice, text: &s.Group, choices: groupChoices}, true
	case "weapon":
		return field{key: "weapon", k: kChoice, text: &s.Weapon, choices: weightChoices}, true
	case "dropped":
		return field{key: "dropped", k: kChoice, text: &s.Dropped, choices: droppedChoices}, true
	case "reach":
		return f("reach", &s.Reach), true
	case "size":
		return n("size", &s.Size, 1, 100), true
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
	case "stance":
		return field{key: "stance", k: kChoice, text: &s.Stance, choices: stanceNames}, true
	case "burn":
		return n("burn", &s.Burn, 0, 30), true
	case "bleed":
		return field{key: "bleed", k: kList, list: &s.Bleed}, true
	case "cover":
		return field{key: "cover", k: kChoice, text: &s.Cover, choices: coverChoices}, true
	case "afraid":
		return field{key: "afraid", k: kChoice, text: &s.Afraid, choices: afraidChoices}, true
	case "fearstun":
		return f("fearstun", &s.FearStun), true
	case "fly":
		return field{key: "fly", k: kText, text: &s.Fly, valid: validFlight}, true
	case "flying":
		return f("flying", &s.Flying), true
	case "chariot":
		return field{key: "chariot", k: kChoice, text: &s.Chariot, choices: chariotNames}, true
	case "team":
		return field{key: "team", k: kNum, num: &s.Team, lo: 0, hi: 4, valid: validTeam}, true
	case "drive":
		return n("drive", &s.Drive, 0, 30), true
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
