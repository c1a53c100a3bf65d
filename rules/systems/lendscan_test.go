package systems_test

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestNoWriteThroughSheet reads the rules' source and fails on a change
// made to a sheet taken with Sheet() (or a system's sheetOf) rather than
// OwnSheet, and on a change to a combatant's profile made before
// OwnProfile (profWrites, lendprofscan_test.go): the tracker lends
// profiles and sheets, so such a change would reach the frozen state
// undo and the saver keep. model.CheckLending catches it only on a path
// some test takes; this finds it on every path.
//
// It follows a value read from Profile.Sheet through variables, struct
// fields, the elements of slices and maps, function results, and into
// the functions it is passed to (a summary of each: which parameters and
// receiver it changes, which reach its results; an interface's method
// stands for every loaded implementation's), and reports an assignment,
// ++ or -- into memory such a value reaches (a field through its
// pointer, an element of its slice or map), the builtins and sort/slices
// functions that change their argument in place, and a call that hands
// it to a function that changes it. A variable or field is taken as a
// whole (flow-insensitive: once it holds a read sheet, every write
// through it counts), which is why an attackOpts' sheets are all owned.
// Not followed: a parameter stored in a struct field (a field keeps only
// what came from Sheet() itself), a slice of sheets a function returns,
// function values and closures called through a variable, reflect and
// unsafe. FRAY_LENDSCAN=all scans the packages above the rules too
// (saves, tui, report, serve and fray's commands, which change a fight's
// combatants as well), some 3 s more: the libraries they import are
// type-checked from source. .ci/run runs it so.
func TestNoWriteThroughSheet(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the rules from source")
	}
	pkgs := []string{"fray/model", "fray/rules", "fray/rules/arm5", "fray/rules/factions",
		"fray/rules/osr", "fray/rules/sst", "fray/rules/swords", "fray/rules/systems"}
	if os.Getenv("FRAY_LENDSCAN") == "all" {
		pkgs = append(pkgs, "fray/saves", "fray/tui", "fray/report", "fray/serve", "fray")
	}
	s, err := newLendScan(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range append(s.run(), s.profWrites()...) {
		t.Errorf("%s", w)
	}
}

// TestLendScanFinds: the scan finds each write into a read sheet, or
// into a profile not taken with OwnProfile, in testdata/lendscan (its
// lines that end in "want") and nothing else.
func TestLendScanFinds(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks from source")
	}
	const pkg = "fray/rules/systems/testdata/lendscan"
	s, err := newLendScan([]string{"fray/model", pkg})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{} // file:line
	for _, w := range append(s.run(), s.profWrites()...) {
		file, rest, _ := strings.Cut(w, ":")
		line, _, _ := strings.Cut(rest, ":")
		if strings.Contains(file, "testdata/lendscan/") {
			got[filepath.Base(file)+":"+line] = true
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "lendscan", "*.go"))
	if err != nil || len(files) < 2 {
		t.Fatalf("testdata/lendscan: %v, %d files", err, len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(src), "\n") {
			at := filepath.Base(name) + ":" + strconv.Itoa(i+1)
			want := strings.HasSuffix(l, "// want")
			if want != got[at] {
				t.Errorf("%s: found %v, want %v: %s", at, got[at], want, strings.TrimSpace(l))
			}
		}
	}
}

// lendScan is TestNoWriteThroughSheet's analysis over the loaded fray
// packages.
type lendScan struct {
	root  string // the module's folder
	fset  *token.FileSet
	info  *types.Info
	std   types.ImporterFrom
	pkgs  map[string]*types.Package
	files []*ast.File // the scanned packages' files
	scan  map[string]bool

	sheetM  *types.Func // model.(*Profile).Sheet
	vars    map[*types.Var]taint
	elems   map[*types.Var]taint  // what a slice's or map's elements reach
	origin  map[*types.Var]string // where a variable's read sheet came from
	funcs   map[*types.Func]*fnSum
	decls   map[*types.Func]*ast.FuncDecl
	cur     *fnSum         // the function being read
	found   []string       // the writes, in the last pass
	named   []*types.Named // the loaded packages' named types
	changed bool
	refs    map[types.Type]bool
}

