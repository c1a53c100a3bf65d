package arm5_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"fray/model"
	"fray/rules/arm5"
	"fray/rules/dice"
)

func TestAttackOptions(t *testing.T) {
	cases := []struct {
		name, dice, cmd string
		want            []string
	}{
		{"hit", "8 2", "attack Paul Bruce",
			[]string{"Paul hits Bruce: Attack 18 vs Defense 6 → Advantage 12; Damage Advantage 12 + Str 2 + weapon 6 = 20 − Soak 2 = 18 → Incapacitating wound"}},
		{"equal is a miss", "4 1 5", "attack Paul Bruce",
			[]string{"Paul misses Bruce: Attack 14 vs Defense 14 → Advantage 0, a miss"}},
		{"exert", "3 9", "attack Paul Bruce exert",
			[]string{"Paul: fatigue Fresh → Winded (exertion)", "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + exertion 5 + stress 3 = 18"}},
		{"charge", "3 9", "attack Paul Bruce charge",
			[]string{"Paul: fatigue Fresh → Winded (charge)", "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + charge 5 + stress 3 = 18"}},
		{"nonlethal bladed", "8 2", "attack Paul Bruce nonlethal",
			[]string{"Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 − flat of the blade 3 + stress 8 = 15",
				"Paul hits Bruce: Attack 15 vs Defense 6 → Advantage 9; Damage Advantage 9 + Str 2 + weapon 6 = 17 − Soak 2 = 15 → Heavy Bruise"}},
		{"diceless", "8", "attack Paul Bruce diceless",
			[]string{"Bruce: Defense Brawl 4 + diceless 6 = 10"}},
		{"helpless", "2", "attack Paul Bruce helpless",
			[]string{"Bruce: Defense −10 (helpless, no roll)", "Paul hits Bruce: Attack 12 vs Defense −10 → Advantage 22; Damage Advantage 22 + Str 2 + weapon 6 = 30 − Soak 2 = 28 → Fatal wound", "Bruce is dead"}},
		{"evade", "5 5", "attack Paul Bruce evade",
			[]string{"Bruce: Evasion Brawl 4 + stress 5 = 9"}},
		{"mods and range", "9 5", "attack Paul Bruce range=3 mod=+3 dmod=-1",
			[]string{"Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 − range 6 + mod 3 + stress 9 = 16",
				"Bruce: Defense Brawl 4 − mod 1 + stress 5 = 8"}},
		{"attack botch", "0 0 4", "attack Paul Bruce botch=1",
			[]string{"Paul: Attack BOTCH ×1: Attack Total 0; the attack on Bruce fails (pick a mild mishap: "}},
		{"defense botch", "2 0 0", "attack Paul Bruce",
			[]string{"Bruce: Defense BOTCH ×1: Defense Total 0", "Paul hits Bruce: Attack 12 vs Defense 0 → Advantage 12"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := newTracker(t, addPaul, addBruce, "dice "+c.dice)
			from := tr.E.Log.Len()
			run(t, tr, c.cmd)
			if len(tr.E.Queue) != 0 {
				t.Errorf("unused dice %v", tr.E.Queue)
			}
			evs := strings.Join(events(tr, from), "\n")
			for _, w := range c.want {
				if !strings.Contains(evs, w) {
					t.Errorf("no %q in:\n%s", w, evs)
				}
			}
		})
	}
}

func TestAttackHarmAndStatus(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce)
	run(t, tr, "dice 7 8", "attack Paul Bruce")
	// Attack 17 vs Defense 12 → Advantage 5; Damage 5 + 8 = 13 − Soak 2 = 11: Heavy.
	s := sheet(t, tr, "Bruce")
	if s.Wounds[3] != 1 {
		t.Fatalf("wounds %v, want one Heavy", s.Wounds)
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5", "attack Bruce Paul")
	hasEvent(t, tr, from, "Bruce: Attack Brawl 4 + weapon 2 − penalties 5 + stress 5 = 6")
	if comb(t, tr, "Bruce").Status != model.Active {
		t.Fatal("a Heavy wound took Bruce out")
	}
	if _, err := tr.Apply("attack Paul Bruce bogus"); err == nil {
		t.Fatal("unknown option accepted")
	}
}

func TestUntrainedBotchDice(t *testing.T) {
	tr := newTracker(t, "add Yokel dex=1 weapon=club", addBruce, "dice 0 3 3 3 0")
	from := tr.E.Log.Len()
	run(t, tr, "attack Yokel Bruce")
	hasEvent(t, tr, from, "Yokel is untrained: 3 extra botch dice")
	hasEvent(t, tr, from, "Yokel: Attack BOTCH ×1: Attack Total 0; the attack on Bruce fails ("+arm5.BotchHint(1, false)+")")
	var roll model.Entry
	for _, e := range tr.E.Log.From(from) {
		if e.Kind == model.KindRoll {
			roll = e
		}
	}
	if roll.Expr != "stress die and 4 botch dice" {
		t.Errorf("roll %q, want 4 botch dice", roll.Expr)
	}
}

