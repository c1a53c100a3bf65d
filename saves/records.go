package saves

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"fray/model"
	"fray/rules"
)

// addCombatant reads one [[combatant]] table. A written ID is kept; a
// combatant without one gets the next free ID in finishCombatants, in
// file order.
func (d *decoder) addCombatant(t *node) error {
	e, byName := d.e, d.byName
	c, nameLine, err := d.combatant(t, d.sys)
	if err != nil {
		return err
	}
	if en := t.get("engaged"); en != nil {
		p, err := d.foes(c, en)
		if err != nil {
			return err
		}
		d.engaged = append(d.engaged, p)
	}
	if o := byName.add(c); o != nil {
		return d.at(nameLine, "two combatants are called %q (names must differ, ignoring case)", o.Name)
	}
	if c.ID != 0 {
		if d.ids.has(c.ID) {
			o := e.Combatants[slices.IndexFunc(e.Combatants, func(o *model.Combatant) bool { return o.ID == c.ID })]
			return d.at(t.get("id").line, "%s has id %d, like %s (ids must differ)", c.Name, c.ID, o.Name)
		}
		d.ids.add(c.ID)
		e.NextID = max(e.NextID, c.ID+1)
	}
	e.Combatants = append(e.Combatants, c)
	return nil
}

// finishCombatants gives IDs to those written without one and reads the
// engagements, once every name is known.
func (d *decoder) finishCombatants() error {
	e := d.e
	for _, c := range e.Combatants {
		if c.ID == 0 {
			c.OwnProfile().ID = e.NextID
			e.NextID++
		}
	}
	return d.engagements(d.engaged, e, d.byName)
}

// pendingFoes is a combatant's engaged list, read once every name is known.
type pendingFoes struct {
	c     *model.Combatant
	names []string
	lines []int
}

// foes reads a combatant's engaged list: names, checked later.
func (d *decoder) foes(c *model.Combatant, list *node) (pendingFoes, error) {
	p := pendingFoes{c: c}
	if err := d.list(list, c.Name+": engaged"); err != nil {
		return p, err
	}
	for _, el := range list.list {
		s, err := d.word(el, c.Name+": an engaged name")
		if err != nil {
			return p, err
		}
		p.names = append(p.names, s)
		p.lines = append(p.lines, el.line)
	}
	return p, nil
}

// engagements reads the engaged lists, by name. One side naming the
// other is enough: engagement goes both ways.
func (d *decoder) engagements(ps []pendingFoes, e *model.Encounter, byName *names) error {
	for _, p := range ps {
		for i, s := range p.names {
			o, ok := byName.get(s)
			if !ok {
				return d.at(p.lines[i], "%s is engaged with %q, but no combatant has that name", p.c.Name, s)
			}
			if o == p.c {
				return d.at(p.lines[i], "%s cannot be engaged with itself", p.c.Name)
			}
			e.Engage(p.c, o)
		}
	}
	return nil
}

// combatant reads one [[combatant]] table; it also returns the line of
// its name.
func (d *decoder) combatant(t *node, sys rules.System) (*model.Combatant, int, error) {
	if err := d.table(t, "a combatant"); err != nil {
		return nil, 0, err
	}
	c := &model.Combatant{Profile: &model.Profile{}}
	nameLine := t.line
	var sheet *node
	if nn := t.get("name"); nn != nil {
		nameLine = nn.line
		var err error
		if c.Name, err = d.combatantName(nn); err != nil {
			return nil, 0, err
		}
	}
	if strings.TrimSpace(c.Name) == "" {
		return nil, 0, d.at(nameLine, "a combatant needs a name")
	}
	for _, f := range t.fields {
		k, v := f.key, f.val
		var err error
		switch k {
		case "name":
		case "id":
			if c.ID, err = d.int(v, "id"); err == nil && c.ID > model.MaxID {
				_, err = d.intIn(v, "id", 1, model.MaxID)
			} else if err == nil && c.ID < 1 {
				err = d.at(v.line, "%s: id must be 1 or more, not %d", c.Name, c.ID)
			}
		case "side", "note", "status":
			err = d.personKey(c, k, v)
		case "init":
			c.Init, err = d.int(v, "init")
		case "has_init":
			c.HasInit, err = d.bool(v, "has_init")
		case "tie":
			c.Tie, err = d.int(v, "tie")
		case "delaying":
			c.Delaying, err = d.bool(v, "delaying")
		case "acted":
			c.Acted, err = d.bool(v, "acted")
		case "conditions":
			c.Conds, err = d.conditions(v, c.Name)
		case "hidden":
			c.Hidden, err = d.bool(v, "hidden")
		case "band":
			c.Band, err = d.str(v, "band")
		case "tally":
			var t model.Tally
			if t, err = d.tally(v, c.Name); err == nil {
				c.SetTally(t)
			}
		case "zone":
			var z string
			if z, err = d.text(v, "zone"); err == nil {
				if c.Zone, err = rules.ParseZone(z); err != nil {
					err = d.at(v.line, "%s: %v", c.Name, err)
				}
			}
		case "turn":
			c.TurnState, err = d.turnState(v, c.Name)
		case "engaged":
			// read by combatants, once every name is known
		case "sheet":
			sheet = v
		default:
			err = d.at(v.line, "%s: unknown key %q", c.Name, k)
		}
		if err != nil {
			return nil, 0, err
		}
	}
	if err := d.sheet(c, t.line, sheet, sys); err != nil {
		return nil, 0, err
	}
	return c, nameLine, nil
}

