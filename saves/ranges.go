package saves

import "fray/model"

// Every number in a file is checked against the range fray keeps
// (model.MaxNumber and friends) where it is read, so the error names its
// line; a last pass over the whole encounter with the same checks the
// tracker makes after every command catches anything else, so that a file
// loads exactly when the tracker could have written it.

// intIn reads a whole number between lo and hi.
func (d *decoder) intIn(n *node, what string, lo, hi int64) (int, error) {
	v, err := d.int(n, what)
	if err != nil {
		return 0, err
	}
	if int64(v) < lo || int64(v) > hi {
		return 0, d.at(n.line, "%s", (&model.RangeError{What: what, Value: int64(v), Min: lo, Max: hi}).Error())
	}
	return v, nil
}

// checkNumbers runs the tracker's range checks over a whole encounter.
func (d *decoder) checkNumbers(e *model.Encounter) error {
	err := e.CheckNumbers()
	for _, c := range e.Combatants {
		if err == nil {
			err = c.CheckNumbers()
		}
	}
	for _, en := range e.Log.All() {
		if err == nil {
			err = en.CheckNumbers()
		}
	}
	if err != nil {
		return d.at(0, "%v", err)
	}
	return nil
}
