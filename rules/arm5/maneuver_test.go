package arm5_test

import (
	"strings"
	"testing"
)

func TestTripAndGrapple(t *testing.T) {
	tr := newTracker(t, addAlan, addBruce, "next", "next")
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5", "attack Bruce Alan maneuver=trip")
	hasEvent(t, tr, from, "Bruce's trip fails against Alan: Attack 11 vs Defense 9 → Advantage 2, 3 needed")
	from = tr.E.Log.Len()
	run(t, tr, "dice 7 5", "force attack Bruce Alan maneuver=trip")
	hasEvent(t, tr, from, "Bruce's trip succeeds against Alan: Attack 13 vs Defense 9 → Advantage 4, 3 needed")
	hasEvent(t, tr, from, "Alan is knocked prone (trip): getting up takes an action")
	if sheet(t, tr, "Alan").Wounds != [6]int{} {
		t.Error("a trip did damage")
	}
	run(t, tr, "uncond Alan prone")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 3", "force attack Bruce Alan maneuver=grapple resist")
	hasEvent(t, tr, from, "Alan: resist Str 1 + stress 3 = 4")
	hasEvent(t, tr, from, "Alan is grappled by Bruce: −6 to attacks and Defense until Bruce's next turn")
	run(t, tr, "next")
	from = tr.E.Log.Len()
	run(t, tr, "dice 9 5", "attack Alan Bruce")
	hasEvent(t, tr, from, "Alan: Attack Dex 1 + Single Weapon 3 + weapon 2 − grappled 6 + stress 9 = 9")
	from = tr.E.Log.Len()
	run(t, tr, "next")
	hasEvent(t, tr, from, "Alan is no longer grappled")
	unchanged(t, tr, "attack Bruce Alan maneuver=somersault", "unknown maneuver")
	unchanged(t, tr, "attack Bruce Alan maneuver=disarm resist", "Defense or Evasion only")
	unchanged(t, tr, "attack Bruce Alan resist", "resist answers a maneuver")
}

func TestDisarmPinTackle(t *testing.T) {
	tr := newTracker(t, addAlan, addBruce, "next", "next")
	// Disarm needs 9: 6 + 9 = 15 vs 3 + 1 + 2 = 6 → Advantage 9.
	from := tr.E.Log.Len()
	run(t, tr, "dice 9 2", "attack Bruce Alan maneuver=disarm")
	hasEvent(t, tr, from, "Bruce's disarm succeeds against Alan: Attack 15 vs Defense 6 → Advantage 9, 9 needed")
	if !comb(t, tr, "Alan").HasCond("disarmed") {
		t.Fatal("Alan kept his club")
	}
	// A pin leaves the pinner prone and the target helpless (−10).
	run(t, tr, "dice 9 2", "force attack Bruce Alan maneuver=pin need=5")
	if !comb(t, tr, "Bruce").HasCond("prone") || !comb(t, tr, "Alan").HasCond("pinned") {
		t.Fatal("pin: Bruce not prone or Alan not pinned")
	}
	from = tr.E.Log.Len()
	run(t, tr, "dice 2", "force attack Bruce Alan maneuver=grab")
	hasEvent(t, tr, from, "Alan: Defense −10 (pinned, no roll)")
	run(t, tr, "next")
	unchanged(t, tr, "attack Alan Bruce", "Alan is disarmed")
	run(t, tr, "next")
	if comb(t, tr, "Alan").HasCond("pinned") {
		t.Error("the pin outlasted Bruce's next turn")
	}
	// A tackle puts both down.
	run(t, tr, "uncond Bruce prone", "dice 5 2", "attack Bruce Alan maneuver=tackle")
	if !comb(t, tr, "Bruce").HasCond("prone") || !comb(t, tr, "Alan").HasCond("prone") {
		t.Error("tackle: both should be prone")
	}
}

func TestSituations(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan)
	from := tr.E.Log.Len()
	run(t, tr, "dice 5 5", "attack Paul Alan cover=2 conceal=heavy high dhigh narrow=1")
	hasEvent(t, tr, from, "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + higher ground 1 − narrow 1 + stress 5 = 15")
	hasEvent(t, tr, from, "Alan: Defense Single Weapon 3 + weapon 1 + concealed 9 + higher ground 1 + stress 5 = 19")
	from = tr.E.Log.Len()
	run(t, tr, "dice 5 5", "attack Paul Alan cover=3 conceal=light aconceal=medium")
	hasEvent(t, tr, from, "Paul: Attack Dex 1 + Single Weapon 5 + weapon 4 + concealed 3 + stress 5 = 18")
	hasEvent(t, tr, from, "Alan: Defense Single Weapon 3 + weapon 1 + cover 9 + stress 5 = 18")
	unchanged(t, tr, "attack Paul Alan cover=5", "cover= is 1")
	unchanged(t, tr, "attack Paul Alan conceal=murky", "light, medium, heavy or total")
	unchanged(t, tr, "attack Paul Alan narrow=4", "1 to 3")
}

// The attack usage spells out the choices of its text options, every
// maneuver among them, so help and the TUI's form show real values.
func TestAttackUsageChoices(t *testing.T) {
	tr := newTracker(t, addPaul, addAlan)
	v, _ := tr.Verb("attack")
	_, err := tr.Apply("attack Paul Alan maneuver=nosuch")
	if err == nil {
		t.Fatal("an unknown maneuver was accepted")
	}
	_, list, _ := strings.Cut(err.Error(), "(")
	list, _, _ = strings.Cut(list, ")")
	var names []string
	for _, m := range strings.Split(list, ", ") {
		names = append(names, strings.Fields(m)[0])
	}
	for _, want := range []string{"maneuver=" + strings.Join(names, "|"), " conceal=light|medium|heavy|total", "aconceal=light|medium|heavy|total"} {
		if !strings.Contains(v.Usage, want) {
			t.Errorf("attack usage lacks %q: %s", want, v.Usage)
		}
	}
}

// need= sets the Advantage a maneuver needs wherever it stands on the
// line: before maneuver= as well as after it. Without a maneuver it is
// refused, as resist is.
func TestNeedBeforeManeuver(t *testing.T) {
	tr := newTracker(t, addAlan, addBruce, "next", "next")
	from := tr.E.Log.Len()
	// 6 + 9 = 15 vs 3 + 1 + 2 = 6 → Advantage 9, short of the 12 asked.
	run(t, tr, "dice 9 2", "attack Bruce Alan need=12 maneuver=disarm")
	hasEvent(t, tr, from, "Bruce's disarm fails against Alan: Attack 15 vs Defense 6 → Advantage 9, 12 needed")
	unchanged(t, tr, "force attack Bruce Alan need=3", "need= is the Attack Advantage of a maneuver")
}
