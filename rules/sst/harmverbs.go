package sst

import (
	"fmt"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
)

// damageHelp says what each of damage's options does: those it shares
// with attack as there, and its own.
var damageHelp = map[string]string{
	"mental":   attackHelp["mental"],
	"magic":    attackHelp["magic"],
	"massive":  "a Massive weapon: Killed in Action",
	"rank":     attackHelp["rank"],
	"noinjury": "no injury roll for a Trauma or worse",
	"bane":     attackHelp["bane"],
	"shift=":   attackHelp["shift="],
}

func runDamage(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		var h Hit
		if a.flag("mental") {
			h.Track = Mental
		}
		h.Magic = a.flag("magic")
		h.Massive = a.flag("massive")
		h.Rank = a.flag("rank")
		h.NoRoll = a.flag("noinjury")
		h.Bane = a.flag("bane")
		if w := a.text("shift"); w != "" {
			loc, err := ParseLocation(w)
			if err != nil {
				return err
			}
			h.Shift = loc
		}
		if err := a.done(v); err != nil {
			return err
		}
		cb, _, err := a.who(c, v)
		if err != nil {
			return err
		}
		if len(a.plain) != 1 {
			return rules.Usagef(v, "give the damage as one number")
		}
		if h.Damage, err = rules.Int("damage", a.plain[0]); err != nil {
			return err
		}
		if h.Damage < 0 {
			return rules.Usagef(v, "damage cannot be negative")
		}
		c.Event("%s takes %d %s damage", cb.Name, h.Damage, strings.ToLower(h.Track.String()))
		return harm(c, cb, h)
	}
}

func runHeal(v rules.Verb) func(*rules.Ctx, []string) error {
	return func(c *rules.Ctx, words []string) error {
		a := parseArgs(words)
		cb, s, err := a.who(c, v)
		if err != nil {
			return err
		}
		if err := a.done(v); err != nil {
			return err
		}
		what, k := "phys", 1
		if len(a.plain) > 0 {
			what = strings.ToLower(a.plain[0])
		}
		if what == "injury" || what == "injuries" {
			return healInjuries(c, cb, strings.ToLower(strings.Join(a.plain[1:], " ")))
		}
		rest := a.plain
		if len(rest) > 0 {
			if _, isNum := strconv.Atoi(rest[0]); isNum == nil {
				what = "phys" // heal NAME N: the track is Physical
			} else {
				rest = rest[1:]
			}
		}
		if len(rest) > 0 {
			if what == "bleed" || what == "burn" {
				return rules.Usagef(v, "%s takes no count: it ends all of it", what)
			}
			if k, err = rules.Int("ranks", rest[0]); err != nil {
				return err
			}
		}
		if len(rest) > 1 || k < 1 {
			return rules.Usagef(v, "heal a track by a number of ranks, or a bleed or burn")
		}
		switch what {
		case "phys", "ment":
			t := Physical
			if what == "ment" {
				t = Mental
			}
			k = min(k, s.direct(t))
			if k == 0 {
				return fmt.Errorf("%s has no %s rank marked lost", cb.Name, t)
			}
			s.addDirect(t, -k)
			c.Event("%s regains %s: %s", cb.Name, rules.Plural(k, t.String()+" rank"), rankText(s, t, crossover(c.E)))
		case "bleed":
			if len(s.Bleed) == 0 {
				return fmt.Errorf("%s is not bleeding", cb.Name)
			}
			s.Bleed = nil
			c.Event("%s bleeding is stopped", possessive(cb.Name))
		case "burn":
			if s.Burn == 0 {
				return fmt.Errorf("%s has no burned dice", cb.Name)
			}
			s.Burn = 0
			c.Event("%s wounds no longer burn action dice", possessive(cb.Name))
		default:
			return rules.Usagef(v, "heal phys, ment, bleed, burn or injury, not %q", what)
		}
		if cb.Status == model.Incapacitated && !s.Beaten(crossover(c.E)) {
			cb.Status = model.Active
			c.Event("%s is back in action", cb.Name)
			sortOrder(c.E)
		}
		return nil
	}
}
