//! The driver protocol's messages (`docs/drivers.md`): the handshake, one
//! request per input, and the four replies, each checked strictly so that a
//! driver that breaks the protocol is named, never guessed at.

use crate::model::{Answer, Curve, Input, Op};
use crate::policy::Policy;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// How a line broke the protocol. Each says what was wrong, quoting the
/// line (clipped) where that helps; a driver's failure names it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A line that does not parse as JSON.
    #[error("a line that is not JSON: {line}")]
    NotJson {
        /// The line, clipped.
        line: String,
    },
    /// JSON, but not an object.
    #[error("a line that is not a JSON object: {line}")]
    NotObject {
        /// The line, clipped.
        line: String,
    },
    /// A handshake reply without a field it needs, or with one of the
    /// wrong shape.
    #[error("{0}")]
    Handshake(String),
    /// The harness's handshake names another protocol version.
    #[error("protocol version {got}; this driver speaks {VERSION}")]
    Version {
        /// The version the harness asked for.
        got: u64,
    },
    /// Not the handshake the harness sends.
    #[error("expected the handshake, got {line}")]
    NotHandshake {
        /// The line, clipped.
        line: String,
    },
    /// A reply to another request.
    #[error("a reply with id {got} to request {want}")]
    WrongId {
        /// The id it carried.
        got: String,
        /// The request's.
        want: u64,
    },
    /// A reply without an id.
    #[error("a reply without an id: {line}")]
    NoId {
        /// The line, clipped.
        line: String,
    },
    /// A reply with no reply field, more than one, or one of the wrong
    /// shape for the op.
    #[error("{0}")]
    Reply(String),
    /// A `time` request declined.
    #[error("declined the time request: {0}")]
    TimeDeclined(String),
    /// A request the driver side cannot read.
    #[error("{0}")]
    Request(String),
}

/// The protocol version the harness speaks.
pub const VERSION: u64 = 1;

/// The longest line a driver may write, newline excluded.
pub const MAX_LINE: usize = 1 << 20;

/// The handshake the harness sends first.
pub fn hello() -> String {
    json!({ "twinmul": VERSION }).to_string()
}

/// What a driver said of itself.
#[derive(Clone, Debug, Default)]
pub struct Hello {
    /// Its own name for the library it wraps.
    pub name: String,
    /// The library's version.
    pub version: String,
    /// The (curve, op) pairs it answers.
    pub supports: BTreeSet<(Curve, Op)>,
    /// The policy it declares it follows (docs/policies.md), if any.
    pub policy: Option<Policy>,
    /// The (curve, op) pairs it can time itself (`time` requests), each
    /// with whether the library claims constant time for it.
    pub time: BTreeMap<(Curve, Op), bool>,
    /// Curve ids and op names it listed that the harness does not know
    /// (ignored, for forward compatibility; shown by `twinmul list`).
    pub unknown: Vec<String>,
}

fn as_object(line: &str) -> Result<Map<String, Value>, ProtocolError> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(ProtocolError::NotObject { line: clip(line) }),
        Err(_) => Err(ProtocolError::NotJson { line: clip(line) }),
    }
}

/// The first 120 characters of a line, for messages.
pub fn clip(line: &str) -> String {
    let mut s: String = line.chars().take(120).collect();
    if s.len() < line.len() {
        s.push('…');
    }
    format!("'{s}'")
}

fn string(m: &Map<String, Value>, key: &str) -> Result<String, ProtocolError> {
    match m.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(ProtocolError::Handshake(format!(
            "handshake field '{key}' must be a string"
        ))),
        None => Err(ProtocolError::Handshake(format!(
            "handshake without '{key}'"
        ))),
    }
}

