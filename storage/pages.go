package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// The parts of bbolt's page format checkPages reads. A page starts with a
// 16-byte header (id, flags, element count, overflow pages); a branch page
// holds elements {pos, ksize, pgid} and a leaf page elements {flags, pos,
// ksize, vsize}, each 16 bytes, with pos counted from the element itself.
// A leaf element flagged as a bucket has a bucket header {root, sequence}
// as its value, followed by the bucket's own leaf page when root is 0
// (an inline bucket).
const (
	flagBranch    = 0x01
	flagLeaf      = 0x02
	flagFreelist  = 0x10
	flagBucket    = 0x01 // a leaf element that is a nested bucket
	elementSize   = 16
	bucketHdrSize = 16
	noFreelist    = ^uint64(0) // meta.freelist of a file whose freelist is not written
)

// pageWalker visits every page in use by a file's last commit, reading
// them with ReadAt and checking every bound bbolt would trust, so that a
// damaged page is reported as an error here instead of a panic (or a fault
// on an address past the file) inside bbolt.
type pageWalker struct {
	r    io.ReaderAt
	ps   int
	high uint64 // pages in use: every page id is below it
	seen []bool
	bufs [][]byte // one buffer per depth, so a parent's keys stay valid
}

// checkPages walks the tree of the commit described by m from its root
// bucket, every nested bucket and the freelist page, if the file has one.
// It returns the first problem found: a page id out of bounds or used
// twice, a page that names another id or has the wrong type, an element,
// key or value past the end of its page, keys out of order, a malformed
// bucket header, or a free page that is in use. It never panics, whatever
// the bytes.
func checkPages(r io.ReaderAt, m boltMeta) error {
	_, err := walkPages(r, m)
	return err
}

// walkPages is checkPages, which also returns the pages it found in use
// (the tree's and the freelist's, and the free pages the freelist lists).
func walkPages(r io.ReaderAt, m boltMeta) ([]bool, error) {
	if m.highMark < 2 {
		return nil, fmt.Errorf("its meta page counts %d pages in use", m.highMark)
	}
	w := &pageWalker{r: r, ps: int(m.pageSize), high: m.highMark, seen: make([]bool, m.highMark)}
	return w.seen, w.walk(m)
}

// walk checks the tree from the root bucket, then the freelist.
func (w *pageWalker) walk(m boltMeta) error {
	w.seen[0], w.seen[1] = true, true
	if err := w.page(m.root, 0, nil, nil); err != nil {
		return err
	}
	if m.freelist != noFreelist {
		return w.freelist(m.freelist)
	}
	return nil
}

// buf returns the buffer of depth, at least n bytes long.
func (w *pageWalker) buf(depth, n int) []byte {
	for len(w.bufs) <= depth {
		w.bufs = append(w.bufs, nil)
	}
	if cap(w.bufs[depth]) < n {
		w.bufs[depth] = make([]byte, n)
	}
	return w.bufs[depth][:n]
}

// read reads page id and its overflow pages, checks the header and marks
// the pages as seen.
func (w *pageWalker) read(id uint64, depth int) ([]byte, error) {
	if id < 2 || id >= w.high {
		return nil, fmt.Errorf("page %d is out of bounds (%d pages in use)", id, w.high)
	}
	b := w.buf(depth, w.ps)
	if _, err := w.r.ReadAt(b, int64(id)*int64(w.ps)); err != nil {
		return nil, fmt.Errorf("read page %d: %w", id, err)
	}
	if got := binary.LittleEndian.Uint64(b); got != id {
		return nil, fmt.Errorf("page %d calls itself page %d", id, got)
	}
	over := uint64(binary.LittleEndian.Uint32(b[12:]))
	if over >= w.high-id {
		return nil, fmt.Errorf("page %d runs %d pages past the end of the pages in use", id, over)
	}
	for p := id; p <= id+over; p++ {
		if w.seen[p] {
			return nil, fmt.Errorf("page %d is used twice", p)
		}
		w.seen[p] = true
	}
	if over > 0 {
		b = w.buf(depth, int(over+1)*w.ps)
		if _, err := w.r.ReadAt(b, int64(id)*int64(w.ps)); err != nil {
			return nil, fmt.Errorf("read page %d: %w", id, err)
		}
	}
	return b, nil
}

// page checks the branch or leaf page id, whose keys must lie in [lo, hi)
// (a nil bound is open), and everything below it.
func (w *pageWalker) page(id uint64, depth int, lo, hi []byte) error {
	b, err := w.read(id, depth)
	if err != nil {
		return err
	}
	switch flags := binary.LittleEndian.Uint16(b[8:]); flags {
	case flagBranch:
		return w.branch(id, b, depth, lo, hi)
	case flagLeaf:
		return w.leaf(id, b, depth, lo, hi)
	default:
		return fmt.Errorf("page %d has type %#x where a branch or leaf page belongs", id, flags)
	}
}

// span returns the size bytes at pos past the element at offset off of
// page bytes b (bbolt counts an element's pos from the element itself);
// ok is false when they lie past the end of b.
func span(b []byte, off int, pos, size uint64) ([]byte, bool) {
	start := uint64(off) + pos
	if start > uint64(len(b)) || size > uint64(len(b))-start {
		return nil, false
	}
	return b[start : start+size], true
}

