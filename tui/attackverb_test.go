package tui

import (
	"slices"
	"strings"
	"testing"

	"fray/model"
)

// In the swords battle demo an army fights with battle: a on an army's
// turn opens a battle form against the other army, the help bar says
// so, and the help screen tells that a does both. A person's attack
// never defaults to an army as its target.
func TestAttackKeyOpensBattleForArmies(t *testing.T) {
	tr := demoFight(t, "battle", nil)
	m := sized(tr, Options{}, 80, 24)
	for i := 0; i < 10 && (m.t.E.ByID(m.t.E.Current) == nil || m.t.E.ByID(m.t.E.Current).Name != "Horde"); i++ {
		m = press(m, "n")
	}
	if cur := m.t.E.ByID(m.t.E.Current); cur == nil || cur.Name != "Horde" {
		t.Fatal("never the Horde's turn")
	}
	if v := plainView(m); !strings.Contains(v, "a battle") {
		t.Errorf("help bar does not offer battle on the Horde's turn:\n%s", v)
	}
	m = press(m, "a")
	if m.mode != modeForm || m.form.verb != "battle" {
		t.Fatalf("a on the Horde's turn: mode %v verb %q", m.mode, m.form.verb)
	}
	if got := m.form.command(); got != "battle Horde Knights" {
		t.Errorf("battle form line %q", got)
	}
	if v := plainView(m); !strings.Contains(v, "Battle") || !strings.Contains(v, "again") {
		t.Errorf("battle form without its title or options:\n%s", v)
	}
	from := m.t.E.Log.Len()
	m = press(m, "enter")
	if m.mode == modeForm {
		t.Fatalf("battle refused: %v", m.form.err)
	}
	if !logHas(m, from, "battle: Horde") {
		t.Error("no battle in the log")
	}

	// A person's turn: the attack form, and with an army selected the
	// target is still a person.
	for i := 0; i < 10 && m.t.E.ByID(m.t.E.Current).Name != "Warlord Gath"; i++ {
		m = press(m, "n")
	}
	knights, err := m.t.E.Find("Knights")
	if err != nil {
		t.Fatal(err)
	}
	m.order.selID = knights.ID
	m.refresh()
	if v := plainView(m); !strings.Contains(v, "a attack") {
		t.Errorf("help bar on Warlord Gath's turn:\n%s", v)
	}
	m = press(m, "a")
	if m.form.verb != "attack" || m.form.command() != `attack "Warlord Gath" "Lady Maren"` {
		t.Errorf("a on Warlord Gath's turn: %q", m.form.command())
	}
	m = press(m, "esc", "?")
	if v := plainView(m); !strings.Contains(v, "a attack — an army fights with") || !strings.Contains(v, "battle, anyone else with attack") {
		t.Errorf("help screen does not say a battles for an army:\n%s", v)
	}
}

// logHas reports whether a log entry from index from on contains s.
func logHas(m *Model, from int, s string) bool {
	for _, l := range m.t.E.Log.From(from) {
		if strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}

// The attack form's target is a foe the attacker is engaged with before
// the next foe in the order: in the highwaymen demo Victor, engaged with
// the Captain, strikes at him, not at whoever comes after him in the
// order.
func TestAttackFormTargetsTheEngagedFoe(t *testing.T) {
	tr := demoFight(t, "highwaymen", []string{"next", "engage Victor Captain"})
	m := sized(tr, Options{}, 80, 24)
	for i := 0; i < 5 && m.t.E.ByID(m.t.E.Current).Name != "Victor"; i++ {
		m = press(m, "n")
	}
	if m.t.E.ByID(m.t.E.Current).Name != "Victor" {
		t.Fatal("never Victor's turn")
	}
	victor := m.t.E.ByID(m.t.E.Current)
	if len(victor.Engaged) == 0 {
		t.Fatal("Victor is engaged with nobody")
	}
	if m = press(m, "a"); m.form.command() != "attack Victor Captain" {
		t.Errorf("a on Victor's turn: %q", m.form.command())
	}
}

// A message wider than the screen is read whole: it goes on over the
// help bar until the next key, which brings the keys back.
func TestLongMessageTakesTheHelpBar(t *testing.T) {
	m := sized(demoFight(t, "bandits", []string{"next"}), Options{}, 80, 24)
	m = press(m, "n")
	v := plainView(m)
	want := "GM, holding the initiative, must pick who goes first: first SIDE, or activate NAME (pass: go first and pass)"
	if !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
		t.Errorf("the message is cut:\n%s", v)
	}
	if strings.Contains(v, "n next") {
		t.Errorf("the help bar and the message's second line both show:\n%s", v)
	}
	if v = plainView(press(m, "j")); !strings.Contains(v, "n next") {
		t.Errorf("the help bar is not back after a key:\n%s", v)
	}
}

