package archravels

import (
	"fmt"
	"strconv"
	"strings"

	"spindle/games"
)

// Action is one ArchRavels action: a verb, an optional argument after ':'
// and an optional tail after '@' (the part the bot's menus group under the
// head "<verb>:<arg>"). Key is "<verb>[:<arg>][@<tail>]".
type Action struct {
	Verb string
	Arg  string
	Tail string
}

// Key is the action's canonical key.
func (a Action) Key() string {
	k := a.Verb
	if a.Arg != "" {
		k += ":" + a.Arg
	}
	if a.Tail != "" {
		k += "@" + a.Tail
	}
	return k
}

// The verbs. Chance verbs are marked; the rest are player decisions.
const (
	VFirst    = "first"    // chance: the first player (seat)
	VChars    = "chars"    // chance: characters by seat, comma-separated ids
	VChar     = "char"     // choose a character (chosen characters)
	VTiles    = "tiles"    // chance: tiles of one type by seat: tiles:bear@P.R
	VRequests = "requests" // chance: the random requests put in the Yarn Deck
	VProjects = "projects" // chance: the Project Deck's contents
	VDraw     = "draw"     // chance: the Yarn Deck card drawn
	VProject  = "project"  // chance: the Project Deck card drawn
	VSpace    = "space"    // choose the action space 1-4
	VPick     = "pick"     // take a Bazaar position (with chosen colours)
	VMake     = "make"     // craft an item or a held request
	VPay      = "pay"      // one token of a payment entered colour by colour
	VStop     = "stop"     // stop crafting
	VTake3    = "take3"    // Spinner: 3 tokens of one colour
	VExchange = "exchange" // k tokens of one colour for k of another
	VEnd      = "end"      // end the actions (P2) or the turn (P4)
	VTangle   = "tangle"   // Tangled Cat: name a player
	VSale     = "sale"     // Yarn Sale: one of three tokens
	VDonate   = "donate"   // Donate: a token to a player
	VClerk    = "clerk"    // Friendly Clerk: the colour taken
	VPass     = "pass"     // pass a Craft Circle or the final craft
	VKeep     = "keep"     // keep a revealed request
	VGive     = "give"     // give a revealed request to a player
	VFinish   = "finish"   // finish a project
	VLearn    = "learn"    // learn a pattern tile
	VFrog     = "frog"     // frog an item
)

// Chance reports whether a is a chance outcome.
func (a Action) Chance() bool {
	switch a.Verb {
	case VFirst, VChars, VTiles, VRequests, VProjects, VDraw, VProject:
		return true
	}
	return false
}

func seatArg(s games.Seat) string { return strconv.Itoa(int(s)) }

func parseSeat(s string) (games.Seat, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 3 || strconv.Itoa(n) != s {
		return 0, false
	}
	return games.Seat(n), true
}

func isID(s string) bool {
	if s == "" || len(s) > 30 {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return true
}

func isYarn(s string, min, max int) bool {
	_, ok := ParseYarn(s)
	return ok && len(s) >= min && len(s) <= max
}

func isColour(s string) bool { _, ok := ParseColour(s); return ok }

// ParseAction decodes a key. It checks the syntax only; Apply checks that
// the action is legal now.
func (Game) ParseAction(key string) (Action, error) {
	bad := func() (Action, error) {
		return Action{}, fmt.Errorf("archravels: bad action key %q: %w", clipKey(key), games.ErrBadKey)
	}
	head, tail, hasTail := strings.Cut(key, "@")
	verb, arg, hasArg := strings.Cut(head, ":")
	a := Action{Verb: verb, Arg: arg, Tail: tail}
	if (hasArg && arg == "") || (hasTail && tail == "") {
		return bad()
	}
	ok := false
	switch verb {
	case VStop, VEnd, VPass, VKeep:
		ok = !hasArg && !hasTail
	case VFirst, VTangle, VGive:
		_, ok = parseSeat(arg)
		ok = ok && !hasTail
	case VChars:
		parts := strings.Split(arg, ",")
		ok = !hasTail && len(parts) >= 1 && len(parts) <= 4
		for _, p := range parts {
			_, found := CharacterOf(p)
			ok = ok && found
		}
	case VChar:
		_, ok = CharacterOf(arg)
		ok = ok && !hasTail
	case VTiles:
		it := ItemIndex(arg)
		ok = it >= 0 && Items[it].Tiled() && hasTail
		parts := strings.Split(tail, ".")
		ok = ok && len(parts) <= 4
		for _, p := range parts {
			if ok {
				_, ok = TileOf(it, p)
			}
		}
	case VRequests, VProjects:
		ok = !hasTail
		if hasArg {
			for p := range strings.SplitSeq(arg, ",") {
				if verb == VRequests {
					_, found := RequestOf(p)
					ok = ok && found
				} else {
					_, found := ProjectOf(p)
					ok = ok && found
				}
			}
		}
	case VDraw:
		ok = CardKind(arg) != "" && !hasTail
	case VProject, VFinish:
		_, ok = ProjectOf(arg)
		ok = ok && !hasTail
	case VSpace:
		ok = len(arg) == 1 && arg[0] >= '1' && arg[0] <= '4' && !hasTail
	case VPick:
		ok = len(arg) == 1 && arg[0] >= '1' && arg[0] <= '6' && (!hasTail || isYarn(tail, 1, 2))
	case VMake:
		ok = isID(arg) && (ItemIndex(arg) >= 0 || requestID(arg)) && (!hasTail || isYarn(tail, 1, 9))
	case VPay, VTake3, VSale, VClerk:
		ok = isColour(arg) && !hasTail
	case VExchange:
		ok = isColour(arg) && len(tail) >= 2 && isColour(tail[len(tail)-1:])
		if ok {
			n, err := strconv.Atoi(tail[:len(tail)-1])
			ok = err == nil && n >= 1 && strconv.Itoa(n) == tail[:len(tail)-1]
		}
	case VDonate:
		_, okSeat := parseSeat(tail)
		ok = isColour(arg) && okSeat
	case VLearn:
		it := ItemIndex(arg)
		ok = it >= 0 && Items[it].Tiled() && !hasTail
	case VFrog:
		ok = ItemIndex(arg) >= 0 && isYarn(tail, 2, 5)
	}
	if !ok {
		return bad()
	}
	return a, nil
}

func requestID(id string) bool { _, ok := RequestOf(id); return ok }

func clipKey(k string) string {
	if len(k) > 40 {
		return k[:40] + "…"
	}
	return k
}
