package model

import "slices"

// Lending: the tracker keeps the working encounter, which commands
// change, and a frozen copy of it for undo and the saver (rules.Tracker).
// A working combatant borrows the frozen combatant's profile, sheet and
// all, rather than holding a copy: OwnProfile copies the profile before a
// command first changes one of its fields, OwnSheet copies the sheet too
// before a change to it, and the tracker compares a borrowed profile by
// its pointer. The functions here are the lending itself, the only code
// that writes a profile it has not taken with OwnProfile
// (lendscan:lending: the source scan's profile rule leaves this file to
// model's own tests).

// Clone returns a deep copy of the combatant.
func (c *Combatant) Clone() *Combatant {
	n := new(Combatant)
	c.cloneInto(n, nil)
	return n
}

// Sheet returns the combatant's sheet for reading: code that changes it
// takes it with OwnSheet. In the tracker's working encounter the sheet
// may be lent by the frozen state that undo and the saver keep (with the
// whole profile, or alone), so a change made through Sheet would reach
// them: the systems whose sheets are lent (Lendable) write only through
// OwnSheet, and their tests run with CheckLending, which catches a change
// made any other way.
func (p *Profile) Sheet() Sheet { return p.sheet }

// OwnProfile returns the combatant's profile for changing: a profile lent
// by the frozen state (Shared) is copied first, its conditions,
// engagements and turn state with it, and the copy is c's own from then
// on (its sheet stays lent until OwnSheet). Every change to a field of
// the profile (c.Zone = z, c.Conds[i] = k, c.Strikes.Hits++) comes after
// it; the model's own methods that change one (SetCond, SetTurn, Engage…)
// call it themselves, and only when they change something.
func (c *Combatant) OwnProfile() *Profile {
	if f := c.Profile; f.shared {
		p := new(Profile)
		p.copyOf(f)
		p.lent = p.sheet != nil // shared, so nil or Lendable
		if CheckLending {
			checkProfileOwned(f, p)
		}
		c.Profile = p
	}
	return c.Profile
}

// OwnSheet returns the combatant's sheet for changing: its profile is
// made its own first (OwnProfile), then a sheet lent by the frozen state
// is copied, and the copy is the profile's own from then on.
func (c *Combatant) OwnSheet() Sheet {
	p := c.OwnProfile()
	if p.lent {
		if CheckLending {
			checkOwned(p)
		}
		p.sheet, p.lent = p.sheet.Clone(), false
	}
	return p.sheet
}

// SetSheet gives the combatant a sheet of its own, in a profile of its
// own (OwnProfile).
func (c *Combatant) SetSheet(s Sheet) { c.OwnProfile().setSheet(s) }

func (p *Profile) setSheet(s Sheet) { p.sheet, p.lent = s, false }

// WithSheet gives a profile being built (one no combatant holds yet) a
// sheet of its own, and returns p.
func (p *Profile) WithSheet(s Sheet) *Profile {
	p.setSheet(s)
	return p
}

// Lendable is a sheet whose system changes it only through OwnSheet, so
// that the tracker may lend it: the working encounter and the frozen
// state then hold one sheet until a command changes it, rather than a
// copy each, and the tracker compares a lent sheet by its pointer. It is
// implemented by pointer types (*Sheet), which compare by ==. A profile
// whose sheet is Lendable (or which has none) is lent whole the same way
// (Shared).
type Lendable interface {
	Lendable()
}

// CheckLending makes the tracker lend a working combatant a copy of the
// frozen profile rather than the profile itself, its sheet a copy too, so
// that a change made without OwnProfile or OwnSheet lands in the copy,
// where Escaped finds it, rather than in the frozen state; OwnProfile and
// OwnSheet then panic on a copy so changed (sharedFrom, lentFrom). Tests
// set it; it costs what lending saves.
var CheckLending bool

// lendable reports whether the tracker may lend s (Lendable).
func lendable(s Sheet) bool {
	_, ok := s.(Lendable)
	return ok
}

// shareable reports whether the tracker may lend p whole: its sheet is
// Lendable, or it has none.
func (p *Profile) shareable() bool { return p.sheet == nil || lendable(p.sheet) }

// Shared reports whether the combatant's profile is the frozen state's,
// lent (under CheckLending, a copy of it marked so): a change to it must
// come after OwnProfile. A frozen combatant's profile is shared too.
func (c *Combatant) Shared() bool { return c.Profile.shared }

// Lent reports whether the profile's sheet is the frozen state's: lent
// with the profile (shared) or alone, until OwnSheet.
func (p *Profile) Lent() bool { return p.shared || p.lent }

// borrowProfile makes the working combatant w hold the frozen profile f
// (shared): f itself, or under CheckLending a copy of it and of its
// sheet, marked shared, in which a change made without OwnProfile lands
// (Escaped).
func (w *Combatant) borrowProfile(f *Profile) {
	if !CheckLending {
		w.Profile = f
		return
	}
	p := new(Profile)
	p.copyOf(f)
	if f.sheet != nil {
		p.sheet = f.sheet.Clone()
	}
	p.shared = true
	sharedFrom.note(p, f)
	w.Profile = p
}