// A failing attack leaves the encounter exactly as before, even when it
// fails after spending fatigue (a face is missing in physical mode).
func TestAttackAllOrNothing(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "next")
	cases := []string{
		"attack Paul", "attack Paul Paul", "attack Nobody Bruce", "attack Paul Bruce exert charge",
		"attack Paul Bruce range=0", "attack Paul Bruce mod=x", "attack Paul Bruce botch=99", "attack Paul Bruce flying",
	}
	for _, line := range cases {
		before := tr.E.Clone()
		n := tr.E.Log.Len()
		if _, err := tr.Apply(line); err == nil {
			t.Errorf("%s: no error", line)
		}
		if tr.E.Log.Len() != n || !reflect.DeepEqual(before, tr.E.Clone()) { // a copy: the working encounter marks the sheets it borrows
			t.Errorf("%s changed the encounter", line)
		}
	}
	tr.SetPhysical(true)
	run(t, tr, "dice 7")
	before := tr.E.Clone()
	n := tr.E.Log.Len()
	_, err := tr.Apply("attack Paul Bruce exert")
	var need *dice.NeedFaceError
	if !errors.As(err, &need) {
		t.Fatalf("want a request for a face, got %v", err)
	}
	if tr.E.Log.Len() != n || !reflect.DeepEqual(before, tr.E.Clone()) || sheet(t, tr, "Paul").Fatigue != 0 {
		t.Error("a half-run attack changed the encounter")
	}
}

