package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"runtime"
	"sync"
)

// The render pool bounds and recycles what one picture costs: at most
// renderSlots pictures are drawn at once (so memory stays bounded however
// many moves are in flight), and the canvases and font faces of a finished
// picture are handed to the next one instead of being allocated and zeroed
// again.

// renderSlots is a semaphore of about GOMAXPROCS renders.
var renderSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

// pool holds reusable pixel buffers and remembers which Faces each live
// canvas borrowed, so Release can give both back. Buffers are kept by
// capacity, not by picture size: a table whose picture grows a few rows
// from one move to the next still reuses the same buffer.
var pool struct {
	sync.Mutex
	free   [][]byte
	bytes  int
	owners map[*image.RGBA]*Faces
}

// poolBytes bounds the pixel memory kept for reuse.
const poolBytes = 48 << 20

// bufferStep rounds new pixel buffers up, so one buffer serves pictures of
// nearby sizes.
const bufferStep = 1 << 20

// maxOwners bounds the canvases remembered for Release; canvases whose
// picture is never released (tests, one-off charts) are forgotten past it
// and left to the garbage collector.
const maxOwners = 64

// takeRGBA returns a w×h picture over a recycled buffer when a free one is
// large enough (the smallest such), else over a new one. Its pixels are
// undefined: NewCanvas paints the background over all of it.
func takeRGBA(w, h int) *image.RGBA {
	need := 4 * w * h
	pool.Lock()
	best := -1
	for i, b := range pool.free {
		if cap(b) >= need && (best < 0 || cap(b) < cap(pool.free[best])) {
			best = i
		}
	}
	var buf []byte
	if best >= 0 {
		buf = pool.free[best]
		last := len(pool.free) - 1
		pool.free[best], pool.free[last] = pool.free[last], nil
		pool.free = pool.free[:last]
		pool.bytes -= cap(buf)
	}
	pool.Unlock()
	if buf == nil {
		buf = make([]byte, 0, (need+bufferStep-1)/bufferStep*bufferStep)
	}
	return &image.RGBA{Pix: buf[:need], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
}

// own records that img was drawn with fc.
func own(img *image.RGBA, fc *Faces) {
	pool.Lock()
	defer pool.Unlock()
	if pool.owners == nil || len(pool.owners) >= maxOwners {
		pool.owners = make(map[*image.RGBA]*Faces)
	}
	pool.owners[img] = fc
}

// Release hands the canvas behind img (and the font faces it used) back for
// reuse. The caller must not touch img afterwards. Images that did not come
// from NewCanvas are ignored.
func Release(img image.Image) {
	rgba, ok := img.(*image.RGBA)
	if !ok {
		return
	}
	pool.Lock()
	fc, owned := pool.owners[rgba]
	delete(pool.owners, rgba)
	if owned && pool.bytes+cap(rgba.Pix) <= poolBytes {
		pool.free = append(pool.free, rgba.Pix[:0])
		pool.bytes += cap(rgba.Pix)
	}
	pool.Unlock()
	if owned {
		GiveFaces(fc)
	}
}

// pngBuffers recycles the encoder's output buffers.
var pngBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// encoderBuffers lets the PNG encoder reuse its zlib writer and row buffers.
type encoderBuffers struct{ p sync.Pool }

func (e *encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderBuffers) Put(b *png.EncoderBuffer) { e.p.Put(b) }

var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers{}}

// PNG encodes img as PNG, favouring speed over size.
func PNG(img image.Image) ([]byte, error) {
	buf := pngBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer pngBuffers.Put(buf)
	if rgba, ok := img.(*image.RGBA); ok {
		err := fastPNG(buf, rgba)
		if err == nil && buf.Len() > MaxPNGBytes {
			// A crowded picture: write it paletted instead.
			buf.Reset()
			err = pngEncoder.Encode(buf, quantize(rgba))
		}
		if err == nil {
			return bytes.Clone(buf.Bytes()), nil
		}
		if !errors.Is(err, errTranslucent) {
			return nil, fmt.Errorf("imaging: encode png: %w", err)
		}
		buf.Reset()
	}
	if err := pngEncoder.Encode(buf, img); err != nil {
		return nil, fmt.Errorf("imaging: encode png: %w", err)
	}
	return bytes.Clone(buf.Bytes()), nil
}

// Slot waits for one of the render slots and returns the function that
// gives it back. Whatever draws and encodes a picture for the bot holds a
// slot meanwhile, so memory stays bounded however many moves arrive.
func Slot() (release func()) {
	renderSlots <- struct{}{}
	return func() { <-renderSlots }
}

// DrawPNG draws a picture with draw and encodes it, holding a render slot
// meanwhile, as the bot pays for one picture: the canvas and its faces go
// back to the pool as soon as the bytes are out.
func DrawPNG(draw func() (image.Image, error)) ([]byte, error) {
	defer Slot()()
	img, err := draw()
	if err != nil {
		return nil, err
	}
	defer Release(img)
	return PNG(img)
}
