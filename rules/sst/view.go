package sst

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"fray/model"
	"fray/rules"
)

// Order implements rules.System: the countdown, most dice first, each row
// showing the faces still held.
func (s *System) Order(e *model.Encounter) rules.OrderView { return s.AppendOrder(nil, e) }

// AppendOrder implements rules.OrderAppender: Order, built on rows.
func (s *System) AppendOrder(rows []rules.OrderRow, e *model.Encounter) rules.OrderView {
	v := rules.BaseView(rows, e)
	if e.Round == 0 {
		v.Hint += " to roll the action dice"
	} else {
		// Whose turn comes first so that a narrow pane cuts the details.
		turn := "turn"
		if e.Phase == phaseRefresh {
			turn = "last option"
		}
		if cur := e.ByID(e.Current); cur != nil {
			v.Header += " · " + possessive(cur.Name) + " " + turn
		}
		if e.Phase == phaseRefresh {
			v.Header += " · refresh"
			if id, err := strconv.Atoi(e.Turn[callerKey]); err == nil {
				if cb := e.ByID(id); cb != nil {
					v.Header += " by " + cb.Name
				}
			}
		}
	}
	x := newViewIndex(e)
	// Most rows show the dice and marks of a row beside them or of a row
	// that stood in their place, or one place up or down, in the earlier
	// view lent (rows are never changed in place; one combatant moving in
	// the order moves those between by one): they share its text instead
	// of making it again, which at a thousand rows was most of a turn's
	// allocations.
	was := rows
	ft := loadFaces()
	defer ft.keep()
	var scratch [8]string
	var zones rules.ZoneWords
	// The earlier view's rows at the place before this one and at this
	// one, copied before the appends below write over them (was[i+1]
	// stays as it was until the next row is appended), alternately.
	var kept [2]rules.OrderRow
	// The earlier view's row of this combatant is found by a cursor (at)
	// that walks the earlier view as the order does: when one or two
	// combatants moved down the order since, every row between them stood
	// a place or two lower then, and the cursor still finds it.
	at := 0
	for _, id := range e.Order {
		cb := e.ByID(id)
		if cb == nil {
			continue
		}
		var near nearRows
		i := len(v.Rows)
		// Only rows from i on are still the earlier view's, and was[i]
		// stays so until this row is appended, after its last read.
		from := max(at, i)
		for k := from; k < len(was) && k < from+3; k++ {
			if was[k].ID == cb.ID {
				near[0], at = &was[k], k+1
				break
			}
		}
		if i < len(was) {
			kept[i%2] = was[i]
		} else {
			kept[i%2] = rules.OrderRow{}
		}
		near[3] = &kept[i%2]
		if i > 0 {
			near[1], near[2] = &v.Rows[i-1], &kept[(i-1)%2]
		}
		if i+1 < len(was) {
			near[4] = &was[i+1]
		}
		s, _ := cb.Sheet().(*Sheet)
		row := rules.OrderRow{ID: cb.ID, Name: cb.Name, Side: cb.Side, Score: "—",
			Current: e.Round > 0 && cb.ID == e.Current, Out: !able(cb)}
		if s != nil {
			if len(s.Dice) > 0 {
				row.Score = sharedFaces(s.Dice, near, &ft)
			}
			if e.Round > 0 && able(cb) {
				row.Done = len(s.Dice) == 0 || (e.Phase == phaseRefresh && cb.Acted)
			}
			row.Marks = sharedMarks(marks(scratch[:0], e, x, cb, s, zones.Of(cb)), near)
		} else if len(cb.Engaged) == 0 && cb.Zone != "" {
			row.Marks = rules.ZoneMark(cb)
		}
		v.Rows = append(v.Rows, row)
	}
	v.MarkNext(false, nil)
	return v
}

// viewIndex marks the few combatants that hold, are held, ride in a
// chariot or are one, gathered in one pass over Turn: looking each row's
// up by key would make the order quadratic.
type viewIndex struct {
	holds map[int]bool // in a hold, either side
	rides map[int]bool // a chariot or its crew
}

