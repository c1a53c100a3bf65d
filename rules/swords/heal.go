package swords

import (
	"fmt"
	"strings"

	"fray/model"
	"fray/rules"
)

const healUsage = "heal NAME N | heal NAME all"

// runHeal is the GM's override: the rules give no healing during a fight,
// so heal rolls nothing. N gives back Stamina (an army's hits) up to the
// maximum; the Health level, set by the largest hit taken, stays. all
// gives back all of it and clears the largest hit, so Health is OK again.
// The status follows the sheet as after set.
func runHeal(c *rules.Ctx, args []string) error {
	v := verb("heal")
	if len(args) != 2 {
		return rules.Usagef(v, "heal takes a name and a number of Stamina points, or all")
	}
	cb, sh, err := findSheet(c, args[0])
	if err != nil {
		return err
	}
	before := sh.Clone()
	if strings.EqualFold(args[1], "all") {
		if sh.Stamina == sh.MaxStamina && sh.Largest == 0 {
			return fmt.Errorf("%s is unhurt", cb.Name)
		}
		sh.Stamina, sh.Largest = sh.MaxStamina, 0
		c.Event("%s is healed: Stamina %d/%d, largest hit cleared (%s)", cb.Name, sh.Stamina, sh.MaxStamina, sh.Health())
	} else {
		n, err := rules.Int("the Stamina to give back", args[1])
		if err != nil {
			return err
		}
		if n < 1 {
			return rules.Usagef(v, "give back 1 or more, or all")
		}
		if sh.Stamina == sh.MaxStamina {
			return fmt.Errorf("%s has all %d Stamina already", cb.Name, sh.MaxStamina)
		}
		sh.Stamina = min(sh.MaxStamina, sh.Stamina+n)
		c.Event("%s regains Stamina: %d/%d (Health stays %s until heal %s all)", cb.Name, sh.Stamina, sh.MaxStamina, sh.Health(), rules.Quote(cb.Name))
	}
	return (*System).Refresh(nil, c, cb, before, false)
}

// findSheet looks a combatant up and returns it with its sheet.
func findSheet(c *rules.Ctx, name string) (*model.Combatant, *Sheet, error) {
	cb, err := c.Find(name)
	if err != nil {
		return nil, nil, err
	}
	sh, err := ownSheet(cb)
	return cb, sh, err
}
