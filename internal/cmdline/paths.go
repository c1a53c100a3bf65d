package cmdline

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fray/rules"
	"fray/saves"
)

// Where a FILE argument points: a bare name (crypt) is an encounter in
// the data folder, DATA/crypt.toml; a path with a folder in it, or one
// ending in .toml, is that file, where it says.

// IsBare reports whether a FILE argument is a bare name.
func IsBare(arg string) bool {
	return !strings.ContainsAny(arg, `/\`) && !strings.EqualFold(filepath.Ext(arg), ".toml") && arg != "." && arg != ".."
}

// FilePath turns a FILE argument into the file it names; a bare name is
// put in the data folder, which is made if need be.
func FilePath(arg string) (string, error) {
	if !IsBare(arg) {
		return arg, nil
	}
	if strings.TrimSpace(arg) == "" || strings.HasPrefix(arg, ".") {
		return "", Usagef("%q is no encounter name: give a name such as crypt, or a path", arg)
	}
	dir, err := saves.EnsureDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, arg+".toml"), nil
}

// ExistingPath is FilePath for the commands that read a fight (show, run,
// watch, serve, report): a bare name with no file behind it is a slip of
// the command line, answered as opening one is, with the name meant.
func ExistingPath(arg string) (string, error) {
	path, err := FilePath(arg)
	if err != nil || !IsBare(arg) {
		return path, err
	}
	if ok, err := Exists(path); err != nil || ok {
		return path, nil
	}
	return "", Usagef("no encounter called %q in %s%s (fray ls lists them)", arg, filepath.Dir(path), NearestFight(arg, path))
}

// NearestFight is ": did you mean NAME?" for the fight in path's folder
// whose name arg is a slip of, or "".
func NearestFight(arg, path string) string {
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.toml"))
	names := make([]string, 0, len(files))
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)))
	}
	return rules.DidYouMean(arg, names)
}

// Exists reports whether path names something on disk.
func Exists(path string) (bool, error) {
	_, err := os.Stat(path)
	if err == nil {
		return true, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return false, err
}
