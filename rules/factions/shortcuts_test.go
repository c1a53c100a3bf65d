package factions

import (
	"testing"

	"fray/rules/rulestest"
)

// Every shortcut names one of the system's commands, no key is listed
// twice or taken from the screen, and a key that opens the command line
// says so.
func TestShortcutsNameVerbs(t *testing.T) { rulestest.Shortcuts(t, New()) }
