package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules/dice"
)

// coreVerbs are the commands every system shares.
func coreVerbs() []Verb {
	return append([]Verb{
		{Name: "add", Usage: addUsage, Summary: "add a combatant, or COUNT copies of a template (side=, init=, note=, zone=, any sheet field; dice are rolled)", Run: runAdd,
			OptionHelp: map[string]string{
				"group": "the COUNT copies act as one group, where the system has them",
				"from=": "sheet from this template, named NAME (from= alone: a blank)",
			}},
		{Name: "remove", Usage: "remove NAME", Summary: "take a combatant out of the encounter", Run: runRemove, Targets: 1},
		{Name: "set", Usage: "set NAME FIELD=VALUE…", Summary: "change sheet fields, side, note, status, zone, name or hidden (yes keeps it from the players' view)", Run: runSet, Targets: 1},
		{Name: "init", Usage: "init NAME N | init NAME roll | init all roll", Summary: "enter or roll initiative", Run: runInit},
		{Name: "next", Usage: "next", Summary: "pass the turn to the next combatant (starts combat)", Run: func(c *Ctx, _ []string) error { return c.Sys.Next(c) }},
		{Name: "prev", Usage: "prev", Summary: "move the turn marker back one combatant", Run: func(c *Ctx, _ []string) error { return c.Sys.Prev(c) }},
		{Name: "delay", Usage: "delay NAME", Summary: "hold the combatant's action for later", Run: runDelay},
		{Name: "act", Usage: "act NAME", Summary: "a delayed combatant acts now", Run: runAct},
		{Name: "cond", Usage: "cond NAME LABEL[,LABEL…] [ROUNDS|until=end:WHO]", Summary: "give a condition or several (for ROUNDS, or until a turn)", Run: runCond, Targets: 1},
		{Name: "uncond", Usage: "uncond NAME LABEL[,LABEL…]", Summary: "remove a condition or several", Run: runUncond, Targets: 1},
		{Name: "note", Usage: "note TEXT…", Summary: "write a line in the log", Run: runNote},
		{Name: "roll", Usage: "roll EXPR [WHY…]", Summary: "roll dice: 2d6+3, d20, 3d6-1 (arm5: stress+5, stress3, simple)", Run: runRoll},
		{Name: "dice", Usage: "dice N… | dice clear", Summary: "queue die faces for the next rolls (0 is a d10's zero); dice clear drops those still queued", Run: runDice},
		{Name: "option", Usage: "option KEY VALUE", Summary: "change an encounter option", Run: runOption},
		{Name: "end", Usage: "end", Summary: "end the fight: the order stops and the summary shows (undo takes it back)", Run: runEnd},
		{Name: "resume", Usage: "resume", Summary: "go on with a fight that has ended (when undo no longer reaches the end)", Run: runResume},
		{Name: "force", Usage: forceUsage, Summary: "do what the rules refuse now (out of turn, already acted, out of reach); the log says what was forced", Run: runForce},
		{Name: "move", Usage: moveUsage, Summary: "the combatant moves to a zone (a number or a named area; none forgets it)", Run: runMove},
		{Name: "engage", Usage: "engage A B", Summary: "mark two combatants as engaged in close combat", Run: runEngage},
		{Name: "disengage", Usage: "disengage A [B]", Summary: "end A's engagements (or only the one with B)", Run: runDisengage},
	}, prepVerbs()...)
}

func verbNamed(name string) Verb {
	for _, v := range coreVerbs() {
		if v.Name == name {
			return v
		}
	}
	return Verb{Name: name, Usage: name}
}

// checkName refuses a new name that could not be typed back as one
// target: with = it reads as key=value, with a comma as a list of names.
func checkName(name string) error {
	if strings.IndexByte(name, '=') > 0 {
		return fmt.Errorf("a name cannot contain = (%q)", name)
	}
	if strings.Contains(name, ",") {
		return fmt.Errorf("a name cannot contain a comma (%q): commas separate names in a list of targets", name)
	}
	return nil
}

// setField sets a generic field or passes it to the sheet.
func setField(c *Ctx, cb *model.Combatant, kv KV) error {
	switch kv.Key {
	case "name":
		name := strings.TrimSpace(kv.Value)
		if name == "" {
			return errors.New("a name cannot be empty")
		}
		if err := checkName(name); err != nil {
			return err
		}
		for _, o := range c.E.Combatants {
			if o != cb && strings.EqualFold(o.Name, name) {
				return fmt.Errorf("there is already a combatant called %q", o.Name)
			}
		}
		cb.OwnProfile().Name = name
	case "side":
		cb.OwnProfile().Side = kv.Value
	case "note":
		cb.OwnProfile().Note = kv.Value
	case "status":
		st, err := model.ParseStatus(kv.Value)
		if err != nil {
			return err
		}
		cb.Status = st
	case "hidden":
		h, err := parseYes("hidden", kv.Value)
		if err != nil {
			return err
		}
		cb.OwnProfile().Hidden = h
	case "zone":
		z, err := ParseZone(kv.Value)
		if err != nil {
			return err
		}
		// The GM's placement: no move, so nobody holds it back.
		place(c.E, cb, z)
	default:
		if cb.Sheet() == nil {
			return fmt.Errorf("unknown field %q", kv.Key)
		}
		if err := cb.OwnSheet().Set(kv.Key, kv.Value); err != nil {
			return fmt.Errorf("%s: %w", cb.Name, err)
		}
	}
	return nil
}