// inOrder checks that key follows prev (or lies at or above lo for the
// first key) and lies below hi.
func inOrder(id uint64, i int, key, prev, lo, hi []byte) error {
	if i == 0 && lo != nil && bytes.Compare(key, lo) < 0 {
		return fmt.Errorf("page %d: its first key is below its parent's", id)
	}
	if i > 0 && bytes.Compare(key, prev) <= 0 {
		return fmt.Errorf("page %d: key %d is out of order", id, i)
	}
	if hi != nil && bytes.Compare(key, hi) >= 0 {
		return fmt.Errorf("page %d: key %d belongs to the next page", id, i)
	}
	return nil
}

// branch checks a branch page's elements and the pages they point to.
func (w *pageWalker) branch(id uint64, b []byte, depth int, lo, hi []byte) error {
	n := int(binary.LittleEndian.Uint16(b[10:]))
	if n == 0 {
		return fmt.Errorf("branch page %d is empty", id)
	}
	keys := make([][]byte, n)
	children := make([]uint64, n)
	for i := range n {
		off := pageHeaderSize + i*elementSize
		if off+elementSize > len(b) {
			return fmt.Errorf("page %d: element %d lies past its end", id, i)
		}
		e := b[off : off+elementSize]
		key, ok := span(b, off, uint64(binary.LittleEndian.Uint32(e)), uint64(binary.LittleEndian.Uint32(e[4:])))
		if !ok {
			return fmt.Errorf("page %d: key %d lies past its end", id, i)
		}
		var prev []byte
		if i > 0 {
			prev = keys[i-1]
		}
		if err := inOrder(id, i, key, prev, lo, hi); err != nil {
			return err
		}
		keys[i], children[i] = key, binary.LittleEndian.Uint64(e[8:])
	}
	for i, child := range children {
		next := hi
		if i+1 < n {
			next = keys[i+1]
		}
		if err := w.page(child, depth+1, keys[i], next); err != nil {
			return err
		}
	}
	return nil
}

// leaf checks a leaf page's (or an inline bucket's) elements and the
// buckets nested in it. id names the page in messages (0 for an inline
// bucket).
func (w *pageWalker) leaf(id uint64, b []byte, depth int, lo, hi []byte) error {
	n := int(binary.LittleEndian.Uint16(b[10:]))
	var prev []byte
	for i := range n {
		off := pageHeaderSize + i*elementSize
		if off+elementSize > len(b) {
			return fmt.Errorf("page %d: element %d lies past its end", id, i)
		}
		e := b[off : off+elementSize]
		ksize := uint64(binary.LittleEndian.Uint32(e[8:]))
		kv, ok := span(b, off, uint64(binary.LittleEndian.Uint32(e[4:])), ksize+uint64(binary.LittleEndian.Uint32(e[12:])))
		if !ok {
			return fmt.Errorf("page %d: key or value %d lies past its end", id, i)
		}
		key, val := kv[:ksize], kv[ksize:]
		if err := inOrder(id, i, key, prev, lo, hi); err != nil {
			return err
		}
		prev = key
		if binary.LittleEndian.Uint32(e)&flagBucket == 0 {
			continue
		}
		if len(val) < bucketHdrSize {
			return fmt.Errorf("page %d: bucket %d has a short header", id, i)
		}
		if root := binary.LittleEndian.Uint64(val); root != 0 {
			if err := w.page(root, depth+1, nil, nil); err != nil {
				return err
			}
			continue
		}
		inline := val[bucketHdrSize:]
		if len(inline) < pageHeaderSize || binary.LittleEndian.Uint16(inline[8:]) != flagLeaf {
			return fmt.Errorf("page %d: inline bucket %d is not a leaf page", id, i)
		}
		if err := w.leaf(id, inline, depth, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// freelist checks the freelist page: its ids are in bounds and not in use.
func (w *pageWalker) freelist(id uint64) error {
	b, err := w.read(id, 0)
	if err != nil {
		return err
	}
	if flags := binary.LittleEndian.Uint16(b[8:]); flags != flagFreelist {
		return fmt.Errorf("page %d has type %#x where the freelist belongs", id, flags)
	}
	first, n := uint64(0), uint64(binary.LittleEndian.Uint16(b[10:]))
	if n == 0xFFFF { // the real count is the first element
		if len(b) < pageHeaderSize+8 {
			return fmt.Errorf("freelist page %d is short", id)
		}
		first, n = 1, binary.LittleEndian.Uint64(b[pageHeaderSize:])
	}
	room := uint64(len(b)-pageHeaderSize) / 8
	if first > room || n > room-first {
		return fmt.Errorf("freelist page %d lists %d pages past its end", id, n)
	}
	for i := first; i < first+n; i++ {
		p := binary.LittleEndian.Uint64(b[pageHeaderSize+8*i:])
		if p < 2 || p >= w.high {
			return fmt.Errorf("freelist page %d lists page %d, out of bounds", id, p)
		}
		if w.seen[p] {
			return fmt.Errorf("freelist page %d lists page %d, which is in use or listed twice", id, p)
		}
		w.seen[p] = true
	}
	return nil
}
