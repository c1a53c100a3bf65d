package rules

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fray/model"
	"fray/rules/dice"
)

// MaxAdd is the most combatants one add may bring in.
const MaxAdd = 1000

const addUsage = "add [COUNT] NAME [group] [from=TEMPLATE] [FIELD=VALUE…]"

// runAdd adds one combatant, or COUNT copies of a template:
//
//	add Odo side=party hp=6      one combatant, a blank sheet
//	add goblin                   one from the template Goblin (its name,
//	                             numbered on if Goblin or Goblin 1… are there)
//	add 6 goblin                 Goblin 1 … Goblin 6 (numbering on from
//	                             copies already present); 6 gob works too
//	add 6 goblin group           …acting as one group (see Grouper)
//	add 3 Raider from=bandit     Raider 1 … Raider 3 from the template Bandit
//	add Snaga from=orc           one called Snaga from the template Orc
//	add Paul from=               a blank Paul even where a template Paul is
//
// key=value words override the template's field of the same key. Dice in a
// field (hp=2d8) are rolled for each copy and logged. Each copy joins as a
// late arrival would: mid-fight the system places it in the order.
func runAdd(c *Ctx, args []string) error {
	plain, kvs := SplitKV(args)
	count, name, grouped, err := addWords(joinTemplateName(c, plain))
	if err != nil {
		return err
	}
	var from *KV
	var rest []KV
	for i, kv := range kvs {
		if kv.Key == "from" {
			from = &kvs[i]
			continue
		}
		rest = append(rest, kv)
	}
	tpl, err := addTemplate(c, name, count > 0, from)
	if err != nil {
		return err
	}
	if tpl == nil && count == 0 && from == nil && len(rest) == 0 {
		nearTemplates(c, name)
	}
	if grouped && count == 0 {
		return Usagef(verbNamed("add"), "group needs a count: add 6 %s group", Quote(name))
	}
	fields := rest
	base := name
	if tpl != nil {
		fields = overlay(tpl.Fields, rest)
		if from == nil {
			base = tpl.Name
		}
	}
	if err := checkName(base); err != nil {
		return err
	}
	var names []string
	switch {
	case count > 0:
		first := nextNumber(c.E, base)
		names = make([]string, count)
		for i := range names {
			names[i] = base + " " + strconv.Itoa(first+i)
		}
	case tpl != nil && from == nil && nextNumber(c.E, base) > 1:
		// Base, or copies Base 1…: this one is numbered on.
		names = []string{base + " " + strconv.Itoa(nextNumber(c.E, base))}
	default:
		names = []string{base}
	}
	if tpl != nil {
		c.Event("from the template %s%s: %s", tpl.Name, where(tpl), countText(names))
	}
	groupName := plural(base)
	band := ""
	if _, ok := c.Sys.(Banded); ok && grouped {
		band = FreeBand(c.E, groupName)
	}
	added := make([]*model.Combatant, 0, len(names))
	for _, n := range names {
		cb, err := addOne(c, n, band, fields)
		if err != nil {
			return err
		}
		added = append(added, cb)
	}
	if grouped {
		return joinGroup(c, groupName, added)
	}
	return nil
}

// addWords reads add's plain words: [COUNT] NAME [group].
func addWords(plain []string) (count int, name string, grouped bool, err error) {
	if n := len(plain); n >= 2 && strings.EqualFold(plain[n-1], "group") {
		plain, grouped = plain[:n-1], true
	}
	if len(plain) == 2 {
		if n, ok := countWord(plain[0]); ok {
			if n < 1 || n > MaxAdd {
				return 0, "", false, Usagef(verbNamed("add"), "the count must be from 1 to %d, not %s", MaxAdd, plain[0])
			}
			return n, plain[1], grouped, nil
		}
	}
	if len(plain) != 1 {
		return 0, "", false, Usagef(verbNamed("add"), "add takes one name, after a count if several (quote names with spaces)")
	}
	if grouped {
		return 0, "", false, Usagef(verbNamed("add"), "group needs a count: add 6 %s group", Quote(plain[0]))
	}
	return 0, plain[0], false, nil
}

// joinTemplateName makes one word of the words between add's count and
// group when together they are a template's whole name (add goblin boss),
// so a GM need not quote it; other words are left for addWords to refuse.
func joinTemplateName(c *Ctx, plain []string) []string {
	lo, hi := 0, len(plain)
	if hi > 0 {
		if _, ok := countWord(plain[0]); ok {
			lo = 1
		}
	}
	if hi-lo > 2 && strings.EqualFold(plain[hi-1], "group") {
		hi--
	}
	if hi-lo < 2 || c.Lib == nil {
		return plain
	}
	ts, _ := c.Lib.Templates(c.Sys.ID())
	name := strings.Join(plain[lo:hi], " ")
	if _, err := FindTemplate(ts, nil, "", name, false); err != nil {
		return plain
	}
	out := append(append(append([]string{}, plain[:lo]...), name), plain[hi:]...)
	return out
}

