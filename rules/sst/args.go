package sst

import (
	"fmt"
	"slices"
	"strings"

	"fray/model"
	"fray/rules"
)

// args is a command's words: plain words and key=value options.
type args struct {
	plain []string
	kv    map[string]string
}

func parseArgs(words []string) args {
	plain, kvs := rules.SplitKV(words)
	a := args{kv: map[string]string{}}
	for _, w := range plain {
		a.plain = append(a.plain, w)
	}
	for _, kv := range kvs {
		a.kv[kv.Key] = kv.Value
	}
	return a
}

// flag removes a plain word (ignoring case) and reports whether it was there.
func (a *args) flag(name string) bool {
	for i, w := range a.plain {
		if strings.EqualFold(w, name) {
			a.plain = slices.Delete(a.plain, i, i+1)
			return true
		}
	}
	return false
}

func (a *args) num(key string, def int) (int, error) {
	v, ok := a.kv[key]
	if !ok {
		return def, nil
	}
	delete(a.kv, key)
	return rules.Int(key, v)
}

func (a *args) faces(key string) ([]int, error) {
	v, ok := a.kv[key]
	if !ok {
		return nil, nil
	}
	delete(a.kv, key)
	fs, err := ParseFaces(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return fs, nil
}

func (a *args) text(key string) string {
	v := a.kv[key]
	delete(a.kv, key)
	return v
}

// done fails on any word or option left over.
func (a *args) done(v rules.Verb) error {
	for k := range a.kv {
		return rules.Usagef(v, "unknown option %s=", k)
	}
	return nil
}

// who finds the combatant named by the first plain word.
func (a *args) who(c *rules.Ctx, v rules.Verb) (*model.Combatant, *Sheet, error) {
	if len(a.plain) == 0 {
		return nil, nil, rules.Usagef(v, "name a combatant")
	}
	cb, err := c.Find(a.plain[0])
	if err != nil {
		return nil, nil, err
	}
	a.plain = a.plain[1:]
	s, err := ownSheet(cb)
	return cb, s, err
}

// cost reads an action cost: a number or a preset name.
func cost(v rules.Verb, w string) (int, error) {
	if n, ok := Presets[strings.ToLower(w)]; ok {
		return n, nil
	}
	n, err := rules.Int("cost", w)
	if err != nil {
		return 0, rules.Usagef(v, "a cost is a number of pips or a preset (attack, break), not %q", w)
	}
	if n < 1 || n > 100 {
		return 0, rules.Usagef(v, "a cost is 1 to 100 pips")
	}
	return n, nil
}
