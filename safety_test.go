package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
	"fray/tui"
)

// The failures of issue 12, each driven through the command line.

func unixOnly(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("links and named pipes work differently on Windows")
	}
}

// newFile makes an encounter file with two combatants and returns it.
func newFile(t *testing.T, path string) {
	t.Helper()
	if r := fray(t, "", "new", path); r.code != 0 {
		t.Fatalf("new: %+v", r)
	}
	if r := fray(t, "add Paul\nadd Bruce\n", "run", path, "--script", "-"); r.code != 0 {
		t.Fatalf("run: %+v", r)
	}
}

// TestSecondFrayThroughLink: with the file open, a second fray reaching it
// through a symbolic link is refused (item 1: its changes were wiped by
// the first fray's next save).
func TestSecondFrayThroughLink(t *testing.T) {
	unixOnly(t)
	dir := home(t)
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.Mkdir(filepath.Join(dir, "other"), 0o755)
	real := filepath.Join(dir, "real", "e.toml")
	newFile(t, real)
	link := filepath.Join(dir, "other", "link.toml")
	if err := os.Symlink("../real/e.toml", link); err != nil {
		t.Fatal(err)
	}
	release, err := saves.Lock(real) // the open fray
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	before := mustRead(t, real)
	r := fray(t, "note from the other terminal\n", "run", link, "--script", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "is open in another fray") {
		t.Fatalf("second fray through a link: %+v", r)
	}
	if string(mustRead(t, real)) != string(before) {
		t.Fatal("the file changed under the open fray")
	}
}

// TestControlCharactersRefused: a command cannot put a control character
// in any text, and nothing fray prints carries one from a file edited by
// hand (item 2: the screen cleared, the title changed).
func TestControlCharactersRefused(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "f.toml")
	newFile(t, f)
	before := mustRead(t, f)
	for _, line := range []string{"add \"\x1b[2J evil\"", "note \x1b]0;pwned\a", "set Paul note=\"a\tb\"", "add \"x\u009b\""} {
		r := fray(t, line+"\n", "run", f, "--script", "-")
		if r.code != 1 || !strings.Contains(r.stderr, "control character") {
			t.Errorf("%q: %+v", line, r)
		}
		if strings.ContainsAny(r.stdout+r.stderr, "\x1b\a\t\u009b") {
			t.Errorf("%q: output holds a control character: %q", line, r.stdout+r.stderr)
		}
	}
	if string(mustRead(t, f)) != string(before) {
		t.Fatal("a refused command changed the file")
	}
	// A hand-edited file: a name with an escape is refused at its line,
	// a log line with one is shown without it.
	edited := strings.Replace(string(before), `name = "Bruce"`, `name = "Bruce\u001b[2J"`, 1)
	os.WriteFile(f, []byte(edited), 0o644)
	r := fray(t, "", "show", f)
	if r.code != 1 || !strings.Contains(r.stderr, "name holds an escape") || strings.Contains(r.stderr, "\x1b") {
		t.Errorf("show of an escape in a name: %+v", r)
	}
	edited = strings.Replace(string(before), `text = "add Paul"`, `text = "add Paul\u001b]0;pwned\u0007"`, 1)
	os.WriteFile(f, []byte(edited), 0o644)
	r = fray(t, "", "show", f, "--log")
	if r.code != 0 || strings.ContainsAny(r.stdout, "\x1b\a") || !strings.Contains(r.stdout, "add Paul") {
		t.Errorf("show --log of an escape in the log: %+v", r)
	}
	// A file name with one is printed safely.
	r = fray(t, "", "show", filepath.Join(dir, "\x1b[2J.toml"))
	if r.code != 1 || strings.Contains(r.stderr, "\x1b") {
		t.Errorf("show of a file name with an escape: %+v", r)
	}
}

// TestSpecialFilesRefused: a named pipe or a device is refused at once
// (item 3: `show` hung on a pipe, `run` hung holding the lock, a link to
// /dev/zero grew without end).
func TestSpecialFilesRefused(t *testing.T) {
	unixOnly(t)
	dir := home(t)
	fifo := filepath.Join(dir, "f.toml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	})
	zero := filepath.Join(dir, "z.toml")
	os.Symlink("/dev/zero", zero)
	for _, args := range [][]string{{"show", fifo}, {"run", fifo, "--script", "-"}, {"show", zero}, {"run", zero, "--script", "-"}} {
		done := make(chan result, 1)
		go func() { done <- fray(t, "next\n", args...) }()
		select {
		case r := <-done:
			if r.code != 1 || !strings.Contains(r.stderr, "not a file") {
				t.Errorf("%v: %+v", args, r)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%v hangs", args)
		}
	}
}

// TestDanglingLinkRefused: `fray d.toml` with d.toml a link to nothing is
// refused, naming the target, and the link stays (item 5: it became a
// world-writable file).
func TestDanglingLinkRefused(t *testing.T) {
	unixOnly(t)
	dir := home(t)
	d := filepath.Join(dir, "d.toml")
	os.Symlink("nowhere.toml", d)
	noTUI(t, func(*rules.Tracker, tui.Options) error { return nil })
	for _, args := range [][]string{{d}, {"new", d}, {"run", d, "--script", "-"}} {
		r := fray(t, "next\n", args...)
		if r.code != 1 || !strings.Contains(r.stderr, filepath.Join(dir, "nowhere.toml")+", which does not exist") {
			t.Errorf("%v: %+v", args, r)
		}
	}
	if fi, err := os.Lstat(d); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere.toml")); err == nil {
		t.Fatal("the target was created")
	}
}

// TestStaleTempsRemovedOnOpen: temporary files of saves cut short by a
// kill are removed when the file is next opened (item 7: 196 MB of them).
func TestStaleTempsRemovedOnOpen(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "f.toml")
	newFile(t, f)
	for _, n := range []string{".f.toml.tmp-1234567", ".f.toml.tmp-89abcdef01234567"} {
		os.WriteFile(filepath.Join(dir, n), make([]byte, 1<<16), 0o644)
	}
	if r := fray(t, "next\n", "run", f, "--script", "-"); r.code != 0 || !strings.Contains(r.stderr, "removed 2 temporary file") {
		t.Fatalf("run: %+v", r)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("%s is still there", e.Name())
		}
	}
}

