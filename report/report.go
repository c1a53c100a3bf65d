// Package report writes a fight up for a campaign's notes: its title and
// system, who fought on which side, round by round what each did with
// every roll and its faces and what came of it, and the summary table
// (turns, attacks and hits, harm dealt and taken, harm at the end, time).
// It writes Markdown or one self-contained HTML page, from the encounter
// alone: no terminal, no files, so `fray report` and the tracker's X key
// write the same thing.
package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"fray/model"
	"fray/rules"
)

// Format is what a report is written in.
type Format string

// The formats.
const (
	Markdown Format = "md"
	HTML     Format = "html"
)

// ParseFormat reads a format name: md (or markdown) or html.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "md", "markdown", "":
		return Markdown, nil
	case "html", "htm":
		return HTML, nil
	}
	return "", fmt.Errorf("unknown report format %q (md or html)", s)
}

// Ext is the file name extension of the format, with its dot.
func (f Format) Ext() string {
	if f == HTML {
		return ".html"
	}
	return ".md"
}

// Write writes the report of an encounter in format f; now is the time
// a fight still running is reported at.
func Write(w io.Writer, e *model.Encounter, s rules.System, f Format, now time.Time) error {
	d := build(e, s, now)
	if f == HTML {
		return writeHTML(w, d)
	}
	return writeMarkdown(w, d)
}

// doc is a report before it is written in a format.
type doc struct {
	Title   string
	Status  string // "ended after 3 rounds · 12:34", "round 2, still going"
	Sides   []side
	Rounds  []round
	Summary rules.FightSummary
}

type side struct {
	Name    string
	Members []string
}

type round struct {
	Title string // "Before the fight", "Round 1"
	Items []item
}

// item is one command the game master gave and what came of it.
type item struct {
	Command string // "" for entries logged by no command
	Lines   []line
}

type line struct {
	Roll bool
	Text string
}

func build(e *model.Encounter, s rules.System, now time.Time) doc {
	sum := rules.Summarize(e, s, now)
	d := doc{Title: e.Title, Summary: sum}
	if d.Title == "" {
		d.Title = "A fight"
	}
	switch {
	case e.Ended:
		d.Status = "ended after " + rules.Plural(e.Round, "round")
	case e.Round == 0:
		d.Status = "not started"
	default:
		d.Status = fmt.Sprintf("round %d, still going", e.Round)
	}
	if sum.Timed {
		d.Status += " · " + rules.Clock(sum.Time)
	}
	for _, name := range sum.Sides {
		sd := side{Name: sideName(name)}
		for _, r := range sum.Rows {
			if strings.EqualFold(r.Side, name) {
				sd.Members = append(sd.Members, r.Name)
			}
		}
		d.Sides = append(d.Sides, sd)
	}
	d.Rounds = rounds(e.WholeLog(), s)
	return d
}

func sideName(s string) string {
	if s == "" {
		return "(no side)"
	}
	return s
}

// rounds groups the log: each command with the rolls and events after it,
// under the round it left the fight in (so the next that begins round 2
// opens round 2). What the GM only looked up (rules.IsLookup) is left out.
func rounds(log []model.Entry, s rules.System) []round {
	var items []item
	var at []int
	skip := false
	for _, en := range log {
		if en.Kind == model.KindCommand {
			skip = rules.IsLookup(s, en.Text)
		}
		if skip {
			continue
		}
		if en.Kind == model.KindCommand || len(items) == 0 {
			items = append(items, item{})
			at = append(at, en.Round)
		}
		it := &items[len(items)-1]
		at[len(at)-1] = en.Round
		switch en.Kind {
		case model.KindCommand:
			it.Command = en.Text
		case model.KindRoll:
			it.Lines = append(it.Lines, line{Roll: true, Text: rules.RollText(en)})
		default:
			it.Lines = append(it.Lines, line{Text: en.Text})
		}
	}
	var out []round
	for i, it := range items {
		title := "Before the fight"
		if at[i] > 0 {
			title = fmt.Sprintf("Round %d", at[i])
		}
		if len(out) == 0 || out[len(out)-1].Title != title {
			out = append(out, round{Title: title})
		}
		r := &out[len(out)-1]
		r.Items = append(r.Items, it)
	}
	return out
}

// columns of the summary table, shared by both formats.
var summaryHead = []string{"Combatant", "Side", "Turns", "Attacks", "Hits", "Harm dealt", "Harm taken", "Harm now", "Up", "Time"}

// summaryCells writes one row of the summary table as text; timed says
// whether the Time column is kept.
func summaryCells(r rules.SummaryRow) []string {
	t := r.Tally
	up := "yes"
	if !r.Up {
		up = "no"
	}
	name := r.Name
	if r.Hidden {
		name += " (hidden)"
	}
	return []string{name, sideName(r.Side), fmt.Sprint(t.Turns), fmt.Sprint(t.Attacks), fmt.Sprint(t.Hits),
		fmt.Sprint(t.Dealt), fmt.Sprint(t.Taken), r.Harm, up, rules.Clock(t.Time)}
}

// totalCells is the "All" row. Its time is the fight's own: those who
// share a turn (osr) are each given its time, so the rows' sum runs past
// the clock.
func totalCells(f rules.FightSummary) []string {
	t := f.Totals("")
	up := 0
	for _, r := range f.Rows {
		if r.Up {
			up++
		}
	}
	return []string{"All", "", fmt.Sprint(t.Turns), fmt.Sprint(t.Attacks), fmt.Sprint(t.Hits),
		fmt.Sprint(t.Dealt), fmt.Sprint(t.Taken), "", fmt.Sprintf("%d of %d", up, len(f.Rows)), rules.Clock(f.Time)}
}

// keep drops the Time column of a table when the fight kept no time.
func keep(cells []string, timed bool) []string {
	if timed {
		return cells
	}
	return cells[:len(cells)-1]
}

// harmNote explains the harm columns under the table.
const harmNote = "Harm dealt and taken count steps on the harm scale every system shares " +
	"(unhurt, hurt, badly hurt, out of the fight, dying, dead); harm now is in the system's own terms."
