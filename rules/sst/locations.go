package sst

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Locations of the injury table.
const (
	LeftLeg  = "left leg"
	RightLeg = "right leg"
	LeftArm  = "left arm"
	RightArm = "right arm"
	Chest    = "chest"
	Head     = "head"
	Neck     = "neck"
	Groin    = "groin"
)

// Locations maps the faces 1 to 6 of the location roll to body
// locations: Locations[0] is face 1.
type Locations [6]string

// DefaultLocations is the mapping used until the GM changes it.
var DefaultLocations = Locations{LeftLeg, RightLeg, LeftArm, RightArm, Chest, Head}

// Face returns the location a face names ("" for no face).
func (l Locations) Face(face int) string {
	if face < 1 || face > 6 {
		return ""
	}
	return l[face-1]
}

// String lists the mapping: "1 left leg, 2 right leg, …".
func (l Locations) String() string {
	parts := make([]string, len(l))
	for i, loc := range l {
		parts[i] = fmt.Sprintf("%d %s", i+1, loc)
	}
	return strings.Join(parts, ", ")
}

// FaceLocation returns the location a face names in the default mapping.
func FaceLocation(face int) string { return DefaultLocations.Face(face) }

var allLocations = []string{Head, Neck, Chest, Groin, LeftArm, RightArm, LeftLeg, RightLeg}

// ParseLocation reads a location name: "left arm", "leftarm", "larm",
// "left-arm"…
func ParseLocation(s string) (string, error) {
	k := strings.NewReplacer(" ", "", "-", "", "_", "").Replace(strings.ToLower(s))
	switch k {
	case "head", "neck", "chest", "groin":
		return k, nil
	case "leftarm", "larm":
		return LeftArm, nil
	case "rightarm", "rarm":
		return RightArm, nil
	case "leftleg", "lleg":
		return LeftLeg, nil
	case "rightleg", "rleg":
		return RightLeg, nil
	}
	return "", fmt.Errorf("unknown location %q (known: %s)", s, strings.Join(allLocations, ", "))
}

// neighbours links each location to those an attacker may shift to. With
// neck and groin in play they sit between head and chest, and between
// chest and legs.
func neighbours(loc string, neckGroin bool) []string {
	switch loc {
	case Head:
		if neckGroin {
			return []string{Neck}
		}
		return []string{Chest}
	case Neck:
		return []string{Head, Chest}
	case Chest:
		out := []string{LeftArm, RightArm}
		if neckGroin {
			return append(out, Neck, Groin)
		}
		return append(out, Head, LeftLeg, RightLeg)
	case Groin:
		return []string{Chest, LeftLeg, RightLeg}
	case LeftArm, RightArm:
		return []string{Chest}
	case LeftLeg, RightLeg:
		if neckGroin {
			return []string{Groin}
		}
		return []string{Chest}
	}
	return nil
}

// ShiftDistance is the number of steps from one location to another
// (−1 if it cannot be reached).
func ShiftDistance(from, to string, neckGroin bool) int {
	dist := map[string]int{from: 0}
	queue := []string{from}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		if at == to {
			return dist[at]
		}
		for _, n := range neighbours(at, neckGroin) {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[at] + 1
				queue = append(queue, n)
			}
		}
	}
	return -1
}

// LocationRoll reads a 4d6 location roll with the default mapping (see
// Locations.Roll).
func LocationRoll(faces []int) (loc string, shifts int) { return DefaultLocations.Roll(faces) }

// Roll reads a 4d6 location roll: the face that shows most often (ties to
// the highest face) names the location, and a triple allows one shift, a
// quadruple two.
func (l Locations) Roll(faces []int) (loc string, shifts int) {
	var count [7]int
	for _, f := range faces {
		if f >= 1 && f <= 6 {
			count[f]++
		}
	}
	best := 0
	for f := 6; f >= 1; f-- {
		if best == 0 || count[f] > count[best] {
			best = f
		}
	}
	switch {
	case count[best] >= 4:
		shifts = 2
	case count[best] == 3:
		shifts = 1
	}
	return l.Face(best), shifts
}

