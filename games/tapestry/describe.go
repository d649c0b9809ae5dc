package tapestry

import (
	"fmt"
	"strings"
)

// Describe writes an effect list in a few plain words, for labels, the
// look-up and the log.
func Describe(effs []Effect) string {
	parts := make([]string, 0, len(effs))
	for _, e := range effs {
		parts = append(parts, describe(e))
	}
	return strings.Join(parts, ", then ")
}

func describe(e Effect) string {
	switch e.Do {
	case "gain":
		return "gain " + resText(*e.Res)
	case "gain_any":
		return fmt.Sprintf("gain %d resource(s) of your choice", e.N)
	case "vp":
		return fmt.Sprintf("%d VP", e.N)
	case "vp_per":
		return fmt.Sprintf("%d VP per %s", e.Each, strings.ReplaceAll(e.Per, "_", " "))
	case "building":
		return "gain a " + e.Type
	case "explore":
		return "explore"
	case "conquer":
		return "conquer"
	case "research":
		return "research"
	case "invent":
		return "invent"
	case "upgrade":
		return "upgrade a tech card"
	case "territory_tiles":
		return fmt.Sprintf("draw %d territory tile(s)", e.N)
	case "tapestry_cards":
		return fmt.Sprintf("draw %d tapestry card(s)", e.N)
	case "choose":
		var opts []string
		for _, o := range e.Options {
			opts = append(opts, Describe(o))
		}
		return "one of: " + strings.Join(opts, " or ")
	case "any_order":
		return Describe(e.Effects) + " (any order)"
	}
	return strings.ReplaceAll(e.Do, "_", " ")
}
