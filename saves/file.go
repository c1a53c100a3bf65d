package saves

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"

	"fray/model"
	"fray/rules"
)

// Save writes an encounter to path atomically: it writes a temporary file
// in the same folder, flushes it to disk, renames it over path and flushes
// the folder. A crash or a full disk leaves either the old file or the new
// one, never half of one. The file keeps the old file's permissions, or
// gets 0644. If path is a symbolic link, the file it points to is replaced.
func Save(path string, e *model.Encounter) error {
	var buf bytes.Buffer
	if err := Encode(&buf, e); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, err)
	}
	if err := writeAtomic(path, buf.Bytes()); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, err)
	}
	return nil
}

func writeAtomic(path string, data []byte) (err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			if real, err := filepath.EvalSymlinks(path); err == nil {
				path = real
				fi, err = os.Stat(path)
				if err != nil {
					return err
				}
			}
		}
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir flushes a folder so that a rename in it survives a crash.
// Windows cannot open folders for this, and some file systems refuse it
// (EINVAL); the renamed file is in place either way, so those cases are
// not errors.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}

// Load reads an encounter file. It only reads: the file is never changed,
// even when it is wrong. Problems are *Error values naming the file and,
// where there is one, the line; a missing file gives an *Error that
// errors.Is(err, fs.ErrNotExist) recognises.
func Load(path string, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		msg := err.Error()
		var pe *fs.PathError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			msg = "no such file"
		case errors.As(err, &pe):
			msg = "cannot read it: " + pe.Err.Error()
		}
		return nil, nil, &Error{File: path, Msg: msg, err: err}
	}
	return Decode(path, data, reg)
}
