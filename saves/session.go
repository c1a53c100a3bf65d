package saves

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"fray/model"
	"fray/rules"
)

// Session is an encounter file opened by this fray to be changed: the
// tracker, `fray run` and `fray new` all go through one. For as long as
// it is open it holds the file's lock, saves to the file the lock was
// taken for (so a link retargeted meanwhile changes nothing), and keeps
// the journal that brings back commands a crash cut off.
//
// Open takes the lock (Lock) and also flocks the encounter file itself:
// two hard links are two names of one file, which a lock file beside each
// name cannot see, but a lock on the file can. Each save's new file is
// locked before it replaces the old one.
type Session struct {
	path   string // as given, for messages
	target string // what saves write (Resolve)
	lock   *heldLock

	// Save encodes with enc, which re-encodes only what changed since the
	// last save (Encoder); saving holds saving, so that two saves never
	// share it.
	saving sync.Mutex
	enc    Encoder

	mu      sync.Mutex // guards what follows: saves run off the event loop
	held    *os.File   // the encounter file, flocked; nil if none
	data    fileText   // the file as opened or created: the journal's base
	read    readText   // the text the journal's base takes tables from (decodeApart), until it starts
	j       *journal
	fileVer int // the tracker version the file holds
	headVer int // the newest version recorded or saved
	note    string
	removed int    // stale temporary files removed on opening
	sp      spare  // the file saves write over, with a journal (spare.go)
	dirty   bool   // a save renamed a file in the folder, which is not flushed yet
	disk    onDisk // the file as last read or written (see edited.go)
	// asideVer is the newest version kept in another file (SetAsideOurs):
	// the journal need not keep it.
	asideVer int

	ready    chan struct{} // closed once a journal begun in the background started (BeginJournal)
	launch   func()        // starts it, once
	startErr error         // why it did not

	lib rules.Library // templates and parties for a journal's replay; nil: none

	// A big log's check, left running by Load (CheckLogLater); nothing
	// is written until it is done.
	later    bool
	logCheck *loggedAside
}

// ErrReadAgain is what a session whose Load left its log's check running
// (CheckLogLater) answers, instead of saving or starting its journal, when
// the log turned out not to be one the lean reader takes: a table written
// unusually, or a mistake. Nothing was written; close the session and load
// the file again without CheckLogLater, which reads it whole or names the
// problem and its line.
var ErrReadAgain = errors.New("the file's log must be read again, whole")

// CheckLogLater lets Load return before a big log is checked, for a screen
// that draws the fight at once: the log pane shows its last entries from
// the file's text meanwhile, and saves, the journal and commands recorded
// in it wait for the check (LogChecked). Call it before Load.
func (s *Session) CheckLogLater() { s.later = true }

// LogChecked waits for the check CheckLogLater left running, if any, and
// returns ErrReadAgain if the log did not read.
func (s *Session) LogChecked() error {
	s.mu.Lock()
	a := s.logCheck
	s.mu.Unlock()
	if a != nil && !a.wait() {
		return ErrReadAgain
	}
	return nil
}

// SetLibrary gives the session the data folder's templates and parties,
// which a journal's commands may have used (add 6 goblin, party add
// crew): Load replays them with it. Call it before Load.
func (s *Session) SetLibrary(lib rules.Library) { s.lib = lib }

// Open locks an encounter file for changing, which need not exist yet.
// It refuses a link to nothing, anything but a regular file, and a file
// that another fray has open by any name (a *LockedError). Temporary files
// that a fray killed in the middle of a save left beside it are removed.
func Open(path string) (*Session, error) {
	target, err := Resolve(path)
	if err != nil {
		return nil, err
	}
	l, err := lock(target)
	if err != nil {
		var le *LockedError
		if errors.As(err, &le) {
			le.File = path
		}
		return nil, err
	}
	s := &Session{path: path, target: target, lock: l}
	if err := s.holdFile(); err != nil {
		l.release()
		return nil, err
	}
	s.removed = removeStaleTemps(target)
	return s, nil
}

// holdFile flocks the encounter file, if it exists.
func (s *Session) holdFile() error {
	f, err := os.OpenFile(s.target, os.O_RDONLY|oNonBlock|oNoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot open %s: %w", s.path, err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return err
		}
		return &Error{File: s.path, Msg: notRegular(fi.Mode())}
	}
	held, supported, err := lockFile(f)
	switch {
	case err != nil:
		f.Close()
		return fmt.Errorf("cannot lock %s: %w", s.path, err)
	case supported && !held:
		f.Close()
		return &LockedError{File: s.path, OtherName: true}
	case !supported:
		f.Close()
		return nil
	}
	s.held = f
	return nil
}

