package saves

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

// A party saved after a fight and added to a new encounter keeps its
// harm exactly: every sheet field (fight state aside), the status and the
// conditions that last. In every system, from its demo.
func TestPartyCarriesHarmExactly(t *testing.T) {
	fights := map[string]struct {
		who  string // party save's WHO ("" for the player side)
		harm []string
	}{
		"arm5":     {"side=turb", []string{"next", "wound Paul medium", "damage Marla 9 nonlethal", "fatigue Ignatio +2", "cond Paul limping"}},
		"osr":      {"", []string{"damage Brannoc 7", "damage Odo 3 subdual", "damage Wren 14", "cond Odo cursed", "cond Wren stunned 2"}},
		"sst":      {"", []string{"next", "damage Roland 4", "damage Mira 7", "cond Brannoc shaken"}},
		"swords":   {"", []string{"next", "damage Jot 6", "damage \"Sir Aldric\" 11", "cond Jot limping"}},
		"factions": {"", []string{"damage Sybilla 3 direct", "damage Theobald 9 direct", "cond Balthasar scarred"}},
	}
	reg := systems.Default()
	for _, s := range reg.All() {
		t.Run(s.ID(), func(t *testing.T) {
			f, ok := fights[s.ID()]
			if !ok {
				t.Fatalf("no fight for %s: add one", s.ID())
			}
			e, err := rules.BuildDemo(s, s.Demos()[0].Name, 3)
			if err != nil {
				t.Fatal(err)
			}
			lib := NewLibrary(t.TempDir(), reg)
			tr := rules.NewTracker(e, s)
			tr.SetLibrary(lib)
			run(t, tr, f.harm...)
			save := "party save crew"
			if f.who != "" {
				save += " " + f.who
			}
			run(t, tr, save)
			members, err := rules.PartyMembers(&rules.Ctx{E: tr.E, Sys: s}, f.who)
			if err != nil || len(members) < 2 {
				t.Fatalf("members %v, %v", members, err)
			}

			next := rules.NewTracker(model.New(s.ID(), 9), s)
			next.SetLibrary(lib)
			run(t, next, "party add crew")
			for _, was := range members {
				now, err := next.E.Find(was.Name)
				if err != nil {
					t.Fatal(err)
				}
				sameHarm(t, s, was, now)
			}
			// Saved again after the next fight, the file says the same.
			path := filepath.Join(lib.Dir, "parties", "crew.toml")
			before, _ := os.ReadFile(path)
			run(t, next, save)
			after, _ := os.ReadFile(path)
			if string(before) != string(after) {
				t.Errorf("a second save differs:\n%s\n---\n%s", before, after)
			}
		})
	}
}

func sameHarm(t *testing.T, s rules.System, was, now *model.Combatant) {
	t.Helper()
	if now.Status != was.Status || now.Side != was.Side || now.Note != was.Note {
		t.Errorf("%s: status %s/%s side %q/%q", was.Name, was.Status, now.Status, was.Side, now.Side)
	}
	skip := map[string]bool{}
	if fs, ok := s.(rules.FightState); ok {
		for _, k := range fs.FightKeys() {
			skip[k] = true
		}
	}
	for _, k := range was.Sheet().Keys() {
		if skip[k] {
			continue
		}
		a, _ := was.Sheet().Get(k)
		b, _ := now.Sheet().Get(k)
		if a != b {
			t.Errorf("%s: %s was %q, is %q", was.Name, k, a, b)
		}
	}
	var lasting []model.Condition
	for _, k := range was.Conds {
		if k.Lasting() {
			lasting = append(lasting, k)
		}
	}
	if !slices.Equal(lasting, now.Conds) {
		t.Errorf("%s: conditions %v, now %v", was.Name, lasting, now.Conds)
	}
}

