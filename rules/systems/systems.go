// Package systems lists the rule systems fray ships, in one place.
package systems

import (
	"fmt"

	"fray/rules"
	"fray/rules/arm5"
	"fray/rules/factions"
	"fray/rules/osr"
	"fray/rules/sst"
	"fray/rules/swords"
)

// Default returns a registry holding every system fray ships.
func Default() *rules.Registry {
	r := &rules.Registry{}
	for _, s := range []rules.System{arm5.New(), factions.New(), osr.New(), sst.New(), swords.New()} {
		if err := r.Register(s); err != nil {
			// Only two systems with one id can cause this: a programming
			// error caught by this package's test, never by user input.
			panic(fmt.Sprintf("systems: %v", err))
		}
	}
	return r
}
