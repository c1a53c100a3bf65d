package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"fray/internal/cmdline"
	"fray/internal/gcpace"
	"fray/model"
	"fray/rules"
	"fray/saves"
	"fray/tui"
)

// Defaults for a bare `fray` and for new encounters.
const (
	defaultSystem = "arm5"
	defaultDemo   = "brawl"
)

// fail reports an error that stops the command and returns exit status 1.
func (a *app) fail(err error) int {
	a.lastErr = err
	return cmdline.Fail(a.stderr, err)
}

// failLoad reports a load error as the saves package words it, starting
// with FILE:LINE so editors and terminals can jump to it.
func (a *app) failLoad(err error) int {
	a.lastErr = err
	return cmdline.FailLoad(a.stderr, err)
}

// newSeed gives a new encounter its own dice: the generator's state is
// saved with it, so the rolls go on from there when it is reopened. The
// global generator of math/rand/v2 is seeded from the operating system's
// randomness at start-up, so this costs no blocking read.
func newSeed() uint64 { return rand.Uint64() }

// lookupSystem finds a system by id, defaulting to arm5.
func (a *app) lookupSystem(id string) (rules.System, error) {
	if id == "" {
		id = defaultSystem
	}
	s, err := a.reg.Lookup(id)
	if err != nil {
		return nil, cmdline.Usagef("%v", err)
	}
	return s, nil
}

// openFile locks an encounter file for changing and returns the session
// with its close, which reports a failure to let go on stderr.
func (a *app) openFile(path string) (*saves.Session, func(), error) {
	sess, err := saves.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return sess, func() {
		if err := sess.Close(); err != nil {
			cmdline.Sayf(a.stderr, "%v", err)
		}
	}, nil
}

// load reads the session's encounter, recovering a crashed session's
// journal first; a note about that goes to stderr.
func (a *app) load(sess *saves.Session) (*rules.Tracker, error) {
	sess.SetLibrary(a.library()) // a journal's commands may add from templates
	a.holdGC()
	t, err := sess.Load(a.reg)
	if note := sess.Note(); note != "" {
		cmdline.Sayf(a.stderr, "%s", note)
	}
	return t, err
}

// holdGC lets the heap grow further than usual before the collector
// runs, until releaseGC: reading a big fight builds most of what fray
// will hold at once, and the collector would otherwise run three times
// while it is read and drawn, on the way to the first frame. The peak is
// no higher than the one a fight reaches anyway (at 1000 combatants the
// heap after the first frame is 4–5 MB, and 100 turns later its peak is
// twice that).
func (a *app) holdGC() {
	if !a.gcHeld {
		a.gcPrev, a.gcHeld = holdPace(400), true
	}
}

// releaseGC ends holdGC for a command that shows no screen, once it has
// loaded its file: the collector goes back to the setting before the
// hold (Go's own, or GOGC's). fray's lower pace (gcpace) is for the
// tracker, whose peak a GM's laptop carries for hours; a script run by
// `fray run` is over in a second or two and would only run slower at it
// (10,000 adds: 1.76-2.08 s at GOGC=50 against 1.37-1.49).
func (a *app) releaseGC() {
	if a.gcHeld {
		debug.SetGCPercent(a.gcPrev)
		a.gcHeld = false
	}
}

// systemHelp prints a system's reference: its commands, sheet fields,
// options and shorthand, wrapped at cmdline.HelpWidth columns (docs.go).
func (a *app) systemHelp(s rules.System) { referenceText(a.stdout, rules.NewReference(s)) }

func (a *app) help(args []string) int {
	if len(args) == 1 && !cmdline.IsSubcommand(args[0]) {
		s, err := a.lookupSystem(args[0])
		if err != nil {
			return cmdline.ReportUsage(a.stderr, err)
		}
		a.systemHelp(s)
		return 0
	}
	cmdline.PrintUsage(a.stdout)
	return 0
}