func newLendScan(paths []string) (*lendScan, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			return nil, fmt.Errorf("no go.mod above %s", wd)
		}
		root = up
	}
	fset := token.NewFileSet()
	s := &lendScan{
		root: root, fset: fset,
		info: &types.Info{
			Types:      map[ast.Expr]types.TypeAndValue{},
			Defs:       map[*ast.Ident]types.Object{},
			Uses:       map[*ast.Ident]types.Object{},
			Selections: map[*ast.SelectorExpr]*types.Selection{},
		},
		std:    importer.ForCompiler(fset, "source", nil).(types.ImporterFrom),
		pkgs:   map[string]*types.Package{},
		scan:   map[string]bool{},
		vars:   map[*types.Var]taint{},
		elems:  map[*types.Var]taint{},
		origin: map[*types.Var]string{},
		funcs:  map[*types.Func]*fnSum{},
		decls:  map[*types.Func]*ast.FuncDecl{},
		refs:   map[types.Type]bool{},
	}
	for _, p := range paths {
		s.scan[p] = true
	}
	for _, p := range paths {
		if _, err := s.load(p); err != nil {
			return nil, err
		}
	}
	model := s.pkgs["fray/model"]
	prof, _ := model.Scope().Lookup("Profile").(*types.TypeName)
	if prof == nil {
		return nil, fmt.Errorf("no model.Profile")
	}
	m, _, _ := types.LookupFieldOrMethod(types.NewPointer(prof.Type()), false, model, "Sheet")
	if s.sheetM, _ = m.(*types.Func); s.sheetM == nil {
		return nil, fmt.Errorf("no Profile.Sheet")
	}
	return s, nil
}

func (s *lendScan) Import(path string) (*types.Package, error) {
	return s.ImportFrom(path, s.root, 0)
}

func (s *lendScan) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if path == "fray" || strings.HasPrefix(path, "fray/") {
		return s.load(path)
	}
	return s.std.ImportFrom(path, dir, mode)
}

// load type-checks a fray package from its source (no tests).
func (s *lendScan) load(path string) (*types.Package, error) {
	if p, ok := s.pkgs[path]; ok {
		if p == nil {
			return nil, fmt.Errorf("import cycle through %s", path)
		}
		return p, nil
	}
	s.pkgs[path] = nil
	dir := filepath.Join(s.root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, "fray"), "/")))
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, n := range names {
		if ok, err := build.Default.MatchFile(dir, filepath.Base(n)); !ok || err != nil || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(s.fset, n, nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: s}
	p, err := conf.Check(path, s.fset, files, s.info)
	if err != nil {
		return nil, err
	}
	s.pkgs[path] = p
	if s.scan[path] {
		s.files = append(s.files, files...)
	}
	for _, n := range p.Scope().Names() {
		if tn, ok := p.Scope().Lookup(n).(*types.TypeName); ok {
			if nt, ok := tn.Type().(*types.Named); ok {
				s.named = append(s.named, nt)
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := s.info.Defs[fd.Name].(*types.Func); ok {
					s.decls[fn] = fd
				}
			}
		}
	}
	return p, nil
}

// taint is what a value may reach: a sheet read with Sheet() (tSheet),
// and bit i: what the current function's i'th parameter reaches (the
// receiver first).
type taint uint64

const tSheet taint = 1 << 63

// fnSum is what a function does with what its parameters reach.
type fnSum struct {
	params []*types.Var
	ret    []taint  // what each result may reach: tSheet, or a parameter's bit
	from   []string // where a result's read sheet came from
	writes taint    // the parameters whose memory it changes
}

// run spreads the read sheets until nothing changes, then lists the
// writes into them.
func (s *lendScan) run() []string {
	for _, f := range s.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, _ := s.info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			sig := fn.Type().(*types.Signature)
			sum := &fnSum{ret: make([]taint, sig.Results().Len()), from: make([]string, sig.Results().Len())}
			if sig.Recv() != nil {
				sum.params = append(sum.params, sig.Recv())
			}
			for i := 0; i < sig.Params().Len(); i++ {
				sum.params = append(sum.params, sig.Params().At(i))
			}
			for i, p := range sum.params {
				if i < 63 && s.hasRefs(p.Type()) {
					s.vars[p] = 1 << i
				}
			}
			s.funcs[fn] = sum
		}
	}
	for s.changed = true; s.changed; {
		s.changed = false
		s.pass()
	}
	s.found = []string{}
	s.pass()
	sort.Strings(s.found)
	return slices.Compact(s.found)
}

