// Package savestest holds what tests outside saves share to set up a
// fight on disk. It is imported only by tests.
package savestest

import (
	"path/filepath"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems/bigfight"
	"fray/saves"
)

// BigFile builds bigfight's fight of n combatants and logLen log entries
// in sys (seed picks its dice) and saves it as big.toml in a folder of
// tb's own. It returns the fight as built and the file's path.
func BigFile(tb testing.TB, sys rules.System, n, logLen int, seed uint64) (*model.Encounter, string) {
	tb.Helper()
	e, err := bigfight.Build(sys, n, logLen, seed)
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(tb.TempDir(), "big.toml")
	if err := saves.Save(path, e); err != nil {
		tb.Fatal(err)
	}
	return e, path
}
