package threadcount

import (
	"testing"

	"spindle/games/gametest"
)

// BenchmarkDriverGame plays one whole random 3-seat game per iteration
// through the driver, as a playout would.
func BenchmarkDriverGame(b *testing.B) { gametest.BenchGames(b, Game{}, nil, 3) }

// BenchmarkDriverPlay measures one driver Play (an action and the chance
// steps after it) in random 3-seat games.
func BenchmarkDriverPlay(b *testing.B) { gametest.BenchPlay(b, Game{}, nil, 3) }