// combatantName reads a combatant's name. It is copied out of the file's text as
// all it keeps is (strPool), but not looked for among the strings kept
// before: no two combatants share a name.
func (d *decoder) combatantName(n *node) (string, error) {
	own := d.own
	d.own = nil
	s, err := d.plain(n, "name")
	d.own = own
	return own.copy(s), err
}

// personKey reads side, note or status: what a combatant is, in an
// encounter and in a party alike.
func (d *decoder) personKey(c *model.Combatant, k string, v *node) error {
	var err error
	switch k {
	case "side":
		c.OwnProfile().Side, err = d.plain(v, "side")
	case "note":
		c.OwnProfile().Note, err = d.plain(v, "note")
	case "status":
		var s string
		if s, err = d.word(v, "status"); err == nil {
			if c.Status, err = model.ParseStatus(s); err != nil {
				err = d.at(v.line, "%s: %v", c.Name, err)
			}
		}
	}
	return err
}

// sheet gives c a new sheet of sys and sets on it the fields of a sheet
// table (nil: none), checking each as set would.
func (d *decoder) sheet(c *model.Combatant, line int, sheet *node, sys rules.System) error {
	s, err := newSheet(sys)
	if err != nil {
		return d.at(line, "%s: %v", c.Name, err)
	}
	c.SetSheet(s)
	if sheet == nil {
		return nil
	}
	if err := d.table(sheet, c.Name+"'s sheet"); err != nil {
		return err
	}
	if c.Sheet() == nil && len(sheet.fields) > 0 {
		return d.at(sheet.line, "%s: %s keeps no sheet fields", c.Name, sys.Name())
	}
	for j, f := range sheet.fields {
		v, err := d.text(f.val, f.key)
		if err == nil && f.val.kind == kString {
			if r, _ := rules.FindControl(v); r != 0 { // the message only when needed
				err = d.noControl(f.val, c.Name+": "+f.key, v)
			}
		}
		if err != nil {
			return err
		}
		if err := safeSet(c.OwnSheet(), f.key, v, d.fieldIndex(c.Sheet(), j, f.key)); err != nil {
			return d.at(f.val.line, "%s: %s", c.Name, fieldErr(f.key, err))
		}
	}
	return nil
}

// keyPlace is a key of the sheet last read and its field's index (-1 for
// none: it is set by name, and refused as Set refuses it).
type keyPlace struct {
	key string
	i   int
}

// fieldIndex returns the index of the field the j-th key of a sheet
// names, -1 to set it by name. A fight's sheets have the same keys in the
// same order, so a key is looked up once a file, not once a sheet: the
// j-th key of the sheet before is the same.
func (d *decoder) fieldIndex(s model.Sheet, j int, key string) int {
	ix, ok := s.(model.IndexedSheet)
	if !ok {
		return -1
	}
	if j < len(d.sheetKeys) && d.sheetKeys[j].key == key {
		return d.sheetKeys[j].i
	}
	k := keyPlace{key: key, i: -1}
	if i, ok := ix.FieldIndex(key); ok {
		k.i = i
	}
	for len(d.sheetKeys) <= j {
		d.sheetKeys = append(d.sheetKeys, keyPlace{i: -1})
	}
	d.sheetKeys[j] = k
	return k.i
}

// turnState reads a combatant's turn table: its system's turn state,
// kind = text, as the rules wrote it.
func (d *decoder) turnState(n *node, who string) ([]model.TurnVal, error) {
	if n.kind != kTable {
		return nil, d.table(n, who+"'s turn")
	}
	if len(n.fields) == 0 {
		return nil, nil
	}
	// From one block for many combatants, each its own part, full, so
	// that an item added to one never reaches the next.
	k := len(n.fields)
	if cap(d.turnBlock)-len(d.turnBlock) < k {
		d.turnBlock = make([]model.TurnVal, 0, max(k, 256))
	}
	at := len(d.turnBlock)
	d.turnBlock = d.turnBlock[:at+k]
	out := d.turnBlock[at : at : at+k]
	for _, f := range n.fields {
		v, err := d.textField(f, who, "'s turn")
		if err != nil {
			return nil, err
		}
		out = append(out, model.TurnVal{Kind: d.own.keep(f.key), Value: v})
	}
	// Sorted as the model keeps it, whatever order a hand put them in.
	slices.SortFunc(out, func(a, b model.TurnVal) int { return strings.Compare(a.Kind, b.Kind) })
	return out, nil
}