// pass reads every function once, spreading what values reach.
func (s *lendScan) pass() {
	for _, f := range s.files {
		for _, d := range f.Decls {
			s.cur = nil
			var n ast.Node = d
			if fd, ok := d.(*ast.FuncDecl); ok {
				fn, _ := s.info.Defs[fd.Name].(*types.Func)
				s.cur = s.funcs[fn]
				if fd.Body == nil || s.cur == nil {
					continue
				}
				n = fd.Body
			}
			ast.Inspect(n, s.step)
		}
	}
}

func (s *lendScan) pos(p token.Pos) string {
	q := s.fset.Position(p)
	rel, err := filepath.Rel(s.root, q.Filename)
	if err != nil {
		rel = q.Filename
	}
	return fmt.Sprintf("%s:%d", filepath.ToSlash(rel), q.Line)
}

// report records a write into a read sheet at p (in the last pass).
func (s *lendScan) report(p token.Pos, format string, args ...any) {
	if s.found != nil {
		s.found = append(s.found, s.pos(p)+": "+fmt.Sprintf(format, args...))
	}
}

// local reports whether v belongs to a function (a field or a package's
// variable belongs to none, and keeps only tSheet).
func local(v *types.Var) bool {
	return !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// mark adds t to what v reaches.
func (s *lendScan) mark(v *types.Var, t taint, from string) {
	s.markIn(s.vars, v, t, from)
}

// markIn adds t to what v reaches in m (vars or elems).
func (s *lendScan) markIn(m map[*types.Var]taint, v *types.Var, t taint, from string) {
	if v == nil || t == 0 || !s.hasRefs(v.Type()) {
		return
	}
	if !local(v) {
		t &= tSheet
	}
	if m[v]|t != m[v] {
		m[v] |= t
		s.changed = true
	}
	if t&tSheet != 0 && s.origin[v] == "" {
		s.origin[v] = from
	}
}

// changes records that memory reaching t is changed at p.
func (s *lendScan) changes(p token.Pos, t taint, from, what string) {
	if t&tSheet != 0 {
		s.report(p, "%s, in a sheet read with %s", what, from)
	}
	if s.cur != nil && s.cur.writes|t&^tSheet != s.cur.writes {
		s.cur.writes |= t &^ tSheet
		s.changed = true
	}
}

// step spreads what values reach through n, and finds the writes.
func (s *lendScan) step(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncLit:
		// a closure shares its function's variables; its own results
		// are not the function's
		ast.Inspect(n.Body, func(m ast.Node) bool {
			if r, ok := m.(*ast.ReturnStmt); ok {
				for _, e := range r.Results {
					ast.Inspect(e, s.step)
				}
				return false
			}
			return s.step(m)
		})
		return false
	case *ast.AssignStmt:
		if len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				t, from := s.reach(n.Rhs[i])
				s.flow(n.Lhs[i], t, from)
				s.flowElems(n.Lhs[i], n.Rhs[i])
			}
		} else if len(n.Rhs) == 1 {
			for i := range n.Lhs {
				t, from := s.reachAt(n.Rhs[0], i)
				s.flow(n.Lhs[i], t, from)
			}
		}
		if n.Tok != token.DEFINE {
			for _, l := range n.Lhs {
				if t, from := s.shared(l); t != 0 {
					s.changes(l.Pos(), t, from, "assigns "+types.ExprString(l))
				}
			}
		}
	case *ast.IncDecStmt:
		if t, from := s.shared(n.X); t != 0 {
			s.changes(n.X.Pos(), t, from, n.Tok.String()+" "+types.ExprString(n.X))
		}
	case *ast.ValueSpec:
		for i, id := range n.Names {
			switch {
			case len(n.Values) == len(n.Names):
				t, from := s.reach(n.Values[i])
				s.flow(id, t, from)
				s.flowElems(id, n.Values[i])
			case len(n.Values) == 1:
				t, from := s.reachAt(n.Values[0], i)
				s.flow(id, t, from)
			}
		}
	case *ast.RangeStmt:
		if n.Value != nil {
			t, from := s.reach(n.X)
			t2, from2 := s.elemReach(n.X)
			if from == "" {
				from = from2
			}
			s.flow(n.Value, t|t2, from)
		}
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := s.info.Uses[id].(*types.Var); ok && f.IsField() {
						t, from := s.reach(kv.Value)
						s.mark(f, t, from)
					}
				}
			}
		}
	case *ast.ReturnStmt:
		if s.cur == nil {
			return true
		}
		ret := s.cur.ret
		for i := range ret {
			var t taint
			var from string
			switch {
			case len(n.Results) == len(ret):
				t, from = s.reach(n.Results[i])
			case len(n.Results) == 1:
				t, from = s.reachAt(n.Results[0], i)
			}
			if ret[i]|t != ret[i] {
				ret[i] |= t
				s.changed = true
			}
			if t&tSheet != 0 && s.cur.from[i] == "" {
				s.cur.from[i] = from
			}
		}
	case *ast.CallExpr:
		s.call(n)
	}
	return true
}

