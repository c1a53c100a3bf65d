package saves

import "fmt"

// migrations[v] upgrades the tree of a format-v file to format v+1, so an
// old file is read by running each step from its version up to
// FormatVersion. A step works on the parsed tree, before any field is
// read: it may rename, move, add or drop keys, and it must set no line it
// cannot know (0 is fine). Format 1 is the first, so there are none yet;
// the first format change adds migrations[1].
var migrations = map[int]func(root *node) error{}

// migrate upgrades root from format from to FormatVersion.
func migrate(root *node, from int) error {
	for v := from; v < FormatVersion; v++ {
		step, ok := migrations[v]
		if !ok {
			return fmt.Errorf("no upgrade from format %d to %d", v, v+1)
		}
		if err := step(root); err != nil {
			return err
		}
	}
	return nil
}
