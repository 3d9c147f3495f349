//! The reductions: formulas read ([`front`]), carried to And-Or-(1,1)-SAT
//! ([`transform`]), embedded as a piece-independent circuit ([`layout`]) and stamped with
//! verified gadgets ([`gadgets`], [`verify`]) onto boards ([`back`]); rook boards carried
//! to queens and bishops ([`retarget`]); every target behind one interface, with one
//! pipeline ([`reduction`]). [`synth`] searches for smallest gadgets (issue 32).

pub mod back;
pub mod front;
pub mod gadgets;
pub mod layout;
pub mod reduction;
pub mod retarget;
pub mod synth;
pub mod transform;
pub mod verify;
