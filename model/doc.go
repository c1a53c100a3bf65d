// Package model holds an encounter in memory: its combatants, the round and
// turn, conditions with durations, and the log of everything that happened.
//
// It is pure Go with no terminal or file code, so every rule system, the save
// format and the TUI can share it and tests can drive it directly. A rule
// system keeps its own numbers in a Sheet, which model only clones and
// stores; the meaning of those numbers lives in package rules. A
// combatant's profile (and sheet) may be lent by the tracker's frozen
// state (lend.go): code changes one only after Combatant.OwnProfile (or
// OwnSheet).
package model
