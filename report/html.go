package report

import (
	"html/template"
	"io"
)

// writeHTML writes the report as one HTML page that needs nothing else:
// the styles are in it, and it is well-formed XML as well as HTML, so
// any tool can read it.
func writeHTML(w io.Writer, d doc) error {
	return page.Execute(w, htmlDoc{doc: d, Head: keep(summaryHead, d.Summary.Timed)})
}

type htmlDoc struct {
	doc
	Head []string
}

// Cells returns the summary rows as table cells.
func (h htmlDoc) Cells() []htmlRow {
	var out []htmlRow
	for _, r := range h.Summary.Rows {
		out = append(out, htmlRow{Cells: keep(summaryCells(r), h.Summary.Timed), Severity: int(r.Severity), Up: r.Up})
	}
	return out
}

// Total returns the summary's last row.
func (h htmlDoc) Total() []string { return keep(totalCells(h.Summary), h.Summary.Timed) }

type htmlRow struct {
	Cells    []string
	Severity int
	Up       bool
}

// harmColumn is the index of the "Harm now" column, coloured by severity.
const harmColumn = 7

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"harm":    func(i int) bool { return i == harmColumn },
	"numeric": func(i int) bool { return i >= 2 && i <= 6 || i == 9 },
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="generator" content="fray" />
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; color: #1a1a1a; background: #fdfdfb; }
h1 { margin-bottom: 0.2rem; }
.status { color: #555; margin-top: 0; }
code { background: #efeef5; padding: 0 0.25em; border-radius: 3px; }
ul.log { list-style: none; padding-left: 0; }
ul.log > li { margin: 0.35rem 0; }
ul.log ul { margin: 0.1rem 0 0.3rem 1.2rem; padding-left: 0.6rem; border-left: 2px solid #e0dced; list-style: none; }
li.roll { color: #3b3366; }
li.roll::before { content: "🎲 "; }
table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
th, td { padding: 0.25rem 0.5rem; border-bottom: 1px solid #ddd; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: bold; border-top: 2px solid #999; }
tr.down td { color: #777; }
.sev-0 { color: #1b7a3a; } .sev-1 { color: #8a6d00; } .sev-2 { color: #b35900; font-weight: bold; }
.sev-3 { color: #b3261e; } .sev-4 { color: #8b0000; font-weight: bold; } .sev-5 { color: #777; text-decoration: line-through; }
.note { color: #555; font-size: 0.9rem; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="status">{{.Summary.System}} · {{.Status}}</p>
<h2>Sides</h2>
<ul>
{{- range .Sides}}
<li><strong>{{.Name}}</strong>: {{range $i, $m := .Members}}{{if $i}}, {{end}}{{$m}}{{end}}</li>
{{- end}}
</ul>
{{- range .Rounds}}
<h2>{{.Title}}</h2>
<ul class="log">
{{- range .Items}}
<li>{{if .Command}}<code>{{.Command}}</code>{{end}}{{if .Lines}}
<ul>
{{- range .Lines}}
<li{{if .Roll}} class="roll"{{end}}>{{.Text}}</li>
{{- end}}
</ul>{{end}}</li>
{{- end}}
</ul>
{{- end}}
<h2>Summary</h2>
<table>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Cells}}
<tr{{if not .Up}} class="down"{{end}}>{{$s := .Severity}}{{range $i, $c := .Cells}}<td{{if harm $i}} class="sev-{{$s}}"{{else if numeric $i}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>
{{- end}}
<tr class="total">{{range $i, $c := .Total}}<td{{if numeric $i}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>
</tbody>
</table>
<p class="note">` + harmNote + `</p>
</body>
</html>
`))
