//! A self-contained HTML page (inline SVG, inline script, no network access) that plays a
//! capture sequence move by move: play/pause, step back and forward, start/end, a slider,
//! arrow keys and space. The current move's squares are shaded and the next move is drawn
//! as a numbered arrow, as in the static `--step` figures. Every geometric quantity is
//! computed here in Rust; the script only moves the pieces' `<g>` elements.

use std::fmt::Write as _;

use svg::node::element::{Group, Line, Rectangle};

use super::source::PieceSource;
use super::svg::{
    CAPTURE_FONT, CAPTURE_WIDTH, Flavour, arrow_label_point, arrow_line, baseline, capture_label,
    document, num,
};
use super::{
    Arrow, ArrowKind, GLYPH_LIMIT, LegendEntry, Mark, RenderError, RenderOptions, Scene, Style,
    palette,
};
use sat2chess_core::rules::Move;

/// The page script; `S2C_DATA` is defined before it.
const SCRIPT: &str = r#"
(function () {
  const data = S2C_DATA;
  const figure = document.getElementById('s2c-figure');
  const slider = document.getElementById('s2c-slider');
  const info = document.getElementById('s2c-info');
  const playButton = document.getElementById('s2c-play');
  const speed = document.getElementById('s2c-speed');
  const byId = (id) => figure.querySelector('#s2c-p' + id);
  const shades = [figure.querySelector('#s2c-last-from'), figure.querySelector('#s2c-last-to')];
  const next = figure.querySelector('#s2c-next');
  let step = 0;
  let timer = null;

  function place(id, x, y, budget) {
    const g = byId(id);
    if (!g) return;
    g.style.display = '';
    g.setAttribute('transform', 'translate(' + x + ' ' + y + ')');
    const glyph = g.querySelector('use');
    glyph.setAttribute('fill', budget === 0 ? data.ink : data.paper);
    glyph.setAttribute('color', budget === 0 ? data.paper : data.ink);
    g.querySelector('text').textContent = budget;
  }

  function show(k) {
    step = Math.max(0, Math.min(data.moves.length, k));
    const state = new Map(data.pieces.map((p) => [p[0], [p[1], p[2], p[3]]]));
    for (let i = 0; i < step; i++) {
      const m = data.moves[i];
      const mover = state.get(m.mover);
      state.delete(m.captured);
      if (mover) state.set(m.mover, [m.to[0], m.to[1], mover[2] - 1]);
    }
    for (const p of data.pieces) {
      const g = byId(p[0]);
      if (!g) continue;
      const s = state.get(p[0]);
      if (s) place(p[0], s[0], s[1], s[2]); else g.style.display = 'none';
    }
    const last = step > 0 ? data.moves[step - 1] : null;
    shades.forEach((rect, i) => {
      if (!last) { rect.style.display = 'none'; return; }
      const at = i === 0 ? last.from : last.to;
      rect.setAttribute('x', at[0]);
      rect.setAttribute('y', at[1]);
      rect.style.display = '';
    });
    const coming = step < data.moves.length ? data.moves[step] : null;
    if (coming) {
      const line = next.querySelector('line');
      line.setAttribute('x1', coming.line[0]);
      line.setAttribute('y1', coming.line[1]);
      line.setAttribute('x2', coming.line[2]);
      line.setAttribute('y2', coming.line[3]);
      const disc = next.querySelector('circle');
      disc.setAttribute('cx', coming.label[0]);
      disc.setAttribute('cy', coming.label[1]);
      const number = next.querySelector('text');
      number.setAttribute('x', coming.label[0]);
      number.setAttribute('y', coming.label[2]);
      number.textContent = step + 1;
      next.style.display = '';
    } else {
      next.style.display = 'none';
    }
    slider.value = step;
    info.textContent = (last ? 'after move ' + step + ' of ' + data.moves.length + ': ' + last.text
      : 'start position (' + data.moves.length + ' moves)') + (coming ? '; next: ' + coming.text : '; end');
  }

  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = 'Play';
  }

  function play() {
    if (step >= data.moves.length) show(0);
    playButton.textContent = 'Pause';
    timer = setInterval(() => {
      if (step >= data.moves.length) { pause(); return; }
      show(step + 1);
    }, Number(speed.value));
  }

  playButton.addEventListener('click', () => (timer === null ? play() : pause()));
  document.getElementById('s2c-start').addEventListener('click', () => { pause(); show(0); });
  document.getElementById('s2c-back').addEventListener('click', () => { pause(); show(step - 1); });
  document.getElementById('s2c-forward').addEventListener('click', () => { pause(); show(step + 1); });
  document.getElementById('s2c-end').addEventListener('click', () => { pause(); show(data.moves.length); });
  slider.addEventListener('input', () => { pause(); show(Number(slider.value)); });
  speed.addEventListener('change', () => { if (timer !== null) { pause(); play(); } });
  document.addEventListener('keydown', (e) => {
    if (e.target === slider) return;
    if (e.key === 'ArrowRight') { pause(); show(step + 1); }
    else if (e.key === 'ArrowLeft') { pause(); show(step - 1); }
    else if (e.key === ' ') { e.preventDefault(); timer === null ? play() : pause(); }
    else return;
  });
  show(data.start);
})();
"#;

const STYLE: &str = "body{font-family:sans-serif;margin:1em;color:#222;background:#fafafa}\
#s2c-figure svg{width:100%;height:80vh}\
.s2c-controls{margin:.6em 0;display:flex;gap:.4em;align-items:center;flex-wrap:wrap}\
.s2c-controls button{font-size:1em;min-width:3.2em}\
#s2c-slider{flex:1;min-width:12em}#s2c-info{font-family:monospace;margin:.3em 0}";

