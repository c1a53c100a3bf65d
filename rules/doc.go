package rules

import (
	"fmt"
	"strings"
)

// Documented is a System that explains itself beyond its verbs, sheet
// keys and options. `fray help ID`, the reference page docs/ID.md and the
// screen's `?` all read the same Doc (through Reference), so what the
// program prints and what the pages say cannot drift apart.
type Documented interface {
	Doc() Doc
}

// Doc is a system's reference prose, kept as data next to its rules.
// Text is plain prose in which `backquotes` mark what a GM types; the
// renderers keep them (Markdown) or drop them (the terminal).
type Doc struct {
	// Intro is a few paragraphs on how a round runs, before the commands.
	Intro []string
	// Details holds, by verb name, the full description of a verb for the
	// reference: it stands in for the verb's one-line Summary there (the
	// screen's hints keep the Summary).
	Details map[string]string
	// Sections are titled prose after the commands: attack options, the
	// numbers, how the tracker rules where the text is silent…
	Sections []Section
	// Fields documents the sheet keys, in groups. Every key of the sheet
	// is in exactly one group, and every key of a group is on the sheet
	// (a test checks).
	Fields []FieldDoc
	// FieldNotes are paragraphs under the sheet fields.
	FieldNotes []string
	// OptionNotes are paragraphs under the options.
	OptionNotes []string
	// Legend explains the shorthand the order and sheet panes write.
	Legend []Abbrev
	// Scale says what each grade of the shared harm scale (Severity)
	// means in the system's own terms: Short is the grade's name
	// ("badly hurt"), Means the system's harm that gives it.
	Scale []Abbrev
}

// Section is a titled run of paragraphs.
type Section struct {
	Title string
	Paras []string
}

// FieldDoc documents one or more sheet keys that go together.
type FieldDoc struct {
	Keys []string
	Text string
	// Internal marks keys the tracker keeps for itself: they are saved
	// and may be set, but a GM never needs to type them, so forms do not
	// offer them.
	Internal bool
}

// Abbrev is one entry of a legend: the shorthand as the screen shows it
// and what it stands for.
type Abbrev struct {
	Short, Means string
}

// DocOf returns the system's Doc, or an empty one.
func DocOf(s System) Doc {
	if d, ok := s.(Documented); ok {
		return d.Doc()
	}
	return Doc{}
}

// TypedKeys returns the sheet keys a GM types: every key of a new sheet
// but those its Doc marks Internal.
func TypedKeys(s System) []string {
	sh := s.NewSheet()
	if sh == nil {
		return nil
	}
	internal := map[string]bool{}
	for _, f := range DocOf(s).Fields {
		if f.Internal {
			for _, k := range f.Keys {
				internal[k] = true
			}
		}
	}
	var out []string
	for _, k := range sh.Keys() {
		if !internal[k] {
			out = append(out, k)
		}
	}
	return out
}

// Reference is everything the reference of one system says, gathered
// from its tables: the verbs (core ones included) with their usages and
// descriptions, the sheet keys, the options and the system's Doc. The
// help command and the generated pages render it; neither adds facts of
// its own.
type Reference struct {
	ID, Name string
	Demos    []Demo
	Intro    []string
	Verbs    []VerbDoc
	// Keys are the system's own keys on the tracker's main screen.
	Keys     []Shortcut
	Sections []Section
	// Fields are the common fields every combatant has, then the system's.
	Fields      []FieldDoc
	FieldNotes  []string
	Options     []Option
	OptionNotes []string
	Legend      []Abbrev
	Scale       []Abbrev
}

// VerbDoc is one verb as the reference shows it.
type VerbDoc struct {
	Name, Usage, Text string
	// Options are the verb's options with what each does, for a verb
	// that describes them (Verb.OptionHelp); none otherwise.
	Options []OptionDoc
}

// CommonFields are the fields of every combatant, whatever its system.
var CommonFields = []FieldDoc{
	{Keys: []string{"name"}, Text: "the combatant's name: `set NAME name=NEW` renames it"},
	{Keys: []string{"side"}, Text: "the side it fights on: sides tell friend from foe, and some systems take turns by side"},
	{Keys: []string{"note"}, Text: "a free note, shown on the sheet"},
	{Keys: []string{"status"}, Text: "active, unconscious, incapacitated or dead; one who is not active is skipped by `next`"},
	{Keys: []string{"hidden"}, Text: "yes keeps the combatant out of the players' view (`fray watch`, `fray serve`)"},
	{Keys: []string{"zone"}, Text: "where it stands: a number (zones in a row, so the distance is the difference) or a named area; `none` forgets it. Setting it is the GM's placement; `move` is the combatant moving"},
	{Keys: []string{"init"}, Text: "`add` only: the initiative, a number or `roll` (the systems without initiative scores refuse it)"},
}