// Path returns the path as it was given.
func (s *Session) Path() string { return s.path }

// Target returns the file saves write: the path with every link followed.
func (s *Session) Target() string { return s.target }

// Exists reports whether the encounter file is there.
func (s *Session) Exists() bool {
	_, err := os.Stat(s.target)
	return err == nil
}

// Note returns what opening had to say: commands brought back from a
// crash, temporary files removed. "" if nothing.
func (s *Session) Note() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.note
}

// Load reads the encounter and returns a tracker on it. If a journal is
// there, the last fray on this file died: its commands are replayed first
// and the result saved (see recoverJournal), and Note says what came back.
func (s *Session) Load(reg *rules.Registry) (*rules.Tracker, error) {
	var notes []string
	if s.removed > 0 {
		notes = append(notes, fmt.Sprintf("removed %s a crash left beside %s", rules.Plural(s.removed, "temporary file"), filepath.Base(s.path)))
	}
	if _, err := os.Lstat(journalPath(s.target)); err == nil {
		note, err := s.recoverJournal(reg)
		if err != nil {
			return nil, err
		}
		notes = append(notes, note)
	}
	s.note = strings.Join(notes, "; ")
	// A big log is read into a buffer of its own, which goes once the
	// log is packed (StartJournal); the rest's goes as the journal
	// starts, the encounter keeping copies of its text (strPool).
	data, err := readFileText(s.target, maxFileSize, "an encounter", true)
	if err != nil {
		var se *Error
		if errors.As(err, &se) {
			se.File = s.path
		}
		return nil, err
	}
	e, sys, read, pending, err := decodeApart(s.path, data, reg, s.later)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.logCheck = pending
	s.data, s.read, s.fileVer, s.headVer = data, read, 0, 0
	s.noteOnDisk(nil, 0, false) // not summed: that would cost every open
	s.mu.Unlock()
	return rules.NewTracker(e, sys), nil
}

