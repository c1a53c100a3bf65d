package arm5

import _ "embed"

//go:embed templates.toml
var starter []byte

// StarterTemplates implements rules.Starter: the people of the source's
// examples, as the demos field them.
func (*System) StarterTemplates() []byte { return starter }