// Once the two armies have fought this round, a says at once why there
// is no battle to offer: it opens no form that enter would only refuse.
// The help bar still names a (other keys do not grey out on a refusal
// that depends on the target), and nothing changes.
func TestAttackKeySaysAtOnceWhyTheBattleIsRefused(t *testing.T) {
	tr := demoFight(t, "battle", nil)
	m := sized(tr, Options{}, 80, 24)
	for i := 0; i < 10 && (m.t.E.ByID(m.t.E.Current) == nil || m.t.E.ByID(m.t.E.Current).Name != "Knights"); i++ {
		m = press(m, "n")
	}
	m = press(m, "a", "enter")
	if m.mode == modeForm {
		t.Fatalf("first battle refused: %v", m.form.err)
	}
	n := m.t.E.Log.Len()
	m = press(m, "a")
	if m.mode == modeForm {
		t.Fatalf("a opened the %s form a second time, refused only on enter", m.form.verb)
	}
	if !m.statusErr || !strings.Contains(m.status, "have fought this round already") {
		t.Errorf("status %q (error %v)", m.status, m.statusErr)
	}
	if m.t.E.Log.Len() != n {
		t.Error("the refused battle changed the log")
	}
}

// An army neither defends nor counts actions: on the Knights' turn W and
// C are off, gone from the help bar, and pressed say why; a person
// selected has them back.
func TestArmyHasNoDefendKey(t *testing.T) {
	m := sized(demoFight(t, "battle", nil), Options{}, 160, 48)
	for i := 0; i < 10 && (m.t.E.ByID(m.t.E.Current) == nil || m.t.E.ByID(m.t.E.Current).Name != "Knights"); i++ {
		m = press(m, "n")
	}
	if sel := m.selected(); sel == nil || sel.Name != "Knights" {
		t.Fatalf("selected %v on the Knights' turn", sel)
	}
	v := plainView(m)
	if strings.Contains(v, "W defend") || strings.Contains(v, "C count action") {
		t.Errorf("the help bar offers an army W or C:\n%s", v)
	}
	n := m.t.E.Log.Len()
	m = press(m, "W")
	if !strings.Contains(m.status, "W does nothing now: Knights is an army") || m.t.E.Log.Len() != n {
		t.Errorf("W on the Knights: %q", m.status)
	}
	m = press(selectName(t, m, "Lady Maren"), "esc")
	m.updateKeys()
	if v := plainView(m); !strings.Contains(v, "W defend") {
		t.Errorf("W is off for Lady Maren:\n%s", v)
	}
}

