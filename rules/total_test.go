package rules

import "testing"

func TestTotal(t *testing.T) {
	var x Total
	if s := x.String(); s != "0" {
		t.Fatalf("empty: %q", s)
	}
	x.Add("Qik", -1)
	x.Add("weapon", 0) // left out
	x.Add("Ability", 5)
	x.Add("wounds", -3)
	x.Die("stress", 0) // dice always show
	if s, n := x.Terms(); s != "Qik −1 + Ability 5 − wounds 3 + stress 0" || n != 4 {
		t.Fatalf("terms %q, %d shown", s, n)
	}
	if got := x.String(); got != "Qik −1 + Ability 5 − wounds 3 + stress 0 = 1" {
		t.Fatalf("String %q", got)
	}
	if x.Sum() != 1 || x.Len() != 5 {
		t.Fatalf("sum %d len %d", x.Sum(), x.Len())
	}
	var y Total
	y.Die("2d6", 7)
	y.AddAll(x)
	if y.Sum() != 8 || y.Len() != 6 {
		t.Fatalf("AddAll: sum %d len %d", y.Sum(), y.Len())
	}
	var neg Total
	neg.Add("Soak", -4)
	if s := neg.String(); s != "Soak −4" {
		t.Fatalf("one term: %q (its sum would only say it again)", s)
	}
	neg.Add("armour", 1)
	if s := neg.String(); s != "Soak −4 + armour 1 = −3" {
		t.Fatalf("negative sum %q", s)
	}
	if Signed(-12) != "−12" || Signed(3) != "3" || Signed(0) != "0" {
		t.Fatal("Signed")
	}
}

func TestPossessive(t *testing.T) {
	for in, want := range map[string]string{"Sybilla": "Sybilla's", "Goblin archers": "Goblin archers'", "BOSS": "BOSS'", "": ""} {
		if got := Possessive(in); got != want {
			t.Errorf("Possessive(%q) = %q, want %q", in, got, want)
		}
	}
}
