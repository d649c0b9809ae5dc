package imaging

import (
	"fmt"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
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

// Faces caches font faces by typeface and size. Faces from freetype keep a
// mutable glyph-mask cache and are not safe for concurrent use, so a Faces
// belongs to one render at a time; renders borrow one from a free list
// (takeFaces) and give it back when their picture is encoded (giveFaces),
// so glyphs rasterised by one render are reused by the next. The parsed
// fonts and the glyph advances (advanceCache) are shared by all.
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
	face := measuredFace{Face: truetype.NewFace(parsed[f], &truetype.Options{
		Size:    float64(px),
		DPI:     72,
		Hinting: font.HintingFull,
	}), key: k}
	fc.m[k] = face
	return face
}

// freeFaces holds the Faces of finished renders for the next ones. It is
// bounded, so the glyph caches kept alive stay bounded too (each face holds
// a few hundred KiB of glyph masks).
var freeFaces = make(chan *Faces, 4)

// TakeFaces borrows a Faces from the free list, or makes a new one.
func TakeFaces() (*Faces, error) {
	select {
	case fc := <-freeFaces:
		return fc, nil
	default:
		return NewFaces()
	}
}

// GiveFaces returns fc to the free list; when the list is full it is left
// to the garbage collector.
func GiveFaces(fc *Faces) {
	if fc == nil {
		return
	}
	select {
	case freeFaces <- fc:
	default:
	}
}

// advanceKey identifies one glyph advance: typeface, pixel size and rune.
type advanceKey struct {
	face faceKey
	r    rune
}

// advanceEntry is a cached glyph advance and whether the font has the glyph.
type advanceEntry struct {
	adv fixed.Int26_6
	ok  bool
}

// advanceCache maps advanceKey to advanceEntry for every face of the
// process. Advances are pure functions of font, size and rune, so sharing
// them between goroutines is safe; freetype would otherwise load and hint
// the glyph again on every measurement.
var advanceCache sync.Map

// measuredFace is a freetype face whose glyph advances come from the shared
// advanceCache; drawing still goes through the face's own glyph cache.
type measuredFace struct {
	font.Face
	key faceKey
}

// GlyphAdvance returns the advance of r, measured once per process.
func (m measuredFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	k := advanceKey{m.key, r}
	if e, ok := advanceCache.Load(k); ok {
		a := e.(advanceEntry)
		return a.adv, a.ok
	}
	adv, ok := m.Face.GlyphAdvance(r)
	advanceCache.Store(k, advanceEntry{adv, ok})
	return adv, ok
}