func (d *decoder) conditions(n *node, who string) ([]model.Condition, error) {
	if err := d.list(n, "conditions"); err != nil {
		return nil, err
	}
	var out []model.Condition
	for _, el := range n.list {
		if err := d.table(el, "a condition"); err != nil {
			return nil, err
		}
		var k model.Condition
		for _, f := range el.fields {
			key, v := f.key, f.val
			var err error
			switch key {
			case "label":
				k.Label, err = d.plain(v, "a condition's label")
			case "expires":
				if k.Expires, err = d.int(v, "expires"); err == nil && k.Expires > model.MaxRound {
					_, err = d.intIn(v, "expires", 0, model.MaxRound)
				} else if err == nil && k.Expires < 0 {
					err = d.at(v.line, "%s: a condition cannot expire in round %d", who, k.Expires)
				}
			case "until", "who", "armed":
				err = d.untilKey(&k, key, v, who)
			default:
				err = d.at(v.line, "%s: unknown key %q in a condition (it takes label, expires, and until, who and armed)", who, key)
			}
			if err != nil {
				return nil, err
			}
		}
		if strings.TrimSpace(k.Label) == "" {
			return nil, d.at(el.line, "%s: a condition needs a label", who)
		}
		for _, o := range out {
			if strings.EqualFold(o.Label, k.Label) {
				return nil, d.at(el.line, "%s: condition %q is there twice", who, k.Label)
			}
		}
		if err := d.checkUntil(&k, el.line, who); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

func (d *decoder) entry(t *node, en *model.Entry) error {
	if err := d.table(t, "a log entry"); err != nil {
		return err
	}
	for _, f := range t.fields {
		k, v := f.key, f.val
		var err error
		switch k {
		case "seq":
			en.Seq, err = d.int(v, "seq")
		case "round":
			en.Round, err = d.int(v, "round")
		case "kind":
			var k string
			k, err = d.str(v, "kind")
			en.Kind = model.EntryKind(k)
		case "who":
			en.Who, err = d.logText(v, "who")
		case "why":
			en.Why, err = d.logText(v, "why")
		case "expr":
			en.Expr, err = d.logText(v, "expr")
		case "special":
			en.Special, err = d.logText(v, "special")
		case "text":
			en.Text, err = d.logText(v, "text")
		case "total":
			en.Total, err = d.int(v, "total")
		case "faces":
			en.Faces, err = d.faces(v)
		default:
			err = d.at(v.line, "unknown key %q in a log entry", k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (d *decoder) faces(n *node) ([]int, error) {
	if err := d.list(n, "faces"); err != nil {
		return nil, err
	}
	if len(n.list) == 0 {
		return nil, nil
	}
	if len(d.faceSlab) < len(n.list) {
		block := 4096 // a log's faces are cut from blocks
		if d.fewFaces {
			block = 0
		}
		d.faceSlab = make([]int, max(block, len(n.list)))
	}
	out := d.faceSlab[:len(n.list):len(n.list)]
	d.faceSlab = d.faceSlab[len(n.list):]
	for i, el := range n.list {
		f, err := d.int(el, "a face")
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// newSheet and safeSet call into a rule system; a panic there becomes an
// error so that no file can crash fray.
func newSheet(sys rules.System) (s model.Sheet, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error making a sheet: %v", r)
		}
	}()
	return sys.NewSheet(), nil
}

// safeSet sets key k to v, by the field's index i when not -1.
func safeSet(s model.Sheet, k, v string, i int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error setting this field: %v", r)
		}
	}()
	if i >= 0 {
		return s.(model.IndexedSheet).SetIndex(i, v)
	}
	return s.Set(k, v)
}

// foldKey maps names that strings.EqualFold treats as equal to one key:
// each rune becomes the smallest rune of its case-folding orbit.
func foldKey(s string) string {
	ascii, upper := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		ascii = ascii && c < utf8.RuneSelf
		upper = upper || c >= 'A' && c <= 'Z'
	}
	if ascii {
		if !upper {
			return s
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range s {
		m := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			m = min(m, f)
		}
		if m >= 'A' && m <= 'Z' {
			m += 'a' - 'A'
		}
		b.WriteRune(m)
	}
	return b.String()
}

// fieldErr words a sheet field's refusal after the name it belongs to:
// "hp must be a whole number" as it is, "weapon: unknown…" with the key
// before it, never "hp: hp must…".
func fieldErr(key string, err error) string {
	if msg := err.Error(); strings.HasPrefix(msg, key+" ") {
		return msg
	}
	return key + ": " + err.Error()
}
