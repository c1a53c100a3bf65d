package cmdline

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"fray/rules"
	"fray/saves"
)

// ReportUsage prints a command-line mistake and the hint to --help.
func ReportUsage(w io.Writer, err error) int {
	Sayf(w, "%v", err)
	fmt.Fprintln(w, "Run fray --help for usage.")
	return 2
}

// HelpWidth is the column at which `fray help ID` wraps its lines.
const HelpWidth = 80

// TermWidth is the width of the terminal w writes to, or 0 when w is
// not a terminal (a file, a pipe, a test's buffer): what fray show --log
// and fray run wrap their log at.
func TermWidth(w io.Writer) int {
	if p, ok := w.(*Printable); ok {
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

// Sayf prints a message of fray's on the command line, "fray: " first,
// each of its lines wrapped at HelpWidth between words (the rest of a
// wrapped line indented), so an 80-column terminal cuts no word in two.
func Sayf(w io.Writer, format string, args ...any) {
	for i, l := range strings.Split(fmt.Sprintf(format, args...), "\n") {
		first := ""
		if i == 0 {
			first = "fray: "
		}
		fmt.Fprintln(w, rules.WrapHanging(l, HelpWidth, first, "  "))
	}
}

// NamingChoices adds to a flag that lacks its value the values fray
// knows for it (the demos, the systems' ids), so the GM need not look
// them up in --help.
func NamingChoices(err error, reg *rules.Registry) error {
	var ue *UsageError
	if !errors.As(err, &ue) {
		return err
	}
	switch ue.missing {
	case "demo":
		if known := rules.DemoList(reg); len(known) > 0 {
			return Usagef("flag --demo needs a demo's name: %s", strings.Join(known, ", "))
		}
	case "system":
		return Usagef("flag --system needs a rule system's id: %s", strings.Join(reg.IDs(), ", "))
	}
	return err
}

// PrintUsage prints what `fray --help` prints, naming the data folder.
func PrintUsage(w io.Writer) {
	dir, err := saves.DefaultDir()
	if err != nil {
		dir = "unknown (" + err.Error() + ")"
	}
	fmt.Fprint(w, UsageText(dir))
}

// Fail reports an error that stops the command on w and returns exit
// status 1.
func Fail(w io.Writer, err error) int {
	Sayf(w, "%v", err)
	return 1
}

// FailLoad reports a load error as the saves package words it, starting
// with FILE:LINE so editors and terminals can jump to it, and returns
// exit status 1.
func FailLoad(w io.Writer, err error) int {
	// Wrapped as Sayf wraps, FILE:LINE kept first and whole.
	fmt.Fprintln(w, rules.WrapHanging(err.Error(), HelpWidth, "", "  "))
	return 1
}

// IsUsage reports whether err is a mistake in the command line.
func IsUsage(err error) bool {
	var ue *UsageError
	return errors.As(err, &ue)
}

// UsageOr reports a usage mistake as one (status 2), anything else as a
// failure (status 1).
func UsageOr(w io.Writer, err error) int {
	if IsUsage(err) {
		return ReportUsage(w, err)
	}
	return Fail(w, err)
}
