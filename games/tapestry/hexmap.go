package tapestry

import "fmt"

// Hex is an axial map coordinate [a, b] (maps.yaml). Side k of a hex
// touches the neighbour at hexSides[k]; corner k is 0 TL, 1 TR, 2 R, 3 BR,
// 4 BL, 5 L of a flat-topped hex, and side k joins corners k and k+1.
type Hex struct{ A, B int8 }

// String writes the hex as "a,b".
func (h Hex) String() string { return fmt.Sprintf("%d,%d", h.A, h.B) }

var hexSides = [6]Hex{{-1, -1}, {-1, 0}, {0, 1}, {1, 1}, {1, 0}, {0, -1}}

// Neighbour is the hex across side k.
func (h Hex) Neighbour(k int) Hex { return Hex{h.A + hexSides[k].A, h.B + hexSides[k].B} }

// Adjacent reports whether two hexes share a side.
func (h Hex) Adjacent(o Hex) bool {
	for k := range hexSides {
		if h.Neighbour(k) == o {
			return true
		}
	}
	return false
}

// rotateCorners returns the corners a tile shows on the map when turned
// clockwise by r sixths: physical corner v shows the tile's corner
// (v - r) mod 6.
func rotateCorners(c string, r int) string {
	if len(c) != 6 {
		return c
	}
	b := make([]byte, 6)
	for v := range 6 {
		b[v] = c[((v-r)%6+6)%6]
	}
	return string(b)
}

// alignmentVP scores a newly placed hex with corners c (as placed) against
// its six neighbours' corners (an empty string for an unexplored or
// off-map neighbour): a side scores 1 when either of its two corner pairs
// matches (spec §7.1, R6).
func alignmentVP(c string, nb [6]string) int {
	vp := 0
	for k, n := range nb {
		if len(n) != 6 || len(c) != 6 {
			continue
		}
		if sideAligned(c, n, k) {
			vp++
		}
	}
	return vp
}

// sideAligned reports whether hex corners c and its side-k neighbour's
// corners n share a terrain at one of the side's two corner pairs; it
// returns the matching terrains for landmass connectivity.
func sideAligned(c, n string, k int) bool {
	return c[k] == n[(k+4)%6] || c[(k+1)%6] == n[(k+3)%6]
}
