package imaging

import (
	"fmt"
	"testing"
)

func TestARGlyphs(t *testing.T) {
	loadFonts()
	for _, r := range "♥−·×…→–★✓✗●○≠" {
		fmt.Printf("%c %d %d\n", r, parsed[Regular].Index(r), parsed[Bold].Index(r))
	}
}
