package games

// The lobby and the command line ask which player counts a game's options
// allow, and which option values would seat a given number of players. Both
// are answered by trying: Kind.Open refuses options that do not fit.

// fitSeed seeds the trial tables; Open draws no randomness.
var fitSeed = [2]uint64{1, 2}

// SeatCounts lists the seat counts, from k's minimum to its maximum, that
// k opens with under opts.
func SeatCounts(k Kind, opts Options) []int {
	var out []int
	for n := k.Info().MinSeats; n <= k.Info().MaxSeats; n++ {
		if _, err := k.Open(opts, n, fitSeed); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// Fix is one option's values that would let a game seat the players.
type Fix struct {
	Key, Label string
	Values     []string
}

// Fitting returns, for each option of k, the values that let k open with
// seats players when that option alone changes; empty when opts already
// fit or no single change helps.
func Fitting(k Kind, opts Options, seats int) []Fix {
	if _, err := k.Open(opts, seats, fitSeed); err == nil {
		return nil
	}
	var out []Fix
	for _, spec := range k.Info().Options {
		fix := Fix{Key: spec.Key, Label: spec.Label}
		for _, v := range spec.Values {
			try := Options{}
			for key, x := range opts {
				try[key] = x
			}
			try[spec.Key] = v
			if _, err := k.Open(try, seats, fitSeed); err == nil {
				fix.Values = append(fix.Values, v)
			}
		}
		if len(fix.Values) > 0 {
			out = append(out, fix)
		}
	}
	return out
}
