package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"fray/rules"
)

// The subcommands. cmdOpen is the default: open a file or the demo in the
// tracker.
const (
	cmdOpen    = ""
	cmdNew     = "new"
	cmdSystems = "systems"
	cmdShow    = "show"
	cmdRun     = "run"
	cmdWatch   = "watch"
	cmdServe   = "serve"
	cmdReport  = "report"
	cmdHelp    = "help"
	cmdList    = "ls"
)

var subcommands = []string{cmdNew, cmdList, cmdSystems, cmdShow, cmdRun, cmdWatch, cmdServe, cmdReport, cmdHelp}

// flagDef declares one command-line flag: whether it takes a value and the
// subcommands that accept it.
type flagDef struct {
	name  string
	value bool
	cmds  []string
}

var flagDefs = []flagDef{
	{name: "system", value: true, cmds: []string{cmdOpen, cmdNew}},
	{name: "demo", value: true, cmds: []string{cmdOpen}},
	{name: "fresh", cmds: []string{cmdOpen}},
	{name: "physical", cmds: []string{cmdOpen}},
	{name: "no-mouse", cmds: []string{cmdOpen}},
	{name: "script", value: true, cmds: []string{cmdRun}},
	{name: "log", cmds: []string{cmdShow}},
	{name: "party", value: true, cmds: []string{cmdNew}},
	{name: "title", value: true, cmds: []string{cmdNew}},
	{name: "listen", value: true, cmds: []string{cmdServe}},
	{name: "password", value: true, cmds: []string{cmdServe}},
	{name: "authorized-keys", value: true, cmds: []string{cmdServe}},
	{name: "format", value: true, cmds: []string{cmdReport}},
	{name: "output", value: true, cmds: []string{cmdReport}},
	{name: "help", cmds: []string{cmdOpen, cmdNew, cmdList, cmdSystems, cmdShow, cmdRun, cmdWatch, cmdServe, cmdReport, cmdHelp}},
}

// invocation is a parsed command line.
type invocation struct {
	cmd   string
	args  []string          // positional words after the subcommand
	flags map[string]string // flag name → value ("true" for switches)
}

func (inv invocation) has(name string) bool { _, ok := inv.flags[name]; return ok }

// usageError is a mistake in the command line itself: fray prints it with a
// pointer to --help and exits 2.
type usageError struct {
	msg     string
	missing string // the flag whose value is missing, if that is the mistake
}

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// parseArgs reads flags wherever they stand among the other words (so
// `fray run FILE --script S` works, unlike with package flag, which stops at
// the first word that is not a flag). `--` ends the flags; `-` alone is a
// word. Flags take one or two dashes, and a value as `--flag=V` or
// `--flag V`.
func parseArgs(args []string) (invocation, error) {
	inv := invocation{flags: map[string]string{}}
	var words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			words = append(words, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			words = append(words, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		val, hasVal := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, val, hasVal = name[:j], name[j+1:], true
		}
		switch name {
		case "h":
			name = "help"
		case "o":
			name = "output"
		}
		def, ok := lookupFlag(name)
		if !ok {
			return inv, usagef("unknown flag %s", a)
		}
		if _, dup := inv.flags[name]; dup {
			return inv, usagef("flag --%s given twice", name)
		}
		switch {
		case def.value && !hasVal:
			if i+1 >= len(args) {
				return inv, &usageError{msg: fmt.Sprintf("flag --%s needs a value", name), missing: name}
			}
			i++
			val = args[i]
		case !def.value && hasVal:
			return inv, usagef("flag --%s takes no value", name)
		case !def.value:
			val = "true"
		}
		inv.flags[name] = val
	}
	if len(words) > 0 && isSubcommand(words[0]) {
		inv.cmd, words = words[0], words[1:]
	}
	inv.args = words
	if inv.has("help") {
		return inv, nil
	}
	for name := range inv.flags {
		def, _ := lookupFlag(name)
		if !accepts(def, inv.cmd) {
			return inv, usagef("flag --%s does not apply to %s", name, describeCmd(inv.cmd))
		}
	}
	return inv, checkArity(inv)
}

func isSubcommand(w string) bool {
	for _, c := range subcommands {
		if w == c {
			return true
		}
	}
	return false
}

