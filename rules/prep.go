package rules

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"fray/model"
)

// The commands that prepare a fight from the data folder: templates lists
// the bestiary, template save adds to it, party save and party add carry
// player-side combatants from one fight to the next, harm and all.

const (
	templatesUsage    = "templates [FILTER…]"
	templateSaveUsage = "template save NAME FROM"
	partyUsage        = "party save NAME [WHO] | party add NAME | party list"
)

// prepVerbs are the core verbs that reach the data folder.
func prepVerbs() []Verb {
	return []Verb{
		{Name: "templates", Usage: templatesUsage, Summary: "list the system's templates in the log (those whose name holds FILTER)", Run: runTemplates, Lookup: true},
		{Name: "template", Usage: templateSaveUsage, Summary: "save combatant FROM as the template NAME (add 6 NAME adds copies)", Run: runTemplate},
		{Name: "party", Usage: partyUsage, Summary: "save the player side, harm and all, as a party; add a saved party to this fight; list the parties with their systems", Run: runParty},
	}
}

func runTemplates(c *Ctx, args []string) error {
	ts, lerr := c.templates()
	if errors.Is(lerr, errNoLibrary) {
		return lerr
	}
	filter := strings.ToLower(strings.Join(args, " "))
	n := 0
	for _, t := range ts {
		if filter != "" && !strings.Contains(strings.ToLower(t.Name), filter) {
			continue
		}
		n++
		c.Event("template %s", TemplateLine(t))
	}
	switch {
	case n == 0 && filter != "":
		c.Event("no %s template's name holds %q (%d templates in all)", c.Sys.ID(), filter, len(ts))
	case n == 0:
		c.Event("no %s templates yet: template save NAME FROM makes one", c.Sys.ID())
	default:
		c.Event("%s: add COUNT NAME adds copies", Plural(n, c.Sys.ID()+" template"))
	}
	if lerr != nil { // a file that could not be read, or a name met twice
		c.Event("left out: %v", lerr)
	}
	return nil
}

// TemplateLine sums a template up on one line: "Goblin (goblins): hp=1d8
// ac=13 … — starter.toml".
func TemplateLine(t Template) string {
	var b strings.Builder
	b.WriteString(t.Name)
	if side, ok := t.Field("side"); ok && side != "" {
		b.WriteString(" (" + side + ")")
	}
	sep := ": "
	shown := 0
	for _, kv := range t.Fields {
		if kv.Key == "side" || kv.Key == "note" {
			continue
		}
		if shown == 8 {
			b.WriteString(" …")
			break
		}
		b.WriteString(sep + kv.Key + "=" + Quote(kv.Value))
		sep = " "
		shown++
	}
	if t.File != "" {
		b.WriteString(" — " + filepath.Base(t.File))
	}
	return b.String()
}

func runTemplate(c *Ctx, args []string) error {
	v, _ := CoreVerb("template")
	if len(args) != 3 || !strings.EqualFold(args[0], "save") {
		return Usagef(v, "template save takes the template's name and the combatant to copy")
	}
	if c.Lib == nil {
		return errNoLibrary
	}
	name := strings.TrimSpace(args[1])
	if name == "" {
		return Usagef(v, "a template needs a name")
	}
	if err := checkName(name); err != nil {
		return err
	}
	cb, err := c.Find(args[2])
	if err != nil {
		return err
	}
	t := TemplateOf(c.Sys, name, cb)
	where := "(not written: a trial run)"
	if !c.DryRun {
		if where, err = c.Lib.SaveTemplate(c.Sys.ID(), t); err != nil {
			return err
		}
	}
	c.Event("template %s saved from %s to %s", name, cb.Name, where)
	if h := c.Sys.Harm(c.E, cb); h.Severity != Unhurt {
		c.Event("%s is %s: the template keeps the sheet as it stands (edit the file to change it)", cb.Name, h.Severity)
	}
	return nil
}

