package arm5_test

import (
	"testing"

	"fray/rules/rulestest"
)

// TestMain runs the tests with model.CheckLending on (rulestest.Main).
func TestMain(m *testing.M) { rulestest.Main(m) }