// countWord reads a count: digits only (so a name like 3rd is no count).
func countWord(w string) (int, bool) {
	if w == "" || strings.Trim(w, "0123456789") != "" || len(w) > 7 {
		return 0, false
	}
	n, err := strconv.Atoi(w)
	return n, err == nil
}

// addTemplate finds the template an add uses: from= names it (from=
// with no value: none); with a count, the name is the template's (a
// unique beginning will do); a single add uses a template only when its
// whole name matches one, else it adds a blank sheet.
func addTemplate(c *Ctx, name string, counted bool, from *KV) (*Template, error) {
	if from != nil && strings.TrimSpace(from.Value) == "" {
		return nil, nil
	}
	required := counted || from != nil
	if c.Lib == nil {
		if required {
			return nil, errNoLibrary
		}
		return nil, nil
	}
	want, prefix := name, counted
	if from != nil {
		want, prefix = from.Value, true
	}
	ts, lerr := c.Lib.Templates(c.Sys.ID())
	t, err := FindTemplate(ts, lerr, c.Sys.ID(), want, prefix)
	switch {
	case err == nil:
		return &t, nil
	case required:
		return nil, err
	}
	return nil, nil // a single add whose name is no template: a blank sheet
}

// nearTemplates logs, for a bare single add that made a blank sheet
// (add Grathak), the templates whose names start with the name, in case
// one was meant.
func nearTemplates(c *Ctx, name string) {
	if c.Lib == nil {
		return
	}
	ts, _ := c.Lib.Templates(c.Sys.ID())
	var near []string
	for _, t := range templatesStarting(ts, name) {
		if len(t.Name) > len(name) {
			near = append(near, t.Name)
		}
	}
	if len(near) > 4 {
		near = append(near[:4], "…")
	}
	switch {
	case len(near) == 1:
		c.Event("no template is called %s: a blank sheet (add %s takes the template)", name, Quote(near[0]))
	case len(near) > 1:
		c.Event("no template is called %s: a blank sheet (templates that start so: %s)", name, strings.Join(near, ", "))
	}
}

