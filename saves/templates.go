package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"fray/rules"
)

// Templates: a bestiary per system, DATA/templates/SYSTEM/*.toml, each
// file holding any number of templates:
//
//	# fray templates for old-school d20 (osr)…
//	version = 1
//	system = "osr"
//
//	[[template]]
//	name = "Goblin"
//	side = "goblins"
//	note = "spear"
//	[template.sheet]
//	hp = "1d8"        # a number field may hold dice: rolled for each copy
//	ac = 13
//
// name is required and unique (ignoring case) among the system's files;
// side, note and init (roll, a number or dice) are optional; the sheet
// holds the system's fields, checked as add would check them. version and
// system may be left out; given, they must be 1 and the folder's system.
// Any other key is kept and written back when fray rewrites the file.

// TemplateVersion is the format version of template and party files.
const TemplateVersion = 1

// templateFile is one file of templates, with what fray keeps unread.
type templateFile struct {
	path   string
	extras []extra
	recs   []templateRec
}

type templateRec struct {
	t      rules.Template
	extras []extra
}

// readTemplateFile reads and checks one file of templates of sys.
func readTemplateFile(path string, sys rules.System) (*templateFile, error) {
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	return decodeTemplates(path, data, sys)
}

// readSmall reads a template or party file, naming it in any error.
func readSmall(path string) ([]byte, error) {
	return ReadFile(path, maxSmallFile, "a template or party file")
}

// maxSmallFile bounds what a template or party file may hold.
const maxSmallFile = 8 << 20

func decodeTemplates(path string, data []byte, sys rules.System) (*templateFile, error) {
	root, err := parseTree(path, string(data))
	if err != nil {
		return nil, err
	}
	d := &decoder{name: path}
	f := &templateFile{path: path}
	var list *node
	for _, fl := range root.fields {
		switch fl.key {
		case "version", "system":
			if err := d.fileHeader(fl.key, fl.val, sys); err != nil {
				return nil, err
			}
		case "template":
			list = fl.val
		default:
			f.extras = append(f.extras, extra{fl.key, fl.val})
		}
	}
	if list == nil {
		return f, nil
	}
	if err := d.list(list, "template"); err != nil {
		return nil, err
	}
	seen := map[string]int{}
	for _, tn := range list.list {
		rec, err := d.template(tn, sys)
		if err != nil {
			return nil, err
		}
		k := foldKey(rec.t.Name)
		if line, dup := seen[k]; dup {
			return nil, d.at(rec.t.Line, "a second template called %q (the first is on line %d)", rec.t.Name, line)
		}
		seen[k] = rec.t.Line
		f.recs = append(f.recs, rec)
	}
	return f, nil
}

// fileHeader checks version and system at the top of a template or party
// file: a format fray reads, the system the file must be of.
func (d *decoder) fileHeader(key string, n *node, sys rules.System) error {
	if key == "version" {
		v, err := d.int(n, "version")
		switch {
		case err != nil:
			return err
		case v > TemplateVersion:
			return d.at(n.line, "written by a newer fray (format %d; this fray reads up to %d)", v, TemplateVersion)
		case v < 1:
			return d.at(n.line, "format version %d does not exist (the first is 1)", v)
		}
		return nil
	}
	s, err := d.str(n, "system")
	if err != nil {
		return err
	}
	if !strings.EqualFold(s, sys.ID()) {
		return d.at(n.line, "the file is for %q, but it is read as %s", s, sys.ID())
	}
	return nil
}

