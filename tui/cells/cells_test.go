package cells

import "testing"

func TestFit(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"Paul", 6, "Paul  "}, {"Paul", 4, "Paul"}, {"Brother Marcus", 8, "Brother…"},
		{"Élodie", 7, "Élodie "}, {"x", 0, ""}, {"x", -1, ""}, {"\x1b[1mbold\x1b[0m", 5, "\x1b[1mbold\x1b[0m "},
	} {
		if got := Fit(c.in, c.w); got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
	if Width("Élodie") != 6 || Width("戦") != 2 || PadLeft("7", 3) != "  7" || PadLeft("1234", 3) != "1234" {
		t.Error("Width or PadLeft")
	}
}
