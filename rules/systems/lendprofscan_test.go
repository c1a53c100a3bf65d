package systems_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The profile half of the lend scan (TestNoWriteThroughSheet). The
// tracker lends a working combatant the frozen profile itself (model's
// Combatant.OwnProfile), so a change to one of its fields made before
// OwnProfile would reach the frozen state undo and the saver keep, as a
// change through Sheet() would.
//
// profWrites reports, in each function, a change to memory a
// combatant's profile holds — a field (cb.Zone = z, cb.Strikes.Hits++),
// an element of its conditions, engagements or turn state (cb.Conds[i]
// = k), the array behind them (append into cb.Conds[:0], copy, clear,
// the sort and slices functions that change their argument), or a call
// that hands such memory to a function that changes it (by the sheet
// scan's summaries) — unless the same function calls OwnProfile,
// OwnSheet or SetSheet on that combatant, written the same way (cb,
// e.Combatants[i]), earlier in its text, or the combatant is one it
// made itself (&model.Combatant{…}, NewCombatant, Clone). It follows
// the memory into local variables (conds := cb.Conds; conds[0] = k, p :=
// cb.Profile; p.Note = n), for which the OwnProfile must come before
// the local took the memory too: one taken before it still holds the
// lent profile's. It is flow-insensitive beyond the order of
// the text (an OwnProfile in one branch counts for a write in another),
// and it does not follow a combatant's profile memory stored into a
// struct field or returned; a function given a *model.Profile changes it
// as it likes (the model's own: the caller owns it). A file that says
// "lendscan:lending" (model/lend.go, the lending itself: OwnProfile,
// Freeze, Borrow…) is left to model's tests.

// profPass is profWrites' state for the function being read.
type profPass struct {
	*lendScan
	profFields map[types.Object]bool // model.Profile's fields
	embedded   types.Object          // model.Combatant's Profile field
	combatant  *types.Named
	owns       map[string][]token.Pos   // the combatants made own, by key, where
	alias      map[*types.Var]string    // locals holding a combatant's profile memory: its key
	aliasAt    map[*types.Var]token.Pos // where that memory was first taken into one (an OwnProfile after it leaves the local the old)
	fresh      map[string]bool          // combatants the function made
}

// profWrites lists the writes into a profile not taken with OwnProfile
// first (after run, whose summaries it reads).
func (s *lendScan) profWrites() []string {
	m := s.pkgs["fray/model"]
	prof := m.Scope().Lookup("Profile").Type().(*types.Named)
	comb := m.Scope().Lookup("Combatant").Type().(*types.Named)
	p := &profPass{lendScan: s, profFields: map[types.Object]bool{}, combatant: comb}
	st := prof.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		p.profFields[st.Field(i)] = true
	}
	cst := comb.Underlying().(*types.Struct)
	for i := 0; i < cst.NumFields(); i++ {
		if cst.Field(i).Embedded() && types.Identical(cst.Field(i).Type(), types.NewPointer(prof)) {
			p.embedded = cst.Field(i)
		}
	}
	var out []string
	for _, f := range s.files {
		if lending(f) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			out = append(out, p.function(fd)...)
		}
	}
	return out
}

