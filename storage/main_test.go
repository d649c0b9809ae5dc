package storage

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"spindle/storage/pgtest"
)

// TestMain stops the PostgreSQL server the tests started, if any. Run as
// a crash-harness worker (SPINDLE_CRASH_WORKER), it is that worker.
func TestMain(m *testing.M) {
	if name := os.Getenv("SPINDLE_CRASH_WORKER"); name != "" {
		crashWorker(name) // a worker process of TestMultiProcessCrashes; never returns
	}
	onPostgres = os.Getenv("SPINDLE_TEST_STORE") == "postgres"
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// TestPostgresConformance runs this package's whole test suite again
// against PostgreSQL: the test binary itself, with SPINDLE_TEST_STORE=
// postgres, so every test of the Store's behaviour checks both backends
// (tests of the bbolt file itself skip there, saying so). It skips, with
// the reason, when no PostgreSQL binaries are installed. To run some tests
// on PostgreSQL only: SPINDLE_TEST_STORE=postgres go test -run X.
func TestPostgresConformance(t *testing.T) {
	if onPostgres {
		t.Skip("this is the PostgreSQL run")
	}
	if testing.Short() {
		t.Skip("PostgreSQL conformance run skipped in -short mode")
	}
	if ok, why := pgtest.Available(); !ok {
		t.Skipf("PostgreSQL conformance run skipped: %s", why)
	}
	cmd := exec.Command(os.Args[0], "-test.v", "-test.run", "^Test", "-test.timeout", "10m")
	cmd.Env = append(os.Environ(), "SPINDLE_TEST_STORE=postgres")
	out, err := cmd.CombinedOutput()
	var pass, skip int
	fails := regexp.MustCompile(`^\s*--- FAIL`)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case bytes.HasPrefix([]byte(line), []byte("--- PASS")):
			pass++
		case bytes.HasPrefix([]byte(line), []byte("--- SKIP")):
			skip++
		case fails.MatchString(line):
			t.Error(line)
		}
	}
	if err != nil {
		t.Fatalf("the suite on PostgreSQL failed: %v\n%s", err, out)
	}
	t.Logf("the suite on PostgreSQL: %d tests passed, %d skipped", pass, skip)
	if pass == 0 {
		t.Fatalf("the suite on PostgreSQL ran no test:\n%s", out)
	}
}
