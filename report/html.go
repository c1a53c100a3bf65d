package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// writeHTML writes the report as one HTML page that needs nothing else:
// the styles are in it, and it is well-formed XML as well as HTML, so
// any tool can read it. It is written directly rather than through
// html/template, whose package (and its parser, run when fray starts)
// cost every fray process about 0.2 MiB of memory for one page; text is
// escaped as html/template escapes it (escape).
func writeHTML(w io.Writer, d doc) error {
	b := bufio.NewWriter(w)
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="generator" content="fray" />
<title>`)
	escape(b, d.Title)
	b.WriteString(`</title>
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
<h1>`)
	escape(b, d.Title)
	b.WriteString("</h1>\n<p class=\"status\">")
	escape(b, d.Summary.System)
	b.WriteString(" · ")
	escape(b, d.Status)
	b.WriteString("</p>\n<h2>Sides</h2>\n<ul>")
	for _, s := range d.Sides {
		b.WriteString("\n<li><strong>")
		escape(b, s.Name)
		b.WriteString("</strong>: ")
		for i, m := range s.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			escape(b, m)
		}
		b.WriteString("</li>")
	}
	b.WriteString("\n</ul>")
	for _, r := range d.Rounds {
		b.WriteString("\n<h2>")
		escape(b, r.Title)
		b.WriteString("</h2>\n<ul class=\"log\">")
		for _, it := range r.Items {
			b.WriteString("\n<li>")
			if it.Command != "" {
				b.WriteString("<code>")
				escape(b, it.Command)
				b.WriteString("</code>")
			}
			if len(it.Lines) > 0 {
				b.WriteString("\n<ul>")
				for _, l := range it.Lines {
					b.WriteString("\n<li")
					if l.Roll {
						b.WriteString(` class="roll"`)
					}
					b.WriteString(">")
					escape(b, l.Text)
					b.WriteString("</li>")
				}
				b.WriteString("\n</ul>")
			}
			b.WriteString("</li>")
		}
		b.WriteString("\n</ul>")
	}
	b.WriteString("\n<h2>Summary</h2>\n<table>\n<thead><tr>")
	for _, h := range keep(summaryHead, d.Summary.Timed) {
		b.WriteString("<th>")
		escape(b, h)
		b.WriteString("</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>")
	for _, r := range d.Summary.Rows {
		b.WriteString("\n<tr")
		if !r.Up {
			b.WriteString(` class="down"`)
		}
		b.WriteString(">")
		cells(b, keep(summaryCells(r), d.Summary.Timed), int(r.Severity), true)
		b.WriteString("</tr>")
	}
	b.WriteString("\n<tr class=\"total\">")
	cells(b, keep(totalCells(d.Summary), d.Summary.Timed), 0, false)
	b.WriteString("</tr>\n</tbody>\n</table>\n<p class=\"note\">" + harmNote + "</p>\n</body>\n</html>\n")
	return b.Flush()
}

// cells writes a summary row's cells: numbers aligned right and, in a
// combatant's row (harm), the harm column coloured by its severity.
func cells(b *bufio.Writer, cs []string, severity int, harm bool) {
	for i, c := range cs {
		switch {
		case harm && i == harmColumn:
			b.WriteString(`<td class="sev-` + strconv.Itoa(severity) + `">`)
		case i >= 2 && i <= 6 || i == 9:
			b.WriteString(`<td class="num">`)
		default:
			b.WriteString("<td>")
		}
		escape(b, c)
		b.WriteString("</td>")
	}
}

// harmColumn is the index of the "Harm now" column, coloured by severity.
const harmColumn = 7

// escaper writes text as html/template writes it in an element's text:
// the characters that could end it or start markup as references, and
// '+' too (it matters inside attributes, where html/template escapes the
// same way), a NUL byte as U+FFFD.
var escaper = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;")

func escape(b *bufio.Writer, s string) { escaper.WriteString(b, s) }
