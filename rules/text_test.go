package rules

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/model"
)

// skirmishText is fray show's text of the skirmish demo after lines.
func skirmishText(t *testing.T, lines ...string) string {
	t.Helper()
	s := plainSys{demos: []Demo{skirmish}}
	e, err := BuildDemo(s, "skirmish", 7)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTracker(e, s)
	for _, line := range lines {
		if _, err := tr.Apply(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	return Text(tr.E, s)
}

// fray show's text: the order, then each sheet with the lines every
// combatant has (status, initiative, conditions, note) before the
// system's own, as the tracker's sheet shows them, none said twice.
func TestText(t *testing.T) {
	got := skirmishText(t, "next", "cond Ann prone 2", "set Cutthroat note=\"hides a knife\" status=unconscious")
	want := `A small skirmish
Plain · Round 1

> 17  Bob        heroes             unhurt
   9  Cutthroat  foes    out  down  out of the fight
   5  Ann        heroes             unhurt

Bob (heroes)
  Status:     active
  Initiative: 17
  hp:         10

Cutthroat (foes)
  Status:     unconscious !
  Initiative: 9
  Note:       hides a knife
  hp:         0 !

Ann (heroes)
  Status:     active
  Initiative: 5
  Conditions: prone (ends round 3) !
  hp:         12
`
	if got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}

// fray show of a fight that has ended said "Round 2 · Brigand 4's
// turn" and marked Brigand 4 with >, as if it went on; fray ls said
// "ended". The header says the fight is over, and nobody's turn is marked.
func TestTextEnded(t *testing.T) {
	got := skirmishText(t, "next", "next", "end")
	if !strings.HasPrefix(got, "A small skirmish\nPlain · ended after 1 round\n\n") || strings.Contains(got, "> ") {
		t.Errorf("an ended fight:\n%s", got)
	}
}

func TestTextEmpty(t *testing.T) {
	got := Text(model.New("plain", 1), plainSys{})
	if !strings.HasPrefix(got, "Plain · Round 0\n") || !strings.Contains(got, "No combatants") {
		t.Errorf("empty encounter:\n%s", got)
	}
}

func TestLogText(t *testing.T) {
	es := []model.Entry{
		{Kind: model.KindCommand, Text: "attack Paul Bruce"},
		{Kind: model.KindRoll, Who: "Paul", Why: "attack", Expr: "stress die", Faces: []int{1, 1, 4}, Total: 16, Special: "exploded ×4"},
		{Kind: model.KindRoll, Who: "GM", Why: "roll", Expr: "2d6+3", Faces: []int{2, 5}, Total: 10},
		{Kind: model.KindEvent, Text: "Bruce takes a light wound"},
	}
	want := "> attack Paul Bruce\n" +
		"  Paul, attack: stress die [1 1 4] = 16 (exploded ×4)\n" +
		"  GM, roll: 2d6+3 [2 5] = 10\n" +
		"  Bruce takes a light wound\n"
	if got := LogText(es); got != want {
		t.Errorf("LogText:\n%s\nwant:\n%s", got, want)
	}
	if got := EntryText(es[0]); got != "> attack Paul Bruce" {
		t.Errorf("EntryText = %q", got)
	}
	if LogText(nil) != "" {
		t.Error("LogText(nil) should be empty")
	}
}

// markSys is plainSys with marks on every row, and every row done.
type markSys struct{ plainSys }

func (m markSys) Order(e *model.Encounter) OrderView {
	v := m.plainSys.Order(e)
	for i := range v.Rows {
		v.Rows[i].Marks = []string{"spanning crossbow 1/3"}
		v.Rows[i].Done = true
	}
	return v
}

// Several marks on a row read as a list: a comma and a space between.
func TestTextMarksJoined(t *testing.T) {
	e := model.New("plain", 1)
	tr := NewTracker(e, markSys{})
	if _, err := tr.Apply("add Ann"); err != nil {
		t.Fatal(err)
	}
	got := Text(tr.E, markSys{})
	if !strings.Contains(got, "Ann  spanning crossbow 1/3, done") {
		t.Errorf("marks not joined with \", \":\n%s", got)
	}
}

// A sheet's long line wraps at 80 columns between words, under its value,
// so fray show in an 80-column terminal cuts no word in two.
func TestTextSheetWraps(t *testing.T) {
	tr := newTracker(t)
	mustApply(t, tr, `add Ann note="`+strings.Repeat("a long note that goes on ", 8)+`end"`)
	out := Text(tr.E, tr.Sys)
	var note []string
	for _, l := range strings.Split(out, "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
		if strings.HasPrefix(l, "  Note:") || (len(note) > 0 && strings.HasPrefix(l, "        ")) {
			note = append(note, l)
		}
	}
	if len(note) < 2 || !strings.HasSuffix(note[len(note)-1], "end") {
		t.Errorf("the note did not wrap under itself:\n%s", out)
	}
}

// fray show lines up its columns by the cells a name takes on the screen:
// a CJK name or an emoji takes two columns a character, so padding by
// characters pushed the rest of such a row out of line.
func TestTextWideNamesAlign(t *testing.T) {
	got := skirmishText(t, "set Bob name=李小龙", `set Ann name="🐉 Ann"`)
	var cols []int
	for _, line := range strings.Split(got, "\n") {
		if i := strings.Index(line, "heroes"); i >= 0 && strings.Contains(line, "unhurt") {
			cols = append(cols, ansi.StringWidth(line[:i]))
		}
	}
	if len(cols) != 2 || cols[0] != cols[1] {
		t.Errorf("the side column starts at cells %v, want one column:\n%s", cols, got)
	}
}
