package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"fray/internal/cmdline"
	"fray/model"
	"fray/report"
	"fray/rules"
	"fray/saves"
	"fray/tui/player"
)

// The commands that show the fight to players and write it up:
// fray watch, fray serve and fray report.

// runWatch shows the player view in this terminal; tests replace it.
var runWatch = player.Watch

// watch is `fray watch FILE`: the player view on a second screen.
func (a *app) watch(arg string) int {
	path, err := cmdline.ExistingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	if _, _, err := saves.Load(path, a.reg); err != nil {
		return a.failLoad(err)
	}
	if err := runWatch(path, a.reg); err != nil {
		return a.fail(err)
	}
	return 0
}

// serveExe is the executable that serves players over SSH: fray serve
// runs it, so that the tracker does not carry the SSH server
// (cmd/fray-serve).
const serveExe = "fray-serve"

// runServe runs fray-serve with fray's command line in its place
// (execServe); tests run it as a child instead.
var runServe = execServe

// serveFile is `fray serve FILE`: the player view over SSH, served by
// fray-serve given the same words (args: the whole command line), the
// same streams and the same exit status.
func (a *app) serveFile(args []string) int {
	exe, err := findServe()
	if err != nil {
		code := a.fail(err)
		fmt.Fprintf(a.stderr, "  %s\n", installServe) // on a line of its own, to copy
		return code
	}
	return runServe(a, exe, args)
}

// findServe finds fray-serve beside fray's own executable (links
// followed: go install puts both in one folder) or else on PATH.
func findServe() (string, error) {
	name := serveExe
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	beside := ""
	if self, err := os.Executable(); err == nil {
		if self, err = filepath.EvalSymlinks(self); err == nil {
			beside = filepath.Dir(self)
			if p, err := exec.LookPath(filepath.Join(beside, name)); err == nil {
				return p, nil
			}
		}
	}
	if p, err := exec.LookPath(serveExe); err == nil {
		return p, nil
	}
	where := "beside fray"
	if beside != "" {
		where += " (in " + beside + ")"
	}
	return "", fmt.Errorf("fray serve runs %s, the SSH server players connect to, which is not installed %s nor on the PATH; "+
		"install it in fray's source folder (where its README is) with:", serveExe, where)
}

// installServe is the command that installs fray-serve as the README
// installs fray.
const installServe = "CGO_ENABLED=0 go install ./cmd/fray-serve"

// writeReport is `fray report FILE`: the fight written up, to standard
// output or to OUT.
func (a *app) writeReport(arg, format, out string) int {
	if ext := strings.ToLower(filepath.Ext(out)); format == "" && (ext == ".html" || ext == ".htm") {
		format = "html" // -o notes.html asks for the page
	}
	f, err := report.ParseFormat(format)
	if err != nil {
		return cmdline.ReportUsage(a.stderr, err)
	}
	path, err := cmdline.ExistingPath(arg)
	if err != nil {
		return a.usageOr(err)
	}
	e, s, err := saves.Load(path, a.reg)
	if err != nil {
		return a.failLoad(err)
	}
	// A fight nobody has open has its clock stopped at the last save.
	at := e.Clock.ReadAt(time.Now(), saves.Kept(path))
	if out == "" || out == "-" {
		if err := report.Write(a.stdout, e, s, f, at); err != nil {
			return a.fail(err)
		}
		return 0
	}
	if err := saveReport(out, func(b *bytes.Buffer) error { return report.Write(b, e, s, f, at) }); err != nil {
		return a.fail(err)
	}
	cmdline.Sayf(a.stderr, "wrote the report to %s", out)
	return 0
}

// reportBeside writes the Markdown report of an encounter beside its
// file (crypt.toml → crypt-report.md, or crypt-report-2.md… where one is
// there already) and returns where.
func reportBeside(path string, e *model.Encounter, s rules.System) (string, error) {
	var b bytes.Buffer
	if err := report.Write(&b, e, s, report.Markdown, time.Now()); err != nil {
		return "", err
	}
	// An earlier report (of an earlier session, say) is kept: the new one
	// takes NAME-report-2.md and so on.
	return saves.WriteNew(strings.TrimSuffix(path, filepath.Ext(path))+"-report"+report.Markdown.Ext(), b.Bytes())
}

// saveReport writes a report file atomically, refusing to write over an
// encounter.
func saveReport(path string, write func(*bytes.Buffer) error) error {
	if strings.EqualFold(filepath.Ext(path), ".toml") {
		return fmt.Errorf("%s: a report is not written over a .toml file (it could be an encounter)", path)
	}
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return err
	}
	return saves.WriteFile(path, b.Bytes())
}

// runChild runs exe with args on fray's streams and returns its exit
// status.
func runChild(a *app, exe string, args []string) int {
	cmd := exec.Command(exe, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = a.stdin, a.stdout, a.stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return a.fail(fmt.Errorf("cannot run %s: %w", exe, err))
	}
	return 0
}
