//go:build race

package serve

// raceDetector is true under -race, which slows everything tenfold:
// the timing checks then only log.
const raceDetector = true
