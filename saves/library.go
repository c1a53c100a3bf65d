package saves

import (
	"fray/rules"
)

// Library is fray's data folder seen from the commands: the templates of
// each system (DATA/templates/SYSTEM/*.toml) and the parties
// (DATA/parties/NAME.toml). It implements rules.Library; every file it
// writes is written atomically, and every file it reads is checked, a
// problem named as FILE:LINE.
type Library struct {
	Dir string
	Reg *rules.Registry

	tcache *templateCache // set by NewLibrary; nil reads the files every time
}

var _ rules.Library = (*Library)(nil)

// NewLibrary returns the library of a data folder.
func NewLibrary(dir string, reg *rules.Registry) *Library {
	return &Library{Dir: dir, Reg: reg, tcache: &templateCache{bySystem: map[string]cachedTemplates{}}}
}

func (l *Library) system(id string) (rules.System, error) {
	if l.Reg == nil {
		return nil, &Error{File: l.Dir, Msg: "no rule systems are known"}
	}
	return l.Reg.Lookup(id)
}

// writeFile writes a template or party file atomically, through any link
// to the file it names (Resolve).
func writeFile(path string, data []byte) error {
	target, err := Resolve(path)
	if err != nil {
		return err
	}
	return writeAtomic(target, data)
}
