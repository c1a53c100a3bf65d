package saves

// WriteFile writes data to path as Save writes an encounter: through a
// symbolic link to its target, atomically, so a reader sees the old file
// or the new one, never half of one. fray writes reports with it.
func WriteFile(path string, data []byte) error {
	target, err := Resolve(path)
	if err != nil {
		return err
	}
	return writeAtomic(target, data, nil)
}
