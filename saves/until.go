package saves

import (
	"strconv"

	"fray/model"
)

// A condition tied to a turn is written with the turn's owner by name, as
// current and order are:
//
//	conditions = [{label = "stunned", expires = 0, until = "end", who = "Goblin 2", armed = false}]
//
// until is "start" or "end"; who must name a combatant of the file; armed
// says that the owner's next turn has begun (see model.Condition).

// appendUntil writes the turn a condition is tied to.
func appendUntil(b []byte, k model.Condition, names nameIndex) []byte {
	b = append(b, ", until = "...)
	b = appendQuoted(b, k.Until)
	b = append(b, ", who = "...)
	who, _ := names.name(k.Who)
	b = appendQuoted(b, who)
	b = append(b, ", armed = "...)
	return strconv.AppendBool(b, k.Armed)
}

// pendingWho is a condition's who, read before every combatant is known.
type pendingWho struct {
	name string
	line int
	who  string // the condition's holder, for messages
}

// untilKey reads until, who or armed of a condition. A who is kept aside
// (Who holds −(its index + 1)) until resolveUntils knows every name.
func (d *decoder) untilKey(k *model.Condition, key string, v *node, who string) error {
	var err error
	switch key {
	case "until":
		if k.Until, err = d.str(v, "until"); err == nil && k.Until != model.UntilStart && k.Until != model.UntilEnd {
			err = d.at(v.line, "%s: until is \"start\" or \"end\", not %q", who, k.Until)
		}
	case "who":
		var name string
		if name, err = d.word(v, "who"); err == nil {
			d.whos = append(d.whos, pendingWho{name: name, line: v.line, who: who})
			k.Who = -len(d.whos)
		}
	case "armed":
		k.Armed, err = d.bool(v, "armed")
	}
	return err
}

// checkUntil makes sure a condition tied to a turn names both the turn
// and whose it is, and that it has no round as well.
func (d *decoder) checkUntil(k *model.Condition, line int, who string) error {
	switch {
	case k.Until == "" && (k.Who != 0 || k.Armed):
		return d.at(line, "%s: condition %q has who or armed but no until", who, k.Label)
	case k.Until != "" && k.Who == 0:
		return d.at(line, "%s: condition %q lasts until the %s of a turn but names no who", who, k.Label, k.Until)
	case k.Until != "" && k.Expires != 0:
		return d.at(line, "%s: condition %q has both a round (expires) and a turn (until)", who, k.Label)
	}
	return nil
}

// resolveUntils turns the names conditions wait on into IDs.
func (d *decoder) resolveUntils(e *model.Encounter, byName *names) error {
	if len(d.whos) == 0 {
		return nil
	}
	for _, c := range e.Combatants {
		for i := range c.Conds {
			k := &c.OwnProfile().Conds[i]
			if k.Who >= 0 {
				continue
			}
			p := d.whos[-k.Who-1]
			o, ok := byName.get(p.name)
			if !ok {
				return d.at(p.line, "%s: condition %q waits on %q, but no combatant has that name", p.who, k.Label, p.name)
			}
			k.Who = o.ID
		}
	}
	return nil
}
