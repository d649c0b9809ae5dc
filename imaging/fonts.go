package imaging

import (
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Font names one of the embedded typefaces. Only the Go fonts compiled into
// the binary are used, never system fonts, so images are identical on every
// machine and in the container.
type Font uint8

// The embedded typefaces.
const (
	Regular Font = iota
	Bold
	Mono
	numFonts
)

var (
	fontsOnce sync.Once
	fontsErr  error
	parsed    [numFonts]*truetype.Font
)

// loadFonts parses the embedded TrueType data once per process. A parsed
// *truetype.Font is read-only and safe to share between goroutines.
func loadFonts() error {
	fontsOnce.Do(func() {
		for i, data := range [numFonts][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
			f, err := truetype.Parse(data)
			if err != nil {
				fontsErr = fmt.Errorf("imaging: parse embedded font %d: %w", i, err)
				return
			}
			parsed[i] = f
		}
	})
	return fontsErr
}

// faceKey identifies a face by typeface and pixel size.
type faceKey struct {
	font Font
	size int
}

// Faces caches font faces by typeface and size for one render. Faces from
// freetype keep a mutable glyph cache and are not safe for concurrent use,
// so each render owns its Faces while the parsed fonts are shared.
type Faces struct {
	m map[faceKey]font.Face
}

// NewFaces returns an empty face cache, parsing the embedded fonts on first
// use.
func NewFaces() (*Faces, error) {
	if err := loadFonts(); err != nil {
		return nil, err
	}
	return &Faces{m: make(map[faceKey]font.Face)}, nil
}

// Face returns the face of f at size pixels (rounded to a whole pixel and at
// least 6), creating it on first use.
func (fc *Faces) Face(f Font, size float64) font.Face {
	px := int(size + 0.5)
	if px < 6 {
		px = 6
	}
	k := faceKey{f, px}
	if face, ok := fc.m[k]; ok {
		return face
	}
	face := truetype.NewFace(parsed[f], &truetype.Options{
		Size:    float64(px),
		DPI:     72,
		Hinting: font.HintingFull,
	})
	fc.m[k] = face
	return face
}
