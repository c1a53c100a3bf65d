// Package cmdline is the command line both of fray's executables read:
// fray (the tracker and the commands that need no network) and fray-serve
// (the SSH server behind `fray serve`, an executable of its own so that
// the tracker does not carry it). It parses the words and flags, words
// the usage text and the messages, and finds the file a FILE argument
// names.
package cmdline

import (
	"fmt"
	"strings"

	"fray/rules"
)

// The subcommands. CmdOpen is the default: open a file or the demo in the
// tracker.
const (
	CmdOpen    = ""
	CmdNew     = "new"
	CmdSystems = "systems"
	CmdShow    = "show"
	CmdRun     = "run"
	CmdWatch   = "watch"
	CmdServe   = "serve"
	CmdReport  = "report"
	CmdHelp    = "help"
	CmdList    = "ls"
)

// Subcommands are the words that name a subcommand.
var Subcommands = []string{CmdNew, CmdList, CmdSystems, CmdShow, CmdRun, CmdWatch, CmdServe, CmdReport, CmdHelp}

// flagDef declares one command-line flag: whether it takes a value and the
// Subcommands that accept it.
type flagDef struct {
	name  string
	value bool
	cmds  []string
}

var flagDefs = []flagDef{
	{name: "system", value: true, cmds: []string{CmdOpen, CmdNew}},
	{name: "demo", value: true, cmds: []string{CmdOpen}},
	{name: "fresh", cmds: []string{CmdOpen}},
	{name: "physical", cmds: []string{CmdOpen}},
	{name: "no-mouse", cmds: []string{CmdOpen}},
	{name: "script", value: true, cmds: []string{CmdRun}},
	{name: "log", cmds: []string{CmdShow}},
	{name: "party", value: true, cmds: []string{CmdNew}},
	{name: "title", value: true, cmds: []string{CmdNew}},
	{name: "listen", value: true, cmds: []string{CmdServe}},
	{name: "password", value: true, cmds: []string{CmdServe}},
	{name: "authorized-keys", value: true, cmds: []string{CmdServe}},
	{name: "format", value: true, cmds: []string{CmdReport}},
	{name: "output", value: true, cmds: []string{CmdReport}},
	{name: "help", cmds: []string{CmdOpen, CmdNew, CmdList, CmdSystems, CmdShow, CmdRun, CmdWatch, CmdServe, CmdReport, CmdHelp}},
}

// FlagNames are the names of every flag, without their dashes.
func FlagNames() []string {
	names := make([]string, len(flagDefs))
	for i, d := range flagDefs {
		names[i] = d.name
	}
	return names
}

// Invocation is a parsed command line.
type Invocation struct {
	Cmd   string
	Args  []string          // positional words after the subcommand
	Flags map[string]string // flag name → value ("true" for switches)
}

// Has reports whether the flag name was given.
func (inv Invocation) Has(name string) bool { _, ok := inv.Flags[name]; return ok }

// UsageError is a mistake in the command line itself: fray prints it with a
// pointer to --help and exits 2.
type UsageError struct {
	msg     string
	missing string // the flag whose value is missing, if that is the mistake
}

func (e *UsageError) Error() string { return e.msg }

// Usagef makes a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{msg: fmt.Sprintf(format, args...)}
}

// ParseArgs reads flags wherever they stand among the other words (so
// `fray run FILE --script S` works, unlike with package flag, which stops at
// the first word that is not a flag). `--` ends the flags; `-` alone is a
// word. Flags take one or two dashes, and a value as `--flag=V` or
// `--flag V`.
func ParseArgs(args []string) (Invocation, error) { return parse(args, "") }

// ParseAs is ParseArgs for an executable that runs one subcommand, cmd:
// the word cmd may stand first among the words (as fray passes its whole
// command line on) or be left out.
func ParseAs(cmd string, args []string) (Invocation, error) { return parse(args, cmd) }

// parse is ParseArgs with the subcommand fixed, when fixed is not "".
func parse(args []string, fixed string) (Invocation, error) {
	inv := Invocation{Flags: map[string]string{}}
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
			return inv, Usagef("unknown flag %s", a)
		}
		if _, dup := inv.Flags[name]; dup {
			return inv, Usagef("flag --%s given twice", name)
		}
		switch {
		case def.value && !hasVal:
			if i+1 >= len(args) {
				return inv, &UsageError{msg: fmt.Sprintf("flag --%s needs a value", name), missing: name}
			}
			i++
			val = args[i]
		case !def.value && hasVal:
			return inv, Usagef("flag --%s takes no value", name)
		case !def.value:
			val = "true"
		}
		inv.Flags[name] = val
	}
	switch {
	case fixed != "":
		inv.Cmd = fixed
		if len(words) > 0 && words[0] == fixed {
			words = words[1:]
		}
	case len(words) > 0 && IsSubcommand(words[0]):
		inv.Cmd, words = words[0], words[1:]
	}
	inv.Args = words
	if inv.Has("help") {
		return inv, nil
	}
	for name := range inv.Flags {
		def, _ := lookupFlag(name)
		if !accepts(def, inv.Cmd) {
			return inv, Usagef("flag --%s does not apply to %s", name, describeCmd(inv.Cmd))
		}
	}
	return inv, checkArity(inv)
}

// IsSubcommand reports whether w names a subcommand.
func IsSubcommand(w string) bool {
	for _, c := range Subcommands {
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
	if cmd == CmdOpen {
		return "opening a file"
	}
	return "fray " + cmd
}

// checkArity makes sure each subcommand got the words it needs.
func checkArity(inv Invocation) error {
	n := len(inv.Args)
	switch inv.Cmd {
	case CmdOpen:
		if n > 1 {
			if slip := rules.DidYouMean(inv.Args[0], Subcommands); slip != "" {
				return Usagef("unknown command %q%s", inv.Args[0], slip)
			}
			return Usagef("fray opens one FILE: %q, then %q is a word too many (commands: %s)",
				inv.Args[0], inv.Args[1], strings.Join(Subcommands, ", "))
		}
		if n == 1 && (inv.Has("demo") || inv.Has("fresh")) {
			return Usagef("--demo and --fresh apply to the demo, not to %s", inv.Args[0])
		}
		if n == 0 && inv.Has("system") {
			return Usagef("--system needs a FILE to create (the demo chooses its own system)")
		}
	case CmdNew, CmdShow, CmdWatch, CmdServe, CmdReport:
		if n != 1 {
			return Usagef("fray %s takes one FILE", inv.Cmd)
		}
	case CmdRun:
		if n != 1 {
			return Usagef("fray run takes one FILE")
		}
		if !inv.Has("script") {
			return Usagef("fray run needs --script SCRIPT (a file, or - for standard input)")
		}
	case CmdSystems, CmdList:
		if n != 0 {
			return Usagef("fray %s takes no arguments", inv.Cmd)
		}
	case CmdHelp:
		if n > 1 {
			return Usagef("fray help takes at most one system id")
		}
	}
	return nil
}

// UsageText is what `fray --help` prints. dataDir is where the demo lives.
func UsageText(dataDir string) string {
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
Only one fray at a time may have a file open.`, HelpWidth, "", "") + `

Exit status: 0 on success, 1 when something failed (a bad file, a failing
script line, a file another fray holds), 2 for a mistake on the command line.
`
}
