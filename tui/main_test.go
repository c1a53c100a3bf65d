package tui

import (
	"testing"

	"fray/rules/rulestest"
)

// TestMain runs the tests with model.CheckLending on (rulestest.Main), so
// that a sheet changed without OwnSheet on the screen's paths too fails
// the test that does it.
func TestMain(m *testing.M) { rulestest.Main(m) }
