package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/systems"
)

// Each combatant's turn state (what its turn used, the reaction it spent
// it on, whose activation it took it in, its health when the round
// began, the round it began to delay in) must outlive a save: a fight
// saved mid-round and opened again goes on exactly as it would have,
// whether the file is written now or by an older fray, which kept that
// state as keys of [turn] ("use:ID", "react:ID", "party:ID", "hp:ID",
// "health", "delay:ID"). The files in testdata/turnstate were written by
// such a fray from the setups below.

type turnCase struct {
	name, sys, demo string
	setup, then     []string
	moved           []string // the [turn] keys, by prefix, now on the combatants
	written         string   // a line the state is saved as now
}

var turnCases = []turnCase{
	{name: "factions", sys: "factions", demo: "bandits",
		setup: []string{
			`add Bess side=Players health=12 speed=4 weapons="hooves d6"`, "set Balthasar on=Bess",
			"add Drake side=Beasts health=12 wit=10", "option morale manual",
			"next", "first Players", "activate Balthasar",
			"dice 5 2", "attack Balthasar Bandit1", "damage Drake 7 direct",
			"next", "activate Bandit1", "dice 9 5", "attack Bandit1 Sybilla dodge",
		},
		then: []string{
			"gear", "attack Balthasar Bandit2", "move Bess 1", "activate Sybilla", "activate Bess",
			"move Bandit1 1", "attack Bandit1 Theobald", "undo", "redo",
			"next", "activate Theobald", "attack Theobald Bandit2 dodge", "next",
			"pass", "pass", "pass", "pass", "pass", "pass",
			"first Players", "activate Sybilla", "move Sybilla 1",
		},
		moved:   []string{"use:", "react:", "party:", "hp:", "health", "gear:"},
		written: "\nturn = { gear = \"axe\", round_health = 8, use = \"zones=0 main=1 bonus=0\" }\n"},
	{name: "arm5", sys: "arm5", demo: "brawl",
		setup: []string{"next", "delay Paul", "delay Bruce"},
		then: []string{
			"act Bruce", "act Paul", "next", "next", "act Bruce", "next", "next", "next", "next",
			"next", "next", "next", "next", "delay Paul", "undo", "redo", "next", "next",
		},
		moved: []string{"delay:"}, written: "\nturn = { delay = 1 }\n"},
	{name: "swords", sys: "swords", demo: "skirmish",
		setup: []string{"next", "delay " + "Jot"},
		then:  []string{"next", "act Jot", "next", "next", "next", "next", "next", "next", "next", "next"},
		moved: []string{"delay:"}, written: "\nturn = { delay = 1 }\n"},
	// Random lines (rulestest.Liner, seed 56) that leave arm5's marks in
	// play (did, ext, extnew, fast, exertdfn, with, guard, horse), then
	// random lines.
	{name: "arm5-56", sys: "arm5", demo: "highwaymen", moved: arm5Marks, written: "\nturn = { fast = 1, with = 7 }\n",
		setup: []string{"next", "next", "next", "next", "fatigue Brigand 4", "next", "cond Xavier 1", "engage Captain Brigand", "fastcast Ignatio Cutthroat", "next", "fastcast Bayard Brigand", "next", "next", "fatigue Archer 9", "next", "fast Brigand sword", "fatiguetest Ignatio mod=9", "next", "next", "next", "next", "force next", "next", "next", "next", "next", "force next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "next", "catalog", "next", "init Cutthroat roll", "next", "exert Victor", "next", "defend Xavier Victor", "exert Cutthroat"},
		then:  []string{"next", "concentrate Ignatio +7", "prev", "fatiguetest Ignatio", "lead Bayard Victor", "fatigue Xavier 8", "fatiguetest Ignatio", "set Archer FIELD=4", "note stunned", "next", "vault Victor Captain", "next", "heal", "fast Ignatio", "rally Victor melee", "attack Captain Bayard dexert missile dhigh aside=Captain botch=9 dbotch=3 mod=8 dmod=-2 range=5 cover=4 total aconceal=-1 narrow=3 dnarrow=0 wrest need=+7", "damage Bayard +8 nonlethal", "next", "defend Captain Archer", "next", "dismount Xavier", "fastcast Captain Ignatio ability=-1", "rally Bayard -2", "next", "next", "roll d20+3", "fatiguetest Brigand", "next", "note stunned", "fast Cutthroat soft", "gait Victor gallop", "next", "vanguard Brigand Xavier", "note hello", "next", "move Ignatio 2", "next", "next", "group Captain Bayard bonus=-2", "attack Newcomer0 Archer mounted waste aside=Cutthroat botch=1 dbotch=+1 mod=6 dmod=+6 range=9 cover=7 total aconceal=+0 narrow=9 dnarrow=+9 disarm need=9", "engage Bayard Victor", "fall Bayard", "next", "next", "engage Archer Xavier", "resume", "group Bayard Victor leader=Xavier", "wound Captain light 0", "lead Newcomer0 Victor", "remove Xavier", "fall Archer soft", "resume", "next", "next", "fatiguetest Bayard", "ungroup Bayard", "next", "heal", "move Victor head", "next"}},
	{name: "arm5-attacks", sys: "arm5", demo: "brawl", moved: arm5Marks, written: "\nturn = { did = 1, ext = \"1 1 defending Marla\", extnew = \"65||\" }\n",
		setup: []string{"option engagement on", "option fast on", "next", "attack \"Cloaked intruder\" Paul", "next", "attack Paul \"Cloaked intruder\"", "next",
			"attack Alan Marla", "next", "next", "disengage Marla", "next", "defend Ignatio Marla", "next"},
		then: []string{"attack \"Cloaked intruder\" Marla", "attack \"Cloaked intruder\" Ignatio", "next", "next", "next", "next", "next", "next", "next", "next"}},
	{name: "swords-actions", sys: "swords", demo: "skirmish", moved: []string{"actions:", "held:", "delay:"},
		written: "\nturn = { actions = \"1 2 2\", held = 1 }\n",
		setup:   []string{"next", "attack \"Sir Aldric\" Mung", "attack \"Sir Aldric\" Archer", "next", "attack Jot Mung skill=grappling", "next", "attack Archer Jot"},
		then: []string{"attack Archer Jot", "next", "attack Crossbowman Jot", "attack Mung Jot", "next", "attack Mung Jot", "escape Mung",
			"next", "next", "attack Jot Mung", "next"}},
	{name: "sst-close", sys: "sst", demo: "horde", moved: []string{"close:", "flew:", "aloft:", "swoop:"},
		written: "\nturn = { close = 4 }\n",
		setup: []string{"next", "force close Mira \"Goblin horde\"", "force close Roland \"Grathak the Maw\"", "force attack Brannoc \"Grathak the Maw\" hold",
			"set Grathak fly=2/2/3 flying=yes", "force move Grathak 9 dive", "force move Grathak 3", "set \"Goblin horde\" chariot=heavy team=4",
			"force board Brannoc \"Goblin horde\""},
		then: []string{"force attack Mira \"Goblin horde\"", "withdraw Mira", "hold Grathak break", "next", "next", "next", "force move Grathak 2 dive",
			"next", "next", "next"}},
	// Random lines (rulestest.Liner, seed 17) that leave osr's marks in
	// play, then random lines that read them.
	{name: "osr-17", sys: "osr", demo: "goblins", moved: osrMarks, written: "\nturn = { did = 1, wand = \"4 surprise 2 0\" }\n",
		setup: []string{"next", "next", "dice +3", "next", "next", "next", "next", "save Odo 1", "next", "next", "next", "next", "next", "next", "next", "split Brannoc 2 0", "next", "delay \"Goblin 3\"", "roll simple", "next", "delay Odo", "next", "flee \"Sister Ilse\"", "next", "surprise roll", "next", "next", "next", "flee \"Goblin 3\"", "next", "move Odo gate", "end", "retreat \"Goblin shaman\" half", "surrender \"Goblin 2\"", "surrender \"Goblin shaman\"", "dice 9", "heal \"Goblin 2\" 8", "wand Wren light", "wall \"Sister Ilse\" Odo", "dice 4", "retreat \"Goblin 1\" run", "defend Brannoc", "engage Odo \"Goblin 1\"", "save \"Goblin 3\" +1", "declare \"Goblin 3\" charge"},
		then:  []string{"note soft", "next", "init all roll", "next", "remove Wren", "add \"Goblin 2\"", "engage \"Sister Ilse\" \"Goblin 1\"", "close \"Goblin boss\" +6", "prev", "next", "next", "next", "close \"Goblin 2\" +8", "close \"Goblin boss\" 4", "templates", "wand \"Goblin 1\" soft", "force next", "next", "attack \"Goblin shaman\" Brannoc melee cover=9 with=light magic=-1 dmg=-2,5 mod=+2 dmod=-2 mb=4 rank=-1", "attack Odo \"Goblin 3\" cover=-2 with=hello magic=0 dmg=6,+0 mod=+2 dmod=-2 mb=+8 rank=-1", "extract \"Goblin boss\"", "next", "save \"Goblin shaman\"", "retreat \"Goblin boss\" slow mod=+9", "next", "next", "next", "declare \"Goblin boss\" scroll light stunned", "roll d10", "next", "move \"Goblin boss\" 2", "disengage \"Goblin 2\"", "next", "uncond \"Goblin 1\" 8", "template save \"Goblin 3\" -2", "templates", "surprise roll Newcomer0", "resume", "next", "defend \"Sister Ilse\"", "surrender \"Goblin shaman\"", "init all roll", "party save \"Goblin boss\"", "party add \"Sister Ilse\"", "next", "heal Newcomer1 3", "act Brannoc", "defend Odo", "next", "party add \"Goblin 1\"", "surrender Odo", "split \"Goblin shaman\" 8 4", "act \"Goblin 1\"", "next", "init \"Goblin 1\" roll", "next", "roll d10", "next", "resume", "next"}},
	// Random lines (rulestest.Liner, seed 8) that leave osr's marks in
	// play, then random lines that read them.
	{name: "osr-8", sys: "osr", demo: "goblins", moved: osrMarks, written: "\nturn = { declared = \"sleep\" }\n",
		setup: []string{"roll stress+5", "wand \"Sister Ilse\"", "engage \"Goblin 3\" \"Goblin 2\"", "wand Brannoc", "retreat Odo slow", "retreat \"Goblin 2\" run to=arm", "note sword", "flee \"Sister Ilse\"", "next", "end", "note hello", "cond \"Goblin shaman\" +1 8", "surprise Odo 2", "surprise roll \"Goblin 1\"", "roll d10", "defend \"Goblin 3\"", "defend \"Goblin shaman\"", "set \"Goblin shaman\" dex=8", "engage \"Goblin 3\" \"Goblin 2\"", "set \"Goblin 3\" hp=8", "hold Wren", "surprise roll \"Goblin 1\" mod=3", "flee \"Goblin 3\"", "hold \"Goblin shaman\"", "surprise \"Goblin 3\"", "set \"Goblin boss\" maxhp=+7", "engage \"Goblin 1\" Wren", "save \"Goblin shaman\" +6", "surrender \"Goblin 3\"", "hold \"Goblin boss\"", "note stunned", "engage Odo \"Goblin shaman\"", "heal \"Sister Ilse\" 6", "damage \"Sister Ilse\" +2 subdual", "flee \"Goblin boss\"", "init all roll", "cond Brannoc 5", "defend Odo"},
		then:  []string{"surrender \"Goblin 1\"", "next", "engage \"Sister Ilse\" Odo", "next", "split Wren 9 -1", "move \"Goblin boss\" arm", "next", "wall break", "damage Brannoc 2", "delay \"Goblin 3\"", "next", "act \"Goblin boss\"", "engage \"Goblin 1\" Newcomer0", "next", "close Odo 1", "next", "save Brannoc -2", "next", "remove Wren", "next", "next", "attack Brannoc \"Goblin 2\" cover=1 with=stunned magic=4 dmg=-2,+3 mod=1 dmod=2 mb=2 rank=0", "next", "template save \"Goblin 1\" 4", "next", "hold Odo", "next", "next", "split \"Goblin 2\" 2 8", "next", "engage \"Goblin shaman\" Brannoc", "add \"Goblin 3\"", "next", "next", "init Brannoc roll", "templates", "wall break \"Goblin shaman\"", "set Brannoc strmod=+2", "surrender \"Sister Ilse\"", "wand \"Goblin 3\"", "engage \"Goblin shaman\" \"Goblin boss\"", "extract Brannoc by=\"Sister Ilse\"", "prev", "set \"Goblin shaman\" conloss=-2", "next", "attack Odo \"Goblin 3\" cover=-1 with=hello magic=9 dmg=-1,-1 mod=+9 dmod=3 mb=9 rank=2", "declare \"Goblin 3\" scroll incap light", "defend Brannoc", "surrender \"Goblin shaman\"", "add \"Sister Ilse\"", "next", "heal Brannoc 7 subdual", "roll d20+3 -1", "next", "remove \"Goblin 3\"", "heal \"Sister Ilse\" 4", "next", "cond \"Goblin 1\" 2", "next", "heal \"Goblin shaman\" 3 subdual"}},
}

// arm5Marks are the [turn] keys arm5 kept for each combatant before
// format 4 and keeps on it since (guard, horse and hold stay).
var arm5Marks = []string{"fast:", "did:", "ext:", "extnew:", "atk:", "dis:", "fought:", "span:", "under:", "gallop:", "aside:", "with:", "exertdfn:", "delay:"}

// osrMarks are the [turn] keys osr kept for each combatant before format 4.
var osrMarks = []string{"declared:", "scroll:", "surprised:", "arrow:", "wall:", "did:", "moved:", "now:", "hitat:", "wand:", "closing:", "fended:", "arrowhurt:", "retreat:"}

// playOn runs lines on tr and returns what each did: its error, or the
// entries it logged; and after each, what the screen would show of
// every combatant (its row, its sheet, whether it may act).
func playOn(tr *rules.Tracker, lines []string) []string {
	var out []string
	for _, l := range lines {
		from := tr.E.Log.Len()
		if _, err := tr.Apply(l); err != nil {
			out = append(out, l+" → error: "+err.Error())
		} else {
			out = append(out, l+" →")
			for _, en := range tr.E.Log.From(min(from, tr.E.Log.Len())) {
				out = append(out, "  "+en.Text)
			}
		}
		for _, r := range tr.Sys.Order(tr.E).Rows {
			out = append(out, fmt.Sprintf("  row %+v", r))
		}
		for _, cb := range tr.E.Combatants {
			out = append(out, fmt.Sprintf("  %s: %+v", cb.Name, tr.Sys.Describe(tr.E, cb)))
			for _, k := range []rules.ActKind{rules.OnTurn, rules.Attack, rules.OutOfTurn} {
				if err := rules.MayAct(tr.Sys, tr.E, cb, k); err != nil {
					out = append(out, fmt.Sprintf("  %s may not (%d): %v", cb.Name, k, err))
				}
			}
		}
	}
	return out
}

func turnSetup(t *testing.T, c turnCase) *rules.Tracker {
	t.Helper()
	sys, err := systems.Default().Lookup(c.sys)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rules.BuildDemo(sys, c.demo, 7)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	for _, l := range c.setup {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return tr
}

func loadTracker(t *testing.T, name string, data []byte) *rules.Tracker {
	t.Helper()
	e, sys, err := Decode(name, data, systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}

func sameGoing(t *testing.T, what string, want, got []string) {
	t.Helper()
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("%s goes on otherwise:\n--- in one go:\n%s\n--- from the file:\n%s", what, strings.Join(want, "\n"), strings.Join(got, "\n"))
	}
}

func TestTurnStateOutlivesASave(t *testing.T) {
	for _, c := range turnCases {
		t.Run(c.name, func(t *testing.T) {
			tr := turnSetup(t, c)
			data := encode(t, tr.E)
			loaded := loadTracker(t, "now.toml", data)
			want := playOn(tr, c.then)
			sameGoing(t, "a fight saved now", want, playOn(loaded, c.then))
			if testing.Verbose() && os.Getenv("FRAY_SHOW") != "" {
				t.Logf("%s", strings.Join(want, "\n"))
			}
		})
	}
}

// Files an older fray wrote, with the turn state in [turn], go on as the
// fight would have.
func TestTurnStateOldFiles(t *testing.T) {
	for _, c := range turnCases {
		files := []string{c.name}
		if c.sys == "factions" {
			files = append(files, c.name+"-hp") // older still: the round's health a key per combatant
		}
		for _, f := range files {
			t.Run(f, func(t *testing.T) {
				data, err := os.ReadFile(filepath.Join("testdata", "turnstate", f+".toml"))
				if err != nil {
					t.Fatal(err)
				}
				sameAsTree(t, string(data), systems.Default(), true) // format 3 is read by the streaming reader too
				old := loadTracker(t, f+".toml", data)
				for k := range old.E.Turn {
					for _, p := range c.moved {
						if strings.HasPrefix(k, p) {
							t.Errorf("[turn] %q was left where it was", k)
						}
					}
				}
				if out := string(encode(t, old.E)); !strings.Contains(out, c.written) {
					t.Errorf("saved without %q:\n%s", c.written, out)
				}
				sameGoing(t, f+".toml", playOn(turnSetup(t, c), c.then), playOn(old, c.then))
			})
		}
	}
}