/// Parses the driver's handshake reply.
pub fn parse_hello(line: &str) -> Result<Hello, ProtocolError> {
    let m = as_object(line)?;
    let mut h = Hello {
        name: string(&m, "name")?,
        version: string(&m, "version")?,
        ..Hello::default()
    };
    h.policy = match m.get("policy") {
        None => None,
        Some(Value::String(p)) => Some(
            Policy::from_id(p)
                .map_err(|e| ProtocolError::Handshake(format!("handshake field 'policy': {e}")))?,
        ),
        Some(_) => {
            return Err(ProtocolError::Handshake(
                "handshake field 'policy' must be a string".into(),
            ))
        }
    };
    match m.get("time") {
        None => {}
        Some(Value::Object(t)) => {
            for (curve, ops) in t {
                let (Some(c), Value::Object(ops)) = (Curve::from_id(curve), ops) else {
                    return Err(ProtocolError::Handshake(format!(
                        "time.{curve} must be a known curve with an object of op: claim"
                    )));
                };
                for (op, claim) in ops {
                    let (Some(o), Some(claim)) = (Op::from_id(op), claim.as_bool()) else {
                        return Err(ProtocolError::Handshake(format!(
                            "time.{curve}.{op} must be a known op with true or false"
                        )));
                    };
                    h.time.insert((c, o), claim);
                }
            }
        }
        Some(_) => {
            return Err(ProtocolError::Handshake(
                "handshake field 'time' must be an object".into(),
            ))
        }
    }
    let Some(Value::Object(sup)) = m.get("supports") else {
        return Err(ProtocolError::Handshake(
            "handshake without a 'supports' object".into(),
        ));
    };
    for (curve, ops) in sup {
        let Some(c) = Curve::from_id(curve) else {
            h.unknown.push(format!("curve {curve}"));
            continue;
        };
        let Value::Array(ops) = ops else {
            return Err(ProtocolError::Handshake(format!(
                "supports.{curve} must be an array of op names"
            )));
        };
        for op in ops {
            match op.as_str().map(|o| (o, Op::from_id(o))) {
                Some((_, Some(o))) => {
                    h.supports.insert((c, o));
                }
                Some((o, None)) => h.unknown.push(format!("op {o} on {curve}")),
                None => {
                    return Err(ProtocolError::Handshake(format!(
                        "supports.{curve} must list op names as strings"
                    )))
                }
            }
        }
    }
    Ok(h)
}

/// The request line for one input.
pub fn request(id: u64, curve: Curve, input: &Input) -> String {
    let mut m = Map::new();
    m.insert("id".into(), id.into());
    m.insert("curve".into(), curve.id().into());
    m.insert("op".into(), input.op().id().into());
    for (k, v) in input.fields() {
        m.insert(k.into(), v.into());
    }
    Value::Object(m).to_string()
}

/// The `time` request: the driver runs each input of one (curve, op) pair
/// in order, timing each call, and replies with the durations.
pub fn time_request(id: u64, curve: Curve, op: Op, inputs: &[Input]) -> String {
    let items: Vec<Value> = inputs
        .iter()
        .map(|i| {
            let mut m = Map::new();
            for (k, v) in i.fields() {
                m.insert(k.into(), v.into());
            }
            Value::Object(m)
        })
        .collect();
    json!({"id": id, "curve": curve.id(), "op": op.id(), "time": items}).to_string()
}

/// Parses the reply to `time` request `id` of `count` inputs: `{"id": ID,
/// "ns": [one duration per input, in order]}`.
pub fn parse_time_reply(line: &str, id: u64, count: usize) -> Result<Vec<u64>, ProtocolError> {
    let m = as_object(line)?;
    reply_id(&m, line, id)?;
    if let Some(why) = m.get("declined").and_then(Value::as_str) {
        return Err(ProtocolError::TimeDeclined(why.into()));
    }
    let ns: Option<Vec<u64>> = m
        .get("ns")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(Value::as_u64).collect())
        .unwrap_or(None);
    match ns {
        Some(v) if v.len() == count => Ok(v),
        Some(v) => Err(ProtocolError::Reply(format!(
            "{} durations for {count} inputs",
            v.len()
        ))),
        None => Err(ProtocolError::Reply(format!(
            "a time reply without 'ns' as a list of integers: {}",
            clip(line)
        ))),
    }
}

