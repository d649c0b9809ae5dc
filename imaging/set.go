package imaging

import (
	"fmt"
	"image"
)

// Layout draws one picture of a view of type V.
type Layout[V any] func(V, Options) (image.Image, error)

// Set is one game's pictures, for its view type V: the three every game has
// and, in Extra, the kinds it offers besides (such as Players). Each game's
// picture package exports its Set; the pictures package dispatches on the
// view's type through them.
type Set[V any] struct {
	Table, Panel, Scoring Layout[V]
	Extra                 map[Kind]Layout[V]
}

// layout is the game's layout for kind, or nil when it has none.
func (s Set[V]) layout(kind Kind) Layout[V] {
	switch kind {
	case Table:
		return s.Table
	case Panel:
		return s.Panel
	case Scoring:
		return s.Scoring
	}
	return s.Extra[kind]
}

// Offers reports whether view is this game's: a V or a *V (nil included).
func (s Set[V]) Offers(view any) bool {
	switch view.(type) {
	case V, *V:
		return true
	}
	return false
}

// Has reports whether the set has a picture of kind for view: false for
// another game's view and for a nil pointer.
func (s Set[V]) Has(kind Kind, view any) bool {
	switch x := view.(type) {
	case V:
	case *V:
		if x == nil {
			return false
		}
	default:
		return false
	}
	return s.layout(kind) != nil
}

// Render draws the picture of kind for view, a V or a *V. A kind the game
// does not offer fails with ErrNoPicture when it is an optional kind
// (Players), and as unknown otherwise.
func (s Set[V]) Render(kind Kind, view any, opt Options) (image.Image, error) {
	var v V
	switch x := view.(type) {
	case V:
		v = x
	case *V:
		if x == nil {
			return nil, fmt.Errorf("imaging: nil %T", view)
		}
		v = *x
	default:
		return nil, fmt.Errorf("imaging: %T is not a view of this game", view)
	}
	layout := s.layout(kind)
	switch {
	case layout == nil && kind == Players:
		return nil, fmt.Errorf("%w: %s for %T", ErrNoPicture, kind, v)
	case layout == nil:
		return nil, fmt.Errorf("imaging: unknown picture kind %q", kind)
	}
	return layout(v, opt)
}
