package saves

import (
	"errors"
	"strings"
	"testing"
)

// base is a small valid file; each broken file changes one thing in it.
const base = `version = 1
system = "test"
round = 1
current = "Paul"
order = ["Paul", "Alan"]

[[combatant]]
name = "Paul"
status = "active"
conditions = [{label = "prone", expires = 3}]
[combatant.sheet]
might = 3

[[combatant]]
name = "Alan"

[[log]]
seq = 1
kind = "command"
text = "add Paul"
`

type brokenFile struct {
	name string
	src  string
	want string // the whole error, or its start when it ends in "…"
}

func broken(name, from, to, want string) brokenFile {
	if !strings.Contains(base, from) {
		panic("no " + from + " in base")
	}
	return brokenFile{name, strings.Replace(base, from, to, 1), want}
}

var brokenFiles = []brokenFile{
	broken("syntax: no value", "round = 1", "round = ", "f.toml:3: not valid TOML: …"),
	broken("syntax: open string", `text = "add Paul"`, `text = "add Paul`, "f.toml:20: not valid TOML: …"),
	broken("syntax: header", "\n[[combatant]]\nname = \"Alan\"", "\n[[combatant]\nname = \"Alan\"", "f.toml:14: not valid TOML: …"),
	broken("syntax: duplicate key", "round = 1", "round = 1\nround = 2", "f.toml:4: not valid TOML: …"),
	broken("syntax: bad utf-8", "add Paul", "add \xffPaul", "f.toml:20: not valid TOML: …"),
	broken("too deep", "round = 1", "round = "+strings.Repeat("[", 1001)+strings.Repeat("]", 1001), "f.toml:3: lists or tables nested too deep"),
	broken("too deep for fallback", "round = 1", "round = 1.5\nx = "+strings.Repeat("[", 2000)+strings.Repeat("]", 2000), "f.toml:4: lists or tables nested too deep"),
	broken("deep but fine", "round = 1", "round = 1.5\nx = "+strings.Repeat("[", 40)+"'[[[['"+strings.Repeat("]", 40), `f.toml:4: unknown key "x"`),
	broken("no version", "version = 1\n", "", "f.toml: no format version: a fray encounter file starts with version = 4"),
	broken("newer version", "version = 1", "version = 5", "f.toml: written by a newer fray (format 5; this fray reads up to 4)"),
	broken("version zero", "version = 1", "version = 0", "f.toml:1: format version 0 does not exist (the first is 1)"),
	broken("version text", "version = 1", `version = "1"`, "f.toml:1: version must be a whole number, not text"),
	broken("no system", "system = \"test\"\n", "", `f.toml: no rule system: add a line such as system = "arm5"`),
	broken("unknown system", `system = "test"`, `system = "gurps"`, `f.toml:2: unknown system "gurps" (known: test)`),
	broken("unknown key", "round = 1", `colour = "red"`, `f.toml:3: unknown key "colour"`),
	broken("turn not a table", `status = "active"`, "status = \"active\"\nturn = 3", "f.toml:10: Paul's turn must be a table, not a number"),
	broken("turn not text", `status = "active"`, "status = \"active\"\nturn = { use = [1] }", "f.toml:10: Paul's turn.use must be text or a number, not a list"),
	broken("turn control", `status = "active"`, "status = \"active\"\nturn = { use = \"a\\u0007b\" }", "f.toml:10: Paul's turn.use holds control character U+0007 (character 2); fray keeps no control characters in text: take it out"),
	broken("turn key control", `status = "active"`, "status = \"active\"\nturn = { \"a\\u0007b\" = 1 }", "f.toml:10: Paul's turn key holds control character U+0007 (character 2); fray keeps no control characters in text: take it out"),
	broken("round text", "round = 1", `round = "one"`, "f.toml:3: round must be a whole number, not text"),
	broken("round fraction", "round = 1", `round = 1.5`, "f.toml:3: round must be a whole number, not a fraction"),
	broken("negative round", "round = 1", "round = -1", "f.toml:3: round -1 is out of the range fray keeps (0 to 1000000)"),
	broken("huge round", "round = 1", "round = 9223372036854775807", "f.toml:3: round 9223372036854775807 is out of the range fray keeps (-1000000000 to 1000000000)"),
	broken("round past the last", "round = 1", "round = 1000001", "f.toml:3: round 1000001 is out of the range fray keeps (0 to 1000000)"),
	broken("huge next_id", "round = 1", "next_id = 9223372036854775807", "f.toml:3: next_id 9223372036854775807 is out of the range fray keeps (-1000000000 to 1000000000)"),
	broken("next_id past the last", "round = 1", "next_id = 1000000001", "f.toml:3: next_id 1000000001 is out of the range fray keeps (-1000000000 to 1000000000)"),
	broken("huge init", `status = "active"`, "init = 1000000001", "f.toml:9: init 1000000001 is out of the range fray keeps (-1000000000 to 1000000000)"),
	broken("expiry past the last round", `expires = 3`, "expires = 1000001", "f.toml:10: expires 1000001 is out of the range fray keeps (0 to 1000000)"),
	broken("bad rng", "round = 1", `rng = "xyz"`, `f.toml:3: rng must be up to 16 hexadecimal digits, not "xyz"`),
	broken("bad queue", "round = 1", "queue = [3, 1001]", "f.toml:3: queued face 1001 is out of range 0–1000"),
	broken("bad queue line", "round = 1", "queue = [\n  1,\n  -1,\n]", "f.toml:5: queued face -1 is out of range 0–1000"),
	broken("current unknown", `current = "Paul"`, `current = "Zed"`, `f.toml:4: current is "Zed", but no combatant has that name`),
	broken("order unknown", `order = ["Paul", "Alan"]`, `order = ["Paul", "Zed"]`, `f.toml:5: order names "Zed", but no combatant has that name`),
	broken("order twice", `order = ["Paul", "Alan"]`, `order = ["Paul", "paul"]`, `f.toml:5: order names "paul" twice`),
	broken("order not a list", `order = ["Paul", "Alan"]`, `order = "Paul"`, `f.toml:5: order must be a list, not text`),
	broken("unknown option", "\n[[combatant]]\nname = \"Paul\"", "[options]\ncolour = \"red\"\n[[combatant]]\nname = \"Paul\"", `f.toml:7: unknown option "colour" (known: botch, bonus, reveal, players)`),
	broken("bad option", "\n[[combatant]]\nname = \"Paul\"", "[options]\nbotch = \"maybe\"\n[[combatant]]\nname = \"Paul\"", `f.toml:7: option botch takes on or off, not "maybe"`),
	broken("bad int option", "\n[[combatant]]\nname = \"Paul\"", "[options]\nbonus = \"lots\"\n[[combatant]]\nname = \"Paul\"", `f.toml:7: option bonus must be a whole number, not "lots"`),
	broken("duplicate name", `name = "Alan"`, `name = "PAUL"`, `f.toml:15: two combatants are called "Paul" (names must differ, ignoring case)`),
	broken("duplicate id", "name = \"Alan\"", "name = \"Alan\"\nid = 1\n[combatant.sheet]\n[[combatant]]\nid = 1\nname = \"Bo\"", `f.toml:19: Bo has id 1, like Alan (ids must differ)`),
	broken("zero id", "name = \"Alan\"", "name = \"Alan\"\nid = 0", `f.toml:16: Alan: id must be 1 or more, not 0`),
	broken("no name", `name = "Alan"`, `side = "x"`, "f.toml:14: a combatant needs a name"),
	broken("blank name", `name = "Alan"`, `name = "  "`, "f.toml:15: a combatant needs a name"),
	broken("name not text", `name = "Alan"`, `name = 3`, "f.toml:15: name must be text in quotes, not a number"),
	broken("bad status", `status = "active"`, `status = "zombie"`, `f.toml:9: Paul: unknown status "zombie" (want one of active, unconscious, incapacitated, dead)`),
	broken("unknown combatant key", `status = "active"`, `hp = 3`, `f.toml:9: Paul: unknown key "hp"`),
	broken("bool field", `status = "active"`, `acted = "yes"`, `f.toml:9: acted must be true or false, not text`),
	broken("conditions not list", `conditions = [{label = "prone", expires = 3}]`, `conditions = "prone"`, "f.toml:10: conditions must be a list, not text"),
	broken("condition no label", `{label = "prone", expires = 3}`, `{expires = 3}`, "f.toml:10: Paul: a condition needs a label"),
	broken("condition twice", `{label = "prone", expires = 3}`, `{label = "prone"}, {label = "Prone"}`, `f.toml:10: Paul: condition "Prone" is there twice`),
	broken("condition key", `{label = "prone", expires = 3}`, `{label = "prone", until2 = 3}`, `f.toml:10: Paul: unknown key "until2" in a condition (it takes label, expires, and until, who and armed)`),
	broken("condition until", `{label = "prone", expires = 3}`, `{label = "prone", until = "later", who = "Paul"}`, `f.toml:10: Paul: until is "start" or "end", not "later"`),
	broken("condition until no who", `{label = "prone", expires = 3}`, `{label = "prone", until = "end"}`, `f.toml:10: Paul: condition "prone" lasts until the end of a turn but names no who`),
	broken("condition who unknown", `{label = "prone", expires = 3}`, `{label = "prone", until = "end", who = "Zed"}`, `f.toml:10: Paul: condition "prone" waits on "Zed", but no combatant has that name`),
	broken("condition round and turn", `{label = "prone", expires = 3}`, `{label = "prone", expires = 3, until = "end", who = "Paul"}`, `f.toml:10: Paul: condition "prone" has both a round (expires) and a turn (until)`),
	broken("condition negative", `{label = "prone", expires = 3}`, `{label = "prone", expires = -3}`, `f.toml:10: Paul: a condition cannot expire in round -3`),
	broken("unknown sheet key", "might = 3", "strength = 3", `f.toml:12: Paul: strength: no field "strength" (fields: might, armor, wounds)`),
	broken("bad sheet value", "might = 3", `might = "lots"`, `f.toml:12: Paul: might must be a whole number, not "lots"`),
	broken("sheet value list", "might = 3", "might = [3]", `f.toml:12: might must be text or a number, not a list`),
	broken("sheet not table", "[combatant.sheet]\nmight = 3", "sheet = 3", "f.toml:11: Paul's sheet must be a table, not a number"),
	broken("log key", `text = "add Paul"`, `txt = "add Paul"`, `f.toml:20: unknown key "txt" in a log entry`),
	broken("log faces", `text = "add Paul"`, `faces = [1, "2"]`, `f.toml:20: a face must be a whole number, not text`),
	broken("ended text", "round = 1", "round = 1\nended = \"yes\"", "f.toml:4: ended must be true or false, not text"),
	broken("fight time", "round = 1", "round = 1\nfight_time = \"ages\"", `f.toml:4: fight_time must be a length of time such as "1m30s", not "ages"`),
	broken("negative turn time", "round = 1", "round = 1\nturn_time = \"-3s\"", `f.toml:4: turn_time must be a length of time such as "1m30s", not "-3s"`),
	broken("timed at", "round = 1", "round = 1\ntimed_at = \"yesterday\"", `f.toml:4: timed_at must be a date and time such as "2025-05-01T20:15:00Z", not "yesterday"`),
	broken("hidden text", `status = "active"`, `hidden = "yes"`, `f.toml:9: hidden must be true or false, not text`),
	broken("tally key", `status = "active"`, `tally = {kills = 3}`, `f.toml:9: Paul: unknown key "kills" in a tally (it takes turns, attacks, hits, dealt, taken and time)`),
	broken("tally negative", `status = "active"`, `tally = {hits = -1}`, `f.toml:9: Paul: tally hits cannot be negative`),
	broken("tally time", `status = "active"`, `tally = {time = 5}`, `f.toml:9: Paul's tally time must be text in quotes, not a number`),
	// A combatant keeps its turns in 32 bits: every whole number is read
	// within the range fray keeps, which they fit.
	broken("tally turns past 32 bits", `status = "active"`, `tally = {turns = 4294967297}`, `f.toml:9: Paul's tally turns 4294967297 is out of the range fray keeps (-1000000000 to 1000000000)`),
	broken("combatant not tables", "round = 1", "round = 1\ncombatant = 3", "f.toml:8: not valid TOML: …"),
	broken("log not tables", "round = 1", "round = 1\nlog = [1]", "f.toml:18: not valid TOML: …"),
	broken("inline combatant", "round = 1", "round = 1\nturn = {a = [1]}", "f.toml:4: turn.a must be text or a number, not a list"),
}

func TestBrokenFiles(t *testing.T) {
	if _, _, err := Decode("f.toml", []byte(base), testReg(t)); err != nil {
		t.Fatalf("base file: %v", err)
	}
	for _, c := range brokenFiles {
		t.Run(c.name, func(t *testing.T) {
			e, _, err := Decode("f.toml", []byte(c.src), testReg(t))
			if err == nil {
				t.Fatalf("no error; read %+v\n%s", e, c.src)
			}
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("error %T, want *saves.Error", err)
			}
			got := err.Error()
			if want, ok := strings.CutSuffix(c.want, "…"); ok {
				if !strings.HasPrefix(got, want) {
					t.Fatalf("got  %s\nwant %s…", got, want)
				}
			} else if got != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	if s := (&Error{File: "a.toml", Line: 3, Msg: "bad"}).Error(); s != "a.toml:3: bad" {
		t.Fatal(s)
	}
	if s := (&Error{File: "a.toml", Msg: "bad"}).Error(); s != "a.toml: bad" {
		t.Fatal(s)
	}
}
