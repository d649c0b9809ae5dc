package tapestry

import (
	"slices"
	"strings"
)

// This file holds the capital city geometry (spec §9.3, §9.4). A city is two
// 81-character strings indexed by row*9+col, row 0 at the top and column 0 at
// the left. The base is the mat grid ('X' impassable, '.' open) and never
// changes. The cover holds what is built: '.' nothing, 'f' farm, 'h' house,
// 'm' market, 'a' armory, and 'A'..'R' a landmark. A plot is filled when its
// base is 'X' or its cover is not '.'. Districts are the nine 3×3 blocks,
// numbered 0..8 as 3*(row/3)+col/3.

// CitySize is the number of rows and of columns of a capital grid.
const CitySize = 9

// cityIncome lists the cover codes of the four income buildings.
const cityIncome = "fhma"

// CityShape is a footprint as (row, col) offsets with min row and min col 0.
type CityShape [][2]int8

// CityPlacement is a landmark placement: the top-left corner of the rotated
// footprint's bounding box (it may be negative or run past 8, which is
// overhang) and the rotation 0..3 (quarter turns clockwise).
type CityPlacement struct{ Row, Col, Rot int8 }

// cityRotate returns the footprint turned rot quarter turns clockwise, as
// offsets sorted by row then column with min row and min col 0.
func cityRotate(footprint []string, rot int) CityShape {
	var s CityShape
	for r, line := range footprint {
		for c := range len(line) {
			if line[c] == '#' {
				s = append(s, [2]int8{int8(r), int8(c)})
			}
		}
	}
	for range rot & 3 {
		for i, p := range s {
			s[i] = [2]int8{p[1], -p[0]}
		}
	}
	if len(s) == 0 {
		return s
	}
	minR, minC := s[0][0], s[0][1]
	for _, p := range s {
		minR, minC = min(minR, p[0]), min(minC, p[1])
	}
	for i := range s {
		s[i][0] -= minR
		s[i][1] -= minC
	}
	slices.SortFunc(s, func(a, b [2]int8) int {
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		return int(a[1]) - int(b[1])
	})
	return s
}

// cityShapes returns the distinct rotations of a footprint (0, 90, 180 and
// 270 degrees clockwise) with their rotation numbers; when two rotations give
// the same shape, only the first rotation number is kept.
func cityShapes(footprint []string) (shapes []CityShape, rots []int) {
	for rot := range 4 {
		s := cityRotate(footprint, rot)
		if !slices.ContainsFunc(shapes, func(t CityShape) bool { return slices.Equal(s, t) }) {
			shapes = append(shapes, s)
			rots = append(rots, rot)
		}
	}
	return shapes, rots
}

// cityShapeCells returns the in-grid plot indexes that shape covers with its
// top-left corner at (row, col); plots outside the grid are dropped.
func cityShapeCells(s CityShape, row, col int) []int {
	var cells []int
	for _, p := range s {
		r, c := row+int(p[0]), col+int(p[1])
		if r >= 0 && r < CitySize && c >= 0 && c < CitySize {
			cells = append(cells, r*CitySize+c)
		}
	}
	return cells
}

// cityCells returns the in-grid plot indexes a placement covers (plots
// outside the grid are dropped).
func cityCells(footprint []string, p CityPlacement) []int {
	return cityShapeCells(cityRotate(footprint, int(p.Rot)), int(p.Row), int(p.Col))
}

// cityBuildable reports whether a building may go on plot i: nothing covers
// it, and it is not impassable unless terraform is set.
func cityBuildable(base, cover string, i int, terraform bool) bool {
	return cover[i] == '.' && (base[i] != 'X' || terraform)
}

// cityLandmarkPlacements lists every legal placement of a landmark (R8): at
// least one footprint plot lies inside the grid and every in-grid footprint
// plot is buildable (see cityOpenPlots). The list is sorted by Row, Col, Rot;
// an empty list means the landmark goes beside the mat.
func cityLandmarkPlacements(base, cover string, footprint []string, terraform bool) []CityPlacement {
	shapes, rots := cityShapes(footprint)
	var out []CityPlacement
	for row := -CitySize; row < CitySize; row++ {
		for col := -CitySize; col < CitySize; col++ {
			for k, s := range shapes {
				cells := cityShapeCells(s, row, col)
				if len(cells) > 0 && !slices.ContainsFunc(cells, func(i int) bool {
					return !cityBuildable(base, cover, i, terraform)
				}) {
					out = append(out, CityPlacement{int8(row), int8(col), int8(rots[k])})
				}
			}
		}
	}
	return out
}

// cityOpenPlots lists the plots an income building may go on: not covered,
// and not impassable unless terraform is set. An empty list means the
// building goes beside the mat.
func cityOpenPlots(base, cover string, terraform bool) []int {
	var out []int
	for i := range CitySize * CitySize {
		if cityBuildable(base, cover, i, terraform) {
			out = append(out, i)
		}
	}
	return out
}

