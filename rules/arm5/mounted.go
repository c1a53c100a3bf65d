package arm5

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

const mountUsage = "mount RIDER HORSE [gait=stand|walk|trot|canter|gallop] [saddle=plain|cantled|nostirrups] [untrained]"

// gait is a row of the effects of mounted movement.
type gait struct {
	name    string
	missile int // Attack with missiles from the saddle
	fall    int // falling damage: the horse's Size + this + stress die
	ease    int // Dex + Ride Ease Factor for an extended action
	defense int // optional bonus against missiles (horsedefense option)
}

// gaits, from standing still to a gallop; walk (or amble) and trot share
// their effects.
var gaits = []gait{
	{"stand", 0, 0, 0, 0},
	{"walk", -1, 2, 6, 1},
	{"trot", -1, 2, 6, 1},
	{"canter", -3, 4, 9, 3},
	{"gallop", -6, 6, 12, 6},
}

func parseGait(s string) (int, error) {
	s = strings.ToLower(s)
	if s == "amble" || s == "none" || s == "stationary" {
		s = map[string]string{"amble": "walk", "none": "stand", "stationary": "stand"}[s]
	}
	for i, g := range gaits {
		if g.name == s {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown gait %q (stand, walk, trot, canter, gallop)", s)
}

// mountRec is what "horse:RIDER" holds: "horseID gait" and then the
// words untrained, cantled (a war saddle, +3 to resist a charge) or
// nostirrups (−3).
type mountRec struct {
	horse, gait int
	untrained   bool
	saddle      int
}

// saddles are the saddle words of mount's saddle= and their modifiers.
var saddles = map[string]int{"plain": 0, "cantled": 3, "nostirrups": -3}

func getMount(e *model.Encounter, rider int) (mountRec, bool) {
	f := strings.Fields(tget(e, kHorse, rider))
	if len(f) < 2 {
		return mountRec{}, false
	}
	h, err1 := strconv.Atoi(f[0])
	g, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || g < 0 || g >= len(gaits) {
		return mountRec{}, false
	}
	m := mountRec{horse: h, gait: g}
	for _, w := range f[2:] {
		if w == "untrained" {
			m.untrained = true
		} else if n, ok := saddles[w]; ok {
			m.saddle = n
		}
	}
	return m, true
}

func setMount(e *model.Encounter, rider int, m mountRec) {
	v := fmt.Sprintf("%d %d", m.horse, m.gait)
	if m.untrained {
		v += " untrained"
	}
	if w := saddleWord(m.saddle); w != "plain" {
		v += " " + w
	}
	tset(e, kHorse, rider, v)
}

func saddleWord(n int) string {
	for w, m := range saddles {
		if m == n {
			return w
		}
	}
	return "plain"
}

// inSaddle reports whether a combatant rides: on a horse combatant, or
// marked mounted.
func inSaddle(e *model.Encounter, cb *model.Combatant) bool {
	return horseOf(e, cb.ID) != nil || cb.HasCond(kMount)
}

// horseOf returns the horse a rider sits on, or nil.
func horseOf(e *model.Encounter, rider int) *model.Combatant {
	if m, ok := getMount(e, rider); ok {
		return e.ByID(m.horse)
	}
	return nil
}

// riderOf returns the rider of a horse, or nil.
func riderOf(e *model.Encounter, horse int) *model.Combatant {
	for _, id := range withState(e, kHorse) {
		if m, ok := getMount(e, id); ok && m.horse == horse {
			return e.ByID(id)
		}
	}
	return nil
}

// gaitOf is the gait of a rider's horse, or of a ridden horse; 0 if none.
func gaitOf(e *model.Encounter, id int) int {
	if r := riderOf(e, id); r != nil {
		id = r.ID
	}
	m, _ := getMount(e, id)
	return m.gait
}

// mountedBonusOK reports whether a combatant fights from the saddle of a
// horse trained for battle and under control (or is marked mounted).
func mountedBonusOK(e *model.Encounter, cb *model.Combatant) bool {
	m, ok := getMount(e, cb.ID)
	if !ok {
		return cb.HasCond(kMount)
	}
	h := e.ByID(m.horse)
	return !m.untrained && h != nil && !h.HasCond(kPanic) && h.Status.CanAct()
}

// horseSize is the Size of the rider's horse; 2 when no horse combatant.
func horseSize(e *model.Encounter, rider int) int {
	if h := horseOf(e, rider); h != nil {
		if s, ok := h.Sheet().(*Sheet); ok {
			return s.Size
		}
	}
	return 2
}

func runMount(c *rules.Ctx, args []string) error {
	v := verb("mount")
	plain, kvs := rules.SplitKV(args)
	if len(plain) < 2 || len(plain) > 3 {
		return rules.Usagef(v, "mount takes a rider and a horse")
	}
	r, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	h, err := c.Find(plain[1])
	if err != nil {
		return err
	}
	m := mountRec{horse: h.ID}
	if len(plain) == 3 {
		if !strings.EqualFold(plain[2], "untrained") {
			return rules.Usagef(v, "unknown word %q", plain[2])
		}
		m.untrained = true
	}
	for _, kv := range kvs {
		switch kv.Key {
		case "gait":
			if m.gait, err = parseGait(kv.Value); err != nil {
				return rules.Usagef(v, "%v", err)
			}
		case "saddle":
			n, ok := saddles[strings.ToLower(kv.Value)]
			if !ok {
				return rules.Usagef(v, "saddle= is plain, cantled or nostirrups, not %q", kv.Value)
			}
			m.saddle = n
		default:
			return rules.Usagef(v, "unknown option %s= (gait= or saddle=)", kv.Key)
		}
	}
	if r == h {
		return rules.Usagef(v, "a rider cannot ride itself")
	}
	if err := canMount(c, r, h); err != nil {
		return err
	}
	if err := spendAction(c, r, "mount"); err != nil {
		return err // mounting is an action
	}
	setMount(c.E, r.ID, m)
	r.SetCond(kMount, 0)
	r.DropCond(kProne)
	kind := ""
	if m.saddle != 0 {
		kind = fmt.Sprintf(" (%s: %s to resist a charge)", saddleWord(m.saddle), signed(m.saddle))
	}
	if m.untrained {
		kind += " (not trained for battle: no mounted bonus, and it panics once engaged in melee)"
	}
	c.Event("%s mounts %s at a %s%s; the horse acts on %s's turn", r.Name, h.Name, gaits[m.gait].name, kind, r.Name)
	return nil
}

// canMount refuses a rider and horse that cannot come together.
func canMount(c *rules.Ctx, r, h *model.Combatant) error {
	switch {
	case r == h:
		return fmt.Errorf("a rider cannot ride itself")
	case horseOf(c.E, r.ID) != nil:
		return fmt.Errorf("%s is already mounted (dismount %s first)", r.Name, r.Name)
	case riderOf(c.E, h.ID) != nil:
		return fmt.Errorf("%s already carries %s", h.Name, riderOf(c.E, h.ID).Name)
	case riderOf(c.E, r.ID) != nil || horseOf(c.E, h.ID) != nil:
		return fmt.Errorf("a horse cannot ride or be ridden by a rider")
	case !r.Status.CanAct() || !h.Status.CanAct():
		return fmt.Errorf("both rider and horse must be able to act")
	}
	return nil
}

func runDismount(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("dismount"), "dismount takes the rider's name")
	}
	r, err := c.Find(args[0])
	if err != nil {
		return err
	}
	h := horseOf(c.E, r.ID)
	if h == nil {
		return fmt.Errorf("%s is not riding a horse", r.Name)
	}
	if err := spendAction(c, r, "dismount"); err != nil {
		return err // dismounting is an action
	}
	c.Event("%s gets down from %s", r.Name, h.Name)
	return dismount(c, r)
}

