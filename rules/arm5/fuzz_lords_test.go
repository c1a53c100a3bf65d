package arm5_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"fray/rules/systems"
	"fray/saves"
)

// FuzzLords: any pair of Lords of Men commands, with every option on,
// works or fails cleanly, and the turn state it leaves survives a save.
func FuzzLords(f *testing.F) {
	for _, s := range []string{
		"attack Paul Bruce maneuver=grapple", "attack Bruce Paul cover=3 conceal=total", "disengage Paul reckless",
		"extended Marla 3 hide", "fast Paul", "mount Paul Marla gait=gallop", "fall Paul hard", "morale Grogs 9",
		"rally Grogs melee", "priority Paul Bruce Marla", "fastcast Marla Bruce", "catalog armor mail", "control Paul",
		"wound Marla incap", "vanguard Grogs Marla free", "concentrate Marla 9", "engage Paul Bruce",
		"defend Marla Paul", "attack Bruce Paul waste", "attack Bruce Paul warded", "leap Paul", "vault Paul Marla",
		"pullfree Bruce Paul", "extended Paul span", "defend Marla stop",
		"exert Bruce", "attack Paul Bruce dexert", "defend Grogs Knight", "move Bruce 2", "set Paul zone=1",
		"attack Knight Bruce dexert evade", "attack Knight Paul maneuver=trip resist dexert",
	} {
		f.Add(s, "attack Bruce Paul charge mounted")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		tr := turb(t, formGrogs, "option fast on", "option ready on", "option engagement on", "option reckless on",
			"option clash on", "option shock on", "option morale on", "option interrupt on", "option horsedefense on",
			"option interceptors on", "option nomissiles on", "next")
		for _, line := range []string{a, "dice 5 5 5 5 5 5", b, "next"} {
			if _, err := tr.Apply(line); err != nil && strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%q: %v", line, err)
			}
			_ = tr.Sys.Order(tr.E)
			for _, cb := range tr.E.Combatants {
				_ = tr.Sys.Describe(tr.E, cb)
			}
		}
		var buf bytes.Buffer
		if err := saves.Encode(&buf, tr.E); err != nil {
			t.Fatal(err)
		}
		e, _, err := saves.Decode("f.toml", buf.Bytes(), systems.Default())
		if err != nil {
			t.Fatalf("%q, %q: %v", a, b, err)
		}
		if !reflect.DeepEqual(e.Turn, tr.E.Turn) {
			t.Fatalf("turn %v after load, want %v", e.Turn, tr.E.Turn)
		}
	})
}
