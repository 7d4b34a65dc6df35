//! The log: one line per request at `info`, decisions worth tracing at `debug` (a refusal and
//! its key, a mail's kind, an issuer event's outcome), never a body, a code, a password, a
//! token or card data at any level. `FISCARD_LOG` picks what is printed: a level (`debug`)
//! applies to fiscard's own code, its libraries staying at `info`; a full filter
//! (`warn,server=trace`, the `tracing-subscriber` syntax) is taken as written.
//! `FISCARD_LOG_FORMAT=json` prints each line as one JSON object (`timestamp`, `level`,
//! `message` and the event's fields at the top level: a request's `request_id`, `method`,
//! `route`, `path`, `status`, `latency_ms`), for a log collector; `text` (the default) for
//! people.

use tracing_subscriber::EnvFilter;

/// The level when `FISCARD_LOG` is unset or empty.
const DEFAULT: &str = "info";

/// The crates whose events are fiscard's own (the server; the domain has none yet).
const OWN: [&str; 2] = ["server", "fiscard"];

/// The filter `FISCARD_LOG=spec` asks for (see the module's documentation).
pub fn filter(spec: Option<&str>) -> Result<EnvFilter, tracing_subscriber::filter::ParseError> {
    let spec = spec
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or(DEFAULT);
    let level = spec.to_ascii_lowercase();
    let directives = match level.as_str() {
        // More than `info` for fiscard only: a library's debug output is its own business (and
        // may quote what it sends), so it takes `RUST_LOG`-style directives to get it.
        "debug" | "trace" => {
            let own: Vec<String> = OWN.iter().map(|c| format!("{c}={level}")).collect();
            format!("info,{}", own.join(","))
        }
        _ => spec.to_owned(),
    };
    EnvFilter::try_new(directives)
}

/// How each line is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// The format `FISCARD_LOG_FORMAT=spec` asks for: `text` (also when unset or empty) or `json`.
pub fn format(spec: Option<&str>) -> anyhow::Result<Format> {
    match spec.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(Format::Text),
        Some(s) if s.eq_ignore_ascii_case("text") => Ok(Format::Text),
        Some(s) if s.eq_ignore_ascii_case("json") => Ok(Format::Json),
        Some(other) => anyhow::bail!("FISCARD_LOG_FORMAT={other:?} is not valid: use text or json"),
    }
}

/// Installs the process's subscriber: lines on stderr with `FISCARD_LOG`'s filter, in
/// `FISCARD_LOG_FORMAT`'s format. A filter or format that does not parse is an error at start,
/// not a silent default.
pub fn init() -> anyhow::Result<()> {
    let format = format(std::env::var("FISCARD_LOG_FORMAT").ok().as_deref())?;
    let spec = std::env::var("FISCARD_LOG").ok();
    let filter = filter(spec.as_deref()).map_err(|e| {
        anyhow::anyhow!(
            "FISCARD_LOG={:?} is not a log filter: {e}",
            spec.unwrap_or_default()
        )
    })?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_writer(std::io::stderr);
    match format {
        Format::Text => builder.init(),
        Format::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(false)
            .init(),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(spec: Option<&str>) -> String {
        filter(spec).expect("a filter").to_string()
    }

    #[test]
    fn a_level_applies_to_fiscard_and_keeps_libraries_at_info() {
        assert_eq!(shown(None), "info");
        assert_eq!(shown(Some(" ")), "info");
        assert_eq!(shown(Some("warn")), "warn");
        let debug = shown(Some("DEBUG"));
        assert!(
            debug.contains("server=debug") && debug.contains("fiscard=debug"),
            "{debug}"
        );
        assert!(debug.contains("info"), "{debug}");
        let written = shown(Some("warn,server=trace"));
        assert!(
            written.contains("server=trace") && written.contains("warn"),
            "{written}"
        );
    }

    #[test]
    fn the_format_is_text_unless_json_is_asked_for() {
        assert_eq!(format(None).unwrap(), Format::Text);
        assert_eq!(format(Some("")).unwrap(), Format::Text);
        assert_eq!(format(Some("JSON")).unwrap(), Format::Json);
        assert_eq!(format(Some("text")).unwrap(), Format::Text);
        assert!(format(Some("yaml")).is_err());
    }

    #[test]
    fn a_filter_that_does_not_parse_is_refused() {
        assert!(filter(Some("server=loud")).is_err());
    }
}
