package osr

import _ "embed"

//go:embed templates.toml
var starter []byte

// StarterTemplates implements rules.Starter: the demo's adventurers and
// goblins, and the magic-user of the source's example.
func (*System) StarterTemplates() []byte { return starter }