// flow records that lhs now holds a value reaching t.
func (s *lendScan) flow(lhs ast.Expr, t taint, from string) {
	if t == 0 {
		return
	}
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		v, _ := s.info.Defs[l].(*types.Var)
		if v == nil {
			v, _ = s.info.Uses[l].(*types.Var)
		}
		s.mark(v, t, from)
	case *ast.SelectorExpr:
		if sel := s.info.Selections[l]; sel != nil && sel.Kind() == types.FieldVal {
			s.mark(sel.Obj().(*types.Var), t, from)
		}
	case *ast.IndexExpr:
		// into a slice or map: its elements reach it now
		if v := s.rootVar(l.X); v != nil {
			s.markIn(s.elems, v, t, from)
		}
	case *ast.StarExpr:
		if v := s.rootVar(l.X); v != nil {
			s.mark(v, t, from)
		}
	}
}

// flowElems records that lhs, a slice or map, now holds the elements of
// rhs.
func (s *lendScan) flowElems(lhs, rhs ast.Expr) {
	t, from := s.elemReach(rhs)
	if t == 0 {
		return
	}
	var v *types.Var
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if v, _ = s.info.Defs[l].(*types.Var); v == nil {
			v, _ = s.info.Uses[l].(*types.Var)
		}
	case *ast.SelectorExpr:
		if sel := s.info.Selections[l]; sel != nil && sel.Kind() == types.FieldVal {
			v = sel.Obj().(*types.Var)
		}
	}
	s.markIn(s.elems, v, t, from)
}

// elemReach says what the elements of e, a slice or map, reach.
func (s *lendScan) elemReach(e ast.Expr) (taint, string) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := s.info.Uses[x].(*types.Var); ok {
			return s.elems[v], s.origin[v]
		}
	case *ast.SelectorExpr:
		if sel := s.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			v := sel.Obj().(*types.Var)
			return s.elems[v], s.origin[v]
		}
	case *ast.SliceExpr:
		return s.elemReach(x.X)
	case *ast.CompositeLit:
		var t taint
		var from string
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			t2, from2 := s.reach(el)
			t |= t2
			if from == "" {
				from = from2
			}
		}
		return t, from
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		if !ok || len(x.Args) == 0 {
			return 0, ""
		}
		if b, ok := s.info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
			return 0, ""
		}
		t, from := s.elemReach(x.Args[0])
		for i, a := range x.Args[1:] {
			var t2 taint
			var from2 string
			if x.Ellipsis.IsValid() && i == len(x.Args)-2 {
				t2, from2 = s.elemReach(a)
			} else {
				t2, from2 = s.reach(a)
			}
			t |= t2
			if from == "" {
				from = from2
			}
		}
		return t, from
	}
	return 0, ""
}

// rootVar is the variable or field an element or dereference sits in.
func (s *lendScan) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v, _ := s.info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			if sel := s.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				return sel.Obj().(*types.Var)
			}
			return nil
		default:
			return nil
		}
	}
}

// callee is the function or method a call calls statically, if any.
func (s *lendScan) callee(call *ast.CallExpr) *types.Func {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn, _ := s.info.Uses[f].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if m := s.info.Selections[f]; m != nil {
			fn, _ := m.Obj().(*types.Func)
			return fn
		}
		fn, _ := s.info.Uses[f.Sel].(*types.Func)
		return fn
	}
	return nil
}

