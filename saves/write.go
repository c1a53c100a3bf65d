package saves

// WriteFile writes data to path as Save writes an encounter: atomically,
// so a reader sees the old file or the new one, never half of one. fray
// writes reports with it.
func WriteFile(path string, data []byte) error { return writeAtomic(path, data) }
