package main

import (
	"fmt"
	"slices"

	"spindle/games"
	"spindle/games/archravels"
	"spindle/games/stitchcraft"
	"spindle/games/tapestry"
	"spindle/games/threadcount"
	"spindle/games/warpweft"
)

// buildCatalog binds every game of this build, then keeps the enabled ones
// (all when enabled is empty). Wiring is explicit: no init() registration.
func buildCatalog(enabled []string) (*games.Catalog, error) {
	all := []games.Kind{
		games.Bind(warpweft.Game{}),
		games.Bind(threadcount.Game{}),
		games.Bind(stitchcraft.Game{}),
		games.Bind(archravels.Game{}),
		games.Bind(tapestry.Game{}),
	}
	if len(enabled) == 0 {
		return games.NewCatalog(all...)
	}
	var keep []games.Kind
	for _, id := range enabled {
		i := slices.IndexFunc(all, func(k games.Kind) bool { return k.Info().ID == id })
		if i < 0 {
			return nil, fmt.Errorf("config: games.enabled names %q, which this build does not have", id)
		}
		keep = append(keep, all[i])
	}
	return games.NewCatalog(keep...)
}
