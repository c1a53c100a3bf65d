package sst

import "testing"

// showsFaces agrees with appendFaces: the text of the faces shows them,
// and text of other faces, longer or shorter, does not.
func TestShowsFaces(t *testing.T) {
	hands := [][]int{{6}, {6, 5, 5, 2}, {1, 1}, {12, 3}, {-1, 4}, {10}, {6, 5}, {6, 5, 1}}
	for _, fs := range hands {
		for _, other := range hands {
			text := string(appendFaces(nil, other))
			want := string(appendFaces(nil, fs)) == text
			if got := showsFaces(text, fs); got != want {
				t.Errorf("showsFaces(%q, %v) = %v, want %v", text, fs, got, want)
			}
		}
	}
	for _, text := range []string{"", "—", "6 5 ", "65", "6  5", "6 5x"} {
		if showsFaces(text, []int{6, 5}) {
			t.Errorf("showsFaces(%q, [6 5]) = true", text)
		}
	}
}
