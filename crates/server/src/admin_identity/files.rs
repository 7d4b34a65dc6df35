//! A case's documents on the command line: `admin identity show` lists each document field's
//! references (the name each was uploaded under, its kind and size), and `admin identity file`
//! decrypts one of them into a file for the operator, through the store and key the owner's
//! `GET user/file/{name}` reads with. Every read is written to the operators' audit log.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use domain::review::Verification;
use domain::upload::DOCUMENT_FIELDS;
use futures_util::StreamExt;

use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, DbConnection};
use crate::services::accounts;
use crate::services::identity::{self, AttemptRow, references_of};
use crate::services::operator_audit::{self, command_line_operator};
use crate::services::uploads::{self, UploadRow, Uploads};
use crate::services::vault::Vault;

/// One document field of an attempt: its references in order, each with its upload (none
/// when the reference is not one of the user's uploads).
#[derive(Debug, Clone)]
pub struct DocumentField {
    pub field: String,
    pub files: Vec<(String, Option<UploadRow>)>,
}

/// The document fields `attempt` answers, in the order of [`DOCUMENT_FIELDS`].
///
/// # Errors
/// The database's.
pub fn documents(
    conn: &mut DbConnection,
    attempt: &AttemptRow,
) -> diesel::QueryResult<Vec<DocumentField>> {
    let answers = attempt.answers();
    let by_field = identity::documents_of(&answers);
    let all: Vec<String> = by_field.iter().flat_map(|(_, r)| r.clone()).collect();
    let rows = uploads::rows_of(conn, &attempt.user_id, &all)?;
    Ok(by_field
        .into_iter()
        .map(|(field, references)| DocumentField {
            field: field.to_owned(),
            files: references
                .into_iter()
                .map(|reference| {
                    let row = rows.iter().find(|r| r.reference == reference).cloned();
                    (reference, row)
                })
                .collect(),
        })
        .collect())
}

/// The lines `admin identity show` prints for `documents`: each file numbered from 1 within
/// its field, as `admin identity file --index` takes it.
pub fn document_lines(documents: &[DocumentField]) -> Vec<String> {
    let mut lines = Vec::new();
    for document in documents {
        lines.push(format!("document {}:", document.field));
        for (index, (reference, row)) in document.files.iter().enumerate() {
            lines.push(match row {
                Some(row) => format!(
                    "  {}. {reference}\t{:?}\t{}\t{} bytes",
                    index + 1,
                    row.original_name,
                    row.kind,
                    row.size
                ),
                None => format!("  {}. {reference}\tNOT AN UPLOAD OF THIS USER", index + 1),
            });
        }
    }
    lines
}

/// What `admin identity file` asks for.
#[derive(Debug, Clone)]
pub struct FileRequest {
    pub email: String,
    pub verification: Verification,
    /// A document field's API name (`backImg`, `directorFile`…).
    pub field: String,
    /// Which of the field's files, from 1.
    pub index: usize,
    pub out: PathBuf,
}

/// The upload `request` names, after writing the operator's read to the audit log.
async fn find_and_audit(
    db: &Db,
    now: i64,
    operator: &str,
    request: &FileRequest,
) -> anyhow::Result<UploadRow> {
    let (request, operator) = (request.clone(), operator.to_owned());
    let found = db
        .write(move |conn| {
            let address = request.email.trim().to_lowercase();
            let Some(user) = accounts::find_by_email(conn, &address)? else {
                return Ok(Err(format!("no account has the e-mail address {address}")));
            };
            let verification = request.verification.as_str();
            let Some(attempt) = identity::last_attempt(conn, &user.id, request.verification)?
            else {
                return Ok(Err(format!(
                    "{address} has not submitted the {verification} verification"
                )));
            };
            if !DOCUMENT_FIELDS.contains(&request.field.as_str()) {
                return Ok(Err(format!(
                    "{:?} is not a document field: one of {}",
                    request.field,
                    DOCUMENT_FIELDS.join(", ")
                )));
            }
            let references = references_of(&attempt.answers(), &request.field);
            let Some(reference) = request.index.checked_sub(1).and_then(|i| references.get(i))
            else {
                return Ok(Err(format!(
                    "{} of {verification} attempt {} has {} file(s); --index {} is not one",
                    request.field,
                    attempt.number,
                    references.len(),
                    request.index
                )));
            };
            let Some(row) = uploads::find_owned(conn, &user.id, reference)? else {
                return Ok(Err(format!(
                    "{reference} is not an upload of {address}: not read"
                )));
            };
            operator_audit::record(
                conn,
                &operator,
                "identity_file_read",
                &user.id,
                &format!(
                    "{address} {verification} #{} {} {}: {reference}",
                    attempt.number, request.field, request.index
                ),
                now,
            )?;
            Ok(Ok(row))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    found.map_err(anyhow::Error::msg)
}

/// Decrypts `row`'s file into `out`, which must not exist yet; the bytes written.
async fn write_out(
    uploads: &Uploads,
    vault: &Vault,
    row: &UploadRow,
    out: &Path,
) -> anyhow::Result<u64> {
    let mut stream = uploads.open(vault, row).await?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .with_context(|| {
            format!(
                "creating {} (an existing file is never replaced)",
                out.display()
            )
        })?;
    let mut written: u64 = 0;
    let copied: anyhow::Result<()> = async {
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.context("decrypting the file")?;
            file.write_all(&chunk)
                .with_context(|| format!("writing {}", out.display()))?;
            written += chunk.len() as u64;
        }
        file.sync_all()
            .with_context(|| format!("writing {}", out.display()))?;
        if i64::try_from(written).ok() != Some(row.size) {
            bail!(
                "the file decrypted to {written} bytes, not the {} uploaded",
                row.size
            );
        }
        Ok(())
    }
    .await;
    if let Err(e) = copied {
        drop(file);
        let _ = std::fs::remove_file(out);
        return Err(e);
    }
    Ok(written)
}

/// `admin identity file`: one document of the newest attempt of a user's verification,
/// decrypted into `request.out`.
///
/// # Errors
/// No such user, attempt, field or file; a reference that is not the user's upload; `out`
/// exists; the stored object does not open.
pub async fn fetch(config: &Config, request: &FileRequest) -> anyhow::Result<()> {
    if request.out.exists() {
        bail!(
            "{} exists: an existing file is never replaced",
            request.out.display()
        );
    }
    let db = Db::connect(config.database_url.expose(), 1)?;
    let now = Clock::for_config(config)?.now_ms();
    let vault = Vault::new(config.secrets.card_data_key.expose())?;
    let uploads = Uploads::from_config(&config.uploads)?;
    let row = find_and_audit(&db, now, &command_line_operator(), request).await?;
    let written = write_out(&uploads, &vault, &row, &request.out).await?;
    println!(
        "{}\t{:?}\t{}\t{written} bytes\t-> {}",
        row.reference,
        row.original_name,
        row.kind,
        request.out.display()
    );
    Ok(())
}