func runRemove(c *Ctx, args []string) error {
	if len(args) != 1 {
		return Usagef(verbNamed("remove"), "remove takes one name")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	if r, ok := c.Sys.(Remover); ok {
		c.Event("%s leaves the fight", cb.Name)
		err := r.Remove(c, cb)
		c.E.Remove(cb.ID) // a no-op once the system took it out
		return err
	}
	wasCurrent := c.E.Current == cb.ID
	idx := c.E.OrderIndex(cb.ID)
	c.E.Remove(cb.ID)
	c.Event("%s leaves the fight", cb.Name)
	if wasCurrent && len(c.E.Order) > 0 {
		// The turn passes to whoever stood next in the order.
		c.E.Current = c.E.Order[min(max(idx, 0), len(c.E.Order)-1)]
	}
	return nil
}

func runSet(c *Ctx, args []string) error {
	plain, kvs := SplitKV(args)
	if len(plain) != 1 || len(kvs) == 0 {
		return Usagef(verbNamed("set"), "set takes a name and at least one key=value")
	}
	cb, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	var before model.Sheet
	if cb.Sheet() != nil {
		before = cb.Sheet().Clone()
	}
	for _, kv := range kvs {
		if kv.Key == "init" {
			if err := initOne(c, cb, kv.Value); err != nil {
				return err
			}
			continue
		}
		set, err := setRolled(c, cb, kv)
		if err != nil {
			return err
		}
		if set != kv {
			c.Event("%s: %s = %s (rolled %s)", cb.Name, kv.Key, set.Value, kv.Value)
			continue
		}
		c.Event("%s: %s = %s", cb.Name, kv.Key, kv.Value)
	}
	return refresh(c, cb, before, kvs)
}

// refresh lets a Refresher system derive state from the fields a command
// just set.
func refresh(c *Ctx, cb *model.Combatant, before model.Sheet, kvs []KV) error {
	r, ok := c.Sys.(Refresher)
	if !ok {
		return nil
	}
	statusSet := false
	for _, kv := range kvs {
		if kv.Key == "status" {
			statusSet = true
		}
	}
	return r.Refresh(c, cb, before, statusSet)
}

func initOne(c *Ctx, cb *model.Combatant, v string) error {
	if strings.EqualFold(v, "roll") {
		return c.Sys.RollInit(c, cb)
	}
	n, err := Int("initiative", v)
	if e, ok := fieldDice(v); err != nil && ok {
		// A template's init=1d6: rolled as given, then entered.
		r, rerr := c.Dice.Roll(cb.Name, "initiative", e)
		if rerr != nil {
			return rerr
		}
		n, err = r.Total, nil
	}
	if err != nil {
		return err
	}
	return c.Sys.SetInit(c, cb, n)
}

func runInit(c *Ctx, args []string) error {
	if len(args) != 2 {
		return Usagef(verbNamed("init"), "init takes a name (or all) and a number (or roll)")
	}
	if strings.EqualFold(args[0], "all") && !strings.EqualFold(args[1], "roll") {
		// "all" may still be the start of a name (Allard).
		if _, err := c.Find(args[0]); err != nil {
			return Usagef(verbNamed("init"), "init all only rolls")
		}
	} else if strings.EqualFold(args[0], "all") {
		if len(c.E.Combatants) == 0 {
			return errors.New("nobody to roll for: add combatants first")
		}
		for _, cb := range c.E.Combatants {
			if err := c.Sys.RollInit(c, cb); err != nil {
				return err
			}
		}
		return nil
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	return initOne(c, cb, args[1])
}

func runDelay(c *Ctx, args []string) error {
	d, ok := c.Sys.(Delayer)
	if !ok {
		return fmt.Errorf("%s has no delayed actions", c.Sys.Name())
	}
	if len(args) != 1 {
		return Usagef(verbNamed("delay"), "delay takes one name")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	return d.Delay(c, cb)
}

func runAct(c *Ctx, args []string) error {
	d, ok := c.Sys.(Delayer)
	if !ok {
		return fmt.Errorf("%s has no delayed actions", c.Sys.Name())
	}
	if len(args) != 1 {
		return Usagef(verbNamed("act"), "act takes one name")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	return d.Act(c, cb)
}

func runCond(c *Ctx, args []string) error {
	plain, kvs := SplitKV(args)
	if len(plain) < 2 || len(plain) > 3 || len(kvs) > 1 || (len(kvs) == 1 && kvs[0].Key != "until") {
		return Usagef(verbNamed("cond"), "cond takes a name, a label (or a comma list of them) and optionally a number of rounds or until=start|end[:NAME]")
	}
	cb, err := c.Find(plain[0])
	if err != nil {
		return err
	}
	labels, err := condLabels("cond", plain[1])
	if err != nil {
		return err
	}
	list := NameList(labels, len(labels))
	switch {
	case len(kvs) == 1 && len(plain) == 3:
		return Usagef(verbNamed("cond"), "give rounds or until=, not both")
	case len(kvs) == 1:
		k, err := parseUntil(c, cb, kvs[0].Value)
		if err != nil {
			return err
		}
		for _, l := range labels {
			k.Label = l
			cb.PutCond(k)
		}
		c.Event("%s is %s %s", cb.Name, list, UntilText(c.E, k))
		return nil
	case len(plain) == 3:
		n, err := Int("rounds", plain[2])
		if err != nil {
			return err
		}
		if n < 1 {
			return Usagef(verbNamed("cond"), "rounds must be 1 or more")
		}
		// Lasts this round and n−1 more; ends as round (now + n) begins.
		for _, l := range labels {
			cb.SetCond(l, max(c.E.Round, 1)+n)
		}
		c.Event("%s is %s for %s", cb.Name, list, Plural(n, "round"))
		return nil
	}
	for _, l := range labels {
		cb.SetCond(l, 0)
	}
	c.Event("%s is %s", cb.Name, list)
	return nil
}

// condLabels reads cond's and uncond's LABEL: one label, or a comma list
// of them (prone,blinded), each trimmed and in lower case; an empty one
// or one given twice is refused.
func condLabels(verb, raw string) ([]string, error) {
	var labels []string
	for l := range strings.SplitSeq(raw, ",") {
		l = strings.ToLower(strings.TrimSpace(l))
		switch {
		case l == "":
			return nil, Usagef(verbNamed(verb), "a condition needs a label (%q has an empty one)", raw)
		case slices.Contains(labels, l):
			return nil, Usagef(verbNamed(verb), "%s is listed twice", l)
		}
		labels = append(labels, l)
	}
	return labels, nil
}

func runUncond(c *Ctx, args []string) error {
	if len(args) != 2 {
		return Usagef(verbNamed("uncond"), "uncond takes a name and a label (or a comma list of them)")
	}
	cb, err := c.Find(args[0])
	if err != nil {
		return err
	}
	labels, err := condLabels("uncond", args[1])
	if err != nil {
		return err
	}
	var dropped []string
	for _, l := range labels {
		if !cb.DropCond(l) {
			if c.Many {
				continue // one of several targets: those without it stay as they are
			}
			return fmt.Errorf("%s is not %s", cb.Name, l)
		}
		dropped = append(dropped, l)
	}
	if len(dropped) > 0 {
		c.Event("%s is no longer %s", cb.Name, NameList(dropped, len(dropped)))
	}
	return nil
}

func runNote(c *Ctx, args []string) error {
	if len(args) == 0 {
		return Usagef(verbNamed("note"), "note needs some text")
	}
	c.Event("note: %s", strings.Join(args, " "))
	return nil
}

func runRoll(c *Ctx, args []string) error {
	if len(args) == 0 {
		return Usagef(verbNamed("roll"), "roll needs a dice expression")
	}
	e, err := dice.Parse(args[0])
	if err != nil {
		return err
	}
	why := strings.Join(args[1:], " ")
	if why == "" {
		why = "roll"
	}
	_, err = c.Dice.Roll("GM", why, e)
	return err
}

func runDice(c *Ctx, args []string) error {
	if len(args) == 0 {
		return Usagef(verbNamed("dice"), "dice needs at least one face")
	}
	if strings.EqualFold(args[0], "clear") {
		switch {
		case len(args) > 1:
			return Usagef(verbNamed("dice"), "dice clear takes nothing after it")
		case len(c.E.Queue) == 0:
			return errors.New("no faces are queued")
		}
		faces := make([]string, len(c.E.Queue))
		for i, f := range c.E.Queue {
			faces[i] = strconv.Itoa(f)
		}
		c.Event("queued faces dropped: %s", strings.Join(faces, " "))
		c.E.Queue = nil
		return nil
	}
	for _, a := range args {
		n, err := Int("a die face", a)
		if err != nil {
			return err
		}
		if n < 0 || n > dice.MaxSides {
			return fmt.Errorf("die face %d is out of range 0–%d", n, dice.MaxSides)
		}
		c.E.Queue = append(c.E.Queue, n)
	}
	c.Event("queued faces: %s (next rolls use these)", strings.Join(args, " "))
	return nil
}

func runOption(c *Ctx, args []string) error {
	if len(args) != 2 {
		return Usagef(verbNamed("option"), "option takes a key and a value")
	}
	key := strings.ToLower(args[0])
	var known []string
	for _, o := range AllOptions(c.Sys) {
		known = append(known, o.Key)
		if o.Key != key {
			continue
		}
		val, err := o.Check(args[1])
		if err != nil {
			return err
		}
		c.E.Options[key] = val
		c.Event("option %s = %s", key, val)
		return nil
	}
	return fmt.Errorf("unknown option %q (known: %s)", args[0], strings.Join(known, ", "))
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