// cityPlace returns cover with the given cells set to code.
func cityPlace(cover string, cells []int, code byte) string {
	b := []byte(cover)
	for _, i := range cells {
		b[i] = code
	}
	return string(b)
}

// The plot indexes of each district, row and column, computed once: the
// search asks for them in nearly every judgement. Callers read them and
// never write; each is sliced to its length, so an append copies.
var districtPlots, rowPlots, colPlots = plotGroups()

// plotGroups builds the tables of districts, rows and columns.
func plotGroups() (districts, rows, cols [CitySize][CitySize]int) {
	for i := range CitySize {
		r0, c0 := 3*(i/3), 3*(i%3)
		for j := range CitySize {
			districts[i][j] = (r0+j/3)*CitySize + c0 + j%3
			rows[i][j] = i*CitySize + j
			cols[i][j] = j*CitySize + i
		}
	}
	return
}

// cityDistrictPlots returns the plot indexes of district i, in reading
// order. The slice is shared: read it, never write it.
func cityDistrictPlots(i int) []int { return districtPlots[i][:CitySize:CitySize] }

// cityRowPlots returns the plot indexes of row i, left to right. The slice
// is shared: read it, never write it.
func cityRowPlots(i int) []int { return rowPlots[i][:CitySize:CitySize] }

// cityColPlots returns the plot indexes of column i, top to bottom. The
// slice is shared: read it, never write it.
func cityColPlots(i int) []int { return colPlots[i][:CitySize:CitySize] }

// cityFilled reports whether every given plot is impassable or covered.
func cityFilled(base, cover string, plots []int) bool {
	for _, i := range plots {
		if base[i] != 'X' && cover[i] == '.' {
			return false
		}
	}
	return true
}

// cityComplete reports, for each i, whether every plot of group(i) is filled.
func cityComplete(base, cover string, group func(int) []int) [9]bool {
	var out [9]bool
	for i := range out {
		out[i] = cityFilled(base, cover, group(i))
	}
	return out
}

// cityOpenCounts counts the open plots (in the mat, not covered) of each
// row (0..8), column (9..17) and district (18..26).
func cityOpenCounts(base, cover string) [3 * CitySize]int {
	var n [3 * CitySize]int
	for i := range CitySize * CitySize {
		if cityBuildable(base, cover, i, false) {
			r, c := i/CitySize, i%CitySize
			n[r]++
			n[CitySize+c]++
			n[2*CitySize+3*(r/3)+c/3]++
		}
	}
	return n
}

// cityDistricts reports which districts are complete (every plot filled).
func cityDistricts(base, cover string) [9]bool {
	return cityComplete(base, cover, cityDistrictPlots)
}

// cityRows reports which rows are complete (every plot filled).
func cityRows(base, cover string) [9]bool { return cityComplete(base, cover, cityRowPlots) }

// cityCols reports which columns are complete (every plot filled).
func cityCols(base, cover string) [9]bool { return cityComplete(base, cover, cityColPlots) }

// cityNewDistricts returns, in ascending order, the districts that are
// complete with cover after but were not with cover before.
func cityNewDistricts(base, before, after string) []int {
	was, is := cityDistricts(base, before), cityDistricts(base, after)
	var out []int
	for i := range is {
		if is[i] && !was[i] {
			out = append(out, i)
		}
	}
	return out
}

// cityScore is the capital score: 1 per complete row plus 1 per complete
// column (the Architects bonus is cityArchitectsLines).
func cityScore(base, cover string) int {
	rows, cols := cityRows(base, cover), cityCols(base, cover)
	n := 0
	for i := range CitySize {
		n += cityBool(rows[i]) + cityBool(cols[i])
	}
	return n
}

// cityOneType reports whether the given plots hold at least one income
// building and all income buildings among them are of one type; landmarks
// and impassable plots are ignored. The Architects use it for districts,
// rows and columns.
func cityOneType(cover string, plots []int) bool {
	var kind byte
	for _, i := range plots {
		if b := cover[i]; strings.IndexByte(cityIncome, b) >= 0 {
			if kind != 0 && b != kind {
				return false
			}
			kind = b
		}
	}
	return kind != 0
}

// cityArchitectsLines is the number of complete rows plus complete columns
// that cityOneType accepts (the Architects' extra capital VP).
func cityArchitectsLines(base, cover string) int {
	rows, cols := cityRows(base, cover), cityCols(base, cover)
	n := 0
	for i := range CitySize {
		n += cityBool(rows[i] && cityOneType(cover, cityRowPlots(i)))
		n += cityBool(cols[i] && cityOneType(cover, cityColPlots(i)))
	}
	return n
}

// cityCoversImpassable reports whether cells include an impassable plot of
// base (Terraforming gives VP for such a placement).
func cityCoversImpassable(base string, cells []int) bool {
	return slices.ContainsFunc(cells, func(i int) bool { return base[i] == 'X' })
}

// cityBool is 1 for true and 0 for false.
func cityBool(b bool) int {
	if b {
		return 1
	}
	return 0
}
