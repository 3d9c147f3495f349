//! A backend's tile designs as the compiler uses them: each design's [`Reach`] is measured
//! once in a roomy frame (and the design checked in the smallest frame that reach
//! allows), and every design is built once per frame it is needed in.

use std::collections::BTreeMap;

use crate::gadgets::Symmetry;
use sat2chess_core::label::Direction;

use super::contacts::check_contacts;
use super::element::{Element, Library};
use super::geometry::{Frame, Phase, Reach, SideParity};
use super::{Backend, BackendError};

/// The reach of a design's elements in `frame`, with the backend's margin toward the
/// border. The wire columns running along a band to the border (their pieces within
/// [`Backend::WIRE_HALO`] lines of the band) are not counted.
pub(crate) fn reach_of<B: Backend>(elements: &[Element], frame: Frame) -> Reach {
    use Direction::*;
    let (br, bc) = (frame.band_row, frame.band_col);
    let (halo, margin) = (B::WIRE_HALO, B::MARGIN);
    let in_band = |x: i64, band: i64| (band - halo..=band + 1 + halo).contains(&x);
    let mut reach = Reach::uniform(margin + halo);
    for e in elements {
        let stub = |&(r, c): &(i64, i64)| match e.flow {
            Some(East | West) => in_band(r, br),
            Some(North | South) => in_band(c, bc),
            None => false,
        };
        for &((r, c), _) in e.pieces.iter().filter(|(p, _)| !stub(p)) {
            reach.up = reach.up.max(br - r + margin);
            reach.down = reach.down.max(r - br - 1 + margin);
            reach.left = reach.left.max(bc - c + margin);
            reach.right = reach.right.max(c - bc - 1 + margin);
        }
    }
    reach
}

/// Builds `design` in `frame` ([`Backend::build`]) and checks that it stays inside the
/// tile and within the room around its bands.
pub(crate) fn build_design<B: Backend>(
    backend: &B,
    library: &Library,
    design: B::Design,
    frame: Frame,
) -> Result<Vec<Element>, BackendError> {
    build_shared(backend, library, design, frame, Reach::uniform(0))
}

/// [`build_design`] in a frame that drops `shared` lines of margin on each side
/// ([`Backend::SHARED_MARGIN`]): the reach may exceed the room by that much, never more.
pub(crate) fn build_shared<B: Backend>(
    backend: &B,
    library: &Library,
    design: B::Design,
    frame: Frame,
    shared: Reach,
) -> Result<Vec<Element>, BackendError> {
    let elements = backend.build(library, design, frame)?;
    let error = |reason: String| BackendError::Design {
        design: backend.design_name(design).into(),
        reason,
    };
    for element in &elements {
        for &(p, _) in &element.pieces {
            if !frame.contains(p) {
                return Err(error(format!("square {p:?} outside the tile {frame:?}")));
            }
        }
    }
    let reach = reach_of::<B>(&elements, frame);
    let room = frame.room();
    let room = Reach {
        up: room.up + shared.up,
        down: room.down + shared.down,
        left: room.left + shared.left,
        right: room.right + shared.right,
    };
    if !reach.fits(room) {
        return Err(error(format!("reach {reach:?} exceeds the tile {frame:?}")));
    }
    Ok(elements)
}

/// The tile designs: each design's reach (measured once, in a roomy frame, per phase),
/// and each design built in any frame (the plan keeps every (design, frame) it builds).
pub(crate) struct Tileset<'a, B: Backend> {
    backend: &'a B,
    library: &'a Library,
    /// Each design's reach in every phase a tile can give its frame.
    pub reach: BTreeMap<B::Design, Reach>,
    /// Each design's reach per phase of its frame.
    phase_reach: BTreeMap<(B::Design, Phase), Reach>,
    /// Per design, the lines of [`Backend::SHARED_MARGIN`] it can drop on each side (0
    /// where its gadgets need the line, as a corner that starts right at its input).
    shareable: BTreeMap<B::Design, Reach>,
}

