//! Colours: the gadget classes' colours ([`GadgetClass`]), the fixed [`palette`] and the
//! dot colours of the large views.

use std::fmt;

/// Colour families of gadget kinds (thesis ch. 5 figures: variables green, Or pink, And red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GadgetClass {
    Variable,
    Or,
    And,
    Crossing,
    DoubleAssignment,
    OneTest,
    /// The rook reduction's tomb (thesis §7.3).
    Tomb,
    /// The rook reduction's conveyor belt (thesis §7.3).
    Conveyor,
    /// Red-Blue Dominating Set rook board (Aravind–Misra–Mittal Theorem 2): a red
    /// vertex's non-terminal rook on the top row (`rbds-red#i`).
    RedVertex,
    /// The RBDS board's terminal rook of an edge, in its red's column (`rbds-edge#i`).
    Terminal,
    /// The RBDS board's collector rook of a blue vertex (`rbds-blue#j`).
    BlueVertex,
    /// The RBDS board's cleaner 2-rooks of the top row (`rbds-cleaner#l`).
    Cleaner,
    /// The RBDS board's target rook at the top row's end (`rbds-target`).
    Target,
    /// Wires, corners, increments, decrements and any kind not listed above.
    Wire,
}

impl GadgetClass {
    pub const ALL: [GadgetClass; 14] = [
        GadgetClass::Variable,
        GadgetClass::Or,
        GadgetClass::And,
        GadgetClass::Crossing,
        GadgetClass::DoubleAssignment,
        GadgetClass::OneTest,
        GadgetClass::Tomb,
        GadgetClass::Conveyor,
        GadgetClass::RedVertex,
        GadgetClass::Terminal,
        GadgetClass::BlueVertex,
        GadgetClass::Cleaner,
        GadgetClass::Target,
        GadgetClass::Wire,
    ];

    /// The class of a label's gadget kind (see [`sat2chess_core::label`] for the kind names). Variants
    /// named `crossing-…` / `variable-…` belong to their family; the shifted sum is the first
    /// half of the Or gadget (thesis §5.4, Figure 5.9c); the rook reduction's left and
    /// right Or are Or gadgets; the RBDS rook board's parts are named `rbds-…`.
    pub fn of(gadget: &str) -> GadgetClass {
        match gadget {
            "rbds-red" => GadgetClass::RedVertex,
            "rbds-edge" => GadgetClass::Terminal,
            "rbds-blue" => GadgetClass::BlueVertex,
            "rbds-cleaner" => GadgetClass::Cleaner,
            "rbds-target" => GadgetClass::Target,
            "or" | "shifted-sum" | "left_or" | "right_or" => GadgetClass::Or,
            "tomb" => GadgetClass::Tomb,
            "conveyor_belt" => GadgetClass::Conveyor,
            "and" => GadgetClass::And,
            "double-assignment" => GadgetClass::DoubleAssignment,
            "one-test" => GadgetClass::OneTest,
            _ if gadget.starts_with("variable") => GadgetClass::Variable,
            _ if gadget.starts_with("crossing") => GadgetClass::Crossing,
            _ => GadgetClass::Wire,
        }
    }

    pub fn colour(self) -> Rgb {
        match self {
            GadgetClass::Variable => Rgb(0x43a047),
            GadgetClass::Or => Rgb(0xec5f9f),
            GadgetClass::And => Rgb(0xe53935),
            GadgetClass::Crossing => Rgb(0x8e63c9),
            GadgetClass::DoubleAssignment => Rgb(0x26a69a),
            GadgetClass::OneTest => Rgb(0x29a8f0),
            GadgetClass::Tomb => Rgb(0x8d6e63),
            GadgetClass::Conveyor => Rgb(0xf9a825),
            GadgetClass::RedVertex => Rgb(0xd32f2f),
            GadgetClass::Terminal => Rgb(0xf48fb1),
            GadgetClass::BlueVertex => Rgb(0x1e88e5),
            GadgetClass::Cleaner => Rgb(0x00897b),
            GadgetClass::Target => Rgb(0x6d4c41),
            GadgetClass::Wire => Rgb(0x9e9e9e),
        }
    }

    /// Legend text.
    pub fn title(self) -> &'static str {
        match self {
            GadgetClass::Variable => "variable",
            GadgetClass::Or => "Or",
            GadgetClass::And => "And",
            GadgetClass::Crossing => "crossing",
            GadgetClass::DoubleAssignment => "double assignment",
            GadgetClass::OneTest => "1-test",
            GadgetClass::Tomb => "tomb",
            GadgetClass::Conveyor => "conveyor belt",
            GadgetClass::RedVertex => "red vertex (non-terminal)",
            GadgetClass::Terminal => "edge (terminal)",
            GadgetClass::BlueVertex => "blue vertex (collector)",
            GadgetClass::Cleaner => "cleaner",
            GadgetClass::Target => "target",
            GadgetClass::Wire => "wire / other",
        }
    }
}

/// A 24-bit colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rgb(pub u32);

impl Rgb {
    /// `self` moved toward `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let channel = |c: Rgb, shift: u32| ((c.0 >> shift) & 0xff) as f64;
        let blend = |shift| {
            let v = channel(self, shift) * (1.0 - t) + channel(other, shift) * t;
            (v.round().clamp(0.0, 255.0) as u32) << shift
        };
        Rgb(blend(16) | blend(8) | blend(0))
    }

    /// Six hex digits, upper case, no `#` (TikZ `HTML` model).
    pub(crate) fn hex(self) -> String {
        format!("{:06X}", self.0)
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:06x}", self.0)
    }
}

/// The fixed palette shared by every writer.
pub mod palette {
    use super::Rgb;

    pub(crate) const LIGHT: Rgb = Rgb(0xf3efe4);
    pub(crate) const DARK: Rgb = Rgb(0xcdbfa5);
    pub(crate) const INK: Rgb = Rgb(0x111111);
    pub(crate) const PAPER: Rgb = Rgb(0xffffff);
    pub(crate) const CAPTURE: Rgb = Rgb(0xe8590c);
    pub const FLOW: Rgb = Rgb(0x37474f);
    pub const PORT: Rgb = Rgb(0x1a237e);
    pub(crate) const FINAL: Rgb = Rgb(0xff6d00);
    /// Rays that must stay empty.
    pub(crate) const EMPTY_RAY: Rgb = Rgb(0xd32f2f);
    pub(crate) const LAST_MOVE: Rgb = Rgb(0xf4d03f);
    pub(crate) const MARGIN_TEXT: Rgb = Rgb(0x555555);
    /// Dots of unlabelled pieces (budget ≥ 2; lighter for 1, black for 0).
    pub const DOT: Rgb = Rgb(0x2f5597);
    /// Strength of a gadget tint over the square colour.
    pub(crate) const TINT: f64 = 0.55;
}

/// Dot colour by gadget class and budget (see the module documentation of [`super`]).
pub(crate) fn dot_colour(class: Option<GadgetClass>, budget: u32) -> Rgb {
    let full = class.map_or(palette::DOT, GadgetClass::colour);
    match budget {
        0 => palette::INK,
        1 => full.mix(palette::PAPER, 0.5),
        _ => full,
    }
}
