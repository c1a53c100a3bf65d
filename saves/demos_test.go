package saves

import (
	"bytes"
	"strings"
	"testing"

	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// Never a save that will not load: random commands on every demo of every
// system, numbers up to the largest a command takes and repeated to push
// sums and counts along, and after every command that works, the
// encounter as saved loads back equal (and saves to the same bytes).

// checkSaves runs n random lines on the demo and fails t at the first
// saved state that does not load back equal. It returns how many worked.
func checkSaves(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
	t.Helper()
	e, err := rules.BuildDemo(sys, demo, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	l := rulestest.NewLiner(tr, seed)
	l.Extremes = true
	reg := systems.Default()
	worked, last := 0, ""
	for i := 0; i < n; i++ {
		var line string
		switch k := l.R.IntN(20); {
		case k < 6:
			line = bigfight.Turn(tr)
		case k == 6:
			line = "undo"
		case k == 7:
			line = "redo"
		case k < 10 && last != "":
			line = last // again: damage on damage, round on round
		default:
			line = l.Line()
		}
		if _, err := tr.Apply(line); err != nil {
			continue
		}
		worked++
		last = line
		var buf bytes.Buffer
		if err := Encode(&buf, tr.E); err != nil {
			t.Fatalf("seed %d, after %q: %v", seed, line, err)
		}
		got, _, err := Decode(demo+".toml", buf.Bytes(), reg)
		if err != nil {
			t.Fatalf("seed %d: after %q the saved file does not load: %v\n%s", seed, line, err, excerpt(buf.String(), err))
		}
		var again bytes.Buffer
		if err := Encode(&again, got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Fatalf("seed %d: after %q the file loads back different:\n%s\n---\n%s", seed, line, buf.String(), again.String())
		}
	}
	return worked
}

// excerpt returns the lines of a file around the line an error names.
func excerpt(src string, err error) string {
	var se *Error
	lines := strings.Split(src, "\n")
	if !asError(err, &se) || se.Line <= 0 || se.Line > len(lines) {
		return ""
	}
	return strings.Join(lines[max(0, se.Line-8):min(len(lines), se.Line+2)], "\n")
}

func asError(err error, se **Error) bool {
	e, ok := err.(*Error)
	*se = e
	return ok
}

// TestEverySavedStateLoadsBack runs random commands on every demo.
func TestEverySavedStateLoadsBack(t *testing.T) {
	rulestest.EveryDemo(t, systems.Default().All(), 150, checkSaves)
}

// FuzzSavesLoadBack is the same with the fuzzer choosing the system, the
// demo and the seed.
func FuzzSavesLoadBack(f *testing.F) { rulestest.FuzzDemos(f, systems.Default().All(), 60, checkSaves) }
