//! `compile --piece rook|queen|bishop` and `decode --piece rook|queen|bishop`: the Rook
//! backend ([`sat2chess::back::rook`]) is not tile-based, so it has its own paths here
//! instead of [`super::WithBackend`]; options and output follow the tile backends'.
//! Queen and bishop boards are the rook board transformed ([`sat2chess::retarget`]),
//! their certificates the rook certificate mapped along; decoding maps the moves back
//! onto the recompiled rook board.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use sat2chess::back::rook;
use sat2chess::budget;
use sat2chess::check;
use sat2chess::io::{self, json};
use sat2chess::retarget;
use sat2chess::rules::Variant;
use sat2chess::transform::Chain;

use super::output;
use super::sat::value_lines;
use super::{code, exit, print_err, print_out};

/// `compile --piece rook|queen|bishop`.
pub fn compile(args: super::compile::Args) -> Result<ExitCode> {
    super::compile::check_paths(&args)?;
    let input = args.formula.load()?;
    let context = || args.formula.name();
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).with_context(context)?;
    let formula = chain.formula();
    // The rook board is held in memory whatever the format.
    budget::Budget::pieces(args.max_pieces.min(budget::DEFAULT_MAX_PIECES))
        .admit(rook::rook_estimate(
            formula.num_vars(),
            formula.clauses.len(),
        ))
        .map_err(|error| anyhow::anyhow!("{}: {error}", context()))?;
    let compiled = rook::compile_formula(formula).with_context(context)?;
    if args.stats {
        print_err(&compiled.stats.to_string());
    }
    let retargeted = args
        .piece
        .and_then(super::Piece::retarget)
        .map(|target| retarget::retarget(&compiled.board, target))
        .transpose()
        .with_context(context)?;
    let board = retargeted.as_ref().map_or(&compiled.board, |r| &r.board);
    if let (true, Some(retargeted)) = (args.stats, &retargeted) {
        print_err(&format!(
            "transformed: {} on {} squares\n",
            retargeted.stats.result,
            retargeted.stats.result.area()
        ));
    }
    let text = args.format.write(board)?;
    output::write(args.output.as_deref(), text.as_bytes())?;
    if !args.certify {
        return Ok(code(exit::YES));
    }
    let Some(moves_path) = &args.moves else {
        bail!("--certify needs --moves FILE");
    };
    match rook::certify_input(&chain, &compiled).with_context(context)? {
        None => {
            print_err(&format!(
                "{}: unsatisfiable, so the board cannot be solved; no moves written\n",
                context()
            ));
            Ok(code(exit::NO))
        }
        Some(moves) => {
            let moves = match &retargeted {
                Some(retargeted) => retargeted.map.moves_forward(&moves).with_context(context)?,
                None => moves,
            };
            let report = check::check_sequence(board, &moves, Variant::Standard);
            if !report.is_solution() {
                bail!("internal error: the certificate does not solve the board: {report}");
            }
            output::write(Some(moves_path), json::write_moves(&moves).as_bytes())?;
            print_err(&format!(
                "{}: satisfiable; {} solving moves written to {}\n",
                context(),
                moves.len(),
                if io::is_stdio(moves_path) {
                    "standard output".to_owned()
                } else {
                    moves_path.display().to_string()
                }
            ));
            Ok(code(exit::YES))
        }
    }
}

/// `decode --piece rook|queen|bishop`.
pub fn decode(args: super::decode::Args) -> Result<ExitCode> {
    let board = io::read_board(&args.board, args.format).map_err(|e| anyhow::anyhow!("{e}"))?;
    let moves = io::read_moves(&args.moves).map_err(|e| anyhow::anyhow!("{e}"))?;
    let input = sat2chess::front::load(&args.formula, args.input_format)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let board_name = io::display_path(&args.board).display().to_string();
    let context = || io::display_path(&args.formula).display().to_string();
    let chain = Chain::from_input(&input, &sat2chess::layout::BandOrder).with_context(context)?;
    let formula = chain.formula();
    args.limit.admit(
        &context(),
        rook::rook_estimate(formula.num_vars(), formula.clauses.len()),
    )?;
    let compiled = rook::compile_formula(formula).with_context(context)?;
    let retargeted = args
        .piece
        .retarget()
        .map(|target| retarget::retarget(&compiled.board, target))
        .transpose()
        .with_context(context)?;
    let expected = retargeted.as_ref().map_or(&compiled.board, |r| &r.board);
    if !expected.same_pieces(&board) {
        bail!(
            "{board_name}: not the {} board compiled from {}",
            args.piece.kind(),
            context()
        );
    }
    if let Some(exit_code) = super::decode::refuse_non_solution(
        sat2chess::check::check_sequence(&board, &moves, sat2chess::rules::Variant::Standard),
        &args.moves,
    ) {
        return Ok(exit_code);
    }
    let moves = match &retargeted {
        Some(retargeted) => retargeted
            .map
            .moves_backward(&moves)
            .with_context(context)?,
        None => moves,
    };
    let model = rook::decode_input(&chain, &compiled, &moves).with_context(context)?;
    print_out("s SATISFIABLE\n")?;
    print_out(value_lines(&model))?;
    Ok(code(exit::YES))
}
