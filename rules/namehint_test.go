package rules

import (
	"errors"
	"strings"
	"testing"

	"fray/model"
)

// A failed line whose words spell a name with spaces, unquoted, says
// first how to type it, in words that fit a status line; the encounter is
// unchanged as for any error.
func TestNameWithSpacesHint(t *testing.T) {
	tr := newTracker(t, "Black Knight", "Wren", "Goblin 2")
	for line, want := range map[string]string{
		"cond Black Knight prone 2": `names with spaces need quotes: cond "Black Knight" prone 2 (`,
		"set Black Knight hp=3":     `names with spaces need quotes: set "Black Knight" hp=3 (`,
		"cond wren Goblin 2 prone":  `names with spaces need quotes: cond wren "Goblin 2" prone (`,
		// A comma list of such names is one quoted word too.
		"cond Black Knight,Goblin 2 prone":  `names with spaces need quotes: cond "Black Knight,Goblin 2" prone (`,
		"cond Black Knight, Goblin 2 prone": `names with spaces need quotes: cond "Black Knight,Goblin 2" prone (`,
		"cond Wren,Goblin 2 prone":          `names with spaces need quotes: cond "Wren,Goblin 2" prone (`,
	} {
		ver := tr.Version()
		_, err := tr.Apply(line)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %v, want it to start with %s", line, err, want)
		}
		if tr.Version() != ver {
			t.Errorf("%s changed the encounter", line)
		}
		if err := tr.Try(line); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Try %s: %v", line, err)
		}
	}
	// Quoted correctly, the name is one word: no hint for another mistake.
	if _, err := tr.Apply(`cond "Black Knight" black knight`); err == nil || strings.Contains(err.Error(), "need quotes") {
		t.Errorf("quoted: %v", err)
	}
	// Words that spell no name give the error alone.
	if _, err := tr.Apply("cond Black Prince prone 2"); err == nil || strings.Contains(err.Error(), "need quotes") {
		t.Errorf("no such name: %v", err)
	}
	mustApply(t, tr, `cond "Black Knight" prone 2`)
	mustApply(t, tr, `cond "Black Knight,Goblin 2" dazed`) // the hint's line works
}

// With "Goblin" and "Goblin 2" in the fight, `damage Goblin 2` could hurt
// either: it is refused with both readings, whether it would have worked
// or failed, and quoting settles it either way.
func TestAmbiguousNameRefused(t *testing.T) {
	tr := newTracker(t, "Goblin", "Goblin 2", "Wren")
	for line, want := range map[string]string{
		"cond Goblin 2":       `"Goblin 2" or Goblin? Type cond "Goblin 2", or cond "Goblin" 2`,
		"cond Goblin 2 3":     `cond "Goblin 2" 3, or cond "Goblin" 2 3`,
		"cond goblin 2 prone": `cond "Goblin 2" prone, or cond "Goblin" 2 prone`,
		"uncond Goblin 2":     `uncond "Goblin 2", or uncond "Goblin" 2`,
		// The verb fails before it looks anyone up: both readings still.
		"remove Goblin 2": `remove "Goblin 2", or remove "Goblin" 2`,
	} {
		ver := tr.Version()
		_, err := tr.Apply(line)
		var amb *AmbiguousNameError
		if !errors.As(err, &amb) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want the two readings %s", line, err, want)
		}
		if tr.Version() != ver {
			t.Errorf("%s changed the encounter", line)
		}
		if err := tr.Try(line); !errors.As(err, &amb) {
			t.Errorf("Try %s: %v", line, err)
		}
	}
	mustApply(t, tr, `cond "Goblin" 2`)
	mustApply(t, tr, `cond "Goblin 2" prone`)
	if !tr.E.ByID(1).HasCond("2") || !tr.E.ByID(2).HasCond("prone") {
		t.Errorf("quoted: conditions %v / %v", tr.E.ByID(1).Conds, tr.E.ByID(2).Conds)
	}
	// A lookup that names the same combatant either way is no ambiguity.
	tr = newTracker(t, "Goblin archer", "Wren")
	mustApply(t, tr, `cond Goblin archer`)
	if !tr.E.ByID(1).HasCond("archer") {
		t.Errorf("prefix: %v", tr.E.ByID(1).Conds)
	}
}

// Words after a verb that takes fewer are refused, not dropped, before
// any die is asked for.
func TestExtraWordsRefused(t *testing.T) {
	tr := newTracker(t, "Wren", "Gob")
	mustApply(t, tr, "next")
	for line, want := range map[string]string{
		"next 3":          `next takes nothing after it, not "3"`,
		"undo undo":       `undo takes nothing after it, not "undo"`,
		"redo now please": `redo takes nothing after it, not "now please"`,
		// A verb that checks its words itself says so in its own words.
		"remove Wren x y":    "remove takes one name",
		"option mode grim x": "option takes a key and a value",
	} {
		ver := tr.Version()
		if _, err := tr.Apply(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %s", line, err, want)
		}
		if err := tr.Try(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Try %s: %v", line, err)
		}
		if tr.Version() != ver {
			t.Errorf("%s changed the encounter", line)
		}
	}
	// Free text takes any number of words.
	mustApply(t, tr, "note Wren fell off the Goblin 2 wall")
	mustApply(t, tr, "roll 2d6 for the Goblin 2 gate")
}

func TestMaxWords(t *testing.T) {
	for usage, want := range map[string]int{
		"next":       0,
		"delay NAME": 1,
		"note TEXT…": -1,
		"init NAME N | init NAME roll | init all roll":    2,
		"damage NAME N [nonlethal]":                       3,
		"one NAME effort|clear|plus":                      2,
		"attack A T [exert|charge] [mod=N dmod=N]":        6,
		"fear ZONE[,ZONE…] scary|fell [stun] [from=NAME]": 4,
		"battle A B [again] [pick=NAME,…]":                4,
		"locations [reset | FACE=LOCATION… | LOCATION×6]": -1,
		"heal NAME N | heal NAME [a|b] [c=N d=N]":         5,
		"x [reset | LOCATION×6]":                          6,
		"group NAME MEMBER… [leader=NAME]":                -1,
	} {
		if got := MaxWords(usage); got != want {
			t.Errorf("MaxWords(%q) = %d, want %d", usage, got, want)
		}
	}
}

// A name a slip of the keyboard away from one combatant's (a letter
// missing, extra, wrong or two swapped) is named in the error, as a
// mistyped command is; two as near, or none, and the error stays as it
// was. The error is still a NotFoundError.
func TestNameSlipHint(t *testing.T) {
	tr := newTracker(t, "Paul", "Bruce", "Goblin 1", "Goblin 2", "Black Knight")
	for line, want := range map[string]string{
		"set Pual hp=3":          `no combatant called "Pual": did you mean Paul?`,
		"set bruec hp=3":         `no combatant called "bruec": did you mean Bruce?`,
		`set "Black Knigt" hp=3`: `no combatant called "Black Knigt": did you mean Black Knight?`,
		`set "Goblin 3" hp=3`:    `no combatant called "Goblin 3"`,
		"set Zed hp=3":           `no combatant called "Zed"`,
	} {
		_, err := tr.Apply(line)
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", line, err, want)
		}
		var nf *model.NotFoundError
		if !errors.As(err, &nf) {
			t.Errorf("%s: %T is no NotFoundError", line, err)
		}
	}
}
