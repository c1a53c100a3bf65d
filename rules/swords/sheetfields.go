package swords

import "strings"

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

// field builds the one field a key names: Get and Set need no more, and
// loading a big encounter calls them for every key of every sheet.
func (s *Sheet) field(key string) (field, bool) {
	n := func(k string, p *int) field { return field{key: k, num: p, lo: -statMax, hi: statMax} }
	cnt := func(k string, p *int) field { return field{key: k, num: p, lo: 0, hi: statMax} }
	switch key {
	case "kind":
		return field{key: "kind", text: &s.Kind, set: (*Sheet).setKind}, true
	case "str":
		return n("str", &s.Str), true
	case "dex":
		return n("dex", &s.Dex), true
	case "int":
		return n("int", &s.Int), true
	case "striking":
		return n("striking", &s.Striking), true
	case "archery":
		return n("archery", &s.Archery), true
	case "grappling":
		return n("grappling", &s.Grappling), true
	case "defense":
		return n("defense", &s.Defense), true
	case "riding":
		return n("riding", &s.Riding), true
	case "tactics":
		return n("tactics", &s.Tactics), true
	case "weapon":
		return field{key: "weapon", text: &s.Weapon, set: (*Sheet).setWeapon}, true
	case "wkind":
		return field{key: "wkind", text: &s.WKind, set: (*Sheet).setWKind}, true
	case "wdam":
		return n("wdam", &s.WDam), true
	case "armor":
		return cnt("armor", &s.Armor), true
	case "mass":
		return cnt("mass", &s.Mass), true
	case "mounted":
		return field{key: "mounted", flag: &s.Mounted}, true
	case "shield":
		return field{key: "shield", flag: &s.Shield}, true
	case "disarmed":
		return field{key: "disarmed", flag: &s.Disarmed}, true
	case "maxstamina":
		return field{key: "maxstamina", num: &s.MaxStamina, set: (*Sheet).setMax}, true
	case "stamina":
		return field{key: "stamina", num: &s.Stamina, set: (*Sheet).setStamina}, true
	case "largest":
		return cnt("largest", &s.Largest), true
	case "size":
		return cnt("size", &s.Size), true
	case "quality":
		return n("quality", &s.Quality), true
	case "general":
		return field{key: "general", text: &s.General}, true
	case "tacticians":
		return field{key: "tacticians", text: &s.Tacticians}, true
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