// locationsKey is the Encounter.Turn entry holding the GM's face →
// location mapping (six locations, comma-separated); without it the
// default holds. Keeping it in the encounter lets saves and undo keep it.
const locationsKey = "locations"

// locationsOf returns the encounter's face → location mapping.
func locationsOf(e *model.Encounter) Locations {
	v, ok := e.Turn[locationsKey]
	if !ok {
		return DefaultLocations
	}
	parts := strings.Split(v, ",")
	if len(parts) != len(Locations{}) {
		return DefaultLocations
	}
	var l Locations
	for i, p := range parts {
		loc, err := ParseLocation(p)
		if err != nil {
			return DefaultLocations
		}
		l[i] = loc
	}
	return l
}

// runLocations shows, changes or resets the face → location mapping.
func runLocations(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		cur := locationsOf(c.E)
		switch {
		case len(words) == 0:
			which := "the default"
			if cur != DefaultLocations {
				which = "set by the GM"
			}
			c.Event("injury locations (%s): %s", which, cur)
			return nil
		case len(words) == 1 && strings.EqualFold(words[0], "reset"):
			delete(c.E.Turn, locationsKey)
			c.Event("injury locations back to the default: %s", DefaultLocations)
			return nil
		}
		l, err := parseLocations(cur, words, neckGroin(c.E))
		if err != nil {
			return rules.Usagef(v, "%v", err)
		}
		if c.E.Turn == nil {
			c.E.Turn = map[string]string{}
		}
		if l == DefaultLocations {
			delete(c.E.Turn, locationsKey)
		} else {
			c.E.Turn[locationsKey] = strings.Join(l[:], ",")
		}
		c.Event("injury locations now: %s", l)
		return nil
	}
}

// parseLocations reads a new mapping: FACE=LOCATION pairs changing some
// faces of cur (a location may run over several words: 1=left leg), or
// six locations in face order. Neck and groin need the neckgroin option.
func parseLocations(cur Locations, words []string, neckGroin bool) (Locations, error) {
	type pair struct {
		face int
		name string
	}
	var pairs []pair
	if strings.Contains(words[0], "=") {
		seen := map[int]bool{}
		for _, w := range words {
			k, val, ok := strings.Cut(w, "=")
			if !ok {
				if len(pairs) == 0 {
					return cur, fmt.Errorf("unexpected %q", w)
				}
				pairs[len(pairs)-1].name += " " + w
				continue
			}
			f, err := strconv.Atoi(k)
			if err != nil || f < 1 || f > 6 {
				return cur, fmt.Errorf("a face is 1 to 6, not %q", k)
			}
			if seen[f] {
				return cur, fmt.Errorf("face %d is given twice", f)
			}
			seen[f] = true
			pairs = append(pairs, pair{f, val})
		}
	} else {
		for i := 0; i < len(words); i++ {
			name := words[i]
			if strings.Contains(name, "=") {
				return cur, fmt.Errorf("unexpected %q: give FACE=LOCATION pairs or six locations, not both", name)
			}
			if _, err := ParseLocation(name); err != nil && i+1 < len(words) {
				name += " " + words[i+1]
				i++
			}
			pairs = append(pairs, pair{len(pairs) + 1, name})
		}
		if len(pairs) != 6 {
			return cur, fmt.Errorf("give six locations, one for each face from 1 to 6 (got %d), or FACE=LOCATION pairs", len(pairs))
		}
	}
	l := cur
	for _, p := range pairs {
		loc, err := ParseLocation(p.name)
		if err != nil {
			return cur, err
		}
		if (loc == Neck || loc == Groin) && !neckGroin {
			return cur, fmt.Errorf("%s is a location only with the option neckgroin on", loc)
		}
		l[p.face-1] = loc
	}
	return l, nil
}
