package dice

import "fmt"

// Simple rolls the ArM5 simple die: a d10 whose 0 face counts as 10.
func (r *Roller) Simple(who, why string) (Roll, error) {
	f, err := r.Face(10, who, why)
	if err != nil {
		return Roll{}, err
	}
	roll := Roll{Who: who, Why: why, Expr: "simple die", Faces: []int{f}, Total: f}
	r.record(roll)
	return roll, nil
}

// Stress rolls the ArM5 stress die. A 1 doubles the next roll (and again on
// more 1s; on those re-rolls a 0 counts as 10). A 0 on the first roll rolls
// botchDice d10s: each 0 among them is a botch; with none the roll is 0.
// botchDice 0 means the roll cannot botch (Initiative): a first 0 is just 0.
// In Faces the first die's 0 and botch dice zeros are written as 0.
func (r *Roller) Stress(who, why string, botchDice int) (Roll, error) {
	// The log names the botch dice only when a 0 had them rolled: "stress
	// die and 2 botch dice [0 3 9] = 0 (0, no botch)"; any other face is
	// plainly "stress die [9] = 9".
	roll := Roll{Who: who, Why: why, Expr: "stress die"}
	f, err := r.Face(10, who, why)
	if err != nil {
		return Roll{}, err
	}
	switch {
	case f == 10:
		roll.Faces = append(roll.Faces, 0)
		roll.Total = 0
		if botchDice <= 0 {
			roll.Special = "0, cannot botch"
			break
		}
		roll.Expr = "stress die and 1 botch die"
		if botchDice > 1 {
			roll.Expr = fmt.Sprintf("stress die and %d botch dice", botchDice)
		}
		for i := 0; i < botchDice; i++ {
			b, err := r.Face(10, who, why+" (botch die)")
			if err != nil {
				return Roll{}, err
			}
			if b == 10 {
				roll.Botches++
				b = 0
			}
			roll.Faces = append(roll.Faces, b)
		}
		if roll.Botches > 0 {
			roll.Botched = true
			roll.Special = fmt.Sprintf("BOTCH ×%d", roll.Botches)
		} else {
			roll.Special = "0, no botch"
		}
	case f == 1:
		mult := 1
		roll.Faces = append(roll.Faces, 1)
		for {
			mult *= 2
			g, err := r.Face(10, who, why+" (re-roll)")
			if err != nil {
				return Roll{}, err
			}
			roll.Faces = append(roll.Faces, g)
			if g != 1 {
				roll.Total = g * mult
				break
			}
			if mult > 1<<20 { // a run of ones this long is a broken queue, not luck
				roll.Total = mult
				break
			}
		}
		roll.Special = fmt.Sprintf("exploded ×%d", mult)
	default:
		roll.Faces = append(roll.Faces, f)
		roll.Total = f
	}
	r.record(roll)
	return roll, nil
}
