package dice

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Term is one part of a dice expression: N dice of M sides, a constant
// (Sides 0), or an ArM5 stress or simple die. Sign is +1 or −1.
type Term struct {
	Sign   int
	Count  int
	Sides  int
	Const  int
	Stress bool // an ArM5 stress die; Botch says how many botch dice
	Botch  int
	Simple bool // an ArM5 simple die
}

// Expr is a parsed dice expression such as 2d6+3, d20-1, stress+7.
type Expr struct {
	Terms []Term
	Text  string
}

// Limits keep an expression from asking for absurd work: MaxDice bounds
// the dice of the whole expression (a stress or simple die counts as one).
const (
	MaxDice  = 1000
	MaxSides = 1000
)

// Parse reads NdM±K notation with any number of terms (2d6+1d4-1), plus
// "stress" (one botch die), "stressN" (N botch dice, 0 = cannot botch) and
// "simple" for the ArM5 dice.
func Parse(s string) (Expr, error) {
	text := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if text == "" {
		return Expr{}, fmt.Errorf("empty dice expression: try 2d6+3, d20, stress+5 or simple")
	}
	var e Expr
	e.Text = text
	rest := text
	dice := 0
	for rest != "" {
		sign := 1
		switch rest[0] {
		case '+':
			rest = rest[1:]
		case '-':
			sign = -1
			rest = rest[1:]
		default:
			if len(e.Terms) > 0 {
				return Expr{}, fmt.Errorf("bad dice expression %q: expected + or - before %q", s, rest)
			}
		}
		end := strings.IndexAny(rest, "+-")
		if end < 0 {
			end = len(rest)
		}
		tok := rest[:end]
		rest = rest[end:]
		t, err := parseTerm(tok)
		if err != nil {
			if tok == text || tok == "" { // the whole expression, or no term: named once
				return Expr{}, fmt.Errorf("bad dice expression %q: %v", s, err)
			}
			return Expr{}, fmt.Errorf("bad dice expression %q: %q: %v", s, tok, err)
		}
		t.Sign = sign
		if dice += t.Count; dice > MaxDice {
			return Expr{}, fmt.Errorf("bad dice expression %q: more than %d dice in all", s, MaxDice)
		}
		e.Terms = append(e.Terms, t)
	}
	return e, nil
}

func parseTerm(tok string) (Term, error) {
	switch {
	case tok == "":
		return Term{}, errors.New("a term is missing")
	case tok == "simple":
		return Term{Simple: true, Count: 1}, nil
	case strings.HasPrefix(tok, "stress"):
		b := 1
		if n := tok[len("stress"):]; n != "" {
			v, err := strconv.Atoi(n)
			if err != nil || v < 0 || v > 20 {
				return Term{}, errors.New("stress takes a botch-dice count 0–20, as in stress3")
			}
			b = v
		}
		return Term{Stress: true, Botch: b, Count: 1}, nil
	}
	d := strings.IndexByte(tok, 'd')
	if d < 0 {
		v, err := strconv.Atoi(tok)
		if err != nil || v > 1_000_000 {
			return Term{}, errors.New("neither a number nor NdM")
		}
		return Term{Const: v}, nil
	}
	n := 1
	if d > 0 {
		v, err := strconv.Atoi(tok[:d])
		if err != nil || v < 1 || v > MaxDice {
			return Term{}, fmt.Errorf("the dice count must be 1–%d", MaxDice)
		}
		n = v
	}
	m, err := strconv.Atoi(tok[d+1:])
	if err != nil || m < 1 || m > MaxSides {
		return Term{}, fmt.Errorf("the sides must be a number 1–%d", MaxSides)
	}
	return Term{Count: n, Sides: m}, nil
}

// Roll rolls a parsed expression. Stress and simple terms roll (and log)
// as their own rolls; plain dice and constants make one logged roll.
func (r *Roller) Roll(who, why string, e Expr) (Roll, error) {
	out := Roll{Who: who, Why: why, Expr: e.Text}
	var specials []string
	for _, t := range e.Terms {
		switch {
		case t.Stress || t.Simple:
			var sub Roll
			var err error
			rec := r.record
			r.record = func(Roll) {} // logged once, as part of the whole expression
			if t.Stress {
				sub, err = r.Stress(who, why, t.Botch)
			} else {
				sub, err = r.Simple(who, why)
			}
			r.record = rec
			if err != nil {
				return Roll{}, err
			}
			out.Faces = append(out.Faces, sub.Faces...)
			if sub.Special != "" {
				specials = append(specials, sub.Special)
			}
			out.Botches += sub.Botches
			out.Botched = out.Botched || sub.Botched
			out.Total += t.Sign * sub.Total
		case t.Sides == 0:
			out.Total += t.Sign * t.Const
		default:
			for i := 0; i < t.Count; i++ {
				f, err := r.Face(t.Sides, who, why)
				if err != nil {
					return Roll{}, err
				}
				out.Faces = append(out.Faces, f)
				out.Total += t.Sign * f
			}
		}
	}
	if out.Botched {
		out.Total = 0
	}
	out.Special = strings.Join(specials, "; ")
	r.record(out)
	return out, nil
}