func lookupFlag(name string) (flagDef, bool) {
	for _, d := range flagDefs {
		if d.name == name {
			return d, true
		}
	}
	return flagDef{}, false
}

func accepts(d flagDef, cmd string) bool {
	for _, c := range d.cmds {
		if c == cmd {
			return true
		}
	}
	return false
}

func describeCmd(cmd string) string {
	if cmd == cmdOpen {
		return "opening a file"
	}
	return "fray " + cmd
}

// checkArity makes sure each subcommand got the words it needs.
func checkArity(inv invocation) error {
	n := len(inv.args)
	switch inv.cmd {
	case cmdOpen:
		if n > 1 {
			if slip := rules.DidYouMean(inv.args[0], subcommands); slip != "" {
				return usagef("unknown command %q%s", inv.args[0], slip)
			}
			return usagef("fray opens one FILE: %q, then %q is a word too many (commands: %s)",
				inv.args[0], inv.args[1], strings.Join(subcommands, ", "))
		}
		if n == 1 && (inv.has("demo") || inv.has("fresh")) {
			return usagef("--demo and --fresh apply to the demo, not to %s", inv.args[0])
		}
		if n == 0 && inv.has("system") {
			return usagef("--system needs a FILE to create (the demo chooses its own system)")
		}
	case cmdNew, cmdShow, cmdWatch, cmdServe, cmdReport:
		if n != 1 {
			return usagef("fray %s takes one FILE", inv.cmd)
		}
	case cmdRun:
		if n != 1 {
			return usagef("fray run takes one FILE")
		}
		if !inv.has("script") {
			return usagef("fray run needs --script SCRIPT (a file, or - for standard input)")
		}
	case cmdSystems, cmdList:
		if n != 0 {
			return usagef("fray %s takes no arguments", inv.cmd)
		}
	case cmdHelp:
		if n > 1 {
			return usagef("fray help takes at most one system id")
		}
	}
	return nil
}