/// A `time` request: its id, curve and inputs.
pub type TimeRequest = (u64, Curve, Vec<Input>);

/// Reads a `time` request; `None` when the line is not one.
pub fn parse_time_request(line: &str) -> Option<Result<TimeRequest, ProtocolError>> {
    let m = as_object(line).ok()?;
    let items = m.get("time")?.as_array()?.clone();
    Some(
        (|| {
            let id = m
                .get("id")
                .and_then(Value::as_u64)
                .ok_or("a time request without an id")?;
            let curve = m
                .get("curve")
                .and_then(Value::as_str)
                .and_then(Curve::from_id)
                .ok_or("a time request without a known curve")?;
            let op = m.get("op").cloned().ok_or("a time request without an op")?;
            let inputs = items
                .into_iter()
                .map(|item| {
                    let mut f = item
                        .as_object()
                        .cloned()
                        .ok_or("a time input that is not an object")?;
                    f.insert("op".into(), op.clone());
                    crate::vectors::parse_input(&Value::Object(f))
                })
                .collect::<Result<Vec<_>, String>>()?;
            Ok((id, curve, inputs))
        })()
        .map_err(|e: String| ProtocolError::Request(e)),
    )
}

/// Checks a reply's id against the request's.
fn reply_id(m: &Map<String, Value>, line: &str, want: u64) -> Result<(), ProtocolError> {
    match m.get("id") {
        Some(v) if v.as_u64() == Some(want) => Ok(()),
        Some(v) => Err(ProtocolError::WrongId {
            got: v.to_string(),
            want,
        }),
        None => Err(ProtocolError::NoId { line: clip(line) }),
    }
}

/// The reply fields, exactly one of which a reply carries.
const REPLY_FIELDS: [&str; 4] = ["bytes", "valid", "rejected", "declined"];

/// Parses the reply to request `id` for `op` into an answer; `Err` names
/// how the driver broke the protocol.
pub fn parse_reply(line: &str, id: u64, op: Op) -> Result<Answer, ProtocolError> {
    let m = as_object(line)?;
    reply_id(&m, line, id)?;
    let present: Vec<&str> = REPLY_FIELDS
        .into_iter()
        .filter(|k| m.get(*k).is_some_and(|v| !v.is_null()))
        .collect();
    let field = match present.as_slice() {
        [one] => *one,
        [] => {
            return Err(ProtocolError::Reply(format!(
                "a reply without bytes, valid, rejected or declined: {}",
                clip(line)
            )))
        }
        more => {
            return Err(ProtocolError::Reply(format!(
                "a reply with more than one of {}",
                more.join(", ")
            )))
        }
    };
    let why = |m: &Map<String, Value>| match &m[field] {
        Value::String(s) => Ok(s.clone()),
        _ => Err(ProtocolError::Reply(format!(
            "'{field}' must be a string (the reason)"
        ))),
    };
    match (field, op) {
        ("bytes", Op::Verify) => Err(ProtocolError::Reply(
            "a 'bytes' reply to verify (verify answers 'valid')".into(),
        )),
        ("bytes", _) => match &m["bytes"] {
            Value::String(h) => hex::decode(h)
                .map(Answer::Bytes)
                .map_err(|e| ProtocolError::Reply(format!("bad hex in 'bytes' ({e})"))),
            _ => Err(ProtocolError::Reply("'bytes' must be a hex string".into())),
        },
        ("valid", Op::Verify) => m["valid"]
            .as_bool()
            .map(Answer::Verdict)
            .ok_or_else(|| ProtocolError::Reply("'valid' must be true or false".into())),
        ("valid", _) => Err(ProtocolError::Reply(format!(
            "a 'valid' reply to {op} (only verify answers 'valid')"
        ))),
        ("rejected", _) => why(&m).map(Answer::Rejected),
        _ => why(&m).map(Answer::Declined),
    }
}

