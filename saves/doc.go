// Package saves keeps encounters in files: a TOML format people can read
// and edit, atomic saves, loading that names the file and line of every
// problem, a lock against two frays on one file, and the default folder.
//
// It converts between model.Encounter and TOML and never imports the TUI.
//
// # The file
//
// One encounter is one UTF-8 TOML file. fray writes the keys in this order,
// and reading accepts any order TOML allows. The log comes before the
// fight's state, so that a save shares the bytes of the last save up to the
// entries added (see Encoder; format 2 files, with the state at the top
// and the log last, are upgraded when read):
//
//	version        format version (FormatVersion); newer files are refused,
//	               older ones are upgraded when read
//	system         id of the rule system (arm5, …)
//	title          the encounter's name
//	[options]      encounter options, as the option command sets them
//	[[log]]        everything that happened, oldest first: seq, round and
//	               kind (command, roll or event); a roll has who, why,
//	               expr, faces, special and total, the others text. Empty
//	               fields are left out.
//	[fight]        the fight as it stands:
//	  round        0 until combat starts
//	  current      name of the combatant whose turn it is, or ""
//	  phase, count turn state some systems keep (a phase name, a countdown)
//	  ended        true once the fight is over (left out before)
//	  fight_time, turn_time  how long the fight and the current turn have
//	               run ("12m34.5s"), and timed_at, when those were last
//	               brought up to date (RFC 3339); left out while unset
//	  rng          state of the dice generator, 16 hex digits, so that a
//	               resumed fight rolls on exactly as it would have
//	  queue        die faces queued with the dice command
//	  next_id      the id the next combatant added will get
//	  order        acting order, by name; [] means file order; combatants
//	               left out join the end
//	[turn]         further turn state of the system, as text (a
//	               combatant's own is in its turn table, below)
//	[[combatant]]  one table per combatant, in the order they were added:
//	               id (leave it out for a combatant added by hand), name
//	               (required; unique ignoring case), side, note, init,
//	               has_init, tie, delaying, acted, status (active,
//	               unconscious, incapacitated or dead) and conditions: a
//	               label each, and expires, the round at whose start the
//	               condition ends (0: until removed), or until ("start" or
//	               "end"), who (a name) and armed for one that ends with
//	               that combatant's next turn; band names the group it
//	               acts with as one (add 6 goblin group); hidden = true keeps
//	               it from the players' view; tally counts its turns,
//	               attacks, hits, harm dealt and taken and its turns' time
//	               (left out while all are zero); where it stands,
//	               when the GM said: zone (a number or a named area) and
//	               engaged (the names of those it is locked in close
//	               combat with; one side naming the other is enough);
//	               turn, the system's turn state of the combatant as
//	               text, one inline table (left out when empty): delay
//	               (the round it began to delay in) in arm5 and swords;
//	               in arm5 its turn's marks (did, fast, atk, ext, extnew,
//	               dis, fought, span, under, gallop, aside, with,
//	               exertdfn; guard, horse and hold stay in [turn]); in
//	               swords actions (this round's) and held (its holder);
//	               in sst close, flew, aloft and swoop (hold and crew
//	               stay in [turn]);
//	               in factions use (what its turn used), react (the
//	               reaction it spent its turn on), party (whose
//	               activation it took its turn in), round_health (its
//	               health when the round began, or when it joined) and
//	               gear (used this fight); in osr the marks of the round
//	               (did, moved, now, retreat, closing, fended, hitat,
//	               wand, arrowhurt) and declared, scroll, surprised,
//	               arrow and wall
//	[combatant.sheet]  the system's fields, the same keys and values the
//	               set command takes; missing keys keep their defaults
//
// Text that reads as a whole number (sheet fields, options, turn state) is
// written as a TOML number and may be edited as one; any value there may
// also be written in quotes. Loading checks everything the commands would
// check and stops at the first problem, as "FILE:LINE: problem".
//
// An example (a short fight; the sheet shows only some arm5 fields):
//
//	# fray encounter file. You may edit it; fray checks everything when it loads.
//	# The log comes first; the fight as it stands (round, turn, combatants) follows it, from [fight] on.
//	version = 4
//	system = "arm5"
//	title = "The tavern brawl"
//
//	[options]
//	lasting = "on"
//
//	[[log]]
//	seq = 1
//	round = 0
//	kind = "command"
//	text = "add Paul side=players"
//
//	[[log]]
//	seq = 2
//	round = 1
//	kind = "roll"
//	who = "Paul"
//	why = "initiative"
//	expr = "stress+9"
//	faces = [1, 7]
//	total = 23
//
//	[fight]
//	round = 1
//	current = "Paul"
//	phase = ""
//	count = 0
//	rng = "9e3779b97f4a7c15"
//	queue = [3, 7]
//	next_id = 3
//	order = ["Paul", "Alan"]
//
//	[[combatant]]
//	id = 1
//	name = "Paul"
//	side = "players"
//	note = "turb warrior"
//	init = 10
//	has_init = true
//	tie = 0
//	delaying = false
//	acted = false
//	status = "active"
//	conditions = [{label = "prone", expires = 3}]
//	zone = "3"
//	engaged = ["Alan"]
//	[combatant.sheet]
//	qik = 1
//	weapon = "long sword"
//	fatigue = "fresh"
//
//	[[combatant]]
//	id = 2
//	name = "Alan"
//	side = "ruffians"
//	note = ""
//	init = 4
//	has_init = true
//	tie = 0
//	delaying = false
//	acted = false
//	status = "active"
//	conditions = []
//	[combatant.sheet]
//	qik = 0
//
// # Saving, loading, locking
//
// Save writes atomically (temporary file, fsync, rename, fsync of the
// folder); a Session with a journal writes over a spare copy in place and
// swaps the names instead (spare.go). Load only reads, and only a regular
// file, read again if it changed meanwhile (ReadFile). Lock makes
// a .NAME.lock file beside the file a save would write (Resolve follows
// every link) so that a second fray refuses to open it; see Lock for how a
// lock left by a crash is recognised. A Session is a file opened to be
// changed: its lock, saves to the file the lock was taken for, and the
// journal (journal.go) that replays the commands a crash cut off.
// DefaultDir and EnsureDir give the folder where encounters live.
// docs/saves.md says what all this promises a game master.
//
// # Speed
//
// The writer is hand-written, and the autosave's Encoder re-encodes only
// what changed since the last save (fastencode.go). The reader handles the
// TOML subset fray writes, decoding each combatant and log table as soon
// as it has read it (fastdecode.go); any other TOML goes to BurntSushi/toml.
// At 1000 combatants with a 10,000-entry log an autosave encodes in under
// a millisecond and is on the disk in about one, whatever the log's length
// (the log comes first in the file, and a save writes over the spare only
// from the first entry added; spare.go), and a load takes about 10 ms;
// see BenchmarkAutosave and BenchmarkLoadSystem, and docs/performance.md.
package saves
