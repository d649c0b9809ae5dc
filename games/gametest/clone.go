package gametest

import (
	"bytes"
	"fmt"
	"reflect"

	"spindle/games"
)

// cloneMoves is how many actions checkClone applies to fresh clones per
// node (in Run's mode; a fuzz run applies one).
const cloneMoves = 4

// checkClone checks a state's games.Cloner, when it has one, at every node:
// Clone must leave the original unchanged, be deeply equal to it (unexported
// fields included) and encode to the same JSON, share no mutable memory
// with it (slice backing arrays, maps, pointers), and playing actions on the
// clone (a sample of every acting seat's legal actions, or a chance outcome
// sampled with the check stream) must leave the original's encoding as it
// was.
func (r *runner[S, A, V]) checkClone(before []byte, n node[A, V]) error {
	c, ok := any(&r.s).(games.Cloner[S])
	if !ok {
		return nil
	}
	cp := c.Clone()
	if err := r.unchanged(before, "Clone"); err != nil {
		return err
	}
	if !reflect.DeepEqual(r.s, cp) {
		b, _ := r.encode(&cp)
		return fail("clone", "Clone is not deeply equal to the state: %s", firstDiff(before, b))
	}
	b, err := r.encode(&cp)
	if err != nil {
		return err
	}
	if !bytes.Equal(before, b) {
		return fail("clone", "Clone encodes differently from the state: %s", firstDiff(before, b))
	}
	if path, ok := shares(reflect.ValueOf(&r.s).Elem(), reflect.ValueOf(&cp).Elem(), "state"); ok {
		return fail("clone", "Clone shares memory with the state at %s", path)
	}
	moves := cloneMoves
	if r.m.fuzz {
		moves = 1
	}
	for _, seat := range n.toAct {
		var acts []A
		if seat == games.Chance && len(n.legal[seat]) == 0 {
			acts = []A{r.g.Sample(&cp, r.check)}
			if err := r.unchanged(before, "Sample on a clone"); err != nil {
				return err
			}
		} else {
			for range min(moves, len(n.legal[seat])) {
				acts = append(acts, n.legal[seat][r.check.IntN(len(n.legal[seat]))])
			}
		}
		for _, a := range acts {
			next := c.Clone()
			if _, err := tryApply(r.g, &next, seat, a); err != nil {
				return fail("clone", "Apply(%s, %q) on a clone failed: %v", seat, a.Key(), err)
			}
			if err := r.unchanged(before, fmt.Sprintf("Apply(%s, %q) on a clone", seat, a.Key())); err != nil {
				return fail("clone", "%v", err)
			}
			if !reflect.DeepEqual(r.s, cp) {
				return fail("clone", "Apply(%s, %q) on a clone changed an earlier clone", seat, a.Key())
			}
		}
	}
	return nil
}

// shares reports the first place (a Go path from root) where a and b, two
// values of the same type, share mutable memory: the same non-nil pointer
// or map, or slices whose backing arrays overlap. Strings are immutable
// and functions and channels cannot be copied, so they are not compared.
func shares(a, b reflect.Value, path string) (string, bool) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return "", false
		}
		if a.Pointer() == b.Pointer() {
			return path, true
		}
		return shares(a.Elem(), b.Elem(), "(*"+path+")")
	case reflect.Interface:
		if a.IsNil() || b.IsNil() || a.Elem().Type() != b.Elem().Type() {
			return "", false
		}
		return shares(a.Elem(), b.Elem(), path)
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return "", false
		}
		if a.Pointer() == b.Pointer() {
			return path, true
		}
		it := a.MapRange()
		for it.Next() {
			if !it.Key().CanInterface() {
				break // a map behind an unexported field: MapIndex refuses it
			}
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() {
				continue
			}
			if p, ok := shares(it.Value(), bv, fmt.Sprintf("%s[%v]", path, it.Key())); ok {
				return p, true
			}
		}
	case reflect.Slice:
		if a.Cap() == 0 || b.Cap() == 0 {
			return "", false
		}
		size := a.Type().Elem().Size()
		a0, b0 := a.Pointer(), b.Pointer()
		if size == 0 {
			return "", false
		}
		if a0 < b0+uintptr(b.Cap())*size && b0 < a0+uintptr(a.Cap())*size {
			return path, true
		}
		for i := range min(a.Len(), b.Len()) {
			if p, ok := shares(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); ok {
				return p, true
			}
		}
	case reflect.Array:
		for i := range a.Len() {
			if p, ok := shares(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); ok {
				return p, true
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if p, ok := shares(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); ok {
				return p, true
			}
		}
	}
	return "", false
}
