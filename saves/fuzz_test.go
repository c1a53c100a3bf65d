package saves

import (
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/BurntSushi/toml"
)

// treeDiff describes the first difference between two trees, ignoring
// lines, key order and how tables were declared; "" if they are equal.
func treeDiff(a, b *node) string {
	if a.kind != b.kind {
		return fmt.Sprintf("kind %d vs %d", a.kind, b.kind)
	}
	switch a.kind {
	case kString, kOther:
		if a.str != b.str {
			return fmt.Sprintf("%q vs %q", a.str, b.str)
		}
	case kInt, kBool:
		if a.num != b.num {
			return fmt.Sprintf("%d vs %d", a.num, b.num)
		}
	case kArray:
		if len(a.list) != len(b.list) {
			return fmt.Sprintf("array of %d vs %d", len(a.list), len(b.list))
		}
		for i := range a.list {
			if d := treeDiff(a.list[i], b.list[i]); d != "" {
				return fmt.Sprintf("[%d]: %s", i, d)
			}
		}
	case kTable:
		var ka, kb []string
		for _, f := range a.fields {
			ka = append(ka, f.key)
		}
		for _, f := range b.fields {
			kb = append(kb, f.key)
		}
		sort.Strings(ka)
		sort.Strings(kb)
		if fmt.Sprint(ka) != fmt.Sprint(kb) {
			return fmt.Sprintf("keys %q vs %q", ka, kb)
		}
		for _, k := range ka {
			if d := treeDiff(a.get(k), b.get(k)); d != "" {
				return fmt.Sprintf("%s: %s", k, d)
			}
		}
	}
	return ""
}

// seeds are valid and broken files for both fuzz targets.
func seeds(f *testing.F) {
	f.Add(encode(f, fight(f)))
	f.Add(encode(f, quirks()))
	f.Add(encode(f, bigFight(3, 6)))
	for _, c := range brokenFiles {
		f.Add([]byte(c.src))
	}
	for _, s := range []string{
		"a = [1,\n2, # c\n]\n[t]\nb = {x = 1, y = 'z'}\n",
		"[a.b]\n[a]\nc = 1\n[[a.d]]\n[[a.d]]\ne = \"\\u00e9\\U0001F600\"",
		"[[a]]\n[a.b]\nx = 1\n[[a]]\n[a.b]\nx = 2",
		"a = 1\r\nb = -0\r\n\"q k\" = +5\n'l' = true",
		"a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
		"a = 1979-05-27\nb = 1.5\nc = 0x10\nd = 1_000\ne = inf",
		"a = {x = 1,}\nb = {\nx = 1}\nc = \"\\e\\x41\"",
		"[a]\n[a]", "a = 1\na = 2", "a.b = 1\n[a]", "x = {a=1}\n[x.y]", "a = []\n[[a]]",
	} {
		f.Add([]byte(s))
	}
}

// FuzzDecode: no input may panic, and every error is an *Error.
func FuzzDecode(f *testing.F) {
	seeds(f)
	reg := testReg(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		e, sys, err := Decode("fuzz.toml", data, reg)
		if err != nil {
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if e == nil || sys == nil {
			t.Fatal("nil result without an error")
		}
		// What loads must save, load again and re-save the same.
		first := encode(t, e)
		again, _, err := Decode("fuzz.toml", first, reg)
		if err != nil {
			t.Fatalf("re-load of saved file: %v\n%s", err, first)
		}
		if second := encode(t, again); string(second) != string(first) {
			t.Fatalf("re-save differs:\n%s\n---\n%s", first, second)
		}
	})
}

// FuzzFastParse: whatever the fast reader accepts, BurntSushi/toml must
// accept too and read the same way.
func FuzzFastParse(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		src := string(data)
		fast, ok := fastParse(src)
		if !ok {
			return
		}
		var m map[string]any
		if _, err := toml.Decode(src, &m); err != nil {
			t.Fatalf("fast reader accepted what BurntSushi rejects (%v):\n%q", err, src)
		}
		if d := treeDiff(fast, fromMap(m, "", 1, nil)); d != "" {
			t.Fatalf("readers differ: %s\n%q", d, src)
		}
	})
}
