package sst

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// Flyers and chariots.
//
// A flyer's sheet gives fly=SPEED/TURN/DIVE (zones an action, turns an
// action, extra zones in a dive) and flying=yes while it is in the air.
// A move in the air goes at most SPEED zones, or SPEED + DIVE with the
// word dive; faster would be falling. One that has not flown a zone since
// its last action is on the ground when it acts again, unless it can
// circle in place (turn rate 6 or more). Facing and turns are the
// table's: fray keeps no map. Ground fighters reach a flyer in melee only
// as it attacks: when it stoops on someone, that one and those InContact
// with it may strike at it until its next action; missiles and
// opportunity attacks (free) always may.
//
// A flyer's marks are its turn state: flew (it flew a zone since its last
// action), aloft (it was in the air at its last action) and swoop (the ID
// it stooped on). A chariot's crew stay in Encounter.Turn as "crew:ID"
// (the chariot's ID), and so does a hold ("hold:ID", hold.go): their
// owners are found by scanning the turn keys, which the marks every
// fighter gets would make long.

var _ rules.TurnAdopter = (*System)(nil)

// AdoptTurn implements rules.TurnAdopter: the marks on the combatants,
// which files before format 4 kept in Encounter.Turn as "KIND:ID".
func (*System) AdoptTurn(e *model.Encounter) {
	for _, k := range []string{kClose, kFlew, kAloft, kSwoop} {
		rules.AdoptTurnKey(e, k, k)
	}
}

//
// A chariot is a combatant with chariot=light|heavy (the horse team, one
// target, its attack the team's) and team=2|4 horses; its crew board it.
// The crew have light cover (−1d) except from behind (attack … rear); a
// heavy chariot or a four-horse team strikes two targets with one attack.
// Driving rolls take −1d for each crewman past the first (light) or the
// second (heavy), −2d on rough ground, −4d on difficult ground, and a
// second 45° turn −2d (light) or −4d (heavy); failing the turn, the
// chariot runs straight on, and fumbling it, it overturns.

const (
	kFlew      = "flew"
	kAloft     = "aloft"
	kSwoop     = "swoop"
	kCrew      = "crew"
	overturned = "overturned"
	boardUsage = "board NAME CHARIOT"
	driveUsage = "drive NAME [rough|difficult] [turn] [mod=±N]"
)

// chariotNames are the chariot kinds a sheet may be.
var chariotNames = []string{"none", "light", "heavy"}

// validFlight checks fly=.
func validFlight(v string) error {
	_, _, err := ParseFlight(v)
	return err
}

// validTeam checks team=: two horses or four (0: two).
func validTeam(v string) error {
	switch strings.TrimSpace(v) {
	case "0", "2", "4":
		return nil
	}
	return fmt.Errorf("team is 2 or 4 horses, not %q", v)
}

func tkey(kind string, id int) string { return kind + ":" + strconv.Itoa(id) }

// Flight is a flyer's speed, turn rate and dive.
type Flight struct{ Speed, Turn, Dive int }

// ParseFlight reads SPEED/TURN/DIVE ("2/2/3"); "" or none is no flight.
func ParseFlight(s string) (Flight, bool, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "~"))
	if s == "" || strings.EqualFold(s, "none") {
		return Flight{}, false, nil
	}
	ps := strings.Split(s, "/")
	if len(ps) != 3 {
		return Flight{}, false, fmt.Errorf("fly is SPEED/TURN/DIVE, as 2/2/3, not %q", s)
	}
	var n [3]int
	for i, p := range ps {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 || v > 20 {
			return Flight{}, false, fmt.Errorf("fly is SPEED/TURN/DIVE with numbers 0 to 20, not %q", s)
		}
		n[i] = v
	}
	if n[0] < 1 {
		return Flight{}, false, fmt.Errorf("a flyer's speed is at least 1 zone an action")
	}
	return Flight{n[0], n[1], n[2]}, true, nil
}

// aloft returns a combatant's flight when it is in the air.
func aloft(cb *model.Combatant) (Flight, bool) {
	s, ok := cb.Sheet().(*Sheet)
	if !ok || !s.Flying {
		return Flight{}, false
	}
	f, ok, err := ParseFlight(s.Fly)
	return f, ok && err == nil
}

