package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"spindle/storage"
)

// runMigrate copies the whole store from one backend to the other,
// `spindle migrate --from bolt:FILE --to postgres:URL` or back, then
// checks the copy against the source: every bucket byte for byte and
// every table's replay from its log. The destination must be empty (a
// new file, a database without Spindle's records); no bot may run on
// either meanwhile.
func runMigrate(cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the source store: bolt:`FILE` or postgres:URL")
	to := fs.String("to", "", "the destination store, empty: bolt:`FILE` or postgres:URL")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spindle migrate --from bolt:FILE --to postgres:URL\n       spindle migrate --from postgres:URL --to bolt:FILE")
		fs.PrintDefaults()
	}
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if fs.NArg() > 0 || *from == "" || *to == "" {
		fs.Usage()
		return errUsage
	}
	src, err := storeTarget(*from)
	if err != nil {
		return err
	}
	dst, err := storeTarget(*to)
	if err != nil {
		return err
	}
	if !storage.IsPostgresURL(dst) {
		if _, err := os.Stat(dst); err == nil {
			return fmt.Errorf("migrate: %s already exists: the destination must be a new file", dst)
		}
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	in, err := storage.Open(src, storage.Options{Timeout: cfg.Data.OpenTimeout, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("migrate: source: %w", err)
	}
	defer in.Close()
	out, err := storage.Open(dst, storage.Options{Timeout: cfg.Data.OpenTimeout})
	if err != nil {
		return fmt.Errorf("migrate: destination: %w", err)
	}
	defer out.Close()
	st, err := storage.Copy(out, in)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	fmt.Fprintf(stdout, "copied %d records, %d nested buckets, %d tables from %s (%s) to %s (%s)\n",
		st.Records, st.Buckets, st.Tables, in.Path(), in.Backend(), out.Path(), out.Backend())
	c, err := storage.Compare(cat, in, out)
	if err != nil {
		return fmt.Errorf("migrate: the copy differs from the source: %w", err)
	}
	fmt.Fprintf(stdout, "checked: %d buckets and %d records identical; %d tables replay identically", c.Buckets, c.Records, c.Tables)
	if c.Unplayed > 0 {
		fmt.Fprintf(stdout, " (%d more fail to replay alike on both sides)", c.Unplayed)
	}
	fmt.Fprintln(stdout)
	return nil
}

// storeTarget turns bolt:FILE or postgres:URL (or a bare postgres:// URL)
// into what storage.Open takes.
func storeTarget(spec string) (string, error) {
	switch {
	case storage.IsPostgresURL(spec):
		return spec, nil
	case strings.HasPrefix(spec, "postgres:") && storage.IsPostgresURL(strings.TrimPrefix(spec, "postgres:")):
		return strings.TrimPrefix(spec, "postgres:"), nil
	case strings.HasPrefix(spec, "bolt:") && len(spec) > len("bolt:"):
		f := strings.TrimPrefix(spec, "bolt:")
		if storage.IsPostgresURL(f) {
			return "", fmt.Errorf("migrate: %q: a bolt: store is a file", spec)
		}
		return f, nil
	}
	return "", fmt.Errorf("migrate: %q must be bolt:FILE or postgres:URL (a postgres:// URL)", spec)
}
