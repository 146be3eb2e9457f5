//! The other side of the protocol: any [`Implementation`] served as a
//! driver over standard input and output (`twinmul serve NAME`). It proves
//! the round trip (the built-in reference behind the protocol must agree
//! with itself on every vector), and it is a template for drivers written
//! in Rust.

use super::protocol;
use crate::implementation::{run, Implementation};
use crate::model::{Curve, Op};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};

/// Serves `imp` until its input ends; `Err` when the harness breaks the
/// protocol or an answer cannot be given (a failure has no reply).
pub fn serve(
    imp: &dyn Implementation,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), String> {
    let mut lines = input.lines();
    let first = lines
        .next()
        .ok_or("no handshake")?
        .map_err(|e| e.to_string())?;
    protocol::parse_hello_request(&first)?;
    let supports: BTreeSet<(Curve, Op)> = Curve::ALL
        .into_iter()
        .flat_map(|c| Op::ALL.into_iter().map(move |o| (c, o)))
        .filter(|&(c, o)| imp.supports(c, o))
        .collect();
    let mut say = |line: String| {
        output
            .write_all(line.as_bytes())
            .and_then(|()| output.write_all(b"\n"))
            .and_then(|()| output.flush())
            .map_err(|e| e.to_string())
    };
    say(protocol::hello_reply(
        imp.name(),
        &imp.version(),
        imp.policy(),
        &supports,
    ))?;
    for line in lines {
        let line = line.map_err(|e| e.to_string())?;
        if line.trim().is_empty() {
            continue;
        }
        let (id, curve, input) = protocol::parse_request(&line)?;
        let answer = run(imp, curve, &input);
        let reply =
            protocol::reply(id, &answer).ok_or_else(|| format!("request {id}: {answer}"))?;
        say(reply)?;
    }
    Ok(())
}
