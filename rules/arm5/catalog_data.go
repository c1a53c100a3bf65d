package arm5

// The Lords of Men weapon and armor tables as data. Numbers are game facts
// from the source; "n/a" entries are 0. Columns of a weapon row: name,
// Ability, Init, Atk, Dfn, Dam, range (paces, 0 in melee), Str, Load,
// cost, availability, damage types, damage levels (0: cannot break).

// Melee is the melee weapon table (shields included).
var Melee = []Weapon{
	{"unarmed", "Brawl", 0, 0, 0, 0, 0, 0, 0, "n/a", "All", "C", 0, 0, false},
	{"kick", "Brawl", -1, 0, -1, 3, 0, 0, 0, "n/a", "All", "C", 0, 0, false},
	{"gauntlet", "Brawl", 0, 0, 1, 2, 0, -3, 0, "Inexp.", "All", "C", 2, 0, false},
	{"bludgeon", "Brawl", 0, 2, 0, 2, 0, -2, 1, "Inexp.", "All", "C", 1, 0, false},
	{"dagger", "Brawl", 0, 2, 0, 3, 0, -3, 0, "Inexp.", "All", "P,S", 2, 0, false},
	{"knife", "Brawl", 0, 1, 0, 2, 0, -6, 0, "Inexp.", "All", "P,S", 2, 0, false},
	{"axe", "Single Weapon", 1, 4, 0, 6, 0, 0, 1, "Std.", "All", "S", 2, 0, false},
	{"club", "Single Weapon", 1, 2, 1, 3, 0, -2, 1, "Inexp.", "All", "C", 1, 0, false},
	{"short dueling stick", "Single Weapon", 2, 4, 1, 2, 0, -2, 1, "Inexp.", "Ancient", "C", 2, 0, false},
	{"falchion", "Single Weapon", 1, 4, 1, 4, 0, 0, 1, "Std.", "Late", "S", 2, 0, false},
	{"hatchet", "Single Weapon", 0, 3, 0, 4, 0, -2, 1, "Inexp.", "All", "S", 2, 0, false},
	{"lance", "Single Weapon", 2, 4, 0, 5, 0, 0, 2, "Std.", "High", "P", 1, 0, false},
	{"mace", "Single Weapon", 1, 3, 0, 8, 0, 0, 2, "Std.", "All", "C", 2, 0, false},
	{"mace and chain", "Single Weapon", 2, 3, 0, 7, 0, 0, 2, "Std.", "Early", "C", 2, 0, false},
	{"net", "Single Weapon", -1, 2, 2, 0, 0, -1, 3, "Std.", "Ancient", "S", 2, 0, false},
	{"spear", "Single Weapon", 2, 2, 0, 5, 0, -1, 1, "Inexp.", "All", "P", 1, 0, false},
	{"short sword", "Single Weapon", 1, 3, 1, 5, 0, -1, 1, "Std.", "All", "P,S", 2, 0, false},
	{"long sword", "Single Weapon", 2, 4, 1, 6, 0, 0, 1, "Exp.", "All", "S,P", 2, 0, false},
	{"bastard sword", "Single Weapon", 2, 4, 1, 6, 0, 1, 1, "Exp.", "Late", "S,P", 2, 0, false},
	{"buckler", "Single Weapon", 0, 0, 1, 0, 0, -2, 1, "Std.", "High", "", 2, 0, false},
	{"round shield", "Single Weapon", 0, 0, 2, 0, 0, -1, 2, "Inexp.", "All", "", 1, 0, false},
	{"heater shield", "Single Weapon", 0, 0, 3, 0, 0, 0, 2, "Std.", "High", "", 2, 0, false},
	{"infantry shield", "Single Weapon", 0, 0, 4, 0, 0, 0, 3, "Std.", "Ancient", "", 2, 0, false},
	{"trident", "Single Weapon", 3, 3, 3, 5, 0, 1, 3, "Exp.", "Ancient", "P", 2, 0, false},
	{"whip", "Single Weapon", 2, 1, 1, -3, 0, -2, 2, "Inexp.", "All", "C,S", 1, 0, false},
	{"cudgel", "Great Weapon", 1, 4, 1, 7, 0, 1, 2, "Inexp.", "All", "C", 2, 0, false},
	{"farm implement", "Great Weapon", 1, 3, 1, 5, 0, 0, 2, "Inexp.", "All", "P,S", 1, 0, false},
	{"flail", "Great Weapon", 1, 3, 1, 8, 0, 0, 2, "Inexp.", "All", "C", 2, 0, false},
	{"halberd", "Great Weapon", 2, 4, 1, 10, 0, 1, 2, "Std.", "Late", "S,P", 2, 0, false},
	{"pole arm", "Great Weapon", 3, 4, 1, 8, 0, 0, 2, "Std.", "High", "S,P", 2, 0, false},
	{"pole axe", "Great Weapon", 1, 5, 0, 11, 0, 1, 2, "Std.", "All", "S", 2, 0, false},
	{"long spear", "Great Weapon", 3, 3, 1, 7, 0, 0, 3, "Inexp.", "All", "P", 1, 0, false},
	{"great sword", "Great Weapon", 2, 5, 2, 9, 0, 1, 2, "Exp.", "Late", "S,P", 2, 0, false},
	{"staff", "Great Weapon", 2, 3, 3, 2, 0, -1, 2, "Inexp.", "Early", "C", 2, 0, false},
	{"warhammer", "Great Weapon", 0, 6, 0, 12, 0, 2, 3, "Inexp.", "All", "C", 2, 0, false},
}

