package saves

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"fray/rules"
)

// encoding/json is the reference for the journal's records: fray once
// wrote them with it, and writes the same bytes now without it.

var recTimes = []time.Time{
	{},
	time.Date(2026, 11, 25, 1, 50, 7, 0, time.UTC),
	time.Date(2026, 11, 25, 1, 50, 7, 123456789, time.FixedZone("", -(3*3600+30*60))),
	time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC),
}

var recLines = []string{
	"", "next", "hit Brannoc 7 -- \"bold\" <b> & c:\\dir", "a\tb\nc\rd\x00e\x1f\x7f\bf\fg",
	"Ærnsæ 🎲 \u2028\u2029", "bad \xff utf-8 \xe2\x82", "\ufffd",
}

func sameCmd(t *testing.T, what string, got, want cmdRec) {
	t.Helper()
	if !got.At.Equal(want.At) {
		t.Errorf("%s: time %v, want %v", what, got.At, want.At)
	}
	got.At, want.At = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %#v, want %#v", what, got, want)
	}
}

// checkCmd writes c as encoding/json does, and reads back what encoding/json
// reads from those bytes.
func checkCmd(t *testing.T, c cmdRec) {
	t.Helper()
	want, err := json.Marshal(c)
	if err != nil {
		t.Skip(err) // times past year 9999: Round(0) of the clock never is
	}
	if got := c.appendJSON(nil); string(got) != string(want) {
		t.Fatalf("%#v written as\n%s\nencoding/json writes\n%s", c, got, want)
	}
	var ref cmdRec
	if err := json.Unmarshal(want, &ref); err != nil {
		t.Fatal(err)
	}
	got, ok := parseCmdRec(want)
	if !ok {
		t.Fatalf("%s not read", want)
	}
	sameCmd(t, string(want), got, ref)
}

func TestJournalRecordsAsJSON(t *testing.T) {
	for _, line := range recLines {
		for _, at := range recTimes {
			for _, faces := range [][]int{nil, {}, {7}, {1, -2, 10, 1 << 40}} {
				for _, v := range []int{0, 1, -1, 1 << 50} {
					checkCmd(t, cmdRec{V: v, Applied: rules.Applied{Line: line, Physical: v == 1, Faces: faces, At: at}})
				}
			}
		}
	}
	for _, s := range []savedRec{{}, {V: -1, Size: 688123, CRC: 0xffffffff}, {V: 12, Size: 1, CRC: 7}} {
		want, _ := json.Marshal(s)
		if got := s.appendJSON(nil); string(got) != string(want) {
			t.Errorf("%#v written as %s, encoding/json writes %s", s, got, want)
		}
		if got, ok := parseSavedRec(want); !ok || got != s {
			t.Errorf("%s read as %#v, %v", want, got, ok)
		}
	}
}