// usageText is what `fray --help` prints. dataDir is where the demo lives.
func usageText(dataDir string) string {
	return `fray: a turn and harm tracker for tabletop role-playing fights

Usage:
  fray [--physical] [--no-mouse]
      Open the tracker on the encounter you had open last; the very first
      time, on the built-in demo fight.
  fray [--demo NAME] [--fresh] [--physical] [--no-mouse]
      Open the tracker on the built-in demo fight NAME (fray systems lists
      them; --fresh alone: brawl). It is kept in DATA/demo-NAME.toml, so
      running fray again carries on where you stopped; --fresh throws that
      away and sets the demo up anew.
  fray [--system ID] [--physical] [--no-mouse] FILE
      Open the tracker on the encounter FILE. If FILE ends in .toml and does
      not exist, an empty encounter of rule system ID (default arm5) is
      created there.
  fray new [--system ID] [--party NAME] [--title TEXT] FILE
      Create an encounter in FILE, empty or with the saved party NAME in it
      (its system is then the party's unless --system says otherwise). An
      existing file is never replaced.
  fray ls
      List the encounters in DATA, the last saved first: name, system,
      round, how many are alive on each side, when it was saved, title (or
      why a file will not open).
  fray systems
      List the rule systems: id, name and built-in demos.
  fray show [--log] FILE
      Print the turn order and every combatant's sheet as plain text;
      --log prints the whole log after them.
  fray run FILE --script SCRIPT
      Apply the commands in SCRIPT (a file, or - for standard input) to FILE,
      one per line, in order, printing what each one logged; blank lines and
      lines starting with # are skipped. FILE is saved only when every line
      worked: on the first failing line fray prints "line N: problem", exits
      with status 1 and leaves FILE exactly as it was. (Files that template
      save and party save write are written when their line runs.)
  fray watch FILE
      Show the players' view of FILE in this terminal (a second screen at
      the table): the turn order without the GM's secrets, following the
      file as the tracker saves it. It only reads FILE. See docs/players.md.
  fray serve FILE [--listen ADDR] [--password PW] [--authorized-keys KEYS]
      Show the players' view of FILE over SSH: each player runs ssh to this
      computer and watches on their own screen; nobody can change anything.
      It listens on 127.0.0.1:2222 (this computer only) unless --listen says
      otherwise (0.0.0.0:2222 for every network), keeps its host key in DATA,
      and lets in at most 16 players. With no --password and no
      --authorized-keys anyone who can reach the port may watch; with
      either, a player needs the password or a key listed in KEYS (an
      OpenSSH authorized_keys file). Other users of this computer can see
      a --password on the command line: prefer --authorized-keys there.
  fray report FILE [--format md|html] [-o OUT]
      Write the fight up: sides, round by round every command with its
      rolls and what came of them, and a summary table. Markdown by
      default, or one self-contained HTML page; to standard output, or
      to OUT. In the tracker, X writes it beside the encounter.
  fray help [ID]
      Print this text, or with a system id the commands of that system.

FILE: a bare name (crypt) is an encounter in DATA (DATA/crypt.toml); a
path with a folder (./crypt.toml, fights/crypt) or ending in .toml
(crypt.toml) is that file, where it says.

Flags may stand before or after the other words; -- ends them.
  --system ID      rule system of a new encounter (see fray systems)
  --party NAME     with new: start with the saved party NAME (party save)
  --title TEXT     with new: the encounter's title
  --demo NAME      which demo fray opens
  --fresh          rebuild the demo file from its script
  --physical       ask for the faces of real dice instead of rolling
  --no-mouse       leave the mouse to the terminal (no clicks, no wheel)
  --script SCRIPT  commands for fray run; - reads standard input
  --log            with show: print the log too
  --listen ADDR    with serve: the address to listen on (host:port)
  --password PW    with serve: the password players must give
  --authorized-keys KEYS  with serve: keys that let players in
  --format md|html with report: Markdown (default; HTML for -o X.html) or HTML
  -o, --output OUT with report: write to OUT instead of standard output
  -h, --help       print this text

Scripts use the same commands you type at the tracker's : prompt (in
the tracker, ? lists the keys and commands), for example:
  add Paul side=players
  add 6 goblin
  init all roll
  next
  undo

` + rules.WrapHanging(`Files: encounters are TOML files you can read and edit. DATA is
$FRAY_HOME if set, else $XDG_DATA_HOME/fray, else your system's data
folder; here it is `+dataDir+`. It also holds the templates
(DATA/templates/SYSTEM/*.toml) and the parties (DATA/parties/NAME.toml).
Only one fray at a time may have a file open.`, helpWidth, "", "") + `

Exit status: 0 on success, 1 when something failed (a bad file, a failing
script line, a file another fray holds), 2 for a mistake on the command line.
`
}

// reportUsage prints a command-line mistake and the hint to --help.
func reportUsage(w io.Writer, err error) int {
	sayf(w, "%v", err)
	fmt.Fprintln(w, "Run fray --help for usage.")
	return 2
}

// helpWidth is the column at which `fray help ID` wraps its lines.
const helpWidth = 80

// termWidth is the width of the terminal w writes to, or 0 when w is
// not a terminal (a file, a pipe, a test's buffer): what fray show --log
// and fray run wrap their log at.
func termWidth(w io.Writer) int {
	if p, ok := w.(*printable); ok {
		w = p.w
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0
	}
	if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
		return max(20, cols)
	}
	return 0
}

// sayf prints a message of fray's on the command line, "fray: " first,
// each of its lines wrapped at helpWidth between words (the rest of a
// wrapped line indented), so an 80-column terminal cuts no word in two.
func sayf(w io.Writer, format string, args ...any) {
	for i, l := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		first := ""
		if i == 0 {
			first = "fray: "
		}
		fmt.Fprintln(w, rules.WrapHanging(l, helpWidth, first, "  "))
	}
}

// namingChoices adds to a flag that lacks its value the values fray
// knows for it (the demos, the systems' ids), so the GM need not look
// them up in --help.
func namingChoices(err error, reg *rules.Registry) error {
	var ue *usageError
	if !errors.As(err, &ue) {
		return err
	}
	switch ue.missing {
	case "demo":
		if known := rules.DemoList(reg); len(known) > 0 {
			return usagef("flag --demo needs a demo's name: %s", strings.Join(known, ", "))
		}
	case "system":
		return usagef("flag --system needs a rule system's id: %s", strings.Join(reg.IDs(), ", "))
	}
	return err
}
