package main

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"fray/internal/cmdline"
	"fray/rules"
)

// The reference of a system is written twice from one rules.Reference: as
// wrapped text by `fray help ID`, and as the Markdown page docs/ID.md
// (regenerate the pages with `go generate`; TestDocPages fails when one is
// out of date). Neither adds a fact the other lacks.

//go:generate go test -run ^TestDocPages$ -update .

// plain drops the backquotes that mark typed words in the reference, for
// the terminal.
func plain(s string) string { return strings.ReplaceAll(s, "`", "") }

// referenceText writes the reference of a system as `fray help ID` prints
// it, wrapped at cmdline.HelpWidth: each usage hangs under its first line, its
// description below it.
func referenceText(w io.Writer, r rules.Reference) {
	out := func(text, first, hang string) {
		fmt.Fprintln(w, rules.WrapHanging(plain(text), cmdline.HelpWidth, first, hang))
	}
	para := func(text string) {
		fmt.Fprintln(w)
		out(text, "", "")
	}
	// entry is a term (a usage, a key, a field) with its description
	// indented under it.
	entry := func(term, hang, text string) {
		fmt.Fprintln(w)
		out(term, "  ", hang)
		out(text, "      ", "      ")
	}
	heading := func(title string) {
		fmt.Fprintf(w, "\n%s\n%s\n", title, strings.Repeat("=", len([]rune(title))))
	}
	fmt.Fprintf(w, "%s (%s)\n", r.Name, r.ID)
	if d := demoLine(r, plain); d != "" {
		out(d, "", "")
	}
	for _, p := range r.Intro {
		para(p)
	}
	heading("Commands")
	para("Type them after : in the tracker, or one a line in a script (fray run).")
	for _, v := range r.Verbs {
		entry(v.Usage, "    ", v.Text)
	}
	for _, v := range r.Verbs {
		if len(v.Options) == 0 {
			continue
		}
		heading("Options of " + v.Name)
		for _, o := range v.Options {
			fmt.Fprintln(w)
			out(o.Word, "  ", "    ")
			out(o.About, "      ", "      ")
		}
	}
	if len(r.Keys) > 0 {
		heading("Keys")
		para(keysIntro)
		for _, k := range r.Keys {
			entry(k.Key+": "+k.Help, "    ", keyRuns(k))
		}
	}
	for _, s := range r.Sections {
		heading(s.Title)
		for _, p := range s.Paras {
			para(p)
		}
	}
	heading("Sheet fields")
	para("Set with add NAME FIELD=VALUE… and set NAME FIELD=VALUE….")
	for _, f := range r.Fields {
		entry(strings.Join(f.Keys, " "), "  ", fieldText(f))
	}
	for _, p := range r.FieldNotes {
		para(p)
	}
	if len(r.Options) > 0 {
		heading("Options")
		para("option KEY VALUE changes one; they are saved with the encounter.")
		for _, o := range r.Options {
			entry(fmt.Sprintf("%s: %s (default %s)", o.Key, optionValues(o, " | "), cmp.Or(o.Default, "none")), "    ", o.Help)
		}
		for _, p := range r.OptionNotes {
			para(p)
		}
	}
	if len(r.Legend) > 0 {
		heading("Shorthand on the screen")
		for _, a := range r.Legend {
			entry(a.Short, "  ", a.Means)
		}
	}
	if len(r.Scale) > 0 {
		heading("Harm on the shared scale")
		para(scaleIntro)
		for _, a := range r.Scale {
			entry(a.Short, "  ", a.Means)
		}
	}
}

// scaleIntro heads a system's reading of the shared harm scale.
const scaleIntro = "The order pane colours and marks each combatant's harm on one scale every system shares " +
	"(unhurt, hurt, badly hurt, out of the fight, dying, dead), and the player view and the fight report " +
	"speak of foes in its words. Here a combatant is:"

