package tapestry

import (
	"fmt"
	"strings"

	"spindle/games"
)

var _ games.Prompter[View] = Game{}

// Prompt is the context line of a seat's panel (games.Prompter): the
// seat's civilization in one line, then what the pending decision is when
// its buttons do not say it all (a conquer die, an income turn, a
// building or landmark to place, an upgrade). It reads the seat's own
// view only.
func (Game) Prompt(v View) string {
	if v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return ""
	}
	var lines []string
	p := &v.Players[v.Viewer]
	for _, cs := range p.Civs {
		if line := civLine(int(cs.Civ)); line != "" {
			lines = append(lines, line)
		}
	}
	if len(p.Civs) == 0 && p.Chosen >= 0 && int(p.Chosen) < len(Civs) {
		if line := civLine(int(p.Chosen)); line != "" {
			lines = append(lines, line)
		}
	}
	if a := v.Ask; a != nil && games.Seat(a.Seat) == v.Viewer {
		if line := decisionLine(v, a); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// civLine is civilization c's ability in one line.
func civLine(c int) string {
	if c < 0 || c >= len(Civs) {
		return ""
	}
	what, ok := civOneLine[Civs[c].Bespoke]
	if !ok {
		return ""
	}
	return capital(theCiv(c)) + ": " + what
}

// civOneLine sums up each civilization's ability in our own words, by
// routine (the look-up has the whole text).
var civOneLine = map[string]string{
	"alchemists_push_luck": "on income turns 2 to 5, roll the science die as long as you dare; stop in time and advance once on each track rolled.",
	"architects":           "a district or a full row or column of one type of income building pays you extra.",
	"craftsmen_statue":     "you may set an income building on your statue instead of your capital, for the space it covers.",
	"entertainers_path":    "on income turns 2 to 5, your token moves one step along the path and you gain the space.",
	"futurists_jump":       "at set-up, every token of yours jumps to space 4 and you gain one of each resource.",
	"heralds":              "on income turns 2 to 5, you may put a herald on a when-played card on top of a slot and resolve it as yours.",
	"historians":           "give opponents your tokens; when one of them claims a landmark, you gain every square uncovered.",
	"inventors":            "on income turns 2 to 5, you may upgrade any tech card with a token and share the benefit.",
	"isolationists":        "an empty territory you conquer may take a token and never fall; your largest landmass scores at the end.",
	"leaders":              "on income turns 2 to 5, you may use a leader square to advance once on its track for free.",
	"merrymakers":          "on income turns 2 to 5, one token climbs a column and you gain its step.",
	"militants":            "your outposts come off this mat as you conquer; each income turn pays every space uncovered.",
	"mystics":              "your four predictions pay a resource when first met and 10 VP each if exact at the end.",
	"nomads":               "an income building or landmark you gain may go onto the map instead of your capital.",
	"the_chosen":           "on income turns 2 to 5, VP for each track where nobody is ahead of you; a resource per achievement (5 VP at the end).",
	"traders":              "on income turns 2 to 5, you may set a token on a territory for VP or its benefit.",
}

// decisionLine says what the pending decision a is, when that is worth
// saying.
func decisionLine(v View, a *AskView) string {
	line := ""
	switch a.Kind {
	case "die":
		red, black := "?", "?"
		if v.Red >= 0 && v.Red < len(RedDie) {
			red = v.faceText(RedDie[v.Red])
		}
		if v.Black >= 0 && v.Black < len(BlackDie) {
			black = v.faceText(BlackDie[v.Black])
		}
		line = fmt.Sprintf("Conquest: keep one die — red gives %s, black gives %s.", red, black)
	case "turn":
		era := int(v.Players[a.Seat].Era) + 1
		line = fmt.Sprintf("Your turn: advance on a track by paying the next space's cost, or take income turn %d.", era)
	case "play":
		line = "Play a tapestry card from your hand."
	case "upgrade":
		line = "Upgrade a tech card one row: to the middle row for its middle benefit, to the top row (its prerequisite met by you or a neighbour) for its top benefit."
	case "place_building":
		if a.N >= 0 && a.N < NumBuildings {
			line = fmt.Sprintf("Place your new %s in your capital: pick a free plot (row, then column).", BuildingNames[a.N])
		}
	case "place_landmark":
		if a.N >= 0 && a.N < len(Landmarks) {
			line = fmt.Sprintf("Place the %s in your capital: pick a plot and how to turn it.", Landmarks[a.N].Name)
		}
	case "explore_tile":
		line = "Explore: pick a territory tile from your supply, then an empty hex, then how to turn it."
	case "explore_rot":
		line = "Explore: each way of turning the tile shows the VP its matching edges score."
	case "explore_hex":
		line = "Explore: pick an empty hex for the tile; each shows the most VP its matching edges can score there."
	case "conquer_hex":
		n := controlledOn(v.Map, a.Seat)
		line = fmt.Sprintf("Conquer: pick a territory for your outpost (you control %d, then %d); the conquer dice follow.", n, n+1)
	case "trap":
		line = "A territory of yours is under attack: a Trap topples the attacker's new outpost and gains you a resource."
	case "bonus":
		line = "A bonus is on offer for this space: pay its cost to take it, or let it go."
	}
	if a.Income > 0 {
		head := fmt.Sprintf("Income turn %d.", a.Income)
		if a.Forced {
			head = fmt.Sprintf("Income turn %d — you could not advance on any track.", a.Income)
		}
		line = strings.TrimSpace(head + " " + line)
	}
	return line
}
