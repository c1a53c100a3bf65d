package sst

import _ "embed"

//go:embed templates.toml
var starter []byte

// StarterTemplates implements rules.Starter: the demo's heroes and
// goblins, and the source's goblins and follower.
func (*System) StarterTemplates() []byte { return starter }