func TestDamageWoundFatigue(t *testing.T) {
	tr := newTracker(t, addBruce)
	from := tr.E.Log.Len()
	run(t, tr, "damage Bruce 9")
	hasEvent(t, tr, from, "Bruce: Damage 9 − Soak 2 = 7 → Medium wound")
	run(t, tr, "damage Bruce 2", "wound Bruce light +2", "fatigue Bruce +2")
	s := sheet(t, tr, "Bruce")
	if s.Wounds[1] != 2 || s.Wounds[2] != 1 || s.Fatigue != 2 {
		t.Fatalf("sheet %+v", s)
	}
	sys := tr.Sys
	if got := sys.Harm(tr.E, comb(t, tr, "Bruce")).Gauge; got != "M1 L2 −6 Weary" {
		t.Errorf("summary %q", got)
	}
	for _, bad := range []string{"wound Bruce heavy -1", "wound Bruce sore", "fatigue Bruce 0", "fatigue Bruce -9x", "damage Bruce x", "damage Bruce 3 gently"} {
		if _, err := tr.Apply(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	run(t, tr, "fatigue Bruce +9")
	s = sheet(t, tr, "Bruce") // failed commands restored a copy
	if comb(t, tr, "Bruce").Status != model.Unconscious {
		t.Fatal("Unconscious fatigue did not knock Bruce out")
	}
	run(t, tr, "recover Bruce fatigue")
	s = sheet(t, tr, "Bruce") // a command that changed it copied it (OwnSheet)
	if comb(t, tr, "Bruce").Status != model.Active || s.Fatigue != 4 {
		t.Fatal("regaining a level did not wake Bruce")
	}
	run(t, tr, "wound Bruce incap")
	if comb(t, tr, "Bruce").Status != model.Incapacitated {
		t.Fatal("an Incapacitating wound did not incapacitate")
	}
	run(t, tr, "wound Bruce incap -1", "wound Bruce fatal")
	if comb(t, tr, "Bruce").Status != model.Dead {
		t.Fatal("a Fatal wound did not kill")
	}
	if _, err := tr.Apply("attack Bruce Bruce"); err == nil {
		t.Error("the dead attacked")
	}
}

func TestFatigueTest(t *testing.T) {
	tr := newTracker(t, "add Hob sta=1 load=6")
	from := tr.E.Log.Len()
	run(t, tr, "dice 8", "fatiguetest Hob")
	hasEvent(t, tr, from, "Hob: fatigue test Sta 1 − Enc 3 + stress 8 = 6 vs 6: passed")
	run(t, tr, "dice 7", "fatiguetest Hob")
	if sheet(t, tr, "Hob").Fatigue != 1 {
		t.Fatal("a failed test cost no level")
	}
	run(t, tr, "dice 0 0", "fatiguetest Hob")
	if sheet(t, tr, "Hob").Fatigue != 3 {
		t.Fatal("a botched test did not cost two levels")
	}
}

func TestBruiseRecovery(t *testing.T) {
	tr := newTracker(t, addBruce)
	run(t, tr, "damage Bruce 14 nonlethal") // 12 over Soak: Heavy Bruise
	s := sheet(t, tr, "Bruce")
	s = sheet(t, tr, "Bruce") // a command that changed it copied it (OwnSheet)
	if s.Bruises[3] != 1 || s.Penalty() != -5 {
		t.Fatalf("bruises %v penalty %d", s.Bruises, s.Penalty())
	}
	from := tr.E.Log.Len()
	run(t, tr, "dice 9", "recover Bruce")
	hasEvent(t, tr, from, "Bruce: recovery Sta 2 + stress 9 = 11 vs 15: the Heavy Bruise does not improve")
	from = tr.E.Log.Len()
	run(t, tr, "dice 1 7", "recover Bruce bruise")
	hasEvent(t, tr, from, "Bruce: recovery Sta 2 + stress 14 = 16 vs 15: the Heavy Bruise improves to Medium Bruise")
	hasEvent(t, tr, from, "Bruce keeps a Light wound from the Bruise")
	run(t, tr, "dice 7", "recover Bruce medic=2 aid=1")
	run(t, tr, "dice 9", "recover Bruce")
	s = sheet(t, tr, "Bruce") // a command that changed it copied it (OwnSheet)
	if s.Wounds != [6]int{0, 1, 0, 0, 0, 0} || s.WorstBruise() != 0 {
		t.Fatalf("wounds %v bruises %v: want one Light wound, no Bruise", s.Wounds, s.Bruises)
	}
	if _, err := tr.Apply("recover Bruce bruise"); err == nil {
		t.Error("recovered from no Bruise")
	}

	// An Incapacitating Bruise knocks out; it leaves one Medium wound only.
	run(t, tr, "damage Bruce 19 nonlethal")
	s = sheet(t, tr, "Bruce")
	if comb(t, tr, "Bruce").Status != model.Unconscious {
		t.Fatal("an Incapacitating Bruise did not knock Bruce out")
	}
	run(t, tr, "dice 9", "recover Bruce medic=4")
	s = sheet(t, tr, "Bruce") // a command that changed it copied it (OwnSheet)
	if comb(t, tr, "Bruce").Status != model.Active || s.Wounds[2] != 1 || s.Bruises[3] != 1 || s.BHeavyDone != 1 {
		t.Fatalf("after improving: status %s wounds %v bruises %v done %d", comb(t, tr, "Bruce").Status, s.Wounds, s.Bruises, s.BHeavyDone)
	}
	run(t, tr, "dice 9", "recover Bruce medic=4")
	s = sheet(t, tr, "Bruce") // a command that changed it copied it (OwnSheet)
	if s.Wounds[2] != 1 || s.Wounds[1] != 1 || s.Bruises[2] != 1 {
		t.Fatalf("the Bruise left a second wound: wounds %v bruises %v", s.Wounds, s.Bruises)
	}
}

func TestOptions(t *testing.T) {
	tr := newTracker(t, addPaul, addBruce, "option diceless on", "option lasting on", "dice 8")
	from := tr.E.Log.Len()
	run(t, tr, "attack Paul Bruce")
	hasEvent(t, tr, from, "Bruce: Defense Brawl 4 + diceless 6 = 10")
	from = tr.E.Log.Len()
	run(t, tr, "dice 3", "wound Bruce incap")
	hasEvent(t, tr, from, "Bruce: lasting consequences Sta 2 + stress 3 = 5 vs 6: note a Minor Flaw")
	if _, err := tr.Apply("option lasting maybe"); err == nil {
		t.Error("bad option value accepted")
	}
}

// A Fatal Bruise leaves an Incapacitating wound, and the log's article
// reads right ("an").
func TestResidualWoundArticle(t *testing.T) {
	tr := newTracker(t, "add V sta=2 bfatal=1")
	from := tr.E.Log.Len()
	run(t, tr, "dice 9", "recover V bruise medic=4")
	hasEvent(t, tr, from, "V keeps an Incapacitating wound from the Bruise")
}

// fatigue NAME ±N says how many levels moved, counting only those that
// did (the track stops at Fresh and at Unconscious).
func TestFatigueSaysHowManyLevels(t *testing.T) {
	tr := newTracker(t, addBruce)
	for _, c := range []struct{ cmd, want string }{
		{"fatigue Bruce +1", "Bruce: fatigue Fresh → Winded (1 level lost)"},
		{"fatigue Bruce +2", "Bruce: fatigue Winded → Tired (2 levels lost)"},
		{"fatigue Bruce +9", "Bruce: fatigue Tired → Unconscious (2 levels lost)"},
		{"fatigue Bruce -1", "Bruce: fatigue Unconscious → Dazed (1 level regained)"},
		{"fatigue Bruce -9", "Bruce: fatigue Dazed → Fresh (4 levels regained)"},
	} {
		from := tr.E.Log.Len()
		run(t, tr, c.cmd)
		hasEvent(t, tr, from, c.want)
	}
}
