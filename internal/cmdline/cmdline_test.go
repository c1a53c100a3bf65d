package cmdline

import "testing"

func TestParseArgsFlagsAnywhere(t *testing.T) {
	inv, err := ParseArgs([]string{"run", "f.toml", "--script", "-"})
	if err != nil || inv.Cmd != CmdRun || inv.Args[0] != "f.toml" || inv.Flags["script"] != "-" {
		t.Errorf("run FILE --script -: %+v %v", inv, err)
	}
	inv, err = ParseArgs([]string{"--script=s.txt", "run", "--", "-odd.toml"})
	if err != nil || inv.Args[0] != "-odd.toml" || inv.Flags["script"] != "s.txt" {
		t.Errorf("--script=s.txt run -- -odd.toml: %+v %v", inv, err)
	}
	inv, err = ParseArgs([]string{"-physical", "f.toml", "-system", "arm5"})
	if err != nil || inv.Cmd != CmdOpen || !inv.Has("physical") || inv.Flags["system"] != "arm5" {
		t.Errorf("single-dash flags: %+v %v", inv, err)
	}
}

// ParseAs reads fray-serve's command line: fray's, the word serve first,
// or the same without it.
func TestParseAsTakesTheWordOrNot(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "f.toml", "--listen", ":1"},
		{"f.toml", "--listen", ":1"},
		{"--listen", ":1", "serve", "f.toml"},
		{"--listen=:1", "--", "serve", "f.toml"},
	} {
		inv, err := ParseAs(CmdServe, args)
		if err != nil || inv.Cmd != CmdServe || len(inv.Args) != 1 || inv.Args[0] != "f.toml" || inv.Flags["listen"] != ":1" {
			t.Errorf("%v: %+v %v", args, inv, err)
		}
	}
	if _, err := ParseAs(CmdServe, []string{"f.toml", "--script", "s"}); err == nil || !IsUsage(err) ||
		err.Error() != "flag --script does not apply to fray serve" {
		t.Errorf("a flag of fray run: %v", err)
	}
	if _, err := ParseAs(CmdServe, []string{"show", "f.toml"}); err == nil || err.Error() != "fray serve takes one FILE" {
		t.Errorf("another subcommand's words: %v", err)
	}
}
