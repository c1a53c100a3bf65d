package saves

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/model"
	"fray/model/modeltest"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/rules/systems/bigfight"
)

// checkEncoder applies n random lines (the GM's turn command, undo, redo
// and anything the verbs' usage allows) to tr and after most that worked
// encodes the tracker's snapshot with enc, which has seen some earlier
// states (as autosave skips states while a save runs): the bytes must be
// those of an encoding with every table whole (wholeEncode), byte for
// byte: Encode's own goes through the same differences as enc's.
func checkEncoder(t *testing.T, tr *rules.Tracker, enc *Encoder, seed uint64, n int) int {
	t.Helper()
	worked, shared := 0, 0
	outs := map[int][]byte{} // the encoder's last outputs, by number
	l := rulestest.NewLiner(tr, seed)
	for i := 0; i < n; i++ {
		var line string
		switch k := l.R.IntN(10); {
		case k < 3:
			line = bigfight.Turn(tr)
		case k == 3:
			line = "undo"
		case k == 4:
			line = "redo"
		case k == 5 && len(tr.E.Combatants) > 1:
			// Names are written where others are named (order, current,
			// engaged, until): rename someone, tie others to them.
			a := tr.E.Combatants[l.R.IntN(len(tr.E.Combatants))]
			b := tr.E.Combatants[l.R.IntN(len(tr.E.Combatants))]
			switch l.R.IntN(4) {
			case 0:
				line = fmt.Sprintf("set %s name=%s", rules.Quote(a.Name), rules.Quote(fmt.Sprintf("Renamed %d", i)))
			case 1:
				line = fmt.Sprintf("engage %s %s", rules.Quote(a.Name), rules.Quote(b.Name))
			case 2:
				line = fmt.Sprintf("cond %s dazed until=end:%s", rules.Quote(a.Name), rules.Quote(b.Name))
			default:
				line = "remove " + rules.Quote(a.Name)
			}
		default:
			line = l.Line()
		}
		if _, err := tr.Apply(line); err != nil {
			continue
		}
		if worked++; l.R.IntN(3) == 0 {
			continue // saves skip states when commands come faster
		}
		snap := tr.Snapshot()
		want := wholeEncode(snap)
		got := enc.Encode(snap)
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d, after %q: the incremental encoding differs from Encode's:\n%s", seed, line, firstDiff(got, want))
		}
		if err := enc.checkBases(); err != nil {
			t.Fatalf("seed %d, after %q: %v", seed, line, err)
		}
		// What a save over an older output (the spare) leaves unwritten
		// is that output's, byte for byte.
		for seq, old := range outs {
			n := enc.sameAs(seq, int64(len(old)))
			if n > len(got) || n > len(old) || !bytes.Equal(got[:n], old[:n]) {
				t.Fatalf("seed %d, after %q: sameAs(%d) = %d, but the outputs differ before that:\n%s", seed, line, seq, n, firstDiff(got, old))
			}
			if n > 0 {
				shared++
			}
		}
		outs[enc.seq] = got
		delete(outs, enc.seq-len(enc.marks))
	}
	if shared == 0 && worked > 20 {
		t.Errorf("seed %d: no save shared a byte with an earlier one", seed)
	}
	return worked
}

func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("at byte %d:\n--- incremental\n%s\n--- Encode\n%s", i, a[from:min(len(a), i+200)], b[from:min(len(b), i+200)])
}

