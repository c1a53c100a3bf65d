package saves

import (
	"testing"

	"fray/rules/systems"
)

// FuzzTemplates: no template or party file, however broken, may panic.
func FuzzTemplates(f *testing.F) {
	for _, s := range []string{
		"version = 1\nsystem = \"osr\"\n[[template]]\nname = \"Goblin\"\nside = \"goblins\"\n[template.sheet]\nhp = \"1d8\"\nac = 13\n",
		"[[template]]\nname = \"G\"\ninit = \"2d0\"\nx = {a = [1, 2.5, 1979-05-27]}\n",
		"system = \"osr\"\nname = \"Crew\"\n[[member]]\nname = \"Odo\"\nconditions = [{label = \"x\", expires = 0}]\n[member.sheet]\nhp = 3\n",
		"[[template]]\nname = \"G\"\n[template.sheet]\nweapons = \"spear 1d6\"\n",
	} {
		f.Add(s)
	}
	reg := systems.Default()
	sys, _ := reg.Lookup("osr")
	lib := NewLibrary(f.TempDir(), reg)
	f.Fuzz(func(t *testing.T, src string) {
		if tf, err := decodeTemplates("t.toml", []byte(src), sys); err == nil {
			tf.encode(sys) // what is read can be written back
		}
		_, _ = lib.decodeParty("p.toml", []byte(src))
	})
}