// TestNumbersStayInRange: a number past its range is refused where the
// file holds it, and a command that would take one past it is refused,
// so every file fray saves loads again (item 4: round and next_id wrapped
// negative and the saved file was refused).
func TestNumbersStayInRange(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "f.toml")
	newFile(t, f)
	orig := string(mustRead(t, f))
	set := func(from, to string) {
		t.Helper()
		if !strings.Contains(orig, from) {
			t.Fatalf("no %q in:\n%s", from, orig)
		}
		os.WriteFile(f, []byte(strings.Replace(orig, from, to, 1)), 0o644)
	}
	// The fight's round, in [fight] after the log (the log's entries
	// have a round each too).
	line := strings.Count(orig[:strings.Index(orig, "[fight]\nround = 0")], "\n") + 2
	set("[fight]\nround = 0", "[fight]\nround = 9223372036854775807")
	r := fray(t, "next\n", "run", f, "--script", "-")
	if r.code != 1 || !strings.Contains(r.stderr, fmt.Sprintf("f.toml:%d: round 9223372036854775807 is out of the range fray keeps", line)) {
		t.Fatalf("huge round: %+v", r)
	}
	// The last round: the fight goes on within it, and stops there.
	set("[fight]\nround = 0", "[fight]\nround = 1000000")
	r = fray(t, "next\nnext\nnext\n", "run", f, "--script", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "round 1000001 is out of the range fray keeps (0 to 1000000)") {
		t.Fatalf("next past the last round: %+v", r)
	}
	if r := fray(t, "next\n", "run", f, "--script", "-"); r.code != 0 {
		t.Fatalf("next within the last round: %+v", r)
	}
	if r := fray(t, "", "show", f); r.code != 0 {
		t.Fatalf("the saved file does not load: %+v", r)
	}
	set("next_id = 3", "next_id = 999999999")
	if r := fray(t, "add Zed\n", "run", f, "--script", "-"); r.code != 0 {
		t.Fatalf("add with the last id: %+v", r)
	}
	r = fray(t, "add Zoe\n", "run", f, "--script", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "out of the range fray keeps") {
		t.Fatalf("add past the last id: %+v", r)
	}
	if r := fray(t, "", "show", f); r.code != 0 {
		t.Fatalf("the saved file does not load: %+v", r)
	}
}

// TestScriptKeepsSheetRanges: `fray run` keeps no undo history, so a sheet
// field pushed past what its sheet takes is caught before the save.
func TestScriptKeepsSheetRanges(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "f.toml")
	newFile(t, f)
	before := mustRead(t, f)
	r := fray(t, "wound Paul heavy +999999\n", "run", f, "--script", "-")
	if r.code != 1 || !strings.Contains(r.stderr, "Paul's heavy would be 999999, which fray cannot keep") {
		t.Fatalf("%+v", r)
	}
	if string(mustRead(t, f)) != string(before) {
		t.Fatal("the file changed")
	}
}

// TestCrashKeepsTheClock: a timed fight that crashes comes back with the
// times the screen showed, not counting the time the file spent closed:
// the clock starts before the journal does.
func TestCrashKeepsTheClock(t *testing.T) {
	dir := home(t)
	f := filepath.Join(dir, "f.toml")
	newFile(t, f)
	var want model.Clock
	session := func(crash bool) {
		noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
			time.Sleep(20 * time.Millisecond)
			_, a, err := tr.ApplyRecorded("next")
			if err != nil {
				return err
			}
			if err := opt.Store.Record(a, tr.Version()); err != nil {
				return err
			}
			want = tr.E.Clock
			if crash {
				return nil // the journal keeps the command; the file lacks it
			}
			return opt.Store.Save(tr.Snapshot(), tr.Version())
		})
		if r := fray(t, "", f); r.code != 0 {
			t.Fatalf("%+v", r)
		}
	}
	session(false)                     // starts the clock
	session(false)                     // the clock runs
	time.Sleep(100 * time.Millisecond) // the file lies closed
	session(true)
	e, _, err := saves.Load(f, systems.Default())
	if err != nil {
		t.Fatal(err)
	}
	if e.Clock.Fight == want.Fight {
		t.Fatal("the crashed session's command is in the file already: the test tests nothing")
	}
	noTUI(t, func(tr *rules.Tracker, opt tui.Options) error {
		if got := tr.E.Clock; got.Fight != want.Fight || got.Turn != want.Turn {
			t.Errorf("recovered clock fight %v turn %v, the screen had %v and %v", got.Fight, got.Turn, want.Fight, want.Turn)
		}
		return nil
	})
	if r := fray(t, "", f); r.code != 0 || !strings.Contains(r.stderr, "brought back 1 change") {
		t.Fatalf("%+v", r)
	}
}