func (a *app) systems() int {
	all := a.reg.All()
	w := 0
	for _, s := range all {
		w = max(w, len(s.ID()))
	}
	for _, s := range all {
		fmt.Fprintf(a.stdout, "%-*s  %s\n", w, s.ID(), s.Name())
		for _, d := range s.Demos() {
			indent := strings.Repeat(" ", w+2)
			fmt.Fprintln(a.stdout, rules.WrapHanging("demo "+d.Name+": "+d.Title, cmdline.HelpWidth, indent, indent+"    "))
		}
	}
	return 0
}

// create is `fray new`: an encounter, empty or with a saved party in it,
// never over an existing file.
func (a *app) create(arg, sysID, party, title string) int {
	path, what, err := a.makeEncounter(arg, sysID, party, title)
	if err != nil {
		return a.usageOr(err)
	}
	fmt.Fprintf(a.stdout, "created %s: %s\n", path, what)
	return 0
}

// makeEncounter makes a new encounter file (fray new, n on the fights
// screen) and says what it holds. A mistake in the arguments is a
// *cmdline.UsageError.
func (a *app) makeEncounter(arg, sysID, party, title string) (path, what string, err error) {
	if path, err = cmdline.FilePath(arg); err != nil {
		return "", "", err
	}
	if !strings.EqualFold(filepath.Ext(path), ".toml") {
		return "", "", cmdline.Usagef("an encounter file's name must end in .toml, not %q", filepath.Base(path))
	}
	var s rules.System
	if sysID == "" && party != "" {
		if s, err = a.partySystem(party); err != nil {
			return "", "", err
		}
	} else if s, err = a.lookupSystem(sysID); err != nil {
		return "", "", err
	}
	// An existing file is refused before the lock is asked for: held by
	// an open tracker, the lock's refusal would send the GM to close the
	// fight only to hear next that the name is taken. Checked again under
	// the lock, which a file made meanwhile meets.
	if _, err := os.Stat(path); err == nil {
		return "", "", existsError(path, arg)
	}
	sess, done, err := a.openFile(path)
	if err != nil {
		return "", "", err
	}
	defer done()
	if sess.Exists() {
		return "", "", existsError(path, arg)
	}
	e := model.New(s.ID(), newSeed())
	e.Title = title
	what = "an empty " + s.Name() + " encounter"
	if party != "" {
		t := rules.NewTracker(e, s)
		t.SetLibrary(a.library())
		res, err := t.Apply("party add " + rules.Quote(party))
		if err != nil {
			return "", "", err
		}
		e = t.E
		what = rules.Article(s.Name()) + " " + s.Name() + " encounter: " + lastEvent(res)
	}
	if err := sess.Create(e); err != nil {
		return "", "", err
	}
	return path, what, nil
}

// existsError is fray new's refusal of a name already taken.
func existsError(path, arg string) error {
	return fmt.Errorf("%s already exists; open it with: fray %s", path, arg)
}

// lastEvent is the first event a command logged, for a one-line report.
func lastEvent(r rules.Result) string {
	for _, en := range r.Entries {
		if en.Kind == model.KindEvent {
			return en.Text
		}
	}
	return r.Message
}

// usageOr reports a usage mistake as one (status 2), anything else as a
// failure.
func (a *app) usageOr(err error) int {
	if !cmdline.IsUsage(err) {
		a.lastErr = err
	}
	return cmdline.UsageOr(a.stderr, err)
}

func (a *app) show(arg string, withLog bool) int {
	path, err := cmdline.ExistingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	e, s, stale, err := saves.LoadWithJournal(path, a.reg)
	if err != nil {
		return a.failLoad(err)
	}
	out := rules.Text(e, s)
	if withLog {
		out += "\nLog:\n" + rules.LogTextWidth(e.WholeLog(), cmdline.TermWidth(a.stdout))
	}
	fmt.Fprint(a.stdout, out)
	if stale {
		cmdline.Sayf(a.stderr, "the last fray on %s stopped before saving everything; open it (fray %s) to bring the rest back", path, path)
	}
	return 0
}

