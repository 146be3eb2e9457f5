//! Reading one case of a vector file: its input, its expected result and
//! its policy, every field checked for presence and type, one error line
//! for the first problem. Variable time: public data only.

use crate::model::{Expected, Input, Op};
use crate::policy::Policy;
use serde_json::Value;
pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A field's value; `None` when it is absent or `null`.
pub(super) fn get<'a>(case: &'a Value, name: &str) -> Option<&'a Value> {
    case.get(name).filter(|v| !v.is_null())
}

fn opt_hex(case: &Value, name: &str) -> Result<Option<Vec<u8>>, String> {
    match get(case, name) {
        None => Ok(None),
        Some(Value::String(s)) => hex::decode(s)
            .map(Some)
            .map_err(|e| format!("field '{name}': bad hex ({e})")),
        Some(v) => Err(format!(
            "field '{name}' must be a hex string, found {}",
            type_name(v)
        )),
    }
}

fn hex_field(case: &Value, name: &str) -> Result<Vec<u8>, String> {
    opt_hex(case, name)?.ok_or_else(|| format!("missing field '{name}'"))
}

fn opt_bool(case: &Value, name: &str) -> Result<Option<bool>, String> {
    match get(case, name) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(v) => Err(format!(
            "field '{name}' must be true or false, found {}",
            type_name(v)
        )),
    }
}

fn bool_field(case: &Value, name: &str) -> Result<bool, String> {
    opt_bool(case, name)?.ok_or_else(|| format!("missing field '{name}'"))
}

/// Whether the case expects an error: `error` present (a string naming the
/// error class) and not `null`.
fn expects_error(case: &Value) -> Result<bool, String> {
    match get(case, "error") {
        None => Ok(false),
        Some(Value::String(_)) => Ok(true),
        Some(v) => Err(format!(
            "field 'error' must be a string, found {}",
            type_name(v)
        )),
    }
}

/// The expectation of a case whose answer is a point or signature in
/// `field`, or an error.
fn bytes_or_error(case: &Value, field: &str) -> Result<Expected, String> {
    match (expects_error(case)?, opt_hex(case, field)?) {
        (true, Some(_)) => Err(format!("both 'error' and '{field}' given")),
        (true, None) => Ok(Expected::Rejected),
        (false, Some(b)) => Ok(Expected::Bytes(b)),
        (false, None) => Err(format!("missing field '{field}' (or 'error')")),
    }
}

/// Reads a case's op and input fields (a driver request is read the same
/// way: it carries no expectation).
pub fn parse_input(case: &Value) -> Result<Input, String> {
    if !case.is_object() {
        return Err(format!(
            "a case must be an object, found {}",
            type_name(case)
        ));
    }
    let op_name = match get(case, "op") {
        Some(Value::String(s)) => s.as_str(),
        Some(v) => {
            return Err(format!(
                "field 'op' must be a string, found {}",
                type_name(v)
            ))
        }
        None => return Err("missing field 'op'".into()),
    };
    let op = Op::from_id(op_name)
        .ok_or_else(|| format!("unknown op '{op_name}' (mul_g, mul, decode, sign, verify)"))?;
    Ok(match op {
        Op::MulG => Input::MulG {
            scalar: hex_field(case, "scalar")?,
        },
        Op::Mul => Input::Mul {
            point: hex_field(case, "point")?,
            scalar: hex_field(case, "scalar")?,
        },
        Op::Decode => Input::Decode {
            point: hex_field(case, "point")?,
        },
        Op::Sign => Input::Sign {
            secret_key: hex_field(case, "secret_key")?,
            message: hex_field(case, "message")?,
            nonce: hex_field(case, "nonce")?,
        },
        Op::Verify => Input::Verify {
            public_key: hex_field(case, "public_key")?,
            message: hex_field(case, "message")?,
            signature: hex_field(case, "signature")?,
        },
    })
}

/// Reads a case's expectation for `op`.
fn parse_expected(case: &Value, op: Op) -> Result<Expected, String> {
    match op {
        Op::MulG | Op::Mul => bytes_or_error(case, "result"),
        Op::Decode => match (bool_field(case, "valid")?, opt_hex(case, "result")?) {
            (false, Some(_)) => Err("'valid': false with a 'result'".into()),
            (false, None) => Ok(Expected::Rejected),
            (true, Some(b)) => Ok(Expected::Bytes(b)),
            (true, None) => Ok(Expected::Accepted),
        },
        Op::Sign => bytes_or_error(case, "signature"),
        Op::Verify => Ok(Expected::Verdict(bool_field(case, "valid")?)),
    }
}

/// Reads one case into an input and its expectation.
pub fn parse_case(case: &Value) -> Result<(Input, Expected), String> {
    let input = parse_input(case)?;
    let expected = parse_expected(case, input.op())?;
    Ok((input, expected))
}

/// The policy a case states its answer under: `policy` (a known policy's
/// name), the contract when absent.
/// The case's `class`: absent, or the name of a class of the catalogue.
pub(super) fn parse_class(case: &Value) -> Result<Option<&'static str>, String> {
    match get(case, "class") {
        None => Ok(None),
        Some(Value::String(s)) => crate::classes::find(s)
            .map(|c| Some(c.name))
            .ok_or_else(|| format!("class '{s}' is no class of the catalogue (twinmul classes)")),
        Some(x) => Err(format!(
            "field 'class' must be a string, got {}",
            type_name(x)
        )),
    }
}

pub(super) fn parse_policy(case: &Value) -> Result<Policy, String> {
    match get(case, "policy") {
        None => Ok(Policy::Strict),
        Some(Value::String(s)) => Policy::from_id(s).map_err(|e| format!("field 'policy': {e}")),
        Some(v) => Err(format!(
            "field 'policy' must be a string, found {}",
            type_name(v)
        )),
    }
}