// A party file edited badly: FILE:LINE, nothing changed.
func TestPartyFileErrors(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"sheet":   {"system = \"osr\"\nname = \"Crew\"\n[[member]]\nname = \"Odo\"\n[member.sheet]\nhp = \"lots\"\n", "crew.toml:6: Odo: hp must be a whole number"},
		"status":  {"system = \"osr\"\nname = \"Crew\"\n[[member]]\nname = \"Odo\"\nstatus = \"asleep\"\n", "crew.toml:5: Odo: unknown status \"asleep\""},
		"system":  {"system = \"chess\"\nname = \"Crew\"\n", "crew.toml:1: unknown system \"chess\""},
		"nosys":   {"name = \"Crew\"\n", "crew.toml: no rule system"},
		"noname":  {"system = \"osr\"\n", "crew.toml: the party has no name"},
		"twice":   {"system = \"osr\"\nname = \"Crew\"\n[[member]]\nname = \"Odo\"\n[[member]]\nname = \"odo\"\n", "crew.toml:5: two members are called \"odo\""},
		"syntax":  {"system = \"osr\nname = \"Crew\"\n", "crew.toml:1: not valid TOML"},
		"rounds":  {"system = \"osr\"\nname = \"Crew\"\n[[member]]\nname = \"Odo\"\nconditions = [{label = \"stunned\", expires = 3}]\n", "crew.toml:5: Odo: condition \"stunned\" has a round or a turn"},
		"nomname": {"system = \"osr\"\nname = \"Crew\"\n[[member]]\nside = \"party\"\n", "crew.toml:3: a member needs a name"},
	} {
		t.Run(name, func(t *testing.T) {
			tr, lib := libTracker(t, "osr")
			dir := filepath.Join(lib.Dir, "parties")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "crew.toml")
			if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := tr.Apply("party add crew")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v\nwant %q", err, c.want)
			}
			if tr.Version() != 0 {
				t.Fatal("a failed party add changed the encounter")
			}
			// Saving over a broken party file is refused too.
			run(t, tr, "add Odo side=party hp=5")
			if _, err := tr.Apply("party save crew"); err == nil || !strings.Contains(err.Error(), "broken") {
				t.Fatalf("save over a broken file: %v", err)
			}
			if data, _ := os.ReadFile(path); string(data) != c.file {
				t.Fatal("the broken file was changed")
			}
		})
	}
}

// Keys a GM adds to a party file survive the next party save.
func TestPartyKeepsUnknownKeys(t *testing.T) {
	tr, lib := libTracker(t, "osr")
	run(t, tr, "add Odo side=party hp=6", "add Wren side=party hp=11", "party save crew")
	path := filepath.Join(lib.Dir, "parties", "crew.toml")
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), "name = \"crew\"\n", "name = \"crew\"\ncampaign = \"Saltmarsh\"\n", 1)
	edited = strings.Replace(edited, "name = \"Odo\"\n", "name = \"Odo\"\nplayer = \"Kim\"\nxp = 1250\n", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, tr, "damage Odo 2", "party save crew")
	data, _ = os.ReadFile(path)
	for _, want := range []string{`campaign = "Saltmarsh"`, `player = "Kim"`, "xp = 1250", "hp = 4"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("lost %q:\n%s", want, data)
		}
	}
}

// A campaign of another system with a party of the same name (or a name
// that makes the same file) must not lose it to party save: the save is
// refused, saying why, and the file is left as it was.
func TestPartySaveKeepsAnotherParty(t *testing.T) {
	arm, lib := libTracker(t, "arm5")
	run(t, arm, "add Odo side=party", "wound Odo medium", "party save heroes")
	path := filepath.Join(lib.Dir, "parties", "heroes.toml")
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	osr, _ := libTracker(t, "osr")
	osr.SetLibrary(lib)
	run(t, osr, "add Bert side=party hp=8")
	for _, c := range []struct {
		tr         *rules.Tracker
		save, want string
	}{
		{osr, "party save heroes", "the party heroes plays arm5"},
		{arm, "party save Heroes!", "heroes.toml holds the party heroes"},
	} {
		_, err := c.tr.Apply(c.save)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.save, err, c.want)
		}
		if now, _ := os.ReadFile(path); string(now) != string(before) {
			t.Fatalf("%s changed the arm5 party's file:\n%s", c.save, now)
		}
	}
	// The same party under another spelling of its name is the same party.
	run(t, arm, "wound Odo light", "party save HEROES")
}