/// The shades of the last move (under the pieces) and the arrow of the next move (on top),
/// which the script moves.
fn overlays() -> (Group, Group) {
    let shade = |id: &str| {
        Rectangle::new()
            .set("id", id)
            .set("width", 1)
            .set("height", 1)
            .set("fill", palette::LAST_MOVE.to_string())
            .set("fill-opacity", 0.6)
            .set("style", "display:none")
    };
    let next = Group::new()
        .set("id", "s2c-next")
        .set("style", "display:none")
        .set("opacity", 0.9)
        .set("font-family", "sans-serif")
        .set("font-size", CAPTURE_FONT)
        .set("font-weight", "bold")
        .set("text-anchor", "middle")
        .add(
            Line::new()
                .set("stroke", palette::CAPTURE.to_string())
                .set("stroke-width", CAPTURE_WIDTH)
                .set("stroke-linecap", "round")
                .set("marker-end", "url(#s2c-head-capture)"),
        )
        .add(capture_label(0, (0.0, 0.0)));
    (
        Group::new()
            .add(shade("s2c-last-from"))
            .add(shade("s2c-last-to")),
        next,
    )
}

fn json_point((x, y): (f64, f64)) -> String {
    format!("[{},{}]", num(x), num(y))
}

/// Writes the animation page of `board` and `moves`; it opens at `options.step` (default 0).
/// Pieces are always glyphs: more than [`GLYPH_LIMIT`] visible pieces is refused (crop with
/// `options.region`).
pub fn write(
    board: &dyn PieceSource,
    moves: &[Move],
    options: &RenderOptions,
    out: &mut dyn std::io::Write,
) -> Result<(), RenderError> {
    let start = options.step.unwrap_or(0);
    let initial = RenderOptions {
        step: Some(0),
        style: Style::Glyphs,
        ..options.clone()
    };
    let mut scene = Scene::with_timeline(board, moves, &initial)?;
    if start > moves.len() {
        return Err(RenderError::StepBeyondEnd {
            step: start,
            moves: moves.len(),
        });
    }
    if scene.visible > GLYPH_LIMIT {
        return Err(RenderError::TooManyToAnimate {
            pieces: scene.visible,
            limit: GLYPH_LIMIT,
        });
    }
    scene.shown_moves = 0..0;
    // The page shades the squares of each move as it plays.
    let shade = LegendEntry::Mark(Mark::LastMove);
    if options.legend && !moves.is_empty() && !scene.legend.contains(&shade) {
        scene.legend.push(shade);
    }

    let mut data = String::new();
    let _ = write!(
        data,
        "{{\"start\":{start},\"ink\":\"{}\",\"paper\":\"{}\",\"pieces\":[",
        palette::INK,
        palette::PAPER
    );
    let mut comma = "";
    scene.pieces(&mut |piece| {
        let (x, y) = scene.corner(piece.square);
        let _ = write!(data, "{comma}[{},{x},{y},{}]", piece.id, piece.budget);
        comma = ",";
        Ok(())
    })?;
    data.push_str("],\"moves\":[");
    for (index, step) in scene.timeline.iter().enumerate() {
        let (from, to) = (scene.corner(step.mv.from), scene.corner(step.mv.to));
        let arrow = Arrow {
            from: (from.0 + 0.5, from.1 + 0.5),
            to: (to.0 + 0.5, to.1 + 0.5),
            kind: ArrowKind::Capture { number: index + 1 },
        };
        let ((x1, y1), (x2, y2)) = arrow_line(&arrow);
        let comma = if index == 0 { "" } else { "," };
        let _ = write!(
            data,
            "{comma}{{\"mover\":{},\"captured\":{},\"from\":{},\"to\":{},\"line\":[{},{},{},{}],\"label\":{},\"text\":\"{}\"}}",
            step.mover,
            step.captured,
            json_point(from),
            json_point(to),
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            {
                let (x, y) = arrow_label_point(&arrow);
                format!("[{},{},{}]", num(x), num(y), num(baseline(y, CAPTURE_FONT)))
            },
            step.mv
        );
    }
    data.push_str("]}");

    let (shades, next_arrow) = overlays();
    // The page holds at most GLYPH_LIMIT pieces: its figure is made in memory.
    let mut figure = Vec::new();
    document(
        &scene,
        Flavour::Inline,
        Some(shades),
        Some(next_arrow),
        &mut figure,
    )?;
    let figure = String::from_utf8(figure).expect("the SVG writer emits UTF-8");
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>sat2chess capture sequence</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <div class=\"s2c-controls\">\
         <button id=\"s2c-start\" title=\"first position\">|&lt;</button>\
         <button id=\"s2c-back\" title=\"step back (left arrow)\">&lt;</button>\
         <button id=\"s2c-play\" title=\"play / pause (space)\">Play</button>\
         <button id=\"s2c-forward\" title=\"step forward (right arrow)\">&gt;</button>\
         <button id=\"s2c-end\" title=\"last position\">&gt;|</button>\
         <input id=\"s2c-slider\" type=\"range\" min=\"0\" max=\"{}\" value=\"{start}\" aria-label=\"move\">\
         <select id=\"s2c-speed\" aria-label=\"speed\">\
         <option value=\"1500\">slow</option><option value=\"700\" selected>normal</option>\
         <option value=\"250\">fast</option></select></div>\n\
         <div id=\"s2c-info\"></div>\n<div id=\"s2c-figure\">\n{figure}\n</div>\n\
         <script>\nconst S2C_DATA = {data};\n{SCRIPT}</script>\n</body>\n</html>\n",
        moves.len()
    );
    out.write_all(page.as_bytes())?;
    Ok(())
}
