package main

import (
	"bytes"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of the CPU times in /proc/<pid>/stat (USER_HZ,
// 100 on every Linux this runs on).
const clockTick = 10 * time.Millisecond

// postgresCPU is the CPU time, user and system, of the PostgreSQL server
// processes on this machine (every process named postgres, with the
// children they reaped: a backend's time moves to its postmaster when its
// connection ends). It is zero where /proc cannot be read. Another
// PostgreSQL server running meanwhile on the same machine would be
// counted too.
func postgresCPU() time.Duration {
	dirs, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		return 0
	}
	var ticks int64
	for _, path := range dirs {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		open, shut := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || shut < open || string(b[open+1:shut]) != "postgres" {
			continue
		}
		// After the name: state is field 3, utime 14, stime 15, cutime
		// 16, cstime 17.
		f := strings.Fields(string(b[shut+1:]))
		if len(f) < 15 {
			continue
		}
		for _, i := range []int{11, 12, 13, 14} {
			n, err := strconv.ParseInt(f[i], 10, 64)
			if err == nil {
				ticks += n
			}
		}
	}
	return time.Duration(ticks) * clockTick
}

// isLoopback reports whether the database at the postgres URL u runs on
// this machine (a loopback address, localhost or a Unix socket), so that
// its server's CPU can be read.
func isLoopback(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	host := p.Hostname()
	if host == "" {
		host = p.Query().Get("host")
	}
	if host == "" || host == "localhost" || strings.HasPrefix(host, "/") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