// summary is what the called fn does: its own, or for an interface's
// method every loaded implementation's together; nil for a function
// whose source is not read (the standard library's).
func (s *lendScan) summary(fn *types.Func) *fnSum {
	if sum := s.funcs[fn]; sum != nil {
		return sum
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out *fnSum
	for _, nt := range s.named {
		if _, isIface := nt.Underlying().(*types.Interface); isIface {
			continue
		}
		for _, t := range []types.Type{nt, types.NewPointer(nt)} {
			if !types.Implements(t, iface) {
				continue
			}
			m, _, _ := types.LookupFieldOrMethod(t, false, fn.Pkg(), fn.Name())
			if f, ok := m.(*types.Func); ok && s.funcs[f] != nil {
				one := s.funcs[f]
				if out == nil {
					out = &fnSum{ret: make([]taint, len(one.ret)), from: make([]string, len(one.ret))}
				}
				out.writes |= one.writes
				for i := range one.ret {
					out.ret[i] |= one.ret[i]
					if out.from[i] == "" {
						out.from[i] = one.from[i]
					}
				}
			}
			break
		}
	}
	return out
}

// args lists what a call hands its callee, the receiver first, as
// taints of the callee's parameters.
func (s *lendScan) args(call *ast.CallExpr, fn *types.Func) ([]taint, []string) {
	sig := fn.Type().(*types.Signature)
	var ts []taint
	var froms []string
	if sig.Recv() != nil {
		sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		var t taint
		var from string
		if sel != nil && s.info.Selections[sel] != nil {
			if _, ptr := sig.Recv().Type().Underlying().(*types.Pointer); ptr && !isPointer(s.info.TypeOf(sel.X)) {
				t, from = s.shared(sel.X) // &x.f taken for the call
			} else {
				t, from = s.reach(sel.X)
			}
		}
		ts, froms = append(ts, t), append(froms, from)
	}
	n := sig.Params().Len()
	for i := 0; i < n; i++ {
		ts, froms = append(ts, 0), append(froms, "")
	}
	for i, a := range call.Args {
		j := i
		if sig.Variadic() && j >= n-1 {
			j = n - 1
		}
		if j >= n {
			continue
		}
		t, from := s.reach(a)
		k := len(ts) - n + j
		ts[k] |= t
		if froms[k] == "" {
			froms[k] = from
		}
	}
	return ts, froms
}

// call finds the writes a call makes into what its arguments reach.
func (s *lendScan) call(call *ast.CallExpr) {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := s.info.Uses[id].(*types.Builtin); ok {
			if changesArg(b.Name()) && len(call.Args) > 0 {
				if t, from := s.reach(call.Args[0]); t != 0 {
					s.changes(call.Pos(), t, from, b.Name()+" into "+types.ExprString(call.Args[0]))
				}
			}
			return
		}
	}
	fn := s.callee(call)
	if fn == nil {
		return
	}
	if fn.Pkg() != nil && changesArg(fn.Pkg().Path()+"."+fn.Name()) && len(call.Args) > 0 {
		if t, from := s.reach(call.Args[0]); t != 0 {
			s.changes(call.Pos(), t, from, fn.Name()+" of "+types.ExprString(call.Args[0]))
		}
		return
	}
	sum := s.summary(fn)
	if sum == nil {
		return
	}
	ts, froms := s.args(call, fn)
	for i, t := range ts {
		if i < 63 && sum.writes&(1<<i) != 0 && t != 0 {
			s.changes(call.Pos(), t, froms[i], fmt.Sprintf("%s changes what %s gets", fn.Name(), ordinal(i, fn)))
		}
	}
}

func ordinal(i int, fn *types.Func) string {
	if fn.Type().(*types.Signature).Recv() != nil {
		if i == 0 {
			return "its receiver"
		}
		i--
	}
	return fmt.Sprintf("its argument %d", i+1)
}