func newViewIndex(e *model.Encounter) viewIndex {
	var x viewIndex
	for k, v := range e.Turn {
		kind, rest, ok := strings.Cut(k, ":")
		if !ok || (kind != kHold && kind != kCrew) {
			continue
		}
		id, err := strconv.Atoi(rest)
		other, err2 := strconv.Atoi(strings.Fields(v + " 0")[0])
		if err != nil || err2 != nil {
			continue
		}
		m := &x.holds
		if kind == kCrew {
			m = &x.rides
		}
		if *m == nil {
			*m = map[int]bool{}
		}
		(*m)[id], (*m)[other] = true, true
	}
	return x
}

// marks are the short notes of an order row.
// They are appended to m, a scratch slice (see sharedMarks); zone is the
// combatant's zone mark (rules.ZoneWord).
func marks(m []string, e *model.Encounter, x viewIndex, cb *model.Combatant, s *Sheet, zone string) []string {
	if w := statusWord(cb.Status); w != "" {
		m = append(m, w)
	}
	if cb.Delaying {
		m = append(m, "holding")
	}
	if e.Phase == phaseRefresh && cb.Acted && able(cb) {
		m = append(m, "last option taken")
	}
	if s.Carry > 0 {
		m = append(m, "carry 1")
	}
	if s.Group != "" {
		m = append(m, s.Group)
	}
	if s.DPool > 0 {
		m = append(m, fmt.Sprintf("dodge %d", s.DPool))
	}
	if s.BPool > 0 {
		m = append(m, fmt.Sprintf("block %d", s.BPool))
	}
	if s.Cast != "" {
		m = append(m, fmt.Sprintf("%s pool %d", s.Cast, s.APool))
	}
	if s.Exposed > 0 {
		m = append(m, fmt.Sprintf("exposed %d", s.Exposed))
	}
	if s.Fumbled {
		m = append(m, "fumbled")
	}
	if s.Effort {
		m = append(m, "effort")
	}
	if s.Plus {
		m = append(m, "+1 waiting")
	}
	if s.Afraid != "" {
		m = append(m, "afraid ("+s.Afraid+")")
	}
	if len(s.Bleed) > 0 {
		m = append(m, "bleeding")
	}
	if s.Burn > 0 {
		m = append(m, fmt.Sprintf("burn %d", s.Burn))
	}
	m = append(m, contactMarks(e, cb)...)
	if x.holds[cb.ID] {
		m = append(m, holdMarks(e, cb)...)
	}
	if x.rides[cb.ID] {
		m = append(m, mobileMarks(e, cb, s)...)
	} else if _, up := aloft(cb); up {
		m = append(m, mobileMarks(e, cb, s)...)
	}
	for _, k := range cb.Conds {
		m = append(m, condMark(e, k))
	}
	// Contact is in the system's own words (above) and says where one in
	// contact stands; one Alone (with friends or not) shows its zone.
	if zone != "" && (len(cb.Engaged) == 0 || len(contactFoes(e, cb)) == 0) {
		m = append(m, zone)
	}
	return m
}

// nearRows are the rows whose text a row may share: the earlier view's
// row of the same combatant, the row above it and the earlier view's
// rows about its place (nil where there are none).
type nearRows [5]*rules.OrderRow

// sharedFaces is facesText, or the score of a row near that shows the
// same faces, or the text of those faces written before (ft). The rows
// near are read against the faces, which are written only when none
// shows them: nearly every row finds its own earlier row unchanged.
func sharedFaces(fs []int, near nearRows, ft *facesTexts) string {
	for _, r := range near {
		if r != nil && showsFaces(r.Score, fs) {
			return r.Score
		}
	}
	var buf [64]byte
	return ft.text(appendFaces(buf[:0], fs))
}

// showsFaces reports whether text is fs as appendFaces writes them.
func showsFaces(text string, fs []int) bool {
	j := 0
	for i, f := range fs {
		if i > 0 {
			if j >= len(text) || text[j] != ' ' {
				return false
			}
			j++
		}
		if f >= 0 && f <= 9 {
			if j >= len(text) || text[j] != byte('0'+f) {
				return false
			}
			j++
			continue
		}
		var buf [20]byte
		d := strconv.AppendInt(buf[:0], int64(f), 10)
		if !strings.HasPrefix(text[j:], string(d)) {
			return false
		}
		j += len(d)
	}
	return j == len(text)
}

