//! Figures of Graph Capture instances (Aravind–Misra–Mittal §4, `sat2chess-graphcap`):
//! the graph laid out, every vertex a disc with its name (a token: filled dark blue, the
//! board figures' dot colour; empty: white), directed edges as arrows, the budget d in
//! the caption, and optionally a capture sequence drawn as the board figures draw moves:
//! each capture an orange arrow along its edge with its number in an orange disc.
//!
//! Layout, hand-written (a few dozen lines; the graph-drawing crates on crates.io are
//! either unmaintained or bring a whole rendering stack, and the figure needs a layout
//! that is the same on every run):
//! - a directed acyclic graph is layered: every vertex on the layer of the longest path
//!   reaching it (sources on top, arrows point down), the vertices of a layer ordered by
//!   eight alternating barycentre sweeps (Sugiyama's heuristic), ties kept in declaration
//!   order;
//! - any other graph is laid out by Fruchterman–Reingold forces from a circle (the
//!   vertices in declaration order), with fixed iterations and a cooling schedule, so the
//!   layout is a pure function of the graph.

use std::collections::HashMap;
use std::io::{self, Write};

use sat2chess_graphcap::check::Position;
use sat2chess_graphcap::graph::{GraphCapture, Vertex};
use sat2chess_graphcap::moves::Capture;

use super::sketch::{Anchor, Item, Sketch, text_width};
use super::{Format, RenderError, Rgb, palette, tikz};

/// Font size of vertex names, in units (a board square is one unit).
const NAME_FONT: f64 = 0.3;
/// Font size of the caption.
const CAPTION_FONT: f64 = 0.36;
/// Vertical distance of two layers.
const LAYER_GAP: f64 = 2.2;
/// Least horizontal distance of two vertices' edges on a layer.
const SIDE_GAP: f64 = 1.0;
/// Mean edge length of the force-directed layout.
const EDGE_LENGTH: f64 = 2.4;
/// Above this many vertices the force-directed layout stops at the circle (its cost is
/// quadratic per iteration).
const FORCE_LIMIT: usize = 1500;

/// Draws `graph` with `captures` (each checked against the rules of the game as it is
/// drawn: an illegal one is [`RenderError::IllegalCapture`]) in `format` into `out`.
pub fn write(
    graph: &GraphCapture,
    captures: &[Capture],
    format: Format,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    let mut position = Position::start(graph);
    for (index, &capture) in captures.iter().enumerate() {
        position
            .play(graph, capture)
            .map_err(|reason| RenderError::IllegalCapture {
                number: index + 1,
                reason,
            })?;
    }
    let sketch = sketch(graph, captures);
    let mut out = io::BufWriter::new(out);
    match format {
        Format::Svg => sketch.svg_document(0.4, &mut out)?,
        Format::Tikz => {
            let (left, top, right, bottom) = sketch.bounds();
            let unit = (tikz::NATURAL_CM).min(16.0 / (right - left).max(1.0));
            let page = ((right - left) * unit + 1.5, (bottom - top) * unit + 1.5);
            let comment = format!(
                "a Graph Capture instance, {} vertices; one unit = {}cm",
                graph.len(),
                super::xml::num(unit)
            );
            out.write_all(tikz::document_start(&comment, page).as_bytes())?;
            writeln!(
                out,
                "\\begin{{tikzpicture}}[x={u}cm, y=-{u}cm]",
                u = super::xml::num(unit)
            )?;
            sketch.tikz(unit, &mut out)?;
            writeln!(out, "\\end{{tikzpicture}}")?;
            out.write_all(tikz::document_end().as_bytes())?;
        }
        Format::Html => return Err(RenderError::NoPage("a Graph Capture instance")),
    }
    out.flush()?;
    Ok(())
}

/// The disc radius that holds every vertex name.
fn radius(graph: &GraphCapture) -> f64 {
    (0..graph.len() as Vertex)
        .map(|v| text_width(graph.name(v), NAME_FONT) / 2.0 + 0.1)
        .fold(0.3, f64::max)
}