// flightCheck limits a move in the air: speed, or speed + dive.
func flightCheck(c *rules.Ctx, cb *model.Combatant, z string, dive bool) error {
	f, ok := aloft(cb)
	if !ok {
		if dive {
			return fmt.Errorf("%s is not in the air: dive is for flyers", cb.Name)
		}
		return nil
	}
	cb.SetTurn(kFlew, "1")
	d, known := model.Distance(cb, &model.Combatant{Profile: &model.Profile{Zone: z}})
	if !known {
		return nil
	}
	switch {
	case dive && d > f.Speed+f.Dive:
		return c.Refuse("%s dives at most %s an action (%d + dive %d): faster is falling", cb.Name, rules.Plural(f.Speed+f.Dive, "zone"), f.Speed, f.Dive)
	case !dive && d > f.Speed:
		return c.Refuse("%s flies at most %s an action (move %s %s dive goes up to %d)", cb.Name, rules.Plural(f.Speed, "zone"), rules.Quote(cb.Name), z, f.Speed+f.Dive)
	}
	return nil
}

// flyerActs runs as a flyer begins an action: one that has not flown a
// zone since its last action is on the ground (unless it circles); its
// stoop is over.
func flyerActs(c *rules.Ctx, cb *model.Combatant, s *Sheet) {
	cb.DropTurn(kSwoop)
	f, ok := aloft(cb)
	if !ok {
		cb.DropTurn(kAloft)
		cb.DropTurn(kFlew)
		return
	}
	if cb.TurnText(kAloft) != "" && cb.TurnText(kFlew) == "" && f.Turn < 6 {
		s.Flying = false
		cb.DropTurn(kAloft)
		c.Event("%s has not flown a zone since its last action: it is on the ground", cb.Name)
		return
	}
	cb.SetTurn(kAloft, "1")
	cb.DropTurn(kFlew)
}

// swoopOn returns the one a flyer attacked since its last action.
func swoopOn(e *model.Encounter, flyer *model.Combatant) *model.Combatant {
	id, err := strconv.Atoi(flyer.TurnText(kSwoop))
	if err != nil {
		return nil
	}
	return e.ByID(id)
}

// flyerReach settles a melee attack that involves a flyer in the air: a
// flyer's own stoop (it stays aloft, within reach until its next action),
// or a ground fighter striking at one (only at the stoop's target or
// those InContact with it, or freely as an opportunity). It reports
// whether it settled the attack's position.
func flyerReach(c *rules.Ctx, atk, t *model.Combatant, free bool) (bool, error) {
	if _, up := aloft(atk); up {
		atk.SetTurn(kSwoop, strconv.Itoa(t.ID))
		c.Event("%s stoops on %s and is within reach until its next action", atk.Name, t.Name)
		return true, nil
	}
	if _, up := aloft(t); !up || free {
		return false, nil
	}
	if v := swoopOn(c.E, t); v != nil && slices.Contains(meleeGroup(c.E, v), atk) {
		c.Event("%s strikes at %s as it stoops", atk.Name, t.Name)
		return true, nil
	}
	return true, c.Refuse("%s is flying: from the ground only missiles reach it, or a blow as it stoops on one InContact with %s", t.Name, atk.Name)
}

// runLand and runTakeoff put a flyer on the ground or in the air.
func runFlight(up bool) func(rules.Verb) func(*rules.Ctx, []string) error {
	return func(v rules.Verb) func(*rules.Ctx, []string) error {
		return func(c *rules.Ctx, words []string) error {
			a := parseArgs(words)
			cb, s, err := a.who(c, v)
			if err != nil {
				return err
			}
			if len(a.plain) > 0 {
				return rules.Usagef(v, "%s takes one name", v.Name)
			}
			if err := a.done(v); err != nil {
				return err
			}
			if _, ok, _ := ParseFlight(s.Fly); !ok {
				return fmt.Errorf("%s cannot fly (set %s fly=SPEED/TURN/DIVE)", cb.Name, rules.Quote(cb.Name))
			}
			if s.Flying == up {
				return fmt.Errorf("%s is %s already", cb.Name, map[bool]string{true: "in the air", false: "on the ground"}[up])
			}
			if err := c.MayAct(cb, rules.OnTurn); err != nil {
				return err // the movement of an action
			}
			s.Flying = up
			cb.DropTurn(kAloft)
			cb.DropTurn(kSwoop)
			if up {
				cb.SetTurn(kFlew, "1")
				for _, o := range c.E.DisengageAll(cb) {
					setClose(cb, o, false)
				}
				c.Event("%s takes to the air", cb.Name)
			} else {
				cb.DropTurn(kFlew)
				c.Event("%s lands", cb.Name)
			}
			return nil
		}
	}
}

