package stitchcraft

import (
	"fmt"
	"strings"
	"sync"

	"spindle/games"
)

// The kinds of look-up entry.
const (
	KindPower   = "power"
	KindPattern = "pattern"
	KindColour  = "colour"
	KindMode    = "mode"
)

var _ games.Glossary = Game{}

// Entries lists every power, Pattern, colour and mode by name, each
// described in our own words from the power table and the mode rules
// (games.Glossary). The list is built once.
func (Game) Entries() []games.Entry { return glossary() }

var glossary = sync.OnceValue(func() []games.Entry {
	var out []games.Entry
	add := func(kind, name, text string) {
		out = append(out, games.Entry{Kind: kind, Name: name, Text: text})
	}
	for _, p := range Patterns {
		for _, c := range Colours {
			add(KindPower, Power(p, c).Name, powerText(p, c))
		}
	}
	for _, p := range Patterns {
		add(KindPattern, patternName(p), patternText(p))
	}
	for _, c := range Colours {
		add(KindColour, c.String(), colourText(c))
	}
	for _, m := range Modes {
		add(KindMode, modeNames[m], modeTexts[m])
	}
	return out
})

// patternName is a Pattern's display name ("Loom").
func patternName(p Pattern) string { return strings.ToUpper(string(p[:1])) + string(p[1:]) }

// powerText describes one power: its colour, its Pattern and what it does.
func powerText(p Pattern, c Colour) string {
	pw := Power(p, c)
	if pw.Reaction {
		return fmt.Sprintf("The power of Purple under %s, the reaction: when an opponent reveals a card and your window opens, react to flip your lowest-labelled face-down Purple and %s Revealed as an action, Purple does nothing.",
			patternName(p), strings.TrimPrefix(pw.Text, "Reaction: "))
	}
	return fmt.Sprintf("The power of %s (slot %s) under %s: %s It happens when a revealed %s lands in your Showcase without being cancelled, and you make every choice in it.",
		c, c.Slot(), patternName(p), pw.Text, c)
}

// patternText lists a Pattern's eight powers.
func patternText(p Pattern) string {
	var parts []string
	for _, c := range Colours {
		parts = append(parts, fmt.Sprintf("%s %s", c, Power(p, c).Name))
	}
	flavour := map[Pattern]string{
		Loom:         "The gentlest set of powers, best for a first game: cards move between Chests, hands and Scrap Piles but never leave the game.",
		Attrition:    "A harsh set of powers: many cards leave the game for good.",
		Racketeering: "A sly set of powers: Scrap Piles are raided and a cancelled action is given back.",
	}[p]
	return fmt.Sprintf("%s One Pattern is chosen for the whole match and decides every colour's power. %s: %s.", flavour, patternName(p), strings.Join(parts, ", "))
}

// colourText lists a colour's power under each Pattern.
func colourText(c Colour) string {
	var parts []string
	for _, p := range Patterns {
		parts = append(parts, fmt.Sprintf("%s under %s", Power(p, c).Name, patternName(p)))
	}
	what := "Five of each colour are in every deck; four of one colour in a Showcase win (seven different colours do too)."
	if c == Purple {
		what = "Purple is the reaction colour: it cancels an opponent's reveal from your face-down Display, and does nothing when revealed as an action. " + what
	}
	return fmt.Sprintf("%s Its power: %s.", what, strings.Join(parts, "; "))
}

// modeNames are the modes' display names.
var modeNames = map[Mode]string{
	Duel: "Duel", FFA: "Free For All", LeanLeft: "Lean Left", LeanRight: "Lean Right", Crowd: "Crowd Favorite",
	Apprentice: "Apprentice", Spymaster: "Spymaster", Guilds: "Guilds", Monopoly: "Monopoly", Consortium: "Consortium",
}

// modeTexts describe the modes in our own words.
var modeTexts = map[Mode]string{
	Duel: "Two players, the base game: four of one colour or seven colours in your Showcase wins, and starting a turn with an empty Chest loses.",
	FFA:  "Three to six players, each for themselves. Anyone may target and react to anyone. A player who starts a turn with an empty Chest is out; the last one left wins.",
	LeanLeft: "Three to six players, as Free For All, but your powers may target only yourself and your left neighbour (the next player in turn order), " +
		"and only the player to your right may react to your reveals.",
	LeanRight: "Three to six players, as Free For All, but your powers may target only yourself and your right neighbour (the previous player in turn order), " +
		"and only the player to your left may react to your reveals.",
	Crowd: fmt.Sprintf("Three to six players, as Free For All, plus Crowd Favor. Each time a power or reaction targets another player, that player gains 2 points of Favor and you lose 1. "+
		"At %d Favor you win; at %s you are out. The Favor totals are the game's score.", FavorWin, minus(FavorOut)),
	Apprentice: "Four players in two teams (seats 1 and 3 against 2 and 4). Each team has a Master and an Apprentice, known to all; only the Master's Showcase is checked for the win.",
	Spymaster:  "As Apprentice, but each team's roles are known only to that team until it wins or the game ends. An Apprentice's winning Showcase does nothing, and tells nothing.",
	Guilds:     "Four players in two teams (seats 1 and 3 against 2 and 4), each with their own Showcase. One teammate's winning Showcase wins for the team.",
	Monopoly:   "Four players in two teams, each with their own Showcase. The team wins only when both teammates' Showcases meet a winning condition at the same moment.",
	Consortium: "Four players in two teams sharing one Showcase per team; teammates see each other's hand, Display and peeks, and may talk. " +
		"Hard mode raises the goal to five of one colour or all eight colours.",
}