// coreDetails are the reference descriptions of the core verbs, where
// they say more than the one-line summary.
var coreDetails = map[string]string{
	"add":       "add a combatant: `side=`, `note=`, `init=N` or `init=roll`, and any sheet field (dice in a number field, `hp=2d8`, are rolled and logged). Added mid-fight, it is rolled into the order. With a COUNT, copies of a template: `add 6 goblin` adds Goblin 1 … Goblin 6 (numbering on from those present; a unique start of the template's name will do), each rolling its own dice; `group` makes them act as one where the turn structure allows it; `add 3 Raider from=bandit` names the copies; `add goblin` alone takes the template Goblin when there is one (`from=` with nothing after it: a blank sheet). See Templates and parties in docs/preparing.md",
	"set":       "change sheet fields, `side`, `note`, `name`, `status` (active, unconscious, incapacitated, dead), `hidden` (yes keeps it from the players' view); NAME may be several targets",
	"init":      "enter or roll initiative; `init all roll` rolls everyone's",
	"next":      "pass the turn on (the first `next` starts combat)",
	"prev":      "step the turn back",
	"cond":      "a condition (prone, grappled…): until removed, ending by itself after ROUNDS rounds, or with `until=start:WHO` / `until=end:WHO` as WHO's next turn begins or ends (`until=end` alone: the combatant's own next turn). NAME may be several targets",
	"uncond":    "take a condition away; on several targets, those without it are passed over",
	"remove":    "take a combatant out of the encounter; NAME may be several targets",
	"note":      "a line in the log",
	"roll":      "roll dice: `2d6+3`, `d20`, `3d6-1`; Ars Magica's dice too: `stress+5`, `stress3` (3 botch dice), `simple`",
	"dice":      "queue die faces for the next rolls (`dice 7 3 0`: a d10's 0 is its zero face); `dice clear` drops those still queued, as when one does not fit the die rolled",
	"option":    "change an encounter option (see Options below)",
	"undo":      "take back the last command: any command, turn changes and expiring conditions included",
	"redo":      "apply again the last command undone",
	"force":     "put before a command the rules refuse now, to do it anyway: `force attack Odo Goblin` when it is not Odo's turn, Odo has already acted, or Goblin is out of reach. The log says what was forced. Who may act is each system's turn structure; the GM's bookkeeping (damage, heal, set, cond, note…) is never refused, and before the first `next` anyone able may act, as each system allows (no one surprised, the ambushers first, nobody without dice)",
	"move":      "the combatant moves to a zone: a number or a named area (`none` forgets it). Moving is an action, so it must be the combatant's time to act; one engaged with a foe able to fight must disengage first. `set NAME zone=…` places it without a move",
	"engage":    "mark two combatants as locked in close combat; the first joins the second's zone. Rules that speak of contact or engagement read it; with none set, nothing is refused for want of it",
	"disengage": "end A's engagements, or only the one with B (the GM's record)",
}

// NewReference gathers the reference of a system.
func NewReference(s System) Reference {
	d := DocOf(s)
	r := Reference{
		ID: s.ID(), Name: s.Name(), Demos: s.Demos(),
		Intro: d.Intro, Sections: d.Sections,
		FieldNotes: d.FieldNotes, Options: AllOptions(s), OptionNotes: d.OptionNotes,
		Legend: d.Legend, Scale: d.Scale,
	}
	if k, ok := s.(Shortcuts); ok {
		r.Keys = k.Shortcuts()
	}
	t := &Tracker{Sys: s}
	for _, v := range t.Verbs() {
		text := v.Summary
		if x, ok := d.Details[v.Name]; ok {
			text = x
		} else if x, ok := coreDetails[v.Name]; ok && isCore(v.Name, s) {
			text = x
		}
		vd := VerbDoc{Name: v.Name, Usage: v.Usage, Text: text}
		if len(v.OptionHelp) > 0 {
			vd.Options = v.OptionDocs()
		}
		r.Verbs = append(r.Verbs, vd)
	}
	r.Fields = append(r.Fields, CommonFields...)
	if IsUnused(s, "init") {
		r.Fields = r.Fields[:len(r.Fields)-1]
	}
	r.Fields = append(r.Fields, d.Fields...)
	return r
}

// isCore reports whether the verb name s uses is the core one (not a
// system verb of the same name).
func isCore(name string, s System) bool {
	for _, v := range s.Verbs() {
		if v.Name == name {
			return false
		}
	}
	return true
}

// CheckDoc reports how a system's Doc disagrees with its tables: a sheet
// key documented nowhere or twice, a documented key the sheet does not
// have, a Details entry for a verb the system does not have.
func CheckDoc(s System) []string {
	d := DocOf(s)
	var out []string
	keys := map[string]int{}
	if sh := s.NewSheet(); sh != nil {
		for _, k := range sh.Keys() {
			keys[k] = 0
		}
	}
	for _, f := range d.Fields {
		for _, k := range f.Keys {
			n, ok := keys[k]
			if !ok {
				out = append(out, fmt.Sprintf("field %q is documented but not on the sheet", k))
				continue
			}
			keys[k] = n + 1
		}
	}
	if sh := s.NewSheet(); sh != nil {
		for _, k := range sh.Keys() {
			switch keys[k] {
			case 0:
				out = append(out, fmt.Sprintf("sheet key %q is not documented", k))
			case 1:
			default:
				out = append(out, fmt.Sprintf("sheet key %q is documented %d times", k, keys[k]))
			}
		}
	}
	t := &Tracker{Sys: s}
	for name := range d.Details {
		if _, ok := t.Verb(name); !ok {
			out = append(out, fmt.Sprintf("details for %q, which is no verb", name))
		}
	}
	for _, a := range d.Legend {
		if strings.TrimSpace(a.Short) == "" || strings.TrimSpace(a.Means) == "" {
			out = append(out, fmt.Sprintf("an empty legend entry: %+v", a))
		}
	}
	for _, a := range d.Scale {
		if !isGrade(a.Short) || strings.TrimSpace(a.Means) == "" {
			out = append(out, fmt.Sprintf("a scale entry that names no grade, or says nothing: %+v", a))
		}
	}
	return out
}

// isGrade reports whether s names a grade of the harm scale.
func isGrade(s string) bool {
	for _, g := range Severities() {
		if g.String() == s {
			return true
		}
	}
	return false
}
