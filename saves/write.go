package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile writes data to path as Save writes an encounter: through a
// symbolic link to its target, atomically, so a reader sees the old file
// or the new one, never half of one. fray writes reports with it.
func WriteFile(path string, data []byte) error {
	target, err := Resolve(path)
	if err != nil {
		return err
	}
	return writeAtomic(target, data)
}

// WriteNew is WriteFile that never writes over a file: where path is
// taken, it writes to the first free of PATH-2.EXT, PATH-3.EXT…, and it
// returns the path written. fray keeps each report X writes with it.
func WriteNew(path string, data []byte) (string, error) {
	return firstFree(path, func(p string) error { return WriteFile(p, data) })
}

// firstFree calls write with path, or, where something of that name is
// there already, with the first free of PATH-2.EXT, PATH-3.EXT… (up to
// 999), and returns the path it wrote.
func firstFree(path string, write func(path string) error) (string, error) {
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	for i := 1; i < 1000; i++ {
		name := path
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, i, ext)
		}
		if _, err := os.Lstat(name); err == nil {
			continue
		} else if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		return name, write(name)
	}
	return "", fmt.Errorf("%s: too many files of that name already (up to %s-999%s)", path, filepath.Base(stem), ext)
}