// template reads one [[template]] table.
func (d *decoder) template(t *node, sys rules.System) (templateRec, error) {
	var rec templateRec
	if err := d.table(t, "a template"); err != nil {
		return rec, err
	}
	rec.t.File, rec.t.Line = d.name, t.line
	nn := t.get("name")
	if nn == nil {
		return rec, d.at(t.line, "a template needs a name")
	}
	name, err := d.plain(nn, "name")
	if err != nil {
		return rec, err
	}
	rec.t.Name = strings.TrimSpace(name)
	if rec.t.Name == "" {
		return rec, d.at(nn.line, "a template needs a name")
	}
	if strings.ContainsAny(rec.t.Name, ",=") {
		return rec, d.at(nn.line, "a template's name cannot contain , or = (%q)", rec.t.Name)
	}
	if nn.line > 0 {
		rec.t.Line = nn.line
	}
	var sheet *node
	for _, f := range t.fields {
		switch f.key {
		case "name":
		case "side", "note":
			v, err := d.plain(f.val, f.key)
			if err != nil {
				return rec, err
			}
			rec.t.Fields = append(rec.t.Fields, rules.KV{Key: f.key, Value: v})
		case "init":
			v, err := d.text(f.val, "init")
			if err != nil {
				return rec, err
			}
			if err := rules.InitValueOK(v); err != nil {
				return rec, d.at(f.val.line, "%s: %v", rec.t.Name, err)
			}
			rec.t.Fields = append(rec.t.Fields, rules.KV{Key: "init", Value: v})
		case "sheet":
			sheet = f.val
		default:
			rec.extras = append(rec.extras, extra{f.key, f.val})
		}
	}
	if sheet == nil {
		return rec, nil
	}
	if err := d.table(sheet, rec.t.Name+"'s sheet"); err != nil {
		return rec, err
	}
	keys := map[string]bool{}
	if sh := sys.NewSheet(); sh != nil {
		for _, k := range sh.Keys() {
			keys[k] = true
		}
	}
	for _, f := range sheet.fields {
		v, err := d.text(f.val, f.key)
		if err == nil {
			err = d.noControl(f.val, rec.t.Name+": "+f.key, v)
		}
		if err != nil {
			return rec, err
		}
		if !keys[f.key] {
			return rec, d.at(f.val.line, "%s: %s has no sheet field %q (see fray help %s)", rec.t.Name, sys.Name(), f.key, sys.ID())
		}
		if err := safeCheck(sys, f.key, v); err != nil {
			return rec, d.at(f.val.line, "%s: %s", rec.t.Name, fieldErr(f.key, err))
		}
		rec.t.Fields = append(rec.t.Fields, rules.KV{Key: f.key, Value: v})
	}
	return rec, nil
}

// safeCheck asks the system whether a field takes a value, turning a
// panic into an error: no file may crash fray.
func safeCheck(sys rules.System, k, v string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error checking this field: %v", r)
		}
	}()
	return rules.FieldValueOK(sys, k, v)
}

// sheetKey reports whether a template field belongs under [template.sheet].
func sheetKey(k string) bool { return k != "side" && k != "note" && k != "init" }

// encode writes a template file.
func (f *templateFile) encode(sys rules.System) []byte {
	b := fmt.Appendf(nil, "# fray templates for %s (%s): named combatants that add COUNT NAME copies.\n"+
		"# Edit them by hand if you like: a number on the sheet may be dice (hp = \"2d8\"),\n"+
		"# rolled for each copy. fray checks the file when it reads it.\n", sys.Name(), sys.ID())
	b = appendInt(b, "version", TemplateVersion)
	b = appendStr(b, "system", sys.ID())
	b = appendExtras(b, f.extras)
	for _, r := range f.recs {
		b = append(b, "\n[[template]]\n"...)
		b = appendStr(b, "name", r.t.Name)
		for _, kv := range r.t.Fields {
			if !sheetKey(kv.Key) {
				b = appendText(b, kv.Key, kv.Value)
			}
		}
		b = appendExtras(b, r.extras)
		header := false
		for _, kv := range r.t.Fields {
			if sheetKey(kv.Key) {
				if !header {
					b = append(b, "[template.sheet]\n"...)
					header = true
				}
				b = appendText(b, kv.Key, kv.Value)
			}
		}
	}
	return b
}

// templateDir is where a system's templates live.
func (l *Library) templateDir(system string) string {
	return filepath.Join(l.Dir, "templates", strings.ToLower(system))
}

// Templates implements rules.Library. The first time a system's folder is
// wanted and there is none, fray writes the system's starter set into it
// (starter.toml), so the GM can read and change it like any other file.
// Files are read in name order; a file that cannot be read is reported
// and the others still count.
func (l *Library) Templates(system string) ([]rules.Template, error) {
	if l.tcache != nil {
		return l.tcache.templates(l, system)
	}
	return l.readTemplates(system)
}

// templateCache keeps each system's templates as read, with the size and
// time of every file they came from: `add NAME` asks for them on every
// add (is NAME a template?), and a script of 10,000 adds should not read
// and parse the files 10,000 times. A file changed, added or removed is
// read again.
type templateCache struct {
	mu       sync.Mutex
	bySystem map[string]cachedTemplates
}

type cachedTemplates struct {
	stamps []string
	out    []rules.Template
	err    error
}

func (c *templateCache) templates(l *Library, system string) ([]rules.Template, error) {
	stamps, ok := l.templateStamps(system)
	c.mu.Lock()
	defer c.mu.Unlock()
	if got, hit := c.bySystem[system]; ok && hit && slices.Equal(got.stamps, stamps) {
		return cloneTemplates(got.out), got.err
	}
	out, err := l.readTemplates(system)
	if ok {
		c.bySystem[system] = cachedTemplates{stamps: stamps, out: cloneTemplates(out), err: err}
	}
	return out, err
}

