//! The reductions: formulas read ([`front`]), carried to And-Or-(1,1)-SAT
//! ([`transform`]), embedded as a piece-independent circuit ([`layout`]) and stamped with
//! verified gadgets ([`gadgets`], [`verify`]) onto boards ([`back`]); rook boards carried
//! to queens and bishops ([`retarget`]); every target behind one interface, with one
//! pipeline ([`reduction`]).

pub mod back;
pub mod front;
pub mod gadgets;
pub mod layout;
pub mod reduction;
pub mod retarget;
pub mod transform;
pub mod verify;
