package tapestry

import (
	"errors"
	"image"
	"image/draw"

	"spindle/imaging"
)

// The board's prepared layers: what does not change from move to move
// (the track grid always; the map's terrain, islands and tile numbers
// until a tile is explored) is drawn once, kept, and copied under what
// moved. A layer is keyed by everything drawn on it, so a stale one is
// never used; the cache holds at most tpLayerBytes of layers (the least
// used out first), and a kept layer is never written again, so concurrent
// renders share it safely.

// errNotRGBA says a canvas is not a plain RGBA picture a layer can be
// copied onto; the caller then draws in place.
var errNotRGBA = errors.New("imaging: tapestry layer: canvas is not an RGBA picture")

// tpLayerBytes bounds the layers kept: a layer is about 1 MB, so some 16.
const tpLayerBytes = 32 << 20

// tpLayerCache is a bounded cache of prepared layers by key.
type tpLayerCache struct {
	*imaging.Cache[string, *image.RGBA]
}

// tpLayers are the board's prepared layers.
var tpLayers = tpLayerCache{imaging.NewCache[string, *image.RGBA](tpLayerBytes, func(l *image.RGBA) int { return len(l.Pix) })}

// paste copies the layer key, w×h, to c at (x, y), drawing it first with
// prepare (on a w×h canvas of the felt colour, at the origin) when it is
// not kept. x and y are whole pixels, so the copy matches drawing in place.
func (lc *tpLayerCache) paste(c *imaging.Canvas, key string, x, y, w, h int, prepare func(l *imaging.Canvas)) error {
	layer, ok := lc.Get(key)
	if !ok {
		l, err := imaging.NewCanvas(w, h, imaging.Felt)
		if err != nil {
			return err
		}
		prepare(l)
		img := l.Image()
		layer = image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(layer, layer.Rect, img, image.Point{}, draw.Src)
		imaging.Release(img)
		lc.Put(key, layer)
	}
	dst, ok := c.Image().(*image.RGBA)
	if !ok {
		return errNotRGBA
	}
	draw.Draw(dst, image.Rect(x, y, x+w, y+h), layer, image.Point{}, draw.Src)
	return nil
}
