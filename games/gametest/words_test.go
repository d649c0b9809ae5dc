package gametest

import "testing"

func TestWordsProblems(t *testing.T) {
	w := Words{Nouns: map[string]string{"card": "cards", "scarf": "scarves", "die": "dice"}, Between: "more|new", MaxBetween: 2}
	for _, bad := range []string{"2 card", "1 cards", "card(s)", "one scarves", "3 more new card", "two die"} {
		if len(w.Problems(bad)) == 0 {
			t.Errorf("Problems(%q) finds nothing", bad)
		}
	}
	for _, ok := range []string{"1 card", "2 cards", "3 red", "space 2", "2 Scarves", "1 new card", "two dice", "0 cards"} {
		if p := w.Problems(ok); len(p) != 0 {
			t.Errorf("Problems(%q) = %v", ok, p)
		}
	}
}
