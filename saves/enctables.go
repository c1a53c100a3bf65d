package saves

import (
	"bytes"
	"unsafe"
)

// Tables the encoder takes from the file it was read from. The journal's
// base is the file as read, byte for byte in a file fray wrote: its first
// encoding takes each combatant's tables from the file's text as it
// writes them (shareTables), rather than keeping half a megabyte of
// copies at 1000 combatants. Then ownTables moves those a save still
// writes into one block of the encoder's own, each different table once
// (a band's sheets are alike; so are osr's and sst's tables of the
// state before the first round), and the file's text can go: the
// decoder copied what the encounter keeps of it too (strPool). Tables
// in that block, or in the file before, are shared: one written again is
// written elsewhere (inShared), never over them.

// shareLog takes the log's tables from file, where they follow the head
// byte for byte (a file fray wrote), instead of keeping a copy of its
// own. file must never change; it stays in memory while the encoder does
// (a small file's log: a big log is the archive's, logArchive).
func (x *Encoder) shareLog(file []byte) {
	n, m := len(x.top), len(x.top)+len(x.logBuf)
	if x.archN > 0 || len(x.logBase) > 0 || len(x.logBuf) == 0 || len(x.logText) > 0 || m > len(file) || !bytes.Equal(file[:n], x.top) || !bytes.Equal(file[n:m], x.logBuf) {
		return
	}
	x.logBase, x.logBuf = file[n:m:m], nil
}

// shareTables makes an encoder that has written no table yet take each
// combatant's and sheet's table from file as its first encoding writes
// it, where it is there byte for byte, in order (a file fray wrote),
// rather than keep copies. file must never change: a table taken from it
// is written again elsewhere (inShared), never over it.
func (x *Encoder) shareTables(file []byte) {
	if x.shared != nil || len(x.combs) > 0 {
		return
	}
	x.shared, x.fileAt = file, bytes.Index(file, []byte("\n[[combatant]]\n"))
}

// fromFile returns t as it lies in the file at fileAt, the tables being
// taken from the file in order; else t, and no table after it is looked
// for there (the rest is not where this one would end).
func (x *Encoder) fromFile(t []byte) []byte {
	off := x.fileAt
	if off < 0 || len(t) == 0 || off+len(t) > len(x.shared) || !bytes.Equal(x.shared[off:off+len(t)], t) {
		x.fileAt = -1
		return t
	}
	x.fileAt += len(t)
	return x.shared[off : off+len(t) : off+len(t)]
}

// inShared reports whether t lies in the file shareTables takes tables
// from, or in the block ownTables moved them to.
func (x *Encoder) inShared(t []byte) bool {
	if len(t) == 0 || len(x.shared) == 0 {
		return false
	}
	p, lo := uintptr(unsafe.Pointer(unsafe.SliceData(t))), uintptr(unsafe.Pointer(unsafe.SliceData(x.shared)))
	return p >= lo && p < lo+uintptr(len(x.shared))
}

// ownTables moves the tables taken from the file (shareTables) into a
// block of the encoder's own, each different one once, and one that
// differs little from another (who a combatant is, its state, its
// sheet) as that difference (deltaTables), so that the encoder no longer
// keeps the file in memory. It costs what
// differs: at 1000 combatants of the big fights a fifth of the file's
// text after its log, most of it who each combatant is.
func (x *Encoder) ownTables() {
	if x.shared == nil {
		return
	}
	x.deltaTables(&x.segs)
	x.deltaTables(&x.tails)
	x.deltaTables(&x.sheetT)
	tables := [...][][]byte{x.segs.t, x.tails.t, x.sheetT.t, x.bases}
	at := make(map[string]int) // where a table goes in the block, by its text
	var (
		uniq [][]byte // the different tables, in the block's order
		n    int
	)
	for _, ts := range tables {
		for _, t := range ts {
			if !x.inShared(t) {
				continue
			}
			if _, ok := at[unsafe.String(unsafe.SliceData(t), len(t))]; !ok {
				at[unsafe.String(unsafe.SliceData(t), len(t))] = n
				uniq = append(uniq, t)
				n += len(t)
			}
		}
	}
	own := make([]byte, 0, n)
	for _, t := range uniq {
		own = append(own, t...)
	}
	for _, ts := range tables {
		for i, t := range ts {
			if x.inShared(t) {
				off := at[unsafe.String(unsafe.SliceData(t), len(t))]
				ts[i] = own[off : off+len(t) : off+len(t)]
			}
		}
	}
	x.shared, x.fileAt = own, -1
}
