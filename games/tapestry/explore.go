package tapestry

import (
	"fmt"
	"strconv"
)

// exploreHexes lists the unexplored hexes seat may explore: adjacent to a
// territory it controls, or any with anywhere.
func (s *State) exploreHexes(seat int, anywhere bool) []Hex {
	var out []Hex
	for i := range s.Map {
		t := &s.Map[i]
		if t.Explored() {
			continue
		}
		if anywhere || s.nextToControlled(seat, t.Hex) {
			out = append(out, t.Hex)
		}
	}
	return out
}

// exploreStart runs the explore_start hooks, then the explore itself.
func (s *State) exploreStart(t Task, ev *events) {
	seat := int(t.Seat)
	go2 := t
	go2.Op = "explore_go"
	ts := s.fireTasks(seat, "explore_start", "")
	s.push(append(ts, go2)...)
}

// exploreTileAsk asks which tile from supply to place (Tile set: Coal
// Baron's drawn tile only).
func (s *State) exploreTileAsk(t Task) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	if len(p.Tiles) == 0 || len(s.exploreHexes(seat, t.Flag)) == 0 {
		return
	}
	var opts []string
	for _, id := range p.Tiles {
		if t.Tile != 0 && id != t.Tile {
			continue
		}
		opts = append(opts, "tile:"+strconv.Itoa(id))
	}
	if len(opts) == 0 {
		return
	}
	s.ask("explore_tile", seat, keyList(opts), t)
}

// exploreHexAsk asks where the chosen tile goes.
func (s *State) exploreHexAsk(t Task) {
	seat := int(t.Seat)
	hs := s.exploreHexes(seat, t.Flag)
	opts := make([]string, 0, len(hs))
	for _, h := range hs {
		opts = append(opts, "hex:"+strconv.Itoa(int(h.A))+"@"+strconv.Itoa(int(h.B)))
	}
	s.ask("explore_hex", seat, opts, t)
}

// neighbourCorners returns the corners of h's six neighbours ("" when
// unexplored or off the map).
func (s *State) neighbourCorners(h Hex) [6]string {
	var nb [6]string
	for k := range 6 {
		if n := s.Terr(h.Neighbour(k)); n != nil && n.Explored() {
			nb[k] = n.Corners()
		}
	}
	return nb
}

// exploreVP is the alignment VP of tile on h at rotation r.
func (s *State) exploreVP(h Hex, tile, r int) int {
	return alignmentVP(rotateCorners(Territories[tile-1].Corners, r), s.neighbourCorners(h))
}

// exploreRotAsk asks the rotation, each key's label showing its VP.
func (s *State) exploreRotAsk(t Task) {
	opts := make([]string, 0, 6)
	for r := range 6 {
		opts = append(opts, "rot:"+strconv.Itoa(r))
	}
	s.ask("explore_rot", int(t.Seat), opts, t)
}

// explorePlace places the tile and queues VP and benefit.
func (s *State) explorePlace(t Task, double bool, ev *events) {
	seat := int(t.Seat)
	p := &s.Players[seat]
	h := *t.Hex
	tr := s.Terr(h)
	p.Tiles = removeOne(p.Tiles, t.Tile)
	tr.Tile, tr.Rot = t.Tile, int8(t.N)
	vp := 0
	if !double {
		vp = s.exploreVP(h, t.Tile, t.N)
	}
	s.addVP(seat, vp, "exploring", ev, fmt.Sprintf("%s explores %s with tile %d.", who(seat), h, t.Tile))
	b := Territories[t.Tile-1].Benefit
	var ts []Task
	for range 1 + btoi(double) {
		for i := range b {
			e := b[i]
			hh := h
			ts = append(ts, Task{Op: "eff", Seat: int8(seat), E: &e, Hex: &hh, Why: "territory benefit"})
		}
	}
	ts = append(ts, Task{Op: "explore_done", Seat: int8(seat), Hex: &h})
	s.push(ts...)
}

// exploreFinish runs the explore_after_place hooks.
func (s *State) exploreFinish(t Task, ev *events) {
	seat := int(t.Seat)
	ts := s.fireTasks(seat, "explore_after_place", "")
	for i := range ts {
		h := *t.Hex
		ts[i].Hex = &h
	}
	s.push(ts...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nextToControlled reports whether h touches a territory seat controls.
func (s *State) nextToControlled(seat int, h Hex) bool {
	for k := range 6 {
		if n := s.Terr(h.Neighbour(k)); n != nil && s.Controls(seat, n) {
			return true
		}
	}
	return false
}
