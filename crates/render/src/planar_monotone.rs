//! Figures of sided planar monotone 3-SAT instances with their rectilinear layout
//! (Brunner et al. Figure 9): the variables on a horizontal line, every positive clause
//! a red bar above it at its level, every negative clause a blue bar below, and a
//! vertical leg from each bar to each of its variables. Legs meeting one variable stand
//! side by side in [`MonotoneClause::leg_order`], so a valid instance is drawn without a
//! crossing.

use std::io::Write;

use sat2chess_core::formula::Var;
use sat2chess_reduce::transform::planar_monotone::{MonotoneClause, PlanarMonotone, Side};

use super::RenderError;
use super::xml::num;

/// Horizontal distance of two variables, in pixels.
const VAR_STEP: f64 = 28.0;
/// Vertical distance of two levels, in pixels.
const LEVEL_STEP: f64 = 12.0;
/// Margin around the drawing, in pixels.
const MARGIN: f64 = 24.0;
/// Colours of positive and negative clauses and of the variable line.
const POSITIVE: &str = "#c62828";
const NEGATIVE: &str = "#1565c0";
const LINE: &str = "#212121";
/// Variables are named under the line up to this many.
const MAX_NAMED: u32 = 300;

/// The x coordinate of every leg: `legs[c][i]` for variable `i` of clause `c`.
fn leg_positions(pm: &PlanarMonotone) -> Vec<Vec<f64>> {
    let mut at: Vec<[Vec<(usize, usize)>; 2]> =
        vec![[Vec::new(), Vec::new()]; pm.num_vars as usize];
    for (c, clause) in pm.clauses.iter().enumerate() {
        for (i, v) in clause.vars.iter().enumerate() {
            at[v.index()][usize::from(clause.side == Side::Positive)].push((c, i));
        }
    }
    let mut legs: Vec<Vec<f64>> = pm.clauses.iter().map(|c| vec![0.0; c.vars.len()]).collect();
    for (v, sides) in at.iter_mut().enumerate() {
        let centre = MARGIN + VAR_STEP * (v as f64 + 0.5);
        for side in sides {
            side.sort_by_key(|&(c, _)| pm.clauses[c].leg_order(Var(v as u32)));
            let spread = VAR_STEP * 0.6 / side.len().max(1) as f64;
            let first = centre - spread * (side.len() as f64 - 1.0) / 2.0;
            for (k, &(c, i)) in side.iter().enumerate() {
                legs[c][i] = first + spread * k as f64;
            }
        }
    }
    legs
}

/// Draws `pm` as an SVG figure into `out`.
pub fn write_svg(pm: &PlanarMonotone, out: &mut dyn Write) -> Result<(), RenderError> {
    let top = pm
        .clauses
        .iter()
        .filter(|c| c.side == Side::Positive)
        .map(|c| c.level)
        .max()
        .unwrap_or(0);
    let bottom = pm
        .clauses
        .iter()
        .filter(|c| c.side == Side::Negative)
        .map(|c| c.level)
        .max()
        .unwrap_or(0);
    let width = 2.0 * MARGIN + VAR_STEP * f64::from(pm.num_vars.max(1));
    let line_y = MARGIN + LEVEL_STEP * f64::from(top);
    let height = line_y + LEVEL_STEP * f64::from(bottom) + 2.0 * MARGIN;
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="10">"#,
        w = num(width),
        h = num(height)
    )?;
    writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#)?;
    writeln!(
        out,
        r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="{LINE}" stroke-width="2"/>"#,
        num(MARGIN),
        num(width - MARGIN),
        y = num(line_y)
    )?;
    let legs = leg_positions(pm);
    for (clause, xs) in pm.clauses.iter().zip(&legs) {
        write_clause(out, clause, xs, line_y)?;
    }
    for v in 0..pm.num_vars {
        let x = MARGIN + VAR_STEP * (f64::from(v) + 0.5);
        writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="2.5" fill="{LINE}"/>"#,
            num(x),
            num(line_y)
        )?;
        if pm.num_vars <= MAX_NAMED {
            writeln!(
                out,
                r#"<text x="{}" y="{}" text-anchor="middle" fill="{LINE}">x{}</text>"#,
                num(x),
                num(height - MARGIN / 2.0),
                v + 1
            )?;
        }
    }
    writeln!(out, "</svg>")?;
    Ok(())
}

/// One clause: its bar at its level and its legs down (up) to the line.
fn write_clause(
    out: &mut dyn Write,
    clause: &MonotoneClause,
    xs: &[f64],
    line_y: f64,
) -> Result<(), RenderError> {
    let (colour, y) = match clause.side {
        Side::Positive => (POSITIVE, line_y - LEVEL_STEP * f64::from(clause.level)),
        Side::Negative => (NEGATIVE, line_y + LEVEL_STEP * f64::from(clause.level)),
    };
    let (left, right) = (xs[0], xs[xs.len() - 1]);
    write!(out, r#"<g stroke="{colour}" stroke-width="1.5">"#)?;
    write!(
        out,
        r#"<line x1="{}" y1="{y}" x2="{}" y2="{y}"/>"#,
        num(left - 2.0),
        num(right + 2.0),
        y = num(y)
    )?;
    for &x in xs {
        write!(
            out,
            r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}"/>"#,
            num(y),
            num(line_y),
            x = num(x)
        )?;
    }
    writeln!(out, "</g>")?;
    Ok(())
}
