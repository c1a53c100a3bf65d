package arm5

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
	t := func(k string, p *string) field { return field{key: k, text: p} }
	return append(fs, []field{
		n("qik", &s.Qik), n("dex", &s.Dex), n("str", &s.Str), n("sta", &s.Sta), n("pre", &s.Pre), n("size", &s.Size),
		t("abilityname", &s.AbilityName), cnt("ability", &s.Ability), cnt("brawl", &s.Brawl), cnt("ride", &s.Ride), cnt("leadership", &s.Leadership),
		cnt("athletics", &s.Athletics), cnt("finesse", &s.Finesse), cnt("concentration", &s.Concentration),
		t("weapon", &s.Weapon), n("winit", &s.WInit), n("watk", &s.WAtk), n("wdfn", &s.WDfn), n("wdam", &s.WDam), cnt("wlost", &s.WLost),
		{key: "bladed", flag: &s.Bladed},
		t("shield", &s.Shield), n("sinit", &s.SInit), n("satk", &s.SAtk), n("sdfn", &s.SDfn), n("sdam", &s.SDam),
		t("armor", &s.Armor), cnt("prot", &s.Prot), cnt("load", &s.Load),
		cnt("light", &s.Wounds[Light]), cnt("medium", &s.Wounds[Medium]), cnt("heavy", &s.Wounds[Heavy]),
		cnt("incap", &s.Wounds[Incap]), cnt("fatal", &s.Wounds[Fatal]),
		cnt("blight", &s.Bruises[Light]), cnt("bmedium", &s.Bruises[Medium]), cnt("bheavy", &s.Bruises[Heavy]),
		cnt("bincap", &s.Bruises[Incap]), cnt("bfatal", &s.Bruises[Fatal]),
		cnt("bheavydone", &s.BHeavyDone), cnt("bincapdone", &s.BIncapDone),
		{key: "fatigue", num: &s.Fatigue, lo: 0, hi: Unconscious},
		{key: "botch", num: &s.Botch, lo: 0, hi: 20},
	}...)
}

// fieldAt builds the field at place i of fields: Get and Set need no
// more, and loading a big encounter sets every field of every sheet.
func (s *Sheet) fieldAt(i int) (field, bool) {
	n := func(k string, p *int) field { return field{key: k, num: p, lo: -statMax, hi: statMax} }
	cnt := func(k string, p *int) field { return field{key: k, num: p, lo: 0, hi: statMax} }
	t := func(k string, p *string) field { return field{key: k, text: p} }
	switch i {
	case 0: // qik
		return n("qik", &s.Qik), true
	case 1: // dex
		return n("dex", &s.Dex), true
	case 2: // str
		return n("str", &s.Str), true
	case 3: // sta
		return n("sta", &s.Sta), true
	case 4: // pre
		return n("pre", &s.Pre), true
	case 5: // size
		return n("size", &s.Size), true
	case 6: // abilityname
		return t("abilityname", &s.AbilityName), true
	case 7: // ability
		return cnt("ability", &s.Ability), true
	case 8: // brawl
		return cnt("brawl", &s.Brawl), true
	case 9: // ride
		return cnt("ride", &s.Ride), true
	case 10: // leadership
		return cnt("leadership", &s.Leadership), true
	case 11: // athletics
		return cnt("athletics", &s.Athletics), true
	case 12: // finesse
		return cnt("finesse", &s.Finesse), true
	case 13: // concentration
		return cnt("concentration", &s.Concentration), true
	case 14: // weapon
		return t("weapon", &s.Weapon), true
	case 15: // winit
		return n("winit", &s.WInit), true
	case 16: // watk
		return n("watk", &s.WAtk), true
	case 17: // wdfn
		return n("wdfn", &s.WDfn), true
	case 18: // wdam
		return n("wdam", &s.WDam), true
	case 19: // wlost
		return cnt("wlost", &s.WLost), true
	case 20: // bladed
		return field{key: "bladed", flag: &s.Bladed}, true
	case 21: // shield
		return t("shield", &s.Shield), true
	case 22: // sinit
		return n("sinit", &s.SInit), true
	case 23: // satk
		return n("satk", &s.SAtk), true
	case 24: // sdfn
		return n("sdfn", &s.SDfn), true
	case 25: // sdam
		return n("sdam", &s.SDam), true
	case 26: // armor
		return t("armor", &s.Armor), true
	case 27: // prot
		return cnt("prot", &s.Prot), true
	case 28: // load
		return cnt("load", &s.Load), true
	case 29: // light
		return cnt("light", &s.Wounds[Light]), true
	case 30: // medium
		return cnt("medium", &s.Wounds[Medium]), true
	case 31: // heavy
		return cnt("heavy", &s.Wounds[Heavy]), true
	case 32: // incap
		return cnt("incap", &s.Wounds[Incap]), true
	case 33: // fatal
		return cnt("fatal", &s.Wounds[Fatal]), true
	case 34: // blight
		return cnt("blight", &s.Bruises[Light]), true
	case 35: // bmedium
		return cnt("bmedium", &s.Bruises[Medium]), true
	case 36: // bheavy
		return cnt("bheavy", &s.Bruises[Heavy]), true
	case 37: // bincap
		return cnt("bincap", &s.Bruises[Incap]), true
	case 38: // bfatal
		return cnt("bfatal", &s.Bruises[Fatal]), true
	case 39: // bheavydone
		return cnt("bheavydone", &s.BHeavyDone), true
	case 40: // bincapdone
		return cnt("bincapdone", &s.BIncapDone), true
	case 41: // fatigue
		return field{key: "fatigue", num: &s.Fatigue, lo: 0, hi: Unconscious}, true
	case 42: // botch
		return field{key: "botch", num: &s.Botch, lo: 0, hi: 20}, true
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
