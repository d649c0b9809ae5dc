package archravels

// Payment enumeration: every multiset of n tokens that satisfies a colour
// rule, optionally bounded by what a bowl holds. Multisets are produced in
// canonical key order of their codes' generation (colours ascending), and
// callers sort keys anyway.

// multisets lists every Yarn of exactly n tokens, bounded by bound when
// bounded is set.
func multisets(n int, bound Yarn, bounded bool) []Yarn {
	var out []Yarn
	var y Yarn
	var rec func(c, left int)
	rec = func(c, left int) {
		if c == NumColours-1 {
			if bounded && left > bound[c] {
				return
			}
			y[c] = left
			out = append(out, y)
			y[c] = 0
			return
		}
		for k := 0; k <= left; k++ {
			if bounded && k > bound[c] {
				break
			}
			y[c] = k
			rec(c+1, left-k)
		}
		y[c] = 0
	}
	rec(0, n)
	return out
}

// RulePayments lists the payments of n tokens satisfying rule, within bowl
// when bounded (crafting) or free (frogging gains).
func RulePayments(rule Rule, n int, bowl Yarn, bounded bool) []Yarn {
	var out []Yarn
	for _, y := range multisets(n, bowl, bounded) {
		if rule.Satisfies(y, n) {
			out = append(out, y)
		}
	}
	return out
}

// Current pattern of an item for a player: exact colours (ok, exact) or a
// general rule with a token count.
func (p *Player) pattern(item int) (rule Rule, n int, exact Yarn) {
	it := Items[item]
	if !it.Tiled() {
		return it.Rule, it.Yarn, Yarn{}
	}
	t := p.Tiles[slotOf(item)]
	if t.Learned {
		b := Backs[it.ID]
		return b.Rule, b.Yarn, Yarn{}
	}
	tile, _ := TileOf(item, t.Code)
	return Exact, it.Yarn, tile.Exact
}

// ItemPayments lists the payments of an item's current pattern the bowl
// can afford (bounded) or every colour set its pattern allows (free, for
// frogging).
func (p *Player) ItemPayments(item int, bowl Yarn, bounded bool) []Yarn {
	rule, n, exact := p.pattern(item)
	if rule == Exact {
		if bounded && !bowl.Covers(exact) {
			return nil
		}
		return []Yarn{exact}
	}
	return RulePayments(rule, n, bowl, bounded)
}

// RequestPayments lists the complete payments of a rule-based or exact
// request the bowl can afford; any-colour and gift costs are entered
// token by token and are not listed here (stepwise reports them).
func RequestPayments(r Request, bowl Yarn) (pays []Yarn, stepwise bool) {
	switch r.Rule {
	case Exact:
		if bowl.Covers(r.Exact) {
			return []Yarn{r.Exact}, false
		}
		return nil, false
	case OneColour, AllDifferent:
		return RulePayments(r.Rule, r.N, bowl, true), false
	}
	return nil, true
}