/// The handshake reply of a driver serving `supports` under `policy`.
pub fn hello_reply(
    name: &str,
    version: &str,
    policy: Option<Policy>,
    supports: &BTreeSet<(Curve, Op)>,
    time: &BTreeMap<(Curve, Op), bool>,
) -> String {
    let mut m: Map<String, Value> = Map::new();
    for (c, o) in supports {
        let e = m.entry(c.id()).or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(a) = e {
            a.push(o.id().into());
        }
    }
    let mut reply = json!({"name": name, "version": version, "supports": m});
    if let Some(p) = policy {
        reply["policy"] = p.id().into();
    }
    if !time.is_empty() {
        let mut t = Map::new();
        for ((c, o), claim) in time {
            let e = t.entry(c.id()).or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(ops) = e {
                ops.insert(o.id().into(), (*claim).into());
            }
        }
        reply["time"] = Value::Object(t);
    }
    reply.to_string()
}

/// Reads the harness's handshake; `Err` unless it is `{"twinmul": 1}`.
pub fn parse_hello_request(line: &str) -> Result<(), ProtocolError> {
    let m = as_object(line)?;
    match m.get("twinmul").and_then(Value::as_u64) {
        Some(VERSION) => Ok(()),
        Some(got) => Err(ProtocolError::Version { got }),
        None => Err(ProtocolError::NotHandshake { line: clip(line) }),
    }
}

/// Reads a request into its id, curve and input.
pub fn parse_request(line: &str) -> Result<(u64, Curve, Input), ProtocolError> {
    let m = as_object(line)?;
    let bad = |why: &str| ProtocolError::Request(why.into());
    let id = m
        .get("id")
        .and_then(Value::as_u64)
        .ok_or_else(|| bad("a request without an id"))?;
    let curve = m
        .get("curve")
        .and_then(Value::as_str)
        .and_then(Curve::from_id)
        .ok_or_else(|| bad("a request without a known curve"))?;
    let input = crate::vectors::parse_input(&Value::Object(m)).map_err(ProtocolError::Request)?;
    Ok((id, curve, input))
}

