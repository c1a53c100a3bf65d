// Command bigfight writes a large encounter file for speed measurements:
// a system's first demo with its combatants repeated to -n, the fight
// started, and the log filled to -log entries (see package bigfight).
//
//	go run ./tools/bigfight -system arm5 -n 1000 -log 10000 big.toml
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
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: bigfight [-system ID] [-n N] [-log N] [-seed N] FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*sysID, *n, *logLen, *seed, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "bigfight:", err)
		os.Exit(1)
	}
}

func run(sysID string, n, logLen int, seed uint64, path string) error {
	sys, err := systems.Default().Lookup(sysID)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s exists; not replacing it", path)
	}
	e, err := bigfight.Build(sys, n, logLen, seed)
	if err != nil {
		return err
	}
	return saves.Save(path, e)
}