// referenceMarkdown writes the reference of a system as its page in docs/.
func referenceMarkdown(r rules.Reference) string {
	var b strings.Builder
	p := func(s string) { b.WriteString(s + "\n\n") }
	fmt.Fprintf(&b, "<!-- Generated from fray's own tables by `go generate` in the repository root\n"+
		"     (rules/%s: its verbs, sheet keys, options and doc.go). Do not edit:\n"+
		"     change the tables and regenerate. `fray help %s` prints the same. -->\n\n", r.ID, r.ID)
	p("# " + r.Name)
	line := "System id `" + r.ID + "`: `fray new --system " + r.ID + " FILE` starts an empty encounter."
	if d := demoLine(r, func(s string) string { return s }); d != "" {
		line += " " + d
	}
	p(line)
	for _, s := range r.Intro {
		p(s)
	}
	p("## Commands")
	p("Type them after `:` in the tracker, or one a line in a script (`fray run`). " +
		"How names, quotes and undo work: [commands.md](commands.md).")
	b.WriteString("| command | does |\n| --- | --- |\n")
	for _, v := range r.Verbs {
		fmt.Fprintf(&b, "| %s | %s |\n", cell(code(v.Usage)), cell(v.Text))
	}
	b.WriteString("\n")
	for _, v := range r.Verbs {
		if len(v.Options) == 0 {
			continue
		}
		p("### Options of `" + v.Name + "`")
		b.WriteString("| option | does |\n| --- | --- |\n")
		for _, o := range v.Options {
			fmt.Fprintf(&b, "| %s | %s |\n", cell(code(o.Word)), cell(o.About))
		}
		b.WriteString("\n")
	}
	if len(r.Keys) > 0 {
		p("## Keys")
		p(keysIntro)
		b.WriteString("| key | does | runs |\n| --- | --- | --- |\n")
		for _, k := range r.Keys {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", code(k.Key), cell(k.Help), cell(keyRuns(k)))
		}
		b.WriteString("\n")
	}
	for _, s := range r.Sections {
		p("## " + s.Title)
		for _, x := range s.Paras {
			p(x)
		}
	}
	p("## Sheet fields")
	p("Set with `add NAME FIELD=VALUE…` and `set NAME FIELD=VALUE…`.")
	b.WriteString("| field | means |\n| --- | --- |\n")
	for _, f := range r.Fields {
		ks := make([]string, len(f.Keys))
		for i, k := range f.Keys {
			ks[i] = code(k)
		}
		fmt.Fprintf(&b, "| %s | %s |\n", cell(strings.Join(ks, " ")), cell(fieldText(f)))
	}
	b.WriteString("\n")
	for _, x := range r.FieldNotes {
		p(x)
	}
	if len(r.Options) > 0 {
		p("## Options")
		p("`option KEY VALUE` changes one (`o` in the tracker lists them); they are saved with the encounter.")
		b.WriteString("| option | values | default | does |\n| --- | --- | --- | --- |\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", code(o.Key), cell(optionValues(o, ", ")), optionDefault(o, "—"), cell(o.Help))
		}
		b.WriteString("\n")
		for _, x := range r.OptionNotes {
			p(x)
		}
	}
	if len(r.Legend) > 0 {
		p("## Shorthand on the screen")
		b.WriteString("| shown | means |\n| --- | --- |\n")
		for _, a := range r.Legend {
			fmt.Fprintf(&b, "| %s | %s |\n", cell(code(a.Short)), cell(a.Means))
		}
		b.WriteString("\n")
	}
	if len(r.Scale) > 0 {
		p("## Harm on the shared scale")
		p(scaleIntro)
		b.WriteString("| grade | when |\n| --- | --- |\n")
		for _, a := range r.Scale {
			fmt.Fprintf(&b, "| %s | %s |\n", a.Short, cell(a.Means))
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// keysIntro heads the system's own keys.
const keysIntro = "Besides the keys of every system, the tracker's main screen has these; " +
	"SELECTED is the selected combatant, CURRENT whose turn it is. A command ending in … " +
	"opens the command line with it, for you to finish; any other runs at once, and `u` takes it back."

// keyRuns is the command a system key runs, as the GM would type it.
func keyRuns(k rules.Shortcut) string {
	line := strings.NewReplacer("{sel}", "SELECTED", "{cur}", "CURRENT").Replace(k.Line)
	if strings.HasSuffix(k.Line, " ") {
		return "`" + strings.TrimSpace(line) + " …`"
	}
	return "`" + line + "`"
}

// demoLine names the system's demos and how to open them.
func demoLine(r rules.Reference, mark func(string) string) string {
	if len(r.Demos) == 0 {
		return ""
	}
	ds := make([]string, len(r.Demos))
	for i, d := range r.Demos {
		ds[i] = mark("`fray --demo "+d.Name+"`") + " (" + d.Title + ")"
	}
	return "Demos: " + strings.Join(ds, "; ") + "."
}

// fieldText is a field's description, saying when the tracker keeps it.
func fieldText(f rules.FieldDoc) string {
	if f.Internal {
		return f.Text + " (kept by the tracker; forms do not offer it)"
	}
	return f.Text
}

// optionDefault is an option's default as the reference shows it, or
// none when it has none.
func optionDefault(o rules.Option, none string) string {
	if o.Default == "" {
		return none
	}
	return code(o.Default)
}

func optionValues(o rules.Option, sep string) string {
	if o.Text {
		return "any text"
	}
	if len(o.Values) == 0 {
		return "a whole number"
	}
	return strings.Join(o.Values, sep)
}

// code marks s as typed text in Markdown.
func code(s string) string { return "`" + s + "`" }

// cell makes text safe in a Markdown table cell: a bar would end the cell,
// even inside a code span.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
