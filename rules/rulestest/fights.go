package rulestest

import (
	"testing"
	"time"

	"fray/rules"
)

// DemoFights are short scripted fights, one for each demo, built on
// DemoSeed: a few turns with attacks by whoever's turn it is, then the
// end of the fight. The report's and the player view's tests share them.
var DemoFights = map[string][]string{
	"brawl": {"next", "attack Marla Alan", "next", "attack Paul Bruce", "next", "attack Alan Paul",
		"cond Alan prone 2", "next", `attack Ignatio "Cloaked intruder"`, "end"},
	"highwaymen": {"next", "attack Archer Victor", "next", "attack Captain Ignatio", "next", "attack Victor Cutthroat", "end"},
	"bandits": {"next", "first GM", `activate "Bandit leader"`, `attack "Bandit leader" Theobald`,
		"activate Sybilla", "attack Sybilla Bandit1", "end"},
	"goblins":  {"next", "next", `attack "Goblin 2" Odo`, "next", `attack Brannoc "Goblin boss"`, "end"},
	"horde":    {"next", `attack "Goblin horde" Roland`, "next", "end"},
	"skirmish": {"next", "attack Jot Archer", "next", "attack Archer Jot", "next", `attack Crossbowman "Sir Aldric"`, "next", `attack "Sir Aldric" Mung`, "end"},
	"battle":   {"next", "battle Knights Horde", "next", "end"},
}

// DemoSeed is the seed the scripted fights are played on.
const DemoSeed = 42

// ClockStart is when the scripted fights begin; every command takes
// StepTime.
var ClockStart = time.Date(2025, 5, 1, 20, 0, 0, 0, time.UTC)

// StepTime is how long each command of a scripted fight takes.
const StepTime = 20 * time.Second

// PlayDemo builds a demo on DemoSeed and plays the first n lines of its
// fight (all of them when n < 0) on a clock that moves StepTime a command.
func PlayDemo(t testing.TB, sys rules.System, demo string, n int) *rules.Tracker {
	t.Helper()
	e, err := rules.BuildDemo(sys, demo, DemoSeed)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	clock := ClockStart
	tr.SetClock(func() time.Time { return clock })
	lines, ok := DemoFights[demo]
	if !ok {
		t.Fatalf("no scripted fight for the demo %s", demo)
	}
	if n >= 0 {
		lines = lines[:min(n, len(lines))]
	}
	for _, l := range lines {
		clock = clock.Add(StepTime)
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %s: %v\n%s", demo, l, err, rules.Text(tr.E, sys))
		}
	}
	return tr
}
