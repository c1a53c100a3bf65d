package arm5

import (
	"fmt"
	"strconv"

	"fray/model"
	"fray/rules"
)

// Getting into and out of the saddle, a rider trapped under a fallen
// horse, and the rolls a horse's gait calls for.

// badFall is the extra falling Damage of each zero of a botched leap.
const badFall = 5

const (
	leapUsage  = "leap RIDER"
	vaultUsage = "vault RIDER HORSE"
	pullUsage  = "pullfree HELPER RIDER"
	kUnder     = "under the horse"
	kUnderAt   = "under"
	kSpan      = "span"
	kGallop    = "gallop"
)

// runLeap: Dex + Athletics − Encumbrance + stress die against 9. From a
// panicked, fallen or dead horse it is a reaction, and a failure leaves
// the rider in the saddle; from a calm horse it is a fast action (fast
// option), and a failure is a fall. Either way a botch is a bad fall: the
// source's "extra damage", which fray makes +5 to the fall's Damage for
// each zero on the botch dice (badFall: a wound level for a man each).
func runLeap(c *rules.Ctx, args []string) error {
	if len(args) != 1 {
		return rules.Usagef(verb("leap"), "leap takes the rider's name")
	}
	r, err := c.Find(args[0])
	if err != nil {
		return err
	}
	sh, err := sheetOf(r)
	if err != nil {
		return err
	}
	h := horseOf(c.E, r.ID)
	if h == nil && !r.HasCond(kMount) {
		return fmt.Errorf("%s is not in the saddle", r.Name)
	}
	reaction := h != nil && (h.HasCond(kPanic) || !h.Status.CanAct())
	if !reaction {
		if !on(c, optFast) {
			return fmt.Errorf("leaping from a calm horse is a fast action: turn on the %s option, or dismount %s (an action)", optFast, r.Name)
		}
		if err := takeFast(c, r, "leaps from the saddle"); err != nil {
			return err
		}
	}
	ok, botches, err := riderCheck(c, r, "leap from the saddle", 9, part{label: "Dex", n: sh.Dex}, part{label: "Athletics", n: sh.Athletics}, part{label: "Enc", n: -sh.Enc()})
	switch {
	case err != nil:
		return err
	case ok:
		c.Event("%s lands on both feet", r.Name)
		return dismount(c, r)
	case botches > 0:
		c.Event("%s comes down badly: a bad fall, +%d Damage (5 for each botch)", r.Name, badFall*botches)
		return fallFromSaddle(c, r, "", badFall*botches)
	case reaction:
		c.Event("%s stays in the saddle", r.Name)
		return nil
	}
	return fallFromSaddle(c, r, "", 0)
}

// runVault: Str + Athletics − Encumbrance + stress die against 6, a fast
// action (fast option); on a failure the rider stays on foot by the horse.
func runVault(c *rules.Ctx, args []string) error {
	if len(args) != 2 {
		return rules.Usagef(verb("vault"), "vault takes the rider and the horse")
	}
	if !on(c, optFast) {
		return fmt.Errorf("vaulting into the saddle is a fast action: turn on the %s option, or mount (an action)", optFast)
	}
	r, err := c.Find(args[0])
	if err != nil {
		return err
	}
	h, err := c.Find(args[1])
	if err != nil {
		return err
	}
	sh, err := sheetOf(r)
	if err != nil {
		return err
	}
	if err := canMount(c, r, h); err != nil {
		return err
	}
	if err := takeFast(c, r, "vaults into the saddle"); err != nil {
		return err
	}
	ok, err := riderRoll(c, r, "vault into the saddle", 6, part{label: "Str", n: sh.Str}, part{label: "Athletics", n: sh.Athletics}, part{label: "Enc", n: -sh.Enc()})
	if err != nil {
		return err
	}
	if !ok {
		c.Event("%s is still on foot beside %s", r.Name, h.Name)
		return nil
	}
	setMount(c.E, r.ID, mountRec{horse: h.ID})
	r.SetCond(kMount, 0)
	r.DropCond(kProne)
	c.Event("%s is in %s's saddle: the horse acts on %s's turn, and may still ride this round if %s has not moved", r.Name, h.Name, r.Name, r.Name)
	return nil
}

// runPullFree: a helper's action, Str + stress die against 6 + the
// fallen horse's Size, drags a rider out from under it.
func runPullFree(c *rules.Ctx, args []string) error {
	v := verb("pullfree")
	if len(args) != 2 {
		return rules.Usagef(v, "pullfree takes the helper and the one trapped")
	}
	hp, err := c.Find(args[0])
	if err != nil {
		return err
	}
	r, err := c.Find(args[1])
	if err != nil {
		return err
	}
	sh, err := sheetOf(hp)
	if err != nil {
		return err
	}
	switch {
	case hp == r:
		return fmt.Errorf("%s cannot pull himself free: someone else must", r.Name)
	case !r.HasCond(kUnder):
		return fmt.Errorf("%s is not trapped under a horse", r.Name)
	case !hp.Status.CanAct():
		return fmt.Errorf("%s cannot act (%s)", hp.Name, hp.Status)
	}
	if err := spendAction(c, hp, "pull someone free"); err != nil {
		return err
	}
	size, err := strconv.Atoi(tget(c.E, kUnderAt, r.ID))
	if err != nil {
		size = 2
	}
	ok, err := riderRoll(c, hp, "pull "+r.Name+" free", 6+size, part{label: "Str", n: sh.Str})
	if err != nil || !ok {
		return err
	}
	r.DropCond(kUnder)
	tdel(c.E, kUnderAt, r.ID)
	c.Event("%s is out from under the horse (still prone)", r.Name)
	return nil
}

// trapped leaves a rider pinned under a fallen horse of a Size.
func trapped(c *rules.Ctx, r *model.Combatant, size int) {
	r.SetCond(kUnder, 0)
	tset(c.E, kUnderAt, r.ID, strconv.Itoa(size))
	c.Event("%s is pinned under the horse: pulling the rider free takes Str + stress die vs %d (pullfree HELPER %s)", r.Name, 6+size, r.Name)
}

// galloped rolls the fatigue test of a horse that galloped this round, as
// its rider's turn ends; once a round at most.
func galloped(c *rules.Ctx, r *model.Combatant) error {
	m, ok := getMount(c.E, r.ID)
	if !ok || m.gait != len(gaits)-1 {
		return nil
	}
	h := c.E.ByID(m.horse)
	if h == nil || !h.Status.CanAct() || getN(c.E, kGallop, h.ID) == c.E.Round {
		return nil
	}
	hs, err := ownSheet(h)
	if err != nil {
		return err
	}
	setN(c.E, kGallop, h.ID, c.E.Round)
	c.Event("%s galloped this round: a fatigue test", h.Name)
	return fatigueTest(c, h, hs, 0)
}

// rideSteady is the Dex + Ride roll against the gait's Ease Factor that
// keeps an extended action going on a moving horse. Standing still, or on
// foot, it always succeeds.
func rideSteady(c *rules.Ctx, r *model.Combatant, what string) (bool, error) {
	m, ok := getMount(c.E, r.ID)
	if !ok || m.gait == 0 {
		return true, nil
	}
	sh, err := sheetOf(r)
	if err != nil {
		return false, err
	}
	g := gaits[m.gait]
	ok, err = riderRoll(c, r, what+" at a "+g.name, g.ease, part{label: "Dex", n: sh.Dex}, part{label: "Ride", n: sh.Ride})
	if err == nil && !ok {
		c.Event("%s cannot keep at %s on the moving horse", r.Name, what)
	}
	return ok, err
}