// function reads one function: first who it owns, makes and aliases,
// then its writes.
func (p *profPass) function(fd *ast.FuncDecl) []string {
	p.owns, p.alias, p.aliasAt, p.fresh = map[string][]token.Pos{}, map[*types.Var]string{}, map[*types.Var]token.Pos{}, map[string]bool{}
	for changed := true; changed; {
		changed = false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && p.isCombatant(p.info.TypeOf(sel.X)) {
					switch sel.Sel.Name {
					case "OwnProfile", "OwnSheet", "SetSheet":
						k := p.key(sel.X)
						if !containsPos(p.owns[k], n.Pos()) {
							p.owns[k] = append(p.owns[k], n.Pos())
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						changed = p.define(n.Lhs[i], n.Rhs[i]) || changed
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						changed = p.define(n.Names[i], n.Values[i]) || changed
					}
				}
			}
			return true
		})
	}
	var out []string
	// report a write at at into base's profile memory, taken at taken
	// (a local's, NoPos for none): an OwnProfile counts only before both.
	report := func(at ast.Node, base string, taken token.Pos, what string) {
		before := at.Pos()
		if taken.IsValid() {
			before = min(before, taken)
		}
		if p.fresh[base] || p.owned(base, before) {
			return
		}
		out = append(out, fmt.Sprintf("%s: %s, in the profile of %s, without OwnProfile before it", p.pos(at.Pos()), what, p.shown(base)))
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				return true
			}
			for _, l := range n.Lhs {
				if p.isEmbedded(l) {
					continue // the record's pointer, not the profile
				}
				if _, isVar := ast.Unparen(l).(*ast.Ident); isVar {
					continue
				}
				if b, taken, ok := p.baseAt(l); ok {
					report(l, b, taken, "assigns "+types.ExprString(l))
				}
			}
		case *ast.IncDecStmt:
			if b, taken, ok := p.baseAt(n.X); ok {
				report(n.X, b, taken, n.Tok.String()+" "+types.ExprString(n.X))
			}
		case *ast.CallExpr:
			p.callWrites(n, report)
		}
		return true
	})
	return out
}

// callWrites reports a call that changes a profile's memory: a builtin
// or standard function that changes its first argument, append into an
// array a profile holds, a function that changes what it is handed, or
// a method of the embedded Profile that changes its receiver.
func (p *profPass) callWrites(call *ast.CallExpr, report func(ast.Node, string, token.Pos, string)) {
	var first string // how a builtin or standard function changing its first argument is named
	fn := p.callee(call)
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := p.info.Uses[id].(*types.Builtin); ok {
			if len(call.Args) == 0 || !changesArg(b.Name()) && (b.Name() != "append" || p.capped(call.Args[0])) {
				return
			}
			first = b.Name() + " into "
		}
	}
	if fn != nil && fn.Pkg() != nil && changesArg(fn.Pkg().Path()+"."+fn.Name()) && len(call.Args) > 0 {
		first = fn.Name() + " of "
	}
	if first != "" {
		if base, taken, ok := p.baseAt(call.Args[0]); ok {
			report(call, base, taken, first+types.ExprString(call.Args[0]))
		}
		return
	}
	if fn == nil {
		return
	}
	sum := p.summary(fn)
	if sum == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	var bases []string // whose profile memory each parameter gets, the receiver first
	var taken []token.Pos
	if sig.Recv() != nil {
		sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if sel == nil {
			return
		}
		b, at := p.receiver(sel, sig)
		bases, taken = append(bases, b), append(taken, at)
	}
	for _, a := range call.Args {
		b, at, _ := p.baseAt(a)
		bases, taken = append(bases, b), append(taken, at)
	}
	for i, b := range bases {
		if i < 63 && sum.writes&(1<<i) != 0 && b != "" {
			report(call, b, taken[i], fmt.Sprintf("%s changes what %s gets", fn.Name(), ordinal(i, fn)))
		}
	}
}

// receiver says whose profile memory a method call's receiver is: the
// combatant's whose embedded Profile has the method (cb.WithSheet()),
// or whose profile holds the receiver (cb.Strikes.add()); and where a
// local took it (baseAt).
func (p *profPass) receiver(sel *ast.SelectorExpr, sig *types.Signature) (string, token.Pos) {
	s := p.info.Selections[sel]
	if s == nil {
		return "", token.NoPos
	}
	if len(s.Index()) > 1 && p.isCombatant(s.Recv()) && p.isProfile(sig.Recv().Type()) {
		return p.key(sel.X), token.NoPos // through the embedded profile
	}
	b, at, _ := p.baseAt(sel.X)
	return b, at
}

// define notes what a variable given e holds, and reports whether that is
// new.
func (p *profPass) define(lhs, e ast.Expr) bool {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := p.info.Defs[id].(*types.Var)
	if v == nil {
		v, _ = p.info.Uses[id].(*types.Var)
	}
	if v == nil || !p.hasRefs(v.Type()) {
		return false
	}
	if p.isCombatant(v.Type()) && p.made(e) {
		p.fresh[p.key(id)] = true
		return false
	}
	if b, taken, ok := p.baseAt(e); ok && p.alias[v] == "" {
		if !taken.IsValid() {
			taken = lhs.Pos()
		}
		p.alias[v], p.aliasAt[v] = b, taken
		return true
	}
	return false
}

