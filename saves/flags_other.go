//go:build !unix

package saves

// Neither flag exists here; named pipes and links are rare enough on these
// systems that the mode checks after opening must do.
const (
	oNonBlock = 0
	oNoFollow = 0
)
