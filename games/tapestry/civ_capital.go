package tapestry

import (
	"strconv"
	"strings"
)

// This file holds the passive abilities of the civilizations that live in
// the capital (spec §14): Architects (districts and capital scoring) and
// Craftsmen (the statue), and the placement choices every civilization
// adds to a building's or a landmark's placement (Craftsmen's statue,
// Nomads' map, civ_map.go).

// architectsDistricts is the Architects' extra resources for the districts
// nd just completed: one for each holding at least one income building,
// all of one type (§9.4, §14).
func (s *State) architectsDistricts(seat int, nd []int) int {
	if s.civOf(seat, "architects") == nil {
		return 0
	}
	cover := s.Players[seat].Cover
	n := 0
	for _, d := range nd {
		n += cityBool(cityOneType(cover, cityDistrictPlots(d)))
	}
	return n
}

// capitalScore is what "score your capital city" pays seat: 1 VP per
// complete row and column, and for the Architects 1 more per complete line
// whose income buildings are all of one type (§9.4, §14).
func (s *State) capitalScore(seat int) int {
	p := &s.Players[seat]
	base := Mats[p.Mat-1].base
	n := cityScore(base, p.Cover)
	if s.civOf(seat, "architects") != nil {
		n += cityArchitectsLines(base, p.Cover)
	}
	return n
}

// statueColumns are the Craftsmen's statue columns, in order.
var statueColumns = [3]string{"A", "B", "C"}

// statueOpts lists the statue columns with an empty space left, as
// placement keys (Craftsmen only).
func (s *State) statueOpts(seat int) []string {
	cs := s.civOf(seat, "craftsmen_statue")
	if cs == nil {
		return nil
	}
	var opts []string
	for k, col := range statueColumns {
		if int(cs.Steps[k]) < len(Civs[cs.Civ].Statue[col]) {
			opts = append(opts, "statue:"+strings.ToLower(col))
		}
	}
	return opts
}

// civPlaceOpts lists the placements civilizations add to a building's
// (income) or a landmark's placement: Craftsmen's statue columns (income
// buildings only), Nomads' map hexes, and "beside" the mat when the capital
// offers no place (so the capital stays a choice).
func (s *State) civPlaceOpts(seat int, income, capital bool) []string {
	if s.Players[seat].Done {
		return nil
	}
	var opts []string
	if income {
		opts = append(opts, s.statueOpts(seat)...)
	}
	opts = append(opts, s.nomadOpts(seat)...)
	if len(opts) > 0 && !capital {
		opts = append(opts, "beside")
	}
	return opts
}

// civPlaceAnswer places a building (ask place_building) or a landmark
// (place_landmark) where a civilization allows: beside the mat, on the
// Craftsmen's statue or on the map (Nomads).
func (s *State) civPlaceAnswer(a Ask, key string, ev *events) error {
	t := a.Task
	seat := int(t.Seat)
	p := &s.Players[seat]
	income := a.Kind == "place_building"
	code := byte('A' + t.N)
	what := Landmarks[t.N%len(Landmarks)].Name
	if income {
		code = BuildingLetters[t.N]
		what = BuildingNames[t.N]
	}
	verb, arg, _ := strings.Cut(key, ":")
	switch verb {
	case "beside":
		p.Beside += string(code)
		ev.say("%s sets the %s beside their capital.", who(seat), what)
		if income {
			s.push(s.fireTasks(seat, "place_income_building_in_capital", "")...)
		}
	case "statue":
		arg = strings.ToUpper(arg)
		cs := s.civOf(seat, "craftsmen_statue")
		k := strings.Index("ABC", arg)
		col := Civs[cs.Civ].Statue[arg]
		space := col[cs.Steps[k]]
		cs.Steps[k]++
		ev.say("%s's Craftsmen set the %s on column %s of their statue.", who(seat), what, arg)
		// The space's effects, then the capital hooks (R30: the statue is
		// part of the capital for Monarchy).
		ts := effTasks(seat, space, Civs[cs.Civ].Name)
		ts = append(ts, s.fireTasks(seat, "place_income_building_in_capital", "")...)
		s.push(ts...)
	case "nomad":
		x, y, _ := strings.Cut(arg, "@")
		h := Hex{int8(atoi(x)), int8(atoi(y))}
		s.nomadPlace(seat, h, code, what, ev)
	default:
		return errNoAnswer(a.Kind, key)
	}
	return nil
}

// statueLabel is the label of a statue placement key for the viewer.
func statueLabel(v View, col string) string {
	col = strings.ToUpper(col)
	k := strings.Index("ABC", col)
	if k >= 0 && v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
		for _, cs := range v.Players[v.Viewer].Civs {
			c := Civs[cs.Civ]
			if c.Bespoke != "craftsmen_statue" {
				continue
			}
			if sp := c.Statue[col]; int(cs.Steps[k]) < len(sp) {
				return "Statue column " + col + " → " + Describe(sp[cs.Steps[k]])
			}
		}
	}
	return "Statue column " + col
}

// swapLabel is the label of an Architects swap of plots i and j.
func swapLabel(v View, i, j int) string {
	name := func(k int) string {
		if v.Viewer >= 0 && int(v.Viewer) < len(v.Players) {
			if b := strings.IndexByte(BuildingLetters, v.Players[v.Viewer].Cover[k%81]); b >= 0 {
				return BuildingNames[b]
			}
		}
		return "building"
	}
	at := func(k int) string { return strconv.Itoa(k/9+1) + "," + strconv.Itoa(k%9+1) }
	return "Swap the " + name(i) + " at " + at(i) + " and the " + name(j) + " at " + at(j)
}
