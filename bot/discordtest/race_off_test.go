//go:build !race

package discordtest_test

// raceDetector is true in a -race build.
const raceDetector = false