// made reports whether e is a combatant made here: a composite literal,
// new, NewCombatant or Clone.
func (p *profPass) made(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(x.X).(*ast.CompositeLit)
		return ok && x.Op == token.AND
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		if fn := p.callee(x); fn != nil {
			return fn.Name() == "NewCombatant" || fn.Name() == "Clone" && p.isCombatant(fn.Type().(*types.Signature).Recv().Type())
		}
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			b, ok := p.info.Uses[id].(*types.Builtin)
			return ok && b.Name() == "new"
		}
	}
	return false
}

// base says whose profile memory e names or holds: the key of the
// combatant, when e is a field of its profile (or inside one), its
// embedded profile, or a local holding either.
func (p *profPass) base(e ast.Expr) (string, bool) {
	b, _, ok := p.baseAt(e)
	return b, ok
}

// baseAt is base, and, when e reaches the memory through a local, where
// the local first took it: an OwnProfile after that leaves the local
// holding the memory it copied (conds := cb.Conds; cb.OwnProfile();
// conds[0] = k writes the lent profile's).
func (p *profPass) baseAt(e ast.Expr) (string, token.Pos, bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			sel := p.info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return "", token.NoPos, false
			}
			if sel.Obj() == p.embedded {
				return p.key(x.X), token.NoPos, true
			}
			if p.profFields[sel.Obj()] {
				if p.isCombatant(p.info.TypeOf(x.X)) {
					return p.key(x.X), token.NoPos, true
				}
				e = x.X // a *Profile: whose is it?
				continue
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return "", token.NoPos, false
			}
			e = x.X
		case *ast.Ident:
			v, _ := p.info.Uses[x].(*types.Var)
			if b := p.alias[v]; v != nil && b != "" {
				return b, p.aliasAt[v], true
			}
			return "", token.NoPos, false
		default:
			return "", token.NoPos, false
		}
	}
}

// capped reports whether e is a slice whose capacity ends at its length
// (s[i:j:j]), which append cannot write into.
func (p *profPass) capped(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.SliceExpr)
	return ok && x.Slice3 && x.High != nil && x.Max != nil && types.ExprString(x.High) == types.ExprString(x.Max)
}

// isEmbedded reports whether e is a combatant's Profile field itself.
func (p *profPass) isEmbedded(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	sel := p.info.Selections[x]
	return sel != nil && sel.Obj() == p.embedded
}

// key names a combatant expression: a variable by its object (two
// variables called cb are two), anything else as written.
func (p *profPass) key(e ast.Expr) string {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if o := p.info.Uses[id]; o != nil {
			return fmt.Sprintf("%s@%d", id.Name, o.Pos())
		}
		if o := p.info.Defs[id]; o != nil {
			return fmt.Sprintf("%s@%d", id.Name, o.Pos())
		}
	}
	return types.ExprString(e)
}

// shown is a key as the report names it.
func (p *profPass) shown(k string) string {
	name, _, _ := strings.Cut(k, "@")
	return name
}

// owned reports whether OwnProfile (or OwnSheet) was called on the
// combatant k before at.
func (p *profPass) owned(k string, at token.Pos) bool {
	for _, o := range p.owns[k] {
		if o < at {
			return true
		}
	}
	return false
}

func (p *profPass) isCombatant(t types.Type) bool {
	if t == nil {
		return false
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj() == p.combatant.Obj()
}

func (p *profPass) isProfile(t types.Type) bool {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Profile" && n.Obj().Pkg() == p.combatant.Obj().Pkg()
}

// lending reports whether f is the model's lending itself (it says
// lendscan:lending).
func lending(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.Contains(c.Text, "lendscan:lending") {
				return true
			}
		}
	}
	return false
}

func containsPos(ps []token.Pos, at token.Pos) bool {
	for _, p := range ps {
		if p == at {
			return true
		}
	}
	return false
}
