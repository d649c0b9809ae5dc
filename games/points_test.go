package games

import (
	"reflect"
	"testing"
)

func TestPointsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		seat  Seat
		n     int
		unit  string
		cause string
		want  string
	}{
		{0, 7, "VP", "kept the red die", "{{p0}} +7 VP (kept the red die)"},
		{2, -3, "VP", "paid for a card", "{{p2}} −3 VP (paid for a card)"},
		{1, 1, "points", "a crown", "{{p1}} +1 point (a crown)"},
		{1, 4, "points", "", "{{p1}} +4 points"},
	} {
		got := Points(tc.seat, tc.n, tc.unit, tc.cause)
		if got != tc.want {
			t.Errorf("Points(%d, %d, %q, %q) = %q, want %q", tc.seat, tc.n, tc.unit, tc.cause, got, tc.want)
		}
		if m := PointsIn("Before. " + got + ". After."); !reflect.DeepEqual(m, map[Seat]int{tc.seat: tc.n}) {
			t.Errorf("PointsIn(%q) = %v", got, m)
		}
	}
}

func TestPointsInLine(t *testing.T) {
	line := "Final scoring: " + Points(0, 12, "VP", "territory") + ", " + Points(1, 8, "VP", "territory") +
		", " + Points(0, -2, "VP", "debt") + "; {{p1}} has 3 VP now; {{p0}} gains 2 food"
	want := map[Seat]int{0: 10, 1: 8}
	if got := PointsIn(line); !reflect.DeepEqual(got, want) {
		t.Fatalf("PointsIn = %v, want %v", got, want)
	}
	if got := PointsIn("{{p0}} rolls 6"); got != nil {
		t.Fatalf("a line without a clause gives %v", got)
	}
	log := []Step{{Events: []Event{{Public: line}, {Public: Points(1, 5, "VP", "x")}}}}
	if got := PointsInLog(log); !reflect.DeepEqual(got, map[Seat]int{0: 10, 1: 13}) {
		t.Fatalf("PointsInLog = %v", got)
	}
}
