//! Upload checks: type by extension AND by the file's first bytes, name length, size, and how
//! many files each document field keeps. Every rejection names the file.

use serde::Serialize;

use crate::error::{ErrorCode, FieldError};
use crate::text::char_len;

/// 10 MB.
pub const UPLOAD_MAX_BYTES: u64 = 10 * 1024 * 1024;
/// Longest file name, in characters, extension included.
pub const UPLOAD_NAME_MAX: usize = 50;
/// Most files a multiple-file field keeps.
pub const UPLOAD_MAX_FILES: usize = 10;
/// Accepted extensions.
pub const UPLOAD_EXTENSIONS: &[&str] = &["jpg", "jpeg", "png", "pdf"];
/// How many leading bytes the type check reads.
pub const MAGIC_LEN: usize = 8;

/// What an accepted file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Jpeg,
    Png,
    Pdf,
}

impl FileKind {
    pub const fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Pdf => "application/pdf",
        }
    }

    fn from_extension(name: &str) -> Option<Self> {
        let (_, ext) = name.rsplit_once('.')?;
        match ext.to_ascii_lowercase().as_str() {
            "jpg" | "jpeg" => Some(Self::Jpeg),
            "png" => Some(Self::Png),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }

    pub(crate) fn matches(self, head: &[u8]) -> bool {
        match self {
            Self::Jpeg => head.starts_with(&[0xFF, 0xD8, 0xFF]),
            Self::Png => head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]),
            Self::Pdf => head.starts_with(b"%PDF-"),
        }
    }
}

/// Checks one file before it is uploaded (browser) or stored (server).
///
/// `head` holds the file's first bytes (at least [`MAGIC_LEN`] when the file is that long).
/// The order of checks is name (bare, type, length), size, content, so the message explains the most
/// basic problem first.
pub fn check_file(name: &str, size: u64, head: &[u8]) -> Result<FileKind, FieldError> {
    let kind = check_name(name)?;
    let reject = |code| FieldError::new("", code).with("name", name);
    if size == 0 {
        return Err(reject(ErrorCode::FileEmpty));
    }
    if size > UPLOAD_MAX_BYTES {
        return Err(reject(ErrorCode::FileTooLarge));
    }
    if !kind.matches(head) {
        return Err(reject(ErrorCode::FileContentMismatch));
    }
    Ok(kind)
}

/// The checks a file's name alone decides: a bare name (no folder, no `..`, no control
/// characters), an accepted extension, at most [`UPLOAD_NAME_MAX`] characters.
pub fn check_name(name: &str) -> Result<FileKind, FieldError> {
    let reject = |code| FieldError::new("", code).with("name", name);
    if name
        .bytes()
        .any(|b| matches!(b, b'/' | b'\\' | 0..0x20 | 0x7F))
        || matches!(name, "." | "..")
    {
        return Err(reject(ErrorCode::FileNameInvalid));
    }
    let kind =
        FileKind::from_extension(name).ok_or_else(|| reject(ErrorCode::FileTypeUnsupported))?;
    if char_len(name) > UPLOAD_NAME_MAX {
        return Err(reject(ErrorCode::FileNameTooLong).with("max", UPLOAD_NAME_MAX));
    }
    Ok(kind)
}

/// Document fields that hold one file: a new upload replaces the old one.
const SINGLE_FILE_FIELDS: &[&str] = &["backImg", "otherImg"];

/// The document fields of every form: their values are upload references, comma-separated.
pub const DOCUMENT_FIELDS: &[&str] = &[
    "backImg",
    "otherImg",
    "proofOfAddressImg",
    "taxFormFile",
    "usAgencyLicenseFile",
    "registerCertificateFile",
    "shareholderStructureFile",
    "directorFile",
    "companyRegulationFile",
    "companyStructureFile",
    "shareholderPassportFile",
];

/// How many files `field` keeps: 1 for the passport images, else [`UPLOAD_MAX_FILES`].
pub fn max_files(field: &str) -> usize {
    if SINGLE_FILE_FIELDS.contains(&field) {
        1
    } else {
        UPLOAD_MAX_FILES
    }
}

/// The files a field holds after `incoming` (already checked) is added to `current`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct UploadSelection {
    pub kept: Vec<String>,
    /// Files over the field's limit, each named.
    pub rejected: Vec<FieldError>,
}

/// Single-file fields keep the last file chosen; multiple-file fields keep files in order up
/// to their limit and reject the rest by name.
pub fn select_files(field: &str, current: &[String], incoming: &[String]) -> UploadSelection {
    let max = max_files(field);
    if max == 1 {
        let kept = incoming
            .last()
            .or(current.last())
            .cloned()
            .into_iter()
            .collect();
        return UploadSelection {
            kept,
            rejected: Vec::new(),
        };
    }
    let mut kept = current.to_vec();
    let mut rejected = Vec::new();
    for name in incoming {
        if kept.len() < max {
            kept.push(name.clone());
        } else {
            rejected.push(
                FieldError::new(field, ErrorCode::FileTooMany)
                    .with("name", name)
                    .with("max", max),
            );
        }
    }
    UploadSelection { kept, rejected }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];

    #[test]
    fn type_needs_extension_and_content() {
        assert_eq!(check_file("passport.PNG", 100, PNG), Ok(FileKind::Png));
        assert_eq!(check_file("scan.pdf", 100, b"%PDF-1.7"), Ok(FileKind::Pdf));
        assert_eq!(
            check_file("a.jpeg", 100, &[0xFF, 0xD8, 0xFF, 0xE0]),
            Ok(FileKind::Jpeg)
        );
        assert_eq!(
            check_file("a.gif", 100, b"GIF89a").unwrap_err().code,
            ErrorCode::FileTypeUnsupported
        );
        assert_eq!(
            check_file("noext", 100, PNG).unwrap_err().code,
            ErrorCode::FileTypeUnsupported
        );
        let renamed = check_file("virus.png", 100, b"MZ\x90\x00").unwrap_err();
        assert_eq!(renamed.code, ErrorCode::FileContentMismatch);
        assert_eq!(renamed.params.get("name"), Some("virus.png"));
    }

    #[test]
    fn limits_sit_exactly_on_the_boundaries() {
        let name50 = format!("{}.png", "a".repeat(46));
        let name51 = format!("{}.png", "a".repeat(47));
        assert!(check_file(&name50, 1, PNG).is_ok());
        assert_eq!(
            check_file(&name51, 1, PNG).unwrap_err().code,
            ErrorCode::FileNameTooLong
        );
        assert!(check_file("a.png", UPLOAD_MAX_BYTES, PNG).is_ok());
        assert_eq!(
            check_file("a.png", UPLOAD_MAX_BYTES + 1, PNG)
                .unwrap_err()
                .code,
            ErrorCode::FileTooLarge
        );
        assert_eq!(
            check_file("a.png", 0, &[]).unwrap_err().code,
            ErrorCode::FileEmpty
        );
    }

    #[test]
    fn single_fields_keep_the_last_and_multiple_fields_keep_ten() {
        let names = |n: usize| (0..n).map(|i| format!("f{i}.pdf")).collect::<Vec<_>>();
        assert_eq!(
            select_files("backImg", &names(1), &names(3)).kept,
            vec!["f2.pdf".to_owned()]
        );
        let s = select_files("taxFormFile", &names(8), &names(3));
        assert_eq!(s.kept.len(), 10);
        assert_eq!(s.rejected.len(), 1);
        assert_eq!(s.rejected[0].params.get("name"), Some("f2.pdf"));
    }
}
