package saves

import (
	"os"
	"path/filepath"
	"runtime"
)

// DefaultDir returns the folder where fray keeps encounters:
//
//   - $FRAY_HOME if set (tests use it);
//   - else $XDG_DATA_HOME/fray if XDG_DATA_HOME is an absolute path;
//   - else, on macOS, ~/Library/Application Support/fray;
//     on Windows, %AppData%\fray; elsewhere ~/.local/share/fray.
//
// It does not create the folder; EnsureDir does.
func DefaultDir() (string, error) {
	if d := os.Getenv("FRAY_HOME"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "fray"), nil
	}
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "fray"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", "fray"), nil
}

// EnsureDir returns DefaultDir, creating it (mode 0755) if needed.
func EnsureDir() (string, error) {
	d, err := DefaultDir()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(d, 0o755); err != nil {
		return "", err
	}
	return d, nil
}
