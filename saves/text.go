package saves

import "fray/rules"

// Text in an encounter holds no control characters (see rules.Printable):
// commands cannot type them, and these are the loader's side of it. A file
// edited by hand that has one in a name, note, label, option or sheet
// value is refused at that line. The log is a record rather than
// something to edit, and files from fray versions that let a tab into a
// logged command must still load, so there control characters are
// replaced instead.

// plain reads text a person gives (a name, a note, a label): no control
// characters.
func (d *decoder) plain(n *node, what string) (string, error) {
	s, err := d.str(n, what)
	if err != nil {
		return "", err
	}
	return s, d.noControl(n, what, s)
}

// noControl refuses text with a control character.
func (d *decoder) noControl(n *node, what, s string) error {
	if r, at := rules.FindControl(s); at > 0 {
		return d.at(n.line, "%s holds %s (character %d); fray keeps no control characters in text: take it out", what, rules.ControlName(r), at)
	}
	return nil
}

// logText reads text of a log entry, replacing control characters. A
// log the file's text holds (a big log is read by itself, logArchive) is
// short, and its entries' text is copied as the rest is (strPool); an
// entry's own words, which no other has, without looking for an equal
// string.
func (d *decoder) logText(n *node, what string) (string, error) {
	s, err := d.word(n, what)
	if s = rules.Printable(s); what == "text" {
		return d.own.copy(s), err
	}
	return d.own.keep(s), err
}