// chariotOf returns the chariot a combatant rides in (nil for none).
func chariotOf(e *model.Encounter, cb *model.Combatant) *model.Combatant {
	id, err := strconv.Atoi(e.Turn[tkey(kCrew, cb.ID)])
	if err != nil {
		return nil
	}
	car := e.ByID(id)
	if car == nil {
		return nil
	}
	if s, ok := car.Sheet().(*Sheet); !ok || s.Chariot == "" {
		return nil
	}
	return car
}

// crewOf lists a chariot's crew, in ID order.
func crewOf(e *model.Encounter, car *model.Combatant) []*model.Combatant {
	var out []*model.Combatant
	for k, v := range e.Turn {
		rest, ok := strings.CutPrefix(k, kCrew+":")
		if !ok || v != strconv.Itoa(car.ID) {
			continue
		}
		if id, err := strconv.Atoi(rest); err == nil {
			if cb := e.ByID(id); cb != nil {
				out = append(out, cb)
			}
		}
	}
	sortByID(out)
	return out
}

func sortByID(cbs []*model.Combatant) {
	for i := 1; i < len(cbs); i++ {
		for j := i; j > 0 && cbs[j].ID < cbs[j-1].ID; j-- {
			cbs[j], cbs[j-1] = cbs[j-1], cbs[j]
		}
	}
}

// Chariot numbers: room, the crew it carries at no cost, its pace, and
// the targets its team strikes.
func (s *Sheet) chariotRoom() int {
	if s.Chariot == "heavy" {
		return 4
	}
	return 2
}

func (s *Sheet) chariotFree() int {
	if s.Chariot == "heavy" {
		return 2
	}
	return 1
}

// chariotPace is the chariot's pace with this crew: light 9, heavy 7
// (9 with four horses), less one for each crewman past the free ones
// (a light chariot with four horses keeps its pace).
func (s *Sheet) chariotPace(crew int) int {
	over := max(0, crew-s.chariotFree())
	switch {
	case s.Chariot == "heavy" && s.Team == 4:
		return 9 - over
	case s.Chariot == "heavy":
		return 7 - over
	case s.Team == 4:
		return 9
	}
	return 9 - over
}

// chariotTargets is how many targets the team strikes with one attack.
func (s *Sheet) chariotTargets() int {
	if s.Chariot == "heavy" || s.Team == 4 {
		return 2
	}
	return 1
}

func runBoard(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "board takes the one boarding and the chariot")
		}
		if err := a.done(v); err != nil {
			return err
		}
		car, err := c.Find(a.plain[0])
		if err != nil {
			return err
		}
		cs, err := ownSheet(car)
		if err != nil {
			return err
		}
		switch {
		case cs.Chariot == "":
			return fmt.Errorf("%s is no chariot (set %s chariot=light|heavy)", car.Name, rules.Quote(car.Name))
		case s.Chariot != "":
			return fmt.Errorf("%s is a chariot itself", cb.Name)
		case chariotOf(c.E, cb) == car:
			return fmt.Errorf("%s is aboard %s already", cb.Name, car.Name)
		}
		if n := len(crewOf(c.E, car)); n >= cs.chariotRoom() {
			if err := c.Refuse("a %s chariot has room for %d at most, and %s carries %d", cs.Chariot, cs.chariotRoom(), car.Name, n); err != nil {
				return err
			}
		}
		if err := c.MayAct(cb, rules.OnTurn); err != nil {
			return err // the movement of an action
		}
		c.E.Turn[tkey(kCrew, cb.ID)] = strconv.Itoa(car.ID)
		crew := crewOf(c.E, car)
		c.Event("%s boards %s: crew %s, pace %d, driving %s", cb.Name, car.Name, names(crew), cs.chariotPace(len(crew)), dicePenalty(-max(0, len(crew)-cs.chariotFree())))
		return nil
	}
}

