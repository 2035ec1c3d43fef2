//! Reading criterion's JSON results and drawing the report's charts (used by the `report` binary).

use std::path::Path;

use plotters::prelude::*;

/// One criterion measurement: a (family, algorithm, implementation, size) point.
#[derive(Debug, Clone)]
pub struct Measurement {
    /// Criterion group (the family).
    pub group: String,
    /// Algorithm (the part of the function id before `/`).
    pub algorithm: String,
    /// Implementation (the part after `/`; ours start with `lwc`).
    pub implementation: String,
    /// Message size in bytes: the bench parameter when it is a number (for a call over several
    /// messages, the size of each), else the declared throughput.
    pub size: u64,
    /// Bytes processed per iteration (the throughput declared by the bench).
    pub bytes: u64,
    /// Median time per iteration in nanoseconds.
    pub median_ns: f64,
}

impl Measurement {
    /// Throughput in bytes per second.
    #[must_use]
    pub fn bytes_per_sec(&self) -> f64 {
        self.bytes as f64 / (self.median_ns * 1e-9)
    }
}

/// Walks `criterion_dir` and reads every `new/benchmark.json` + `new/estimates.json` pair.
#[must_use]
pub fn collect(criterion_dir: &Path) -> Vec<Measurement> {
    let mut out = Vec::new();
    let mut stack = vec![criterion_dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n == "new") {
                    if let Some(m) = read_point(&p) {
                        out.push(m);
                    }
                } else {
                    stack.push(p);
                }
            }
        }
    }
    out.sort_by(|a, b| {
        (&a.group, &a.algorithm, &a.implementation, a.size).cmp(&(
            &b.group,
            &b.algorithm,
            &b.implementation,
            b.size,
        ))
    });
    out
}

fn read_point(dir: &Path) -> Option<Measurement> {
    let bench: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("benchmark.json")).ok()?).ok()?;
    let est: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("estimates.json")).ok()?).ok()?;
    let group = bench.get("group_id")?.as_str()?.to_string();
    let function = bench.get("function_id")?.as_str()?;
    let (algorithm, implementation) = function.split_once('/').unwrap_or((function, "lwc"));
    let tp = bench.get("throughput")?;
    let bytes = tp
        .get("Bytes")
        .or_else(|| tp.get("BytesDecimal"))?
        .as_u64()?;
    let median_ns = est.get("median")?.get("point_estimate")?.as_f64()?;
    let size = bench
        .get("value_str")
        .and_then(serde_json::Value::as_str)
        .and_then(|v| v.parse().ok())
        .unwrap_or(bytes);
    Some(Measurement {
        group,
        algorithm: algorithm.to_string(),
        implementation: implementation.to_string(),
        size,
        bytes,
        median_ns,
    })
}

/// `1024` → `1 KiB`.
#[must_use]
pub fn format_size(n: u64) -> String {
    match n {
        n if n >= 1 << 20 && n % (1 << 20) == 0 => format!("{} MiB", n >> 20),
        n if n >= 1 << 10 && n % (1 << 10) == 0 => format!("{} KiB", n >> 10),
        n => format!("{n} B"),
    }
}

/// Bytes per second → `123 MiB/s` or `1.23 GiB/s`.
#[must_use]
pub fn format_rate(bps: f64) -> String {
    let gib = bps / f64::from(1u32 << 30);
    if gib >= 1.0 {
        format!("{gib:.2} GiB/s")
    } else {
        format!("{:.0} MiB/s", bps / f64::from(1u32 << 20))
    }
}

/// Draws throughput (MiB/s, log) against message size (log) for every (algorithm, implementation) line.
pub fn render_chart(
    path: &Path,
    family: &str,
    rows: &[&Measurement],
) -> Result<(), Box<dyn std::error::Error>> {
    let mut lines: std::collections::BTreeMap<String, Vec<(f64, f64)>> =
        std::collections::BTreeMap::new();
    for m in rows {
        lines
            .entry(format!("{} {}", m.algorithm, m.implementation))
            .or_default()
            .push((m.size as f64, m.bytes_per_sec() / f64::from(1u32 << 20)));
    }
    let (xmin, xmax) = rows.iter().fold((f64::MAX, 0f64), |(lo, hi), m| {
        (lo.min(m.size as f64), hi.max(m.size as f64))
    });
    let (ymin, ymax) = lines
        .values()
        .flatten()
        .fold((f64::MAX, 0f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let root = SVGBackend::new(path, (960, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{family}: throughput against message size"),
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (xmin.max(1.0)..xmax * 1.5).log_scale(),
            (ymin * 0.7..ymax * 1.5).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("message size (bytes)")
        .y_desc("MiB/s")
        .draw()?;
    for (i, (name, pts)) in lines.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        let style = if name.contains(" lwc") {
            color.stroke_width(3)
        } else {
            color.stroke_width(1)
        };
        chart
            .draw_series(LineSeries::new(pts.iter().copied(), style))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
            });
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .position(SeriesLabelPosition::UpperLeft)
        .draw()?;
    root.present()?;
    Ok(())
}
