package rules

import (
	"fmt"

	"fray/model"
	"fray/rules/dice"
)

// Ctx is what a command runs with: the encounter, its system and the dice.
type Ctx struct {
	E    *model.Encounter
	Sys  System
	Dice *dice.Roller

	found []found // the lookups made, for the tracker's check of names

	strikes []strike // attacks resolved so far (Struck)
	// Forced is set while a command runs under force: a Refusal is then
	// logged and let through (Allow) instead of returned.
	Forced bool
	// Many is true while a verb runs for one of several targets (see
	// Verb.Targets): a verb may then pass over a target it has nothing
	// to do for rather than fail the whole command.
	Many bool
	// Following is set while a verb whose actor comes first runs for a
	// further target of one action (attack A "B,C"): the action was
	// checked for this target against the fight before it began, so a
	// Refusal is let through without a word (see Allow).
	Following bool
	// Lib is the data folder's templates and parties (nil: none).
	Lib Library
	// DryRun is set when the command only runs to see whether it would
	// work (Tracker.Try): it must then write no file.
	DryRun bool

	defaults map[string]string // the options' defaults, once Option needed one
	// looked is told of each combatant a lookup found, before the verb
	// changes it (nil: nobody listens); the tracker without history
	// copies them to know them as they were.
	looked func(*model.Combatant)
}

// Find looks a combatant up by unique, case-insensitive name prefix. The
// tracker remembers what each lookup found, to refuse a command whose
// words could name someone else (names.go).
func (c *Ctx) Find(name string) (*model.Combatant, error) {
	cb, err := c.E.Find(name)
	if err == nil {
		c.found = append(c.found, found{query: name, id: cb.ID})
		if c.looked != nil {
			c.looked(cb)
		}
	}
	return cb, err
}

// Event logs a consequence of the command.
func (c *Ctx) Event(format string, args ...any) { c.E.Event(format, args...) }

// Option returns an encounter option's value, or the system's default.
func (c *Ctx) Option(key string) string {
	if v, ok := c.E.Options[key]; ok {
		return v
	}
	if c.defaults == nil {
		// A rule may ask for each combatant (osr's initiative by side):
		// the list of options is made once a command.
		all := AllOptions(c.Sys)
		c.defaults = make(map[string]string, len(all))
		for _, o := range all {
			c.defaults[o.Key] = o.Default
		}
	}
	return c.defaults[key]
}

// UsageError says a command's words were wrong and shows the right form.
type UsageError struct {
	Usage   string
	Problem string
}

func (e *UsageError) Error() string {
	if e.Problem == "" {
		return "usage: " + e.Usage
	}
	return e.Problem + " (usage: " + e.Usage + ")"
}

// Usagef builds a UsageError for a verb.
func Usagef(v Verb, format string, args ...any) error {
	return &UsageError{Usage: v.Usage, Problem: fmt.Sprintf(format, args...)}
}

func newCtx(e *model.Encounter, s System) *Ctx {
	c := &Ctx{E: e, Sys: s}
	c.Dice = dice.New(&e.RNG, &e.Queue, func(r dice.Roll) {
		e.Append(model.Entry{Kind: model.KindRoll, Who: r.Who, Why: r.Why, Expr: r.Expr,
			Faces: r.Faces, Special: r.Special, Total: r.Total})
	})
	return c
}