func runAlight(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, _, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) > 0 {
			return rules.Usagef(v, "alight takes one name")
		}
		if err := a.done(v); err != nil {
			return err
		}
		car := chariotOf(c.E, cb)
		if car == nil {
			return fmt.Errorf("%s is aboard no chariot", cb.Name)
		}
		if err := c.MayAct(cb, rules.OnTurn); err != nil {
			return err // the movement of an action
		}
		delete(c.E.Turn, tkey(kCrew, cb.ID))
		c.Event("%s gets down from %s", cb.Name, car.Name)
		return nil
	}
}

// dicePenalty writes −2d, or "±0d".
func dicePenalty(n int) string {
	if n == 0 {
		return "±0d"
	}
	return fmt.Sprintf("%sd", num(n))
}

// runDrive: a driving roll for the chariot one is aboard.
func runDrive(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		ground := ""
		for _, g := range []string{"rough", "difficult"} {
			if a.flag(g) {
				if ground != "" {
					return rules.Usagef(v, "the ground is rough or difficult, not both")
				}
				ground = g
			}
		}
		turn := a.flag("turn")
		mod, err := a.num("mod", 0)
		if err != nil {
			return err
		}
		if len(a.plain) > 0 {
			return rules.Usagef(v, "unknown word %q", a.plain[0])
		}
		if err := a.done(v); err != nil {
			return err
		}
		car := chariotOf(c.E, cb)
		if car == nil {
			return fmt.Errorf("%s is aboard no chariot", cb.Name)
		}
		cs, err := ownSheet(car)
		if err != nil {
			return err
		}
		if car.HasCond(overturned) {
			return fmt.Errorf("%s lies overturned", car.Name)
		}
		if err := c.MayAct(cb, rules.OutOfTurn); err != nil {
			return err
		}
		crew := crewOf(c.E, car)
		n := s.Drive
		text := fmt.Sprintf("%d dice", s.Drive)
		sub := func(k int, why string) {
			if k != 0 {
				n -= k
				text += fmt.Sprintf(" − %d %s", k, why)
			}
		}
		sub(max(0, len(crew)-cs.chariotFree()), "for the crew")
		sub(map[string]int{"rough": 2, "difficult": 4}[ground], ground+" ground")
		if turn {
			sub(map[bool]int{true: 4, false: 2}[cs.Chariot == "heavy"], "a second turn")
		}
		switch {
		case mod > 0:
			n += mod
			text += fmt.Sprintf(" + %d mod", mod)
		case mod < 0:
			sub(-mod, "mod")
		}
		c.Event("%s drives %s: %s = %d", cb.Name, car.Name, text, max(0, n))
		faces, err := poolRoll(c, cb, s, max(0, n), 5, "driving "+car.Name)
		if err != nil {
			return err
		}
		ok, fumble := successes(faces, 5) > 0, count(faces, 1) > successes(faces, 5)
		switch {
		case ok && turn:
			c.Event("%s makes the turn", car.Name)
		case ok:
			c.Event("%s drives on", car.Name)
		case turn && fumble:
			car.SetCond(overturned, 0)
			for _, o := range crew {
				o.SetCond(prone, 0)
			}
			c.Event("%s overturns: %s are thrown down", car.Name, names(crew))
		case turn:
			c.Event("%s does not make the turn: it runs straight on", car.Name)
		default:
			c.Event("%s struggles over the ground: the GM slows it", car.Name)
		}
		return nil
	}
}

// mobileMarks are a row's marks of flight and chariots.
func mobileMarks(e *model.Encounter, cb *model.Combatant, s *Sheet) []string {
	var ms []string
	if f, ok := aloft(cb); ok {
		ms = append(ms, fmt.Sprintf("flying %d/%d/%d", f.Speed, f.Turn, f.Dive))
	}
	if s.Chariot != "" {
		if crew := crewOf(e, cb); len(crew) > 0 {
			ms = append(ms, "crew: "+names(crew))
		}
	}
	if car := chariotOf(e, cb); car != nil {
		ms = append(ms, "aboard "+car.Name)
	}
	return ms
}
