package swords

import _ "embed"

//go:embed templates.toml
var starter []byte

// StarterTemplates implements rules.Starter: the demos' fighters and
// armies.
func (*System) StarterTemplates() []byte { return starter }