// Create writes a new encounter to the file, over whatever is there (the
// caller checked), and drops any journal of a dead fray.
func (s *Session) Create(e *model.Encounter) error {
	if err := os.Remove(journalPath(s.target)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	s.mu.Lock()
	s.fileVer, s.headVer = 0, 0
	s.mu.Unlock()
	return s.Save(e, 0)
}

// Save writes the encounter as it stands at tracker version ver. With a
// journal, the save is recorded in it (and flushed) before the new file
// replaces the old, so that recovery can always tell which version the
// file holds. Saves run one at a time. Each encodes only what changed
// since the last (see Encoder), so e should be a tracker's Snapshot: its
// unchanged parts are the very ones saved before.
func (s *Session) Save(e *model.Encounter, ver int) error {
	if e == nil {
		return fmt.Errorf("cannot save %s: no encounter", s.path)
	}
	s.started() // a journal that could not start leaves the save without one
	if err := s.LogChecked(); err != nil {
		return err
	}
	s.saving.Lock()
	defer s.saving.Unlock()
	s.mu.Lock()
	j := s.j
	changed := s.changed() // an edit made outside fray is not saved over
	s.mu.Unlock()
	if changed != nil {
		return changed
	}
	var (
		kept     *os.File
		data     []byte // the file's bytes, kept only with no journal
		size     int
		sum      uint32
		recorded chan error // the save's journal record, flushed
	)
	// record writes the save's record in the journal, flushed while the
	// file is: both must be on the disk before the rename, in either
	// order (a record of a save that then failed names a file that never
	// took the name, which recovery passes over).
	record := func() {
		recorded = make(chan error, 1)
		go func() {
			err := j.add('s', savedRec{V: ver, Size: size, CRC: sum})
			if err == nil {
				err = j.sync()
			}
			recorded <- err
		}()
	}
	write := func(f io.Writer) (err error) {
		if j == nil {
			data = s.enc.Encode(e)
			size, sum = len(data), crc32.ChecksumIEEE(data)
			_, err = f.Write(data)
			return err
		}
		// Streamed from the encoder's parts: no copy of the whole file.
		if size, sum, err = s.enc.WriteTo(f, e); err != nil {
			return err
		}
		record()
		return nil
	}
	wait := func() error {
		if recorded == nil {
			return nil
		}
		err := <-recorded
		recorded = nil
		return err
	}
	// With a journal, saves go through the spare file (spare.go), and
	// the folder is not flushed after each rename: the journal, flushed
	// before it, brings back whatever a power cut takes from the rename
	// (the file then holds an earlier save it records), and the folder is
	// flushed once before the journal is deleted (Close).
	done, err := false, error(nil)
	if j != nil {
		done, err = s.saveSpare(func(f *os.File, holds int, had int64) (int, error) {
			// Only what differs from the output the spare holds is
			// written: from the first log entry added since, on.
			s.enc.prepare(e)
			from := s.enc.sameAs(holds, had)
			if _, err := f.Seek(int64(from), io.SeekStart); err != nil {
				return 0, err
			}
			var err error
			if size, sum, err = s.enc.emit(f, from); err != nil {
				return 0, err
			}
			record()
			return size, nil
		}, wait)
		if err != nil {
			wait() // the record's goroutine ends either way
		}
	}
	if !done {
		err = writeAtomicWith(s.target, func(f *os.File) error { return write(f) }, j == nil, func(f *os.File) (bool, error) {
			if err := wait(); err != nil {
				return false, err
			}
			// Lock the new file before it takes the name, so no other fray
			// can take it through another link in between.
			if held, supported, _ := lockFile(f); supported && held {
				kept = f
				return true, nil
			}
			return false, nil
		})
		if err != nil {
			wait()
		}
	}
	if err != nil {
		return fmt.Errorf("cannot save %s: %w", s.path, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if kept != nil {
		if s.held != nil {
			s.held.Close()
		}
		s.held = kept
	}
	if s.j == nil {
		s.data = fileText{around: data} // the base of a journal started later
	} else {
		s.dirty = true // the rename is not flushed yet
	}
	s.fileVer = ver
	s.headVer = max(s.headVer, ver)
	if done {
		kept = s.held // the spare that took the name (spare.go)
	}
	s.noteOnDisk(kept, sum, true)
	return nil
}

// StartJournal starts recording commands on e, the tracker's encounter
// as it stands at version 0. Call it once, after Load or Create and
// anything else that changes the encounter without a command (starting
// the clock), and before the first command: the journal begins with e,
// the state its commands replay from.
func (s *Session) StartJournal(e *model.Encounter) error {
	if e == nil {
		return fmt.Errorf("cannot start the journal of %s: no encounter", s.path)
	}
	if err := s.LogChecked(); err != nil {
		return err
	}
	// The base is encoded as saves encode, so the first save after it
	// writes only what changed (pass a tracker's Snapshot for that);
	// saving is held while the encoder is in use.
	s.saving.Lock()
	defer s.saving.Unlock()
	// A first pass encodes the base (the encoder keeps its parts) and
	// compares it with the file; the second streams it to the journal.
	same := &compareWriter{want: s.data.parts()}
	if s.read.b != nil {
		s.enc.shareTables(s.read.b)
	}
	size, sum, err := s.enc.WriteTo(same, e)
	if err != nil {
		return fmt.Errorf("cannot start the journal of %s: %w", s.path, err)
	}
	if fi, err := os.Stat(s.target); err == nil && same.equal() {
		s.sp.file, s.sp.fileAt = s.enc.seq, fi.ModTime() // the file is that output, byte for byte
	}
	switch {
	case s.read.cut:
		// The encounter's text is cut from the file's, which stays in
		// memory anyway: the encoder keeps its tables (and a small log's)
		// there too, rather than copies.
		s.enc.shareLog(s.read.b)
	case s.read.b != nil:
		// The encounter's text was copied out of the file's as it was
		// read (strPool), which can go now: the encoder keeps the tables
		// a save writes again in a block of its own, each different one
		// once (ownTables).
		s.enc.ownTables()
	}
	s.read = readText{}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.j != nil {
		return nil
	}
	mode := fs.FileMode(0)
	if fi, err := os.Stat(s.target); err == nil {
		mode = fi.Mode().Perm()
	}
	j, err := createJournal(s.target, size, sum, func(w io.Writer) error {
		_, _, err := s.enc.WriteTo(w, e)
		return err
	}, mode)
	if err == nil && s.data.around != nil && !same.equal() {
		// Closing with no command saved keeps the file as it is: what
		// changed (the clock's mark) is set again on the next open.
		// The file holds the state from before the base.
		err = j.add('s', savedRec{V: -1, Size: s.data.size(), CRC: s.data.crc()})
	}
	if err != nil {
		if j != nil {
			j.close(true)
		}
		return fmt.Errorf("cannot start the journal of %s: %w", s.path, err)
	}
	s.j, s.data = j, fileText{}
	// The journal holds the base: the log's archive is packed, on a
	// goroutine of its own (it takes milliseconds, and saves go on
	// meanwhile), and the file read can go. The collector last ran with
	// the file in memory (while it was read, or as the first frame was
	// drawn) and would let the heap grow to twice that before it looks
	// again: at 1000 combatants a heap of 10-11 MB instead of 6-7, the
	// process's peak. It runs once more now, off the screen's way.
	if a, ok := e.Archive.(*logArchive); ok {
		go func() {
			if a.pack() {
				runtime.GC()
			}
		}()
	}
	return nil
}

// BeginJournal is StartJournal off the caller's path: the journal's base
// (a copy of the whole encounter) is encoded and written in the
// background once LaunchJournal is called or something needs the journal,
// so that a big fight's first frame does not wait for it. e
// must never change afterwards: pass a tracker's Snapshot. Record, Sync,
// Save and Close wait until the journal is there, so a command typed
// meanwhile is still written to it before the screen shows it; if the
// journal could not be started, they return that error (Save then saves
// without one).
func (s *Session) BeginJournal(e *model.Encounter) error {
	if e == nil {
		return fmt.Errorf("cannot start the journal of %s: no encounter", s.path)
	}
	ready := make(chan struct{})
	s.mu.Lock()
	s.ready = ready
	s.launch = func() {
		go func() {
			err := s.StartJournal(e)
			s.mu.Lock()
			s.startErr = err
			s.mu.Unlock()
			close(ready)
		}()
	}
	s.mu.Unlock()
	return nil
}

// LaunchJournal starts writing the journal that BeginJournal began, if
// nothing needed it yet: the tracker's screen calls it once its first
// frame is drawn. A command recorded before launches it too.
func (s *Session) LaunchJournal() {
	s.mu.Lock()
	launch := s.launch
	s.launch = nil // once
	s.mu.Unlock()
	if launch != nil {
		launch()
	}
}

// started waits for a journal begun by BeginJournal and returns the
// error that stopped it starting, if any.
func (s *Session) started() error {
	s.mu.Lock()
	ready := s.ready
	s.mu.Unlock()
	if ready == nil {
		return nil
	}
	s.LaunchJournal()
	<-ready
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.startErr
}

// Record appends an applied command, which made tracker version ver, to
// the journal: one write, no flush (see Sync). It is cheap enough to call
// before the screen shows the command.
func (s *Session) Record(a rules.Applied, ver int) error {
	if err := s.started(); err != nil {
		return err
	}
	s.mu.Lock()
	j := s.j
	s.headVer = max(s.headVer, ver)
	s.mu.Unlock()
	if j == nil {
		return errors.New("no journal")
	}
	return j.add('c', cmdRec{V: ver, Applied: a})
}

// Sync flushes the journal to disk: every command recorded before the
// call is then safe from a power cut as well as from a crash.
func (s *Session) Sync() error {
	if err := s.started(); err != nil {
		return err
	}
	s.mu.Lock()
	j := s.j
	s.mu.Unlock()
	if j == nil {
		return nil
	}
	return j.sync()
}

// Close ends the session: the journal is deleted if the file holds every
// command recorded, else it stays so that the next open brings them back;
// then the lock is released.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.launch != nil {
		// Begun but never needed: no command was recorded, and the file
		// holds everything. The journal is not written at all.
		s.launch, s.ready = nil, nil
	}
	s.mu.Unlock()
	s.started()
	s.mu.Lock()
	defer s.mu.Unlock()
	var err error
	if s.j != nil {
		err = s.closeJournal(s.j, max(s.fileVer, s.asideVer) >= s.headVer)
		s.j = nil
	}
	s.closeSpare()
	if s.held != nil {
		s.held.Close()
		s.held = nil
	}
	if s.lock != nil {
		err = errors.Join(err, s.lock.release())
		s.lock = nil
	}
	return err
}

// closeJournal closes the journal and, if remove, deletes it, once the
// folder is flushed: the journal stands in for the flushes saves left out
// (see Save), so it goes only when the last rename is on the disk.
// Called with mu held, or before any save can run.
func (s *Session) closeJournal(j *journal, remove bool) error {
	if remove && s.dirty {
		if err := syncDir(filepath.Dir(s.target)); err != nil {
			return errors.Join(err, j.close(false))
		}
		s.dirty = false
	}
	return j.close(remove)
}

// compareWriter takes bytes and tells whether they were exactly want's
// parts, one after the other.
type compareWriter struct {
	want [3][]byte
	n    int // bytes of want[0] taken (the parts before it are done)
	diff bool
}

func (c *compareWriter) Write(p []byte) (int, error) {
	for q := p; !c.diff && len(q) > 0; {
		for len(c.want[0]) == c.n && (len(c.want[1]) > 0 || len(c.want[2]) > 0) {
			c.want, c.n = [3][]byte{c.want[1], c.want[2]}, 0
		}
		k := min(len(q), len(c.want[0])-c.n)
		c.diff = k == 0 || !bytes.Equal(c.want[0][c.n:c.n+k], q[:k])
		c.n += k
		q = q[k:]
	}
	return len(p), nil
}

func (c *compareWriter) equal() bool {
	return !c.diff && c.n == len(c.want[0]) && len(c.want[1]) == 0 && len(c.want[2]) == 0
}

// Unsaved returns how many tracker versions the file lacks.
func (s *Session) Unsaved() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(0, s.headVer-s.fileVer)
}

