package tapestry

import (
	"fmt"
	"slices"
	"testing"
)

// TestFocusBuilding: on a building's placement the search weighs only the
// weigher's best two plots, the plot closing a row among them, and every
// plot stays legal.
func TestFocusBuilding(t *testing.T) {
	f := newTable(t, 2)
	p := f.p(0)
	base := Mats[p.Mat-1].base
	cover := []byte(p.Cover)
	row, last := -1, -1
	for r := 0; r < CitySize && row < 0; r++ {
		open := 0
		for c := range CitySize {
			if base[r*CitySize+c] != 'X' {
				open++
			}
		}
		if open >= 2 {
			row = r
		}
	}
	for c := range CitySize {
		if i := row*CitySize + c; base[i] != 'X' {
			cover[i] = 'A'
			last = i
		}
	}
	cover[last] = '.'
	p.Cover = string(cover)
	f.push(Task{Op: "building", Seat: 0, N: int(Farm)})
	f.at("place_building", 0)
	legal := Game{}.Legal(&f.s, 0)
	idx := Game{}.Focus(&f.s, 0, legal)
	if len(idx) != focusKeep["place_building"] || !slices.IsSorted(idx) {
		t.Fatalf("focus %v of %d plots", idx, len(legal))
	}
	closing := fmt.Sprintf("at:%d@%d", last/CitySize, last%CitySize)
	found := false
	for _, k := range idx {
		found = found || legal[k].K == closing
	}
	if !found {
		t.Errorf("focus %v misses the plot %s closing row %d", idx, closing, row)
	}
}

// TestFocusTurn: the turn's own choice (which track, or income) is never
// cut.
func TestFocusTurn(t *testing.T) {
	f := newTable(t, 2)
	f.res(0, 2, 2, 2, 2)
	f.turn(0)
	legal := Game{}.Legal(&f.s, 0)
	if len(legal) < 2 {
		t.Fatalf("%d turn options", len(legal))
	}
	if idx := (Game{}).Focus(&f.s, 0, legal); idx != nil {
		t.Errorf("turn focused to %v", idx)
	}
}
