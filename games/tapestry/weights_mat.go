package tapestry

import "slices"

// The weigher's worth of an income building: what uncovering the next
// space of its row on the income mat pays over the income turns left
// (its resources, tiles and cards on each income step, its VP on each
// scoring as the seat stands), plus what a building in the capital is
// worth for its lines and districts. A flat worth made the playouts and
// the tree blind to the mat, the AI's main source of VP.

// wPlot is the worth of a building's plot in the capital, beside its mat
// space.
const wPlot = 2.0

// buildingWorth is the worth, for the weigher's seat, of taking the next
// building of type name from its income mat.
func (w *weigher) buildingWorth(name string) float64 {
	b := slices.Index(BuildingNames[:], name)
	if b < 0 {
		return wBuilding
	}
	p := w.p
	if int(p.Taken[b]) >= 5 {
		return wPlot // the row is bare: the building is not gained
	}
	sp := &IncomeRows[b][int(p.Taken[b])+1]
	era := int(p.Era)
	scorings := float64(5 - max(era, 1))
	incomes := float64(max(0, 4-era))
	v := wPlot
	for _, e := range sp.Income {
		switch e.Do {
		case "gain":
			v += incomes * wRes * float64(e.Res.Total())
		case "territory_tiles":
			v += incomes * wTile * float64(max(1, e.N))
		case "tapestry_cards":
			v += incomes * wCard * float64(max(1, e.N))
		}
	}
	for _, e := range sp.VP {
		switch e.Do {
		case "vp":
			v += scorings * float64(e.N)
		case "vp_per":
			switch e.Per {
			case "tech_cards":
				// Tech cards still come: count one more than held.
				v += scorings * float64(e.Each*(p.TechCount()+1))
			case "controlled_territories":
				v += scorings * float64(e.Each*(w.s.Controlled(w.seat)+1))
			}
		case "score_capital":
			v += scorings * float64(w.s.capitalScore(w.seat)+1)
		}
	}
	return v
}
