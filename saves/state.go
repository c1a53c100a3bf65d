package saves

import (
	"errors"
	"io/fs"
	"path/filepath"
)

// fray remembers the encounter opened last in DATA/.state.toml (hidden,
// so that no list of fights shows it), so that a bare `fray` takes the GM
// back to the fight in progress:
//
//	# fray's own record: the encounter opened last (a bare fray reopens it).
//	last = "/home/gm/.local/share/fray/crypt.toml"

// stateFile is where the record lives in a data folder.
func stateFile(dir string) string { return filepath.Join(dir, ".state.toml") }

// LastOpened returns the encounter opened last from the data folder dir,
// or "" when there is none on record (the very first run).
func LastOpened(dir string) (string, error) {
	path := stateFile(dir)
	data, err := ReadFile(path, 1<<16, "fray's state file")
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	root, err := parseTree(path, string(data))
	if err != nil {
		return "", err
	}
	n := root.get("last")
	if n == nil {
		return "", nil
	}
	d := &decoder{name: path}
	return d.plain(n, "last")
}

// SetLastOpened records path (made absolute) as the encounter opened last.
func SetLastOpened(dir, path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	b := []byte("# fray's own record: the encounter opened last (a bare fray reopens it).\n")
	b = appendStr(b, "last", abs)
	return writeFile(stateFile(dir), b)
}
