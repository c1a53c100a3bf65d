package arm5

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"fray/rules"
)

// Weapon is one line of the weapon catalogue: game facts from the Lords of
// Men melee and missile weapon tables.
type Weapon struct {
	Name                string
	Ability             string
	Init, Atk, Dfn, Dam int
	Range               int // range increment in paces; 0 in melee
	Str, Load           int // least Strength to wield it well; Load
	Cost, Avail, Types  string
	Levels              int // damage levels before it breaks (Clash of Weapons)
	Span                int // rounds to span a crossbow; 0 for other weapons
	// SpanLessStr: the span takes Span − Str rounds (at least one), as
	// with block and tackle.
	SpanLessStr bool
}

// Bladed reports whether the weapon cuts or pierces, so that striking for
// Bruises with it costs −3 Attack.
func (w Weapon) Bladed() bool { return strings.ContainsAny(w.Types, "SP") }

// nameSeparators are what normName reads as spaces (made once: loading a
// fight looks up a weapon, a shield and armour per combatant).
var nameSeparators = strings.NewReplacer(",", " ", "-", " ")

// normName makes catalogue look-ups forgiving: case, commas and word order
// do not matter ("Sword, Long" finds "long sword").
func normName(s string) string {
	ws := strings.Fields(strings.ToLower(nameSeparators.Replace(s)))
	sort.Strings(ws)
	return strings.Join(ws, " ")
}

// weaponIndex maps each catalogue weapon's normalized name to it, built
// once: a save file names a weapon and a shield for every combatant.
var weaponIndex = sync.OnceValue(func() map[string]Weapon {
	m := map[string]Weapon{}
	for _, tab := range [][]Weapon{Melee, Missiles} {
		for _, w := range tab {
			if _, dup := m[normName(w.Name)]; !dup {
				m[normName(w.Name)] = w
			}
		}
	}
	return m
})

// LookupWeapon finds a melee or missile weapon (or shield) by name.
func LookupWeapon(name string) (Weapon, bool) {
	if strings.TrimSpace(name) == "" {
		return Weapon{}, false
	}
	if hit, ok := weaponsNamed.Load(name); ok {
		w, _ := hit.(Weapon)
		return w, hit != nil
	}
	w, ok := weaponIndex()[normName(name)]
	remember(&weaponsNamed, name, w, ok)
	return w, ok
}

// weaponsNamed and armorNamed remember look-ups by the name as written,
// found or not: a big fight's file names the same few weapons and
// armour for every combatant, and normalizing a name costs a few
// allocations.
var weaponsNamed, armorNamed sync.Map

// remember keeps a look-up's result (nil for none), up to a bound.
func remember(m *sync.Map, name string, v any, ok bool) {
	if rememberedNames.Add(1) > 4096 {
		return // names typed by hand, each new: look them up each time
	}
	if !ok {
		v = nil
	}
	m.Store(name, v)
}

var rememberedNames atomic.Int32

// fillWeapon fills the modifiers of a catalogue weapon and moves Load by
// the difference between the new weapon's Load and the old one's, so
// the total does not depend on whether armor was named before or after.
// It runs before the name is stored: s.Weapon is still the old one.
func (s *Sheet) fillWeapon(name string) {
	w, ok := LookupWeapon(name)
	if ok {
		s.WInit, s.WAtk, s.WDfn, s.WDam, s.Bladed = w.Init, w.Atk, w.Dfn, w.Dam, w.Bladed()
	}
	s.swapLoad(s.Weapon, name)
}

func (s *Sheet) fillShield(name string) {
	if w, ok := LookupWeapon(name); ok {
		s.SInit, s.SAtk, s.SDfn, s.SDam = w.Init, w.Atk, w.Dfn, w.Dam
	}
	s.swapLoad(s.Shield, name)
}

// swapLoad takes the catalogue Load of old off the total and adds new's.
func (s *Sheet) swapLoad(old, name string) {
	if w, ok := LookupWeapon(old); ok {
		s.Load -= w.Load
	}
	if w, ok := LookupWeapon(name); ok {
		s.Load += w.Load
	}
	s.Load = max(0, s.Load)
}

// fillArmor sets Protection and Load from a catalogue outfit: Load is the
// armor's plus that of the catalogue weapon and shield already on the
// sheet (a later load= overrides it).
func (s *Sheet) fillArmor(name string) {
	prot, load, ok := LookupArmor(name)
	if !ok {
		return
	}
	for _, g := range []string{s.Weapon, s.Shield} {
		if w, ok := LookupWeapon(g); ok {
			load += w.Load
		}
	}
	s.Prot, s.Load = prot, load
}

// LookupArmor works out the Protection and Load of an outfit written as
// body armor, surcoat, greaves and helmet joined by + or commas: "mail
// hauberk + gambeson + helm". Body armor is MATERIAL COVERAGE, coverage
// being cuirass (or jerkin), haubergeon, hauberk or full. Halves add up
// before rounding up.
func LookupArmor(name string) (prot, load int, ok bool) {
	var p, l float64
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '+' || r == ',' })
	if len(parts) == 0 {
		return 0, 0, false
	}
	for _, part := range parts {
		bp, bl, found := armorPart(part)
		if !found {
			return 0, 0, false
		}
		p, l = p+bp, l+bl
	}
	return int(math.Ceil(p - 1e-9)), int(math.Ceil(l - 1e-9)), true
}

func armorPart(part string) (float64, float64, bool) {
	if hit, ok := armorNamed.Load(part); ok {
		a, _ := hit.([2]float64)
		return a[0], a[1], hit != nil
	}
	a, ok := armorIndex()[normName(strings.ReplaceAll(part, "jerkin", "cuirass"))]
	remember(&armorNamed, part, a, ok)
	return a[0], a[1], ok
}