// The attack form's first target is a foe who fights, not the horse under
// one: in the highwaymen demo Victor, engaged with nobody, is offered a
// highwayman, not Bayard, the Captain's warhorse. The horse is
// offered when it is the only foe left alive.
func TestAttackFormTargetsAFighterBeforeAMount(t *testing.T) {
	tr := demoFight(t, "highwaymen", []string{"next"})
	m := sized(tr, Options{}, 80, 24)
	for i := 0; i < 8 && m.t.E.ByID(m.t.E.Current).Name != "Victor"; i++ {
		m = press(m, "n")
	}
	if m.t.E.ByID(m.t.E.Current).Name != "Victor" {
		t.Fatal("never Victor's turn")
	}
	horse := m.t.E.Find
	bayard, err := horse("Bayard")
	if err != nil {
		t.Fatal(err)
	}
	victor, _ := horse("Victor")
	// The horse next after Victor in the order, as a roll may put it.
	order := slices.DeleteFunc(slices.Clone(m.t.E.Order), func(id int) bool { return id == bayard.ID })
	m.t.E.Order = slices.Insert(order, slices.Index(order, victor.ID)+1, bayard.ID)
	fits := func(*model.Combatant) bool { return true }
	if got := nextFoe(m.t.Sys, m.t.E, victor, fits); got == nil || got == bayard || got.Side != "highwaymen" {
		t.Errorf("Victor's first target: %s, want a highwayman who fights", nameOf(got))
	}
	if got := m.form.command(); got != "" {
		t.Fatalf("a form is open: %q", got)
	}
	if cmd := press(m, "a").form.command(); strings.Contains(cmd, "Bayard") {
		t.Errorf("a on Victor's turn: %q", cmd)
	}
	for _, cb := range m.t.E.Combatants {
		if cb.Side == "highwaymen" && cb != bayard {
			cb.Status = model.Dead
		}
	}
	if got := nextFoe(m.t.Sys, m.t.E, victor, fits); got != bayard {
		t.Errorf("with only the horse left, Victor's first target: %s", nameOf(got))
	}
}

// The attack form is the command's usage laid out: a line it refuses as
// wrongly put (an attacker set to strike itself) says what is wrong, not
// the whole usage again, which at 80x24 filled the form.
func TestAttackFormSaysTheProblemWithoutTheUsage(t *testing.T) {
	tr := demoTracker(t, "arm5", "brawl", "next")
	m := sized(tr, Options{}, 80, 24)
	m = press(m, "a")
	if m.mode != modeForm {
		t.Fatalf("a: no attack form")
	}
	cur := m.t.E.ByID(m.t.E.Current).Name
	m = press(m, "ctrl+u")
	m = typeText(m, cur)
	m = press(m, "tab", "ctrl+u")
	m = typeText(m, cur)
	m = press(m, "enter")
	if m.mode != modeForm || m.form.err == nil {
		t.Fatalf("attack %s on itself was not refused in the form", cur)
	}
	v := plainView(m)
	if !strings.Contains(v, "cannot attack itself") || strings.Contains(v, "usage:") {
		t.Errorf("the form's message:\n%s", v)
	}
}

// The attack form's target was chosen for the attacker it offered: when
// the GM makes the target the attacker instead, or one of its side, the
// form offers the new attacker's foe as it leaves the attacker field,
// rather than an attack on itself or on a friend.
func TestAttackFormRetargetsForANewAttacker(t *testing.T) {
	tr := demoTracker(t, "arm5", "brawl", "next")
	m := sized(tr, Options{}, 80, 24)
	bruce, err := tr.E.Find("Bruce")
	if err != nil {
		t.Fatal(err)
	}
	m.order.selID = bruce.ID
	m.refresh()
	m = press(m, "a")
	if m.mode != modeForm {
		t.Fatal("a: no attack form")
	}
	if m.form.valueOf("target") != "Bruce" {
		m = press(m, "down", "ctrl+u")
		m = typeText(m, "Bruce")
		m = press(m, "up")
	}
	m = press(m, "ctrl+u")
	m = typeText(m, "Bruce")
	m = press(m, "down")
	tgt, err := tr.E.Find(m.form.valueOf("target"))
	if err != nil || tgt.Side == bruce.Side {
		t.Errorf("attacker Bruce: the target is %q (%v)", m.form.valueOf("target"), err)
	}
	// A friend the GM typed stays.
	m = press(m, "ctrl+u")
	m = typeText(m, "Alan")
	m = press(m, "up", "down")
	if got := m.form.valueOf("target"); got != "Alan" {
		t.Errorf("the target the GM typed became %q", got)
	}
}