/// The figure: caption, edges, captures, vertices, legend.
fn sketch(graph: &GraphCapture, captures: &[Capture]) -> Sketch {
    let r = radius(graph);
    let places = match layers(graph) {
        Some(layers) => layered(graph, &layers, r),
        None => forces(graph, r),
    };
    let mut sketch = Sketch::default();
    let kind = if graph.directed {
        "directed"
    } else {
        "undirected"
    };
    let title = format!("Graph Capture, {kind}, budget d = {}", graph.budget);
    let mut counts = format!(
        "{} vertices, {} tokens, {} edges",
        graph.len(),
        graph.token_count(),
        graph.edges().len()
    );
    if !captures.is_empty() {
        counts.push_str(&format!("; {} captures numbered", captures.len()));
    }
    let (left, top) = places
        .iter()
        .fold((f64::MAX, f64::MAX), |(x, y), p| (x.min(p.0), y.min(p.1)));
    let (left, top) = if places.is_empty() {
        (0.0, 0.0)
    } else {
        (left - r, top - r)
    };
    sketch.text((left, top - 1.1), title, CAPTION_FONT, Anchor::Start);
    sketch.text((left, top - 0.6), counts, CAPTION_FONT, Anchor::Start);
    let edge_colour = Rgb(0x78909c);
    for &(from, to) in graph.edges() {
        let (a, b) = trimmed(places[from as usize], places[to as usize], r);
        sketch.push(Item::Line {
            from: a,
            to: b,
            colour: edge_colour,
            width: 0.045,
            arrow: graph.directed,
        });
    }
    // Captures: an orange arrow along the edge, its number in a disc; repeated uses of
    // one edge put their numbers at different points of it.
    let mut uses: HashMap<(Vertex, Vertex), usize> = HashMap::new();
    let mut discs = Vec::new();
    for (index, capture) in captures.iter().enumerate() {
        let (a, b) = trimmed(
            places[capture.from as usize],
            places[capture.to as usize],
            r,
        );
        sketch.push(Item::Line {
            from: a,
            to: b,
            colour: palette::CAPTURE,
            width: 0.09,
            arrow: true,
        });
        let key = (capture.from.min(capture.to), capture.from.max(capture.to));
        let used = uses.entry(key).or_insert(0);
        let t = [0.45, 0.25, 0.65][*used % 3];
        *used += 1;
        discs.push((index + 1, (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))));
    }
    for (number, at) in discs {
        sketch.push(Item::Disc {
            at,
            radius: 0.17,
            fill: palette::CAPTURE,
            stroke: palette::CAPTURE,
            width: 0.01,
        });
        sketch.push(Item::Text {
            at,
            text: number.to_string(),
            size: 0.2,
            colour: palette::PAPER,
            anchor: Anchor::Middle,
            bold: true,
        });
    }
    for (vertex, &at) in places.iter().enumerate() {
        let token = graph.has_token(vertex as Vertex);
        vertex_disc(&mut sketch, at, r, graph.name(vertex as Vertex), token);
    }
    let bottom = places.iter().map(|p| p.1 + r).fold(top + 2.0 * r, f64::max);
    let y = bottom + 0.7;
    vertex_disc(&mut sketch, (left + 0.3, y), 0.3, "", true);
    sketch.text((left + 0.75, y), "token", CAPTION_FONT, Anchor::Start);
    vertex_disc(&mut sketch, (left + 2.3, y), 0.3, "", false);
    sketch.text(
        (left + 2.75, y),
        "empty vertex",
        CAPTION_FONT,
        Anchor::Start,
    );
    if !captures.is_empty() {
        let x = left + 5.4;
        sketch.push(Item::Line {
            from: (x, y),
            to: (x + 0.8, y),
            colour: palette::CAPTURE,
            width: 0.09,
            arrow: true,
        });
        sketch.text(
            (x + 1.0, y),
            "capture (numbered in order)",
            CAPTION_FONT,
            Anchor::Start,
        );
    }
    sketch
}

/// A vertex: a disc with its name, dark blue with a white name when it holds a token.
fn vertex_disc(sketch: &mut Sketch, at: (f64, f64), r: f64, name: &str, token: bool) {
    let (fill, text) = if token {
        (palette::DOT, palette::PAPER)
    } else {
        (palette::PAPER, palette::INK)
    };
    sketch.push(Item::Disc {
        at,
        radius: r,
        fill,
        stroke: palette::INK,
        width: 0.04,
    });
    if !name.is_empty() {
        sketch.push(Item::Text {
            at,
            text: name.to_string(),
            size: NAME_FONT,
            colour: text,
            anchor: Anchor::Middle,
            bold: token,
        });
    }
}

/// The segment from `a` to `b` without the discs of radius `r` around them (and a
/// little room for an arrowhead).
fn trimmed(a: (f64, f64), b: (f64, f64), r: f64) -> ((f64, f64), (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy);
    if length <= 2.0 * r + 0.05 {
        return (a, b);
    }
    let (ux, uy) = (dx / length, dy / length);
    let (start, end) = (r + 0.03, r + 0.05);
    (
        (a.0 + ux * start, a.1 + uy * start),
        (b.0 - ux * end, b.1 - uy * end),
    )
}

