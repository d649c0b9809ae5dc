package games_test

import (
	"slices"
	"testing"

	"spindle/games"
	"spindle/games/stitchcraft"
)

func TestSeatCountsAndFitting(t *testing.T) {
	k := games.Bind(stitchcraft.Game{})
	for _, c := range []struct {
		mode string
		want []int
	}{{"duel", []int{2}}, {"ffa", []int{3, 4, 5, 6}}, {"guilds", []int{4}}} {
		if got := games.SeatCounts(k, games.Options{"mode": c.mode}); !slices.Equal(got, c.want) {
			t.Errorf("%s seats %v, want %v", c.mode, got, c.want)
		}
	}
	fixes := games.Fitting(k, games.Options{"mode": "duel"}, 4)
	if len(fixes) != 1 || fixes[0].Key != "mode" || !slices.Contains(fixes[0].Values, "ffa") || !slices.Contains(fixes[0].Values, "guilds") || slices.Contains(fixes[0].Values, "duel") {
		t.Fatalf("fixes for 4 players in a duel: %+v", fixes)
	}
	if fixes := games.Fitting(k, games.Options{"mode": "ffa"}, 5); fixes != nil {
		t.Fatalf("fixes for options that fit: %+v", fixes)
	}
}