// TestEncoderAsEncode: on every demo of every system, and on a big fight,
// random commands never make the incremental encoding differ from a full
// one.
func TestEncoderAsEncode(t *testing.T) {
	rulestest.EveryDemo(t, systems.Default().All(), 200, encoderDemo)
	for _, sys := range systems.Default().All() {
		t.Run(sys.ID()+"/big", func(t *testing.T) {
			tr := bigTracker(t, sys, 60, 300)
			var enc Encoder
			enc.Encode(tr.Snapshot())
			checkEncoder(t, tr, &enc, 9, 150)
		})
		// The combatants' tables taken from the file read as the first
		// encoding writes them (shareTables), none then kept in a block
		// of its own, and (shared) the log's after it (shareLog), then
		// shortened by undo and written after, as the journal's base
		// does with a file the encounter's text is cut from; or (owned)
		// the tables moved after into a block of the encoder's own, each
		// different table once (ownTables), as it does with the others.
		for _, mode := range []string{"shared", "owned"} {
			t.Run(sys.ID()+"/"+mode, func(t *testing.T) {
				tr, file := bigEncoded(t, sys)
				var enc Encoder
				enc.shareTables(file.Bytes())
				enc.Encode(tr.Snapshot())
				if len(enc.block) > 0 {
					t.Fatalf("%d bytes of tables kept besides the file", len(enc.block))
				}
				if mode == "shared" {
					enc.shareLog(file.Bytes())
					if len(enc.logBase) == 0 || len(enc.logBuf) > 0 {
						t.Fatalf("the log was not taken from the file: %d bytes shared, %d own", len(enc.logBase), len(enc.logBuf))
					}
				}
				tables := 0
				for i := range enc.segs.t {
					if !enc.inShared(enc.segs.t[i]) || !enc.inShared(enc.tails.t[i]) || len(enc.sheetT.t[i]) > 0 && !enc.inShared(enc.sheetT.t[i]) {
						t.Fatalf("combatant %d's tables were not taken from the file", i)
					}
					tables += len(enc.segs.t[i]) + len(enc.tails.t[i]) + len(enc.sheetT.t[i])
				}
				shared := enc.shared
				if mode == "owned" {
					enc.ownTables()
					shared = enc.shared
					if len(shared) >= tables {
						t.Fatalf("the encoder's own block is %d bytes, its tables %d: none was kept once for several", len(shared), tables)
					}
					enc.shared = file.Bytes()
					for i := range enc.segs.t {
						if enc.inShared(enc.segs.t[i]) || enc.inShared(enc.tails.t[i]) || enc.inShared(enc.sheetT.t[i]) {
							t.Fatalf("combatant %d's tables are still the file's", i)
						}
					}
					enc.shared = shared
					for i := range enc.segs.t {
						if !enc.inShared(enc.segs.t[i]) || !enc.inShared(enc.tails.t[i]) || len(enc.sheetT.t[i]) > 0 && !enc.inShared(enc.sheetT.t[i]) {
							t.Fatalf("combatant %d's tables were not moved to the encoder's block", i)
						}
					}
				}
				if !bytes.Equal(enc.Encode(tr.Snapshot()), file.Bytes()) {
					t.Fatal("the encoding changed")
				}
				was, wasShared := bytes.Clone(file.Bytes()), bytes.Clone(shared)
				checkEncoder(t, tr, &enc, 11, 150)
				if !bytes.Equal(file.Bytes(), was) {
					t.Fatal("the encoder wrote over the file its tables were taken from")
				}
				if !bytes.Equal(shared, wasShared) {
					t.Fatal("the encoder wrote over the tables it shares")
				}
			})
		}
		// Two bases at most: a base no table needs any more gives its
		// place to the next, again and again.
		t.Run(sys.ID()+"/fewbases", func(t *testing.T) {
			defer func(n int) { maxBases = n }(maxBases)
			maxBases = 2
			tr, _ := bigEncoded(t, sys)
			var enc Encoder
			enc.Encode(tr.Snapshot())
			if len(enc.bases) != 2 {
				t.Fatalf("%d bases", len(enc.bases))
			}
			checkEncoder(t, tr, &enc, 19, 300)
		})
		// The log kept as the file has it (logArchive): commands, undo
		// past the entries written since, renames and removals.
		t.Run(sys.ID()+"/archived", func(t *testing.T) {
			e, err := bigfight.Build(sys, 60, 300, 5)
			if err != nil {
				t.Fatal(err)
			}
			var file bytes.Buffer
			if err := Encode(&file, e); err != nil {
				t.Fatal(err)
			}
			defer func(n int) { minLogAside = n }(minLogAside)
			minLogAside = 64
			ae, _, ok := decodeStream("f.toml", file.String(), systems.Default())
			if !ok || ae.Archive == nil {
				t.Fatal("the log is not kept as read")
			}
			tr := rules.NewTracker(ae, sys)
			var enc Encoder
			if !bytes.Equal(enc.Encode(tr.Snapshot()), file.Bytes()) {
				t.Fatal("the encoding changed")
			}
			checkEncoder(t, tr, &enc, 13, 150)
		})
	}
}