/// The longest-path layer of every vertex of a directed acyclic graph (`None`: the
/// graph is undirected or has a cycle).
fn layers(graph: &GraphCapture) -> Option<Vec<usize>> {
    if !graph.directed {
        return None;
    }
    let n = graph.len();
    let mut indegree: Vec<usize> = (0..n as Vertex).map(|v| graph.attackers(v).len()).collect();
    let mut layer = vec![0usize; n];
    let mut ready: Vec<Vertex> = (0..n as Vertex)
        .filter(|&v| indegree[v as usize] == 0)
        .collect();
    ready.reverse();
    let mut done = 0;
    while let Some(v) = ready.pop() {
        done += 1;
        for &w in graph.targets(v) {
            layer[w as usize] = layer[w as usize].max(layer[v as usize] + 1);
            indegree[w as usize] -= 1;
            if indegree[w as usize] == 0 {
                ready.push(w);
            }
        }
    }
    (done == n).then_some(layer)
}

/// Places of a layered graph: layers top to bottom, ordered by barycentre sweeps.
fn layered(graph: &GraphCapture, layer: &[usize], r: f64) -> Vec<(f64, f64)> {
    let depth = layer.iter().max().map_or(0, |&d| d + 1);
    let mut rows: Vec<Vec<Vertex>> = vec![Vec::new(); depth];
    for (v, &l) in layer.iter().enumerate() {
        rows[l].push(v as Vertex);
    }
    let mut rank = vec![0.0f64; layer.len()];
    let centre = |rows: &Vec<Vec<Vertex>>, rank: &mut Vec<f64>| {
        for row in rows {
            let half = (row.len() as f64 - 1.0) / 2.0;
            for (i, &v) in row.iter().enumerate() {
                rank[v as usize] = i as f64 - half;
            }
        }
    };
    centre(&rows, &mut rank);
    for sweep in 0..8 {
        let down = sweep % 2 == 0;
        let order: Vec<usize> = if down {
            (1..depth).collect()
        } else {
            (0..depth.saturating_sub(1)).rev().collect()
        };
        for l in order {
            let key = |v: Vertex| {
                let neighbours: Vec<f64> = graph
                    .attackers(v)
                    .iter()
                    .chain(graph.targets(v))
                    .filter(|&&w| {
                        let other = layer[w as usize];
                        if down { other < l } else { other > l }
                    })
                    .map(|&w| rank[w as usize])
                    .collect();
                if neighbours.is_empty() {
                    rank[v as usize]
                } else {
                    neighbours.iter().sum::<f64>() / neighbours.len() as f64
                }
            };
            let mut keyed: Vec<(f64, Vertex)> = rows[l].iter().map(|&v| (key(v), v)).collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
            rows[l] = keyed.into_iter().map(|(_, v)| v).collect();
            centre(&rows, &mut rank);
        }
    }
    let spacing = 2.0 * r + SIDE_GAP;
    let mut places = vec![(0.0, 0.0); layer.len()];
    for (l, row) in rows.iter().enumerate() {
        for &v in row {
            places[v as usize] = (rank[v as usize] * spacing, l as f64 * LAYER_GAP);
        }
    }
    places
}