// Missiles is the missile weapon table. Span is the rounds of the extended
// action that spans a crossbow with its mechanism: belt hook 3 (1 by hand
// with Str +3 or more), a goat's foot 2, windlass 4, block and tackle
// 6 − Str, cranequin 6. The source gives the goat's-foot crossbow and the
// block-and-tackle arbalest only as other ways to span the same weapons,
// so their lines repeat the crossbow's and the arbalest's.
var Missiles = []Weapon{
	{"throwing axe", "Thrown Weapon", 0, 0, 2, 6, 5, 0, 1, "Std.", "All", "S", 2, 0, false},
	{"javelin", "Thrown Weapon", 0, 2, 0, 5, 10, 0, 1, "Std.", "All", "P", 2, 0, false},
	{"throwing knife", "Thrown Weapon", 0, 1, 0, 2, 5, -2, 0, "Inexp.", "All", "P", 2, 0, false},
	{"sling", "Thrown Weapon", -3, 1, 0, 4, 20, -3, 0, "Inexp.", "All", "P", 1, 0, false},
	{"sharpened rock", "Thrown Weapon", 0, 0, 1, 3, 5, -1, 1, "Inexp.", "Ancient", "C,S", 1, 0, false},
	{"stone", "Thrown Weapon", 0, 1, 0, 2, 5, -1, 1, "Inexp.", "All", "C", 0, 0, false},
	{"bow", "Bows", -1, 3, 0, 6, 15, -1, 1, "Std.", "All", "P", 2, 0, false},
	{"composite bow", "Bows", -2, 4, 0, 7, 30, 2, 2, "Exp.", "All", "P", 2, 0, false},
	{"horse bow", "Bows", -2, 5, 0, 8, 15, 2, 2, "Exp.", "All", "P", 2, 0, false},
	{"long bow", "Bows", -2, 4, 0, 8, 30, 2, 2, "Exp.", "Late", "P", 2, 0, false},
	{"crossbow", "Crossbow", 5, 5, 0, 8, 25, 1, 2, "Exp.", "High", "P", 2, 3, false},
	{"arbalest", "Crossbow", 5, 5, 0, 10, 30, -1, 3, "Exp.", "High", "P", 2, 4, false},
	{"heavy arbalest", "Crossbow", 5, 5, 0, 12, 35, 1, 2, "Exp.", "Late", "P", 2, 6, false},
	{"goat's foot crossbow", "Crossbow", 5, 5, 0, 8, 25, 1, 2, "Exp.", "Late", "P", 2, 2, false},
	{"block and tackle arbalest", "Crossbow", 5, 5, 0, 10, 30, -1, 3, "Exp.", "High", "P", 2, 6, true},
}

// Armor coverage columns of the expanded armor table.
const (
	Cuirass    = iota // also a jerkin
	Haubergeon        // short sleeves, torso and shoulders
	Hauberk           // knee-length, long sleeves
	Full              // all four limbs; greaves included
)

// Coverages names the coverage columns as the catalogue and armor= write
// them; "jerkin" is accepted for a cuirass.
var Coverages = []string{"cuirass", "haubergeon", "hauberk", "full"}

// BodyArmor is one material row of the expanded armor table: Protection and
// Load for each coverage (a Load of −1 marks a garment that cannot be
// made of the material). Halves are kept until the sum is rounded up.
type BodyArmor struct {
	Material string
	Prot     [4]float64
	Load     [4]float64
}

// BodyArmors is the expanded armor table's body armor.
var BodyArmors = []BodyArmor{
	{"padded", [4]float64{1, 1, 1, 1}, [4]float64{1.5, 1.5, 1.5, 1.5}},
	{"boiled leather", [4]float64{2, 0, 0, 3}, [4]float64{3, -1, -1, 4.5}},
	{"reinforced", [4]float64{2, 2.5, 3, 3.5}, [4]float64{2, 2.5, 3, 3.5}},
	{"rigid scale", [4]float64{2, 2.5, 3.5, 4.5}, [4]float64{2, 2.5, 3.5, 4.5}},
	{"metal scale", [4]float64{3, 4, 5, 6}, [4]float64{3, 4, 5, 6}},
	{"mail", [4]float64{3, 4, 5, 7}, [4]float64{1.5, 2, 2.5, 3.5}},
	{"plate", [4]float64{3, 0, 0, 12}, [4]float64{3, -1, -1, 6}},
	{"plate and mail", [4]float64{4, 6, 8, 10}, [4]float64{2, 3, 4, 5}},
}

// ArmorPiece is a surcoat, greaves or a helmet, worn with body armor.
type ArmorPiece struct {
	Name       string
	Kind       string // "surcoat", "greaves" or "helmet"
	Prot, Load float64
	Per        int // Perception penalty of a helmet
}

// ArmorPieces are the surcoats, greaves and helmets of the armor table.
// Greaves and jambes are already part of full armor.
var ArmorPieces = []ArmorPiece{
	{"gambeson", "surcoat", 1, 1.5, 0},
	{"coat of plates", "surcoat", 2, 2, 0},
	{"boiled-leather greaves", "greaves", 1, 1, 0},
	{"plate jambes", "greaves", 1, 1, 0},
	{"plate-and-mail jambes", "greaves", 2, 0.5, 0},
	{"iron cap", "helmet", 0, 0, 0},
	{"coif", "helmet", 0.5, 0, 0},
	{"open helmet", "helmet", 1, 1, -1},
	{"helm", "helmet", 2, 2, -3},
	{"bascinet", "helmet", 2, 1, -1},
}
