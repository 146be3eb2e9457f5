//! The driver protocol's messages (`docs/drivers.md`): the handshake, one
//! request per input, and the four replies, each checked strictly so that a
//! driver that breaks the protocol is named, never guessed at.

use crate::model::{Answer, Curve, Input, Op};
use crate::policy::Policy;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

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
    /// Curve ids and op names it listed that the harness does not know
    /// (ignored, for forward compatibility; shown by `twinmul list`).
    pub unknown: Vec<String>,
}

fn as_object(line: &str) -> Result<Map<String, Value>, String> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(format!("a line that is not a JSON object: {}", clip(line))),
        Err(_) => Err(format!("a line that is not JSON: {}", clip(line))),
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

fn string(m: &Map<String, Value>, key: &str) -> Result<String, String> {
    match m.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(format!("handshake field '{key}' must be a string")),
        None => Err(format!("handshake without '{key}'")),
    }
}

/// Parses the driver's handshake reply.
pub fn parse_hello(line: &str) -> Result<Hello, String> {
    let m = as_object(line)?;
    let mut h = Hello {
        name: string(&m, "name")?,
        version: string(&m, "version")?,
        ..Hello::default()
    };
    h.policy = match m.get("policy") {
        None => None,
        Some(Value::String(p)) => {
            Some(Policy::from_id(p).map_err(|e| format!("handshake field 'policy': {e}"))?)
        }
        Some(_) => return Err("handshake field 'policy' must be a string".into()),
    };
    let Some(Value::Object(sup)) = m.get("supports") else {
        return Err("handshake without a 'supports' object".into());
    };
    for (curve, ops) in sup {
        let Some(c) = Curve::from_id(curve) else {
            h.unknown.push(format!("curve {curve}"));
            continue;
        };
        let Value::Array(ops) = ops else {
            return Err(format!("supports.{curve} must be an array of op names"));
        };
        for op in ops {
            match op.as_str().map(|o| (o, Op::from_id(o))) {
                Some((_, Some(o))) => {
                    h.supports.insert((c, o));
                }
                Some((o, None)) => h.unknown.push(format!("op {o} on {curve}")),
                None => return Err(format!("supports.{curve} must list op names as strings")),
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

/// The reply fields, exactly one of which a reply carries.
const REPLY_FIELDS: [&str; 4] = ["bytes", "valid", "rejected", "declined"];

/// Parses the reply to request `id` for `op` into an answer; `Err` names
/// how the driver broke the protocol.
pub fn parse_reply(line: &str, id: u64, op: Op) -> Result<Answer, String> {
    let m = as_object(line)?;
    match m.get("id") {
        Some(v) if v.as_u64() == Some(id) => {}
        Some(v) => return Err(format!("a reply with id {v} to request {id}")),
        None => return Err(format!("a reply without an id: {}", clip(line))),
    }
    let present: Vec<&str> = REPLY_FIELDS
        .into_iter()
        .filter(|k| m.get(*k).is_some_and(|v| !v.is_null()))
        .collect();
    let field = match present.as_slice() {
        [one] => *one,
        [] => {
            return Err(format!(
                "a reply without bytes, valid, rejected or declined: {}",
                clip(line)
            ))
        }
        more => return Err(format!("a reply with more than one of {}", more.join(", "))),
    };
    let why = |m: &Map<String, Value>| match &m[field] {
        Value::String(s) => Ok(s.clone()),
        _ => Err(format!("'{field}' must be a string (the reason)")),
    };
    match (field, op) {
        ("bytes", Op::Verify) => Err("a 'bytes' reply to verify (verify answers 'valid')".into()),
        ("bytes", _) => match &m["bytes"] {
            Value::String(h) => hex::decode(h)
                .map(Answer::Bytes)
                .map_err(|e| format!("bad hex in 'bytes' ({e})")),
            _ => Err("'bytes' must be a hex string".into()),
        },
        ("valid", Op::Verify) => m["valid"]
            .as_bool()
            .map(Answer::Verdict)
            .ok_or_else(|| "'valid' must be true or false".into()),
        ("valid", _) => Err(format!(
            "a 'valid' reply to {op} (only verify answers 'valid')"
        )),
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
    reply.to_string()
}

/// Reads the harness's handshake; `Err` unless it is `{"twinmul": 1}`.
pub fn parse_hello_request(line: &str) -> Result<(), String> {
    let m = as_object(line)?;
    match m.get("twinmul").and_then(Value::as_u64) {
        Some(VERSION) => Ok(()),
        Some(v) => Err(format!(
            "protocol version {v}; this driver speaks {VERSION}"
        )),
        None => Err(format!("expected the handshake, got {}", clip(line))),
    }
}

/// Reads a request into its id, curve and input.
pub fn parse_request(line: &str) -> Result<(u64, Curve, Input), String> {
    let m = as_object(line)?;
    let id = m
        .get("id")
        .and_then(Value::as_u64)
        .ok_or("a request without an id")?;
    let curve = m
        .get("curve")
        .and_then(Value::as_str)
        .and_then(Curve::from_id)
        .ok_or("a request without a known curve")?;
    let input = crate::vectors::parse_input(&Value::Object(m))?;
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
            let e = ok(line, op).unwrap_err();
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
            .contains("version"));
        assert!(parse_hello(r#"{"name":"x","version":"1","supports":{"bn254":"mul"}}"#).is_err());
        assert_eq!(h.policy, None);
        let go = r#"{"name":"x","version":"1","policy":"go-v0.0.15","supports":{}}"#;
        assert_eq!(parse_hello(go).unwrap().policy, Some(Policy::GoV0_0_15));
        let bad = r#"{"name":"x","version":"1","policy":"lax","supports":{}}"#;
        assert!(parse_hello(bad)
            .unwrap_err()
            .contains("unknown policy 'lax'"));
        let num = r#"{"name":"x","version":"1","policy":1,"supports":{}}"#;
        assert!(parse_hello(num)
            .unwrap_err()
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