// dismount parts rider and horse; a horse still in the fight rolls its
// own Initiative from now on.
func dismount(c *rules.Ctx, r *model.Combatant) error {
	h := horseOf(c.E, r.ID)
	tdel(c.E, kHorse, r.ID)
	r.DropCond(kMount)
	if h != nil && c.E.Round > 0 && h.Status.CanAct() {
		c.Event("%s now acts on its own", h.Name)
		return c.Sys.RollInit(c, h)
	}
	return nil
}

func runGait(c *rules.Ctx, args []string) error {
	v := verb("gait")
	if len(args) != 2 {
		return rules.Usagef(v, "gait takes the rider and a gait")
	}
	r, err := c.Find(args[0])
	if err != nil {
		return err
	}
	m, ok := getMount(c.E, r.ID)
	if !ok {
		return fmt.Errorf("%s is not riding a horse", r.Name)
	}
	g, err := parseGait(args[1])
	if err != nil {
		return rules.Usagef(v, "%v", err)
	}
	if err := c.MayAct(r, rules.OnTurn); err != nil {
		return err // the horse moves on its rider's turn
	}
	if h := c.E.ByID(m.horse); h != nil && g > 2 {
		if hs, ok := h.Sheet().(*Sheet); ok && hs.Wounds[Heavy] > 0 {
			return fmt.Errorf("%s has a Heavy wound: no faster than a trot", h.Name)
		}
	}
	m.gait = g
	setMount(c.E, r.ID, m)
	g0 := gaits[g]
	c.Event("%s's horse moves at a %s (missiles %s, falling Size + %d, extended actions Dex + Ride vs %d)", r.Name, g0.name, signed(g0.missile), g0.fall, g0.ease)
	if g == len(gaits)-1 {
		c.Event("a galloping horse makes a fatigue test each round, rolled as %s's turn ends", r.Name)
	}
	return nil
}

