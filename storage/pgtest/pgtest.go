// Package pgtest runs a real PostgreSQL server for tests: the machine's
// own initdb and postgres binaries, a data directory in a temporary
// directory, a free loopback port, never a mock. One server serves a whole
// test binary (Shared, stopped by Stop in TestMain); each test gets a
// fresh database of its own (Database).
//
// When no binaries are found, Shared returns an error wrapping
// ErrNoServer whose text says what was looked for, for a t.Skip. When the
// tests run as root, which initdb and postgres refuse, the server runs as
// the unprivileged user "nobody" and its directory belongs to that user.
// The server is a child of the test process that the kernel kills with it
// (Pdeathsig), and Stop kills it and removes its directory: no server
// outlives its tests.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNoServer says no PostgreSQL binaries were found.
var ErrNoServer = errors.New("pgtest: no PostgreSQL server binaries")

// Server is a running PostgreSQL server.
type Server struct {
	dir  string
	port int
	cmd  *exec.Cmd
	done chan struct{}
	n    atomic.Int64
}

// BinDir returns the directory holding initdb and postgres: $PG_BINDIR,
// the directory of initdb on $PATH, or the newest
// /usr/lib/postgresql/<version>/bin.
func BinDir() (string, error) {
	if d := os.Getenv("PG_BINDIR"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			return "", fmt.Errorf("%w: no initdb in $PG_BINDIR (%s)", ErrNoServer, d)
		}
		return d, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	ms, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	best, bestV := "", -1
	for _, m := range ms {
		v, err := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(m))))
		if err == nil && v > bestV {
			best, bestV = filepath.Dir(m), v
		}
	}
	if best == "" {
		return "", fmt.Errorf("%w: no initdb on $PATH, in $PG_BINDIR or in /usr/lib/postgresql/*/bin (install Debian's postgresql package)", ErrNoServer)
	}
	return best, nil
}

// Start initialises and starts a server. fsync is off: the tests need a
// real server, not durability.
func Start() (*Server, error) { return start(false) }

// StartDurable starts a server with PostgreSQL's durable defaults (fsync
// on), for measurements; the caller stops it.
func StartDurable() (*Server, error) { return start(true) }

func start(durable bool) (*Server, error) {
	bin, err := BinDir()
	if err != nil {
		return nil, err
	}
	cred, err := credential()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "spindle-pgtest-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	data := filepath.Join(dir, "data")
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			_ = os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: %w", err)
		}
	}
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %v: %s", err, out)
	}
	for try := 0; ; try++ {
		s, err := launch(bin, dir, data, cred, durable)
		if err == nil {
			return s, nil
		}
		if try == 3 {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
}

// launch starts postgres on a free port and waits until it answers.
func launch(bin, dir, data string, cred *syscall.Credential, durable bool) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(dir, "postgres.log"))
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	defer logf.Close()
	args := []string{"-D", data, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=" + dir,
		"-c", "max_connections=200", "-c", "shared_buffers=32MB"}
	if !durable {
		args = append(args, "-c", "fsync=off", "-c", "full_page_writes=off")
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL, Setpgid: true}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("pgtest: postgres: %w", err)
	}
	s := &Server{dir: dir, port: port, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(s.done) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.url("postgres"))
		cancel()
		if err == nil {
			_ = conn.Close(context.Background())
			return s, nil
		}
		select {
		case <-s.done:
			log, _ := os.ReadFile(filepath.Join(dir, "postgres.log"))
			return nil, fmt.Errorf("pgtest: postgres exited: %s", log)
		default:
		}
		if time.Now().After(deadline) {
			s.kill()
			return nil, fmt.Errorf("pgtest: postgres did not answer on port %d: %w", port, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// credential is the user the server runs as: nil (this user) unless the
// process is root, then "nobody".
func credential() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("pgtest: running as root, and no user nobody to run postgres as: %w", err)
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// kill stops the server at once (its data is thrown away anyway): an
// immediate shutdown, in which the postmaster ends and reaps its backends,
// then SIGKILL to the whole group if that takes more than a few seconds.
func (s *Server) kill() {
	if s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	}
}

// Stop kills the server and removes its directory.
func (s *Server) Stop() {
	s.kill()
	_ = os.RemoveAll(s.dir)
}

// NewDatabase creates a fresh, empty database and returns its URL.
func (s *Server) NewDatabase() (string, error) {
	name := fmt.Sprintf("t%d", s.n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		return "", fmt.Errorf("pgtest: create database: %w", err)
	}
	return s.url(name), nil
}

var (
	shared    *Server
	sharedErr error
	sharedMu  sync.Mutex
)

// Shared returns the test binary's server, starting it on first use.
func Shared() (*Server, error) {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared == nil && sharedErr == nil {
		shared, sharedErr = Start()
	}
	return shared, sharedErr
}

// Stop stops the shared server, if one was started; TestMain calls it
// after m.Run.
func Stop() {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if shared != nil {
		shared.Stop()
		shared = nil
	}
}

// Database returns the URL of a fresh database on the shared server, or
// skips tb saying why there is no server.
func Database(tb testing.TB) string {
	tb.Helper()
	s, err := Shared()
	if errors.Is(err, ErrNoServer) {
		tb.Skipf("PostgreSQL tests skipped: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	u, err := s.NewDatabase()
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

// Available reports whether the binaries are there, and if not why.
func Available() (bool, string) {
	if _, err := BinDir(); err != nil {
		return false, err.Error()
	}
	return true, ""
}
