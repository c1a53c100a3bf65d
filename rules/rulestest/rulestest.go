// Package rulestest holds what every rule system's tests share: driving a
// tracker with command lines exactly as a game master types them, reading
// back what it logged, and checking a sheet's key table. It is imported
// only by tests.
package rulestest

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
)

// Run applies each line and fails the test at the first error.
func Run(t testing.TB, tr *rules.Tracker, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
}

// Fails applies a line that must fail with an error containing want.
func Fails(t testing.TB, tr *rules.Tracker, line, want string) {
	t.Helper()
	_, err := tr.Apply(line)
	if err == nil {
		t.Fatalf("%s: no error, want one containing %q", line, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("%s: error %q, want it to contain %q", line, err, want)
	}
}

// Events returns the text of every event logged from entry from on.
func Events(tr *rules.Tracker, from int) []string {
	var out []string
	for _, e := range tr.E.Log.From(from) {
		if e.Kind == model.KindEvent {
			out = append(out, e.Text)
		}
	}
	return out
}

// HasEvent checks that exactly this event was logged from entry from on.
func HasEvent(t testing.TB, tr *rules.Tracker, from int, want string) {
	t.Helper()
	for _, e := range Events(tr, from) {
		if e == want {
			return
		}
	}
	t.Errorf("no event %q; got:\n  %s", want, strings.Join(Events(tr, from), "\n  "))
}

// HasEventContaining checks that an event containing want was logged.
func HasEventContaining(t testing.TB, tr *rules.Tracker, from int, want string) {
	t.Helper()
	for _, e := range Events(tr, from) {
		if strings.Contains(e, want) {
			return
		}
	}
	t.Errorf("no event containing %q; got:\n  %s", want, strings.Join(Events(tr, from), "\n  "))
}

// Comb finds a combatant by name or fails the test.
func Comb(t testing.TB, tr *rules.Tracker, name string) *model.Combatant {
	t.Helper()
	cb, err := tr.E.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

// FieldTable checks a sheet's per-key lookup against its full key table:
// every key of all is found by one and describes the same field (same
// pointers into the sheet, same limits). A key in one and not the other
// would silently stop a field from saving or loading.
func FieldTable[F any](t *testing.T, all []F, key func(F) string, one func(string) (F, bool)) {
	t.Helper()
	for _, want := range all {
		k := key(want)
		got, ok := one(k)
		if !ok {
			t.Errorf("field(%q) not found", k)
			continue
		}
		if !sameFields(t, got, want) {
			t.Errorf("%s: the field differs from the table's", k)
		}
	}
	if _, ok := one("no-such-key"); ok {
		t.Error("field found a key that does not exist")
	}
}

// sameFields compares two values of one struct type field by field.
func sameFields[F any](t *testing.T, x, y F) bool {
	a, b := reflect.ValueOf(x), reflect.ValueOf(y)
	for i := 0; i < a.NumField(); i++ {
		if !sameValue(t, a.Field(i), b.Field(i)) {
			return false
		}
	}
	return true
}

func sameValue(t *testing.T, a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Func:
		return a.IsNil() == b.IsNil() // method values differ per call
	case reflect.Pointer:
		return a.Pointer() == b.Pointer()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !sameValue(t, a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	t.Fatalf("rulestest: cannot compare a %s field", a.Kind())
	return false
}

// screenKeys are the keys the TUI keeps for itself; a system's shortcut
// may not take one.
const screenKeys = "npjkadfiDAcu:?qRozgG+ xhL/"

// Shortcuts checks a system's shortcut keys: each runs (or opens) one of
// the system's own commands, has help, is listed once, is not one of the
// screen's keys, and says with a trailing … exactly when it opens the
// command line rather than running.
func Shortcuts(t *testing.T, s rules.System) {
	t.Helper()
	sc, ok := s.(rules.Shortcuts)
	if !ok {
		t.Fatalf("%s has no shortcuts", s.ID())
	}
	verbs := map[string]bool{}
	for _, v := range s.Verbs() {
		verbs[v.Name] = true
	}
	keys := map[string]bool{}
	for _, k := range sc.Shortcuts() {
		if keys[k.Key] && k.Key != "" {
			t.Errorf("key %q listed twice", k.Key)
		}
		keys[k.Key] = true
		if len(k.Key) == 1 && strings.Contains(screenKeys, k.Key) {
			t.Errorf("key %q is one of the screen's own", k.Key)
		}
		line, prefill := k.Fill("Some One", "Cur")
		word, _, _ := strings.Cut(line, " ")
		if !verbs[word] {
			t.Errorf("shortcut %q runs %q, not a %s command", k.Key, line, s.ID())
		}
		if k.Help == "" {
			t.Errorf("shortcut %q has no help", k.Key)
		}
		if prefill != strings.HasSuffix(k.Help, "…") {
			t.Errorf("shortcut %q: a key that opens the command line says so with …, and only then", k.Key)
		}
	}
}

// Harm returns what the system says of the named combatant's harm.
func Harm(t testing.TB, tr *rules.Tracker, name string) rules.Harm {
	t.Helper()
	return tr.Sys.Harm(tr.E, Comb(t, tr, name))
}

// Step is one command and the severity the combatant has after it.
type Step struct {
	Line string
	Want rules.Severity
}

// Severities checks that the named combatant starts at start and then,
// after each step's command, is at the step's severity. It reports the
// gauge and words too, so a failure shows what the system saw.
func Severities(t testing.TB, tr *rules.Tracker, name string, start rules.Severity, steps ...Step) {
	t.Helper()
	if h := Harm(t, tr, name); h.Severity != start {
		t.Fatalf("before any step: %s is %s (%q), want %s", name, h.Severity, h.Gauge, start)
	}
	for _, s := range steps {
		Run(t, tr, s.Line)
		if h := Harm(t, tr, name); h.Severity != s.Want {
			t.Fatalf("after %q: %s is %s (%q), want %s", s.Line, name, h.Severity, h.Gauge, s.Want)
		}
	}
}

// PlacesLikeSort adds n combatants with random initiatives (given, rolled
// or none) to tr's encounter, before and during the fight, and checks
// after each add that the order is the one sort (the system's full sort)
// gives: a system that places a newcomer by binary search must put it
// exactly where sorting everyone would.
func PlacesLikeSort(t *testing.T, tr *rules.Tracker, n int, sort func(*model.Encounter)) {
	t.Helper()
	inits := []string{" init=3", " init=5", " init=roll", "", " init=5", " init=8"}
	check := func(line string) {
		t.Helper()
		Run(t, tr, line)
		want := tr.E.Clone()
		sort(want)
		if !reflect.DeepEqual(want.Order, tr.E.Order) {
			t.Fatalf("after %q: order %v, a full sort gives %v", line, tr.E.Order, want.Order)
		}
	}
	for i := range n {
		check(fmt.Sprintf("add Extra%d side=s%d%s", i, i%3, inits[i%len(inits)]))
		if i == n/2 {
			Run(t, tr, "next")
		}
	}
}

// Current is the name of the combatant whose turn it is ("" for none).
func Current(tr *rules.Tracker) string {
	if cb := tr.E.ByID(tr.E.Current); cb != nil {
		return cb.Name
	}
	return ""
}

// Main runs a package's tests with model.CheckLending on, so that a
// profile or sheet the tracker lends and a system changes without
// OwnProfile or OwnSheet fails the test that does it rather than escaping
// undo; benchmarks run without it,
// as fray does. A test package calls it from TestMain.
func Main(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		model.CheckLending = true
	}
	os.Exit(m.Run())
}
