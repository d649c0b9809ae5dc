package threadcount

import (
	"fmt"
	"slices"
	"strings"

	"spindle/games"
)

// Pass is the move that passes for seat now (games.Passer): "roll" while
// sowing (sowing is optional) and "end" in the market (buying is
// optional). The bot shows it as one button when the menu is long, and
// plays it when a seat's clock runs out with the skip policy. The other
// decisions (the 10's silk, the free silk, a 0 die, a White face) have no
// pass.
func (g Game) Pass(s *State, seat games.Seat) (Action, bool) {
	if !slices.Contains(g.ToAct(s), seat) || seat != s.Active() {
		return Action{}, false
	}
	switch s.Phase {
	case PhSow:
		return Action{Op: RollNow}, true
	case PhMarket:
		return Action{Op: End}, true
	}
	return Action{}, false
}

// Prompt is the context line of the seat's panel (games.Prompter): what
// the decision at hand is about, from the seat's own view, and the seat's
// standing facts (its Favourite Colour, its complete garments). It is ""
// for spectators and once the game is over.
func (Game) Prompt(v View) string {
	if v.Over || v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return ""
	}
	p := v.Players[v.Viewer]
	var lines []string
	if v.ToAct == v.Viewer {
		switch v.Phase {
		case PhTen:
			lines = append(lines, "You rolled the 10: put its silk on an empty cell that completes no line.")
		case PhSow:
			line := fmt.Sprintf("Week %d of %d, your turn %d. ", v.Week, Weeks, p.Turns+1)
			if p.Silk == 0 {
				line += "You have no silk to sow, so roll."
			} else {
				line += fmt.Sprintf("You may sow your silk (%d) one at a time on cells that complete no line, then roll.", p.Silk)
			}
			lines = append(lines, line, "Board: "+boardWords(v.Board)+".")
		case PhFree:
			lines = append(lines, "The board is empty: put a free silk from the supply on any cell, then the dice roll.")
		case PhZero:
			if v.Roll != nil {
				die := slices.Index(v.Roll.Cells[:], 0) + 1
				lines = append(lines, fmt.Sprintf("Die %d shows 0: choose the cell it points at (any cell, even one another die points at). Board: %s.",
					die, boardWords(v.Board)))
			}
		case PhWhite:
			lines = append(lines, "The dye die shows White: take a Red, Yellow or Blue dye. You have "+dyeWords(p.Dye)+".")
		case PhMarket:
			line := fmt.Sprintf("Market: you have %d silk and %s. Silk above %d goes back at the end of your turn.", p.Silk, dyeWords(p.Dye), SilkLimit)
			lines = append(lines, line)
			if p.Turns == Weeks-1 {
				lines = append(lines, "This is your last turn: your outfit is final when it ends.")
			}
		}
	}
	if v.Favourite != "" {
		lines = append(lines, fmt.Sprintf("Your Favourite Colour, one the Empress likes: %s. Complete garments: %d of 4.", BasicName(v.Favourite), completeCount(p)))
	}
	return strings.Join(lines, "\n")
}

// boardWords names the cells holding silk, or "empty".
func boardWords(board []int) string {
	if len(board) == 0 {
		return "empty"
	}
	return "silk on " + cellsText(board)
}

// dyeWords writes dye counts as "1 Red, 0 Yellow and 2 Blue dye".
func dyeWords(d [3]int) string {
	return fmt.Sprintf("%d Red, %d Yellow and %d Blue dye", d[0], d[1], d[2])
}

// completeCount is the number of p's garments holding both cards.
func completeCount(p Player) int {
	n := 0
	for _, pc := range p.Outfit {
		if pc.Complete() {
			n++
		}
	}
	return n
}
