package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fray/internal/cmdline"
	"fray/rules"
	"fray/rules/systems"
)

var update = flag.Bool("update", false, "rewrite docs/SYSTEM.md from the program's tables")

// Each system's page in docs/ is exactly what its tables generate, so the
// page and `fray help ID` cannot disagree. After changing a verb, a sheet
// key, an option or a doc.go, run `go generate` (or this test with
// -update) and read the diff.
func TestDocPages(t *testing.T) {
	for _, s := range systems.Default().All() {
		path := filepath.Join("docs", s.ID()+".md")
		want := referenceMarkdown(rules.NewReference(s))
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go generate to write the pages)", err)
		}
		if string(got) != want {
			t.Errorf("%s is out of date with the program's tables: run go generate and read the diff", path)
		}
	}
}

// `fray help ID` and docs/ID.md say the same things: every usage, field
// key, option and shorthand is in both, and both are documented in full.
func TestHelpAndPageAgree(t *testing.T) {
	for _, s := range systems.Default().All() {
		if probs := rules.CheckDoc(s); len(probs) > 0 {
			t.Errorf("%s: the doc disagrees with the tables:\n%s", s.ID(), strings.Join(probs, "\n"))
		}
		ref := rules.NewReference(s)
		page := strings.ReplaceAll(referenceMarkdown(ref), `\|`, "|")
		help := fray(t, "", "help", s.ID()).stdout
		// A long list of options wraps after a | (wrapHanging): the
		// words are compared with no space after a |.
		flatten := func(s string) string { return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "| ", "|") }
		flat := flatten(help)
		var facts []string
		for _, v := range ref.Verbs {
			facts = append(facts, v.Usage)
		}
		for _, f := range ref.Fields {
			facts = append(facts, f.Keys...)
		}
		for _, o := range ref.Options {
			facts = append(facts, o.Key, o.Help)
		}
		for _, k := range ref.Keys {
			facts = append(facts, k.Help)
		}
		for _, a := range append(ref.Legend, ref.Scale...) {
			facts = append(facts, a.Short, a.Means)
		}
		for _, f := range facts {
			if !strings.Contains(page, f) {
				t.Errorf("%s: the page lacks %q", s.ID(), f)
			}
			if !strings.Contains(flat, flatten(plain(f))) {
				t.Errorf("%s: fray help lacks %q", s.ID(), f)
			}
		}
	}
}

// The README stays a short introduction: reference goes to docs/. It
// links every system's page, and every relative link in it and in docs/
// leads to a file that exists.
func TestReadmeShortAndLinked(t *testing.T) {
	readme := string(mustRead(t, "README.md"))
	if n := strings.Count(readme, "\n"); n > 200 {
		t.Errorf("README.md has %d lines: keep it to about 200, move reference to docs/", n)
	}
	for _, s := range systems.Default().All() {
		if !strings.Contains(readme, "](docs/"+s.ID()+".md)") {
			t.Errorf("README.md does not link docs/%s.md", s.ID())
		}
	}
	pages, _ := filepath.Glob("docs/*.md")
	for _, p := range append(pages, "README.md") {
		text := string(mustRead(t, p))
		for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), target)); err != nil {
				t.Errorf("%s links %s, which does not exist", p, m[1])
			}
		}
	}
}

var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// docs/cli.md names every flag the command line takes.
func TestCLIPageHasEveryFlag(t *testing.T) {
	page := string(mustRead(t, filepath.Join("docs", "cli.md")))
	for _, name := range cmdline.FlagNames() {
		if !strings.Contains(page, "--"+name) {
			t.Errorf("docs/cli.md does not mention --%s", name)
		}
	}
}
