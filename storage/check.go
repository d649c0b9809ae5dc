package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrDamaged: the database file is not a whole bbolt file (empty,
// truncated, or with neither of its two meta pages intact). Open refuses
// it with a message that says what to do, instead of letting bbolt start
// an empty database over it or crash on a page past the end of the file.
var ErrDamaged = errors.New("storage: database file is damaged")

// The parts of bbolt's file format checkFile reads: each of the first two
// pages holds a meta record after the 16-byte page header.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	pageHeaderSize = 16
	metaSize       = 64 // magic .. checksum
	metaSumOffset  = 56 // the checksum covers the bytes before it
	minPageSize    = 1024
)

// boltMeta is what checkFile needs from a meta page.
type boltMeta struct {
	pageSize uint32
	root     uint64 // the page of the root bucket
	freelist uint64 // the freelist page, or noFreelist
	highMark uint64 // pages in use: the file must hold at least these
	txid     uint64
}

// readMeta decodes and verifies the meta record in page bytes p.
func readMeta(p []byte) (boltMeta, bool) {
	if len(p) < pageHeaderSize+metaSize {
		return boltMeta{}, false
	}
	m := p[pageHeaderSize : pageHeaderSize+metaSize]
	le := binary.LittleEndian
	if le.Uint32(m[0:]) != boltMagic || le.Uint32(m[4:]) != boltVersion {
		return boltMeta{}, false
	}
	h := fnv.New64a()
	h.Write(m[:metaSumOffset])
	if h.Sum64() != le.Uint64(m[metaSumOffset:]) {
		return boltMeta{}, false
	}
	return boltMeta{pageSize: le.Uint32(m[8:]), root: le.Uint64(m[16:]), freelist: le.Uint64(m[32:]),
		highMark: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, true
}

// restoreHint says what to do with a damaged file.
const restoreHint = "restore it from a backup (`spindle backup`, or the admin /backup), or move it aside to start a new, empty database"

// checkFile looks at an existing database file before bbolt maps it for
// writing. A missing file is fine (Open creates a new database); an empty
// one, one with no intact meta page, one shorter than its meta says, or
// one whose pages in use fail checkPages is refused with ErrDamaged: bbolt
// trusts its pages and would panic on a damaged one (in a goroutine of its
// own while it rebuilds the freelist, where no recover can reach), or
// later on a read. The pages are walked under bbolt's shared lock, taken
// with a read-only open that reads nothing but the meta pages, so a
// process running on the file is reported as ErrInUse (after timeout)
// and no writer moves pages while they are read.
func checkFile(path string, timeout time.Duration) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", path, err)
	}
	defer f.Close()
	if _, err := lastMeta(f, path); err != nil {
		return err
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: timeout})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("storage: database %s is in use by another process: %w", path, ErrInUse)
	}
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", path, err)
	}
	defer db.Close()
	m, err := lastMeta(f, path) // a commit may have come before the lock
	if err != nil {
		return err
	}
	if err := checkPages(f, m); err != nil {
		return fmt.Errorf("storage: %s is damaged: %v; %s: %w", path, err, restoreHint, ErrDamaged)
	}
	return nil
}

// lastMeta returns the meta record of the file's last commit, refusing a
// file that is empty, has no intact meta page or is shorter than that
// commit needs.
func lastMeta(f *os.File, path string) (boltMeta, error) {
	st, err := f.Stat()
	if err != nil {
		return boltMeta{}, fmt.Errorf("storage: stat %s: %w", path, err)
	}
	size := st.Size()
	restore := restoreHint
	if size == 0 {
		return boltMeta{}, fmt.Errorf("storage: %s is empty (0 bytes), not a Spindle database; %s: %w", path, restore, ErrDamaged)
	}
	head := make([]byte, 2*65536)
	n, err := f.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return boltMeta{}, fmt.Errorf("storage: read %s: %w", path, err)
	}
	head = head[:n]
	best, ok := readMeta(head)
	if ok && best.pageSize >= minPageSize && int(best.pageSize) < len(head) {
		if m2, ok2 := readMeta(head[best.pageSize:]); ok2 && m2.txid > best.txid {
			best = m2
		}
	} else {
		// The first meta page is damaged: find the second one by trying
		// the page sizes bbolt uses.
		ok = false
		for ps := minPageSize; ps <= 65536 && ps < len(head); ps *= 2 {
			if m2, ok2 := readMeta(head[ps:]); ok2 && int(m2.pageSize) == ps {
				best, ok = m2, true
				break
			}
		}
	}
	if !ok {
		return boltMeta{}, fmt.Errorf("storage: %s has no intact meta page (%d bytes): it is not a bbolt database or it is damaged; %s: %w", path, size, restore, ErrDamaged)
	}
	if best.pageSize < minPageSize || best.pageSize > 65536 {
		return boltMeta{}, fmt.Errorf("storage: %s has a page size of %d bytes, which bbolt never writes; %s: %w", path, best.pageSize, restore, ErrDamaged)
	}
	if best.highMark > uint64(size)/uint64(best.pageSize) {
		return boltMeta{}, fmt.Errorf("storage: %s is truncated: %d bytes, its last commit needs %d; %s: %w", path, size, best.highMark*uint64(best.pageSize), restore, ErrDamaged)
	}
	return best, nil
}

// Check runs bbolt's full consistency check (every page reachable once,
// every key in order) and returns the first problem found, wrapped with
// ErrDamaged. It reads the whole file: `spindle check` and Options.Check
// use it, the bot's normal start-up does not.
func (s *Store) Check() error {
	if s.bdb == nil {
		return s.pg.check()
	}
	return s.bdb.View(func(tx *bolt.Tx) error {
		var first error
		for err := range tx.Check() { // drained: the checker reads the tx until it closes
			if first == nil {
				first = fmt.Errorf("storage: %s fails its consistency check: %v: %w", s.path, err, ErrDamaged)
			}
		}
		return first
	})
}
