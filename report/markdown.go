package report

import (
	"bufio"
	"io"
	"strings"
)

// writeMarkdown writes the report as Markdown (CommonMark with tables).
func writeMarkdown(w io.Writer, d doc) error {
	b := bufio.NewWriter(w)
	p := func(ss ...string) {
		for _, s := range ss {
			b.WriteString(s)
		}
		b.WriteByte('\n')
	}
	p("# ", mdText(d.Title))
	p()
	p(mdText(d.Summary.System), " · ", mdText(d.Status))
	p()
	p("## Sides")
	p()
	for _, s := range d.Sides {
		names := make([]string, len(s.Members))
		for i, n := range s.Members {
			names[i] = mdText(n)
		}
		p("- **", mdText(s.Name), "**: ", strings.Join(names, ", "))
	}
	for _, r := range d.Rounds {
		p()
		p("## ", r.Title)
		p()
		for _, it := range r.Items {
			indent := ""
			if it.Command != "" {
				p("- ", mdCode(it.Command))
				indent = "  "
			}
			for _, l := range it.Lines {
				if l.Roll {
					p(indent, "- 🎲 ", mdText(l.Text))
				} else {
					p(indent, "- ", mdText(l.Text))
				}
			}
		}
	}
	p()
	p("## Summary")
	p()
	timed := d.Summary.Timed
	head := keep(summaryHead, timed)
	p("| ", strings.Join(head, " | "), " |")
	align := make([]string, len(head))
	for i := range align {
		align[i] = "---"
		if i >= 2 && i <= 6 {
			align[i] = "--:"
		}
	}
	p("|", strings.Join(align, "|"), "|")
	for _, r := range d.Summary.Rows {
		p("| ", strings.Join(mdCells(keep(summaryCells(r), timed)), " | "), " |")
	}
	p("| ", strings.Join(mdCells(keep(totalCells(d.Summary), timed)), " | "), " |")
	p()
	p(harmNote)
	return b.Flush()
}

func mdCells(cs []string) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = mdCell(c)
	}
	return out
}

// mdText escapes what Markdown would read as markup in running text:
// emphasis, code, HTML, links. Brackets alone (the faces of a roll, [3 7])
// stay as they are.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "<", `\<`, ">", `\>`,
	"](", `]\(`, "\n", " ", "\r", " ",
)

func mdText(s string) string { return mdEscaper.Replace(s) }

// mdCell escapes text for a table cell, where | ends the cell.
func mdCell(s string) string { return strings.ReplaceAll(mdText(s), "|", `\|`) }

// mdCode writes text as inline code, fenced with more backticks than it
// holds in a row.
func mdCode(s string) string {
	s = strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
	run, longest := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 || strings.HasPrefix(s, " ") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
