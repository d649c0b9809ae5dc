package tapestry

import (
	"errors"
	"image"
	"image/draw"
	"sync"

	"spindle/imaging"
)

// The board's prepared layers: what does not change from move to move
// (the track grid always; the map's terrain, islands and tile numbers
// until a tile is explored) is drawn once, kept, and copied under what
// moved. A layer is keyed by everything drawn on it, so a stale one is
// never used; the cache holds at most tpLayerMax layers (oldest out
// first), and a kept layer is never written again, so concurrent renders
// share it safely.

// errNotRGBA says a canvas is not a plain RGBA picture a layer can be
// copied onto; the caller then draws in place.
var errNotRGBA = errors.New("imaging: tapestry layer: canvas is not an RGBA picture")

// tpLayerMax bounds the layers kept: a layer is about 1 MB, so at most some 17 MB.
const tpLayerMax = 16

// tpLayerCache is a bounded cache of prepared layers by key.
type tpLayerCache struct {
	mu    sync.Mutex
	order []string
	m     map[string]*image.RGBA
}

// tpLayers are the board's prepared layers.
var tpLayers tpLayerCache

// clear drops every layer (tests measuring a whole render use it).
func (lc *tpLayerCache) clear() {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	lc.order, lc.m = nil, nil
}

// size is the number of layers kept.
func (lc *tpLayerCache) size() int {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	return len(lc.m)
}

// paste copies the layer key, w×h, to c at (x, y), drawing it first with
// prepare (on a w×h canvas of the felt colour, at the origin) when it is
// not kept. x and y are whole pixels, so the copy matches drawing in place.
func (lc *tpLayerCache) paste(c *imaging.Canvas, key string, x, y, w, h int, prepare func(l *imaging.Canvas)) error {
	lc.mu.Lock()
	layer := lc.m[key]
	lc.mu.Unlock()
	if layer == nil {
		l, err := imaging.NewCanvas(w, h, imaging.Felt)
		if err != nil {
			return err
		}
		prepare(l)
		img := l.Image()
		layer = image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(layer, layer.Rect, img, image.Point{}, draw.Src)
		imaging.Release(img)
		lc.mu.Lock()
		if lc.m == nil {
			lc.m = map[string]*image.RGBA{}
		}
		if _, ok := lc.m[key]; !ok {
			if len(lc.order) >= tpLayerMax {
				delete(lc.m, lc.order[0])
				lc.order = lc.order[1:]
			}
			lc.order = append(lc.order, key)
			lc.m[key] = layer
		}
		lc.mu.Unlock()
	}
	dst, ok := c.Image().(*image.RGBA)
	if !ok {
		return errNotRGBA
	}
	draw.Draw(dst, image.Rect(x, y, x+w, y+h), layer, image.Point{}, draw.Src)
	return nil
}
