package imaging

import (
	"image"
	"image/color"
	"sync"
	"testing"
)

// spriteTestSpec is a card face with marks and a title.
func spriteTestSpec() CardSpec {
	return CardSpec{Title: "the Sprite", Value: "7", Marks: []Mark{SuitMark(0), SuitMark(3)}}
}

// TestSpriteMatchesDrawingInPlace draws a card face and a mark through the
// sprite cache (twice, so the second comes from the cache) and in place,
// at whole and fractional positions, and compares the pixels.
func TestSpriteMatchesDrawingInPlace(t *testing.T) {
	for _, at := range [][2]float64{{20, 30}, {20.25, 30.5}, {21.6, 30.9}} {
		var got [2]*image.RGBA
		for i := range got {
			c, err := NewCanvas(260, 300, Felt)
			if err != nil {
				t.Fatal(err)
			}
			c.CardFace(spriteTestSpec(), at[0], at[1], 150, 150*CardAspect)
			c.DrawMark(SuitMark(2), at[0]+200, at[1]+40, 22)
			got[i] = c.Image().(*image.RGBA)
		}
		want, err := NewCanvas(260, 300, Felt)
		if err != nil {
			t.Fatal(err)
		}
		want.cardFace(spriteTestSpec(), at[0], at[1], 150, 150*CardAspect)
		want.Push()
		SuitMark(2).Draw(want, SuitMark(2), at[0]+200, at[1]+40, 22)
		want.Pop()
		for i, img := range got {
			if n := differing(img, want.Image().(*image.RGBA), 40); n > 260*300/200 {
				t.Errorf("at %v, draw %d: %d pixels differ from drawing in place", at, i, n)
			}
		}
	}
}

// differing counts the pixels of a and b farther apart than tol in a
// channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for j := range 3 {
			if d := int(a.Pix[i+j]) - int(b.Pix[i+j]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

// TestSpriteCountsItsText checks that the text a sprite drew is counted on
// every canvas it is drawn on, from the cache too.
func TestSpriteCountsItsText(t *testing.T) {
	for range 2 {
		c, err := NewCanvas(200, 240, Felt)
		if err != nil {
			t.Fatal(err)
		}
		c.CardFace(spriteTestSpec(), 10, 10, 150, 150*CardAspect)
		if text, _ := c.SmallestText(); text == 0 {
			t.Fatal("a card face drawn as a sprite counted no text")
		}
	}
}

// TestSpriteFollowsTheKey checks that two drawings with different keys are
// not confused, and that a transformed canvas draws in place.
func TestSpriteFollowsTheKey(t *testing.T) {
	c, err := NewCanvas(100, 100, Felt)
	if err != nil {
		t.Fatal(err)
	}
	box := func(col color.RGBA) func(s *Canvas, x, y float64) {
		return func(s *Canvas, x, y float64) { s.Box(x, y, 40, 40, 4, col, Ink, 2) }
	}
	red, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}
	c.Sprite("test-red", 5, 5, 40, 40, 2, box(red))
	c.Sprite("test-blue", 55, 5, 40, 40, 2, box(blue))
	img := c.Image().(*image.RGBA)
	if got := img.RGBAAt(25, 25); got != red {
		t.Errorf("red box is %v", got)
	}
	if got := img.RGBAAt(75, 25); got != blue {
		t.Errorf("blue box is %v", got)
	}
	c.Push()
	c.Translate(0, 50)
	c.Sprite("test-red", 5, 5, 40, 40, 2, box(blue)) // in place: the key is not read
	c.Pop()
	if got := img.RGBAAt(25, 75); got != blue {
		t.Errorf("a transformed canvas used the cache: %v", got)
	}
}

// TestSpritesConcurrently draws the same sprites from many renders at
// once (run with -race).
func TestSpritesConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := NewCanvas(200, 240, Felt)
			if err != nil {
				t.Error(err)
				return
			}
			defer Release(c.Image())
			for j := range 5 {
				c.CardFace(spriteTestSpec(), float64(i+j), 10, 150, 150*CardAspect)
			}
		}()
	}
	wg.Wait()
}