// The comment heading a party file reads as a sentence, whatever the
// system's name ("Ars Magica 5 (Lords of Men)'s members" did not).
func TestPartyFileHeading(t *testing.T) {
	tr, lib := libTracker(t, "arm5")
	run(t, tr, "add Odo side=party", "party save crew")
	data, err := os.ReadFile(filepath.Join(lib.Dir, "parties", "crew.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want := "# A fray party of Ars Magica 5 (Lords of Men): its members between fights, with\n" +
		"# their harm. party add crew brings them into a fight; party save crew after\n" +
		"# it keeps what they took.\n"
	if !strings.HasPrefix(string(data), want) {
		t.Errorf("the file begins\n%s\nwant\n%s", data[:min(len(data), 300)], want)
	}
}

// party save's log line names the file, then who is in the party, so the
// list of names does not run into the path ("Odo, Wren, to /…").
func TestPartySaveSaysWhereThenWho(t *testing.T) {
	tr, lib := libTracker(t, "osr")
	run(t, tr, "add Odo side=party hp=6", "add Wren side=party hp=11", "party save crew")
	want := "party crew saved to " + filepath.Join(lib.Dir, "parties", "crew.toml") + ": Odo, Wren"
	if got := tr.E.Log.At(tr.E.Log.Len() - 1).Text; got != want {
		t.Errorf("logged %q\nwant   %q", got, want)
	}
}

// A member who sits out a fight is not lost from the party: party save
// after it keeps that member as the party file had them, harm and all, and
// says so; those who fought are saved as they stand.
func TestPartySaveKeepsMembersWhoSatOut(t *testing.T) {
	tr, lib := libTracker(t, "osr")
	run(t, tr, "add Odo side=party hp=6", "add Wren side=party hp=11", "damage Wren 4", "cond Wren cursed", "party save crew")

	next := rules.NewTracker(model.New("osr", 8), tr.Sys)
	next.SetLibrary(lib)
	// Wrenna is not Wren: the start of a name does not make a member.
	run(t, next, "party add crew", "remove Wren", "add Wrenna side=foes hp=3", "damage Odo 2", "party save crew")
	want := "party crew saved to " + filepath.Join(lib.Dir, "parties", "crew.toml") + ": Odo; Wren, not in this fight, kept as before"
	if got := next.E.Log.At(next.E.Log.Len() - 1).Text; got != want {
		t.Errorf("logged %q\nwant   %q", got, want)
	}

	third := partyHP(t, lib, tr.Sys, map[string]string{"Odo": "4", "Wren": "7"})
	if wren, _ := third.E.Find("Wren"); wren == nil || len(wren.Conds) != 1 || wren.Conds[0].Label != "cursed" {
		t.Errorf("Wren's lasting condition was not kept: %+v", wren)
	}
}

// A member of the party who fights on no player side this time (added to
// the file by hand without a side, or turned by a charm) is still a
// member: party save keeps them, as they stand now.
func TestPartySaveKeepsMembersOffThePlayerSide(t *testing.T) {
	tr, lib := libTracker(t, "osr")
	run(t, tr, "add Pip side=party hp=6", "add Ilse side=party hp=13", "party save crew")
	next := rules.NewTracker(model.New("osr", 8), tr.Sys)
	next.SetLibrary(lib)
	run(t, next, "party add crew", "set Ilse side=thralls", "damage Ilse 5", "damage Pip 1", "party save crew")
	partyHP(t, lib, tr.Sys, map[string]string{"Pip": "5", "Ilse": "8"})
}

// partyHP adds the party crew to a new fight and checks each member's hp.
func partyHP(t *testing.T, lib *Library, s rules.System, want map[string]string) *rules.Tracker {
	t.Helper()
	tr := rules.NewTracker(model.New(s.ID(), 9), s)
	tr.SetLibrary(lib)
	run(t, tr, "party add crew")
	for name, hp := range want {
		cb, err := tr.E.Find(name)
		if err != nil {
			t.Fatalf("%s lost from the party: %v", name, err)
		}
		if v, _ := cb.Sheet().Get("hp"); v != hp {
			t.Errorf("%s has hp %s, want %s", name, v, hp)
		}
	}
	return tr
}
