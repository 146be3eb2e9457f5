//! The other side of the protocol: any [`Implementation`] served as a
//! driver over standard input and output (`twinmul serve NAME`). It proves
//! the round trip (the built-in reference behind the protocol must agree
//! with itself on every vector), and it is a template for drivers written
//! in Rust.

use super::protocol::{self, ProtocolError};
use crate::implementation::{run, Implementation};
use crate::model::{Curve, Op};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, Write};

/// Why serving stopped before the input ended.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The input ended before the handshake.
    #[error("no handshake")]
    NoHandshake,
    /// The harness broke the protocol.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The implementation failed, which the protocol has no reply for.
    #[error("request {id}: {answer}")]
    Failed {
        /// The request.
        id: u64,
        /// The failure.
        answer: String,
    },
}

/// Serves `imp` until its input ends; `Err` when the harness breaks the
/// protocol or an answer cannot be given (a failure has no reply).
pub fn serve(
    imp: &dyn Implementation,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError> {
    let mut lines = input.lines();
    let first = lines.next().ok_or(ServeError::NoHandshake)??;
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
    };
    // Every pair with a secret input can be timed; a served implementation
    // makes no constant-time claim over the protocol.
    let time: BTreeMap<(Curve, Op), bool> = supports
        .iter()
        .filter(|(_, o)| matches!(o, Op::MulG | Op::Mul | Op::Sign))
        .map(|&pair| (pair, false))
        .collect();
    say(protocol::hello_reply(
        imp.name(),
        &imp.version(),
        imp.policy(),
        &supports,
        &time,
    ))?;
    for line in lines {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(req) = protocol::parse_time_request(&line) {
            let (id, curve, inputs) = req?;
            let ns: Vec<u64> = inputs
                .iter()
                .map(|input| {
                    let start = std::time::Instant::now();
                    std::hint::black_box(run(imp, curve, std::hint::black_box(input)));
                    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
                })
                .collect();
            say(serde_json::json!({"id": id, "ns": ns}).to_string())?;
            continue;
        }
        let (id, curve, input) = protocol::parse_request(&line)?;
        let answer = run(imp, curve, &input);
        let reply = protocol::reply(id, &answer).ok_or_else(|| ServeError::Failed {
            id,
            answer: answer.to_string(),
        })?;
        say(reply)?;
    }
    Ok(())
}
