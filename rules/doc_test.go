package rules

import (
	"slices"
	"strings"
	"testing"
)

// docSys is testSys with a Doc, which each case changes.
type docSys struct {
	testSys
	d Doc
}

func (s docSys) Doc() Doc { return s.d }

func TestCheckDoc(t *testing.T) {
	good := Doc{Fields: []FieldDoc{{Keys: []string{"hp"}, Text: "hit points"}},
		Details: map[string]string{"spoil": "spoils", "next": "on"},
		Legend:  []Abbrev{{Short: "HP", Means: "hit points"}}}
	if p := CheckDoc(docSys{d: good}); len(p) != 0 {
		t.Errorf("a complete doc: %v", p)
	}
	for _, c := range []struct {
		d    Doc
		want string
	}{
		{Doc{}, `sheet key "hp" is not documented`},
		{Doc{Fields: []FieldDoc{{Keys: []string{"hp", "mp"}}}}, `field "mp" is documented but not on the sheet`},
		{Doc{Fields: []FieldDoc{{Keys: []string{"hp"}}, {Keys: []string{"hp"}}}}, `"hp" is documented 2 times`},
		{Doc{Fields: good.Fields, Details: map[string]string{"zap": "x"}}, `details for "zap"`},
		{Doc{Fields: good.Fields, Legend: []Abbrev{{Short: "HP"}}}, "an empty legend entry"},
	} {
		p := CheckDoc(docSys{d: c.d})
		if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("%+v: problems %q, want one with %q", c.d, p, c.want)
		}
	}
}

// The reference takes the system's details over the summaries, the core
// details for the core verbs, and leaves out internal keys from TypedKeys.
func TestReferenceAndTypedKeys(t *testing.T) {
	s := docSys{d: Doc{Details: map[string]string{"spoil": "the long story"},
		Fields: []FieldDoc{{Keys: []string{"hp"}, Internal: true}}}}
	r := NewReference(s)
	texts := map[string]string{}
	for _, v := range r.Verbs {
		texts[v.Name] = v.Text
	}
	if texts["spoil"] != "the long story" || texts["boom"] != "change everything, then panic" || texts["dice"] != coreDetails["dice"] {
		t.Errorf("verb texts: %q", texts)
	}
	if k := TypedKeys(s); len(k) != 0 {
		t.Errorf("TypedKeys = %q, want none (hp is internal)", k)
	}
	if k := TypedKeys(testSys{}); !slices.Equal(k, []string{"hp"}) {
		t.Errorf("TypedKeys without a doc = %q", k)
	}
}
