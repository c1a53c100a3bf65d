package rules

import (
	"fmt"
	"strings"
)

// What players may see of a fight. The player view (fray watch, fray
// serve) shows the turn order without the game master's secrets: hidden
// combatants not at all, and foes' harm as the reveal option allows.

// Reveal is how much of the foes' harm the players see.
type Reveal string

// The values of the reveal option.
const (
	RevealNone    Reveal = "none"    // nothing of the foes' harm
	RevealWords   Reveal = "words"   // the shared harm words: unhurt … dead
	RevealNumbers Reveal = "numbers" // what the game master sees
)

// coreOptions are the options of every encounter, whatever its system.
func coreOptions() []Option {
	return []Option{{
		Key: "reveal", Default: string(RevealWords),
		Values: []string{string(RevealNone), string(RevealWords), string(RevealNumbers)},
		Help:   "what the player view (fray watch, fray serve) shows of foes' harm: none, words (unhurt, hurt, badly hurt, out, dead) or numbers (as the GM sees them)",
	}}
}

// AllOptions lists the options an encounter of system s takes: the
// system's own, then those every system shares (reveal). A system's
// option of the same name stands in for the shared one.
func AllOptions(s System) []Option {
	own := s.Options()
	out := append([]Option(nil), own...)
	for _, o := range coreOptions() {
		if !hasOption(own, o.Key) {
			out = append(out, o)
		}
	}
	return out
}

func hasOption(opts []Option, key string) bool {
	for _, o := range opts {
		if o.Key == key {
			return true
		}
	}
	return false
}

// RevealOf returns the encounter's reveal option.
func RevealOf(options map[string]string) Reveal {
	switch r := Reveal(options["reveal"]); r {
	case RevealNone, RevealNumbers:
		return r
	}
	return RevealWords
}

// parseYes reads a yes/no field value.
func parseYes(key, v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "yes", "y", "true", "on", "1":
		return true, nil
	case "no", "n", "false", "off", "0":
		return false, nil
	}
	return false, fmt.Errorf("%s takes yes or no, not %q", key, v)
}
