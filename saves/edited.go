package saves

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fray/model"
)

// A file edited by hand while fray holds it open. A GM may fix a number
// in an editor while the fight is open; fray's next save would throw that
// edit away. So a session remembers the file it last read or wrote
// (which file, its size and time), and before a save checks that the
// file there is still that one, as an editor does. When it is not, the
// save is refused with a *ChangedError and the GM chooses: take the edit
// (SetAsideOurs keeps fray's fight in NAME.recovered.toml, then the file
// is opened again) or keep fray's (SetAsideEdit keeps the edit in
// NAME.edited.toml, then saves may write again). Either way nothing is
// lost, and meanwhile the journal keeps every command.

// ChangedError is a save refused because the file is no longer the one
// fray last read or wrote: another program changed it meanwhile.
type ChangedError struct{ File string }

func (e *ChangedError) Error() string {
	return e.File + " was changed outside fray since fray saved it"
}

// onDisk is what a session knows of its file as it last read or wrote it.
type onDisk struct {
	fi     fs.FileInfo // nil: nothing known, so nothing to check
	sum    uint32      // the CRC-32 of its bytes, if hasSum
	hasSum bool
}

// noteOnDisk remembers the file just read or written: f, the file itself
// (the new file of a save, before or after it took the name), or nil to
// look at the name. sum is its bytes' CRC-32 if hasSum. Called with mu
// held.
func (s *Session) noteOnDisk(f *os.File, sum uint32, hasSum bool) {
	var fi fs.FileInfo
	var err error
	if f != nil {
		fi, err = f.Stat()
	} else {
		fi, err = os.Stat(s.target)
	}
	if err != nil {
		fi = nil
	}
	s.disk = onDisk{fi: fi, sum: sum, hasSum: hasSum}
}

// Changed returns a *ChangedError if the file is not the one this session
// last read or wrote (the same file, size and time of change; a file
// rewritten with the very bytes fray wrote counts as unchanged). A file
// that is gone is not changed: a save writes it again.
func (s *Session) Changed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed()
}

// changed is Changed with mu held.
func (s *Session) changed() error {
	was := s.disk
	if was.fi == nil {
		return nil
	}
	now, err := os.Stat(s.target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case sameVersion(was.fi, now):
		return nil
	}
	if was.hasSum && now.Size() == was.fi.Size() {
		// Written again as it was (an editor's save with no change).
		if data, err := os.ReadFile(s.target); err == nil && crc32.ChecksumIEEE(data) == was.sum {
			s.disk.fi = now
			return nil
		}
	}
	return &ChangedError{File: s.path}
}

// SetAsideEdit keeps fray's fight over an edit made outside it: the
// edited file is copied to NAME.edited.toml (or NAME.edited-2.toml…),
// whose name it returns, and the next save writes over the file. It
// returns "" if the file has not changed.
func (s *Session) SetAsideEdit() (string, error) {
	s.saving.Lock()
	defer s.saving.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	var ce *ChangedError
	if err := s.changed(); !errors.As(err, &ce) {
		return "", err
	}
	data, err := ReadFile(s.target, maxFileSize, "an encounter")
	if err != nil {
		return "", err
	}
	name, err := besideFree(s.target, "edited", func(path string) error { return writeAtomic(path, data) })
	if err != nil {
		return "", fmt.Errorf("cannot keep the edit to %s aside: %w", s.path, err)
	}
	s.disk = onDisk{}
	return name, nil
}

// SetAsideOurs keeps fray's fight, e at tracker version ver, in
// NAME.recovered.toml (or NAME.recovered-2.toml…) before the edited file
// is opened again in its place, and returns that name. Closing the
// session then drops the journal: its commands are in that file.
func (s *Session) SetAsideOurs(e *model.Encounter, ver int) (string, error) {
	if err := s.LogChecked(); err != nil {
		return "", err
	}
	name, err := s.saveAside(e)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	s.asideVer = max(s.asideVer, ver)
	s.mu.Unlock()
	return name, nil
}

// besideFree writes a new file NAME.WHAT.toml (or NAME.WHAT-2.toml…)
// beside target with write and returns its base name.
func besideFree(target, what string, write func(path string) error) (string, error) {
	path, err := firstFree(strings.TrimSuffix(target, filepath.Ext(target))+"."+what+".toml", write)
	return filepath.Base(path), err
}
