package arm5_test

import "testing"

// The combatant whose turn it is acts once; others wait (or take a
// delayed action with act); a defence is no action of one's own.
func TestWhoMayAct(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next")
	unchanged(t, tr, "attack Alan Paul", "it is Paul's turn, not Alan's")
	run(t, tr, "dice 2 9", "attack Paul Alan")
	unchanged(t, tr, "attack Paul Bruce", "Paul has already acted this turn")
	run(t, tr, "delay Bruce", "next")
	unchanged(t, tr, "attack Bruce Paul", "Bruce is holding a delayed action: act Bruce takes it now")
	run(t, tr, "dice 9", "force attack Bruce Paul")
}

// "A character can only perform an action on his turn in the combat
// sequence", and a fast action too is taken "on his turn"; mounting or
// dismounting "is an action"; disengaging comes with a move, itself an
// action; rallying is the leader's action, and naming a vanguard or
// taking command a fast action at the group's place in the sequence. So
// each of these is refused out of turn, and force pushes it through.
func TestActionsWaitForTheTurn(t *testing.T) {
	setup := []string{"option fast on", "option engagement on", "option morale on", addRider, addHorse, addFoot,
		`add Spear side=foes str=1 sta=1 abilityname="Single Weapon" ability=3 weapon=spear init=4`,
		addPaul, "init Paul 3", "group Band Footman Spear leader=Spear", "next"}
	for _, tc := range []struct{ scene, line, want string }{
		{"", "fast Footman draws a dagger", "it is Knight's turn, not Footman's"},
		{"", "mount Footman Charger", "it is Knight's turn, not Footman's"},
		{"", "vault Footman Charger", "it is Knight's turn, not Footman's"},
		{"mount Paul Charger", "dismount Paul", "it is Knight's turn, not Paul's"},
		{"mount Paul Charger", "leap Paul", "it is Knight's turn, not Paul's"},
		{"mount Paul Charger", "gait Paul walk", "it is Knight's turn, not Paul's"},
		{"engage Footman Knight", "disengage Footman", "it is Knight's turn, not Footman's"},
		{"", "vanguard Band Footman", "it is Knight's turn, not Spear's"},
		{"", "lead Band Footman", "it is Knight's turn, not Footman's"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			tr := newTracker(t, setup...)
			if tc.scene != "" {
				run(t, tr, "force "+tc.scene)
			}
			unchanged(t, tr, tc.line, tc.want)
			run(t, tr, "dice 9 9 9 9", "force "+tc.line)
		})
	}
}

// A delay is the choice of one whose turn has come ("Paul gets to go
// first … so he delays"): one still to act may say it will delay, but its
// delayed action waits for its turn to come, and act refuses it sooner.
func TestDelayWaitsForTheTurn(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan, addBruce, "next", "delay Bruce")
	unchanged(t, tr, "act Bruce", "Bruce's turn has not come yet")
	run(t, tr, "next") // Alan
	unchanged(t, tr, "act Bruce", "Bruce's turn has not come yet")
	run(t, tr, "next") // Bruce's turn comes: he holds, and the round goes on
	run(t, tr, "act Bruce")
}
