//! The upload checks of [`crate::upload`] applied to a file that arrives as a stream of chunks,
//! as the server receives it: the size limit is enforced on the chunk that crosses it (the rest
//! of the body is never read), the type is decided from the first bytes, and a PDF is refused
//! when it carries JavaScript or an automatic action.
//!
//! Server only (feature `stream`): the browser checks a file with [`crate::upload::check_file`]
//! before sending it; this part never enters the wasm module.
//!
//! The PDF scan reads the file's syntax as a PDF reader would tokenise it: every name token
//! (`/JavaScript`, also written `/J#61vaScript`) is decoded and compared; the bytes between
//! `stream` and `endstream` (compressed images, fonts) are skipped, so binary data does not
//! read as names by chance. Names inside compressed object streams (PDF 1.5) are not seen.

use crate::error::{ErrorCode, FieldError};
use crate::upload::{FileKind, MAGIC_LEN, UPLOAD_MAX_BYTES, check_name};

/// Names that make a PDF run something when opened or viewed: scripts, the document's open
/// action, additional (event) actions, and launching another program.
const ACTIVE_NAMES: &[&[u8]] = &[b"JavaScript", b"JS", b"OpenAction", b"AA", b"Launch"];

/// Longest name token kept for comparison (longer ones cannot be an active name).
const NAME_KEEP: usize = 32;

const END_STREAM: &[u8] = b"endstream";

/// One upload being received.
#[derive(Debug)]
pub struct UploadCheck {
    name: String,
    kind: FileKind,
    size: u64,
    head: Vec<u8>,
    pdf: Option<PdfScan>,
}

impl UploadCheck {
    /// Starts receiving `name`: the checks the name alone decides.
    pub fn start(name: &str) -> Result<Self, FieldError> {
        let kind = check_name(name)?;
        Ok(Self {
            name: name.to_owned(),
            kind,
            size: 0,
            head: Vec::with_capacity(MAGIC_LEN),
            pdf: (kind == FileKind::Pdf).then(PdfScan::default),
        })
    }

    /// What the file is, by its name.
    pub fn kind(&self) -> FileKind {
        self.kind
    }

    /// Bytes received so far.
    pub fn size(&self) -> u64 {
        self.size
    }

    fn reject(&self, code: ErrorCode) -> FieldError {
        FieldError::new("", code).with("name", &self.name)
    }

    /// Takes the next chunk. An error is final: the caller stops reading.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), FieldError> {
        self.size = self.size.saturating_add(chunk.len() as u64);
        if self.size > UPLOAD_MAX_BYTES {
            return Err(self.reject(ErrorCode::FileTooLarge));
        }
        if self.head.len() < MAGIC_LEN {
            let take = (MAGIC_LEN - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
            if self.head.len() == MAGIC_LEN && !self.kind.matches(&self.head) {
                return Err(self.reject(ErrorCode::FileContentMismatch));
            }
        }
        if let Some(pdf) = &mut self.pdf {
            pdf.push(chunk);
            if pdf.active {
                return Err(self.reject(ErrorCode::FileActiveContent));
            }
        }
        Ok(())
    }

    /// The file has ended: its kind, or why it is refused.
    pub fn finish(mut self) -> Result<FileKind, FieldError> {
        if self.size == 0 {
            return Err(self.reject(ErrorCode::FileEmpty));
        }
        if !self.kind.matches(&self.head) {
            return Err(self.reject(ErrorCode::FileContentMismatch));
        }
        if let Some(pdf) = &mut self.pdf {
            pdf.end_token();
            if pdf.active {
                return Err(self.reject(ErrorCode::FileActiveContent));
            }
        }
        Ok(self.kind)
    }
}

/// Whole-file convenience: the same checks over `chunks` in order (the vectors use it).
pub fn check_chunks<'a>(
    name: &str,
    chunks: impl IntoIterator<Item = &'a [u8]>,
) -> Result<FileKind, FieldError> {
    let mut check = UploadCheck::start(name)?;
    for chunk in chunks {
        check.push(chunk)?;
    }
    check.finish()
}