// FuzzEncoder is the same with the fuzzer choosing system, demo and seed.
func FuzzEncoder(f *testing.F) { rulestest.FuzzDemos(f, systems.Default().All(), 40, encoderDemo) }

// encoderDemo runs checkEncoder on a fresh copy of a demo.
func encoderDemo(t *testing.T, sys rules.System, demo string, seed uint64, n int) int {
	e, err := rules.BuildDemo(sys, demo, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(e, sys)
	var enc Encoder
	enc.Encode(tr.Snapshot())
	return checkEncoder(t, tr, &enc, seed, n)
}

// TestSameEntry: the encoder's entry comparison sees a change in any
// field of an entry, so an entry that changed is never written from an
// old table.
func TestSameEntry(t *testing.T) {
	e := &model.Entry{Seq: 1, Round: 2, Kind: model.KindRoll, Who: "a", Why: "b", Expr: "c", Faces: []int{1, 2}, Special: "d", Total: 3, Text: "e"}
	clone := func(v any) any {
		c := *v.(*model.Entry)
		c.Faces = slices.Clone(c.Faces)
		return &c
	}
	for _, v := range modeltest.Variants(e, clone) {
		if sameEntry(e, v.V.(*model.Entry)) && v.Path != "Faces (nil)" {
			t.Errorf("sameEntry misses a change of %s", v.Path)
		}
	}
}

// TestCanonicalInt: text is written as a number exactly when it reads
// back as the same text.
func TestCanonicalInt(t *testing.T) {
	for _, v := range []string{"0", "-0", "7", "-7", "10", "007", "-01", "", "-", "+5", "1e3", " 5", "5 ", "x",
		"1234567890123456789", "12345678901234567890", "-123456789012345678", "9223372036854775807", "-9223372036854775808"} {
		n, err := strconv.ParseInt(v, 10, 64)
		want := err == nil && len(v) < 20 && strconv.FormatInt(n, 10) == v
		if got := canonicalInt(v); got != want {
			t.Errorf("canonicalInt(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestSharedLogTexts: a long entry text written as it is is shared with
// the log, not copied, and the tables read the same as appendEntry
// writes them, also after undo cut the log before, between and after
// the shared texts and other entries were written in their place.
func TestSharedLogTexts(t *testing.T) {
	long := strings.Repeat("Initiative: Goblin d6 [3], ", 40)
	entries := []model.Entry{
		{Seq: 1, Round: 1, Kind: model.KindEvent, Text: "short"},
		{Seq: 2, Round: 1, Kind: model.KindEvent, Text: long},
		{Seq: 3, Round: 1, Kind: model.KindRoll, Who: "Odo", Expr: "d20", Faces: []int{7}, Total: 7, Text: long + "\"quoted\""},
		{Seq: 4, Round: 2, Kind: model.KindEvent, Text: long + "é"},
		{Seq: 5, Round: 2, Kind: model.KindEvent, Text: long + "\xff"},
		{Seq: 6, Round: 2, Kind: model.KindEvent},
	}
	want := func(log []model.Entry) []byte {
		var b []byte
		for i := range log {
			b = appendEntry(b, &log[i])
		}
		return b
	}
	var x Encoder
	check := func(log []model.Entry, shared int) {
		t.Helper()
		e := &model.Encounter{System: "osr", Log: model.LogOf(log)}
		got := x.Encode(e)
		w := want(log)
		if i := bytes.Index(got, []byte("\n[[log]]\n")); i < 0 && len(log) > 0 || i >= 0 && !bytes.HasPrefix(got[i:], w) {
			t.Fatalf("the log's tables differ from appendEntry's:\n%s", firstDiff(got[max(i, 0):], w))
		}
		if len(x.logText) != shared {
			t.Errorf("%d entries: %d texts shared, want %d", len(log), len(x.logText), shared)
		}
		var fresh Encoder
		if !bytes.Equal(got, fresh.Encode(e)) {
			t.Fatalf("%d entries: the incremental encoding differs from a fresh one", len(log))
		}
	}
	check(entries, 2) // the long plain text and the one with é
	for _, cut := range []int{5, 4, 2, 1, 0, 3} {
		log := slices.Clone(entries[:cut]) // other memory, as after undo
		check(log, min(max(cut-1, 0), 1)+min(max(cut-3, 0), 1))
		log = append(log, model.Entry{Seq: 10 + cut, Kind: model.KindEvent, Text: long + strconv.Itoa(cut)})
		check(log, min(max(cut-1, 0), 1)+min(max(cut-3, 0), 1)+1)
	}
}

// TestEncodeNamesByID: the order, the current combatant, engagements and
// the turns conditions wait on are written by name, whether the
// combatants stand in ID order (found by search) or not (a file edited
// by hand), and each combatant once in the order.
func TestEncodeNamesByID(t *testing.T) {
	for _, ids := range [][3]int{{1, 2, 3}, {3, 1, 2}, {2, 3, 1}} {
		e := model.New("osr", 0)
		for i, name := range []string{"Ann", "Bo", "Cy"} {
			e.Combatants = append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: ids[i], Name: name}})
		}
		byName := func(n string) *model.Combatant { return e.Combatants[strings.IndexByte("ABC", n[0])] }
		e.Order = []int{byName("Cy").ID, byName("Ann").ID, 99, byName("Cy").ID, byName("Bo").ID}
		e.Current = byName("Bo").ID
		byName("Ann").Engaged = []int{byName("Cy").ID}
		byName("Bo").Conds = []model.Condition{{Label: "dazed", Until: "end", Who: byName("Ann").ID}}
		out := string(new(Encoder).Encode(e))
		for _, want := range []string{`order = ["Cy", "Ann", "Bo"]`, `current = "Bo"`, `engaged = ["Cy"]`, `who = "Ann"`} {
			if !strings.Contains(out, want) {
				t.Errorf("IDs %v: no %s in\n%s", ids, want, out)
			}
		}
	}
}

// TestSheetDeltas: sst's sheets, alike but for their dice, are kept once
// the journal's base moved them (ownTables) as a few whole tables and a
// difference from one of them each; a sheet a command changes keeps only
// what differs from its base; the bytes stay Encode's.
func TestSheetDeltas(t *testing.T) {
	sys, err := systems.Default().Lookup("sst")
	if err != nil {
		t.Fatal(err)
	}
	tr, file := bigEncoded(t, sys)
	var enc Encoder
	enc.shareTables(file.Bytes())
	enc.Encode(tr.Snapshot())
	enc.ownTables()
	parts, whole, bases := 0, 0, map[uint16]bool{}
	for i := range enc.sheetT.t {
		if b := enc.sheetT.at(i).base; b != 0 {
			parts++
			bases[b] = true
			if 2*len(enc.sheetT.t[i]) > enc.sheetT.size(i) {
				t.Fatalf("sheet %d keeps %d bytes of its %d", i, len(enc.sheetT.t[i]), enc.sheetT.size(i))
			}
		} else {
			whole++
		}
	}
	if parts < 40 || len(bases) == 0 || len(bases) > 10 {
		t.Fatalf("%d sheets kept as differences from %d bases, %d whole", parts, len(bases), whole)
	}
	if !bytes.Equal(enc.Encode(tr.Snapshot()), file.Bytes()) {
		t.Fatal("the encoding changed")
	}
	// The GM's turns spend dice: each sheet's table that changed is
	// written as a difference again.
	changed := 0
	for step := 0; step < 20 && changed == 0; step++ {
		before := tr.Snapshot()
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := Encode(&want, tr.Snapshot()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(enc.Encode(tr.Snapshot()), want.Bytes()) {
			t.Fatal("the encoding is not Encode's")
		}
		for j, c := range tr.E.Combatants {
			if bytes.Equal(appendSheet(nil, "combatant", c.Sheet()), appendSheet(nil, "combatant", before.Combatants[j].Sheet())) {
				continue
			}
			changed++
			if enc.sheetT.at(j).base == 0 || 2*len(enc.sheetT.t[j]) > enc.sheetT.size(j) {
				t.Fatalf("%s's sheet, changed, is kept whole (%d bytes of %d)", c.Name, len(enc.sheetT.t[j]), enc.sheetT.size(j))
			}
		}
	}
	if changed == 0 {
		t.Fatal("no sheet changed")
	}
	checkEncoder(t, tr, &enc, 17, 150)
}

// bigEncoded returns a tracker of bigfight's fight of 60 in sys, and its
// file as Encode writes it.
func bigEncoded(t *testing.T, sys rules.System) (*rules.Tracker, *bytes.Buffer) {
	t.Helper()
	tr := bigTracker(t, sys, 60, 300)
	var file bytes.Buffer
	if err := Encode(&file, tr.Snapshot()); err != nil {
		t.Fatal(err)
	}
	return tr, &file
}

// wholeEncode is Encode with every table written whole (no base), so
// that the tables an encoder keeps as differences (deltas.go), in a fresh
// encoding as in one after many, are held to text that never went
// through them.
func wholeEncode(e *model.Encounter) []byte {
	defer func(n int) { maxBases = n }(maxBases)
	maxBases = 0
	var x Encoder
	out := x.Encode(e)
	if len(x.bases) > 0 {
		panic("a base with maxBases 0")
	}
	return out
}

// checkBases reports a base whose count is not the number of tables
// written as differences from it.
func (x *Encoder) checkBases() error {
	n := make([]int32, len(x.bases))
	for _, k := range []*deltas{&x.segs, &x.tails, &x.sheetT} {
		for i := range k.t {
			if b := k.at(i).base; b != 0 {
				if int(b) > len(x.bases) {
					return fmt.Errorf("table %d's base %d of %d", i, b, len(x.bases))
				}
				n[b-1]++
			}
		}
	}
	if !slices.Equal(n, x.baseRefs) {
		return fmt.Errorf("the bases count %v tables, not %v", x.baseRefs, n)
	}
	return nil
}

// TestBasesStayFew: tables too short to be worth a base of their own (who
// a combatant is: its id and name differ from every other's) do not fill
// the bases, so osr's states, alike each round but for the initiative,
// find room for that round's.
func TestBasesStayFew(t *testing.T) {
	sys, err := systems.Default().Lookup("osr")
	if err != nil {
		t.Fatal(err)
	}
	tr := bigTracker(t, sys, 300, 0)
	var enc Encoder
	enc.Encode(tr.Snapshot())
	for range 40 {
		if _, err := tr.Apply(bigfight.Turn(tr)); err != nil {
			t.Fatal(err)
		}
		enc.Encode(tr.Snapshot())
	}
	if len(enc.bases) > maxBases/4 {
		t.Fatalf("%d bases after 40 turns", len(enc.bases))
	}
	parts := 0
	for i := range enc.tails.t {
		if enc.tails.at(i).base != 0 {
			parts++
		}
	}
	if parts < len(enc.tails.t)/2 {
		t.Fatalf("%d states of %d kept as differences", parts, len(enc.tails.t))
	}
}

// bigTracker returns a tracker of bigfight's fight of n in sys, with a
// log of logLen entries.
func bigTracker(t *testing.T, sys rules.System, n, logLen int) *rules.Tracker {
	t.Helper()
	e, err := bigfight.Build(sys, n, logLen, 5)
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewTracker(e, sys)
}

// TestLongTableWhole: a table too long for a base's uint16 lengths (a
// note of 70,000 bytes, read from a file edited by hand) is written whole,
// not cut to its length modulo 65,536: a fresh encoding and one after a
// change read back with the note as it is.
func TestLongTableWhole(t *testing.T) {
	note := strings.Repeat("n", 70000)
	e := model.New("osr", 0)
	e.Combatants = append(e.Combatants, &model.Combatant{Profile: &model.Profile{ID: 1, Name: "Ann", Note: note}})
	var x Encoder
	for _, n := range []string{note, note + "!"} {
		e.Combatants[0] = &model.Combatant{Profile: &model.Profile{ID: 1, Name: "Ann", Note: n}}
		back, _, err := Decode("f.toml", x.Encode(e), systems.Default())
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Combatants) != 1 || back.Combatants[0].Note != n {
			t.Fatalf("the note of %d bytes did not read back", len(n))
		}
	}
}
