package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"spindle/storage/pgtest"
)

// TestBenchPostgres runs section 6 of spindle bench (--store postgres:URL)
// on the test server with small samples: a smoke run that it works end to
// end, not a measurement (the test server runs with fsync off). With
// SPINDLE_PG_BENCH=1 it measures instead, on a server with fsync on, and
// prints the report.
func TestBenchPostgres(t *testing.T) {
	measure := os.Getenv("SPINDLE_PG_BENCH") == "1"
	var url string
	if measure {
		srv, err := pgtest.StartDurable()
		if err != nil {
			t.Skip(err)
		}
		defer srv.Stop()
		if url, err = srv.NewDatabase(); err != nil {
			t.Fatal(err)
		}
	} else {
		if testing.Short() {
			t.Skip("a bench smoke run")
		}
		url = pgtest.Database(t)
	}
	args := []string{"bench", "--store", "postgres:" + url, "--sections", "6", "--dir", t.TempDir()}
	if !measure {
		args = append(args, "--quick", "--moves", "12", "--workers", "3")
	}
	var out, errb bytes.Buffer
	if err := run(t.Context(), args, &out, &errb); err != nil {
		t.Fatalf("%v: %v\n%s\n%s", args, err, out.String(), errb.String())
	}
	for _, want := range []string{"durable move / one-row commit", "3 process(es): rendered moves per second", "1 bbolt process", "3 process(es) / one bbolt process",
		"CPU per rendered move, 3 process(es): ours, PostgreSQL's"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("the report lacks %q:\n%s", want, out.String())
		}
	}
	// The test server runs on this machine: its CPU is read.
	if strings.Contains(out.String(), "not on this machine") {
		t.Fatalf("the server's CPU was not read:\n%s", out.String())
	}
	t.Log("\n" + out.String())
}

func TestIsLoopback(t *testing.T) {
	for u, want := range map[string]bool{
		"postgres://postgres@127.0.0.1:5432/db":    true,
		"postgres://u@localhost/db":                true,
		"postgres://u@[::1]:5432/db":               true,
		"postgres:///db?host=/var/run/postgresql":  true,
		"postgres://u@db.example.net:5432/spindle": false,
		"postgres://u@10.0.0.7/spindle":            false,
	} {
		if got := isLoopback(u); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", u, got, want)
		}
	}
}
