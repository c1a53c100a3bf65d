package systems_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// TestSetIndexAsSet: every system's sheet sets a field by index exactly
// as by name (the loader sets a file's fields by index): for every key as
// a GM or a file may write it and for values good and bad, on the demos'
// sheets and a blank one, the same sheet and the same error.
func TestSetIndexAsSet(t *testing.T) {
	values := []string{"", "0", "1", "-1", "+3", "7", "31", "1001", "99999", "abc", "yes", "no", "none",
		"Yes", "2/1", "d8", "dex", "6 5 3", "6,5,3", "passed", "damaged", "plain", "+2", "fresh",
		"long sword", "club", "mail haubergeon", "army", "person", "light", "heavy", "sword, bow", "arm, leg"}
	for _, sys := range systems.Default().All() {
		sheets := demoSheets(t, sys)
		ix, ok := sys.NewSheet().(model.IndexedSheet)
		if !ok {
			t.Fatalf("%s: the sheet does not set fields by index", sys.ID())
		}
		keys := ix.Keys()
		for i, k := range keys {
			if j, ok := ix.FieldIndex(k); !ok || j != i {
				t.Fatalf("%s: FieldIndex(%q) = %d, %v; it is key %d", sys.ID(), k, j, ok, i)
			}
		}
		asWritten := []string{"nonsense", "", " ", "hp", "maxhp", "max", "armor", "weapon", "grabbed", "HP"}
		for _, k := range keys {
			asWritten = append(asWritten, k, strings.ToUpper(k), " "+k+" ")
		}
		for _, sh := range sheets {
			for _, k := range asWritten {
				vs := values
				if v, ok := sh.Get(k); ok {
					vs = append(vs, v)
				}
				for _, v := range vs {
					byName, byIndex := sh.Clone(), sh.Clone()
					errName := byName.Set(k, v)
					i, known := byIndex.(model.IndexedSheet).FieldIndex(k)
					if !known {
						if errName == nil || !strings.Contains(errName.Error(), "unknown field") {
							t.Fatalf("%s: %q is no field by index, but Set(%q, %q) gives %v", sys.ID(), k, k, v, errName)
						}
						continue
					}
					errIndex := byIndex.(model.IndexedSheet).SetIndex(i, v)
					if (errName == nil) != (errIndex == nil) || errName != nil && errName.Error() != errIndex.Error() {
						t.Fatalf("%s: %q = %q: by name %v, by index %v", sys.ID(), k, v, errName, errIndex)
					}
					if !reflect.DeepEqual(byName, byIndex) {
						t.Fatalf("%s: %q = %q: by name %+v, by index %+v", sys.ID(), k, v, byName, byIndex)
					}
				}
			}
		}
	}
}

// TestSharedKeys: a sheet that shares its keys (model.KeysSharer, which
// the encoder reads) shares the keys Keys lists, for every sheet of the
// demos and a blank one.
func TestSharedKeys(t *testing.T) {
	for _, sys := range systems.Default().All() {
		sheets := demoSheets(t, sys)
		if _, ok := sheets[0].(model.KeysSharer); !ok {
			t.Errorf("%s: the sheet does not share its keys", sys.ID())
		}
		for _, sh := range sheets {
			if got, want := model.SheetKeys(sh), sh.Keys(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: shared keys %v, Keys %v", sys.ID(), got, want)
			}
		}
	}
}

// demoSheets returns a blank sheet of sys and the demos' sheets.
func demoSheets(t *testing.T, sys rules.System) []model.Sheet {
	t.Helper()
	e, err := bigfight.Build(sys, 12, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	sheets := []model.Sheet{sys.NewSheet()}
	for _, c := range e.Combatants {
		sheets = append(sheets, c.Sheet())
	}
	return sheets
}
