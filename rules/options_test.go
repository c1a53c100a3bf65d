package rules

import (
	"reflect"
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
