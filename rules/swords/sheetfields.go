package swords

import "fray/model"

// The sheet's key table: every settable field with a pointer into the
// sheet, once as the full list (display and save order) and once as a
// switch that builds only the field a key names.

// fields lists every settable field with pointers into s, in display and
// save order; field (below) must name the same keys, as a test checks.
func (s *Sheet) fields() []field { return s.fieldsInto(make([]field, 0, 64)) }

func (s *Sheet) fieldsInto(fs []field) []field {
	n := func(k string, p *int) field { return field{key: k, num: p, lo: -statMax, hi: statMax} }
	cnt := func(k string, p *int) field { return field{key: k, num: p, lo: 0, hi: statMax} }
	return append(fs, []field{
		{key: "kind", text: &s.Kind, set: (*Sheet).setKind},
		n("str", &s.Str), n("dex", &s.Dex), n("int", &s.Int),
		n("striking", &s.Striking), n("archery", &s.Archery), n("grappling", &s.Grappling),
		n("defense", &s.Defense), n("riding", &s.Riding), n("tactics", &s.Tactics),
		{key: "weapon", text: &s.Weapon, set: (*Sheet).setWeapon},
		{key: "wkind", text: &s.WKind, set: (*Sheet).setWKind},
		n("wdam", &s.WDam), cnt("armor", &s.Armor), cnt("mass", &s.Mass),
		{key: "mounted", flag: &s.Mounted},
		{key: "shield", flag: &s.Shield},
		{key: "disarmed", flag: &s.Disarmed},
		{key: "maxstamina", num: &s.MaxStamina, set: (*Sheet).setMax},
		{key: "stamina", num: &s.Stamina, set: (*Sheet).setStamina},
		cnt("largest", &s.Largest),
		cnt("size", &s.Size), n("quality", &s.Quality),
		{key: "general", text: &s.General},
		{key: "tacticians", text: &s.Tacticians},
	}...)
}

// fieldAt builds the field at place i of fields: Get and Set need no
// more, and loading a big encounter sets every field of every sheet.
func (s *Sheet) fieldAt(i int) (field, bool) {
	n := func(k string, p *int) field { return field{key: k, num: p, lo: -statMax, hi: statMax} }
	cnt := func(k string, p *int) field { return field{key: k, num: p, lo: 0, hi: statMax} }
	switch i {
	case 0: // kind
		return field{key: "kind", text: &s.Kind, set: (*Sheet).setKind}, true
	case 1: // str
		return n("str", &s.Str), true
	case 2: // dex
		return n("dex", &s.Dex), true
	case 3: // int
		return n("int", &s.Int), true
	case 4: // striking
		return n("striking", &s.Striking), true
	case 5: // archery
		return n("archery", &s.Archery), true
	case 6: // grappling
		return n("grappling", &s.Grappling), true
	case 7: // defense
		return n("defense", &s.Defense), true
	case 8: // riding
		return n("riding", &s.Riding), true
	case 9: // tactics
		return n("tactics", &s.Tactics), true
	case 10: // weapon
		return field{key: "weapon", text: &s.Weapon, set: (*Sheet).setWeapon}, true
	case 11: // wkind
		return field{key: "wkind", text: &s.WKind, set: (*Sheet).setWKind}, true
	case 12: // wdam
		return n("wdam", &s.WDam), true
	case 13: // armor
		return cnt("armor", &s.Armor), true
	case 14: // mass
		return cnt("mass", &s.Mass), true
	case 15: // mounted
		return field{key: "mounted", flag: &s.Mounted}, true
	case 16: // shield
		return field{key: "shield", flag: &s.Shield}, true
	case 17: // disarmed
		return field{key: "disarmed", flag: &s.Disarmed}, true
	case 18: // maxstamina
		return field{key: "maxstamina", num: &s.MaxStamina, set: (*Sheet).setMax}, true
	case 19: // stamina
		return field{key: "stamina", num: &s.Stamina, set: (*Sheet).setStamina}, true
	case 20: // largest
		return cnt("largest", &s.Largest), true
	case 21: // size
		return cnt("size", &s.Size), true
	case 22: // quality
		return n("quality", &s.Quality), true
	case 23: // general
		return field{key: "general", text: &s.General}, true
	case 24: // tacticians
		return field{key: "tacticians", text: &s.Tacticians}, true
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
