package arm5

import (
	"sort"
	"strings"
)

// Weapon is one line of the weapon catalogue: game facts from the Lords of
// Men melee and missile weapon tables.
type Weapon struct {
	Name                string
	Ability             string
	Init, Atk, Dfn, Dam int
	Str, Load           int
	Range               int // range increment in paces; 0 for melee
	Bladed              bool
}

// Weapons is the built-in catalogue. Setting a sheet's weapon (or shield)
// to one of these names fills its modifiers.
var Weapons = []Weapon{
	{"unarmed", "Brawl", 0, 0, 0, 0, 0, 0, 0, false},
	{"kick", "Brawl", -1, 0, -1, 3, 0, 0, 0, false},
	{"gauntlet", "Brawl", 0, 0, 1, 2, -3, 0, 0, false},
	{"bludgeon", "Brawl", 0, 2, 0, 2, -2, 1, 0, false},
	{"dagger", "Brawl", 0, 2, 0, 3, -3, 0, 0, true},
	{"knife", "Brawl", 0, 1, 0, 2, -6, 0, 0, true},
	{"axe", "Single Weapon", 1, 4, 0, 6, 0, 1, 0, true},
	{"club", "Single Weapon", 1, 2, 1, 3, -2, 1, 0, false},
	{"falchion", "Single Weapon", 1, 4, 1, 4, 0, 1, 0, true},
	{"hatchet", "Single Weapon", 0, 3, 0, 4, -2, 1, 0, true},
	{"lance", "Single Weapon", 2, 4, 0, 5, 0, 2, 0, true},
	{"mace", "Single Weapon", 1, 3, 0, 8, 0, 2, 0, false},
	{"mace and chain", "Single Weapon", 2, 3, 0, 7, 0, 2, 0, false},
	{"spear", "Single Weapon", 2, 2, 0, 5, -1, 1, 0, true},
	{"short sword", "Single Weapon", 1, 3, 1, 5, -1, 1, 0, true},
	{"long sword", "Single Weapon", 2, 4, 1, 6, 0, 1, 0, true},
	{"buckler", "Single Weapon", 0, 0, 1, 0, -2, 1, 0, false},
	{"round shield", "Single Weapon", 0, 0, 2, 0, -1, 2, 0, false},
	{"heater shield", "Single Weapon", 0, 0, 3, 0, 0, 2, 0, false},
	{"infantry shield", "Single Weapon", 0, 0, 4, 0, 0, 3, 0, false},
	{"cudgel", "Great Weapon", 1, 4, 1, 7, 1, 2, 0, false},
	{"flail", "Great Weapon", 1, 3, 1, 8, 0, 2, 0, false},
	{"halberd", "Great Weapon", 2, 4, 1, 10, 1, 2, 0, true},
	{"pole axe", "Great Weapon", 1, 5, 0, 11, 1, 2, 0, true},
	{"long spear", "Great Weapon", 3, 3, 1, 7, 0, 3, 0, true},
	{"great sword", "Great Weapon", 2, 5, 2, 9, 1, 2, 0, true},
	{"staff", "Great Weapon", 2, 3, 3, 2, -1, 2, 0, false},
	{"warhammer", "Great Weapon", 0, 6, 0, 12, 2, 3, 0, false},
	{"throwing axe", "Thrown Weapon", 0, 0, 2, 6, 0, 1, 5, true},
	{"javelin", "Thrown Weapon", 0, 2, 0, 5, 0, 1, 10, true},
	{"sling", "Thrown Weapon", -3, 1, 0, 4, -3, 0, 20, false},
	{"stone", "Thrown Weapon", 0, 1, 0, 2, -1, 1, 5, false},
	{"bow", "Bows", -1, 3, 0, 6, -1, 1, 15, true},
	{"composite bow", "Bows", -2, 4, 0, 7, 2, 2, 30, true},
	{"long bow", "Bows", -2, 4, 0, 8, 2, 2, 30, true},
	{"crossbow", "Crossbow", 5, 5, 0, 8, 1, 2, 25, true},
	{"arbalest", "Crossbow", 5, 5, 0, 10, -1, 3, 30, true},
}

// normName makes catalogue look-ups forgiving: case, commas and word order
// do not matter ("Sword, Long" finds "long sword").
func normName(s string) string {
	ws := strings.Fields(strings.ToLower(strings.ReplaceAll(s, ",", " ")))
	sort.Strings(ws)
	return strings.Join(ws, " ")
}

// LookupWeapon finds a catalogue weapon by name.
func LookupWeapon(name string) (Weapon, bool) {
	n := normName(name)
	for _, w := range Weapons {
		if normName(w.Name) == n {
			return w, true
		}
	}
	return Weapon{}, false
}

func (s *Sheet) fillWeapon(name string) {
	if w, ok := LookupWeapon(name); ok {
		s.WInit, s.WAtk, s.WDfn, s.WDam, s.Bladed = w.Init, w.Atk, w.Dfn, w.Dam, w.Bladed
	}
}

func (s *Sheet) fillShield(name string) {
	if w, ok := LookupWeapon(name); ok {
		s.SInit, s.SAtk, s.SDfn, s.SDam = w.Init, w.Atk, w.Dfn, w.Dam
	}
}

// isCrossbow reports whether a weapon name is a crossbow, which neither
// adds Strength to Damage nor gives extra botch dice when used untrained.
func isCrossbow(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "crossbow") || strings.Contains(n, "arbalest")
}
