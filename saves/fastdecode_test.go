package saves

import (
	"bytes"
	"hash/crc32"
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// sameAsTree fails t unless the streamed reading of src is the tree's: it
// must take a file fray wrote (wantStream), and whatever it takes it must
// read exactly as the tree does.
func sameAsTree(t *testing.T, src string, reg *rules.Registry, wantStream bool) {
	t.Helper()
	e, sys, ok := decodeStream("f.toml", src, reg)
	sameLater(t, src, reg, e, ok)
	if !ok {
		if wantStream {
			t.Fatalf("the streaming reader gave up on a file fray wrote:\n%.600s", src)
		}
		return
	}
	te, tsys, err := decodeTree("f.toml", src, reg)
	if err != nil {
		t.Fatalf("the streaming reader took a file the tree refuses (%v):\n%.600s", err, src)
	}
	if e.Archive != nil {
		// The log kept as read: each entry, all of them, and the file
		// written again are as the tree's.
		var b, tb bytes.Buffer
		if err := Encode(&b, e); err != nil {
			t.Fatal(err)
		}
		if err := Encode(&tb, te); err != nil {
			t.Fatal(err)
		}
		if b.String() != tb.String() {
			t.Fatalf("an archived log is written otherwise than its entries:\n%.600s", src)
		}
		if e.LogLen() != te.Log.Len() {
			t.Fatalf("the archived log has %d entries, the tree's %d", e.LogLen(), te.Log.Len())
		}
		for i := range te.Log.All() {
			if en := e.LogEntry(i); !reflect.DeepEqual(en, te.Log.At(i)) {
				t.Fatalf("archived entry %d is %+v, the tree's %+v", i, en, te.Log.At(i))
			}
		}
		e.Log, e.Archive = model.LogOf(e.WholeLog()), nil
	}
	if sys.ID() != tsys.ID() || !reflect.DeepEqual(e, te) {
		t.Fatalf("the streaming reader and the tree read a file differently:\n%.600s", src)
	}
}

// sameLater fails t unless the reading that leaves a big log's check for
// later, as the tracker reads (readApart, decodeStreamAs), comes to what
// decodeStream did (e, ok) once its check is done; and a file read apart
// is cut where logSpan cuts it read whole.
func sameLater(t *testing.T, src string, reg *rules.Registry, e *model.Encounter, ok bool) {
	t.Helper()
	parts := splitLog(src)
	if ft, apart := readApart(strings.NewReader(src), int64(len(src))); apart {
		if got := (logParts{string(ft.around[:ft.cut]), string(ft.log), string(ft.around[ft.cut:])}); got != parts {
			t.Fatalf("read apart, the file is cut otherwise than logSpan cuts it:\n%.600s", src)
		}
		var b bytes.Buffer
		for _, p := range ft.parts() {
			b.Write(p)
		}
		if b.String() != src || ft.size() != len(src) || ft.crc() != crc32.ChecksumIEEE([]byte(src)) {
			t.Fatalf("read apart, the file's parts are not the file:\n%.600s", src)
		}
	} else if parts.log != "" && strings.Index(src, "\n[[log]]\n") < probeWindow-len("\n[[log]]\n") && !strings.Contains(parts.tail, "\n[[log]]\n") {
		t.Fatalf("a file with a big log after a short head was not read apart:\n%.600s", src)
	}
	le, _, pending, lok := decodeStreamAs("f.toml", parts, reg, true, true)
	if lok && pending != nil && !pending.wait() {
		lok = false
	}
	if lok != ok {
		t.Fatalf("with the log checked later the lean reader takes the file: %v, at once: %v:\n%.600s", lok, ok, src)
	}
	if !ok {
		return
	}
	var b, lb bytes.Buffer
	if err := Encode(&b, e); err != nil {
		t.Fatal(err)
	}
	if err := Encode(&lb, le); err != nil {
		t.Fatal(err)
	}
	if b.String() != lb.String() || e.LogLen() != le.LogLen() {
		t.Fatalf("with the log checked later the file reads otherwise:\n%.600s", src)
	}
}

// TestStreamAsTree: every state of random fights on every demo, and big
// fights of every system, read alike both ways, and streamed.
func TestStreamAsTree(t *testing.T) {
	reg := systems.Default()
	defer func(n int) { minSplit = n }(minSplit)
	minSplit = 64 // the combatants are read on two cores from two on
	rulestest.EveryDemo(t, reg.All(), 60, func(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
		return bigfight.Play(t, sys, demo, seed, n, func(tr *rules.Tracker, _ string) {
			var b bytes.Buffer
			if err := Encode(&b, tr.E); err != nil {
				t.Fatal(err)
			}
			sameAsTree(t, b.String(), reg, true)
		})
	})
	for _, sys := range reg.All() {
		e, err := bigfight.Build(sys, 200, 2000, 3)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Encode(&b, e); err != nil {
			t.Fatal(err)
		}
		cut, end := logSpan(b.String())
		if cut == 0 {
			t.Fatalf("%s: the log of a big fight is not read aside", sys.ID())
		}
		if splitCombatants(b.String()[end:]) == 0 {
			t.Fatalf("%s: the combatants of a big fight are not read on two cores", sys.ID())
		}
		sameAsTree(t, b.String(), reg, true)
		if e, _, ok := decodeStream("f.toml", b.String(), reg); !ok || e.Archive == nil || e.Log.Len() != 0 || !e.Archive.(*logArchive).asWritten() {
			t.Fatalf("%s: the log of a big fight is not kept as read", sys.ID())
		}
		// A log written otherwise than fray writes it (a comment, a key
		// quoted) is kept too, and written again as fray writes it.
		for _, edit := range [][2]string{{"seq = 1500\n", "seq = 1500 # here\n"}, {"seq = 1500\n", "\"seq\" = 1500\n\n"}} {
			other := strings.Replace(b.String(), edit[0], edit[1], 1)
			if other == b.String() {
				t.Fatalf("%s: no %q in the file", sys.ID(), edit[0])
			}
			sameAsTree(t, other, reg, true)
			e, _, ok := decodeStream("f.toml", other, reg)
			if !ok || e.Archive == nil || e.LogLen() != 2000 || e.Archive.(*logArchive).asWritten() {
				t.Fatalf("%s: a log written by hand is not kept, or taken as fray's", sys.ID())
			}
		}
		// A log that does not read, or a table after it, sends the whole
		// file to the tree, which names the problem.
		bad := strings.Replace(b.String(), "seq = 1500", "seq = 1500\nseq = 1501", 1)
		sameAsTree(t, bad, reg, false)
		sameAsTree(t, b.String()+"\n[turn]\nx = \"1\"\n", reg, false)
	}
	// Files as a person might write them, or not at all.
	base := "version = 4\nsystem = \"arm5\"\n"
	for _, src := range []string{
		base,
		base + "[[combatant]]\nname = \"A\"\n[combatant.sheet]\nqik = 2\n[[log]]\nseq = 1\nkind = \"event\"\ntext = \"x\"\n",
		base + "[[log]]\nseq = 1\nkind = \"event\"\n[[combatant]]\nname = \"A\"\n[options]\nfast = \"on\"\n",
		base + "[[combatant]]\nname = \"A\"\n[[combatant]]\nname = \"a\"\n",
		base + "[[combatant]]\nname = \"A\"\nsheet = {qik = 1}\n",
		base + "combatant = [{name = \"A\"}]\n",
		base + "[combatant.sheet]\nqik = 1\n",
		base + "[[combatant]]\nname = \"A\"\n[combatant.sheet]\nqik = 1\n[combatant.sheet]\nqik = 2\n",
		base + "[[combatant]]\nname = \"A\"\nengaged = [\"B\"]\n[[combatant]]\nname = \"B\"\n",
		"version = 1\nsystem = \"arm5\"\n[[combatant]]\nname = \"A\"\n",
	} {
		sameAsTree(t, src, reg, false)
	}
}

// FuzzStreamAsTree: whatever the streaming reader takes, the tree takes
// and reads the same.
func FuzzStreamAsTree(f *testing.F) {
	reg := systems.Default()
	e, err := bigfight.Build(must(reg.Lookup("arm5")), 3, 12, 1)
	if err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	if err := Encode(&b, e); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	f.Add("version = 4\nsystem = \"osr\"\n[[combatant]]\nname = \"A\"\n[combatant.sheet]\nhp = 3\n[[log]]\nseq = 1\n")
	defer func(n, m int) { minLogAside, minSplit = n, m }(minLogAside, minSplit)
	minLogAside, minSplit = 64, 64 // the log is read aside, and the combatants split, in files of any size the fuzzer makes
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 || strings.Count(src, "[") > 2000 {
			return
		}
		sameAsTree(t, src, reg, false)
	})
}

func must(s rules.System, err error) rules.System {
	if err != nil {
		panic(err)
	}
	return s
}
