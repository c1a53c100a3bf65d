package saves

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// countOpens counts, until the test ends, how often each file is opened
// to be read.
func countOpens(t *testing.T) map[string]int {
	t.Helper()
	var mu sync.Mutex
	opens := map[string]int{}
	was := openRead
	openRead = func(path string) (*os.File, error) {
		mu.Lock()
		opens[filepath.Base(path)]++
		mu.Unlock()
		return was(path)
	}
	t.Cleanup(func() { openRead = was })
	return opens
}

// TestListReadsEachFileOnce: the library of fights sums up each file and
// checks that it would open from one reading of it, a sound file, one
// broken below its head and one that is not an encounter alike.
func TestListReadsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	e := bigFight(12, 20)
	good := encode(t, e)
	bad := strings.Replace(string(good), "might = 3", `might = "lots"`, 1)
	if bad == string(good) {
		t.Fatal("no might to break")
	}
	for name, text := range map[string]string{"good.toml": string(good), "bad.toml": bad, "junk.toml": "garbage\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opens := countOpens(t)
	sums, err := List(dir, testReg(t), "")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sums {
		if (s.Name == "good") != (s.Err == nil) {
			t.Errorf("%s: %v", s.Name, s.Err)
		}
		if n := opens[s.Name+".toml"]; n != 1 {
			t.Errorf("%s was opened %d times, want once", s.Name, n)
		}
	}
}
