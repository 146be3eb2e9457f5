//! `twinmul ct --plot DIR`: one SVG per dudect target, |t| (log scale)
//! against the calls timed, with the two thresholds drawn — the figure an
//! auditor puts in a report. Plain SVG text: one polyline, two dashed lines
//! and their labels need no plotting library.

use super::ct::{DudectRow, T_CONTROL, T_PASS};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const W: f64 = 640.0;
const H: f64 = 400.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;

/// Writes `DIR/<target>.svg` for every row; returns the files written.
pub fn write_all(dir: &Path, rows: &[DudectRow]) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    rows.iter()
        .map(|r| {
            let path = dir.join(format!("{}.svg", r.target.name));
            std::fs::write(&path, svg(r))?;
            Ok(path)
        })
        .collect()
}

/// |t| as drawn: an infinite or undefined t (one class of durations
/// without variance) is drawn at 10⁶, above any scale it would stretch to
/// infinity.
fn drawn(t: f64) -> f64 {
    if t.is_finite() {
        t.abs()
    } else {
        1e6
    }
}

/// The SVG of one target's t-series.
pub fn svg(r: &DudectRow) -> String {
    let max_n = r.series.iter().map(|p| p.0).max().unwrap_or(1).max(1) as f64;
    let top_t = r
        .series
        .iter()
        .map(|p| drawn(p.1))
        .fold(T_CONTROL * 2.0, f64::max);
    let (lo, hi) = (0.1f64.log10(), top_t.log10());
    let x = |n: f64| LEFT + (W - LEFT - RIGHT) * n / max_n;
    let y = |t: f64| {
        let v = drawn(t).max(0.1).log10();
        H - BOTTOM - (H - TOP - BOTTOM) * (v - lo) / (hi - lo)
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = write!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = write!(
        s,
        r#"<text x="{LEFT}" y="20" font-size="14">{} — {} ({}): {}</text>"#,
        escape(&r.target.implementation),
        escape(&r.target.operation),
        r.target.claim.word(),
        r.verdict()
    );
    // Axes.
    let (x0, y0, x1, y1) = (LEFT, H - BOTTOM, W - RIGHT, TOP);
    let _ = write!(
        s,
        r#"<path d="M{x0},{y1} L{x0},{y0} L{x1},{y0}" stroke="black" fill="none"/>"#
    );
    let _ = write!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">calls timed (max {})</text>"#,
        (x0 + x1) / 2.0,
        H - 15.0,
        max_n
    );
    let _ = write!(
        s,
        r#"<text x="15" y="{}" transform="rotate(-90 15 {})" text-anchor="middle">max |t| (log scale)</text>"#,
        (y0 + y1) / 2.0,
        (y0 + y1) / 2.0
    );
    // Thresholds.
    for (t, colour, label) in [
        (T_PASS, "#d08000", "5: a leak is likely above"),
        (T_CONTROL, "#c00000", "10: a leak is certain above"),
    ] {
        let yt = y(t);
        let _ = write!(
            s,
            r#"<line x1="{x0}" y1="{yt}" x2="{x1}" y2="{yt}" stroke="{colour}" stroke-dasharray="6,4"/><text x="{}" y="{}" fill="{colour}" text-anchor="end">{label}</text>"#,
            x1 - 4.0,
            yt - 4.0
        );
    }
    // Ticks at powers of ten.
    let mut p = 1.0;
    while p <= top_t {
        let yp = y(p);
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end">{p}</text>"#,
            x0 - 6.0,
            yp + 4.0
        );
        p *= 10.0;
    }
    let points: Vec<String> = std::iter::once((0.0, y(0.1)))
        .chain(r.series.iter().map(|&(n, t)| (x(n as f64), y(t))))
        .map(|(a, b)| format!("{a:.1},{b:.1}"))
        .collect();
    let _ = write!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#2060c0" stroke-width="2"/>"##,
        points.join(" ")
    );
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ct_catalogue::{Claim, Target, TARGETS};

    /// A leaky control of the catalogue (found by its claim, not its place).
    fn control() -> &'static Target {
        TARGETS
            .iter()
            .find(|t| t.claim == Claim::Control)
            .expect("the catalogue has controls")
    }

    /// An infinite t (a class without variance) is drawn at the top and
    /// the picture ends: the scale does not stretch to infinity.
    #[test]
    fn an_infinite_t_is_drawn_finitely() {
        let row = DudectRow {
            target: control().into(),
            samples: 1000,
            max_t: f64::INFINITY,
            series: vec![(500, 3.0), (1000, f64::INFINITY), (1500, f64::NAN)],
            unusable: None,
        };
        let svg = svg(&row);
        assert!(svg.len() < 100_000, "{} bytes", svg.len());
        assert!(svg.contains(">1000000<"), "ticks up to 10⁶");
    }

    /// A recorded leaky series and a flat one give non-empty pictures with
    /// both thresholds and one point per step.
    #[test]
    fn plots_are_written_with_thresholds_and_every_point() {
        let leaky = DudectRow {
            target: control().into(),
            samples: 10_000,
            max_t: 97.5,
            series: (1..=10).map(|i| (i * 1000, 9.75 * i as f64)).collect(),
            unusable: None,
        };
        let flat = DudectRow {
            target: (&TARGETS[0]).into(),
            samples: 10_000,
            max_t: -1.2,
            series: (1..=10).map(|i| (i * 1000, -1.2)).collect(),
            unusable: None,
        };
        let dir = std::env::temp_dir().join(format!("twinmul-plot-{}", std::process::id()));
        let files = write_all(&dir, &[leaky, flat]).unwrap();
        assert_eq!(files.len(), 2);
        for f in &files {
            let svg = std::fs::read_to_string(f).unwrap();
            assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
            assert!(svg.contains("5: a leak is likely") && svg.contains("10: a leak is certain"));
            let poly = svg
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            assert_eq!(poly.split(' ').count(), 11, "origin and ten steps");
        }
        assert!(std::fs::read_to_string(&files[0])
            .unwrap()
            .contains("flagged"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
