package arm5

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

// field builds the one field a key names: Get and Set need no more, and
// loading a big encounter calls them for every key of every sheet.
func (s *Sheet) field(key string) (field, bool) {
	n := func(k string, p *int) field { return field{key: k, num: p, lo: -statMax, hi: statMax} }
	cnt := func(k string, p *int) field { return field{key: k, num: p, lo: 0, hi: statMax} }
	t := func(k string, p *string) field { return field{key: k, text: p} }
	switch key {
	case "qik":
		return n("qik", &s.Qik), true
	case "dex":
		return n("dex", &s.Dex), true
	case "str":
		return n("str", &s.Str), true
	case "sta":
		return n("sta", &s.Sta), true
	case "pre":
		return n("pre", &s.Pre), true
	case "size":
		return n("size", &s.Size), true
	case "abilityname":
		return t("abilityname", &s.AbilityName), true
	case "ability":
		return cnt("ability", &s.Ability), true
	case "brawl":
		return cnt("brawl", &s.Brawl), true
	case "ride":
		return cnt("ride", &s.Ride), true
	case "leadership":
		return cnt("leadership", &s.Leadership), true
	case "athletics":
		return cnt("athletics", &s.Athletics), true
	case "finesse":
		return cnt("finesse", &s.Finesse), true
	case "concentration":
		return cnt("concentration", &s.Concentration), true
	case "weapon":
		return t("weapon", &s.Weapon), true
	case "winit":
		return n("winit", &s.WInit), true
	case "watk":
		return n("watk", &s.WAtk), true
	case "wdfn":
		return n("wdfn", &s.WDfn), true
	case "wdam":
		return n("wdam", &s.WDam), true
	case "wlost":
		return cnt("wlost", &s.WLost), true
	case "bladed":
		return field{key: "bladed", flag: &s.Bladed}, true
	case "shield":
		return t("shield", &s.Shield), true
	case "sinit":
		return n("sinit", &s.SInit), true
	case "satk":
		return n("satk", &s.SAtk), true
	case "sdfn":
		return n("sdfn", &s.SDfn), true
	case "sdam":
		return n("sdam", &s.SDam), true
	case "armor":
		return t("armor", &s.Armor), true
	case "prot":
		return cnt("prot", &s.Prot), true
	case "load":
		return cnt("load", &s.Load), true
	case "light":
		return cnt("light", &s.Wounds[Light]), true
	case "medium":
		return cnt("medium", &s.Wounds[Medium]), true
	case "heavy":
		return cnt("heavy", &s.Wounds[Heavy]), true
	case "incap":
		return cnt("incap", &s.Wounds[Incap]), true
	case "fatal":
		return cnt("fatal", &s.Wounds[Fatal]), true
	case "blight":
		return cnt("blight", &s.Bruises[Light]), true
	case "bmedium":
		return cnt("bmedium", &s.Bruises[Medium]), true
	case "bheavy":
		return cnt("bheavy", &s.Bruises[Heavy]), true
	case "bincap":
		return cnt("bincap", &s.Bruises[Incap]), true
	case "bfatal":
		return cnt("bfatal", &s.Bruises[Fatal]), true
	case "bheavydone":
		return cnt("bheavydone", &s.BHeavyDone), true
	case "bincapdone":
		return cnt("bincapdone", &s.BIncapDone), true
	case "fatigue":
		return field{key: "fatigue", num: &s.Fatigue, lo: 0, hi: Unconscious}, true
	case "botch":
		return field{key: "botch", num: &s.Botch, lo: 0, hi: 20}, true
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
