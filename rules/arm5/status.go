package arm5

import (
	"fray/model"
	"fray/rules"
)

// setStatus changes a combatant's status, logs the change and splits any
// group that has just lost its vanguard or leader.
func setStatus(c *rules.Ctx, cb *model.Combatant, st model.Status) {
	if st == cb.Status {
		return
	}
	cb.Status = st
	if st == model.Active {
		c.Event("%s can act again", cb.Name)
	} else {
		c.Event("%s is %s", cb.Name, st)
	}
	splitGroups(c)
}

// syncStatus sets the status the sheet's harm calls for. When harm grew
// (worse), a status already worse (set by hand) is kept.
func syncStatus(c *rules.Ctx, cb *model.Combatant, sh *Sheet, worse bool) {
	st := sh.Harmed()
	if worse && cb.Status > st {
		return
	}
	setStatus(c, cb, st)
}

// Refresh implements rules.Refresher: after `set` or `add` changed a
// sheet, the status follows what the harm on it now calls for (an
// Incapacitating wound entered by hand takes the combatant out). It
// changes only when the harm's verdict changed, so a status set by hand
// survives unrelated edits: worse harm never lowers a worse status, and
// lighter harm restores the status only if it was the one the old harm
// gave. A command that set status= itself keeps it. Either way, groups
// that lost their vanguard or leader split.
func (s *System) Refresh(c *rules.Ctx, cb *model.Combatant, before model.Sheet, statusSet bool) error {
	sh, ok := cb.Sheet().(*Sheet)
	if ok && !statusSet {
		old := model.Active
		if b, ok := before.(*Sheet); ok && b != nil {
			old = b.Harmed()
		}
		now := sh.Harmed()
		switch {
		case now > old && cb.Status < now:
			setStatus(c, cb, now)
		case now < old && cb.Status == old:
			setStatus(c, cb, now)
		}
	}
	splitGroups(c)
	return nil
}
