package arm5

import (
	"fmt"
	"strings"
)

// BotchEffect is one thing that can go wrong on a combat botch, for the GM
// to pick from. Severity runs 1 (mild) to 3 (grave).
type BotchEffect struct {
	Text     string
	Severity int
	Mounted  bool // only makes sense for a rider
}

// BotchEffects are the source's suggested mishaps for a combat botch, in
// our words, from the mildest to the gravest. The source orders them by
// how bad they are but does not tie them to the number of zeros rolled:
// the three severities are fray's split of that order, offered as a
// starting point (one zero: mild; two: serious; three or more: grave).
var BotchEffects = []BotchEffect{
	{"weapon takes a knock (check whether it holds)", 1, false},
	{"dazed: loses the next turn", 1, false},
	{"stumbles: −3 Defense until the next turn", 1, false},
	{"the horse panics", 1, true},
	{"shield splits", 1, false},
	{"weapon slips from the hand (or a bowstring snaps)", 2, false},
	{"runs into an ally: both −3 Defense until the next turn", 2, false},
	{"goes down prone", 2, false},
	{"weapon breaks", 2, false},
	{"falls out of the saddle", 3, true},
	{"turns an ankle: a Light wound, no running or charging until it heals", 3, false},
	{"the horse goes down", 3, true},
	{"hits an ally", 3, false},
}

// BotchHint lists the effects to offer for a botch with this many zeros:
// those of the matching severity, riders' mishaps only for a rider.
func BotchHint(zeros int, mounted bool) string {
	sev := max(1, min(zeros, 3))
	var ps []string
	for _, b := range BotchEffects {
		if b.Severity == sev && (mounted || !b.Mounted) {
			ps = append(ps, b.Text)
		}
	}
	return fmt.Sprintf("pick a %s mishap: %s", []string{"", "mild", "serious", "grave"}[sev], strings.Join(ps, " · "))
}

// botched writes a botched total: a botch makes the whole total 0, and
// every Attack, Defense and other combat total says so the same way
// ("Attack BOTCH ×2: Attack Total 0").
func botched(word string, zeros int) string {
	return fmt.Sprintf("%s BOTCH ×%d: %s Total 0", word, zeros, word)
}