// TemplateOf makes a template of a combatant: its side, note and every
// sheet field that differs from a new sheet's, fight state left out.
func TemplateOf(s System, name string, cb *model.Combatant) Template {
	t := Template{Name: name}
	if cb.Side != "" {
		t.Fields = append(t.Fields, KV{Key: "side", Value: cb.Side})
	}
	if cb.Note != "" {
		t.Fields = append(t.Fields, KV{Key: "note", Value: cb.Note})
	}
	sh := Fresh(s, cb.Sheet())
	if sh == nil {
		return t
	}
	blank := s.NewSheet()
	for _, k := range sh.Keys() {
		v, ok := sh.Get(k)
		if !ok {
			continue
		}
		if d, _ := blank.Get(k); d == v {
			continue
		}
		t.Fields = append(t.Fields, KV{Key: k, Value: v})
	}
	return t
}

func runParty(c *Ctx, args []string) error {
	v, _ := CoreVerb("party")
	if len(args) == 0 {
		return Usagef(v, "party takes save, add or list")
	}
	if c.Lib == nil {
		return errNoLibrary
	}
	switch strings.ToLower(args[0]) {
	case "save":
		if len(args) < 2 || len(args) > 3 {
			return Usagef(v, "party save takes the party's name, then optionally who is in it")
		}
		who := ""
		if len(args) == 3 {
			who = args[2]
		}
		return saveParty(c, args[1], who)
	case "add":
		if len(args) != 2 {
			return Usagef(v, "party add takes the party's name")
		}
		return addParty(c, args[1])
	case "list":
		if len(args) != 1 {
			return Usagef(v, "party list takes nothing more")
		}
		names, err := c.Lib.Parties()
		if err != nil {
			return err
		}
		if len(names) == 0 {
			c.Event("no parties yet: party save NAME keeps this fight's player side")
			return nil
		}
		for _, name := range names {
			c.Event("%s", partyLine(c, name))
		}
		return nil
	}
	return Usagef(v, "party takes save, add or list, not %q", args[0])
}

// partyLine sums up a saved party for party list: its name, its rule
// system (and whether this fight plays it: party add takes only a party
// of the fight's system) and its members.
func partyLine(c *Ctx, name string) string {
	p, err := c.Lib.Party(name, nil)
	if err != nil {
		return name // the library names one it cannot read so
	}
	sys := p.System
	if !strings.EqualFold(sys, c.Sys.ID()) {
		sys += ", not this fight's system"
	}
	who := make([]string, 0, len(p.Members))
	for _, m := range p.Members {
		who = append(who, m.Name)
	}
	const shown = 8
	if len(who) > shown {
		who = append(who[:shown], fmt.Sprintf("and %d more", len(who)-shown))
	}
	line := fmt.Sprintf("party %s (%s), %s", p.Name, sys, Plural(len(p.Members), "member"))
	if len(who) > 0 {
		line += ": " + strings.Join(who, ", ")
	}
	return line
}

// playerSides are the side names taken for the players' side when party
// save is not told who is in the party.
var playerSides = []string{"party", "players", "player", "pcs", "pc", "heroes", "adventurers", "characters"}

// PartyMembers finds who party save keeps: the targets WHO names (a
// name, a comma list, side=SIDE or all), or else the player side: those
// whose sheet says pc=yes, or else those on a side called party, players,
// pcs or heroes.
func PartyMembers(c *Ctx, who string) ([]*model.Combatant, error) {
	if who != "" {
		cbs, _, err := c.Targets(who)
		return cbs, err
	}
	if out := playerSide(c.E); len(out) > 0 {
		return out, nil
	}
	sides := Sides(c.E)
	if len(sides) == 0 {
		return nil, errors.New("nobody to keep: add the party's members first")
	}
	return nil, fmt.Errorf("which side is the party? party save NAME side=SIDE (sides: %s)", strings.Join(sides, ", "))
}

