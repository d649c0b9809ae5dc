package archravels

import "strings"

// LabelWeight is how strongly a scripted "sensible random player" that
// sees only the bot's menus (the end-to-end and sandbox tests) leans
// towards a choice, read from its label: finishing projects first, then
// crafting and paying, shopping and choosing spaces, ending the turn;
// frogging, exchanging and stopping a craft rarely. It mirrors Weights,
// which steers random playouts of the engine itself, because ArchRavels
// ends only when players finish projects.
func LabelWeight(label string) int {
	switch {
	case strings.HasPrefix(label, "Finish"):
		return 400
	case strings.HasPrefix(label, "Make"), strings.HasPrefix(label, "Pay"), strings.HasPrefix(label, "Give"):
		return 40
	case strings.HasPrefix(label, "Done (end"):
		return 30
	case strings.HasPrefix(label, "Position"), strings.HasPrefix(label, "Take 3"):
		return 15
	case strings.HasPrefix(label, "Space"):
		return 10
	case strings.HasPrefix(label, "Done with"):
		return 3
	case strings.HasPrefix(label, "Frog"), strings.HasPrefix(label, "Exchange"), strings.HasPrefix(label, "Stop"):
		return 1
	}
	return 5
}