// riderRoll rolls a rider's Characteristic + Ride (+ more) against an
// Ease Factor and reports success.
func riderRoll(c *rules.Ctx, r *model.Combatant, why string, ef int, terms ...part) (bool, error) {
	ok, _, err := riderCheck(c, r, why, ef, terms...)
	return ok, err
}

// riderCheck is riderRoll that also tells a botch: the zeros on the
// botch dice (0 for none).
func riderCheck(c *rules.Ctx, r *model.Combatant, why string, ef int, terms ...part) (ok bool, botches int, err error) {
	sh, err := sheetOf(r)
	if err != nil {
		return false, 0, err
	}
	roll, err := c.Dice.Stress(r.Name, why, 1+sh.Botch)
	if err != nil {
		return false, 0, err
	}
	var t total
	for _, p := range terms {
		t.Add(p.label, p.n)
	}
	t.Die("stress", roll.Total)
	if roll.Botched {
		c.Event("%s: %s BOTCH ×%d vs %d: fails", r.Name, why, roll.Botches, ef)
		return false, roll.Botches, nil
	}
	ok = t.Sum() >= ef
	c.Event("%s: %s %s vs %d: %s", r.Name, why, t, ef, map[bool]string{true: "succeeds", false: "fails"}[ok])
	return ok, 0, nil
}

// Carries implements rules.Carriers: a horse carries its rider.
func (*System) Carries(e *model.Encounter, cb *model.Combatant) bool {
	return riderOf(e, cb.ID) != nil
}

var _ rules.CarriersAsker = (*System)(nil)

// CarriesIn implements rules.CarriersAsker: the horses ridden are listed
// once, the first time a question needs them, as riderOf finds them.
func (*System) CarriesIn(e *model.Encounter) func(*model.Combatant) bool {
	var ridden map[int]bool
	return func(cb *model.Combatant) bool {
		if ridden == nil {
			ridden = riddenHorses(e)
		}
		return ridden[cb.ID]
	}
}

// riddenHorses is the set of horses riderOf finds a rider of: the first
// rider of a horse, in the order of their IDs, names it.
func riddenHorses(e *model.Encounter) map[int]bool {
	ridden := map[int]bool{}
	for _, id := range withState(e, kHorse) {
		if m, ok := getMount(e, id); ok {
			if _, seen := ridden[m.horse]; !seen {
				ridden[m.horse] = e.ByID(id) != nil
			}
		}
	}
	return ridden
}
