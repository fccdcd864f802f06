//! The SVG bar chart of `bench --chart`: median µs per query, per engine per map, log scale.

use super::report::BenchReport;
use crate::error::CliError;
use std::fmt::Write;
use std::path::Path;

const COLOURS: [&str; 8] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
];
const LABEL_W: f64 = 260.0;
const PLOT_W: f64 = 640.0;
const BAR_H: f64 = 9.0;
const GROUP_GAP: f64 = 10.0;
const TOP: f64 = 70.0;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The chart as SVG text.
pub fn svg(report: &BenchReport) -> String {
    let engines: Vec<&str> = report.totals.iter().map(|t| t.engine.as_str()).collect();
    let values = report
        .maps
        .iter()
        .flat_map(|m| &m.engines)
        .map(|e| e.median_us)
        .filter(|v| v.is_finite() && *v > 0.0);
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        (lo, hi) = (1.0, 10.0);
    }
    let d0 = lo.log10().floor() as i32;
    let d1 = (hi.log10().ceil() as i32).max(d0 + 1);
    let x_of = |v: f64| LABEL_W + (v.log10() - d0 as f64) / (d1 - d0) as f64 * PLOT_W;
    let group_h = engines.len() as f64 * BAR_H + GROUP_GAP;
    let height = TOP + report.maps.len() as f64 * group_h + 40.0;
    let width = LABEL_W + PLOT_W + 30.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="14" font-weight="bold">Median time per query (µs, log scale), {} lines per scenario file, median of {} runs</text>"#,
        if report.limit == 0 {
            "all".to_string()
        } else {
            report.limit.to_string()
        },
        report.rounds
    );
    // Legend.
    let mut lx = 10.0;
    for (k, e) in engines.iter().enumerate() {
        let cuts = report
            .maps
            .iter()
            .flat_map(|m| &m.engines)
            .any(|x| x.engine == *e && x.cuts_corners);
        let label = if cuts {
            format!("{e} (cuts corners)")
        } else {
            e.to_string()
        };
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="30" width="12" height="12" fill="{}"/><text x="{}" y="40">{}</text>"#,
            COLOURS[k % COLOURS.len()],
            lx + 16.0,
            escape(&label)
        );
        lx += 26.0 + 6.5 * label.len() as f64;
    }
    // Decade grid lines.
    let bottom = height - 30.0;
    for d in d0..=d1 {
        let v = 10f64.powi(d);
        let x = x_of(v);
        let label = if v >= 1e6 {
            format!("{} s", v / 1e6)
        } else if v >= 1e3 {
            format!("{} ms", v / 1e3)
        } else {
            format!("{v} µs")
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{bottom}" stroke="#ccc"/><text x="{x:.1}" y="{}" text-anchor="middle">{label}</text>"##,
            TOP - 8.0,
            bottom + 14.0
        );
    }
    for (g, m) in report.maps.iter().enumerate() {
        let y0 = TOP + g as f64 * group_h;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{} ({}x{})</text>"#,
            LABEL_W - 6.0,
            y0 + engines.len() as f64 * BAR_H / 2.0 + 4.0,
            escape(&m.label),
            m.width,
            m.height
        );
        for (k, name) in engines.iter().enumerate() {
            let Some(e) = m.engines.iter().find(|e| e.engine == *name) else {
                continue;
            };
            if !(e.median_us.is_finite() && e.median_us > 0.0) {
                continue;
            }
            let w = (x_of(e.median_us) - LABEL_W).max(1.0);
            let _ = writeln!(
                s,
                r#"<rect x="{LABEL_W}" y="{:.1}" width="{w:.1}" height="{}" fill="{}"><title>{} on {}: {:.1} µs</title></rect>"#,
                y0 + k as f64 * BAR_H,
                BAR_H - 1.0,
                COLOURS[k % COLOURS.len()],
                escape(name),
                escape(&m.map),
                e.median_us
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// Writes the chart to `file`.
pub fn write(file: &Path, report: &BenchReport) -> Result<(), CliError> {
    std::fs::write(file, svg(report)).map_err(|e| CliError::Output {
        path: file.to_path_buf(),
        message: e.to_string(),
    })
}