// reach says what e's value may reach, and where a read sheet in it came
// from.
func (s *lendScan) reach(e ast.Expr) (taint, string) {
	if tv, ok := s.info.Types[e]; ok && !s.hasRefs(tv.Type) {
		return 0, ""
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := s.info.Uses[x].(*types.Var); ok {
			return s.vars[v], s.origin[v]
		}
	case *ast.SelectorExpr:
		if sel := s.info.Selections[x]; sel != nil {
			if sel.Kind() != types.FieldVal {
				return 0, ""
			}
			f := sel.Obj().(*types.Var)
			t, from := s.reach(x.X)
			if s.vars[f] != 0 {
				t |= s.vars[f]
				from = s.origin[f]
			}
			return t, from
		}
	case *ast.IndexExpr:
		t, from := s.reach(x.X)
		t2, from2 := s.elemReach(x.X)
		if from == "" {
			from = from2
		}
		return t | t2, from
	case *ast.SliceExpr:
		return s.reach(x.X)
	case *ast.StarExpr:
		return s.reach(x.X)
	case *ast.TypeAssertExpr:
		return s.reach(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return s.shared(x.X) // not a variable's own address
		}
	case *ast.CallExpr:
		if tv := s.info.Types[x.Fun]; tv.IsType() && len(x.Args) == 1 {
			return s.reach(x.Args[0])
		}
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			if b, ok := s.info.Uses[id].(*types.Builtin); ok && b.Name() == "append" && len(x.Args) > 0 {
				return s.reach(x.Args[0]) // what it holds is its elements'
			}
		}
		return s.reachAt(x, 0)
	}
	return 0, ""
}

// reachAt is reach for the i'th value of a call or comma-ok expression.
func (s *lendScan) reachAt(e ast.Expr, i int) (taint, string) {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := s.callee(x)
		if fn == nil {
			return 0, ""
		}
		if fn == s.sheetM {
			if i == 0 {
				return tSheet, "Sheet() at " + s.pos(x.Pos())
			}
			return 0, ""
		}
		sum := s.summary(fn)
		if sum == nil || i >= len(sum.ret) {
			return 0, ""
		}
		r := sum.ret[i]
		t, from := r&tSheet, sum.from[i]
		ts, froms := s.args(x, fn)
		for j, a := range ts {
			if j < 63 && r&(1<<j) != 0 && a != 0 {
				t |= a
				if from == "" {
					from = froms[j]
				}
			}
		}
		return t, from
	case *ast.TypeAssertExpr, *ast.IndexExpr:
		if i == 0 {
			return s.reach(x)
		}
	}
	return 0, ""
}

// shared says what memory an lvalue names may be reached from: nothing
// if it is a variable, or a field of one held by value.
func (s *lendScan) shared(e ast.Expr) (taint, string) {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		sel := s.info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal {
			return 0, ""
		}
		if sel.Indirect() {
			return s.reach(x.X)
		}
		return s.shared(x.X)
	case *ast.IndexExpr:
		switch s.info.TypeOf(x.X).Underlying().(type) {
		case *types.Slice, *types.Map, *types.Pointer:
			return s.reach(x.X)
		case *types.Array:
			return s.shared(x.X)
		}
	case *ast.StarExpr:
		return s.reach(x.X)
	}
	return 0, ""
}

// changesArg reports whether the builtin or standard function changes
// its first argument in place.
func changesArg(name string) bool {
	switch name {
	case "copy", "clear", "delete", "maps.Copy", "maps.DeleteFunc",
		"sort.Sort", "sort.Stable", "sort.Slice", "sort.SliceStable", "sort.Ints", "sort.Strings", "sort.Float64s",
		"slices.Sort", "slices.SortFunc", "slices.SortStableFunc", "slices.Reverse",
		"slices.Delete", "slices.DeleteFunc", "slices.Compact", "slices.CompactFunc", "slices.Replace", "slices.Insert":
		return true
	}
	return false
}

func isPointer(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// hasRefs reports whether a value of t can reach memory it shares with
// its copies (a pointer, slice, map, interface...).
func (s *lendScan) hasRefs(t types.Type) bool {
	if t == nil {
		return false
	}
	if r, ok := s.refs[t]; ok {
		return r
	}
	s.refs[t] = false // a cycle goes through a named pointer anyway
	var r bool
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r = u.Kind() == types.UnsafePointer
	case *types.Struct:
		for i := 0; i < u.NumFields() && !r; i++ {
			r = s.hasRefs(u.Field(i).Type())
		}
	case *types.Array:
		r = s.hasRefs(u.Elem())
	case *types.Tuple:
		for i := 0; i < u.Len() && !r; i++ {
			r = s.hasRefs(u.At(i).Type())
		}
	default:
		r = true
	}
	s.refs[t] = r
	return r
}
