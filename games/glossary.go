package games

// Entry is one named thing of a game that players may look up in chat: a
// card, a tile, a landmark, an achievement. Kind says what sort of thing
// it is, in a few lower-case words ("tech card", "landmark"); Name is its
// name as the game shows it; Text describes it in plain English, in our
// own words, short enough for one Discord embed (a few hundred
// characters, at most 1000).
type Entry struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// Glossary is implemented by games whose components can be looked up by
// name (/rules lookup). Entries lists every entry, each name unique within
// its kind; it is called often (every autocomplete keystroke), so a game
// should build the list once and return it.
type Glossary interface {
	Entries() []Entry
}

// Glossary returns the bound game's look-up entries, or nil when the game
// has none.
func (k kind[S, A, V]) Glossary() []Entry {
	if g, ok := any(k.g).(Glossary); ok {
		return g.Entries()
	}
	return nil
}
