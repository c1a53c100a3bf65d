package saves

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules"
	"fray/rules/dice"
)

// maxFileSize bounds what Decode reads: far above any real encounter.
const maxFileSize = 64 << 20

// Decode reads an encounter from TOML text; name is the file name used in
// error messages. Every problem is an *Error naming the line where it
// could be found. Combatants keep the IDs written in the file; one without
// an id (added by hand) gets the next free one.
func Decode(name string, data []byte, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	if len(data) > maxFileSize {
		return nil, nil, &Error{File: name, Msg: fmt.Sprintf("file is %d bytes, too big to be an encounter", len(data))}
	}
	return decodeText(name, string(data), reg)
}

// decodeText reads an encounter from src: streamed when it can be (lean),
// else from the whole tree.
func decodeText(name, src string, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	if len(src) > maxFileSize {
		return nil, nil, &Error{File: name, Msg: fmt.Sprintf("file is %d bytes, too big to be an encounter", len(src))}
	}
	if e, sys, ok := decodeStream(name, src, reg); ok {
		return e, sys, nil
	}
	return decodeTree(name, src, reg)
}

// decodeTree reads an encounter from the whole tree of src.
func decodeTree(name, src string, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	root, err := parseTree(name, src)
	if err != nil {
		return nil, nil, err
	}
	d := &decoder{name: name}
	e, sys, err := d.encounter(root, reg)
	if err == nil {
		err = d.checkNumbers(e)
	}
	if err != nil {
		return nil, nil, err
	}
	return e, sys, nil
}

type decoder struct {
	name      string
	faceSlab  []int           // log faces are cut from blocks of this (cap = len each)
	fewFaces  bool            // one entry is decoded: no block for faces
	sheetKeys []keyPlace      // the keys of the sheet last read, by place (fieldIndex)
	turnBlock []model.TurnVal // room for combatants' turn state (turnState)
	whos      []pendingWho    // conditions' who, resolved once every name is known
	own       *strPool        // where the text the encounter keeps is copied to; nil: none (strPool)

	// What begin found, for the combatants and entries added after it and
	// for finish.
	root, current, order    *node
	combatantsNode, logNode *node
	sys                     rules.System
	e                       *model.Encounter
	log                     []model.Entry // the log's entries read, e.Log once finished
	byName                  *names
	ids                     idSet // the IDs written, to find one given twice
	engaged                 []pendingFoes
}

