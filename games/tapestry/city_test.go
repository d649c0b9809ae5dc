package tapestry

import (
	"cmp"
	"os"
	"slices"
	"strings"
	"testing"
)

// cityTestMats are the six capital grids of capitals.yaml, mats 1..6.
var cityTestMats = [6][CitySize]string{
	{".........", "XX...XXX.", "...XXX...", "...XXXXX.", ".....XX..", ".XXX....X", "..X......", ".......X.", "..X......"},
	{"........X", "XX....XXX", ".........", ".XXX..XX.", "..XX.....", "XXX....X.", ".....XX..", ".XX......", ".....X..."},
	{"....X..XX", "...X...XX", "..X.....X", ".........", ".X...X...", ".........", "X.XX.X.X.", ".XXXX....", "..XXX...."},
	{"...XX....", "X.X......", "X.....XX.", ".........", ".X..X..XX", ".XX.....X", ".XXXXX...", "..XX.....", ".....X..."},
	{".........", "XXX....X.", "XXXX.....", "...XXXX..", "......XXX", "XXX.....X", "..X......", "......X..", ".....X..."},
	{".........", "..XX..X..", "...X...X.", ".XX.....X", "...X.....", "..XXXXX..", ".X....X..", "..X...XXX", ".......XX"},
}

// Footprints copied from landmarks.yaml.
var (
	cityTestLighthouse   = []string{"##", "##"}
	cityTestTrainStation = []string{"###", "###", "###"}
	cityTestLaunchPad    = []string{"##", "##", "##"}
	cityTestAcademy      = []string{"####", "####"}
	cityTestRubberWorks  = []string{"..##", "..##", "####", "####"}
	cityTestFusion       = []string{".##", "###", "###"}
	cityTestLibrary      = []string{"##", "##", "##", "##"}
)

// cityTestBase returns mat n (1..6) as a base string.
func cityTestBase(n int) string { return strings.Join(cityTestMats[n-1][:], "") }

// cityTestEmpty is a cover with nothing built.
var cityTestEmpty = strings.Repeat(".", CitySize*CitySize)

// cityTestRender draws a city as nine rows: the cover where something is
// built, the base elsewhere, with landmark codes renamed by letters.
func cityTestRender(base, cover string, letters map[byte]byte) []string {
	b := []byte(base)
	for i := range b {
		if c := cover[i]; c != '.' {
			if l, ok := letters[c]; ok {
				c = l
			}
			b[i] = c
		}
	}
	rows := make([]string, CitySize)
	for r := range rows {
		rows[r] = string(b[r*CitySize : (r+1)*CitySize])
	}
	return rows
}

// TestCityDataMatchesYAML checks the copied grids and footprints against the
// spec's data files when they are present.
func TestCityDataMatchesYAML(t *testing.T) {
	const dir = "/work/shared/specs/tapestry-data/"
	caps, err1 := os.ReadFile(dir + "capitals.yaml")
	lms, err2 := os.ReadFile(dir + "landmarks.yaml")
	if err1 != nil || err2 != nil {
		t.Skip("spec data files not available")
	}
	var grids []string
	for line := range strings.Lines(string(caps)) {
		line = strings.TrimSpace(line)
		if g, ok := strings.CutPrefix(line, `- "`); ok && len(g) == CitySize+1 && g[CitySize] == '"' {
			grids = append(grids, g[:CitySize])
		}
	}
	var want []string
	for _, m := range cityTestMats {
		want = append(want, m[:]...)
	}
	if !slices.Equal(grids, want) {
		t.Errorf("capitals.yaml grids = %q, want %q", grids, want)
	}
	for _, fp := range [][]string{cityTestLighthouse, cityTestTrainStation, cityTestLaunchPad,
		cityTestAcademy, cityTestRubberWorks, cityTestFusion, cityTestLibrary} {
		if s := `footprint: ["` + strings.Join(fp, `", "`) + `"]`; !strings.Contains(string(lms), s) {
			t.Errorf("landmarks.yaml has no %s", s)
		}
	}
}