// Escaped says, under CheckLending, what of the frozen f's the working
// combatant w changed without OwnProfile or OwnSheet while borrowing it
// (which undo would miss): "" when nothing, or when only CheckLending
// could tell (w then holds f's profile and sheet themselves).
func (w *Combatant) Escaped(f *Combatant) string {
	p := w.Profile
	if !CheckLending || p == f.Profile || !p.shared && !p.lent {
		return ""
	}
	if !SheetsEqual(p.sheet, f.sheet) {
		return "sheet was changed without OwnSheet"
	}
	if p.shared && !p.Equal(f.Profile) {
		return "profile was changed without OwnProfile"
	}
	return ""
}

// CloneSharing is Clone for a copy nobody will change (undo's): it
// shares with old, another such copy, each part the two hold equal (the
// whole profile, or its sheet, conditions, engagements), so that a
// command that changed only a combatant's initiative copies the small
// record, not its profile. A profile that changed is not copied when it
// may be lent (shareable): the copy takes c's, and c, a working
// combatant, borrows it back (Relend), so that it copies it only when
// changed again.
func (c *Combatant) CloneSharing(old *Combatant) *Combatant {
	n := *c
	n.Profile = old.Profile
	if c.Profile.Equal(old.Profile) {
		return &n
	}
	o := old.Profile
	if p := c.Profile; !p.shared && p.shareable() {
		p.Conds, p.Engaged, p.TurnState = sameOr(p.Conds, o.Conds), sameOr(p.Engaged, o.Engaged), sameOr(p.TurnState, o.TurnState)
		p.shared = true
		n.Profile = p
		return &n
	}
	p := *c.Profile
	p.shared, p.lent = false, false
	p.Conds, p.Engaged, p.TurnState = sameOr(slices.Clone(p.Conds), o.Conds), sameOr(slices.Clone(p.Engaged), o.Engaged), sameOr(slices.Clone(p.TurnState), o.TurnState)
	if SheetsEqual(c.sheet, o.sheet) {
		p.sheet = o.sheet
	} else if c.sheet != nil {
		p.sheet = c.sheet.Clone()
	}
	n.Profile = &p
	return &n
}

// sameOr returns old when it holds what s holds, else s.
func sameOr[S ~[]E, E comparable](s, old S) S {
	if SameSlice(s, old) {
		return old
	}
	return s
}

// Freeze returns a copy of the working combatant c that nobody will
// change (undo's), taking c's profile rather than copying it when it may
// be lent (shareable): c borrows it back and copies it only when it
// changes it (OwnProfile).
func (c *Combatant) Freeze() *Combatant {
	n := new(Combatant)
	c.freezeInto(n)
	return n
}

// freezeInto is Freeze into n.
func (c *Combatant) freezeInto(n *Combatant) {
	*n = *c
	if !c.Profile.shareable() {
		c.cloneInto(n, nil)
		return
	}
	if !c.Profile.shared {
		c.Profile.shared = true
	}
	c.borrowProfile(n.Profile)
}

// Borrow makes the working combatant w a copy of the frozen f, in place
// (whoever holds w sees the change), borrowing f's profile (Shared)
// rather than copying it when f lends it.
func (w *Combatant) Borrow(f *Combatant) {
	*w = *f
	if f.Profile.shared {
		w.borrowProfile(f.Profile)
		return
	}
	f.cloneInto(w, nil)
}

// Relend makes the working combatant w, found equal to the frozen f,
// borrow f's profile again if f lends it and w holds a copy of its own
// (it was reached but ends as it was), so that the working state and the
// frozen one keep one profile between them.
func (w *Combatant) Relend(f *Combatant) {
	fp := f.Profile
	if !fp.shared || w.Profile == fp && !CheckLending {
		return
	}
	if CheckLending && w.Profile != fp && w.Profile.shared && sharedOf(w.Profile) == fp {
		return // a copy of fp already
	}
	w.borrowProfile(fp)
}

// cloneInto makes n a deep copy of c, its profile in p when p is not nil
// (one block for many), else in a new one.
func (c *Combatant) cloneInto(n *Combatant, p *Profile) {
	*n = *c
	if c.Profile == nil {
		return
	}
	if p == nil {
		p = new(Profile)
	}
	p.copyOf(c.Profile)
	p.lent = false // the copy's sheet is its own
	if c.sheet != nil {
		p.sheet = c.sheet.Clone()
	}
	n.Profile = p
}

// copyOf makes p a copy of o, not shared, whose conditions, engagements
// and turn state are its own; the sheet is still o's, for the caller to
// lend or copy.
func (p *Profile) copyOf(o *Profile) {
	*p = *o
	p.shared = false
	p.Conds = slices.Clone(o.Conds)
	p.Engaged = slices.Clone(o.Engaged)
	p.TurnState = slices.Clone(o.TurnState)
}