// knownFaces maps the text of faces to itself: every view shares the
// text of a hand of dice written once. Tables are replaced, never
// changed, so views on several goroutines (players' screens) read them
// without a lock. A fight meets more hands the longer it lasts (an
// action's cost takes dice out of a hand), so the table is in two parts:
// the hands met lately, copied with each view that meets a new one and
// kept small, and the rest, copied only when the recent part is full.
var knownFaces atomic.Pointer[faceTable]

type faceTable struct {
	base   map[string]string // never copied but to take in recent
	recent map[string]string // at most maxRecentFaces
}

// maxKnownFaces bounds the table, whatever dice a fight uses;
// maxRecentFaces bounds its recent part: a view that meets a new hand
// copies at most that many, and the base is copied once that many are
// new.
const maxKnownFaces, maxRecentFaces = 4096, 64

func (t *faceTable) size() int {
	if t == nil {
		return 0
	}
	return len(t.base) + len(t.recent)
}

// facesTexts is one view's use of knownFaces: the table as it was when
// the view began, and the texts the view wrote that it lacked.
type facesTexts struct {
	known *faceTable
	fresh map[string]string
}

func loadFaces() facesTexts {
	return facesTexts{known: knownFaces.Load()}
}

func (ft *facesTexts) text(b []byte) string {
	if k := ft.known; k != nil {
		if t, ok := k.base[string(b)]; ok {
			return t
		}
		if t, ok := k.recent[string(b)]; ok {
			return t
		}
	}
	if t, ok := ft.fresh[string(b)]; ok {
		return t
	}
	t := string(b)
	if ft.known.size()+len(ft.fresh) < maxKnownFaces {
		if ft.fresh == nil {
			ft.fresh = map[string]string{}
		}
		ft.fresh[t] = t
	}
	return t
}

// keep adds the view's new texts to the table (unless another view
// replaced it meanwhile: the next view adds them then).
func (ft *facesTexts) keep() {
	if len(ft.fresh) == 0 {
		return
	}
	var t faceTable
	k := ft.known
	if k == nil {
		k = &faceTable{}
	}
	if len(k.recent)+len(ft.fresh) <= maxRecentFaces {
		t.base = k.base
		t.recent = make(map[string]string, len(k.recent)+len(ft.fresh))
		maps.Copy(t.recent, k.recent)
		maps.Copy(t.recent, ft.fresh)
	} else {
		t.base = make(map[string]string, k.size()+len(ft.fresh))
		maps.Copy(t.base, k.base)
		maps.Copy(t.base, k.recent)
		maps.Copy(t.base, ft.fresh)
	}
	knownFaces.CompareAndSwap(ft.known, &t)
}

// sharedMarks returns marks as a row's own: the marks of a row near if
// they are the same, else a copy.
func sharedMarks(m []string, near nearRows) []string {
	if len(m) == 0 {
		return nil
	}
	for _, r := range near {
		if r != nil && slices.Equal(r.Marks, m) {
			return r.Marks
		}
	}
	return slices.Clone(m)
}