// armorIndex maps each normalized armor name (a piece, or a material with
// its coverage) to its Protection and Load, built once: a save file names
// an outfit for every combatant. Earlier entries win, as the tables read.
var armorIndex = sync.OnceValue(func() map[string][2]float64 {
	m := map[string][2]float64{}
	put := func(name string, prot, load float64) {
		if _, dup := m[normName(name)]; !dup {
			m[normName(name)] = [2]float64{prot, load}
		}
	}
	for _, pc := range ArmorPieces {
		put(pc.Name, pc.Prot, pc.Load)
	}
	for _, b := range BodyArmors {
		for i, cov := range Coverages {
			if b.Load[i] >= 0 {
				put(b.Material+" "+cov, b.Prot[i], b.Load[i])
			}
		}
	}
	return m
})

// isCrossbow reports whether a weapon name is a crossbow, which neither
// adds Strength to Damage nor gives extra botch dice when used untrained.
func isCrossbow(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "crossbow") || strings.Contains(n, "arbalest")
}

// isReadyMissile reports whether a weapon can be held ready to shoot as a
// fast action: any bow or crossbow, not a sling or a thrown weapon.
func isReadyMissile(name string) bool {
	w, ok := LookupWeapon(name)
	return isCrossbow(name) || (ok && w.Ability == "Bows") || strings.Contains(strings.ToLower(name), "bow")
}

const catalogUsage = "catalog [weapons|missiles|armor] [FILTER…]"

// runCatalog writes catalogue lines to the log: every table, or one, and
// only the lines containing FILTER.
func runCatalog(c *rules.Ctx, args []string) error {
	v := verb("catalog")
	which, filter := "all", ""
	if len(args) > 0 {
		switch w := strings.ToLower(args[0]); w {
		case "weapons", "melee", "missiles", "armor", "armour":
			which, args = w, args[1:]
		}
	}
	filter = strings.ToLower(strings.Join(args, " "))
	type section struct {
		head string
		rows []string
	}
	var secs []section
	if which == "all" || which == "weapons" || which == "melee" {
		s := section{head: "melee: NAME (Ability) Init/Atk/Dfn/Dam, Str, Load, cost, period, types, damage levels"}
		for _, w := range Melee {
			s.rows = append(s.rows, weaponLine(w))
		}
		secs = append(secs, s)
	}
	if which == "all" || which == "weapons" || which == "missiles" {
		s := section{head: "missiles: NAME (Ability) Init/Atk/Dfn/Dam, range, Str, Load, cost, period, types, damage levels"}
		for _, w := range Missiles {
			s.rows = append(s.rows, weaponLine(w))
		}
		secs = append(secs, s)
	}
	if which == "all" || strings.HasPrefix(which, "armo") {
		s := section{head: "armor: MATERIAL: Prot/Load as cuirass (jerkin), haubergeon, hauberk, full; join pieces with +"}
		for _, b := range BodyArmors {
			s.rows = append(s.rows, bodyLine(b))
		}
		for _, pc := range ArmorPieces {
			l := fmt.Sprintf("%s (%s): Prot %s, Load %s", pc.Name, pc.Kind, half(pc.Prot), half(pc.Load))
			if pc.Per != 0 {
				l += ", Perception " + signed(pc.Per)
			}
			s.rows = append(s.rows, l)
		}
		secs = append(secs, s)
	}
	n := 0
	for _, s := range secs {
		var hit []string
		for _, l := range s.rows {
			if strings.Contains(strings.ToLower(l), filter) {
				hit = append(hit, l)
			}
		}
		if len(hit) == 0 {
			continue
		}
		c.Event("catalog %s", s.head)
		for _, l := range hit {
			c.Event("catalog: %s", l)
		}
		n += len(hit)
	}
	if n == 0 {
		return rules.Usagef(v, "nothing in the catalogue matches %q", filter)
	}
	return nil
}

func weaponLine(w Weapon) string {
	l := fmt.Sprintf("%s (%s) %s/%s/%s/%s", w.Name, w.Ability, signed(w.Init), signed(w.Atk), signed(w.Dfn), signed(w.Dam))
	if w.Range > 0 {
		l += fmt.Sprintf(", range %d", w.Range)
	}
	l += fmt.Sprintf(", Str %s, Load %d, %s, %s", signed(w.Str), w.Load, w.Cost, w.Avail)
	if w.Types != "" {
		l += ", " + w.Types
	}
	if w.Levels > 0 {
		l += ", " + rules.Plural(w.Levels, "level")
	}
	switch {
	case w.SpanLessStr:
		l += fmt.Sprintf(", spans in %d − Str rounds", w.Span)
	case w.Span > 0:
		l += ", spans in " + rules.Plural(w.Span, "round")
	}
	return l
}

func bodyLine(b BodyArmor) string {
	ps := make([]string, len(Coverages))
	for i := range Coverages {
		if b.Load[i] < 0 {
			ps[i] = "n/a"
		} else {
			ps[i] = half(b.Prot[i]) + "/" + half(b.Load[i])
		}
	}
	return b.Material + ": " + strings.Join(ps, ", ")
}

// half writes 1.5 as "1½" and 2 as "2".
func half(f float64) string {
	if f == math.Trunc(f) {
		return fmt.Sprintf("%d", int(f))
	}
	if f < 1 {
		return "½"
	}
	return fmt.Sprintf("%d½", int(f))
}
