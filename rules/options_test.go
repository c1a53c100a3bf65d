package rules

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestUsageOptions(t *testing.T) {
	for _, c := range []struct {
		usage string
		flags []string
		keys  []UsageKey
	}{
		{"attack A B [exert|charge|nonlethal…] [botch=N mod=±N]", []string{"exert", "charge", "nonlethal"},
			[]UsageKey{{"botch", "N"}, {"mod", "±N"}}},
		{"damage NAME N [nonlethal]", []string{"nonlethal"}, nil},
		{"wound NAME LEVEL [±COUNT]", nil, nil},
		{"recover NAME [fatigue|bruise] [medic=N] [aid=N]", []string{"fatigue", "bruise"},
			[]UsageKey{{"medic", "N"}, {"aid", "N"}}},
		{"x [a|a...] [a=N] [b", []string{"a"}, []UsageKey{{"a", "N"}}},
		// Nested brackets: an optional "=VALUE" makes a flag and a key.
		{"attack A T… [far|hit] [dodge[=NAMES]] [counter[=NAME]] [dist=N]", []string{"far", "hit", "dodge", "counter"},
			[]UsageKey{{"dodge", "NAMES"}, {"counter", "NAME"}, {"dist", "N"}}},
		// Brackets of placeholders only give nothing.
		{"morale [SIDE|NAME…] [pass|fail] [NAME=VALUE] [TEXT]", []string{"pass", "fail"}, nil},
		{"next", nil, nil},
		// A key's placeholder is kept whole, a list's … included.
		{"attack A B [aside=NAME,… spread=N,N…] [exert…]", []string{"exert"},
			[]UsageKey{{"aside", "NAME,…"}, {"spread", "N,N…"}}},
		// A key's value choices are not flags (the swords attack).
		{"attack A B [skill=striking|archery|grappling] [harm]", []string{"harm"},
			[]UsageKey{{"skill", "striking|archery|grappling"}}},
	} {
		f, k := UsageOptions(c.usage)
		if !reflect.DeepEqual(f, c.flags) || !reflect.DeepEqual(k, c.keys) {
			t.Errorf("UsageOptions(%q) = %v %v, want %v %v", c.usage, f, k, c.flags, c.keys)
		}
	}
}

// CheckOptionHelp asks a line of every option, of every verb, and no
// line for what the usage does not offer or past MaxOptionHelp.
func TestCheckOptionHelp(t *testing.T) {
	v := Verb{Name: "x", Usage: "x NAME [a|b] [c=N] [TEXT…]", OptionHelp: map[string]string{
		"a": "does a", "c=": strings.Repeat("c", MaxOptionHelp), "d": "no such option",
	}}
	got := CheckOptionHelp(v)
	sort.Strings(got)
	want := []string{
		`x: a description of "d", which its usage does not offer (a key is written name=)`,
		"x: option b has no description",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CheckOptionHelp = %q, want %q", got, want)
	}
	v.OptionHelp["c="] += "!"
	if got := CheckOptionHelp(v); len(got) != 3 {
		t.Errorf("a line one past MaxOptionHelp passes: %q", got)
	}
	// A verb with no options and no lines is fine; one with options and
	// no lines at all is not.
	if got := CheckOptionHelp(Verb{Name: "next", Usage: "next"}); got != nil {
		t.Errorf("next: %q", got)
	}
	if got := CheckOptionHelp(Verb{Name: "y", Usage: "y [z]"}); len(got) != 1 {
		t.Errorf("y [z] with no OptionHelp: %q", got)
	}
}