// script is `fray run`: apply every command of a script, all of them or
// none, and save.
func (a *app) script(arg, script string) int {
	path, err := cmdline.ExistingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	var src []byte
	if script == "-" {
		src, err = io.ReadAll(a.stdin)
	} else {
		src, err = os.ReadFile(script)
	}
	if err != nil {
		return a.fail(fmt.Errorf("cannot read the script: %w", err))
	}
	sess, done, err := a.openFile(path)
	if err != nil {
		return a.fail(err)
	}
	defer done()
	t, err := a.load(sess)
	a.releaseGC()
	if err != nil {
		return a.failLoad(err)
	}
	t.SetLibrary(a.library())
	lines := strings.Split(string(src), "\n")
	// The first failing line leaves the file as it was, so no line needs
	// taking back unless the script itself undoes: without history each
	// line costs only itself (10,000 adds in well under two seconds).
	t.SetHistory(slices.ContainsFunc(lines, func(l string) bool { return strings.TrimSpace(l) != "" && isUndoRedo(l) }))
	out := bufio.NewWriter(a.stdout)
	defer out.Flush()
	width := cmdline.TermWidth(a.stdout) // a terminal's; 0 for a file or a pipe
	for i, line := range lines {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		res, err := t.Apply(line)
		if err != nil {
			out.Flush()
			fmt.Fprintf(a.stderr, "line %d: %v\n", i+1, err)
			cmdline.Sayf(a.stderr, "%s was not changed", path)
			return 1
		}
		if isUndoRedo(line) {
			fmt.Fprintf(out, "> %s\n  %s\n", line, res.Message)
			continue
		}
		out.WriteString(rules.LogTextWidth(res.Entries, width))
	}
	if t.Version() == 0 {
		return 0 // nothing was applied: leave the file untouched
	}
	if err := t.CheckRanges(); err != nil {
		out.Flush()
		cmdline.Sayf(a.stderr, "the script would leave a number fray cannot keep: %v", err)
		cmdline.Sayf(a.stderr, "%s was not changed", path)
		return 1
	}
	if err := sess.Save(t.E, t.Version()); err != nil {
		out.Flush()
		return a.fail(err)
	}
	return 0
}

func isUndoRedo(line string) bool {
	w := strings.ToLower(strings.Fields(line)[0])
	return w == "undo" || w == "redo"
}

// open is `fray FILE`: the tracker on FILE, created first if missing.
func (a *app) open(arg, sysID string, physical bool) int {
	path, err := cmdline.FilePath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	if ok, err := cmdline.Exists(path); err == nil && !ok {
		switch {
		case cmdline.IsBare(arg):
			// A name fray does not know: a mistyped command, or a fight
			// not made yet.
			return cmdline.ReportUsage(a.stderr, cmdline.Usagef("no encounter called %q in %s%s (fray ls lists them; fray new %s makes it; commands: %s)",
				arg, filepath.Dir(path), cmdline.NearestFight(arg, path), arg, strings.Join(cmdline.Subcommands, ", ")))
		case !strings.EqualFold(filepath.Ext(path), ".toml"):
			return cmdline.ReportUsage(a.stderr, cmdline.Usagef("%s does not exist; to create an encounter, give a FILE ending in .toml", path))
		}
	}
	code := a.openPath(path, sysID, physical, true)
	if a.readAgain {
		// The screen drew the fight before its big log was checked, and
		// the log was not one the lean reader takes: nothing was written;
		// read it whole now, which opens it or names the problem.
		a.readAgain = false
		code = a.openPath(path, sysID, physical, false)
	}
	return code
}

// openPath is open once the path is known; with later, a big log is
// checked after the first frame (saves.Session.CheckLogLater).
func (a *app) openPath(path, sysID string, physical, later bool) int {
	sess, done, err := a.openFile(path)
	if err != nil {
		return a.fail(err)
	}
	defer done()
	if later {
		sess.CheckLogLater()
	}
	if sess.Exists() {
		return a.trackOpening(sess, sysID, physical, a.failLoad)
	}
	t, err := a.load(sess)
	if errors.Is(err, fs.ErrNotExist) {
		s, err := a.lookupSystem(sysID)
		if err != nil {
			return cmdline.ReportUsage(a.stderr, err)
		}
		e := model.New(s.ID(), newSeed())
		if err := sess.Create(e); err != nil {
			return a.fail(err)
		}
		// The tracker's screen covers the terminal at once: the status
		// line is where this is read.
		a.note = fmt.Sprintf("%s did not exist; created an empty %s encounter there", path, s.Name())
		return a.track(sess, rules.NewTracker(e, s), physical)
	}
	if err != nil {
		return a.failLoad(err)
	}
	a.systemNote(sysID, path, t)
	return a.track(sess, t, physical)
}

