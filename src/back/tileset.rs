//! A backend's tile designs as the compiler uses them: each design's [`Reach`] is measured
//! once in a roomy frame (and the design checked in the smallest frame that reach
//! allows), and every design is built once per frame it is needed in.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::label::Direction;

use super::canvas::Canvas;
use super::contacts::check_contacts;
use super::element::{Element, Library};
use super::geometry::{Frame, Reach};
use super::{Backend, BackendError};

/// The reach of a design's elements in `frame`. The wire columns running along a band to
/// the border are not counted.
pub fn reach_of(elements: &[Element], frame: Frame) -> Reach {
    use Direction::*;
    let (br, bc) = (frame.band_row, frame.band_col);
    let mut reach = Reach::MIN;
    for e in elements {
        let stub = |&(r, c): &(i64, i64)| match e.flow {
            Some(East | West) => r == br || r == br + 1,
            Some(North | South) => c == bc || c == bc + 1,
            None => false,
        };
        for &((r, c), _) in e.pieces.iter().filter(|(p, _)| !stub(p)) {
            reach.up = reach.up.max(br - r + 1);
            reach.down = reach.down.max(r - br);
            reach.left = reach.left.max(bc - c + 1);
            reach.right = reach.right.max(c - bc);
        }
    }
    reach
}

/// Builds `design` in `frame` ([`Backend::build`]) and checks that it stays inside the
/// tile and within the room around its bands.
pub fn build_design<B: Backend>(
    backend: &B,
    library: &Library,
    design: B::Design,
    frame: Frame,
) -> Result<Vec<Element>, BackendError> {
    let mut canvas = Canvas::new(backend, library, backend.design_name(design));
    backend.build(&mut canvas, design, frame)?;
    for element in &canvas.elements {
        for &(p, _) in &element.pieces {
            if !frame.contains(p) {
                return Err(canvas.error(format!("square {p:?} outside the tile {frame:?}")));
            }
        }
    }
    let reach = reach_of(&canvas.elements, frame);
    if !reach.fits(frame.room()) {
        return Err(canvas.error(format!("reach {reach:?} exceeds the tile {frame:?}")));
    }
    Ok(canvas.elements)
}

/// The tile designs: each design's reach (measured once, in a roomy frame) and the
/// designs built so far, per frame.
pub struct Tileset<'a, B: Backend> {
    backend: &'a B,
    library: &'a Library,
    pub reach: BTreeMap<B::Design, Reach>,
    built: FxHashMap<(B::Design, Frame), Vec<Element>>,
}

impl<'a, B: Backend> Tileset<'a, B> {
    /// Measures every design and checks that it also builds, without unintended
    /// contacts, in the smallest frame its reach allows.
    pub fn new(backend: &'a B, library: &'a Library) -> Result<Tileset<'a, B>, BackendError> {
        const ROOMY: i64 = 100;
        let roomy = Frame {
            rows: 2 * ROOMY + 2,
            cols: 2 * ROOMY + 2,
            band_row: ROOMY,
            band_col: ROOMY,
            colour: 0,
        };
        let mut reach = BTreeMap::new();
        for &design in backend.designs() {
            let elements = build_design(backend, library, design, roomy)?;
            let r = reach_of(&elements, roomy);
            let tight = build_design(backend, library, design, Frame::tight(r))?;
            check_contacts::<B>(&tight, false)?;
            reach.insert(design, r);
        }
        Ok(Tileset {
            backend,
            library,
            reach,
            built: FxHashMap::default(),
        })
    }

    pub fn elements(
        &mut self,
        design: B::Design,
        frame: Frame,
    ) -> Result<&[Element], BackendError> {
        if !self.built.contains_key(&(design, frame)) {
            let elements = build_design(self.backend, self.library, design, frame)?;
            check_contacts::<B>(&elements, false)?;
            self.built.insert((design, frame), elements);
        }
        Ok(&self.built[&(design, frame)])
    }
}
