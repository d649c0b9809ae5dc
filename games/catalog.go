package games

import (
	"fmt"
	"sort"
)

// Catalog is the set of enabled games. It is built in main from explicit
// Bind calls; there is no init-time self-registration.
type Catalog struct {
	kinds map[string]Kind
	ids   []string
}

// NewCatalog builds a catalog; two kinds with one ID is an error.
func NewCatalog(kinds ...Kind) (*Catalog, error) {
	c := &Catalog{kinds: map[string]Kind{}}
	for _, k := range kinds {
		id := k.Info().ID
		if _, dup := c.kinds[id]; dup {
			return nil, fmt.Errorf("games: catalog has %q twice", id)
		}
		c.kinds[id] = k
		c.ids = append(c.ids, id)
	}
	sort.Strings(c.ids)
	return c, nil
}

// Get returns the kind with the given ID.
func (c *Catalog) Get(id string) (Kind, error) {
	k, ok := c.kinds[id]
	if !ok {
		return nil, fmt.Errorf("games: %q: %w", id, ErrUnknownGame)
	}
	return k, nil
}

// Games lists the enabled games' infos sorted by ID.
func (c *Catalog) Games() []Info {
	out := make([]Info, 0, len(c.ids))
	for _, id := range c.ids {
		out = append(out, c.kinds[id].Info())
	}
	return out
}

// New creates a table of game id; see Kind.New.
func (c *Catalog) New(id string, opts Options, seats int, seed [2]uint64) (Table, []Step, error) {
	k, err := c.Get(id)
	if err != nil {
		return nil, nil, err
	}
	return k.New(opts, seats, seed)
}

// Decode restores a table from stored envelope bytes, refusing an unknown
// schema or game and a newer rules version.
func (c *Catalog) Decode(b []byte) (Table, error) {
	env, err := ParseEnvelope(b)
	if err != nil {
		return nil, err
	}
	k, err := c.Get(env.Game)
	if err != nil {
		return nil, err
	}
	return k.Decode(env)
}

// Replay rebuilds a table from stored envelope bytes (header only) and a log.
func (c *Catalog) Replay(b []byte, log []Step) (Table, error) {
	env, err := ParseEnvelope(b)
	if err != nil {
		return nil, err
	}
	k, err := c.Get(env.Game)
	if err != nil {
		return nil, err
	}
	return k.Replay(env, log)
}