/// Places by Fruchterman–Reingold forces from a circle, scaled to edges of about
/// [`EDGE_LENGTH`] and vertices at least two radii and a gap apart (if twice that scale
/// does it).
fn forces(graph: &GraphCapture, r: f64) -> Vec<(f64, f64)> {
    let n = graph.len();
    let ideal = 1.0;
    let start = (n as f64).sqrt().max(1.0);
    let mut places: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
            (start * angle.cos(), start * angle.sin())
        })
        .collect();
    if n > FORCE_LIMIT {
        // The circle, its neighbours two radii and a gap apart.
        let scale = n as f64 * (2.0 * r + SIDE_GAP) / std::f64::consts::TAU / start;
        return places
            .into_iter()
            .map(|(x, y)| (x * scale, y * scale))
            .collect();
    }
    {
        let rounds = 300;
        for round in 0..rounds {
            let temperature = start * 0.2 * (1.0 - round as f64 / rounds as f64) + 0.005;
            let mut shift = vec![(0.0f64, 0.0f64); n];
            for i in 0..n {
                for j in i + 1..n {
                    let (dx, dy) = (places[i].0 - places[j].0, places[i].1 - places[j].1);
                    let d2 = (dx * dx + dy * dy).max(1e-4);
                    let push = ideal * ideal / d2;
                    shift[i].0 += dx * push;
                    shift[i].1 += dy * push;
                    shift[j].0 -= dx * push;
                    shift[j].1 -= dy * push;
                }
            }
            for &(a, b) in graph.edges() {
                let (a, b) = (a as usize, b as usize);
                let (dx, dy) = (places[a].0 - places[b].0, places[a].1 - places[b].1);
                let pull = dx.hypot(dy) / ideal;
                shift[a].0 -= dx * pull;
                shift[a].1 -= dy * pull;
                shift[b].0 += dx * pull;
                shift[b].1 += dy * pull;
            }
            for (place, (sx, sy)) in places.iter_mut().zip(shift) {
                // A weak pull to the centre keeps separate components together.
                let (sx, sy) = (sx - 0.05 * place.0, sy - 0.05 * place.1);
                let length = sx.hypot(sy);
                if length > 0.0 {
                    let step = length.min(temperature) / length;
                    place.0 += sx * step;
                    place.1 += sy * step;
                }
            }
        }
    }
    // Edges about EDGE_LENGTH long, then stretched (at most twice) until no two vertices
    // are closer than two radii and a gap.
    let distance =
        |i: usize, j: usize| (places[i].0 - places[j].0).hypot(places[i].1 - places[j].1);
    let edges = graph.edges();
    let mean = edges
        .iter()
        .map(|&(a, b)| distance(a as usize, b as usize))
        .sum::<f64>()
        / edges.len().max(1) as f64;
    let mut scale = if mean > 1e-6 { EDGE_LENGTH / mean } else { 1.0 };
    let closest = (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| distance(i, j))
        .fold(f64::MAX, f64::min);
    if closest < f64::MAX && closest * scale < 2.0 * r + SIDE_GAP {
        scale = ((2.0 * r + SIDE_GAP) / closest.max(1e-6)).min(2.0 * scale);
    }
    places
        .into_iter()
        .map(|(x, y)| (x * scale, y * scale))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> GraphCapture {
        GraphCapture::parse(text).unwrap()
    }

    #[test]
    fn a_dag_is_layered_by_longest_paths() {
        let dag = graph(
            "graph-capture directed 2\nvertex a token\nvertex b token\nvertex c\nvertex d token\n\
             edge a b\nedge b c\nedge a c\nedge d c\n",
        );
        assert_eq!(layers(&dag), Some(vec![0, 1, 2, 0]));
        let places = layered(&dag, &layers(&dag).unwrap(), 0.3);
        assert_eq!(places[2].1, 2.0 * LAYER_GAP);
        assert!(places[0].0 != places[3].0);
        let cycle =
            graph("graph-capture directed 1\nvertex a token\nvertex b token\nedge a b\nedge b a\n");
        assert_eq!(layers(&cycle), None);
    }

    #[test]
    fn forces_keep_vertices_apart_and_are_deterministic() {
        let g = graph(
            "graph-capture undirected 2\nvertex a token\nvertex b token\nvertex c token\n\
             vertex d\nedge a b\nedge b c\nedge c d\nedge d a\nedge a c\n",
        );
        let first = forces(&g, 0.3);
        assert_eq!(first, forces(&g, 0.3));
        for i in 0..4 {
            for j in i + 1..4 {
                let d = (first[i].0 - first[j].0).hypot(first[i].1 - first[j].1);
                assert!(d >= 0.6 + SIDE_GAP - 1e-9, "{i} {j}: {d}");
            }
        }
    }

    #[test]
    fn a_dag_with_captures_snapshot() {
        let g = graph(
            "graph-capture directed 2\nvertex a token\nvertex b token\nvertex c\n\
             vertex d token\nedge a b\nedge b d\nedge c d\n",
        );
        let captures = [Capture { from: 0, to: 1 }, Capture { from: 1, to: 3 }];
        let mut svg = Vec::new();
        write(&g, &captures, Format::Svg, &mut svg).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        roxmltree::Document::parse(&svg).expect("well-formed XML");
        // Four vertices, two capture discs, three legend discs.
        assert_eq!(svg.matches("<circle").count(), 4 + 2 + 2);
        assert_eq!(svg.matches("marker-end").count(), 3 + 2 + 1);
        insta::assert_snapshot!("graph_capture_dag", svg);
        let mut tex = Vec::new();
        write(&g, &captures, Format::Tikz, &mut tex).unwrap();
        let tex = String::from_utf8(tex).unwrap();
        assert_eq!(tex.matches("-stealth").count(), 3 + 2 + 1);
        assert!(tex.contains("Graph Capture, directed, budget d = 2}"));
        assert!(tex.contains("{4 vertices, 3 tokens, 3 edges; 2 captures numbered}"));
    }

    #[test]
    fn an_illegal_capture_is_refused_with_its_number() {
        let g = graph("graph-capture directed 1\nvertex a token\nvertex b token\nedge a b\n");
        let mut out = Vec::new();
        let error = write(&g, &[Capture { from: 1, to: 0 }], Format::Svg, &mut out).unwrap_err();
        assert_eq!(
            error.to_string(),
            "capture 1 is illegal: no edge lets b capture a"
        );
        assert!(out.is_empty());
    }
}
