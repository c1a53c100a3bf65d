package rules

import "fray/model"

// Harm severity: one scale every system maps its own harm to, so that
// every view agrees on who is hurt and how badly. The GM's order pane
// colours a row by it, the player view shows foes only by it, and the
// fight report sums up by it. Each system says how its own tracks (wound
// levels, hit points, Stamina, ranks, health) map to the scale in the doc
// comment of its Harm method; help and docs/ show those mappings.

// Severity is how badly a combatant is harmed, from unhurt to dead. The
// values are ordered: a greater Severity is worse.
type Severity int

// The grades of the scale.
const (
	// Unhurt: no harm that matters.
	Unhurt Severity = iota
	// Hurt: harmed, still fighting well.
	Hurt
	// BadlyHurt: half spent or worse, or carrying a grave wound, and
	// still fighting.
	BadlyHurt
	// OutOfFight: alive but fighting no more: unconscious,
	// incapacitated, fled, surrendered, routed.
	OutOfFight
	// Dying: down, and dies without help.
	Dying
	// Dead: killed.
	Dead
)

// Severities lists the whole scale, from unhurt to dead, for legends.
func Severities() []Severity {
	return []Severity{Unhurt, Hurt, BadlyHurt, OutOfFight, Dying, Dead}
}

var severityNames = [...]string{"unhurt", "hurt", "badly hurt", "out of the fight", "dying", "dead"}

// String is the grade in words, as players are told it: "badly hurt".
func (s Severity) String() string {
	if s < Unhurt || s > Dead {
		return "unknown harm"
	}
	return severityNames[s]
}

// Down reports whether the grade takes a combatant out of the fight
// (out of the fight, dying or dead).
func (s Severity) Down() bool { return s >= OutOfFight }

// Harm is what a system says about one combatant's harm.
type Harm struct {
	// Severity places the harm on the shared scale.
	Severity Severity
	// Gauge is the compact state of the system's harm tracks, as the
	// GM's order row shows it: "HP 3/8", "St 4/10 Hurt", "P 2/3 M 3/3",
	// "H1 L2 −6 Weary", "health 5/8". It leaves out the status (dead,
	// unconscious…), which the row's marks already say. Empty when the
	// system keeps no track for this combatant.
	Gauge string
	// Words names the harm in the system's own terms, for views that show
	// no numbers (the player view, the report): "Heavy wound, Weary",
	// "Wounded", "Out of Action", "dying". A row's marks that the words
	// contain (a status, "dying") are harm, to be shown as such. Empty
	// when there is nothing to name.
	Words string
	// Markers are states that change what the combatant does without
	// being harm: stunned, held, delaying, prone, grappled, in cover…
	// each as the order row writes it ("stunned 2"). A marker never says
	// dead or out of the fight: that is the Severity's to say.
	Markers []string
}

// ByShare grades what is left of a track: unhurt when left is full,
// badly hurt at half or less, hurt in between. A track with nothing to
// lose (full ≤ 0) is unhurt. It never says out: a system decides when an
// empty track takes a combatant out.
func ByShare(left, full int) Severity {
	switch {
	case full <= 0 || left >= full:
		return Unhurt
	case 2*left <= full:
		return BadlyHurt
	}
	return Hurt
}

// ByStatus is the grade a combatant's status alone calls for: dead for
// dead, out of the fight for unconscious or incapacitated, else unhurt.
func ByStatus(s model.Status) Severity {
	switch s {
	case model.Dead:
		return Dead
	case model.Unconscious, model.Incapacitated:
		return OutOfFight
	}
	return Unhurt
}

// Worst returns the worst of the grades given.
func Worst(ss ...Severity) Severity {
	w := Unhurt
	for _, s := range ss {
		w = max(w, s)
	}
	return w
}
