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
    /// Time per iteration in nanoseconds: the fastest of criterion's samples (each sample is
    /// many iterations timed together); a disturbance by another process on a shared machine
    /// slows some samples, seldom all of them. Criterion's median where the samples cannot be
    /// read.
    pub ns: f64,
    /// When criterion wrote the estimate (seconds since the Unix epoch), if the file system says.
    pub written: Option<u64>,
}

impl Measurement {
    /// Throughput in bytes per second.
    #[must_use]
    pub fn bytes_per_sec(&self) -> f64 {
        self.bytes as f64 / (self.ns * 1e-9)
    }
}

/// Walks `criterion_dir` and reads every `new/benchmark.json` with its `new/sample.json` (or
/// `new/estimates.json`).
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
    let ns = fastest_sample(dir).unwrap_or(median_ns);
    let written = std::fs::metadata(dir.join("estimates.json"))
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs());
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
        ns,
        written,
    })
}

/// The fastest sample's time per iteration in `dir/sample.json` (criterion's `iters` and
/// `times`, in nanoseconds), if it reads.
fn fastest_sample(dir: &Path) -> Option<f64> {
    let sample: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("sample.json")).ok()?).ok()?;
    let iters = sample.get("iters")?.as_array()?;
    let times = sample.get("times")?.as_array()?;
    iters
        .iter()
        .zip(times)
        .filter_map(|(i, t)| Some(t.as_f64()? / i.as_f64()?))
        .filter(|ns| ns.is_finite() && *ns > 0.0)
        .min_by(f64::total_cmp)
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

/// Ten dark, distinct colours (Tableau 10) for the chart lines.
const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// Draws throughput (MiB/s, log) against message size (log) for every (algorithm, implementation)
/// line: one colour per function, ours solid and thick, the peer (or, without one, our portable
/// baseline) dashed in the same colour, a dot on every measured point, the legend beside the plot.
pub fn render_chart(
    path: &Path,
    family: &str,
    rows: &[&Measurement],
) -> Result<(), Box<dyn std::error::Error>> {
    // (algorithm, implementation) -> points, in a stable order.
    let mut lines: std::collections::BTreeMap<(&str, &str), Vec<(f64, f64)>> =
        std::collections::BTreeMap::new();
    for m in rows {
        lines
            .entry((m.algorithm.as_str(), m.implementation.as_str()))
            .or_default()
            .push((m.size as f64, m.bytes_per_sec() / f64::from(1u32 << 20)));
    }
    let baseline = |algo: &str, imp: &str| {
        let peers = lines
            .keys()
            .any(|(a, i)| *a == algo && !i.starts_with("lwc"));
        !imp.starts_with("lwc") || (!peers && imp.ends_with("portable"))
    };
    let mut algo_color: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    let mut algo_has_ours: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    let mut next = 0usize;
    let mut styled = Vec::new();
    for (&(algo, imp), pts) in &lines {
        let first = *algo_color.entry(algo).or_insert_with(|| {
            next += 1;
            next - 1
        });
        let dashed = baseline(algo, imp);
        let color = if dashed || algo_has_ours.insert(algo) {
            first
        } else {
            next += 1;
            next - 1
        };
        styled.push((
            format!("{algo} {imp}"),
            COLORS[color % COLORS.len()],
            dashed,
            pts,
        ));
    }
    let (xmin, xmax) = rows.iter().fold((f64::MAX, 0f64), |(lo, hi), m| {
        (lo.min(m.size as f64), hi.max(m.size as f64))
    });
    let (ymin, ymax) = lines
        .values()
        .flatten()
        .fold((f64::MAX, 0f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let root = SVGBackend::new(path, (1240, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let (plot, legend) = root.split_horizontally(900);
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            format!("{family}: throughput against message size"),
            ("sans-serif", 22),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (xmin.max(1.0) * 0.8..xmax * 1.25).log_scale(),
            (ymin * 0.7..ymax * 1.5).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("message size")
        .y_desc("MiB/s")
        .x_label_formatter(&|x| format_size(x.round() as u64))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    for (_, color, dashed, pts) in &styled {
        if *dashed {
            chart.draw_series(DashedLineSeries::new(
                pts.iter().copied(),
                8,
                5,
                color.stroke_width(2),
            ))?;
        } else {
            chart.draw_series(LineSeries::new(pts.iter().copied(), color.stroke_width(3)))?;
        }
        chart.draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
    }
    for (i, (name, color, dashed, _)) in styled.iter().enumerate() {
        let y = 48 + 22 * i as i32;
        if *dashed {
            for x in [8, 22, 36] {
                legend.draw(&PathElement::new(
                    vec![(x, y), (x + 8, y)],
                    color.stroke_width(2),
                ))?;
            }
        } else {
            legend.draw(&PathElement::new(
                vec![(8, y), (48, y)],
                color.stroke_width(3),
            ))?;
        }
        legend.draw(&Circle::new((28, y), 3, color.filled()))?;
        legend.draw(&Text::new(name.as_str(), (56, y - 7), ("sans-serif", 14)))?;
    }
    root.present()?;
    Ok(())
}