// Describe implements rules.System.
func (*System) Describe(e *model.Encounter, cb *model.Combatant) []rules.Field {
	s, ok := cb.Sheet().(*Sheet)
	if !ok {
		return nil
	}
	n := crossover(e)
	var fs []rules.Field
	add := func(label, value string, alert bool) {
		fs = append(fs, rules.Field{Label: label, Value: value, Alert: alert})
	}
	kind := "NPC"
	switch {
	case s.PC:
		kind = "player character (Heroic)"
	case s.Heroic:
		kind = "NPC (Heroic)"
	case len(s.Fixed) > 0:
		kind = "minor NPC"
	}
	if s.Stateless {
		kind += ", stateless"
	}
	add("Kind", kind, false)
	ad := fmt.Sprintf("%dd", s.AD)
	if len(s.Fixed) > 0 {
		ad = "fixed " + facesText(s.Fixed)
	}
	if g := GroupOf(s.Group); g.Name != "" {
		ad += fmt.Sprintf(" + %dd %s", g.Dice, g.Name)
		if len(s.Fixed) > 0 {
			ad += ", rolled"
		}
	}
	add("Action dice", ad, false)
	add("Dice held", orNone(facesText(s.Dice)), false)
	if s.Carry > 0 || s.Effort || s.Plus {
		var w []string
		if s.Carry > 0 {
			w = append(w, "a die carried over")
		}
		if s.Effort {
			w = append(w, "Effort: +1 die next roll")
		}
		if s.Plus {
			w = append(w, "+1 to a die one short of success")
		}
		add("Waiting", strings.Join(w, "; "), false)
	}
	if d, why := WoundDice(cb); d > 0 {
		add("Injuries", fmt.Sprintf("−%dd to every roll (%s)", d, strings.Join(why, "; ")), true)
	}
	if s.Afraid != "" {
		v := s.Afraid + ": SPIRIT roll at each action until passed"
		if s.FearStun {
			v += " (a failure stuns)"
		}
		add("Afraid", v, true)
	}
	for _, t := range []Track{Physical, Mental} {
		v := fmt.Sprintf("%s left of %d", num(s.Left(t, n)), s.Rank(t))
		if b := s.Total(t) - s.Rank(t); b > 0 {
			v += fmt.Sprintf(" (+%d bonus: Total %d)", b, s.Total(t))
		}
		if x := s.Cross(t, n); x > 0 {
			v += fmt.Sprintf(", %d by cross-over", x)
		}
		R := s.Total(t)
		v += fmt.Sprintf(" · Trauma >%d, KB >%d", R, 2*R)
		add(t.String()+" rank", v, s.Lost(t, n) > 0)
	}
	if st := States(cb); len(st) > 0 {
		add("States", strings.Join(st, ", "), true)
	}
	if g := GroupOf(s.Group); g.Name != "" {
		add("Group", fmt.Sprintf("%s of %s: +%d/+%d ranks, +%dd, %d attacks an action", g.Name, g.Size, g.Phys, g.Ment, g.Dice, g.Attacks), false)
	}
	add("Attack", fmt.Sprintf("%dd, %s weapon: %s", s.Attack, s.Weapon, weightHits[s.Weapon]), false)
	var def []string
	for _, d := range []struct {
		name string
		n    int
	}{{"Dodge", s.Dodge}, {"Block", s.Block}, {"Parry", s.Parry}} {
		if d.n > 0 {
			def = append(def, fmt.Sprintf("%s %dd", d.name, d.n))
		}
	}
	if s.Shield > 0 {
		def = append(def, fmt.Sprintf("shield %d", s.Shield))
	}
	if s.Armour > 0 {
		def = append(def, fmt.Sprintf("armour %d", s.Armour))
	}
	if len(def) > 0 {
		add("Defences", strings.Join(def, ", "), false)
	}
	var pools []string
	if s.DPool > 0 {
		pools = append(pools, fmt.Sprintf("dodge %d", s.DPool))
	}
	if s.BPool > 0 {
		pools = append(pools, fmt.Sprintf("block %d", s.BPool))
	}
	if s.Cast != "" {
		pools = append(pools, fmt.Sprintf("%s %d", s.Cast, s.APool))
	}
	if len(pools) > 0 {
		add("Pools", strings.Join(pools, ", "), false)
	}
	if s.Exposed > 0 || s.Fumbled {
		v := rules.Plural(s.Exposed, "exposure")
		if s.Fumbled {
			v += ", fumbled: +1 SL against it"
		}
		add("Exposed", v, true)
	}
	add("Rolls", fmt.Sprintf("BODY %dd, MIND %dd, SPIRIT %dd", s.Body, s.Mind, s.Spirit), false)
	if len(s.Bleed) > 0 || s.Burn > 0 {
		add("Wounds", strings.TrimPrefix(fmt.Sprintf("%s; burn %d", strings.Join(s.Bleed, ", ")+" bleeding", s.Burn), " bleeding; "), true)
	}
	if cb.Zone != "" || s.Cover != "" {
		add("Zone", strings.TrimSpace(cb.Zone+" "+coverText(s.Cover)), false)
	}
	return fs
}

func coverText(c string) string {
	if c == "" {
		return ""
	}
	return fmt.Sprintf("(cover %s, −%dd to attacks)", c, coverDice[c])
}

// possessive is rules.Possessive, short for the many log lines using it.
func possessive(name string) string { return rules.Possessive(name) }
