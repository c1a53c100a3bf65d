package systems_test

import (
	"testing"

	"fray/model"
	"fray/rules"
	"fray/rules/systems"
)

func TestDefault(t *testing.T) {
	r := systems.Default()
	s, err := r.Lookup("ARM5")
	if err != nil || s.ID() != "arm5" || s.Name() == "" {
		t.Fatalf("lookup arm5: %v", err)
	}
	if _, err := r.Lookup("nosuch"); err == nil {
		t.Error("unknown system found")
	}
	for _, s := range r.All() {
		for _, d := range s.Demos() {
			tr := rules.NewTracker(model.New(s.ID(), 7), s)
			for _, line := range d.Script {
				if _, err := tr.Apply(line); err != nil {
					t.Errorf("%s demo %s: %s: %v", s.ID(), d.Name, line, err)
				}
			}
		}
	}
}

func TestSwordsRegistered(t *testing.T) {
	s, err := systems.Default().Lookup("swords")
	if err != nil || s.ID() != "swords" || len(s.Demos()) != 2 {
		t.Fatalf("lookup swords: %v", err)
	}
	if _, _, err := rules.FindDemo(systems.Default(), "skirmish"); err != nil {
		t.Fatal(err)
	}
}

func TestOsrRegistered(t *testing.T) {
	s, err := systems.Default().Lookup("osr")
	if err != nil || s.ID() != "osr" {
		t.Fatalf("lookup osr: %v", err)
	}
	if ds, _, err := rules.FindDemo(systems.Default(), "goblins"); err != nil || ds.ID() != "osr" {
		t.Fatalf("goblins demo: %v", err)
	}
}

func TestFactionsRegistered(t *testing.T) {
	s, err := systems.Default().Lookup("factions")
	if err != nil || s.ID() != "factions" || len(s.Demos()) != 1 {
		t.Fatalf("lookup factions: %v", err)
	}
	if _, _, err := rules.FindDemo(systems.Default(), "bandits"); err != nil {
		t.Fatal(err)
	}
}

func TestSstRegistered(t *testing.T) {
	s, err := systems.Default().Lookup("sst")
	if err != nil || s.ID() != "sst" || len(s.Demos()) != 1 {
		t.Fatalf("lookup sst: %v", err)
	}
	if ds, _, err := rules.FindDemo(systems.Default(), "horde"); err != nil || ds.ID() != "sst" {
		t.Fatalf("horde demo: %v", err)
	}
}