/// The reply line for an answer; `None` for a failure, which the protocol
/// has no reply for (a driver that fails breaks the protocol instead).
pub fn reply(id: u64, a: &Answer) -> Option<String> {
    let v = match a {
        Answer::Bytes(b) => json!({"id": id, "bytes": hex::encode(b)}),
        Answer::Verdict(ok) => json!({"id": id, "valid": ok}),
        Answer::Rejected(why) => json!({"id": id, "rejected": why}),
        Answer::Declined(why) => json!({"id": id, "declined": why}),
        Answer::Failed(_) => return None,
    };
    Some(v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_strictly() {
        let ok = |l: &str, op| parse_reply(l, 7, op);
        assert_eq!(
            ok(r#"{"id":7,"bytes":"0aFF"}"#, Op::Mul),
            Ok(Answer::Bytes(vec![10, 255]))
        );
        assert_eq!(
            ok(r#"{"id":7,"valid":false,"x":1}"#, Op::Verify),
            Ok(Answer::Verdict(false))
        );
        assert_eq!(
            ok(r#"{"id":7,"rejected":"off curve"}"#, Op::Decode),
            Ok(Answer::Rejected("off curve".into()))
        );
        assert_eq!(
            ok(r#"{"id":7,"declined":"lax"}"#, Op::Sign),
            Ok(Answer::Declined("lax".into()))
        );
        assert_eq!(
            ok(r#"{"id":7,"bytes":"00","declined":null}"#, Op::Mul),
            Ok(Answer::Bytes(vec![0]))
        );
        for (line, op, says) in [
            ("nope", Op::Mul, "not JSON"),
            ("[1]", Op::Mul, "not a JSON object"),
            (r#"{"id":8,"bytes":"00"}"#, Op::Mul, "id 8 to request 7"),
            (r#"{"bytes":"00"}"#, Op::Mul, "without an id"),
            (r#"{"id":7}"#, Op::Mul, "without bytes, valid"),
            (r#"{"id":7,"bytes":"0g"}"#, Op::Mul, "bad hex"),
            (
                r#"{"id":7,"bytes":"00","valid":true}"#,
                Op::Mul,
                "more than one",
            ),
            (r#"{"id":7,"valid":true}"#, Op::Mul, "only verify"),
            (
                r#"{"id":7,"bytes":"00"}"#,
                Op::Verify,
                "verify answers 'valid'",
            ),
            (r#"{"id":7,"rejected":5}"#, Op::Mul, "must be a string"),
        ] {
            let kind = ok(line, op).unwrap_err();
            let typed = match line {
                "nope" => matches!(kind, ProtocolError::NotJson { .. }),
                "[1]" => matches!(kind, ProtocolError::NotObject { .. }),
                r#"{"bytes":"00"}"# => matches!(kind, ProtocolError::NoId { .. }),
                r#"{"id":8,"bytes":"00"}"# => {
                    matches!(kind, ProtocolError::WrongId { want: 7, .. })
                }
                _ => matches!(kind, ProtocolError::Reply(_)),
            };
            assert!(typed, "{line}: {kind:?}");
            let e = kind.to_string();
            assert!(e.contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn handshakes_are_read_strictly() {
        let h = parse_hello(
            r#"{"name":"x","version":"1","supports":{"bn254":["mul","twist"],"p256":["mul"]}}"#,
        )
        .unwrap();
        assert_eq!(
            h.supports.into_iter().collect::<Vec<_>>(),
            vec![(Curve::Bn254, Op::Mul)]
        );
        assert_eq!(h.unknown, vec!["op twist on bn254", "curve p256"]);
        assert!(parse_hello(r#"{"name":"x","supports":{}}"#)
            .unwrap_err()
            .to_string()
            .contains("version"));
        assert!(parse_hello(r#"{"name":"x","version":"1","supports":{"bn254":"mul"}}"#).is_err());
        assert_eq!(h.policy, None);
        let go = r#"{"name":"x","version":"1","policy":"go-v0.0.15","supports":{}}"#;
        assert_eq!(parse_hello(go).unwrap().policy, Some(Policy::GoV0_0_15));
        let bad = r#"{"name":"x","version":"1","policy":"lax","supports":{}}"#;
        assert!(parse_hello(bad)
            .unwrap_err()
            .to_string()
            .contains("unknown policy 'lax'"));
        let t = r#"{"name":"x","version":"1","time":{"bn254":{"mul":false}},"supports":{}}"#;
        assert_eq!(
            parse_hello(t).unwrap().time.into_iter().collect::<Vec<_>>(),
            vec![((Curve::Bn254, Op::Mul), false)]
        );
        let bad_t = r#"{"name":"x","version":"1","time":{"bn254":["mul"]},"supports":{}}"#;
        assert!(parse_hello(bad_t).is_err());
        let num = r#"{"name":"x","version":"1","policy":1,"supports":{}}"#;
        assert!(parse_hello(num)
            .unwrap_err()
            .to_string()
            .contains("'policy' must be a string"));
    }

    #[test]
    fn requests_name_fields_as_vector_files_do() {
        let r = request(
            3,
            Curve::Ecgfp5,
            &Input::Mul {
                point: vec![1],
                scalar: vec![2],
            },
        );
        let v: Value = serde_json::from_str(&r).unwrap();
        assert_eq!(
            v,
            json!({"id": 3, "curve": "ecgfp5", "op": "mul", "point": "01", "scalar": "02"})
        );
    }
}
