package report

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fray/rules/rulestest"
	"fray/rules/systems"
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