// systemNote notes a --system that the file's own system overrides.
func (a *app) systemNote(sysID, path string, t *rules.Tracker) {
	if sysID != "" && !strings.EqualFold(sysID, t.Sys.ID()) {
		a.note = fmt.Sprintf("--system %s ignored: %s holds %s %s encounter", sysID, path, rules.Article(t.Sys.Name()), t.Sys.Name())
	}
}

// trackOpening is track for a fight on disk that is read while the
// screen starts (tui.RunOpening): a big file's reading then shares the
// wait for Bubble Tea's first frame instead of coming before it. A
// problem reading it goes to failed once the screen is gone.
func (a *app) trackOpening(sess *saves.Session, sysID string, physical bool, failed func(error) int) int {
	var finish func()
	err := runOpening(func() (*rules.Tracker, tui.Options, error) {
		sess.SetLibrary(a.library()) // a journal's commands may add from templates
		a.holdGC()
		t, err := sess.Load(a.reg)
		if err != nil {
			return nil, tui.Options{}, err
		}
		a.systemNote(sysID, sess.Path(), t)
		opt, fin, err := a.prepare(sess, t, physical)
		finish = fin
		return t, opt, err
	}, a.noMouse)
	if finish != nil {
		finish()
	}
	if note := sess.Note(); note != "" { // the status line said it too
		cmdline.Sayf(a.stderr, "%s", note)
	}
	var oe *tui.OpenError
	switch {
	case errors.As(err, &oe):
		return failed(oe.Err)
	case errors.Is(err, saves.ErrReadAgain):
		a.readAgain = true // open reads the file again
	case err != nil:
		return a.fail(err)
	}
	return 0
}

// demo is a bare `fray`: the tracker on a built-in demo kept in the data
// folder, built from its script the first time (or with --fresh).
func (a *app) demo(name string, fresh, physical bool) int {
	s, d, err := rules.FindDemo(a.reg, name)
	if err != nil {
		return cmdline.ReportUsage(a.stderr, err)
	}
	dir, err := saves.EnsureDir()
	if err != nil {
		return a.fail(err)
	}
	path := filepath.Join(dir, "demo-"+d.Name+".toml")
	sess, done, err := a.openFile(path)
	if err != nil {
		return a.fail(err)
	}
	defer done()
	if sess.Exists() && !fresh {
		return a.trackOpening(sess, "", physical, func(err error) int {
			fmt.Fprintln(a.stderr, err)
			cmdline.Sayf(a.stderr, "run fray --demo %s --fresh to set the demo up again", d.Name)
			return 1
		})
	}
	e, err := rules.BuildDemo(s, d.Name, newSeed())
	if err != nil {
		return a.fail(err)
	}
	if err := sess.Create(e); err != nil {
		return a.fail(err)
	}
	return a.track(sess, rules.NewTracker(e, s), physical)
}

// track runs the tracker on an encounter that is already on disk. Every
// command goes to the session's journal before the screen shows it; the
// file is saved after commands and once more on the way out if needed.
func (a *app) track(sess *saves.Session, t *rules.Tracker, physical bool) int {
	opt, finish, err := a.prepare(sess, t, physical)
	if err != nil {
		return a.fail(err)
	}
	defer finish()
	if err := runTUI(t, opt); errors.Is(err, saves.ErrReadAgain) {
		a.readAgain = true // open reads the file again
	} else if err != nil {
		return a.fail(err)
	}
	return 0
}

