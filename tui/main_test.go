package tui

import (
	"testing"

	"fray/internal/gcpace"

	"fray/rules/rulestest"
)

// TestMain runs the tests with model.CheckLending on (rulestest.Main), so
// that a sheet changed without OwnSheet on the screen's paths too fails
// the test that does it; and at the collector's pace fray runs a fight
// at (gcpace), so that the benchmarks time the keys with the collections
// fray makes.
func TestMain(m *testing.M) {
	gcpace.Set()
	rulestest.Main(m)
}