// templateStamps names every template file of a system with its size and
// modification time; ok is false when they cannot be known.
func (l *Library) templateStamps(system string) (stamps []string, ok bool) {
	sys, err := l.system(system)
	if err != nil {
		return nil, false
	}
	dir := l.templateDir(sys.ID())
	names, err := tomlFiles(dir)
	if err != nil || names == nil {
		return nil, false // none yet: the starter set is installed on reading
	}
	for _, n := range names {
		fi, err := os.Stat(filepath.Join(dir, n))
		if err != nil {
			return nil, false
		}
		stamps = append(stamps, fmt.Sprintf("%s %d %d", n, fi.Size(), fi.ModTime().UnixNano()))
	}
	return stamps, true
}

func cloneTemplates(ts []rules.Template) []rules.Template {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Fields = slices.Clone(out[i].Fields)
	}
	return out
}

// readTemplates reads every template of a system from its files.
func (l *Library) readTemplates(system string) ([]rules.Template, error) {
	files, _, err := l.templateFiles(system)
	if err != nil {
		return nil, err
	}
	var out []rules.Template
	var problems []error
	seen := map[string]string{}
	for _, f := range files {
		if f.err != nil {
			problems = append(problems, f.err)
			continue
		}
		for _, r := range f.file.recs {
			k := foldKey(r.t.Name)
			if other, dup := seen[k]; dup {
				problems = append(problems, &Error{File: f.file.path, Line: r.t.Line,
					Msg: fmt.Sprintf("template %q is also in %s: the first one counts", r.t.Name, other)})
				continue
			}
			seen[k] = f.file.path
			out = append(out, r.t)
		}
	}
	return out, errors.Join(problems...)
}

// readFile is one template file as read: the file, or why it could not be.
type readFile struct {
	file *templateFile
	err  error
}

// templateFiles reads every template file of a system, installing the
// starter set on first use.
func (l *Library) templateFiles(system string) ([]readFile, rules.System, error) {
	sys, err := l.system(system)
	if err != nil {
		return nil, nil, err
	}
	dir := l.templateDir(sys.ID())
	if err := l.installStarter(dir, sys); err != nil {
		return nil, nil, err
	}
	names, err := tomlFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	out := make([]readFile, 0, len(names))
	for _, n := range names {
		f, err := readTemplateFile(filepath.Join(dir, n), sys)
		out = append(out, readFile{file: f, err: err})
	}
	return out, sys, nil
}

// installStarter writes the system's starter templates into a folder
// that does not exist yet.
func (l *Library) installStarter(dir string, sys rules.System) error {
	if _, err := os.Stat(dir); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the templates folder %s: %w", dir, err)
	}
	st, ok := sys.(rules.Starter)
	if !ok {
		return nil
	}
	path := filepath.Join(dir, "starter.toml")
	if err := writeFile(path, st.StarterTemplates()); err != nil {
		return fmt.Errorf("cannot write the starter templates to %s: %w", path, err)
	}
	return nil
}

// tomlFiles lists the *.toml files of a folder in name order, leaving
// out hidden ones (fray's temporary files and locks start with a dot).
func tomlFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, ".") || !strings.EqualFold(filepath.Ext(n), ".toml") || !e.Type().IsRegular() {
			continue
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

// SaveTemplate implements rules.Library: the file that holds a template of
// that name gets the new one in its place (what else the file holds is
// kept); a new name goes into a file of its own, NAME.toml.
func (l *Library) SaveTemplate(system string, t rules.Template) (string, error) {
	files, sys, err := l.templateFiles(system)
	if err != nil {
		return "", err
	}
	t.File, t.Line = "", 0
	for _, f := range files {
		if f.err != nil {
			continue
		}
		for i, r := range f.file.recs {
			if strings.EqualFold(r.t.Name, t.Name) {
				f.file.recs[i].t = t
				return f.file.path, writeFile(f.file.path, f.file.encode(sys))
			}
		}
	}
	path := filepath.Join(l.templateDir(sys.ID()), Slug(t.Name)+".toml")
	f := &templateFile{path: path}
	if _, err := os.Stat(path); err == nil {
		// A file of that name holds other templates (or could not be
		// read): add to it, but never over a broken file.
		if f, err = readTemplateFile(path, sys); err != nil {
			return "", fmt.Errorf("cannot add the template to %w", err)
		}
	}
	f.recs = append(f.recs, templateRec{t: t})
	if err := writeFile(path, f.encode(sys)); err != nil {
		return "", fmt.Errorf("cannot save the template: %w", err)
	}
	return path, nil
}

// Slug makes a file name of a name: lower case, spaces to dashes, only
// letters, digits, dashes and underscores ("The Crows" → the-crows); a
// name with none of those gives "unnamed".
func Slug(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '.':
			b.WriteByte('-')
		case r > 127 && unicode.IsLetter(r):
			b.WriteRune(r) // letters of other alphabets are fine in file names
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "unnamed"
	}
	return s
}