// prepare readies a fight read from sess for the screen (track) and
// returns the screen's options, and finish, to call once the screen has
// gone.
func (a *app) prepare(sess *saves.Session, t *rules.Tracker, physical bool) (opt tui.Options, finish func(), err error) {
	// The clock starts again now (the time the file spent closed does not
	// count), and before the journal starts: the journal replays from the
	// encounter as it stands then, mark of the clock included, so that a
	// crash brings back the times the screen showed.
	// The journal's base, a copy of the whole fight, is written in the
	// background: the first frame does not wait for it, a command does.
	t.SetClock(rules.WallClock)
	if err := sess.BeginJournal(t.Snapshot()); err != nil { // the snapshot: saves then encode only what changes
		return tui.Options{}, nil, err
	}
	t.SetPhysical(physical)
	t.SetLibrary(a.library())
	// Which file is open is noted beside the screen, not before it: the
	// note's write and its flushes cost milliseconds.
	remembered := make(chan func(), 1)
	go func() {
		if sess.LogChecked() != nil {
			remembered <- func() {} // the file is read again, whole: noted then if it opens
			return
		}
		remembered <- a.remembering(sess.Path())
	}()
	a.current = sess.Path()
	note := sess.Note()
	if a.note != "" {
		note, a.note = strings.TrimSuffix(a.note+" · "+note, " · "), ""
	}
	// The collector runs as usual again once the first frame is drawn
	// (holdGC), at fray's pace (gcpace; a fight made here, as
	// the demo is the first time, was not held), off the event loop: the
	// screen calls Started from a command.
	held, prev := a.gcHeld, a.gcPrev
	a.gcHeld = false
	release := sync.OnceFunc(func() {
		if held {
			gcpace.Pace(prev)
		} else {
			gcpace.Set()
		}
	})
	finish = func() {
		release()
		(<-remembered)()
	}
	opt = tui.Options{Path: sess.Path(), Store: sess, Physical: physical, NoMouse: a.noMouse, Note: note, Fights: fights{a, sess.Path()}, Started: release,
		SaveAs:    func(path string, e *model.Encounter) error { return a.saveAs(sess, path, e) },
		Reload:    func(e *model.Encounter, ver int) error { return a.takeEdit(sess, e, ver) },
		Overwrite: sess.SetAsideEdit,
		Watchers:  func() int { return saves.Watchers(sess.Target()) },
		Report:    func(e *model.Encounter) (string, error) { return reportBeside(sess.Target(), e, t.Sys) }}
	return opt, finish, nil
}

// takeEdit is :reload, for a GM who edited the open file outside fray:
// if the edited file loads, fray's fight (e, at tracker version ver) is
// kept in NAME.recovered.toml and the file is opened again once the
// screen has quit, saying so on its status line.
func (a *app) takeEdit(sess *saves.Session, e *model.Encounter, ver int) error {
	if err := sess.Changed(); err == nil {
		return fmt.Errorf("%s has not changed outside fray: there is no edit to reload", filepath.Base(sess.Path()))
	} else if !errors.As(err, new(*saves.ChangedError)) {
		return err
	}
	if _, _, err := saves.Load(sess.Target(), a.reg); err != nil {
		var se *saves.Error
		if errors.As(err, &se) {
			se.File = filepath.Base(sess.Path()) // the status line has room for the name only
		}
		return fmt.Errorf("%w · fix it and :reload again, or :overwrite", err)
	}
	aside, err := sess.SetAsideOurs(e, ver)
	if err != nil {
		return fmt.Errorf("cannot keep fray's fight aside, so the edit was not taken: %w", err)
	}
	a.next = sess.Path()
	a.note = fmt.Sprintf("took the edit to %s; fray's fight as it stood is in %s", filepath.Base(sess.Path()), aside)
	return nil
}

// saveAs writes the encounter to a new file, for a GM quitting while its
// own file cannot be saved.
func (a *app) saveAs(from *saves.Session, path string, e *model.Encounter) error {
	if !strings.EqualFold(filepath.Ext(path), ".toml") {
		return fmt.Errorf("an encounter file's name must end in .toml, not %q", filepath.Base(path))
	}
	if t, err := saves.Resolve(path); err == nil && t == from.Target() {
		return fmt.Errorf("%s is the file that cannot be saved; choose another", path)
	}
	sess, err := saves.Open(path)
	if err != nil {
		return err
	}
	defer sess.Close()
	if sess.Exists() {
		return fmt.Errorf("%s already exists; choose a new name", path)
	}
	return sess.Create(e)
}
