package stitchcraft

import "spindle/games"

// PlayerView is what a viewer may know of one seat (spec §5).
type PlayerView struct {
	Seat int `json:"seat"`
	// Team is "A" or "B" in team modes, else empty.
	Team string `json:"team,omitempty"`
	// Role is "master" or "apprentice" when the viewer may know it, else empty.
	Role string `json:"role,omitempty"`
	Out  bool   `json:"out,omitempty"`
	// Chest and HandSize are public counts.
	Chest    int `json:"chest"`
	HandSize int `json:"hand_size"`
	// Hand is the hand in colour order, nil when hidden from the viewer.
	Hand []Colour `json:"hand,omitempty"`
	// Display lists the face-down Tapestries by label; Colour is NoColour
	// when hidden from the viewer.
	Display []Face `json:"display"`
	// Show is the seat's own Showcase; in Consortium the team's shared
	// Showcase is held by its first seat (A: seat 0, B: seat 1) and the
	// other seat's is empty.
	Show  []Card   `json:"show"`
	Scrap []Colour `json:"scrap"`
	Favor int      `json:"favor"`
	// Look is the seat's latest private look, only when the viewer may see it.
	Look *Look `json:"look,omitempty"`
}

// PendingView is the power waiting for its controller's choice.
type PendingView struct {
	Power  string `json:"power"`
	Colour Colour `json:"colour"`
	Ctrl   int    `json:"ctrl"`
	Target int    `json:"target"`
	// Looked are the cards being looked at, top first, only when the viewer
	// may see them; LookCount is public.
	Looked    []Colour `json:"looked,omitempty"`
	LookOf    int      `json:"look_of"`
	LookCount int      `json:"look_count"`
}

// View is everything one viewer may know.
type View struct {
	Viewer  games.Seat `json:"viewer"`
	Pattern Pattern    `json:"pattern"`
	Mode    Mode       `json:"mode"`
	Hard    bool       `json:"hard,omitempty"`
	// Timeout is the table's reaction timeout, applied by the bot.
	Timeout string `json:"timeout"`
	Seats   int    `json:"seats"`
	// Setup is true until every Chest is shuffled (and roles are set).
	Setup   bool         `json:"setup,omitempty"`
	Players []PlayerView `json:"players"`
	Removed []Card       `json:"removed"`
	// Stack lists the revealed Tapestries waiting to resolve, bottom first.
	Stack []Entry `json:"stack"`
	// Active is the seat whose turn it is, with Actions left.
	Active  int `json:"active"`
	Actions int `json:"actions"`
	// Turns is the number of finished turns; TurnLimit the safety cap.
	Turns     int `json:"turns"`
	TurnLimit int `json:"turn_limit"`
	// ToAct lists the seats to decide now; Window is the seat whose
	// reaction window is open, or -1.
	ToAct   []int        `json:"to_act"`
	Window  int          `json:"window"`
	Pending *PendingView `json:"pending,omitempty"`
	Over    bool         `json:"over,omitempty"`
	Winners []int        `json:"winners,omitempty"`
	Draw    bool         `json:"draw,omitempty"`
	Reason  string       `json:"reason,omitempty"`
	// Powers is the Pattern reference: each colour's power.
	Powers [NumColours]PowerInfo `json:"powers"`
}

// Me returns the viewer's own PlayerView, if the viewer is a seat.
func (v View) Me() (PlayerView, bool) {
	if v.Viewer < 0 || int(v.Viewer) >= len(v.Players) {
		return PlayerView{}, false
	}
	return v.Players[v.Viewer], true
}

// AutoReaction is the answer of the standing policy "react automatically
// when I can" (spec §4.5): "react" when the viewer's reaction window is
// open and it holds a face-down Purple, "pass" when the window is open and
// it holds none, and ok=false when no window is open for the viewer. The
// policy itself, and the reaction timeout (the bot submits "pass" when the
// table's Timeout runs out on an "ask" window), live in the bot.
func AutoReaction(v View) (key string, ok bool) {
	me, isSeat := v.Me()
	if !isSeat || v.Over || v.Window != int(v.Viewer) {
		return "", false
	}
	for _, f := range me.Display {
		if f.Colour == Purple {
			return Action{Op: React}.Key(), true
		}
	}
	return Action{Op: Pass}.Key(), true
}

// PassKey is the key the bot submits for "always pass" and on a timeout.
const PassKey = "pass"
