package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fray/model"
	"fray/rules"
)

// Parties: DATA/parties/NAME.toml holds a party's members between fights,
// with their harm, as party save wrote them:
//
//	# fray party…
//	version = 1
//	system = "osr"
//	name = "The Crows"
//
//	[[member]]
//	name = "Odo"
//	side = "party"
//	note = "magic-user"
//	status = "active"
//	conditions = [{label = "cursed", expires = 0}]
//	[member.sheet]
//	hp = 4
//	maxhp = 6
//
// system and name are required; a member has the keys of a combatant in
// an encounter file that outlast a fight (name, side, note, status,
// conditions, sheet), checked the same way. Any other key, at the top or
// in a member, is kept: saving the party again writes it back (a member's
// by its name).

// partyFile is a party as read, with what fray keeps unread.
type partyFile struct {
	party   rules.Party
	extras  []extra
	members map[string][]extra // by folded member name
}

// partyPath is where a party of this name lives.
func (l *Library) partyPath(name string) string {
	return filepath.Join(l.Dir, "parties", Slug(name)+".toml")
}

// Party implements rules.Library.
func (l *Library) Party(name string, sys rules.System) (rules.Party, error) {
	path := l.partyPath(name)
	f, err := l.readParty(path)
	if errors.Is(err, fs.ErrNotExist) {
		known, _ := l.Parties()
		if len(known) == 0 {
			return rules.Party{}, fmt.Errorf("no party called %q: there are none yet (party save NAME keeps a fight's player side)", name)
		}
		return rules.Party{}, fmt.Errorf("no party called %q (parties: %s)", name, strings.Join(known, ", "))
	}
	if err != nil {
		return rules.Party{}, err
	}
	return f.party, nil
}

// readParty reads and checks a party file.
func (l *Library) readParty(path string) (*partyFile, error) {
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	return l.decodeParty(path, data)
}

// decodeParty reads a party file's text; path names it in errors.
func (l *Library) decodeParty(path string, data []byte) (*partyFile, error) {
	root, err := parseTree(path, string(data))
	if err != nil {
		return nil, err
	}
	d := &decoder{name: path}
	sn := root.get("system")
	if sn == nil {
		return nil, d.at(0, "no rule system: add a line such as system = \"osr\"")
	}
	id, err := d.str(sn, "system")
	if err != nil {
		return nil, err
	}
	sys, err := l.system(id)
	if err != nil {
		return nil, d.at(sn.line, "%v", err)
	}
	f := &partyFile{party: rules.Party{System: sys.ID()}, members: map[string][]extra{}}
	var list *node
	for _, fl := range root.fields {
		var err error
		switch fl.key {
		case "version", "system":
			err = d.fileHeader(fl.key, fl.val, sys)
		case "name":
			f.party.Name, err = d.plain(fl.val, "name")
		case "member":
			list = fl.val
		default:
			f.extras = append(f.extras, extra{fl.key, fl.val})
		}
		if err != nil {
			return nil, err
		}
	}
	if strings.TrimSpace(f.party.Name) == "" {
		return nil, d.at(0, "the party has no name: add a line such as name = \"The Crows\"")
	}
	if list == nil {
		return f, nil
	}
	if err := d.list(list, "member"); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, t := range list.list {
		m, xs, err := d.member(t, sys)
		if err != nil {
			return nil, err
		}
		k := foldKey(m.Name)
		if seen[k] {
			return nil, d.at(t.line, "two members are called %q", m.Name)
		}
		seen[k] = true
		f.members[k] = xs
		f.party.Members = append(f.party.Members, m)
	}
	return f, nil
}

// member reads one [[member]] table, keeping the keys it does not know.
func (d *decoder) member(t *node, sys rules.System) (*model.Combatant, []extra, error) {
	if err := d.table(t, "a member"); err != nil {
		return nil, nil, err
	}
	c := &model.Combatant{Profile: &model.Profile{}}
	nn := t.get("name")
	if nn == nil {
		return nil, nil, d.at(t.line, "a member needs a name")
	}
	var err error
	if c.Name, err = d.plain(nn, "name"); err != nil {
		return nil, nil, err
	}
	c.Name = strings.TrimSpace(c.Name)
	if c.Name == "" || strings.ContainsAny(c.Name, ",=") {
		return nil, nil, d.at(nn.line, "a member needs a name without , or = (not %q)", c.Name)
	}
	var sheet *node
	var xs []extra
	for _, f := range t.fields {
		k, v := f.key, f.val
		var err error
		switch k {
		case "name":
		case "side", "note", "status":
			err = d.personKey(c, k, v)
		case "conditions":
			if c.Conds, err = d.conditions(v, c.Name); err == nil {
				for _, k := range c.Conds {
					if !k.Lasting() {
						err = d.at(v.line, "%s: condition %q has a round or a turn to end at: a party keeps only those that last until removed", c.Name, k.Label)
						break
					}
				}
			}
		case "sheet":
			sheet = v
		default:
			xs = append(xs, extra{k, v})
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if err := d.sheet(c, t.line, sheet, sys); err != nil {
		return nil, nil, err
	}
	return c, xs, nil
}

// SaveParty implements rules.Library. Keys of the old file fray does not
// know are kept; a broken old file is never written over.
func (l *Library) SaveParty(p rules.Party) (string, error) {
	sys, err := l.system(p.System)
	if err != nil {
		return "", err
	}
	path := l.partyPath(p.Name)
	old, err := l.readParty(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = &partyFile{}
	case err != nil:
		return "", fmt.Errorf("the party file is there but broken, so it is left as it is: %w", err)
	case old.party.System != p.System:
		// Another campaign's party: replacing it would lose it.
		return "", fmt.Errorf("the party %s plays %s (%s); this fight is %s: save under another name, or remove that file first",
			old.party.Name, old.party.System, path, p.System)
	case foldKey(old.party.Name) != foldKey(p.Name):
		return "", fmt.Errorf("%s holds the party %s: save under another name, or remove that file first", path, old.party.Name)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("cannot make the parties folder: %w", err)
	}
	q := rules.Quote(p.Name)
	b := fmt.Appendf(nil, "# A fray party of %s: its members between fights, with\n"+
		"# their harm. party add %s brings them into a fight; party save %s after\n"+
		"# it keeps what they took.\n", sys.Name(), q, q)
	b = appendInt(b, "version", TemplateVersion)
	b = appendStr(b, "system", sys.ID())
	b = appendStr(b, "name", p.Name)
	b = appendExtras(b, old.extras)
	for _, m := range p.Members {
		b = append(b, "\n[[member]]\n"...)
		b = appendStr(b, "name", m.Name)
		b = appendStr(b, "side", m.Side)
		b = appendStr(b, "note", m.Note)
		b = appendStr(b, "status", m.Status.String())
		b = appendConds(b, m.Conds, nameIndex{})
		b = appendExtras(b, old.members[foldKey(m.Name)])
		b = appendSheet(b, "member", m.Sheet())
	}
	if err := writeFile(path, b); err != nil {
		return "", fmt.Errorf("cannot save the party: %w", err)
	}
	return path, nil
}

// Parties implements rules.Library: the names of the parties in the
// parties folder, as their files give them.
func (l *Library) Parties() ([]string, error) {
	dir := filepath.Join(l.Dir, "parties")
	files, err := tomlFiles(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range files {
		f, err := l.readParty(filepath.Join(dir, n))
		if err != nil {
			out = append(out, strings.TrimSuffix(n, filepath.Ext(n))+" (unreadable)")
			continue
		}
		out = append(out, f.party.Name)
	}
	return out, nil
}
