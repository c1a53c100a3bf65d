package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Bruce and the cloaked man fight as one group; Alan is alone after them.
var grouped = []string{"add Paul side=turb init=12", `add Bruce side=ruffians init=9 "note=group ruffians"`,
	`add "Cloaked man" side=ruffians init=5 "note=group ruffians"`, "add Alan side=turb init=3"}

// orderText returns the order pane's lines of a 100-wide view (its left half).
func orderText(m *Model) string {
	var b strings.Builder
	for _, l := range m.order.View(true) {
		b.WriteString(l)
		b.WriteString("\n")
	}
	return ansi.Strip(b.String())
}

func TestGroupFolds(t *testing.T) {
	tr := newTracker(t, grouped...)
	m := sized(tr, Options{}, 100, 30)
	o := orderText(m)
	if !strings.Contains(o, "▸ ruffians (2)") || strings.Contains(o, "Bruce") || strings.Contains(o, "Cloaked") {
		t.Fatalf("the group should be one folded entry:\n%s", o)
	}
	if m.keys.Fold.Enabled() {
		t.Fatal("fold needs a group under the selection")
	}
	m = press(m, "j")
	if m.selected().Name != "Bruce" || !m.keys.Fold.Enabled() {
		t.Fatalf("the group's entry stands for its first member: %v", m.selected().Name)
	}
	if !strings.Contains(orderText(m), "9 ▸ ruffians (2)") {
		t.Fatalf("the entry shows the first member's score:\n%s", orderText(m))
	}
	m = press(m, "j")
	if m.selected().Name != "Alan" {
		t.Fatalf("j steps over the folded group: %s", m.selected().Name)
	}
	m = press(m, "k", "z")
	o = orderText(m)
	if !strings.Contains(o, "▾ ruffians (2)") || !strings.Contains(o, "  Bruce") || !strings.Contains(o, "  Cloaked man") {
		t.Fatalf("z opens the group:\n%s", o)
	}
	m = press(m, "j", "j")
	if m.selected().Name != "Cloaked man" {
		t.Fatalf("j walks into an open group: %s", m.selected().Name)
	}
	m = press(m, "space")
	if m.order.selGroup != "ruffians" || strings.Contains(orderText(m), "Cloaked") {
		t.Fatalf("space on a member folds its group and selects it:\n%s", orderText(m))
	}
}

// The turn inside a folded group marks the group's entry current, names
// who acts, and the sheet follows that member.
func TestGroupShowsCurrent(t *testing.T) {
	tr := newTracker(t, grouped...)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "n", "n")
	if tr.E.ByID(tr.E.Current).Name != "Bruce" {
		t.Fatal("Bruce's turn")
	}
	o := orderText(m)
	if !strings.Contains(o, "▶") || !strings.Contains(o, "▸ ruffians (2)") || !strings.Contains(o, "now Bruce") {
		t.Fatalf("the folded group should be current and say who acts:\n%s", o)
	}
	if m.order.selGroup != "ruffians" || m.selected().Name != "Bruce" {
		t.Fatal("the selection follows the turn onto the group")
	}
	m = press(m, "n")
	if m.selected().Name != "Cloaked man" || !strings.Contains(orderText(m), "now Cloaked man") {
		t.Fatalf("the sheet follows the turn inside the group: %s", m.selected().Name)
	}
	m = press(m, "z")
	o = orderText(m)
	if strings.Contains(o, "now ") || !strings.Contains(o, "▶") {
		t.Fatalf("open, the member itself is marked current:\n%s", o)
	}
	m = press(m, "n")
	if m.selected().Name != "Alan" {
		t.Fatal("the turn leaves the group")
	}
}

func TestGroupEverySize(t *testing.T) {
	m := New(newTracker(t, grouped...), Options{})
	for _, s := range sizes {
		m = send(m, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
		for _, k := range []string{"n", "j", "z", "j", "n", "space", "k", "G", "z", "g"} {
			m = press(m, k)
			checkBox(t, m.View(), s[0], s[1])
		}
	}
}

// An open group keeps the acting order: a member after an outsider in the
// order is drawn after it, and the group's entry sits at its first member.
func TestOpenGroupKeepsTurnOrder(t *testing.T) {
	tr := newTracker(t, "add Paul side=turb init=12", `add Bruce side=ruffians init=9 "note=group ruffians"`,
		"add Alan side=turb init=7", `add "Cloaked man" side=ruffians init=5 "note=group ruffians"`)
	m := sized(tr, Options{}, 100, 30)
	m = press(m, "j", "z")
	o := orderText(m)
	last := -1
	for _, name := range []string{"Paul", "▾ ruffians (2)", "  Bruce", "Alan", "  Cloaked man"} {
		i := strings.Index(o, name)
		if i <= last {
			t.Fatalf("%q out of turn order:\n%s", name, o)
		}
		last = i
	}
	m = press(m, "j", "j", "j")
	if m.selected().Name != "Cloaked man" || m.order.selectedGroup() != "ruffians" {
		t.Fatalf("j walks the order: %s", m.selected().Name)
	}
}

// A folded group sits at its lead's place with the lead's score, since it
// acts on the lead's turn; open, its heading comes before its first member.
func TestFoldedGroupAtLead(t *testing.T) {
	tr := newTracker(t, "add Paul side=turb init=12", `add Bruce side=ruffians init=9 "note=group ruffians"`,
		"add Alan side=turb init=7", `add "Cloaked man" side=ruffians init=5 "note=group ruffians lead"`)
	m := sized(tr, Options{}, 100, 30)
	o := orderText(m)
	ia, ig := strings.Index(o, "Alan"), strings.Index(o, "5 ▸ ruffians (2)")
	if ia < 0 || ig < ia {
		t.Fatalf("the folded group should follow Alan with its lead's score:\n%s", o)
	}
	m = press(m, "j", "j")
	if m.selected().Name != "Cloaked man" {
		t.Fatalf("the folded entry stands for its lead: %s", m.selected().Name)
	}
	m = press(m, "z")
	o = orderText(m)
	last := -1
	for _, name := range []string{"Paul", "▾ ruffians (2)", "  Bruce", "Alan", "  Cloaked man"} {
		i := strings.Index(o, name)
		if i <= last {
			t.Fatalf("%q out of order in the open group:\n%s", name, o)
		}
		last = i
	}
}

// The arm5 attack form shows the real choices of its text options as
// placeholders, not a bare letter.
func TestArm5AttackFormChoices(t *testing.T) {
	m := press(sized(demoTracker(t, "arm5", "brawl"), Options{}, 120, 40), "a")
	if m.mode != modeForm {
		t.Fatal("no attack form")
	}
	for label, want := range map[string]string{
		"conceal":  "light|medium|heavy|total",
		"aconceal": "light|medium|heavy|total",
		"maneuver": "trip|throw|grapple|pin|tackle|disarm|grab|unseat|wrest",
	} {
		if got := field(t, m, label).in.Placeholder; got != want {
			t.Errorf("%s placeholder %q, want %q", label, got, want)
		}
	}
}
