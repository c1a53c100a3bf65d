package report

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"flag"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/model"
	"fray/rules"
	"fray/rules/rulestest"
	"fray/rules/systems"
	"fray/saves"
	"fray/saves/savestest"
)

var update = flag.Bool("update", false, "rewrite the golden reports")

func TestReports(t *testing.T) {
	for _, sys := range systems.Default().All() {
		for _, d := range sys.Demos() {
			t.Run(d.Name, func(t *testing.T) {
				tr := rulestest.PlayDemo(t, sys, d.Name, -1)
				var md bytes.Buffer
				if err := Write(&md, tr.E, sys, Markdown, time.Time{}); err != nil {
					t.Fatal(err)
				}
				golden(t, filepath.Join("testdata", d.Name+".md"), md.Bytes())
				var page bytes.Buffer
				if err := Write(&page, tr.E, sys, HTML, time.Time{}); err != nil {
					t.Fatal(err)
				}
				wellFormed(t, page.Bytes())
				golden(t, filepath.Join("testdata", d.Name+".html"), page.Bytes())
			})
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the report written now:\n%s", path, got)
	}
}

// wellFormed parses an HTML page as strict XML: every element closed,
// every attribute quoted, every entity one XML knows.
func wellFormed(t *testing.T, page []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	depth, elems := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the page is not well-formed: %v", err)
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
			elems++
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 || elems < 10 || !strings.HasPrefix(string(page), "<!DOCTYPE html>") {
		t.Fatalf("the page is not a whole HTML document (depth %d, %d elements)", depth, elems)
	}
}

// TestArchivedLogReport: a big fight's log, which the loader keeps as the
// file has it, is reported entry for entry as the same fight in memory.
func TestArchivedLogReport(t *testing.T) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	e, path := savestest.BigFile(t, sys, 50, 3000, 1)
	loaded, _, err := saves.Load(path, reg)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Archive == nil {
		t.Fatal("the log of a big file is not kept as read")
	}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for _, f := range []Format{Markdown, HTML} {
		var want, got bytes.Buffer
		if err := Write(&want, e, sys, f, now); err != nil {
			t.Fatal(err)
		}
		if err := Write(&got, loaded, sys, f, now); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("format %v: the loaded fight's report differs from the fight's", f)
		}
	}
}

// The "All" row's time is the fight's: where several combatants share a
// turn (osr's counts) each is given its time, so their sum runs past the
// clock.
func TestAllRowTimeIsTheFights(t *testing.T) {
	f := rules.FightSummary{Time: 90 * time.Second, Timed: true, Rows: []rules.SummaryRow{
		{Name: "Ara", Tally: model.Tally{Turns: 1, Time: 90 * time.Second}},
		{Name: "Gob", Tally: model.Tally{Turns: 1, Time: 90 * time.Second}},
	}}
	cells := totalCells(f)
	if got := cells[len(cells)-1]; got != rules.Clock(90*time.Second) {
		t.Errorf("All row's time %q, want the fight's %q", got, rules.Clock(90*time.Second))
	}
}

// What the GM only looked up at the table (the templates, arm5's weapon
// tables, the parties there are) is no part of the fight's story: the
// report leaves it out, and keeps every command that did something.
func TestReportLeavesLookupsOut(t *testing.T) {
	reg := systems.Default()
	sys, err := reg.Lookup("arm5")
	if err != nil {
		t.Fatal(err)
	}
	tr := rules.NewTracker(model.New("arm5", 3), sys)
	tr.SetLibrary(saves.NewLibrary(t.TempDir(), reg))
	for _, l := range []string{"add Odo side=party", "templates", "catalog armor", "party list", "force templates bruce", "note the mill burns", "party save crew"} {
		if _, err := tr.Apply(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, tr.E, sys, Markdown, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"`templates`", "`catalog armor`", "`party list`", "force templates", "template Paul", "starter.toml"} {
		if strings.Contains(b.String(), gone) {
			t.Errorf("the report holds the lookup %q:\n%s", gone, b.String())
		}
	}
	for _, kept := range []string{"`add Odo side=party`", "`note the mill burns`", "`party save crew`"} {
		if !strings.Contains(b.String(), kept) {
			t.Errorf("the report lost %q:\n%s", kept, b.String())
		}
	}
}

// The page escapes text as html/template did when it wrote the page.
func TestEscapeAsHTMLTemplate(t *testing.T) {
	tmpl := template.Must(template.New("t").Parse(`<p>{{.}}</p>`))
	for _, s := range []string{"", "plain", `<script>alert("x")</script>`, "Tom & Jerry's +2 d6+1", "a\x00b", "é ✓ → «»", "&amp; &#43;"} {
		var want, got bytes.Buffer
		if err := tmpl.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		b := bufio.NewWriter(&got)
		b.WriteString("<p>")
		escape(b, s)
		b.WriteString("</p>")
		b.Flush()
		if got.String() != want.String() {
			t.Errorf("%q: wrote %q, html/template %q", s, got.String(), want.String())
		}
	}
}