/// A PDF tokeniser that remembers only what the next byte needs.
#[derive(Debug, Default)]
struct PdfScan {
    /// The regular characters of the token being read (at most [`NAME_KEEP`] + 1 kept).
    token: Vec<u8>,
    /// Inside a stream's data: how much of `endstream` the last bytes matched.
    in_stream: Option<usize>,
    /// The last token read was the keyword `stream` and its line has not ended yet.
    after_stream_keyword: bool,
    active: bool,
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b'\0' | b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

impl PdfScan {
    fn push(&mut self, chunk: &[u8]) {
        for &b in chunk {
            if self.active {
                return;
            }
            if let Some(matched) = self.in_stream {
                self.in_stream = Some(next_match(matched, b));
                if self.in_stream == Some(END_STREAM.len()) {
                    self.in_stream = None;
                }
                continue;
            }
            if is_whitespace(b) || is_delimiter(b) {
                self.end_token();
                if self.after_stream_keyword && b == b'\n' {
                    self.after_stream_keyword = false;
                    self.in_stream = Some(0);
                } else if !matches!(b, b'\r' | b' ') {
                    self.after_stream_keyword = false;
                }
                if b == b'/' {
                    self.token.push(b'/');
                }
            } else if self.token.len() <= NAME_KEEP {
                self.token.push(b);
            }
        }
    }

    /// Judges the token just ended.
    fn end_token(&mut self) {
        let token = std::mem::take(&mut self.token);
        if let Some(raw) = token.strip_prefix(b"/") {
            if raw.len() <= NAME_KEEP {
                let name = decode_name(raw);
                if ACTIVE_NAMES.contains(&name.as_slice()) {
                    self.active = true;
                }
            }
        } else if token == b"stream" {
            self.after_stream_keyword = true;
        } else if !token.is_empty() {
            self.after_stream_keyword = false;
        }
        self.token = token;
        self.token.clear();
    }
}

/// How much of `endstream` is matched after `b`, given `matched` bytes matched before it.
fn next_match(matched: usize, b: u8) -> usize {
    if END_STREAM[matched] == b {
        return matched + 1;
    }
    // `endstream` repeats no prefix except its first letter, so a mismatch restarts at 0 or 1.
    usize::from(b == END_STREAM[0])
}

/// A name's bytes with its `#xx` escapes decoded (an invalid escape is kept as written).
fn decode_name(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'#' {
            let hex = raw
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            if let Some(byte) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pdf(body: &str) -> Vec<u8> {
        format!("%PDF-1.7\n{body}\n%%EOF\n").into_bytes()
    }

    fn code(name: &str, bytes: &[u8], chunk: usize) -> Option<ErrorCode> {
        check_chunks(name, bytes.chunks(chunk))
            .err()
            .map(|e| e.code)
    }

    #[test]
    fn active_names_are_found_across_chunk_boundaries_and_escapes() {
        let js = pdf("1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj");
        for size in [1, 3, 7, 64] {
            assert_eq!(code("a.pdf", &js, size), Some(ErrorCode::FileActiveContent));
        }
        let escaped = pdf("<< /S /J#61vaScript /JS (app.alert(1)) >>");
        assert_eq!(
            code("a.pdf", &escaped, 2),
            Some(ErrorCode::FileActiveContent)
        );
        let plain = pdf("<< /Type /Catalog /JSON /AAB /Pages 2 0 R >>");
        assert_eq!(code("a.pdf", &plain, 5), None);
    }

    #[test]
    fn stream_data_is_not_read_as_names() {
        let body = "<< /Length 12 >>\nstream\n/JavaScript\nendstream\n<< /Type /Page >>";
        assert_eq!(code("a.pdf", &pdf(body), 4), None);
        let after = "<< /Length 1 >>\nstream\nx\nendstream /AA << >>";
        assert_eq!(
            code("a.pdf", &pdf(after), 4),
            Some(ErrorCode::FileActiveContent)
        );
    }

    #[test]
    fn the_limit_is_enforced_on_the_chunk_that_crosses_it() {
        let mut check = UploadCheck::start("a.png").unwrap();
        let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
        check.push(&png).unwrap();
        let big = vec![0u8; usize::try_from(UPLOAD_MAX_BYTES).unwrap() - png.len()];
        check.push(&big).unwrap();
        assert_eq!(check.push(&[0]).unwrap_err().code, ErrorCode::FileTooLarge);
    }

    #[test]
    fn the_type_is_judged_once_the_first_bytes_arrive() {
        let mut check = UploadCheck::start("virus.png").unwrap();
        check.push(b"MZ\x90").unwrap();
        assert_eq!(
            check.push(b"\0\x03\0\0\0").unwrap_err().code,
            ErrorCode::FileContentMismatch
        );
        assert_eq!(
            code("short.png", &[0x89, b'P'], 1),
            Some(ErrorCode::FileContentMismatch)
        );
        assert_eq!(code("empty.pdf", &[], 1), Some(ErrorCode::FileEmpty));
    }
}
