package serve

import (
	"bufio"
	"bytes"
	"fmt"
	"os"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// readAuthorizedKeys reads an authorized_keys file (OpenSSH's format:
// one key a line, # comments, options before the key allowed). A line
// that is no key is an error naming it, so a typo cannot quietly lock a
// player out.
func readAuthorizedKeys(path string) ([]ssh.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the authorized keys: %w", err)
	}
	var keys []ssh.PublicKey
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: not a public key (%v)", path, n, err)
		}
		keys = append(keys, k)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cannot read the authorized keys %s: %w", path, err)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s holds no public keys: nobody could get in", path)
	}
	return keys, nil
}
