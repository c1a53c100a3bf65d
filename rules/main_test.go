package rules

import (
	"flag"
	"os"
	"testing"

	"fray/model"
)

// TestMain runs the tests with model.CheckLending on, as rulestest.Main
// does for the systems' tests (rulestest imports rules).
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		model.CheckLending = true
	}
	os.Exit(m.Run())
}
