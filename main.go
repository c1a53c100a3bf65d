// Command fray is a terminal battle tracker for tabletop role-playing games.
//
// With no arguments it opens the tracker on the encounter open last (a
// built-in demo fight the first time); given a file it opens (or creates)
// that encounter. The subcommands new, systems, show, run and report work
// without a terminal: run applies a script of the same commands a game
// master types in the tracker, report writes the fight up. watch and
// serve show players the fight, in a second terminal or over SSH (serve
// runs fray-serve, cmd/fray-serve, so that the tracker does not carry the
// SSH server). See `fray --help`.
package main

import (
	"fmt"
	"io"
	"os"

	"fray/internal/cmdline"
	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
	"fray/tui"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// runTUI starts the interactive tracker; tests replace it, since they have
// no terminal to draw on.
var runTUI = tui.Run

// runOpening starts the tracker on a fight read as it starts; tests
// replace it with runTUI's stand-in (noTUI).
var runOpening = tui.RunOpening

// app carries what every subcommand needs: the streams and the registry of
// rule systems.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	reg            *rules.Registry
	noMouse        bool // --no-mouse: the tracker leaves the mouse to the terminal

	// The fights screen (L) asks for another file: next, opened once the
	// tracker on current has closed; note is said on its status line.
	current, next, note string
	lastErr             error // the last failure reported, for that note

	gcHeld bool // holdGC holds the collector, until releaseGC or the first frame
	gcPrev int  // the collector's setting before holdGC

	readAgain bool // the screen quit at once: its file's log must be read whole (saves.ErrReadAgain)
}

// run is the whole program short of exiting: it parses args, runs the
// subcommand and returns the exit status (0 fine, 1 failed, 2 bad usage).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Nothing fray prints can drive the terminal (see cmdline.Printable).
	out, errOut := cmdline.NewPrintable(stdout), cmdline.NewPrintable(stderr)
	defer out.Flush()
	defer errOut.Flush()
	stdout, stderr = out, errOut
	reg := systems.Default()
	inv, err := cmdline.ParseArgs(args)
	if err != nil {
		return cmdline.ReportUsage(stderr, cmdline.NamingChoices(err, reg))
	}
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, reg: reg, noMouse: inv.Has("no-mouse")}
	if inv.Has("help") {
		return a.help(nil)
	}
	switch inv.Cmd {
	case cmdline.CmdHelp:
		return a.help(inv.Args)
	case cmdline.CmdSystems:
		return a.systems()
	case cmdline.CmdNew:
		return a.create(inv.Args[0], inv.Flags["system"], inv.Flags["party"], inv.Flags["title"])
	case cmdline.CmdList:
		return a.list()
	case cmdline.CmdShow:
		return a.show(inv.Args[0], inv.Has("log"))
	case cmdline.CmdRun:
		return a.script(inv.Args[0], inv.Flags["script"])
	case cmdline.CmdWatch:
		return a.watch(inv.Args[0])
	case cmdline.CmdServe:
		return a.serveFile(args)
	case cmdline.CmdReport:
		return a.writeReport(inv.Args[0], inv.Flags["format"], inv.Flags["output"])
	}
	return a.followFights(a.tracker(inv), inv.Has("physical"))
}

// tracker opens the tracker as the command line asks: on FILE, on the
// fight open last, or on a demo.
func (a *app) tracker(inv cmdline.Invocation) int {
	if len(inv.Args) == 1 {
		return a.open(inv.Args[0], inv.Flags["system"], inv.Has("physical"))
	}
	demo := inv.Flags["demo"]
	if demo == "" && !inv.Has("fresh") {
		if last := a.last(); last != "" {
			return a.open(last, "", inv.Has("physical"))
		}
	}
	if demo == "" {
		demo = defaultDemo
	}
	return a.demo(demo, inv.Has("fresh"), inv.Has("physical"))
}

// namesFile reports whether err's message starts with path, as saves'
// errors start with their FILE (FILE:LINE: problem), so a note need not
// name the file again.
func namesFile(err error, path string) bool {
	switch e := err.(type) {
	case *saves.Error:
		return e.File == path
	case *saves.LockedError:
		return e.File == path
	}
	return false
}

// followFights opens the fights the fights screen (L) asked for, one after
// another, until the GM quits without asking for another. The fight
// before is closed (saved and its lock let go) first; one that cannot be
// opened sends the GM back to the fight before, saying why.
func (a *app) followFights(code int, physical bool) int {
	for a.next != "" {
		next, back := a.next, a.current
		a.next, a.lastErr = "", nil
		code = a.open(next, "", physical)
		if code != 0 && back != "" && a.next == "" {
			why := "see the message above"
			if a.lastErr != nil {
				why = a.lastErr.Error()
			}
			if namesFile(a.lastErr, next) {
				a.note = why + "; back to this fight"
			} else {
				a.note = fmt.Sprintf("could not open %s (%s): back to this fight", next, why)
			}
			code = a.open(back, "", physical)
		}
	}
	return code
}
