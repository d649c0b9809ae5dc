// Package decktet holds the Decktet deck as data: six suits in canonical
// order, the 36 basic cards, the 4 Pawns, the 4 Courts and the Excuse.
//
// Invariants (checked by tests): card codes are unique; the basic deck has
// 36 cards and each suit is on exactly 10 of them; each rank 2..9 has three
// cards whose suits together are all six suits once; each suit is on exactly
// two Pawns and two Courts. Card names are display text only. A Suit
// encodes as its name in JSON and text.
package decktet
