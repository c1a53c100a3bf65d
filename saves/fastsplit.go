package saves

import (
	"strings"

	"fray/model"
	"fray/rules"
)

// A big fight's combatants are read on two cores: the second half of
// their tables by a decoder of its own (readHalf), beside the reader
// going through the first (decodeStream). Each combatant is read alone;
// what ties them together (names and IDs that must differ, engagements,
// conditions naming who) is settled as the second half's records join the
// first's, in file order (joinHalf), so the result is the one-core
// reading's. The split is made only where nothing but [[combatant]]
// tables and their sheets follow it (splitCombatants).

// minSplit is the size of combatant tables from which they are split; a
// variable for the tests.
var minSplit = 128 << 10

// splitCombatants returns where the second half of src's combatant
// tables begins (a "[[combatant]]" line), or 0 when they are few, or when
// any line after that beginning with "[" is other than "[[combatant]]"
// and "[combatant.sheet]".
func splitCombatants(src string) int {
	const header = "\n[[combatant]]\n"
	first := strings.Index(src, header)
	if first < 0 || len(src)-first < minSplit {
		return 0
	}
	mid := first + (len(src)-first)/2
	at := strings.Index(src[mid:], header)
	if at < 0 {
		return 0
	}
	at += mid + 1
	for i := at; i < len(src); {
		j := strings.IndexByte(src[i:], '[')
		if j < 0 {
			break
		}
		i += j
		if src[i-1] != '\n' {
			i++
			continue
		}
		switch {
		case strings.HasPrefix(src[i:], "[[combatant]]\n"):
			i += len("[[combatant]]\n")
		case strings.HasPrefix(src[i:], "[combatant.sheet]\n"):
			i += len("[combatant.sheet]\n")
		default:
			return 0
		}
	}
	return at
}

// half is the second half of the combatants, once done is closed; ok is
// false if any of it did not read.
type half struct {
	done chan struct{}
	ok   bool
	cs   []halfCombatant
	whos []pendingWho // its conditions' who (Who counts from -1 in these)
}

// halfCombatant is a combatant read by readHalf, with what joinHalf
// checks against the others.
type halfCombatant struct {
	c        *model.Combatant
	nameLine int
	idLine   int
	foes     *pendingFoes
}

// readHalf reads src, a run of [[combatant]] tables, as sys's; with own,
// the text it keeps is copied out of src (strPool).
func readHalf(name, src string, sys rules.System, own bool) *half {
	h := &half{done: make(chan struct{}), cs: make([]halfCombatant, 0, countHeaders(src, "[[combatant]]\n"))}
	go func() {
		defer close(h.done)
		d := &decoder{name: name, sys: sys}
		if own {
			d.own = newStrPool()
		}
		failed := false
		root, parsed := fastParseStream(src, func(_ *node, kind string, t *node) bool {
			failed = true
			if kind != "combatant" {
				return false
			}
			c, nameLine, err := d.combatant(t, sys)
			if err != nil {
				return false
			}
			hc := halfCombatant{c: c, nameLine: nameLine}
			if id := t.get("id"); id != nil {
				hc.idLine = id.line
			}
			if en := t.get("engaged"); en != nil {
				p, err := d.foes(c, en)
				if err != nil {
					return false
				}
				hc.foes = &p
			}
			h.cs = append(h.cs, hc)
			failed = false
			return true
		})
		h.ok = parsed && !failed && len(root.fields) == 0
		h.whos = d.whos
	}()
	return h
}

// joinHalf adds the second half's combatants after those d read, as
// addCombatant would have.
func (d *decoder) joinHalf(h *half) bool {
	<-h.done
	if !h.ok {
		return false
	}
	e, base := d.e, len(d.whos)
	d.whos = append(d.whos, h.whos...)
	for _, hc := range h.cs {
		c := hc.c
		for i := range c.Conds {
			if c.Conds[i].Who < 0 {
				c.OwnProfile().Conds[i].Who -= base // its place in d.whos
			}
		}
		if hc.foes != nil {
			d.engaged = append(d.engaged, *hc.foes)
		}
		if d.byName.add(c) != nil {
			return false
		}
		if c.ID != 0 {
			if d.ids.has(c.ID) {
				return false
			}
			d.ids.add(c.ID)
			e.NextID = max(e.NextID, c.ID+1)
		}
		e.Combatants = append(e.Combatants, c)
	}
	return true
}