// TestCityExampleE plays worked example E (spec §20) on mat 1.
func TestCityExampleE(t *testing.T) {
	const lighthouse, launchPad = 'A' + 0, 'A' + 2
	base, cover := cityTestBase(1), cityTestEmpty
	steps := []struct {
		name      string
		footprint []string // nil for an income building
		place     CityPlacement
		code      byte
		wantNew   []int
		wantScore int
	}{
		{"lighthouse rows 0-1 cols 3-4", cityTestLighthouse, CityPlacement{0, 3, 0}, lighthouse, nil, 0},
		{"market (0,5) completes district 1", nil, CityPlacement{0, 5, 0}, 'm', []int{1}, 0},
		{"house (1,2)", nil, CityPlacement{1, 2, 0}, 'h', nil, 0},
		{"farm (1,8) completes row 1", nil, CityPlacement{1, 8, 0}, 'f', nil, 1},
		{"launch pad rows 5-7 cols 4-5", cityTestLaunchPad, CityPlacement{5, 4, 0}, launchPad, nil, 1},
		{"armory (8,5) completes column 5", nil, CityPlacement{8, 5, 0}, 'a', nil, 2},
	}
	for _, s := range steps {
		var cells []int
		if s.footprint != nil {
			if !slices.Contains(cityLandmarkPlacements(base, cover, s.footprint, false), s.place) {
				t.Fatalf("%s: placement %v not legal", s.name, s.place)
			}
			cells = cityCells(s.footprint, s.place)
		} else {
			cells = []int{int(s.place.Row)*CitySize + int(s.place.Col)}
			if !slices.Contains(cityOpenPlots(base, cover, false), cells[0]) {
				t.Fatalf("%s: plot %d not open", s.name, cells[0])
			}
		}
		after := cityPlace(cover, cells, s.code)
		if got := cityNewDistricts(base, cover, after); !slices.Equal(got, s.wantNew) {
			t.Errorf("%s: new districts %v, want %v", s.name, got, s.wantNew)
		}
		cover = after
		if got := cityScore(base, cover); got != s.wantScore {
			t.Errorf("%s: score %d, want %d", s.name, got, s.wantScore)
		}
		if got := cityArchitectsLines(base, cover); got != 0 {
			t.Errorf("%s: Architects lines %d, want 0", s.name, got)
		}
	}
	if !cityOneType(cover, cityDistrictPlots(1)) {
		t.Error("district 1 (one market) should be one type for the Architects")
	}
	if got := cityRows(base, cover); got != [9]bool{1: true} {
		t.Errorf("rows %v, want only row 1", got)
	}
	if got := cityCols(base, cover); got != [9]bool{5: true} {
		t.Errorf("cols %v, want only column 5", got)
	}
	want := []string{
		"...LLm...",
		"XXhLLXXXf",
		"...XXX...",
		"...XXXXX.",
		".....XX..",
		".XXXPP..X",
		"..X.PP...",
		"....PP.X.",
		"..X..a...",
	}
	if got := cityTestRender(base, cover, map[byte]byte{lighthouse: 'L', launchPad: 'P'}); !slices.Equal(got, want) {
		t.Errorf("final grid\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestCityShapes(t *testing.T) {
	tests := []struct {
		name      string
		footprint []string
		wantRots  []int
	}{
		{"lighthouse", cityTestLighthouse, []int{0}},
		{"train station", cityTestTrainStation, []int{0}},
		{"launch pad", cityTestLaunchPad, []int{0, 1}},
		{"academy", cityTestAcademy, []int{0, 1}},
		{"library", cityTestLibrary, []int{0, 1}},
		{"rubber works", cityTestRubberWorks, []int{0, 1, 2, 3}},
		{"fusion reactor", cityTestFusion, []int{0, 1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			shapes, rots := cityShapes(tt.footprint)
			if !slices.Equal(rots, tt.wantRots) || len(shapes) != len(rots) {
				t.Errorf("rotations %v (%d shapes), want %v", rots, len(shapes), tt.wantRots)
			}
		})
	}
}

func TestCityCells(t *testing.T) {
	tests := []struct {
		name      string
		footprint []string
		place     CityPlacement
		want      []int
	}{
		{"launch pad upright", cityTestLaunchPad, CityPlacement{0, 0, 0}, []int{0, 1, 9, 10, 18, 19}},
		{"launch pad lying", cityTestLaunchPad, CityPlacement{0, 0, 1}, []int{0, 1, 2, 9, 10, 11}},
		// Fusion Reactor's missing corner is top-left, then top-right after a clockwise turn.
		{"fusion reactor rot 0", cityTestFusion, CityPlacement{0, 0, 0}, []int{1, 2, 9, 10, 11, 18, 19, 20}},
		{"fusion reactor rot 1", cityTestFusion, CityPlacement{0, 0, 1}, []int{0, 1, 9, 10, 11, 18, 19, 20}},
		{"fusion reactor rot 2", cityTestFusion, CityPlacement{0, 0, 2}, []int{0, 1, 2, 9, 10, 11, 18, 19}},
		{"fusion reactor rot 3", cityTestFusion, CityPlacement{0, 0, 3}, []int{0, 1, 2, 9, 10, 11, 19, 20}},
		{"overhang top-left", cityTestLighthouse, CityPlacement{-1, -1, 0}, []int{0}},
		{"overhang bottom-right", cityTestTrainStation, CityPlacement{7, 7, 0}, []int{70, 71, 79, 80}},
		{"off the grid", cityTestLighthouse, CityPlacement{-2, 0, 0}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cityCells(tt.footprint, tt.place); !slices.Equal(got, tt.want) {
				t.Errorf("cells %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCityLandmarkPlacements(t *testing.T) {
	mat1 := cityTestBase(1)
	open := cityTestEmpty
	tests := []struct {
		name      string
		base      string
		cover     string
		footprint []string
		place     CityPlacement
		terraform bool
		want      bool
	}{
		{"overhang with open in-grid plot", mat1, cityTestEmpty, cityTestLighthouse, CityPlacement{-1, -1, 0}, false, true},
		{"overhang onto impassable", mat1, cityTestEmpty, cityTestLighthouse, CityPlacement{0, -1, 0}, false, false},
		{"zero in-grid plots", open, cityTestEmpty, cityTestLighthouse, CityPlacement{-2, 0, 0}, false, false},
		{"only the missing corner in grid", open, cityTestEmpty, cityTestRubberWorks, CityPlacement{7, 7, 0}, false, false},
		{"corner in grid after a turn", open, cityTestEmpty, cityTestRubberWorks, CityPlacement{7, 7, 2}, false, true},
		{"over impassable", mat1, cityTestEmpty, cityTestLighthouse, CityPlacement{1, 0, 0}, false, false},
		{"over impassable with terraform", mat1, cityTestEmpty, cityTestLighthouse, CityPlacement{1, 0, 0}, true, true},
		{"over a building", mat1, cityPlace(cityTestEmpty, []int{0}, 'f'), cityTestLighthouse, CityPlacement{0, 0, 0}, true, false},
		{"duplicate rotation not listed", open, cityTestEmpty, cityTestLighthouse, CityPlacement{0, 0, 1}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := cityLandmarkPlacements(tt.base, tt.cover, tt.footprint, tt.terraform)
			if got := slices.Contains(list, tt.place); got != tt.want {
				t.Errorf("placement %v listed = %v, want %v", tt.place, got, tt.want)
			}
		})
	}

	list := cityLandmarkPlacements(open, cityTestEmpty, cityTestLaunchPad, false)
	if len(list) != 11*10+10*11 {
		t.Errorf("launch pad on an open grid: %d placements, want 220", len(list))
	}
	if !slices.IsSortedFunc(list, func(a, b CityPlacement) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Rot, b.Rot))
	}) {
		t.Error("placements not sorted by Row, Col, Rot")
	}
	if !cityCoversImpassable(mat1, cityCells(cityTestLighthouse, CityPlacement{1, 0, 0})) ||
		cityCoversImpassable(mat1, cityCells(cityTestLighthouse, CityPlacement{0, 3, 0})) {
		t.Error("cityCoversImpassable wrong")
	}
}

func TestCityFullGrid(t *testing.T) {
	mat1 := cityTestBase(1)
	full := cityPlace(cityTestEmpty, cityOpenPlots(mat1, cityTestEmpty, false), 'f')
	if n := len(cityOpenPlots(mat1, cityTestEmpty, false)); n != 81-22 {
		t.Errorf("mat 1 has %d open plots, want 59", n)
	}
	if got := cityOpenPlots(mat1, full, false); len(got) != 0 {
		t.Errorf("full grid open plots %v, want none", got)
	}
	if got := cityLandmarkPlacements(mat1, full, cityTestLighthouse, false); len(got) != 0 {
		t.Errorf("full grid landmark placements %v, want none", got)
	}
	if n := len(cityOpenPlots(mat1, full, true)); n != 22 {
		t.Errorf("full grid with terraform: %d open plots, want 22", n)
	}
	if got := cityScore(mat1, full); got != 18 {
		t.Errorf("full grid score %d, want 18", got)
	}
	if got := cityArchitectsLines(mat1, full); got != 18 {
		t.Errorf("all-farm grid Architects lines %d, want 18", got)
	}
}

func TestCityTwoDistrictsAtOnce(t *testing.T) {
	open := cityTestEmpty
	// Fill districts 0 and 1 except the 2×2 block at rows 0-1, columns 2-3.
	var rest []int
	for _, i := range append(cityDistrictPlots(0), cityDistrictPlots(1)...) {
		if r, c := i/CitySize, i%CitySize; r > 1 || c < 2 || c > 3 {
			rest = append(rest, i)
		}
	}
	before := cityPlace(cityTestEmpty, rest, 'h')
	after := cityPlace(before, cityCells(cityTestLighthouse, CityPlacement{0, 2, 0}), 'A')
	if got := cityNewDistricts(open, before, after); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("new districts %v, want [0 1]", got)
	}
	if got := cityNewDistricts(open, after, after); got != nil {
		t.Errorf("no change gave new districts %v", got)
	}
}

func TestCityOneType(t *testing.T) {
	row0 := cityRowPlots(0)
	tests := []struct {
		name string
		row  string // row 0 of the cover
		want bool
	}{
		{"empty", ".........", false},
		{"landmarks only", "AAB......", false},
		{"one farm", "f........", true},
		{"farms and landmarks", "fAAf.ff..", true},
		{"farm and house", "f.......h", false},
		{"markets", "mmmmm....", true},
		{"armory and market", "aBBm.....", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cover := tt.row + cityTestEmpty[CitySize:]
			if got := cityOneType(cover, row0); got != tt.want {
				t.Errorf("cityOneType = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCityPlots(t *testing.T) {
	if got := cityDistrictPlots(4); !slices.Equal(got, []int{30, 31, 32, 39, 40, 41, 48, 49, 50}) {
		t.Errorf("district 4 plots %v", got)
	}
	if got := cityRowPlots(8); got[0] != 72 || got[8] != 80 {
		t.Errorf("row 8 plots %v", got)
	}
	if got := cityColPlots(2); got[0] != 2 || got[8] != 74 {
		t.Errorf("column 2 plots %v", got)
	}
	// The tables are shared: an append to one must copy it, not write
	// into the next district's plots.
	joined := append(cityDistrictPlots(0), 99)
	joined[0] = 99
	if got := cityDistrictPlots(0); got[0] != 0 || len(got) != CitySize {
		t.Errorf("district 0 plots %v after an append to them", got)
	}
	if got := cityDistrictPlots(1); got[0] != 3 {
		t.Errorf("district 1 plots %v after an append to district 0's", got)
	}
	for n := 1; n <= 6; n++ {
		base := cityTestBase(n)
		if c := strings.Count(base, "X"); c != 22 {
			t.Errorf("mat %d has %d impassable plots, want 22", n, c)
		}
		if cityScore(base, cityTestEmpty) != 0 || cityDistricts(base, cityTestEmpty) != [9]bool{} {
			t.Errorf("mat %d starts with something complete", n)
		}
	}
}
