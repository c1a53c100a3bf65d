// Command bigfight writes a large encounter file for speed measurements:
// a system's first demo with its combatants repeated to -n, the fight
// started, and the log filled to -log entries (see package bigfight).
//
//	go run ./tools/bigfight -system arm5 -n 1000 -log 10000 big.toml
//
// With -mounted (factions), half of each side rides the other half
// (bigfight.BuildMounted).
//
// It refuses to replace an existing file.
package main

import (
	"flag"
	"fmt"
	"os"

	"fray/rules/systems"
	"fray/rules/systems/bigfight"
	"fray/saves"
)

func main() {
	sysID := flag.String("system", "arm5", "rule system id")
	n := flag.Int("n", 1000, "number of combatants")
	logLen := flag.Int("log", 10000, "number of log entries")
	seed := flag.Uint64("seed", 1, "dice seed")
	mounted := flag.Bool("mounted", false, "factions: half of each side rides the other half")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: bigfight [-system ID] [-n N] [-log N] [-seed N] [-mounted] FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*sysID, *n, *logLen, *seed, *mounted, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "bigfight:", err)
		os.Exit(1)
	}
}

func run(sysID string, n, logLen int, seed uint64, mounted bool, path string) error {
	sys, err := systems.Default().Lookup(sysID)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists; not replacing it", path)
	}
	build := bigfight.Build
	if mounted {
		build = bigfight.BuildMounted
	}
	e, err := build(sys, n, logLen, seed)
	if err != nil {
		return err
	}
	return saves.Save(path, e)
}
