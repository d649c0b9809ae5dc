package main

import (
	"io"
	"os"
	"time"

	"github.com/rs/zerolog"
)

// NewLogger builds the process logger from the config: structured zerolog,
// JSON for machines or a console writer for people. It never logs secrets;
// callers add guild, table, game, seat, version and interaction fields.
func NewLogger(c LogConfig, w io.Writer) zerolog.Logger {
	if w == nil {
		w = os.Stderr
	}
	if c.Format == "console" {
		w = zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly}
	}
	lvl, err := zerolog.ParseLevel(c.Level)
	if err != nil {
		lvl = zerolog.InfoLevel
	}
	return zerolog.New(w).Level(lvl).With().Timestamp().Str("app", "spindle").Logger()
}