// Lines fray never writes still read as encoding/json reads them, or not
// at all where it refuses them. (One thing it takes is refused: a bare
// null.)
func TestJournalRecordsReadAsJSON(t *testing.T) {
	deep := func(n int) string { return `{"x":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}` }
	for _, payload := range []string{
		`{"V":3,"L":"x","P":true,"F":[1],"T":"2026-11-25T01:50:07Z"}`,
		deep(9999), deep(10000), `{"t":"\u0032026-11-25T01:50:07Z"}`, `{"t":"2026-11-25T24:00:00Z"}`,
		`{"t":"2026-11-25T01:50:07,5Z"}`, `{"t":"2026-11-25T01:50:07+24:00"}`, `{"t":""}`,
		` { "v" : 3 , "l" : "next" } `,
		"{\n\"v\":3,\t\"l\":\"next\"\r}",
		`{}`,
		`{"l":"a\/b \u00e9\u00E9 \ud83c\udfb2 \ud800 \udc00x \ud800\u0041 \b\f\n\r\t\"\\"}`,
		`{"v":3,"l":null,"p":null,"f":null,"t":null}`,
		`{"v":3,"x":{"a":[1,{"b":null}],"c":"}"},"y":[],"z":-0.5e+3,"w":true,"l":"n"}`,
		`{"v":3,"f":[],"p":false}`,
		`{"v":3,"f":[1,2],"f":[3]}`,
		`{"v":1,"t":"2026-11-25T01:50:07.5+01:00"}`,
		`{"v":1,"t":"2026-11-25T01:50:07Z"}`,
		// refused by both
		``, `{`, `{"v":1`, `{"v":1,}`, `{"v":1}x`, `[1]`, `{"v":1.5}`, `{"v":1e2}`, `{"v":01}`,
		`{"v":-}`, `{"v":"1"}`, `{"v":99999999999999999999}`, `{"l":1}`, `{"l":"a` + "\x01" + `"}`,
		`{"l":"\x"}`, `{"l":"\u12"}`, `{"p":1}`, `{"f":[1.5]}`, `{"f":[1,]}`, `{"f":"1"}`, `{"t":"yesterday"}`,
		`{"t":5}`, `{"x":[1 2]}`, `{"x":tru}`, `{v:1}`, `{"v" 1}`,
	} {
		var ref cmdRec
		refErr := json.Unmarshal([]byte(payload), &ref)
		got, ok := parseCmdRec([]byte(payload))
		if ok != (refErr == nil) {
			t.Errorf("%q: read %v, encoding/json: %v", payload, ok, refErr)
			continue
		}
		if ok {
			sameCmd(t, payload, got, ref)
		}
	}
	for _, payload := range []string{
		`{"V":2,"N":10,"C":7}`, `{"v":2,"n":10,"c":4294967295}`, `{"c":4294967296}`, `{"c":-1}`, `{"n":1,"q":"r"}`, `{"n":1,}`,
	} {
		var ref savedRec
		refErr := json.Unmarshal([]byte(payload), &ref)
		got, ok := parseSavedRec([]byte(payload))
		if ok != (refErr == nil) || got != ref && ok {
			t.Errorf("%q: read %#v, %v; encoding/json: %#v, %v", payload, got, ok, ref, refErr)
		}
	}
}

// FuzzJournalRecord: any command writes the bytes encoding/json writes,
// and reads back as it does.
func FuzzJournalRecord(f *testing.F) {
	for i, line := range recLines {
		f.Add(line, i, i%2 == 0, []byte{1, 6, 20}, int64(i)*1e17+123)
	}
	f.Fuzz(func(t *testing.T, line string, v int, physical bool, faces []byte, nanos int64) {
		c := cmdRec{V: v, Applied: rules.Applied{Line: line, Physical: physical, At: time.Unix(0, nanos).UTC()}}
		for _, b := range faces {
			c.Faces = append(c.Faces, int(int8(b)))
		}
		checkCmd(t, c)
	})
}

// FuzzJournalPayload: whatever text the journal reads as a command or a
// save, encoding/json reads alike; and whatever encoding/json reads, the
// journal reads too (but a bare null), so that no line an older fray
// wrote is taken for a damaged one and cut, with the commands after it,
// from what a crash recovers.
func FuzzJournalPayload(f *testing.F) {
	f.Add([]byte(`{"v":3,"l":"hit \u00e9","p":true,"f":[1,2],"t":"2026-11-25T01:50:07Z"}`))
	f.Add([]byte(`{"v":3,"x":{"a":[1,{"b":null}]},"l":"\ud83c\udfb2"}`))
	f.Add([]byte(`{"V":2,"N":10,"C":7}`))
	f.Fuzz(func(t *testing.T, payload []byte) {
		null := string(bytes.TrimSpace(payload)) == "null"
		var ref cmdRec
		refErr := json.Unmarshal(payload, &ref)
		got, ok := parseCmdRec(payload)
		if ok != (refErr == nil) && !null {
			t.Fatalf("%q: read %v, encoding/json: %v", payload, ok, refErr)
		}
		if ok {
			sameCmd(t, string(payload), got, ref)
		}
		var refS savedRec
		refErr = json.Unmarshal(payload, &refS)
		gotS, ok := parseSavedRec(payload)
		if ok != (refErr == nil) && !null || ok && gotS != refS {
			t.Fatalf("%q: read %#v, %v; encoding/json: %#v, %v", payload, gotS, ok, refS, refErr)
		}
	})
}
