package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"fray/model"
)

func TestSaveAfterCommands(t *testing.T) {
	tr := newTracker(t, trio...)
	var saved []int
	fail := false
	opt := Options{Path: "fight.toml", Save: func(e *model.Encounter) error {
		if fail {
			return errors.New("disk full")
		}
		saved = append(saved, e.Round)
		return nil
	}}
	m := sized(tr, opt, 100, 30)
	if !strings.Contains(plainView(m), "saving to fight.toml") {
		t.Fatal("top bar should name the file")
	}
	m = sendCmd(m, keyMsg("n"))
	m = sendCmd(m, keyMsg("u"))
	if fmt.Sprint(saved) != "[1 0]" {
		t.Fatalf("saves = %v, want one after next and one after undo", saved)
	}
	if !strings.Contains(plainView(m), "saved ") {
		t.Fatal("top bar should show the last save")
	}
	fail = true
	m = sendCmd(m, keyMsg("n"))
	if !m.saveErr || !strings.Contains(plainView(m), "save failed: disk full") {
		t.Fatalf("save error not shown:\n%s", plainView(m))
	}
	if m2 := sized(tr, Options{}, 100, 30); !strings.Contains(plainView(m2), "not saved") {
		t.Fatal("without Save the top bar says not saved")
	}
}

func TestSavesCoalesce(t *testing.T) {
	tr := newTracker(t, trio...)
	var rounds []int
	opt := Options{Path: "f", Save: func(e *model.Encounter) error { rounds = append(rounds, e.Round); return nil }}
	m := sized(tr, opt, 100, 30)
	n, first := m.Update(keyMsg("n")) // starts a save of round 1
	m = n.(*Model)
	n, second := m.Update(keyMsg(":"))
	m = typeText(n.(*Model), "set Paul hp=3")
	n, second = m.Update(keyMsg("enter"))
	m = n.(*Model)
	if first == nil || second != nil {
		t.Fatal("the second command should wait for the running save")
	}
	msgs := runCmd(first)
	n, third := m.Update(msgs[0])
	m = n.(*Model)
	if third == nil {
		t.Fatal("the finished save should start one for the newer state")
	}
	m = send(m, runCmd(third)[0])
	if fmt.Sprint(rounds) != "[1 1]" || m.saver.fileVer != tr.Version() {
		t.Fatalf("saves %v, saved version %d of %d", rounds, m.saver.fileVer, tr.Version())
	}
}