// at builds an error at a line.
func (d *decoder) at(line int, format string, args ...any) error {
	return &Error{File: d.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// str reads text the encounter keeps (copied into d.own, if any).
func (d *decoder) str(n *node, what string) (string, error) {
	s, err := d.word(n, what)
	return d.own.keep(s), err
}

// word reads text only looked at (a name to find, a word to parse): it
// is not copied.
func (d *decoder) word(n *node, what string) (string, error) {
	if n.kind != kString {
		return "", d.at(n.line, "%s must be text in quotes, not %s", what, describe(n))
	}
	return n.str, nil
}

func (d *decoder) int(n *node, what string) (int, error) {
	if n.kind != kInt {
		return 0, d.at(n.line, "%s must be a whole number, not %s", what, describe(n))
	}
	if n.num < -model.MaxNumber || n.num > model.MaxNumber {
		return 0, d.at(n.line, "%s", (&model.RangeError{What: what, Value: n.num, Min: -model.MaxNumber, Max: model.MaxNumber}).Error())
	}
	return int(n.num), nil
}

func (d *decoder) bool(n *node, what string) (bool, error) {
	if n.kind != kBool {
		return false, d.at(n.line, "%s must be true or false, not %s", what, describe(n))
	}
	return n.num != 0, nil
}

// text reads a value that fray keeps as text: text, a number or a bool.
func (d *decoder) text(n *node, what string) (string, error) {
	switch n.kind {
	case kString:
		return d.own.keep(n.str), nil
	case kInt:
		return strconv.FormatInt(n.num, 10), nil
	case kBool:
		return strconv.FormatBool(n.num != 0), nil
	}
	return "", d.at(n.line, "%s must be text or a number, not %s", what, describe(n))
}

func (d *decoder) table(n *node, what string) error {
	if n.kind != kTable {
		return d.at(n.line, "%s must be a table, not %s", what, describe(n))
	}
	return nil
}

func (d *decoder) list(n *node, what string) error {
	if n.kind != kArray {
		return d.at(n.line, "%s must be a list, not %s", what, describe(n))
	}
	return nil
}

// header checks the format version, upgrading older trees, and finds the
// rule system.
func (d *decoder) header(root *node, reg *rules.Registry) (rules.System, error) {
	vn := root.get("version")
	if vn == nil {
		return nil, d.at(0, "no format version: a fray encounter file starts with version = %d", FormatVersion)
	}
	if vn.kind != kInt {
		return nil, d.at(vn.line, "version must be a whole number, not %s", describe(vn))
	}
	if vn.num > FormatVersion {
		return nil, d.at(0, "written by a newer fray (format %d; this fray reads up to %d)", vn.num, FormatVersion)
	}
	if vn.num < 1 {
		return nil, d.at(vn.line, "format version %d does not exist (the first is 1)", vn.num)
	}
	if err := migrate(root, int(vn.num)); err != nil {
		return nil, d.at(vn.line, "cannot upgrade from format %d: %v", vn.num, err)
	}
	sn := root.get("system")
	if sn == nil {
		return nil, d.at(0, "no rule system: add a line such as system = \"arm5\"")
	}
	id, err := d.word(sn, "system")
	if err != nil {
		return nil, err
	}
	if reg == nil {
		return nil, d.at(sn.line, "unknown system %q (no systems are known)", id)
	}
	sys, err := reg.Lookup(id)
	if err != nil {
		return nil, d.at(sn.line, "%v", err)
	}
	return sys, nil
}

// encounter builds the encounter from a whole tree.
func (d *decoder) encounter(root *node, reg *rules.Registry) (*model.Encounter, rules.System, error) {
	if err := d.begin(root, reg); err != nil {
		return nil, nil, err
	}
	if n := d.combatantsNode; n != nil {
		if err := d.list(n, "combatant"); err != nil {
			return nil, nil, err
		}
		d.e.Combatants = make([]*model.Combatant, 0, len(n.list))
		for _, t := range n.list {
			if err := d.addCombatant(t); err != nil {
				return nil, nil, err
			}
		}
	}
	if n := d.logNode; n != nil {
		if err := d.list(n, "log"); err != nil {
			return nil, nil, err
		}
		d.log = make([]model.Entry, 0, len(n.list))
		for _, t := range n.list {
			if err := d.addEntry(t); err != nil {
				return nil, nil, err
			}
		}
	}
	if err := d.finish(); err != nil {
		return nil, nil, err
	}
	return d.e, d.sys, nil
}

// The decoder reads an encounter in three steps, so that a streaming
// reader (fastdecode.go) and the whole tree share them: begin reads the
// root's keys (all of them come before any table, in TOML), then each
// combatant and each log entry is added as it comes, and finish reads the
// tables that may come anywhere ([fight], [options], [turn]) and what
// needs every combatant known (names in the order, in engagements, in
// conditions).

// begin checks the header and reads the root's own keys, keeping for
// finish those that need more.
func (d *decoder) begin(root *node, reg *rules.Registry) error {
	sys, err := d.header(root, reg)
	if err != nil {
		return err
	}
	d.root, d.sys = root, sys
	d.e = model.New(sys.ID(), 0)
	d.byName = newNames(0)
	d.ids = newIDSet(0, 0)
	for _, f := range root.fields {
		k, v := f.key, f.val
		var err error
		switch k {
		case "version", "system", "options", "turn", "fight":
		case "title":
			d.e.Title, err = d.plain(v, "title")
		case "combatant":
			d.combatantsNode = v
		case "log":
			d.logNode = v
		default:
			if slices.Contains(fightKeys, k) {
				err = d.at(v.line, "%s belongs in the [fight] table, after the log", k)
			} else {
				err = d.at(v.line, "unknown key %q", k)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// fightKeys are the keys of [fight]: the fight as it stands, which a
// format-2 file had at its top (upgradeFight).
var fightKeys = []string{"round", "current", "phase", "count", "ended", "fight_time", "turn_time", "timed_at", "rng", "queue", "next_id", "order"}

// fight reads the [fight] table: round, turn, order, clock, dice. It
// comes after the log, so finish reads it, before the combatants' IDs
// are settled.
func (d *decoder) fight(n *node) error {
	if err := d.table(n, "fight"); err != nil {
		return err
	}
	e := d.e
	ids := e.NextID // as the combatants' IDs raised it
	e.NextID = 1
	for _, f := range n.fields {
		k, v := f.key, f.val
		var err error
		switch k {
		case "round":
			e.Round, err = d.intIn(v, "round", 0, model.MaxRound)
		case "current":
			d.current = v
		case "phase":
			e.Phase, err = d.plain(v, "phase")
		case "count":
			e.Count, err = d.int(v, "count")
		case "rng":
			e.RNG, err = d.rng(v)
		case "queue":
			e.Queue, err = d.queue(v)
		case "order":
			d.order = v
		case "next_id":
			e.NextID, err = d.intIn(v, "next_id", 1, model.MaxID+1)
		default:
			var known bool
			if known, err = d.fightKey(k, v, e); !known {
				err = d.at(v.line, "unknown key %q in [fight]", k)
			}
		}
		if err != nil {
			return err
		}
	}
	e.NextID = max(e.NextID, ids)
	return nil
}

// addEntry reads one [[log]] table onto the log.
func (d *decoder) addEntry(t *node) error {
	d.log = append(d.log, model.Entry{})
	return d.entry(t, &d.log[len(d.log)-1])
}

// finish reads [options] and [turn], gives IDs to combatants written
// without one, and resolves every name: engagements, conditions tied to a
// turn, the current combatant and the order.
func (d *decoder) finish() error {
	e, root := d.e, d.root
	e.Log = model.LogOf(d.log)
	if fight := root.get("fight"); fight != nil {
		if err := d.fight(fight); err != nil {
			return err
		}
	}
	if options := root.get("options"); options != nil {
		if err := d.options(options, d.sys, e.Options); err != nil {
			return err
		}
	}
	if turn := root.get("turn"); turn != nil {
		if err := d.textTable(turn, "turn", e.Turn); err != nil {
			return err
		}
	}
	if err := d.finishCombatants(); err != nil {
		return err
	}
	if err := d.resolveUntils(e, d.byName); err != nil {
		return err
	}
	if err := d.turnOrder(d.current, d.order, e, d.byName); err != nil {
		return err
	}
	if a, ok := d.sys.(rules.TurnAdopter); ok {
		a.AdoptTurn(e) // a combatant's turn state an older file kept in [turn]
	}
	return nil
}

func (d *decoder) rng(n *node) (uint64, error) {
	s, err := d.word(n, "rng")
	if err != nil {
		return 0, err
	}
	v, perr := strconv.ParseUint(s, 16, 64)
	if perr != nil || s == "" || s[0] == '+' {
		return 0, d.at(n.line, "rng must be up to 16 hexadecimal digits, not %q", s)
	}
	return v, nil
}

func (d *decoder) queue(n *node) ([]int, error) {
	if err := d.list(n, "queue"); err != nil {
		return nil, err
	}
	var q []int
	for _, el := range n.list {
		f, err := d.int(el, "a queued face")
		if err != nil {
			return nil, err
		}
		if f < 0 || f > dice.MaxSides {
			return nil, d.at(el.line, "queued face %d is out of range 0–%d", f, dice.MaxSides)
		}
		q = append(q, f)
	}
	return q, nil
}

// textTable reads a table of text values into m.
func (d *decoder) textTable(n *node, what string, m map[string]string) error {
	if err := d.table(n, what); err != nil {
		return err
	}
	for _, f := range n.fields {
		v, err := d.textField(f, what, "")
		if err != nil {
			return err
		}
		m[d.own.keep(f.key)] = v
	}
	return nil
}

// textField reads a field of a text table (table+sub names it, put
// together only for a message: a combatant's turn table is read for each
// of a thousand): its value as text, key and value free of control
// characters.
func (d *decoder) textField(f field, table, sub string) (string, error) {
	v, err := d.text(f.val, "")
	if err != nil {
		_, err = d.text(f.val, table+sub+"."+f.key)
		return "", err
	}
	if r, _ := rules.FindControl(f.key); r != 0 {
		return "", d.noControl(f.val, table+sub+" key", f.key)
	}
	if r, _ := rules.FindControl(v); r != 0 {
		return "", d.noControl(f.val, table+sub+"."+f.key, v)
	}
	return v, nil
}

// options reads [options], checking each against the system's list.
func (d *decoder) options(n *node, sys rules.System, m map[string]string) error {
	if err := d.textTable(n, "options", m); err != nil {
		return err
	}
	known := rules.AllOptions(sys)
	for _, f := range n.fields {
		k, line := f.key, f.val.line
		var opt *rules.Option
		names := make([]string, len(known))
		for j := range known {
			names[j] = known[j].Key
			if known[j].Key == k {
				opt = &known[j]
			}
		}
		if opt == nil {
			if len(names) == 0 {
				return d.at(line, "unknown option %q: %s has no options", k, sys.Name())
			}
			return d.at(line, "unknown option %q (known: %s)", k, strings.Join(names, ", "))
		}
		v, err := opt.Check(m[k])
		if err != nil {
			return d.at(line, "%v", err)
		}
		m[d.own.keep(k)] = v // a string key set again takes the key given
	}
	return nil
}

// turnOrder resolves current and order, given by name. An empty order is
// rebuilt in file order; combatants the order leaves out join its end.
func (d *decoder) turnOrder(current, order *node, e *model.Encounter, byName *names) error {
	if current != nil {
		s, err := d.word(current, "current")
		if err != nil {
			return err
		}
		if s != "" {
			c, ok := byName.get(s)
			if !ok {
				return d.at(current.line, "current is %q, but no combatant has that name", s)
			}
			e.Current = c.ID
		}
	}
	placed := newIDSet(e.NextID, len(e.Combatants))
	if len(e.Combatants) > 0 && e.Order == nil {
		e.Order = make([]int, 0, len(e.Combatants)) // each is placed
	}
	if order != nil {
		if err := d.list(order, "order"); err != nil {
			return err
		}
		for _, el := range order.list {
			s, err := d.word(el, "an order entry")
			if err != nil {
				return err
			}
			c, ok := byName.get(s)
			if !ok {
				return d.at(el.line, "order names %q, but no combatant has that name", s)
			}
			if placed.has(c.ID) {
				return d.at(el.line, "order names %q twice", s)
			}
			placed.add(c.ID)
			e.Order = append(e.Order, c.ID)
		}
	}
	for _, c := range e.Combatants {
		if !placed.has(c.ID) {
			e.Order = append(e.Order, c.ID)
		}
	}
	return nil
}

// idSet is a set of combatants' IDs: bits while they are below a few
// times how many there are (IDs are given from 1 on), else a map.
type idSet struct {
	bits []uint64
	m    map[int]bool
}

// newIDSet returns a set for n IDs below next (0: not known yet).
func newIDSet(next, n int) idSet {
	if next <= 0 {
		next = 8*n + 1024
	}
	if next <= 8*n+1024 {
		return idSet{bits: make([]uint64, next/64+1)}
	}
	return idSet{m: make(map[int]bool, n)}
}

func (s idSet) has(id int) bool {
	if s.m != nil || id < 0 || id/64 >= len(s.bits) {
		return s.m[id]
	}
	return s.bits[id/64]&(1<<(id%64)) != 0
}

func (s *idSet) add(id int) {
	if s.m == nil && (id < 0 || id/64 >= len(s.bits)) {
		s.m = make(map[int]bool) // an ID past what the bits hold
		for i, w := range s.bits {
			for b := 0; b < 64; b++ {
				if w&(1<<b) != 0 {
					s.m[64*i+b] = true
				}
			}
		}
	}
	if s.m != nil {
		s.m[id] = true
		return
	}
	s.bits[id/64] |= 1 << (id % 64)
}