// overlay returns the template's fields with those typed on the command
// line put in place of the same keys, and new keys after them.
func overlay(base, typed []KV) []KV {
	out := make([]KV, 0, len(base)+len(typed))
	out = append(out, base...)
	for _, kv := range typed {
		replaced := false
		for i := range out {
			if out[i].Key == kv.Key {
				out[i], replaced = kv, true
				break
			}
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}

// Unready is a System that can tell what a new combatant still lacks to
// fight (osr's hit points): an add logs it, with the set that gives it,
// so a sheet typed in haste does not fall at its first hit.
type Unready interface {
	// Lacks names what cb lacks ("hit points") and the sheet key that
	// sets it ("hp"), or returns "" when it lacks nothing.
	Lacks(cb *model.Combatant) (what, key string)
}

// addOne adds one combatant (in a band, if band is not "") and sets its
// fields, rolling any dice in them, then lets the system place it.
func addOne(c *Ctx, name, band string, kvs []KV) (*model.Combatant, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	cb := &model.Combatant{Profile: (&model.Profile{Name: name, Band: band}).WithSheet(c.Sys.NewSheet())}
	if err := c.E.Add(cb); err != nil {
		return nil, err
	}
	var initKV *KV
	before := c.Sys.NewSheet()
	for i, kv := range kvs {
		if kv.Key == "init" {
			initKV = &kvs[i]
			continue
		}
		if _, err := setRolled(c, cb, kv); err != nil {
			return nil, err
		}
	}
	c.Event("%s joins the fight", cb.Name)
	if u, ok := c.Sys.(Unready); ok {
		if what, key := u.Lacks(cb); what != "" {
			c.Event("%s has no %s yet: set %s %s=N", cb.Name, what, Quote(cb.Name), key)
		}
	}
	if err := refresh(c, cb, before, kvs); err != nil {
		return nil, err
	}
	if initKV != nil {
		if err := initOne(c, cb, initKV.Value); err != nil {
			return nil, err
		}
	}
	// Added sees the entered initiative, so a late arrival is only rolled
	// when the GM gave none.
	return cb, c.Sys.Added(c, cb)
}

// setRolled sets a field; a sheet field that does not take the value as
// it stands but reads as dice (hp=2d8) gets the roll's total, and the
// roll is logged as the combatant's. It returns what was set.
func setRolled(c *Ctx, cb *model.Combatant, kv KV) (KV, error) {
	err := setField(c, cb, kv)
	if err == nil || !isSheetKey(cb, kv.Key) {
		return kv, err
	}
	e, ok := fieldDice(kv.Value)
	if !ok {
		return kv, diceHint(err, kv.Value)
	}
	r, rerr := c.Dice.Roll(cb.Name, kv.Key, e)
	if rerr != nil {
		return kv, rerr
	}
	rolled := KV{Key: kv.Key, Value: strconv.Itoa(r.Total)}
	if err := setField(c, cb, rolled); err != nil {
		return kv, fmt.Errorf("%w (rolled from %s)", err, kv.Value)
	}
	return rolled, nil
}

// isSheetKey reports whether key is one of the combatant's sheet fields.
func isSheetKey(cb *model.Combatant, key string) bool {
	if cb.Sheet() == nil {
		return false
	}
	for _, k := range cb.Sheet().Keys() {
		if k == key {
			return true
		}
	}
	return false
}

// fieldDice reads a field value as dice to roll: NdM terms and numbers
// only (2d8, 1d8+1, d6), at least one die. The ArM5 stress and simple
// dice are for rolls, not for numbers on a sheet.
func fieldDice(v string) (dice.Expr, bool) {
	if !strings.ContainsAny(v, "dD") {
		return dice.Expr{}, false
	}
	e, err := dice.Parse(v)
	if err != nil {
		return dice.Expr{}, false
	}
	some := false
	for _, t := range e.Terms {
		if t.Stress || t.Simple {
			return dice.Expr{}, false
		}
		some = some || t.Sides > 0
	}
	return e, some
}

// FieldValueOK reports whether a template's field value could be set on a
// sheet (as it stands, or as dice to roll), and if not, why: what the
// saves package checks when it reads a template.
func FieldValueOK(s System, key, value string) error {
	sh := s.NewSheet()
	if sh == nil {
		return fmt.Errorf("%s keeps no sheet fields", s.Name())
	}
	err := sh.Set(key, value)
	if err == nil {
		return nil
	}
	if !isKey(sh.Keys(), key) {
		return err
	}
	if _, ok := fieldDice(value); ok {
		return nil
	}
	return diceHint(err, value)
}

// diceHint adds to a field's error why a value that looks like dice is
// none that can be rolled (2d0, 3d): "hp must be a whole number, not
// "2d0", nor dice to roll: "2d0": the sides must be a number 1–1000".
func diceHint(err error, value string) error {
	if !strings.ContainsAny(value, "dD") || !strings.ContainsAny(value, "0123456789") {
		return err
	}
	if _, perr := dice.Parse(value); perr != nil {
		return fmt.Errorf("%w, nor dice to roll (%v)", err, perr)
	}
	return fmt.Errorf("%w, nor dice to roll (only NdM and numbers: 2d8, 1d6+1)", err)
}

func isKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

// taken reports whether a combatant has this name (ignoring case).
func taken(e *model.Encounter, name string) bool {
	for _, cb := range e.Combatants {
		if strings.EqualFold(strings.TrimSpace(cb.Name), name) {
			return true
		}
	}
	return false
}

// nextNumber is the number the next copy of base gets: one past the
// highest "base N" in the encounter; a bare "base" counts as 1.
func nextNumber(e *model.Encounter, base string) int {
	b := strings.ToLower(base)
	n := 0
	for _, cb := range e.Combatants {
		name := strings.ToLower(cb.Name)
		if name == b {
			n = max(n, 1)
			continue
		}
		if len(name) > len(b)+1 && name[:len(b)] == b && name[len(b)] == ' ' {
			if k, ok := countWord(name[len(b)+1:]); ok {
				n = max(n, k)
			}
		}
	}
	return n + 1
}

// plural is a noun's plural: it names a group after its members
// (Goblin → Goblins) and counts in messages (Plural).
func plural(s string) string {
	low := strings.ToLower(s)
	switch {
	case strings.HasSuffix(low, "s"), strings.HasSuffix(low, "x"), strings.HasSuffix(low, "z"),
		strings.HasSuffix(low, "ch"), strings.HasSuffix(low, "sh"):
		return s + "es"
	case strings.HasSuffix(low, "y") && len(low) > 1 && !strings.ContainsRune("aeiou", rune(low[len(low)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}

func where(t *Template) string {
	if t.File == "" {
		return ""
	}
	return " (" + filepath.Base(t.File) + ")"
}

func countText(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s … %s (%d)", names[0], names[len(names)-1], len(names))
}