// recoverJournal replays the journal of a fray that died (the caller holds
// the lock, so its writer is gone), saves what it had, and deletes it.
// The file is compared with the saves the journal records:
//   - it holds the last version: nothing was lost;
//   - it holds an older one: the replayed encounter is saved over it;
//   - it is none of them (edited, or deleted, after the crash): it is left
//     alone, and the replayed encounter goes to NAME.recovered.toml.
//
// It returns a note for the game master.
func (s *Session) recoverJournal(reg *rules.Registry) (string, error) {
	jp := journalPath(s.target)
	jf, err := readJournal(jp)
	if err != nil {
		// A journal whose base never got written whole: its fray died
		// while opening, before any command.
		var se *Error
		if errors.As(err, &se) && strings.HasPrefix(se.Msg, "not a fray journal") {
			if rerr := os.Remove(jp); rerr != nil {
				return "", rerr
			}
			return "", nil
		}
		return "", err
	}
	e, sys, err := Decode(jp, jf.base, reg)
	if err != nil {
		return "", fmt.Errorf("cannot recover %s from its journal: %w", s.path, err)
	}
	t := rules.NewTracker(e, sys)
	if s.lib != nil {
		t.SetLibrary(s.lib)
	}
	var lost []string
	for i, c := range jf.cmds {
		if _, err := t.Replay(c.Applied); err != nil || t.Version() != c.V {
			for _, c := range jf.cmds[i:] {
				lost = append(lost, c.Line)
			}
			break
		}
	}
	final := t.Version()
	data, err := os.ReadFile(s.target)
	fileVer, known := jf.versionOf(data, err == nil)
	j, err := reopenJournal(jp, jf.end)
	if err != nil {
		return "", fmt.Errorf("cannot recover %s: %w", s.path, err)
	}
	var note string
	switch {
	case known && fileVer == final:
	case known && fileVer < final:
		s.mu.Lock()
		s.j, s.fileVer, s.headVer = j, fileVer, final
		s.mu.Unlock()
		if err := s.Save(t.E, final); err != nil {
			s.mu.Lock()
			s.j = nil
			s.mu.Unlock()
			j.close(false)
			return "", fmt.Errorf("fray stopped with changes not yet in %s and cannot save them now (%w); the journal keeps them", s.path, err)
		}
		if final > 0 {
			note = fmt.Sprintf("brought back %s that fray had made but not saved to %s when it stopped", rules.Plural(final-max(0, fileVer), "change"), filepath.Base(s.path))
		}
	case !known:
		if final == 0 && len(lost) == 0 {
			break // nothing was ever done in that session
		}
		name, err := s.saveAside(t.E)
		if err != nil {
			j.close(false)
			return "", fmt.Errorf("fray stopped with changes not yet in %s, which has changed since, and cannot save them aside: %w", s.path, err)
		}
		note = fmt.Sprintf("%s was changed outside fray; the fight as fray had it is in %s", filepath.Base(s.path), name)
	}
	s.mu.Lock()
	s.j = nil
	s.mu.Unlock()
	if len(lost) > 0 {
		name := strings.TrimSuffix(s.target, filepath.Ext(s.target)) + ".unreplayed.txt"
		if err := os.WriteFile(name, []byte(strings.Join(lost, "\n")+"\n"), 0o644); err != nil {
			j.close(false)
			return "", err
		}
		note += fmt.Sprintf("; %s could not be replayed: they are listed in %s", rules.Plural(len(lost), "command"), filepath.Base(name))
	}
	if err := s.closeJournal(j, true); err != nil {
		return "", err
	}
	return strings.TrimPrefix(note, "; "), nil
}

// saveAside writes an encounter to a new file NAME.recovered.toml (or
// NAME.recovered-2.toml…) beside the session's file and returns its name.
func (s *Session) saveAside(e *model.Encounter) (string, error) {
	return besideFree(s.target, "recovered", func(path string) error { return Save(path, e) })
}