impl<'a, B: Backend> Tileset<'a, B> {
    /// Measures every design and checks that it also builds, without unintended
    /// contacts, in the smallest frame its reach allows. A backend with
    /// [`SideParity::Quad`] is measured in every colour and band phase (bands at 0 or 2
    /// modulo 4) a tile can give its canonical frame, and checked in the smallest frame
    /// of each.
    pub fn new(backend: &'a B, library: &'a Library) -> Result<Tileset<'a, B>, BackendError> {
        const ROOMY: i64 = 100;
        // Knight gadgets are larger (the And is 105 squares wide).
        const ROOMIER: i64 = 200;
        let roomy = |colour: u8, row_phase: i64, col_phase: i64| Frame {
            rows: 2 * ROOMIER + 4,
            cols: 2 * ROOMIER + 4,
            band_row: ROOMIER + row_phase,
            band_col: ROOMIER + col_phase,
            colour,
        };
        let frames: Vec<Frame> = match B::SIDE_PARITY {
            SideParity::Quad => (0..8)
                .map(|k| roomy((k & 1) as u8, k & 2, (k >> 1) & 2))
                .collect(),
            SideParity::Any | SideParity::Even => vec![Frame {
                rows: 2 * ROOMY + 2,
                cols: 2 * ROOMY + 2,
                band_row: ROOMY,
                band_col: ROOMY,
                colour: 0,
            }],
        };
        let mut reach = BTreeMap::new();
        let mut phase_reach = BTreeMap::new();
        let mut shareable = BTreeMap::new();
        for &design in backend.designs() {
            let mut r = Reach::uniform(0);
            for &frame in &frames {
                let elements = build_design(backend, library, design, frame)?;
                let here = reach_of::<B>(&elements, frame);
                let phase = (frame.colour, frame.band_row % 4, frame.band_col % 4);
                let tight = Frame::tight_in(here, B::SIDE_PARITY, phase);
                check_contacts::<B>(&build_design(backend, library, design, tight)?)?;
                phase_reach.insert((design, phase), here);
                r = r.max(here);
            }
            reach.insert(design, r);
            if B::SHARED_MARGIN > 0 {
                shareable.insert(design, shareable_of(backend, library, design, r));
            }
        }
        Ok(Tileset {
            backend,
            library,
            reach,
            phase_reach,
            shareable,
        })
    }

    /// The reach of `design` turned by `symmetry` on the board: its reach in the phase
    /// that symmetry gives its canonical frame ([`SideParity::phase`]).
    pub(crate) fn reach_on_board(&self, design: B::Design, symmetry: Symmetry) -> Reach {
        let phase = B::SIDE_PARITY.phase(symmetry);
        self.phase_reach
            .get(&(design, phase))
            .unwrap_or(&self.reach[&design])
            .transformed(symmetry)
    }

    /// The lines of [`Backend::SHARED_MARGIN`] `design` turned by `symmetry` can drop
    /// on each side of the board.
    pub(crate) fn shareable_on_board(&self, design: B::Design, symmetry: Symmetry) -> Reach {
        self.shareable(design).transformed(symmetry)
    }

    /// The lines of [`Backend::SHARED_MARGIN`] the canonical `design` can drop on each
    /// side.
    pub(crate) fn shareable(&self, design: B::Design) -> Reach {
        self.shareable
            .get(&design)
            .copied()
            .unwrap_or(Reach::uniform(0))
    }

    /// `design` built in `frame`, which drops `shared` lines of margin on each side
    /// ([`Backend::SHARED_MARGIN`]), checked for unintended contacts.
    pub(crate) fn elements(
        &self,
        design: B::Design,
        frame: Frame,
        shared: Reach,
    ) -> Result<Vec<Element>, BackendError> {
        let elements = build_shared(self.backend, self.library, design, frame, shared)?;
        check_contacts::<B>(&elements)?;
        Ok(elements)
    }
}

/// The lines of [`Backend::SHARED_MARGIN`] `design` (of reach `reach`) can drop on each
/// side: those where it still builds, without unintended contacts, in its smallest frame
/// made that much shorter on that side.
fn shareable_of<B: Backend>(
    backend: &B,
    library: &Library,
    design: B::Design,
    reach: Reach,
) -> Reach {
    let shared = B::SHARED_MARGIN;
    let fits = |drop: Reach| {
        let frame = Frame::tight_in(
            Reach {
                up: reach.up - drop.up,
                down: reach.down - drop.down,
                left: reach.left - drop.left,
                right: reach.right - drop.right,
            },
            B::SIDE_PARITY,
            (0, 0, 0),
        );
        build_shared(backend, library, design, frame, drop)
            .and_then(|elements| check_contacts::<B>(&elements))
            .is_ok()
    };
    let side = |drop: Reach| if fits(drop) { shared } else { 0 };
    let none = Reach::uniform(0);
    Reach {
        up: side(Reach { up: shared, ..none }),
        down: side(Reach {
            down: shared,
            ..none
        }),
        left: side(Reach {
            left: shared,
            ..none
        }),
        right: side(Reach {
            right: shared,
            ..none
        }),
    }
}