// playerSide is who plays, as far as the sheets and sides tell: those
// whose sheet says pc=yes, or else those on a side called party,
// players, pcs or heroes; nobody when neither says.
func playerSide(e *model.Encounter) []*model.Combatant {
	var out []*model.Combatant
	for _, cb := range e.Combatants {
		if cb.Sheet() != nil {
			if v, ok := cb.Sheet().Get("pc"); ok && (v == "yes" || v == "true") {
				out = append(out, cb)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, cb := range e.Combatants {
		for _, s := range playerSides {
			if strings.EqualFold(strings.TrimSpace(cb.Side), s) {
				out = append(out, cb)
				break
			}
		}
	}
	return out
}

func saveParty(c *Ctx, name, who string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("a party needs a name")
	}
	cbs, err := PartyMembers(c, who)
	if err != nil {
		return err
	}
	p := Party{Name: name, System: c.Sys.ID()}
	for _, cb := range cbs {
		p.Members = append(p.Members, Member(c.Sys, cb))
	}
	stay, sat := stillMembers(c, name, cbs)
	for _, cb := range stay {
		p.Members = append(p.Members, Member(c.Sys, cb))
	}
	cbs = append(cbs, stay...)
	p.Members = append(p.Members, sat...)
	where := "nowhere (a trial run)"
	if !c.DryRun {
		if where, err = c.Lib.SaveParty(p); err != nil {
			return err
		}
	}
	kept := ""
	if len(sat) > 0 {
		kept = "; " + countText(names(sat)) + ", not in this fight, kept as before"
	}
	c.Event("party %s saved to %s: %s%s", name, where, countText(names(cbs)), kept)
	return nil
}

// stillMembers are the members of the saved party of that name (of this
// system) whom chosen leaves out: stay, those in this fight on no player
// side now (saved as they stand), and sat, those not in it at all (kept
// as the file has them), so that party save loses nobody from a party.
// A party that cannot be read has none; saving then says why.
func stillMembers(c *Ctx, name string, chosen []*model.Combatant) (stay, sat []*model.Combatant) {
	old, err := c.Lib.Party(name, c.Sys)
	if err != nil || !strings.EqualFold(old.System, c.Sys.ID()) {
		return nil, nil
	}
	for _, m := range old.Members {
		i := slices.IndexFunc(c.E.Combatants, func(cb *model.Combatant) bool {
			return strings.EqualFold(strings.TrimSpace(cb.Name), m.Name) // the name itself, no start of it
		})
		switch {
		case i < 0:
			sat = append(sat, m)
		case !slices.Contains(chosen, c.E.Combatants[i]):
			stay = append(stay, c.E.Combatants[i])
		}
	}
	return stay, sat
}

// Member is a combatant as a party keeps it between fights: its name,
// side, note, status, sheet (harm and all, fight state left out) and the
// conditions that last until removed. Its place in this fight (initiative,
// turn, position, tally) stays behind.
func Member(s System, cb *model.Combatant) *model.Combatant {
	m := &model.Combatant{Status: cb.Status, Profile: (&model.Profile{Name: cb.Name, Side: cb.Side, Note: cb.Note}).WithSheet(Fresh(s, cb.Sheet()))}
	for _, k := range cb.Conds {
		if k.Lasting() {
			m.Conds = append(m.Conds, k)
		}
	}
	return m
}

func addParty(c *Ctx, name string) error {
	p, err := c.Lib.Party(name, c.Sys)
	if err != nil {
		return err
	}
	if !strings.EqualFold(p.System, c.Sys.ID()) {
		return fmt.Errorf("the party %s plays %s; this fight is %s", p.Name, p.System, c.Sys.ID())
	}
	if len(p.Members) == 0 {
		return fmt.Errorf("the party %s has nobody in it", p.Name)
	}
	var clash []string
	for _, m := range p.Members {
		if taken(c.E, m.Name) {
			clash = append(clash, m.Name)
		}
	}
	if len(clash) > 0 {
		sort.Strings(clash)
		return fmt.Errorf("already in this fight: %s (remove or rename them first)", strings.Join(clash, ", "))
	}
	c.Event("the party %s joins: %s", p.Name, countText(names(p.Members)))
	for _, m := range p.Members {
		cb := Member(c.Sys, m)
		if err := c.E.Add(cb); err != nil {
			return err
		}
		if err := c.Sys.Added(c, cb); err != nil {
			return err
		}
	}
	return nil
}
