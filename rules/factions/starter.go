package factions

import _ "embed"

//go:embed templates.toml
var starter []byte

// StarterTemplates implements rules.Starter: the demo's travellers and
// bandits, and the source's wyrm.
func (*System) StarterTemplates() []byte { return starter }
